// A table, seen from this browser: the connection, what the server last said (the table,
// the view, the events), the selection, and what the player's clicks and keys send.
// Rendering is in room.js (before and after a game) and table.js (the game).

import * as api from "./api.js";
import { TableSocket } from "./socket.js";
import { Hand } from "./hand.js";
import { has, setTitle, t } from "./i18n.js";
import { choose, closeDialog, openDialogId, scoreTable, showDialog } from "./dialogs.js";
import { choices, parseAction, tryDiscard, tryLayoff, tryMeld } from "./legal.js";
import { cardName, cardNode } from "./cards.js";
import { actionWords, describe, hintWords } from "./words.js";
import { focusKeys, h } from "./dom.js";
import { FOCUS_NEXT, focusFirstOf, focusOn, refocus } from "./focus.js";
import { onKey } from "./keys.js";
import * as prefs from "./prefs.js";
import { renderRoom } from "./room.js";
import { renderTable, winnerLine } from "./table.js";
import { resumeJoin } from "./requests.js";

/** The longest a drag in the hand holds the screen's redraws back (ms): a pointer that
 * is never let go (lost to the system) must not freeze the table. */
const DRAG_HOLD_MS = 10000;

export class Session {
  constructor(root, ref, config) {
    this.root = root;
    this.ref = ref;
    this.config = config;
    this.table = null; // the table document (lobby / `table` message)
    this.seat = null; // our seat, null for a spectator
    this.view = null; // the latest `state` view
    this.seq = null; // the seq of that view
    this.game = null; // its game id
    this.hand = null; // our hand's order (Hand)
    this.selected = new Set(); // keys of selected hand cards ("7H#0")
    this.sheet = []; // finished hands of this game
    this.last = {}; // seat -> {seq, action, taken} or {seq, undone}: each player's last action
    this.lastHand = null; // the game and hand those actions were played in (keepLastOf)
    this.flash = null; // what the last event touched: {seat, meld, pile, seq}
    // the message line, as catalogue keys and parameters (said in the page's language at
    // each render, so a language switch says it again): {kind: "error"|"info"|"hint",
    // key, params, seat (its player's name is params.name), rule, fallback, detail, hint}
    this.message = null;
    this.said = null; // the message last said (render)
    this.sentWith = null; // the message shown when the action on its way was sent
    this.lobbyBusy = false; // a lobby request is on its way (requests.js)
    this.dragging = null; // since when a card of the hand is being dragged: redraws wait
    this.deferred = false; // a redraw waits for the drag's end
    this.connection = "connecting";
    this.clock = null; // the state's clock: {seat, deadline, window, left}, null when none runs
    this.clockEnds = null; // when it runs out, on this page's performance.now() clock
    // an action or undo sent and not yet answered, or answered (ack, undone) but the
    // state after it not come yet: no second one goes, as the server could only refuse it
    // as stale (it would answer an event that is no longer the table's last)
    this.pending = false;
    this.hintAsked = null; // the seq a hint was asked at, until its answer (askHint)
    this.answered = null; // the seq of that ack or undone, while its state is on its way
    this.offered = null; // the seq at which the Rummy call was last offered
    this.advice = null; // the server's last hint (for the view at its seq)
    this.canUndo = false; // the latest state says our seat may undo
    this.queued = null; // {message, seq}: tried while disconnected, sent on reconnecting
    this.socket = null;
    this.typedName = null; // the name typed in the waiting room, kept across redraws
    this.refused = null; // the last lobby request's refusal, a LobbyError (requests.js)
    this.joinInFlight = null; // the key of this page's join on its way (requests.js)
    this.logOpen = false; // whether the hand's log is open, kept across redraws
    this.wanted = null; // {key, el}: the focus fell back to el from key, which may come back (render)
    this.focusNext = null; // the control the next redraw focuses (the game's result)
  }

  get tableId() {
    return this.table ? this.table.id : null;
  }

