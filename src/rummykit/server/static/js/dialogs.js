// Dialogs (native <dialog>, so focus, Escape and screen readers work): a choice between
// actions, the score sheet, the game's result.

import { h } from "./dom.js";
import { t } from "./i18n.js";

let open = null;

/** The id of the dialog on screen, or null. */
export function openDialogId() {
  return open ? open.id : null;
}

/** Closes the dialog on screen, if any. */
export function closeDialog() {
  if (open) {
    const dialog = open;
    open = null;
    dialog.close();
    dialog.remove();
  }
}

/**
 * Shows a dialog: `title`, `body` (nodes), `buttons` [{label, onClick, primary, key}].
 * A button closes the dialog, then runs its onClick. `onClose` runs however it closes.
 */
export function showDialog({ id, title, body = [], buttons = [], onClose = null }) {
  closeDialog();
  const titleId = `${id}-title`;
  const dialog = h("dialog", { id, class: "dialog", "aria-labelledby": titleId });
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
  dialog.append(h("h2", { id: titleId }, title), h("div", { class: "dialog-body" }, body), row);
  dialog.addEventListener("close", () => {
    if (open === dialog) {
      open = null;
      dialog.remove();
    }
    if (onClose) onClose();
  });
  document.body.append(dialog);
  open = dialog;
  dialog.showModal();
  return dialog;
}

/** Asks which of several actions to play; resolves with the chosen value, or null. */
export function choose(title, options) {
  return new Promise((resolve) => {
    let chosen = null;
    showDialog({
      id: "choice",
      title,
      body: [
        h(
          "div",
          { class: "choices" },
          options.map((o) =>
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
      onClose: () => resolve(chosen),
    });
  });
}

/** The score sheet: a row per finished hand, each seat's points, then the totals. */
export function scoreTable(players, rows, totals) {
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
