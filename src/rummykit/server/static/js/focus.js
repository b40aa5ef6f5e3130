// Where the keyboard focus goes when the screen is drawn again (session.render): never to
// the page's body, where a keyboard player would have to start again from the top.

import { focusTarget } from "./dom.js";

/** Where the focus goes when the control that had it is drawn no more and none of its
 * key or kind is (session.render): the controls the screen that follows puts in its
 * place, by the gone control's key (or kind: `sit` for `sit-2`). Where none is drawn yet
 * (the seat is taken, its welcome is on its way), the next redraw looks again. */
export const FOCUS_NEXT = {
  join: ["start", "leave"],
  "player-name": ["start", "leave"],
  sit: ["start", "leave"],
  start: ["status"],
  leave: ["join", "player-name", "sit-0", "sit-1", "sit-2", "sit-3", "sit-4", "sit-5"],
  again: ["status"],
  clear: ["sort"],
};

/** Focuses the control named `key` in `root` (if it has not the focus already). */
export function focusOn(root, key) {
  const el = root.querySelector(`[data-focus="${key}"]`);
  if (el && el !== document.activeElement) el.focus();
}

/** Focuses the first control drawn of `keys` in `root`; whether one was. */
export function focusFirstOf(root, keys) {
  const el = keys.map((k) => root.querySelector(`[data-focus="${k}"]`)).find((x) => x && !x.disabled);
  if (el && el !== document.activeElement) el.focus();
  return Boolean(el);
}

/** The control that had the focus (data-focus `key`, among `keys` drawn before) was
 * drawn again as a new node, or not at all: the focus goes to the one of that key (a text
 * field with its caret `selection` back), else to a neighbour (dom.js focusTarget). A
 * neighbour that stands in for a control the next screen brings (the seat is taken:
 * Start comes with the welcome) gives way to it then, if the player has not moved
 * meanwhile (`wanted`: the key gone before): returns that `{key, el}` for the session to
 * keep, or null. */
export function refocus(root, key, keys, selection, wanted) {
  const found = focusTarget(root, key, keys, FOCUS_NEXT);
  if (!found) return null;
  found.el.focus();
  if (found.how === "same" && selection && typeof found.el.setSelectionRange === "function") found.el.setSelectionRange(selection[0], selection[1]);
  const stand = wanted || (key && (found.how === "near" || found.how === "default") && FOCUS_NEXT[key.replace(/-\d+$/, "")] ? key : null);
  return stand ? { key: stand, el: found.el } : null;
}