  /** Our saved seat at this table: {seat, token, name}, or null. */
  saved() {
    return this.tableId ? prefs.seatAt(this.tableId) : null;
  }

  async start() {
    try {
      this.table = await api.getTable(this.ref);
    } catch (e) {
      this.message = this.refusal(e.rule, e.message, null);
      this.connection = "stopped"; // nothing connects: the header must not say it does
      this.render();
      return;
    }
    this.hand = new Hand(this.table.id);
    this.socket = new TableSocket(this.table.id, {
      credentials: () => {
        const mine = this.saved();
        return { token: mine ? mine.token : null, seq: prefs.lastSeq(this.table.id) };
      },
      onStatus: (status) => {
        this.connection = status;
        // back after the server could not open the table (4503): that refusal is over
        const rule = this.message && this.message.rule;
        if (status === "open" && (rule === "lobby.full" || rule === "lobby.unavailable")) this.message = null;
        // the answer to an action sent on a socket that is gone never comes
        if (status !== "open") this.unblock();
        this.renderStatus();
      },
      onRefused: (rule) => {
        if (rule === "server.token") prefs.saveSeat(this.table.id, null);
        this.message = this.refusal(rule, "", null);
      },
      onMessage: (msg) => this.receive(msg),
    });
    this.socket.connect();
    this.timer = setInterval(() => this.tick(), 1000);
    resumeJoin(this);
    document.addEventListener("keydown", (e) => onKey(this, e));
    // the tests reach the session here (to drop the socket as a network would)
    window.rk.session = this;
    this.render();
  }

  // ---- messages from the server -------------------------------------------------

  receive(msg) {
    switch (msg.type) {
      case "welcome":
        this.seat = msg.seat;
        this.table = msg.table;
        this.catchUpSheet(msg.table.game, msg.hands || []);
        break;
      case "table":
        this.table = msg.table;
        break;
      case "event":
        this.onEvent(msg);
        return; // its state follows and renders
      case "undone":
        this.onUndone(msg);
        return; // its state follows and renders
      case "hint":
        this.onHint(msg);
        break;
      case "state":
        this.onState(msg);
        break;
      case "ack":
        this.answered = msg.seq; // pending until its state comes (onState)
        this.selected.clear();
        this.clearSent();
        return;
      case "error":
        // an error refusing a hint is not the answer to an action sent meanwhile
        if (msg.answers !== "hint") this.unblock();
        else this.hintAsked = null;
        this.onError(msg);
        break;
      case "notice":
        this.message = { kind: "info", key: `notice.${msg.notice}`, seat: msg.seat, fallback: msg.message };
        break;
      default:
        return;
    }
    this.render();
  }

  onEvent(msg) {
    const e = msg.event;
    if (msg.game !== this.game) {
      this.game = msg.game;
      this.sheet = prefs.sheetOf(msg.game);
    }
    prefs.saveSeq(this.table.id, msg.seq);
    this.keepLastOf(msg.game, e.hand);
    this.last[e.seat] = { seq: msg.seq, action: e.action, taken: e.taken };
    const verb = e.action.split(" ")[0];
    this.flash = {
      seat: e.seat,
      seq: msg.seq,
      pile: verb === "discard" || verb === "take" || verb === "rummy",
      meld: verb === "layoff" || verb === "swap" ? parseAction(e.action).meld || null : verb === "meld" ? "new" : null,
    };
    if (e.seat !== this.seat) this.announce(this.lastText(e.seat, true));
    // the card we drew, or the joker a swap gave back, is said (the others see only a count)
    else if (verb === "draw" && e.drawn) this.announce(t("you.drew", { card: cardName(e.drawn) }));
    else if (verb === "swap") this.announce(t("you.got", { card: cardName("JK") }));
    // a bot's play in our seat (our clock ran out, a stand-in) is said as anybody's is
    else if (msg.by && msg.by !== "player") this.announce(this.lastText(e.seat, true));
    // our other plays are said as done, so that a screen reader hears they went through
    else this.announce(t("you.did", { action: actionWords(e.action, e.taken || [], true) }));
    const caught = e.result ? this.sheet.find((r) => r.hand === e.hand && r.caught) : null;
    if (caught) {
      caught.seen = false;
      delete caught.caught;
      prefs.saveSheet(this.game, this.sheet);
    } else if (e.result && !this.sheet.some((r) => r.hand === e.hand)) {
      this.sheet.push({ hand: e.hand, scores: e.result.scores, out: e.result.out, ended_by: e.result.ended_by, seen: false });
      prefs.saveSheet(this.game, this.sheet);
    }
  }

