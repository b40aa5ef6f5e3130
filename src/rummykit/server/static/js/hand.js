// The player's hand: its order (sorted by suit or by rank, or as the player arranged it
// by dragging), kept across views and reloads; dragging with mouse or touch; moving a
// card with the keyboard.

import { sortKey } from "./cards.js";
import { handOrder, saveHandOrder } from "./prefs.js";

export class Hand {
  constructor(tableId) {
    this.tableId = tableId;
    const saved = handOrder(tableId);
    this.mode = saved ? saved.mode : "suit";
    this.cards = saved ? saved.cards : [];
    /** Cards that came into the hand with the last view (shown raised a moment). */
    this.fresh = new Set();
    /** Cards that came into the hand with its last change (marked "new" until the next). */
    this.recent = [];
  }

  /** Takes the hand of a new view: kept cards keep their place, new ones go in by the
   * sort (or at the right end when the player arranged the hand). */
  sync(cards) {
    const left = [...cards];
    const kept = [];
    for (const card of this.cards) {
      const i = left.indexOf(card);
      if (i >= 0) {
        kept.push(card);
        left.splice(i, 1);
      }
    }
    this.fresh = new Set(this.cards.length ? left : []);
    // a hand that changed: what came in is new (a whole new hand, a deal, is not marked)
    if (left.length || kept.length !== this.cards.length) this.recent = kept.length ? [...left] : [];
    this.cards = [...kept, ...left];
    if (this.mode !== "own") this.sort(this.mode);
    else this.save();
  }

  /** The sort the Sort button and the S key offer next: by rank, unless the hand is
   * sorted by rank already (a hand the player arranged is sorted by rank first). */
  nextSort() {
    return this.mode === "rank" ? "suit" : "rank";
  }

  /** Sorts by "suit" or "rank"; the hand stays sorted that way until dragged. */
  sort(mode) {
    this.mode = mode;
    this.cards.sort((a, b) => sortKey(a, mode) - sortKey(b, mode));
    this.save();
  }

  /** Moves the card at `from` to `to` (the player's own order from then on). */
  move(from, to) {
    if (from === to || to < 0 || to >= this.cards.length) return false;
    const [card] = this.cards.splice(from, 1);
    this.cards.splice(to, 0, card);
    this.mode = "own";
    this.save();
    return true;
  }

  /** Keys that tell apart two copies of one card (two packs): "7H#0", "7H#1". */
  keys() {
    const seen = {};
    return this.cards.map((card) => {
      seen[card] = (seen[card] || 0) + 1;
      return `${card}#${seen[card] - 1}`;
    });
  }

  save() {
    saveHandOrder(this.tableId, { mode: this.mode, cards: this.cards });
  }
}

/**
 * Lets the cards of `container` (buttons with data-index) be dragged to a new place with
 * a mouse, a pen or a finger. `onStart()` says a drag began; `onMove(key, to)` ends it:
 * the dragged card (its data-key) goes to place `to` (maybe its own); a press that did
 * not move stays a click. One pointer at a time: another finger meanwhile is ignored.
 */
export function enableDrag(container, onStart, onMove) {
  let drag = null;
  container.addEventListener("pointerdown", (e) => {
    const card = e.target.closest(".card[data-index]");
    if (!card || e.button > 0 || drag) return;
    drag = { card, x: e.clientX, y: e.clientY, moving: false, id: e.pointerId };
  });
  container.addEventListener("pointermove", (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    if (!drag.moving) {
      if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 10) return;
      drag.moving = true;
      drag.card.classList.add("dragging");
      // the drag ends wherever the pointer is let go, even off the hand without a capture
      window.addEventListener("pointerup", finish, true);
      window.addEventListener("pointercancel", finish, true);
      onStart();
      try {
        drag.card.setPointerCapture(e.pointerId);
      } catch {
        // the pointer is gone already
      }
    }
    const under = document.elementsFromPoint(e.clientX, e.clientY).find((el) => el !== drag.card && el.matches(".card[data-index]") && container.contains(el));
    if (under) {
      // show the card in its new place while dragging
      const rect = under.getBoundingClientRect();
      const before = e.clientX < rect.left + rect.width / 2;
      container.insertBefore(drag.card, before ? under : under.nextSibling);
    }
  });
  const finish = (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    const { card, moving } = drag;
    drag = null;
    window.removeEventListener("pointerup", finish, true);
    window.removeEventListener("pointercancel", finish, true);
    card.classList.remove("dragging");
    if (!moving) return;
    const to = [...container.querySelectorAll(".card[data-index]")].indexOf(card);
    // the click that follows a drag must not select the card
    card.addEventListener("click", (c) => c.stopImmediatePropagation(), { capture: true, once: true });
    onMove(card.dataset.key, to);
  };
  container.addEventListener("pointerup", finish);
  container.addEventListener("pointercancel", finish);
}
