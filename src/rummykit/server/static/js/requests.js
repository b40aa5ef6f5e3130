// The lobby requests a table's page sends (join, start, leave, back, again), one at a
// time, and the join this browser keeps until an answer says whether it took a seat.
// Each takes the page's Session (session.js) first.

import * as api from "./api.js";
import * as prefs from "./prefs.js";

/** Whether refusal `e` of a join says that it holds no seat: the server decided it after
 * looking for the join's key (a closed table is a 404 `lobby.table`; its 503 says "try
 * again", and a 408 `lobby.request` a body that came too slowly). After any other (the
 * request or its answer lost, the server busy or failing) the join may hold a seat, and
 * is kept to be sent again. */
function holdsNoSeat(e) {
  if (e.rule === "lobby.table") return e.status === 404;
  if (e.rule === "lobby.request") return e.status === 400;
  return ["lobby.name", "lobby.seat", "lobby.state"].includes(e.rule);
}

/** How long after a join was sent a reload of the page sends it again by itself, if it
 * got no answer (ms); later, the page only offers to. */
const AUTO_JOIN_MS = 10 * 60 * 1000;

/** Sends again, in time, a join of this browser's whose answer never came (the page was
 * reloaded or went offline meanwhile): it brings back the seat it took. A page left while
 * its join is on its way marks it lost, to be sent again at once by the next page. */
export function resumeJoin(s) {
  const kept = s.saved() ? null : prefs.pendingJoin(s.table.id);
  if (kept && s.table.status === "over") prefs.savePendingJoin(s.table.id, null);
  else if (kept && Date.now() - kept.at < AUTO_JOIN_MS) {
    // not before its request could still be answered (another tab may be waiting on it)
    const wait = kept.lost ? 0 : Math.max(0, kept.at + api.TIMEOUT_MS - Date.now());
    setTimeout(() => joinAgainIfLost(s), wait);
  }
  window.addEventListener("pagehide", () => {
    if (s.joinInFlight) updateJoin(s, s.joinInFlight, { lost: true });
  });
}

/** A lobby request (join, start, leave...), one at a time: a second click while one
 * is on its way is dropped (the server could only refuse it, over a screen that has
 * moved on). Its answer may come after the socket has brought newer news: a success
 * clears only what the page said before the request (the last request's refusal), not
 * a refusal or notice that came meanwhile; a refusal that `moot(error)` says the table
 * has overtaken is not shown. Null when refused or dropped. */
async function lobbyCall(s, fn, args, moot = () => false) {
  s.refused = null;
  if (s.lobbyBusy) return null;
  s.lobbyBusy = true;
  const before = s.message;
  try {
    const answer = await fn(...args);
    if (s.message === before) s.message = null;
    return answer;
  } catch (e) {
    s.refused = e;
    if (!moot(e)) {
      s.message = s.refusal(e.rule, e.message, e.message);
      s.render();
    }
    return null;
  } finally {
    s.lobbyBusy = false;
  }
}

/** A join of this browser's kept at this table while it waits or plays, which may
 * hold a seat ({name, key, seat, at, lost}); null when there is none or this browser
 * holds a seat here. No other join is offered while one is kept. */
export function keptJoin(s) {
  if (!s.tableId || s.saved()) return null;
  if (!["waiting", "playing"].includes(s.table.status)) return null;
  return prefs.pendingJoin(s.tableId);
}

/** The kept join, once it got no answer (null while it may still be answered: on its
 * way from this page, or, sent from another tab, for as long as a request may take). */
export function lostJoin(s) {
  const kept = keptJoin(s);
  if (!kept || s.joinInFlight) return null;
  return kept.lost || Date.now() - kept.at >= api.TIMEOUT_MS ? kept : null;
}

/** Changes the kept join (to `value`, null: drops it) if it is still the one sent with
 * `key`: another tab may have sent one of its own meanwhile. */
function updateJoin(s, key, value) {
  const kept = prefs.pendingJoin(s.table.id);
  if (kept && kept.key === key) prefs.savePendingJoin(s.table.id, value && { ...kept, ...value });
}

/** Sends the lost join again, if there still is one (a reload, see resumeJoin). */
function joinAgainIfLost(s) {
  const kept = lostJoin(s);
  if (kept) join(s, kept.name, kept.seat);
  else s.render();
}

/** Joins this table as `name` (at `seat`, or the first open one when it is null). */
export async function join(s, name, seat) {
  // a join sent again (its answer lost: the page went offline or was reloaded, the
  // server restarted) carries the same key, and gets the seat it took back rather than
  // a refused name or a table with no open seat. The key is kept in the browser until
  // an answer says whether the join took a seat, and used again only for the same name
  // and seat: the server gives a seat back to the very join that took it
  if (s.lobbyBusy) return; // a lobby request is on its way: this click is dropped
  const id = s.table.id;
  const at = seat ?? null;
  let joining = prefs.pendingJoin(id);
  if (!joining || joining.name !== name || joining.seat !== at) joining = { name, key: api.joinKey(), seat: at };
  prefs.savePendingJoin(id, { ...joining, at: Date.now(), lost: false });
  s.joinInFlight = joining.key;
  let answer;
  try {
    answer = await lobbyCall(s, api.join, [id, name, at === null ? undefined : at, joining.key]);
  } finally {
    s.joinInFlight = null;
  }
  if (!answer) {
    if (s.refused) updateJoin(s, joining.key, holdsNoSeat(s.refused) ? null : { lost: true });
    s.render();
    return;
  }
  updateJoin(s, joining.key, null);
  prefs.saveSeat(s.table.id, { seat: answer.seat, token: answer.token, name });
  prefs.savePrefs({ ...prefs.prefs(), name });
  s.table = answer.table; // until the welcome of the new connection, just below
  s.socket.reconnect(); // hello again, with the token
  s.render();
}

/** The table document a lobby request answered with, unless the socket is open: it
 * brings every change of the table in order (a `table` message), and the answer may
 * be older than what it brought meanwhile (a seat's connection, a move). */
function adoptTable(s, doc) {
  if (s.table && s.table.id === doc.id && s.connection === "open") return;
  s.table = doc;
}

/** A lobby request made with this browser's seat token (`fn`: api.start, leave, back or
 * again); nothing when it holds no seat here. */
export async function withToken(s, fn) {
  const mine = s.saved();
  if (!mine) return;
  // another player started the game (or the next one) first: nothing to say
  const game = s.table.game;
  const overtaken = (e) => (fn === api.start || fn === api.again) && e.rule === "lobby.state" && s.table.game !== game;
  const answer = await lobbyCall(s, fn, [s.table.id, mine.token], overtaken);
  if (answer && answer.table) adoptTable(s, answer.table);
  if (answer && fn === api.leave && s.table.status === "waiting") {
    prefs.saveSeat(s.table.id, null);
    s.socket.reconnect();
  }
  s.render();
}