  /** The hands of the game in progress that ended before this browser came (welcome):
   * on the score sheet, as seen, so no sheet pops up for them; where the hand's last
   * event comes after all (a reconnection's catch-up), it shows as it would have. */
  catchUpSheet(game, hands) {
    if (!game || !hands.length) return;
    const sheet = prefs.sheetOf(game);
    for (const r of hands) {
      if (!sheet.some((row) => row.hand === r.hand)) sheet.push({ hand: r.hand, scores: r.scores, out: r.out, ended_by: r.ended_by, seen: true, caught: true });
    }
    sheet.sort((a, b) => a.hand - b.hand);
    prefs.saveSheet(game, sheet);
    if (game === this.game) this.sheet = sheet;
  }

  /** A player took back an action: the state that follows shows the table without it. */
  onUndone(msg) {
    prefs.saveSeq(this.table.id, msg.seq);
    this.last[msg.seat] = { seq: msg.seq, undone: msg.action };
    this.flash = { seat: msg.seat, seq: msg.seq, pile: false, meld: null };
    if (msg.seat === this.seat) {
      this.answered = msg.seq; // pending until its state comes (onState)
      this.selected.clear();
      this.clearSent();
      this.announce(t("you.undid", { action: actionWords(msg.action, [], true) }));
    } else this.announce(this.lastText(msg.seat, true));
  }

  /** The last actions shown are those of hand `hand` of game `game`: a new hand's (or
   * game's) event or state clears the others. By the hand, not by a change of view: a
   * reconnection's catch-up brings the end of one hand and the start of the next before
   * any state. */
  keepLastOf(game, hand) {
    const key = `${game}/${hand}`;
    if (this.lastHand === key) return;
    this.lastHand = key;
    this.last = {};
    // a new hand deals cards the old selection's keys ("7H#0") may name again
    this.selected.clear();
  }

  /** The last actions of the players this page saw none of in this hand (a reload, a
   * spectator arriving mid-hand), from the hand's log (without the cards a take took:
   * the log does not hold them). */
  lastFromLog() {
    for (const entry of this.view.log || []) {
      const seat = this.gameSeatOf(entry.seat);
      const seen = this.last[seat];
      if (!seen || seen.fromLog) this.last[seat] = { seq: null, action: entry.action, taken: [], fromLog: true };
    }
  }

  /** A player's last action (game seat `seat`) in words, in the page's language; `spoken`:
   * its cards named in words, for a screen reader ("eight of clubs", not "8♣"). */
  lastText(seat, spoken = false) {
    const last = this.last[seat];
    if (!last) return null;
    const name = this.playerName(seat);
    if (last.undone !== undefined) return t("log.undone", { name, action: actionWords(last.undone, [], spoken) });
    return describe(name, last.action, last.taken, spoken);
  }

  /** The heuristic bot's suggestion: said in words, its cards highlighted (table.js). */
  onHint(msg) {
    this.hintAsked = null;
    if (msg.seq !== this.seq) return; // the table moved on: it is out of date
    this.advice = msg;
    this.message = { kind: "hint", hint: msg };
  }

