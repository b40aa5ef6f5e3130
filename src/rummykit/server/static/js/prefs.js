// What the browser keeps between visits (localStorage): seat tokens, the last event seq
// of each table, the hand's order, score sheets, and display preferences.

function read(key, fallback) {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : JSON.parse(raw);
  } catch {
    return fallback;
  }
}

function write(key, value) {
  try {
    if (value === null || value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or disabled: the page still works, it just forgets on reload
  }
}

/** The seat this browser holds at a table (by table id): {seat, token, name}, or null. */
export const seatAt = (tableId) => read(`rk.seat.${tableId}`, null);
export const saveSeat = (tableId, seat) => write(`rk.seat.${tableId}`, seat);

/** A join sent to a table (by id) and not answered yet: {name, key, seat, at, lost}, or
 * null (`at`: when it was sent, Date.now(); `lost`: it ended with no answer). It is kept
 * until an answer says whether it took a seat, so that it can be sent again with the same
 * key, and the server gives back the seat it may have taken (docs/protocol.md). */
export const pendingJoin = (tableId) => read(`rk.join.${tableId}`, null);
export const savePendingJoin = (tableId, join) => write(`rk.join.${tableId}`, join);

/** The ids of the tables this browser holds a seat at. */
export function seatedTables() {
  const ids = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key && key.startsWith("rk.seat.")) ids.push(key.slice("rk.seat.".length));
    }
  } catch {
    // site data blocked: no seats kept
  }
  return ids;
}

/** The last event seq this browser saw at a table. */
export const lastSeq = (tableId) => read(`rk.seq.${tableId}`, null);
export const saveSeq = (tableId, seq) => write(`rk.seq.${tableId}`, seq);

/** The hand's order as the player arranged it: {mode: "suit"|"rank"|"own", cards: [...]}. */
export const handOrder = (tableId) => read(`rk.order.${tableId}`, null);
export const saveHandOrder = (tableId, order) => write(`rk.order.${tableId}`, order);

/** A game's score sheet so far: [{hand, scores, ended_by, out}], by game id. */
export const sheetOf = (gameId) => read(`rk.sheet.${gameId}`, []);
export const saveSheet = (gameId, rows) => write(`rk.sheet.${gameId}`, rows);

/** The page's language as the player chose it ("rk.lang", a plain string), or null. */
export function savedLanguage() {
  try {
    return localStorage.getItem("rk.lang");
  } catch {
    return null; // site data blocked: the browser's languages decide
  }
}

export function saveLanguage(lang) {
  try {
    localStorage.setItem("rk.lang", lang);
  } catch {
    // storage disabled: the choice lasts until the page is left
  }
}

/** Display preferences: {fourColour, name, shortcuts}. */
export const prefs = () => read("rk.prefs", { fourColour: false, name: "" });
export const savePrefs = (value) => write("rk.prefs", value);

/** Whether the table's one-letter keys (D, M, X...) act: on unless the player turned
 * them off (a switch at the top of the page). */
export const shortcutsOn = () => prefs().shortcuts !== false;
