// The keys of the table (docs/browser.md): letters for the actions, the arrows in the
// hand, P on the "Rummy!" prompt. Letters act only with the focus on the table (or
// nowhere), never on a link, a field or the page's header, and not at all when the
// player has turned them off (WCAG 2.1.4).

import { choices } from "./legal.js";
import * as prefs from "./prefs.js";
import { focusOn } from "./focus.js";

/** Handles a key pressed anywhere on the page for the table of session `s`. */
export function onKey(s, e) {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const letters = prefs.shortcutsOn();
  // P passes on the "Rummy!" prompt too; no other key acts inside a dialog
  const dialog = e.target.closest("dialog");
  if (dialog) {
    if (letters && dialog.id === "rummy-call" && e.key.toLowerCase() === "p" && !e.shiftKey) {
      const pass = dialog.querySelector("[data-key=pass]");
      if (pass) {
        e.preventDefault();
        pass.click();
      }
    }
    return;
  }
  // the keys act on the table (or with the focus nowhere), never on a link, a field or
  // the page's header
  if (e.target.closest("input, select, textarea, a")) return;
  if (e.target !== document.body && !e.target.closest(".table-screen")) return;
  const card = e.target.closest(".hand .card[data-index]");
  if (card && (e.key === "ArrowLeft" || e.key === "ArrowRight")) {
    const i = Number(card.dataset.index);
    const to = i + (e.key === "ArrowLeft" ? -1 : 1);
    e.preventDefault();
    if (e.shiftKey) s.moveCard(i, to);
    else focusOn(s.root, `hand-${to}`);
    return;
  }
  const actions = { d: () => s.draw(), m: () => s.meld(), l: () => s.layoff(), x: () => s.discard(), e: () => s.end(), p: () => choices(s.view, []).pass && s.send("pass"), h: () => s.askHint(), u: () => s.undo(), s: () => s.sort(s.hand.nextSort()), Escape: () => s.clearSelection() };
  // a letter with Caps Lock on is the same letter; with Shift held, none is (Shift
  // arranges the hand)
  if (e.shiftKey && e.key.length === 1) return;
  const run = actions[e.key.length === 1 ? e.key.toLowerCase() : e.key];
  if (run && s.view && s.view.hand && (letters || e.key === "Escape")) {
    e.preventDefault();
    // a key held down acts once: its repeats would send the same request over and over
    // (a hint 30 times a second, past the server's limit)
    if (!e.repeat) run();
  }
}
