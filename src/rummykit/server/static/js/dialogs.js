// Dialogs (native <dialog>, so focus, Escape and screen readers work): a choice between
// actions, the score sheet, the game's result.

import { focusTarget, h, replace } from "./dom.js";
import { t } from "./i18n.js";

let open = null;
let content = null; // the open dialog's content(): its title, body and buttons, now

/** The id of the dialog on screen, or null. */
export function openDialogId() {
  return open ? open.id : null;
}

/** Closes the dialog on screen, if any. */
export function closeDialog() {
  if (open) {
    const dialog = open;
    open = null;
    content = null;
    dialog.close();
    dialog.remove();
  }
}

/** Puts the dialog's title, body and buttons in it, as `make()` gives them now. */
function fill(dialog, make) {
  const { title, body = [], buttons = [] } = make();
  const titleId = `${dialog.id}-title`;
  const row = h("div", { class: "dialog-buttons" });
  for (const b of buttons) {
    row.append(
      h(
        "button",
        {
          type: "button",
          class: b.primary ? "primary" : "",
          "data-key": b.key || null,
          onclick: () => {
            closeDialog();
            if (b.onClick) b.onClick();
          },
        },
        b.label,
      ),
    );
  }
  replace(dialog, h("h2", { id: titleId }, title), h("div", { class: "dialog-body" }, body), row);
}

/**
 * Shows a dialog. `content()` gives its `title`, `body` (nodes) and `buttons` [{label,
 * onClick, primary, key}] in the page's language: it is asked again when the language
 * changes (redrawDialog), so an open dialog follows the switch (`title`, `body` and
 * `buttons` may be given instead, for a dialog with nothing to translate). A button
 * closes the dialog, then runs its onClick. `onClose` runs however it closes.
 */
export function showDialog({ id, content: make = null, title = "", body = [], buttons = [], onClose = null }) {
  closeDialog();
  const active = document.activeElement;
  const before = active && active.dataset ? active.dataset.focus || null : null;
  const dialog = h("dialog", { id, class: "dialog", "aria-labelledby": `${id}-title` });
  const made = make || (() => ({ title, body, buttons }));
  fill(dialog, made);
  dialog.addEventListener("close", () => {
    if (open === dialog) {
      open = null;
      content = null;
      dialog.remove();
    }
    if (onClose) onClose();
    focusAfter(before);
  });
  document.body.append(dialog);
  open = dialog;
  content = made;
  dialog.showModal();
  return dialog;
}

/** Gives the focus back after a dialog closes. The browser gives it to the control that
 * had it, but the screen is drawn afresh at every message, so that control may be gone and
 * the focus left on the page's body, where a keyboard user would have to start again: then
 * the control drawn in its place (the same data-focus key) has it, or one of its kind
 * nearest its place (the card now last of the hand), else the stock, else the first
 * control of the screen. */
function focusAfter(key) {
  const active = document.activeElement;
  if (open || (active && active !== document.body && active.isConnected)) return;
  const app = document.getElementById("app");
  if (!app) return;
  const usable = (el) => el && !el.disabled;
  const near = focusTarget(app, key, [], {}, false);
  const el = [near && near.el, app.querySelector('[data-focus="stock"]'), app.querySelector("[data-focus]")].find(usable);
  if (el) el.focus();
}

/** Draws the open dialog again in the page's language now (after a language switch),
 * in place: it stays open, and the focus stays on the same control. */
export function redrawDialog() {
  if (!open || !content) return;
  const controls = () => [...open.querySelectorAll("button, input, select, a")];
  const at = controls().indexOf(document.activeElement);
  fill(open, content);
  const again = controls();
  if (at >= 0 && again[at]) again[at].focus();
}

/** Asks which of several actions to play; resolves with the chosen value, or null.
 * `title` and `options` ([{value, label, node}]) may be functions, asked again when the
 * language changes. */
export function choose(title, options) {
  const now = (x) => (typeof x === "function" ? x() : x);
  return new Promise((resolve) => {
    let chosen = null;
    showDialog({
      id: "choice",
      content: () => ({
        title: now(title),
        body: [
          h(
            "div",
            { class: "choices" },
            now(options).map((o) =>
              h(
                "button",
                {
                  type: "button",
                  class: "choice",
                  "aria-label": o.label,
                  onclick: () => {
                    chosen = o.value;
                    closeDialog();
                  },
                },
                o.node || o.label,
              ),
            ),
          ),
        ],
        buttons: [{ label: t("button.cancel") }],
      }),
      onClose: () => resolve(chosen),
    });
  });
}

/** The score sheet: a row per finished hand, each seat's points, then the totals; in a
 * box of its own that scrolls sideways where the columns do not fit (a phone, many
 * players), so that the page never does. */
export function scoreTable(players, rows, totals) {
  return h("div", { class: "score-scroll" }, sheetTable(players, rows, totals));
}

function sheetTable(players, rows, totals) {
  return h(
    "table",
    { class: "score-sheet" },
    h("caption", { class: "visually-hidden" }, t("sheet.title")),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("sheet.hand")), players.map((p) => h("th", { scope: "col" }, p)))),
    h(
      "tbody",
      {},
      rows.map((r) =>
        h(
          "tr",
          {},
          h("th", { scope: "row" }, String(r.hand)),
          r.scores.map((s, seat) => h("td", { class: r.out === seat ? "went-out" : "" }, String(s), r.out === seat ? " ✓" : "")),
        ),
      ),
    ),
    h(
      "tfoot",
      {},
      h("tr", {}, h("th", { scope: "row" }, t("sheet.total")), totals.map((s) => h("td", {}, String(s)))),
    ),
  );
}
