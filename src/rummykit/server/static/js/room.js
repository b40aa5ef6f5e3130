// A table before its game starts: the link and code to share, who has joined, a seat to
// take, the start button. Also the message line shared with the game screen.

import * as api from "./api.js";
import { h, redraw } from "./dom.js";
import { t } from "./i18n.js";
import * as prefs from "./prefs.js";
import { presetName } from "./lobby.js";
import { join, keptJoin, lostJoin, withToken } from "./requests.js";

/** The server's refusals of a move that are about the game (beside the engine's rules
 * and undo.*): only these read "Not allowed:"; a lost connection or a server fault does not. */
const PLAY_REFUSALS = new Set(["server.stale", "server.spectator", "server.away", "server.clock", "server.not-playing"]);

/** Whether rule id `rule` refuses a move (rather than naming a fault or a lobby error). */
export function refusesMove(rule) {
  if (!rule) return false;
  const family = rule.split(".")[0];
  return PLAY_REFUSALS.has(rule) || !["server", "lobby", "page"].includes(family);
}

/** The error or notice line. It is drawn again at every redraw, so it is no live region
 * (it would be said again each time): the session says each new message once, in the
 * page's lasting live region (#announce). */
export function messageLine(session) {
  const m = session.message;
  const line = h("div", { class: "message", id: "message" });
  if (!m) return line;
  line.classList.add(m.kind);
  if (m.kind === "error") {
    if (refusesMove(m.rule)) line.append(h("strong", {}, t("error.not-allowed")), " ");
    if (m.rule) line.append(h("code", { class: "rule-id" }, `[${m.rule}]`), " ");
  }
  // said now, in the page's language (a language switch draws it again)
  const text = session.messageText(m);
  line.append(h("span", { class: "message-text" }, text));
  if (m.detail && m.detail !== text) line.append(h("small", { class: "detail", lang: "en" }, m.detail)); // the server speaks English
  return line;
}

/** A join of this browser's kept (it may have taken a seat): a line saying that its
 * answer is awaited, or, once it got none, that it may be sent again, with a button that
 * sends it with its key; null when there is none. */
export function joinAgain(session) {
  const kept = keptJoin(session);
  if (!kept) return null;
  const joining = lostJoin(session);
  if (!joining) return h("p", { class: "join-waiting muted" }, t("room.join-waiting", { name: kept.name }));
  return h(
    "p",
    { class: "join-again" },
    t("room.join-lost", { name: joining.name }),
    " ",
    h("button", { type: "button", class: "primary", "data-focus": "join-again", onclick: () => join(session, joining.name, joining.seat) }, t("room.join-again")),
  );
}

/** The name of a seat's occupant, with what it is (a bot's level, you, away). */
function seatLine(session, seat) {
  const mine = session.seat === seat.seat;
  const parts = [];
  if (seat.kind === "open") parts.push(h("span", { class: "seat-open" }, t("seat.open")));
  else parts.push(h("strong", {}, seat.name));
  if (seat.kind === "bot") parts.push(" ", h("span", { class: "badge" }, t("seat.bot", { level: t(`level.${seat.level}`) })));
  if (mine) parts.push(" ", h("span", { class: "badge you" }, t("seat.you")));
  if (seat.kind === "person") parts.push(" ", h("span", { class: `dot ${seat.connected ? "on" : "off"}`, "aria-label": t(seat.connected ? "seat.connected" : "seat.offline"), role: "img" }));
  if (seat.away) parts.push(" ", h("span", { class: "badge" }, t("seat.away")));
  return parts;
}