  onState(msg) {
    const wasOver = this.view && this.game === msg.game ? this.view.game_over : null;
    this.view = msg.view;
    this.seq = msg.seq;
    // the table as our action left it: the next one may go
    if (this.answered !== null && msg.seq >= this.answered) this.unblock();
    this.canUndo = Boolean(msg.can_undo);
    if (this.advice && this.advice.seq !== msg.seq) {
      this.advice = null;
      if (this.message && this.message.kind === "hint") this.message = null;
    }
    if (this.game !== msg.game) {
      this.game = msg.game;
      this.sheet = prefs.sheetOf(msg.game);
    }
    prefs.saveSeq(this.table.id, msg.seq);
    if (this.flash && this.flash.meld === "new") this.flash.meld = this.view.melds.length ? this.view.melds[this.view.melds.length - 1].number : null;
    this.keepLastOf(msg.game, this.view.hand_number);
    this.lastFromLog();
    if (this.view.hand) {
      this.hand.sync(this.view.hand);
      const keys = new Set(this.hand.keys());
      for (const k of [...this.selected]) if (!keys.has(k)) this.selected.delete(k);
    }
    // the server's clock: whose it is and when it runs out (it survives reloads)
    this.clock = msg.clock || null;
    this.clockEnds = this.clock ? this.clockEnd(this.clock) : null;
    // our clock ran out: the bot plays the rest of the turn, and the server would refuse
    // whatever we sent (server.clock), so nothing is offered
    if (this.timedOut()) this.view = { ...this.view, legal_actions: [] };
    this.flushQueued();
    // the game ends before our eyes: the result is said, and the focus goes to it
    if (this.view.game_over && wasOver === false) {
      this.announce(t("result.said", { winner: winnerLine(this.view) }));
      this.focusNext = "result";
    }
    this.afterState();
  }

  /** After a reconnection: the action tried while disconnected goes now if the table is
   * where it was, else it is dropped (and the player told). */
  flushQueued() {
    const queued = this.queued;
    if (!queued || this.connection !== "open") return;
    this.queued = null;
    if (queued.seq !== this.seq || this.timedOut()) {
      this.message = { kind: "info", key: "status.queue-dropped" };
      return;
    }
    if (this.socket.send(queued.message)) {
      this.pending = true;
      this.message = null;
      this.sentWith = null;
    }
  }

  /** The action or undo sent is answered and its state came, or it never will: the
   * next one may go. */
  unblock() {
    this.pending = false;
    this.answered = null;
    this.hintAsked = null;
  }

  /** Whether we are offered a Rummy call in the latest view. */
  calledOn() {
    return this.view.seat !== null && this.view.phase === "rummy" && this.view.to_act === this.view.seat;
  }

  /** Dialogs a new view may call for: the score sheet after a hand, the Rummy call. */
  afterState() {
    if (openDialogId() === "rummy-call" && (!this.calledOn() || this.offered !== this.seq)) closeDialog();
    const unseen = this.sheet.filter((r) => !r.seen);
    if (unseen.length && !this.view.game_over) {
      for (const r of unseen) r.seen = true;
      prefs.saveSheet(this.game, this.sheet);
      const row = unseen[unseen.length - 1];
      showDialog({
        id: "score-sheet",
        content: () => ({
          title: t("sheet.after-hand", { hand: row.hand }),
          body: [h("p", {}, row.out === null ? t("sheet.stock-ended") : t("sheet.went-out", { name: this.playerName(row.out) })), this.scoreSheet()],
          buttons: [{ label: t("button.next-hand"), primary: true, key: "next" }],
        }),
      });
      return;
    }
    if (this.view.game_over) {
      for (const r of unseen) r.seen = true;
      prefs.saveSheet(this.game, this.sheet);
    }
    const options = choices(this.view, []);
    if (this.calledOn() && options.calls.length && this.offered !== this.seq) {
      this.offered = this.seq;
      this.offerRummy(options.calls);
    }
  }

