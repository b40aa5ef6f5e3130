// A finished game, step by step (?replay=GAME): every deal and every action, with every
// player's hand shown. The steps come from /web/replay/GAME (the engine replays the
// game's record on the server).

import { cardName, cardNode } from "./cards.js";
import { h, redraw, replace } from "./dom.js";
import { has, setTitle, t } from "./i18n.js";
import { describe } from "./words.js";
import { presetName } from "./lobby.js";
import { winnerLine } from "./table.js";

export class Replay {
  constructor(root, id) {
    this.root = root;
    this.id = id;
    this.doc = null;
    this.step = 0;
    this.error = null;
  }

  async start() {
    try {
      const response = await fetch(`/web/replay/${encodeURIComponent(this.id)}`);
      // a proxy's error page is not JSON: its status says what went wrong
      const doc = await response.json().catch(() => null);
      if (!response.ok || !doc) {
        const error = doc && doc.error ? doc.error : {};
        this.error = { rule: error.rule || null, text: error.message || `${response.status} ${response.statusText}`.trim() };
      } else this.doc = doc;
    } catch (e) {
      this.error = { rule: null, text: String(e.message || e) };
    }
    document.addEventListener("keydown", (e) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return; // Alt+← is the browser's Back
      // on the slider, Page Up / Page Down move ten steps here too (its own jump is a
      // tenth of the game); its arrows, Home and End are its own, to the same effect
      const field = e.target.closest("input, select, textarea");
      if (field && !(field.type === "range" && (e.key === "PageUp" || e.key === "PageDown"))) return;
      const moves = { ArrowRight: 1, ArrowLeft: -1, PageDown: 10, PageUp: -10 };
      if (e.key in moves) {
        e.preventDefault();
        this.go(this.step + moves[e.key]);
      } else if (e.key === "Home") this.go(0);
      else if (e.key === "End") this.go(Infinity);
    });
    window.rk.replay = this;
    this.render();
  }

  /** Shows step `step` (from 0); the focus stays where it is (the button pressed, the
   * slider), and the step's action is said in the page's lasting live region. */
  go(step) {
    if (!this.doc) return;
    this.step = Math.max(0, Math.min(this.doc.frames.length - 1, step));
    this.render();
    const live = document.getElementById("announce");
    if (live) live.textContent = this.what(true);
  }

  /** What step this.step shows, in words (`spoken`: its cards named in words). */
  what(spoken = false) {
    const frame = this.doc.frames[this.step];
    const v = frame.view;
    const players = this.doc.players;
    const dealer = frame.dealer ?? v.dealer;
    const text = frame.action === null ? t("replay.deal", { hand: v.hand_number, name: players[dealer] }) : describe(players[frame.seat], frame.action, [], spoken);
    // the last step says who won
    return this.step === this.doc.frames.length - 1 && v.game_over ? `${text}. ${winnerLine(v)}` : text;
  }

  /** The first step of the next (+1) or previous (-1) hand. */
  hand(direction) {
    const frames = this.doc.frames;
    const now = frames[this.step].view.hand_number;
    const target = now + direction;
    const i = frames.findIndex((f) => f.view.hand_number === target && f.action === null);
    if (i >= 0) this.go(i);
  }

  render() {
    const active = document.activeElement;
    const keep = active && this.root.contains(active) && active.dataset ? active.dataset.focus : null;
    setTitle(t("replay.title"));
    if (this.error || !this.doc) {
      // the server's refusal in the page's language where the catalogue has it
      const error = this.error || { rule: null, text: "" };
      const said = error.rule && has(`rule.${error.rule}`) ? t(`rule.${error.rule}`) : error.text;
      replace(this.root, h("section", { class: "room" }, h("p", { role: "alert" }, t("replay.missing")), h("p", {}, said), h("a", { href: "/" }, t("nav.lobby"))));
      return;
    }
    const frames = this.doc.frames;
    const frame = frames[this.step];
    const v = frame.view;
    const players = this.doc.players;
    const nav = (label, key, onClick) => h("button", { type: "button", class: "tool", "data-focus": key, onclick: onClick }, label);
    // the frame's seats and totals are the game's: the view's are the hand's, and a tie
    // play-off hand is dealt to the leaders alone ([game.ties]); a server of before them
    // sends the view's alone
    const dealt = frame.dealt || players.map((_, seat) => seat);
    const totals = frame.totals || v.totals;
    const what = this.what();
    redraw(
      this.root,
      h(
        "section",
        { class: "table-screen replay", "aria-label": t("replay.title") },
        h(
          "div",
          { class: "status-bar" },
          h("h1", { class: "status" }, t("replay.heading", { preset: presetName(this.doc.preset) })),
          h("span", { class: "hand-number" }, t("replay.step", { step: this.step + 1, steps: frames.length, hand: v.hand_number })),
        ),
        // not a live region, drawn afresh at every step: go() says the step in #announce
        h("p", { class: "status yours", id: "replay-what" }, what),
        h(
          "div",
          { class: "controls replay-controls", role: "toolbar", "aria-label": t("table.controls") },
          nav(t("replay.prev-hand"), "replay-prev-hand", () => this.hand(-1)),
          nav(t("replay.prev"), "replay-prev", () => this.go(this.step - 1)),
          h("input", {
            type: "range",
            min: "1",
            max: String(frames.length),
            value: String(this.step + 1),
            "data-focus": "replay-step",
            "aria-label": t("replay.slider"),
            "aria-valuetext": t("replay.step-of", { step: this.step + 1, steps: frames.length }),
            oninput: (e) => this.go(Number(e.target.value) - 1),
          }),
          nav(t("replay.next"), "replay-next", () => this.go(this.step + 1)),
          nav(t("replay.next-hand"), "replay-next-hand", () => this.hand(1)),
        ),
        h(
          "ul",
          { class: "players replay-players", "aria-label": t("table.players") },
          players.map((name, seat) =>
            h(
              "li",
              { class: `player${frame.seat === seat ? " to-act" : ""}${dealt.includes(seat) ? "" : " sat-out"}`, "data-seat": seat },
              h("div", { class: "player-top" }, h("span", { class: "player-name" }, name), h("span", { class: "score" }, t("player.score", { score: totals[seat], count: totals[seat] }))),
              dealt.includes(seat)
                ? h("div", { class: "known", role: "group", "aria-label": t("replay.hand-of", { name }) }, (frame.hands[seat] || []).map((c) => cardNode(c, { mini: true })))
                : h("p", { class: "muted" }, t("replay.sits-out")),
            ),
          ),
        ),
        h(
          "section",
          { class: "stock-pile" },
          h("div", { class: "stock-box" }, h("h2", { class: "area-title" }, t("table.stock-title")), h("p", { role: "img", "aria-label": t("replay.stock", { count: v.stock_size }) }, String(v.stock_size))),
          h("div", { class: "pile-box" }, h("h2", { class: "area-title" }, t("table.pile-title")), h("div", { class: "pile", role: "group", "aria-label": t("table.pile", { count: v.pile.length }) }, v.pile.map((c) => cardNode(c, { mini: true })))),
        ),
        h(
          "section",
          { class: "melds", "aria-label": t("table.melds") },
          v.melds.length
            ? v.melds.map((m) => h("div", { class: "meld", role: "group", "aria-label": t("table.meld", { number: m.number, kind: t(`meld.${m.kind}`), cards: m.cards.map(cardName).join(", ") }) }, h("span", { class: "meld-number", "aria-hidden": "true" }, String(m.number)), m.cards.map((c) => cardNode(c, { mini: true }))))
            : h("p", { class: "muted" }, t("table.no-melds")),
        ),
        h("p", {}, h("a", { href: "/", class: "button-link", "data-focus": "lobby" }, t("nav.lobby"))),
      ),
    );
    // the control that had the focus, where redraw() could not keep it
    if (keep) {
      const el = this.root.querySelector(`[data-focus="${keep}"]`);
      if (el && el !== document.activeElement) el.focus();
    }
  }
}