export function renderRoom(root, session) {
  const table = session.table;
  if (!table) {
    redraw(root, h("section", { class: "room" }, messageLine(session), h("p", {}, h("a", { href: "/", "data-focus": "lobby" }, t("nav.lobby")))));
    return;
  }
  const link = `${location.origin}/?t=${table.code}`;
  const mine = session.saved();
  const seated = session.seat !== null && mine;
  // a join that got no answer is sent again before any other (it may hold a seat)
  const again = seated ? null : joinAgain(session);
  const open = table.seats.filter((s) => s.kind === "open");
  const name = h("input", {
    id: "player-name",
    type: "text",
    maxlength: "24",
    autocomplete: "nickname",
    value: session.typedName ?? (prefs.prefs().name || ""),
    "aria-label": t("room.your-name"),
    "data-focus": "player-name",
    oninput: (e) => (session.typedName = e.target.value),
    // Enter in the field takes a seat, as in a form
    onkeydown: (e) => {
      if (e.key === "Enter" && !e.isComposing) {
        e.preventDefault();
        joinAt(undefined);
      }
    },
  });
  const joinAt = (seat) => {
    // the field on the page now: a redraw may have kept the one typed in
    const field = document.getElementById("player-name");
    const value = (field ? field.value : name.value).trim();
    if (!value) {
      session.hint("hint.name");
      return;
    }
    join(session, value, seat);
  };
  const seats = h(
    "ol",
    { class: "seats", "aria-label": t("room.seats") },
    table.seats.map((seat) =>
      h(
        "li",
        { class: "seat-row" },
        h("span", { class: "seat-number" }, t("seat.number", { n: seat.seat + 1 })),
        h("span", { class: "seat-who" }, seatLine(session, seat)),
        seat.kind === "open" && !seated && !again && table.status === "waiting"
          ? h("button", { type: "button", "data-focus": `sit-${seat.seat}`, onclick: () => joinAt(seat.seat) }, t("room.sit-here"))
          : null,
      ),
    ),
  );
  const controls = h("div", { class: "room-controls" });
  if (again) controls.append(again);
  else if (!seated && open.length && table.status === "waiting") {
    controls.append(
      h("label", { for: "player-name" }, t("room.your-name")),
      name,
      h("button", { type: "button", class: "primary", "data-focus": "join", onclick: () => joinAt(undefined) }, t("room.join")),
    );
  }
  if (seated && table.status === "waiting") {
    controls.append(
      h("button", { type: "button", class: open.length ? "" : "primary", "data-focus": "start", "data-legal": open.length ? "false" : "true", onclick: () => withToken(session, api.start) }, t("room.start")),
      h("button", { type: "button", "data-focus": "leave", onclick: () => withToken(session, api.leave) }, t("room.leave")),
    );
    if (open.length) controls.append(h("p", { class: "muted" }, t("room.waiting", { count: open.length })));
  }
  // the game starting (or the next one, after Play again): the table's status line to be
  if (table.status === "playing" && (!session.view || table.game !== session.game)) {
    controls.append(h("p", { tabindex: "-1", "data-focus": "status" }, t("room.loading")));
  }
  if (!seated) controls.append(h("p", { class: "muted" }, t("room.watching")));
  redraw(
    root,
    h(
      "section",
      { class: "room", "aria-labelledby": "room-title" },
      h("h1", { id: "room-title", tabindex: "-1", "data-focus": "heading" }, t("room.title", { code: table.code })),
      h("p", {}, t("room.rules", { preset: presetName(table.preset) }), table.clock ? ` · ${t("room.clock", { seconds: table.clock })}` : ""),
      h(
        "div",
        { class: "share" },
        h("p", {}, t("room.share")),
        h("p", { class: "code" }, h("span", { class: "visually-hidden" }, t("room.code-label", { code: table.code.split("").join(" ") })), h("span", { "aria-hidden": "true" }, table.code)),
        h(
          "div",
          { class: "share-link" },
          h("input", { type: "text", readonly: true, value: link, id: "share-link", "aria-label": t("room.link"), "data-focus": "share-link" }),
          h(
            "button",
            {
              type: "button",
              "data-focus": "copy",
              onclick: async (e) => {
                try {
                  await navigator.clipboard.writeText(link);
                  e.target.textContent = t("room.copied");
                } catch {
                  document.getElementById("share-link").select();
                }
              },
            },
            t("room.copy"),
          ),
        ),
      ),
      h("h2", {}, t("room.seats")),
      seats,
      messageLine(session),
      controls,
      h("p", {}, h("a", { href: "/", "data-focus": "lobby" }, t("nav.lobby"))),
    ),
  );
}