  /** The score sheet of the game so far, one column a game seat. */
  scoreSheet() {
    const { names, totals } = this.sheetColumns();
    return scoreTable(names, this.sheet, totals);
  }

  /** The "Rummy!" prompt: each call shows the pile cards it takes; or pass. */
  offerRummy(calls) {
    const pile = this.view.pile;
    // the answer is to this view: if the table has moved on by the click, the server
    // says so (server.stale) rather than judging it against another position
    const seq = this.seq;
    const answer = (action) => this.sendPlay({ type: "action", action, seq });
    showDialog({
      id: "rummy-call",
      content: () => ({
        title: t("rummy.title"),
        body: [
          h("p", {}, t("rummy.offer")),
          h(
            "div",
            { class: "choices" },
            calls.map((c) =>
              h(
                "button",
                {
                  type: "button",
                  class: "choice",
                  // the label a screen reader says replaces the cards' own names: it names them
                  "aria-label": t("rummy.call-take-cards", { count: c.depth, cards: pile.slice(pile.length - c.depth).map(cardName).join(", ") }),
                  onclick: () => {
                    closeDialog();
                    answer(c.text);
                  },
                },
                h("span", { class: "choice-label" }, t("rummy.call-take", { count: c.depth })),
                pile.slice(pile.length - c.depth).map((card) => cardNode(card, { mini: true })),
              ),
            ),
          ),
        ],
        buttons: [{ label: t("button.pass"), key: "pass", onClick: () => answer("pass") }],
      }),
    });
  }

  onError(msg) {
    if (msg.rule === "server.stale") {
      // the table moved on (its events are on their way): not a refusal of the move, but
      // the player is told it did not count, rather than seeing nothing happen
      this.message = { kind: "info", key: "rule.server.stale" };
      return;
    }
    this.message = this.refusal(msg.rule, msg.message, msg.message);
  }

  /** An error naming rule `rule`: said in plain words (the page's catalogue), else in the
   * server's `message`; `detail`: the server's message, shown beside it. */
  refusal(rule, message, detail) {
    return { kind: "error", rule, key: rule ? `rule.${rule}` : null, fallback: message || rule, detail };
  }

  /** A message (this.message) in words, in the page's language now; `spoken`: its cards
   * in words, for a screen reader. */
  messageText(m, spoken = false) {
    if (m.hint) return hintWords(m.hint, this.view ? this.view.pile : [], spoken);
    const params = m.seat === undefined ? m.params || {} : { ...m.params, name: this.playerName(m.seat) };
    if (m.key && has(m.key)) return t(m.key, params);
    return m.fallback || m.rule || "";
  }

  /** The name at game seat `seat` (events, notices and the table number seats as the
   * game does; a view of a tie play-off hand numbers only the players dealt in). */
  playerName(seat) {
    if (seat === null || seat === undefined) return "";
    const s = this.table && this.table.seats[seat];
    if (s && s.name) return s.name;
    if (this.view && this.view.players.length === (this.table ? this.table.seats.length : 0)) return this.view.players[seat];
    return t("seat.number", { n: seat + 1 });
  }

  /** The game seat of the view's seat `seat`: the same but in a tie play-off hand, where
   * the view numbers only the tied leaders dealt in ([game.ties]); found by name. */
  gameSeatOf(seat) {
    const name = this.view ? this.view.players[seat] : undefined;
    const found = this.table ? this.table.seats.findIndex((x) => x.name === name) : -1;
    return found >= 0 ? found : seat;
  }

  /** The score sheet's columns: every game seat's name and total (a play-off view holds
   * only the totals of the players dealt in; the others' stand as their hands left them). */
  sheetColumns() {
    const v = this.view;
    const seats = this.table.seats;
    if (v.players.length === seats.length) return { names: v.players, totals: v.totals };
    const totals = seats.map((x, g) => {
      const i = v.players.indexOf(x.name);
      return i >= 0 ? v.totals[i] : this.sheet.reduce((sum, r) => sum + (r.scores[g] || 0), 0);
    });
    return { names: seats.map((x, g) => x.name || t("seat.number", { n: g + 1 })), totals };
  }

