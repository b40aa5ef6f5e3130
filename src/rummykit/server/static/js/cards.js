// Cards drawn by the page: SVG built here, suits from the <symbol>s in index.html.
// Card texts are the notation of RULES.md: rank (A 2-9 T J Q K) and suit (C D H S),
// "JK" for a joker, "JK=8H" / "JK=8" for a joker on the table with what it stands for.

import { t } from "./i18n.js";
import { fromMarkup } from "./dom.js";

const CARD = /^(?:([A2-9TJQK])([CDHS])|JK(?:=([A2-9TJQK])([CDHS])?)?)$/;
export const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"];
export const SUITS = ["C", "D", "H", "S"];

/** {rank, suit, joker, as: {rank, suit}|null} of a card text, or null if it is not one. */
export function parseCard(text) {
  const m = CARD.exec(text);
  if (!m) return null;
  if (m[1]) return { rank: m[1], suit: m[2], joker: false, as: null };
  return { rank: null, suit: null, joker: true, as: m[3] ? { rank: m[3], suit: m[4] || null } : null };
}

/** The rank as printed on a card: "10" for T. */
export const rankLabel = (rank) => (rank === "T" ? "10" : rank);

/** The card in words, for screen readers and tooltips ("seven of hearts", "joker as the
 * eight of hearts", "joker as any eight"). */
export function cardName(text) {
  const card = parseCard(text);
  if (!card) return text;
  const plain = (rank, suit) =>
    suit ? t("card.name", { rank: t(`rank.${rank}`), suit: t(`suit.${suit}`) }) : t(`rank.${rank}`);
  if (!card.joker) return plain(card.rank, card.suit);
  if (!card.as) return t("card.joker");
  // a joker in a group stands for a rank, of a suit the group lacks
  if (!card.as.suit) return t("card.joker-as-rank", { rank: t(`rank.${card.as.rank}`) });
  return t("card.joker-as", { card: plain(card.as.rank, card.as.suit) });
}

/** A short text for logs: "7♥", "★=8♥". */
export function cardShort(text) {
  const card = parseCard(text);
  if (!card) return text;
  const glyph = { C: "♣", D: "♦", H: "♥", S: "♠" };
  if (!card.joker) return rankLabel(card.rank) + glyph[card.suit];
  if (!card.as) return "★";
  return `★=${rankLabel(card.as.rank)}${card.as.suit ? glyph[card.as.suit] : ""}`;
}

function suitUse(suit, x, y, size) {
  return `<use href="#suit-${suit}" class="suit-${suit}" x="${x}" y="${y}" width="${size}" height="${size}"/>`;
}

/**
 * The SVG of a card face. `mini` cards (pile, melds) show the rank and a big suit; hand
 * cards add a suit under the rank and a big one in the middle. A joker on the table
 * shows the card it stands for, marked with a star.
 */
export function cardSvg(text, mini = false) {
  const card = parseCard(text);
  if (!card) return backSvg();
  const shown = card.joker ? card.as : card;
  const jokerClass = card.joker ? " joker" : "";
  const parts = [];
  if (mini) {
    if (shown) {
      const colour = shown.suit ? `suit-${shown.suit}` : "suit-none";
      parts.push(`<text x="4" y="21" class="rank ${colour}" font-size="20">${rankLabel(shown.rank)}</text>`);
      if (shown.suit) parts.push(suitUse(shown.suit, 12, 25, 22));
    }
    if (card.joker) parts.push(`<text x="${shown ? 33 : 18}" y="${shown ? 16 : 34}" class="star" font-size="${shown ? 14 : 26}" text-anchor="${shown ? "end" : "middle"}">★</text>`);
    return `<svg viewBox="0 0 36 50" aria-hidden="true" focusable="false" class="face${jokerClass}"><rect x="0.75" y="0.75" width="34.5" height="48.5" rx="4" class="paper"/>${parts.join("")}</svg>`;
  }
  if (card.joker && !shown) {
    parts.push(`<text x="6" y="20" class="rank joker-text" font-size="15">JK</text>`);
    parts.push(`<text x="30" y="56" class="star" font-size="34" text-anchor="middle">★</text>`);
  } else {
    parts.push(`<text x="5" y="19" class="rank suit-${shown.suit}" font-size="18">${rankLabel(shown.rank)}</text>`);
    parts.push(suitUse(shown.suit, 5, 23, 13));
    parts.push(suitUse(shown.suit, 22, 36, 30));
    if (card.joker) parts.push(`<text x="55" y="16" class="star" font-size="14" text-anchor="end">★</text>`);
  }
  return `<svg viewBox="0 0 60 84" aria-hidden="true" focusable="false" class="face${jokerClass}"><rect x="1" y="1" width="58" height="82" rx="5" class="paper"/>${parts.join("")}</svg>`;
}

/** The SVG of a card's back (the stock, other players' hands). */
export function backSvg() {
  return `<svg viewBox="0 0 60 84" aria-hidden="true" focusable="false" class="back"><rect x="1" y="1" width="58" height="82" rx="5" class="back-paper"/><rect x="6" y="6" width="48" height="72" rx="3" fill="url(#back-pattern)" class="back-inner"/></svg>`;
}

/** A card as a DOM node: a <button> (hand, pile) or an image (table). */
export function cardNode(text, { mini = false, button = false, label = null, extraClass = "" } = {}) {
  const el = fromMarkup(
    button
      ? `<button type="button" class="card${mini ? " mini" : ""} ${extraClass}"></button>`
      : `<span class="card${mini ? " mini" : ""} ${extraClass}" role="img"></span>`,
  );
  el.innerHTML = cardSvg(text, mini);
  el.setAttribute("aria-label", label || cardName(text));
  el.dataset.card = text;
  return el;
}

/** Sort key of a card: by suit (C D H S, then rank) or by rank (then suit); jokers last. */
export function sortKey(text, by) {
  const card = parseCard(text);
  if (!card || card.joker) return 1000;
  const r = RANKS.indexOf(card.rank);
  const s = SUITS.indexOf(card.suit);
  return by === "rank" ? r * 4 + s : s * 13 + r;
}
