// The lobby over HTTP (docs/protocol.md): JSON in, JSON out.

/** A refusal from the lobby: `rule` (lobby.seat, lobby.name, ...), the server's message
 * and the HTTP status (null: no answer came). */
export class LobbyError extends Error {
  constructor(rule, message, status = null) {
    super(message);
    this.rule = rule;
    this.status = status;
  }
}

/** How long a lobby request may take (ms): a request that hangs (a network that drops
 * it silently) ends as page.offline, and the page takes clicks again (lobbyCall). */
export const TIMEOUT_MS = 20000;

async function call(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (e) {
    throw new LobbyError("page.offline", String(e));
  }
  const doc = await response.json().catch(() => null);
  if (!response.ok) {
    // an answer not of the lobby's (a proxy's page, a table reference that is no path of
    // the server's) says no more than its status: no such table, or no server to talk to
    const missing = response.status === 404 && path.startsWith("/tables/");
    const fallback = { rule: missing ? "lobby.table" : "page.offline", message: response.statusText };
    const error = doc && doc.error ? doc.error : fallback;
    throw new LobbyError(error.rule, error.message, response.status);
  }
  return doc;
}

export const pageConfig = () => call("GET", "/web/config.json");
export const createTable = (spec) => call("POST", "/tables", spec);
export const openTables = () => call("GET", "/tables");
export const getTable = (ref) => call("GET", `/tables/${encodeURIComponent(ref)}`);
/** A join's key (docs/protocol.md): 24 random bytes, URL-safe (32 characters), made once
 * for each try at a seat. The same join sent again with it (its answer lost: the page went
 * offline, the server restarted) gets that seat back, not a refusal of the name. */
export function joinKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_");
}
export const join = (ref, name, seat, key) =>
  call("POST", `/tables/${encodeURIComponent(ref)}/join`, { name, ...(seat === undefined ? {} : { seat }), ...(key ? { key } : {}) });
const withToken = (what) => (ref, token) =>
  call("POST", `/tables/${encodeURIComponent(ref)}/${what}`, { token });
export const leave = withToken("leave");
export const back = withToken("back");
export const start = withToken("start");
export const again = withToken("again");
export const finishedGames = (limit = 20) => call("GET", `/games?limit=${limit}`);
export const gameRecord = (id) => call("GET", `/games/${encodeURIComponent(id)}/record`);