  // ---- what the player does ----------------------------------------------------

  /** Sends an action in the notation, answering the view of event `seq` (by default
   * the latest); the answer (ack or error) renders. */
  send(action, seq = this.seq) {
    this.sendPlay({ type: "action", action, seq });
  }

  /** Sends an action or an undo; while disconnected it waits for the connection (the
   * latest one tried replaces any before it). While one sent is not answered yet (ack,
   * undone or error) nothing more goes: a double click sends one action, not a second
   * that the server could only refuse as stale. */
  sendPlay(message) {
    // a game over has nothing left to play (Play again is asked for over HTTP)
    if (this.seq === null || this.pending || this.over()) return;
    if (this.socket.refused) {
      this.message = { kind: "error", key: "connection.stopped" };
      this.render();
      return;
    }
    if (!this.socket.send(message)) {
      this.queued = { message, seq: this.seq };
      this.message = { kind: "info", key: "status.queued" };
      this.render();
      return;
    }
    this.pending = true;
    this.sentWith = this.message;
  }

  /** Our action was taken: the message shown when it went (a refusal, a hint) is done
   * with; one that came while it was on its way (a player left) stays. */
  clearSent() {
    if (this.message === this.sentWith) this.message = null;
    this.sentWith = null;
  }

  /** Asks the server for the heuristic bot's suggestion (answered by `hint`). */
  askHint() {
    if (this.over() || this.timedOut()) return; // the server would refuse it (server.clock)
    // the hint for this position came already: shown again, not asked again
    if (this.advice && this.advice.seq === this.seq) {
      this.message = { kind: "hint", hint: this.advice };
      this.render();
      return;
    }
    if (this.hintAsked === this.seq) return; // one is on its way
    if (this.socket.send({ type: "hint" })) this.hintAsked = this.seq;
    else {
      this.message = this.socket.refused ? { kind: "error", key: "connection.stopped" } : { kind: "info", key: "status.reconnecting" };
      this.render();
    }
  }

  /** Whether the game on screen is over. */
  over() {
    return Boolean(this.view && this.view.game_over);
  }

  /** Takes back our last meld, lay-off or joker swap (the server says if it may not). */
  undo() {
    this.sendPlay({ type: "undo", seq: this.seq });
  }

  selectedCards() {
    const keys = this.hand.keys();
    return this.hand.cards.filter((_, i) => this.selected.has(keys[i]));
  }

  toggle(key) {
    if (this.over()) return; // the hand as it ended: nothing to play it with
    if (this.selected.has(key)) this.selected.delete(key);
    else this.selected.add(key);
    this.message = null;
    this.render();
  }

  clearSelection() {
    this.selected.clear();
    this.render();
  }

  hint(key) {
    this.message = { kind: "info", key };
    this.render();
  }

  draw() {
    this.send("draw");
  }

  take(depth) {
    const options = choices(this.view, []);
    if (this.view.phase === "rummy" && options.calls.some((c) => c.depth === depth)) this.send(`rummy ${depth}`);
    else this.send(`take ${depth}`);
  }

  async meld() {
    const cards = this.selectedCards();
    if (!cards.length) return this.hint("hint.select-meld");
    const { melds } = choices(this.view, cards);
    if (melds.length === 1) return this.send(melds[0].text);
    if (melds.length > 1) {
      const seq = this.seq;
      const chosen = await choose(() => t("choose.meld"), () => melds.map((m) => this.actionOption(m)));
      if (chosen) this.send(chosen, seq);
      return;
    }
    this.send(tryMeld(cards));
  }

