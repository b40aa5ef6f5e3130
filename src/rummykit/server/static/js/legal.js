// What the selection makes legal: read from the view's `legal_actions` (record notation,
// docs/notation.md), never worked out here. A button lights up when one of those texts
// fits the selected cards; pressing a dim one still sends the action, so the server says
// which rule refuses it.

/** The card as it sits in a hand: a joker declared as "JK=8H" is the hand's "JK". */
const inHand = (card) => (card.startsWith("JK") ? "JK" : card);

/** The same cards, in any order (a multiset). */
export function sameCards(a, b) {
  if (a.length !== b.length) return false;
  const x = a.map(inHand).sort();
  const y = b.map(inHand).sort();
  return x.every((card, i) => card === y[i]);
}

/** One legal action text as {verb, cards, meld, depth, end, text}. */
export function parseAction(text) {
  const words = text.split(" ");
  const verb = words[0];
  const action = { verb, text, cards: [], meld: null, depth: null, end: null };
  if (verb === "meld") action.cards = words.slice(1);
  else if (verb === "discard") action.cards = [words[1]];
  else if (verb === "take" || verb === "rummy") action.depth = Number(words[1]) || null;
  else if (verb === "layoff") {
    const to = words.indexOf("to");
    action.cards = words.slice(1, to);
    action.meld = Number(words[to + 1]);
    action.end = words[to + 2] || null;
  } else if (verb === "swap") {
    action.cards = [words[1]];
    action.meld = Number(words[3]);
  }
  return action;
}

/** What the player can do with these selected cards, from `view.legal_actions`. */
export function choices(view, selected) {
  const legal = (view.legal_actions || []).map(parseAction);
  const fits = (a) => sameCards(a.cards, selected);
  return {
    draw: legal.some((a) => a.verb === "draw"),
    end: legal.some((a) => a.verb === "end"),
    pass: legal.some((a) => a.verb === "pass"),
    takes: legal.filter((a) => a.verb === "take").map((a) => a.depth),
    calls: legal.filter((a) => a.verb === "rummy"),
    melds: selected.length ? legal.filter((a) => a.verb === "meld" && fits(a)) : [],
    discard: selected.length === 1 ? legal.find((a) => a.verb === "discard" && a.cards[0] === selected[0]) || null : null,
    // lay-offs and swaps by meld number
    onMeld: selected.length
      ? legal.filter((a) => (a.verb === "layoff" || a.verb === "swap") && fits(a))
      : [],
    anyMeld: legal.some((a) => a.verb === "meld"),
    anyDiscard: legal.some((a) => a.verb === "discard"),
  };
}

/** The action to send when a dim button is pressed anyway (the server names the rule). */
export const tryMeld = (selected) => `meld ${selected.join(" ")}`;
export const tryLayoff = (selected, meld) => `layoff ${selected.join(" ")} to ${meld}`;
export const tryDiscard = (selected) => `discard ${selected[0] ?? ""}`.trim();
