// Actions in words, for the hand's log, the last-action highlights and screen readers.

import { t } from "./i18n.js";
import { cardShort } from "./cards.js";
import { parseAction } from "./legal.js";

/** "Ana discards 8♥" for the action text `text` by the player called `name`. */
export function describe(name, text, taken = []) {
  const a = parseAction(text);
  const cards = a.cards.map(cardShort).join(" ");
  switch (a.verb) {
    case "draw":
      return t("log.draw", { name });
    case "take":
      return taken.length
        ? t("log.take-cards", { name, cards: taken.map(cardShort).join(" ") })
        : t("log.take", { name, count: a.depth ?? text.split(" ")[1] });
    case "rummy":
      return t("log.rummy", { name, count: a.depth ?? text.split(" ")[1] });
    case "meld":
      return t("log.meld", { name, cards });
    case "layoff":
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