  /** Lays the selection off on (or swaps it into) meld `number`. */
  async onMeld(number) {
    const cards = this.selectedCards();
    if (!cards.length) return this.hint("hint.select-layoff");
    const fits = choices(this.view, cards).onMeld.filter((a) => a.meld === number);
    if (fits.length === 1) return this.send(fits[0].text);
    if (fits.length > 1) {
      const seq = this.seq;
      const chosen = await choose(() => t("choose.layoff"), () => fits.map((a) => this.actionOption(a)));
      if (chosen) this.send(chosen, seq);
      return;
    }
    this.send(tryLayoff(cards, number));
  }

  /** The "Lay off" button: the one meld that takes the selection, or a choice. */
  async layoff() {
    const cards = this.selectedCards();
    if (!cards.length) return this.hint("hint.select-layoff");
    const fits = choices(this.view, cards).onMeld;
    if (fits.length === 1) return this.send(fits[0].text);
    if (fits.length > 1) {
      const seq = this.seq;
      const chosen = await choose(() => t("choose.layoff"), () => fits.map((a) => this.actionOption(a)));
      if (chosen) this.send(chosen, seq);
      return;
    }
    // no meld on the table to touch: the server says what refuses it
    if (!this.view.melds.length) return this.send(tryLayoff(cards, 1));
    this.hint("hint.touch-meld");
  }

  discard() {
    const cards = this.selectedCards();
    // before the draw (or out of turn) no card can go: the server's rule says why, not a
    // hint to pick one
    const hand = this.view.hand || [];
    if (this.view.phase !== "play" && hand.length) return this.send(tryDiscard(cards.length === 1 ? cards : hand));
    if (cards.length !== 1) return this.hint("hint.select-discard");
    const { discard } = choices(this.view, cards);
    this.send(discard ? discard.text : tryDiscard(cards));
  }

  end() {
    this.send("end");
  }

  /** A choice button for an action: its words and its cards. */
  actionOption(action) {
    const name = this.playerName(this.seat);
    return {
      value: action.text,
      label: describe(name, action.text, [], true),
      // shown as what to do ("lay off ... at its low end"); said with the player's name
      node: [h("span", { class: "choice-label" }, actionWords(action.text)), action.cards.map((c) => cardNode(c, { mini: true }))],
    };
  }

  sort(mode) {
    this.hand.sort(mode);
    this.render();
  }

  moveCard(from, to) {
    if (this.hand.move(from, to)) this.render(`hand-${to}`);
  }

  /** A card of the hand is being dragged: the screen is not drawn again until it is
   * dropped (a redraw would put it back and lose the drag), for DRAG_HOLD_MS at most. */
  dragCard() {
    this.dragging = performance.now();
  }

  /** The dragged card (its key: the hand may have changed while it was held) was
   * dropped at place `to`: the redraws held back meanwhile happen now, with it. */
  dropCard(key, to) {
    this.dragging = null;
    const deferred = this.deferred;
    this.deferred = false;
    const from = this.hand.keys().indexOf(key);
    const at = Math.min(to, this.hand.cards.length - 1);
    if (from >= 0 && this.hand.move(from, at)) this.render(`hand-${at}`);
    else if (deferred) this.render();
  }

  // ---- drawing -------------------------------------------------------------------

  /** Says `text` to screen readers, in one of the page's two lasting live regions: a
   * refusal or fault (`urgent`) in the assertive one, where the next player's move does
   * not replace it, the rest in the polite one. */
  announce(text, urgent = false) {
    const live = document.getElementById(urgent ? "alert" : "announce");
    if (live) live.textContent = text || "";
  }

  /** When `clock` runs out on this page's monotonic clock (performance.now()): the
   * seconds the server said were `left` when it sent the state, counted from now, when
   * it came, so a device whose clock is wrong still shows the right time; an older
   * server sends only the `deadline`, which has to trust the device's clock. */
  clockEnd(clock) {
    if (typeof clock.left === "number" && Number.isFinite(clock.left)) return performance.now() + Math.max(0, clock.left) * 1000;
    const deadline = Date.parse(clock.deadline);
    if (Number.isNaN(deadline)) return null;
    return performance.now() + (deadline - Date.now());
  }

