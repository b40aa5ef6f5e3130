// One WebSocket to a table (docs/protocol.md), reconnecting by itself: after a dropped
// connection or a reload it says hello again with the seat's token and the last event
// seq it saw, and the server sends what it missed. Nothing is lost, the seat is kept.

const PROTOCOL = 1;

/** Close codes after which the page stops connecting (docs/protocol.md): trying again
 * cannot help; a reload tries again. */
const FINAL = new Set([4400, 4401, 4404]);

/** After 4503 (the server cannot open the table now: it is full, or could not bring the
 * table back at its start) the page tries again after this long, not at once. */
const SLOW_RETRY_MS = 30000;

export class TableSocket {
  /**
   * @param {string} ref the table's id or code
   * @param {object} hooks onMessage(msg), onStatus("connecting"|"open"|"closed"|"stopped"),
   *   credentials() -> {token, seq}, onRefused(rule) when the server refuses the hello
   */
  constructor(ref, hooks) {
    this.ref = ref;
    this.hooks = hooks;
    this.ws = null;
    this.stopped = false;
    this.refused = false; // the server refused us for good (a FINAL close code)
    this.retries = 0;
    this.timer = null;
    this.lastRule = null; // the rule of the last error the server sent
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${location.host}/tables/${encodeURIComponent(this.ref)}/ws`;
  }

  connect() {
    this.stopped = false;
    clearTimeout(this.timer);
    this.hooks.onStatus("connecting");
    const ws = new WebSocket(this.url());
    this.ws = ws;
    this.lastRule = null;
    ws.addEventListener("open", () => {
      const { token, seq } = this.hooks.credentials();
      ws.send(JSON.stringify({ type: "hello", protocol: PROTOCOL, token: token || null, seq: seq ?? null }));
    });
    ws.addEventListener("message", (e) => {
      let msg;
      try {
        msg = JSON.parse(e.data);
      } catch {
        return;
      }
      if (ws !== this.ws) return; // an old socket, replaced already
      if (msg.type === "error") this.lastRule = msg.rule;
      if (msg.type === "welcome") {
        this.retries = 0;
        this.hooks.onStatus("open");
      }
      this.hooks.onMessage(msg);
    });
    ws.addEventListener("close", (e) => {
      if (ws !== this.ws) return; // an old socket, replaced already
      // 4403: the token holds no seat here (watch instead). Trying again cannot help
      // after 4400 (a hello this page cannot mend: an old page), 4401 (a page of another
      // origin) or 4404 (no such table), nor soon after 4503 (the server cannot open the
      // table now: it is full, or could not bring the table back at its start), so that
      // is tried again slowly; the server said why in an error before closing.
      if (e.code === 4403) this.hooks.onRefused("server.token");
      if (e.code === 4404) this.hooks.onRefused("lobby.table");
      if (e.code === 4503) {
        this.hooks.onRefused(this.lastRule || "lobby.unavailable");
        this.hooks.onStatus("waiting");
        if (!this.stopped) this.timer = setTimeout(() => this.connect(), SLOW_RETRY_MS);
        return;
      }
      if (FINAL.has(e.code)) {
        this.stopped = true;
        this.refused = true;
        this.hooks.onStatus("stopped");
        return;
      }
      this.hooks.onStatus("closed");
      if (!this.stopped) this.retry();
    });
  }

  retry() {
    const delay = Math.min(5000, 300 * 2 ** this.retries);
    this.retries += 1;
    this.timer = setTimeout(() => this.connect(), delay);
  }

  /** Sends a message if connected; returns whether it went. */
  send(message) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  /** Sends one action in the record notation, answering event `seq`. */
  act(action, seq) {
    return this.send({ type: "action", action, seq });
  }

  /** Connects again at once (after taking a seat: the hello carries the new token). */
  reconnect() {
    const old = this.ws;
    this.ws = null;
    if (old) old.close(1000);
    this.connect();
  }

  /** Closes the connection as a network drop would (tests use it); it comes back by itself. */
  drop() {
    this.hooks.onStatus("closed");
    if (this.ws) this.ws.close(4000, "dropped");
  }

  close() {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.ws) this.ws.close(1000);
  }
}
