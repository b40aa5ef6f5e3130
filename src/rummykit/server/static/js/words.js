// Actions in words, for the hand's log, the last-action highlights and screen readers.

import { language, t } from "./i18n.js";
import { cardName, cardShort } from "./cards.js";
import { parseAction } from "./legal.js";

/** Cards as shown ("7♥ 8♥"), or, `spoken`, as a screen reader should say them ("seven of
 * hearts, eight of hearts": it would read the glyphs as symbols, if at all). */
function cardList(cards, spoken) {
  return spoken ? cards.map(cardName).join(", ") : cards.map(cardShort).join(" ");
}

/** "Ana discards 8♥" for the action text `text` by the player called `name`; `spoken`:
 * "Ana discards eight of hearts", for the live regions and the labels of buttons. */
export function describe(name, text, taken = [], spoken = false) {
  const a = parseAction(text);
  const cards = cardList(a.cards, spoken);
  switch (a.verb) {
    case "draw":
      return t("log.draw", { name });
    case "take":
      return taken.length
        ? t("log.take-cards", { name, cards: cardList(taken, spoken) })
        : t("log.take", { name, count: a.depth ?? text.split(" ")[1] });
    case "rummy":
      return t("log.rummy", { name, count: a.depth ?? text.split(" ")[1] });
    case "meld":
      return t("log.meld", { name, cards });
    case "layoff":
      // a card whose end changes the score (an ace on a twelve-card run, a king on A..Q
      // round the corner) names its end: two choices, two labels
      if (a.end === "low") return t("log.layoff-low", { name, cards, meld: a.meld });
      if (a.end === "high") return t("log.layoff-high", { name, cards, meld: a.meld });
      return t("log.layoff", { name, cards, meld: a.meld });
    case "swap":
      return t("log.swap", { name, card: cards, meld: a.meld });
    case "discard":
      return t("log.discard", { name, card: cards });
    case "end":
      return t("log.end", { name });
    case "pass":
      return t("log.pass", { name });
    default:
      return `${name}: ${text}`;
  }
}

/** An action as something to do ("meld 7♥ 8♥ 9♥", "take 5♣ 6♣ from the pile"), for hints
 * and take-backs; `pile` (the view's) names the cards a take or a call brings; `spoken`:
 * the cards in words. */
export function actionWords(text, pile = [], spoken = false) {
  const a = parseAction(text);
  const cards = cardList(a.cards, spoken);
  const taken = () => cardList(pile.slice(Math.max(0, pile.length - (a.depth || 1))), spoken);
  switch (a.verb) {
    case "draw":
      return t("do.draw");
    case "take":
      return t("do.take", { cards: taken() });
    case "rummy":
      return t("do.rummy", { cards: taken() });
    case "meld":
      return t("do.meld", { cards });
    case "layoff":
      if (a.end === "low") return t("do.layoff-low", { cards, meld: a.meld });
      if (a.end === "high") return t("do.layoff-high", { cards, meld: a.meld });
      return t("do.layoff", { cards, meld: a.meld });
    case "swap":
      return t("do.swap", { card: cards, meld: a.meld });
    case "discard":
      return t("do.discard", { card: cards });
    case "end":
      return t("do.end");
    case "pass":
      return t("do.pass");
    default:
      return text;
  }
}

/** A signed rating in the page's language: "+3.2", "−1,5". */
function rating(value) {
  const format = new Intl.NumberFormat(language(), { signDisplay: "always", minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return format.format(value);
}

/**
 * The server's hint (docs/protocol.md, `hint`) in words: the action, its reason (the
 * reason key of the catalogue, its cards shown as in the log) and how the bot rates it.
 */
export function hintWords(hint, pile = [], spoken = false) {
  const params = {};
  for (const [key, value] of Object.entries(hint.params || {})) {
    params[key] = key === "cards" ? cardList(String(value).split(" "), spoken) : key === "card" ? cardList([String(value)], spoken) : value;
  }
  const line = t("advice.line", { action: actionWords(hint.action, pile, spoken), reason: t(`advice.${hint.reason}`, params) });
  let rated = "";
  if (hint.certain) rated = ["meld", "layoff", "swap"].includes(hint.action.split(" ")[0]) ? t("advice.certain-meld") : t("advice.certain");
  else if (hint.rating !== null && hint.next) rated = t("advice.rated", { rating: rating(hint.rating), next: actionWords(hint.next, pile, spoken), next_rating: rating(hint.next_rating) });
  else if (hint.rating !== null) rated = t("advice.rated-alone", { rating: rating(hint.rating) });
  return rated ? `${line} ${rated}` : line;
}