  /** Whether our clock ran out in the turn in progress (a bot plays the rest of it). */
  timedOut() {
    const c = this.clock;
    return Boolean(c && c.fired && this.seat !== null && c.seat === this.seat);
  }

  /** The seconds left on the running clock (null: no clock runs). */
  clockLeft() {
    if (!this.clock || this.clockEnds === null) return null;
    return Math.max(0, Math.ceil((this.clockEnds - performance.now()) / 1000));
  }

  tick() {
    const el = this.root.querySelector("[data-clock]");
    const left = this.clockLeft();
    if (!el || left === null) return;
    el.textContent = t("player.clock", { seconds: left });
    el.classList.toggle("low", left <= 10);
  }

  /** The connection's state at the top: a live region, so written only when it changes
   * (each write would be said again). */
  renderStatus() {
    const el = document.getElementById("connection");
    if (el) {
      const text = t(`connection.${this.connection}`);
      if (el.textContent !== text) el.textContent = text;
      if (el.dataset.state !== this.connection) el.dataset.state = this.connection;
    }
  }

  /** Draws the whole screen again, keeping the focus on the same control: the node itself
   * where it is drawn alike (dom.js redraw), else the one drawn with its key, else a
   * neighbour (refocus); `focusKey`: the control to focus instead. */
  render(focusKey = null) {
    if (this.dragging !== null && performance.now() - this.dragging < DRAG_HOLD_MS) {
      this.deferred = true;
      return;
    }
    this.dragging = null; // a drag held past DRAG_HOLD_MS (a pointer never let go) ends
    // the hand's log as the player left it, even where its toggle event has not come yet
    const log = this.root.querySelector("details.log");
    if (log) this.logOpen = log.open;
    const active = document.activeElement;
    // the focus is on the screen drawn here (not in a dialog, not in the header)
    const inApp = Boolean(active && active !== this.root && this.root.contains(active));
    const key = inApp && active.dataset ? active.dataset.focus || null : null;
    const keys = inApp ? focusKeys(this.root) : [];
    const wanted = this.wanted && this.wanted.el === active ? this.wanted.key : null;
    this.wanted = null;
    // a text field being typed in keeps its caret (the waiting room redraws as people come)
    const selection = !focusKey && active && typeof active.selectionStart === "number" ? [active.selectionStart, active.selectionEnd] : null;
    const playing = this.view && this.table && this.table.status !== "waiting" && this.table.game === this.game;
    if (playing) {
      renderTable(this.root, this);
      this.hand.fresh.clear(); // new cards rise once, not at every redraw
      setTitle(t("table.title", { code: this.table.code }));
    } else {
      renderRoom(this.root, this);
      // a table that could not be loaded is still named, by the reference in the link
      setTitle(t("room.title", { code: this.table ? this.table.code : String(this.ref).toUpperCase() }));
    }
    this.renderStatus();
    this.tick();
    // the control asked for (a card moved by the keyboard; the game's result, once no
    // dialog is up)
    const next = focusKey || (openDialogId() ? null : this.focusNext);
    if (!openDialogId()) this.focusNext = null;
    if (next && this.root.querySelector(`[data-focus="${next}"]`)) focusOn(this.root, next);
    else if (wanted && focusFirstOf(this.root, FOCUS_NEXT[wanted.replace(/-\d+$/, "")] || [])) this.wanted = null;
    else if (inApp && document.activeElement !== active) this.wanted = refocus(this.root, key, keys, selection, wanted);
    else if (wanted) this.wanted = { key: wanted, el: active };
    // a new message is said once, in the live region that stays on the page: the line
    // drawn at every redraw is not a live region, or it would be said again each time
    if (this.message !== this.said) {
      this.said = this.message;
      if (this.message) this.announce(this.messageText(this.message, true), this.message.kind === "error");
    }
  }
}
