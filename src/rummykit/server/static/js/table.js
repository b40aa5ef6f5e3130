// The game on screen: the other players, the stock and the spread discard pile, the
// melds grouped by who laid them, your hand and the buttons the selection makes legal,
// the hand's log, and the result once the game is over.

import * as api from "./api.js";
import { backSvg, cardName, cardNode } from "./cards.js";
import { h, fromMarkup, listen, redraw } from "./dom.js";
import { choices, parseAction } from "./legal.js";
import { language, t } from "./i18n.js";
import { enableDrag } from "./hand.js";
import { showDialog } from "./dialogs.js";
import { describe } from "./words.js";
import { joinAgain, messageLine } from "./room.js";
import { shortcutsOn } from "./prefs.js";
import { withToken } from "./requests.js";

/** What to tell the player now: whose turn, what to do. */
function statusText(s) {
  const v = s.view;
  if (v.game_over) return t("status.game-over");
  if (v.to_act === null) return t("status.hand-over");
  const name = v.players[v.to_act];
  if (v.seat === null || v.to_act !== v.seat) {
    if (v.phase === "rummy") return t("status.rummy-other", { name });
    return s.seat === null ? t("status.watching", { name }) : t("status.other", { name });
  }
  if (s.timedOut()) return t("status.clock-out");
  if (v.phase === "rummy") return t("status.rummy-you");
  if (v.phase === "draw") return v.stock_size === 0 ? t("status.draw-empty") : t("status.draw");
  if (v.must_meld) return t("status.must-meld", { card: cardName(v.must_meld) });
  return t("status.play");
}

/** What the hint on screen touches: hand cards (their keys), pile depths, the stock, a
 * meld, a button (pass, end); nothing once the table has moved on. */
function adviceTargets(s) {
  const out = { keys: new Set(), depths: new Set(), stock: false, meld: null, verb: null };
  const advice = s.advice;
  if (!advice || advice.seq !== s.seq || !s.view.hand) return out;
  const a = parseAction(advice.action);
  out.verb = a.verb;
  out.stock = a.verb === "draw";
  if (a.verb === "take" || a.verb === "rummy") for (let d = 1; d <= (a.depth || 1); d++) out.depths.add(d);
  out.meld = a.meld;
  const keys = s.hand.keys();
  for (const card of a.cards) {
    const base = card.startsWith("JK") ? "JK" : card;
    const i = s.hand.cards.findIndex((c, j) => c === base && !out.keys.has(keys[j]));
    if (i >= 0) out.keys.add(keys[i]);
  }
  return out;
}

/** The seat that put down most of a meld's cards (its owner on the table). */
function owner(meld) {
  const count = {};
  for (const seat of meld.laid_by) count[seat] = (count[seat] || 0) + 1;
  return Number(Object.keys(count).sort((a, b) => count[b] - count[a] || meld.laid_by.indexOf(Number(a)) - meld.laid_by.indexOf(Number(b)))[0]);
}

function players(s) {
  const v = s.view;
  return h(
    "ul",
    { class: "players", "aria-label": t("table.players") },
    v.players.map((name, seat) => {
      const game = s.gameSeatOf(seat); // the same seat, but in a tie play-off hand
      const seatDoc = s.table.seats[game] || {};
      const turn = v.to_act === seat;
      const last = s.lastText(game);
      const fresh = s.flash && s.flash.seat === game && s.flash.seq === s.seq;
      // taken from the pile, or drawn from a turned-over stock (drawn_known: servers of
      // before it send none)
      const known = [...v.known[seat], ...((v.drawn_known || [])[seat] || [])];
      return h(
        "li",
        { class: `player${turn ? " to-act" : ""}${seat === v.seat ? " me" : ""}${fresh ? " flash" : ""}`, "aria-current": turn ? "true" : null, "data-seat": seat },
        h(
          "div",
          { class: "player-top" },
          h("span", { class: "player-name" }, name),
          seat === v.seat ? h("span", { class: "badge you" }, t("seat.you")) : null,
          seatDoc.kind === "bot" ? h("span", { class: "badge" }, t("seat.bot-short")) : null,
          seatDoc.away ? h("span", { class: "badge" }, t("seat.away")) : null,
          seatDoc.kind === "person" && !seatDoc.connected && game !== s.seat ? h("span", { class: "badge" }, t("seat.offline")) : null,
        ),
        h(
          "div",
          { class: "player-stats" },
          h("span", { class: "count", role: "img", "aria-label": t("player.cards", { count: v.hand_sizes[seat] }) }, h("span", { class: "mini-back", "aria-hidden": "true" }), ` ${v.hand_sizes[seat]}`),
          h("span", { class: "score" }, t("player.score", { score: v.totals[seat], count: v.totals[seat] })),
          turn ? h("span", { class: "turn" }, t("player.turn")) : null,
          s.clock && s.clock.seat === game ? h("span", { class: "clock", "data-clock": "" }) : null,
        ),
        known.length ? h("div", { class: "known", role: "group", "aria-label": t("player.known") }, known.map((c) => cardNode(c, { mini: true }))) : null,
        h("div", { class: "last-action" }, last || "\u00a0"),
      );
    }),
  );
}

function stockAndPile(s, legal, advised) {
  const v = s.view;
  const mayDraw = legal.draw;
  // a stock made by turning the pile over unshuffled: everybody saw its order
  const next = v.open_stock && v.open_stock.length ? v.open_stock[0] : null;
  const stock = h(
    "button",
    {
      type: "button",
      class: `stock${mayDraw ? " legal" : ""}${advised.stock ? " hinted" : ""}`,
      "data-focus": "stock",
      "aria-label": next ? t("table.stock-open", { count: v.stock_size, card: cardName(next) }) : t("table.stock", { count: v.stock_size }),
      "data-legal": mayDraw ? "true" : "false",
      "data-next": next,
      onclick: () => s.draw(),
    },
    next ? cardNode(next, { mini: true }) : v.stock_size ? fromMarkup(backSvg()) : h("span", { class: "empty-stock" }, "∅"),
    h("span", { class: "stock-count", "aria-hidden": "true" }, String(v.stock_size)),
  );
  const depths = new Set([...legal.takes, ...legal.calls.map((c) => c.depth)]);
  const pile = h(
    "div",
    { class: "pile", role: "group", "aria-label": t("table.pile", { count: v.pile.length }) },
    v.pile.length
      ? v.pile.map((card, i) => {
          const depth = v.pile.length - i;
          // whether the card can be taken now is said, as its outline shows it
          const node = cardNode(card, {
            mini: true,
            button: true,
            label: t(depths.has(depth) ? "table.pile-card-now" : "table.pile-card-not-now", { card: cardName(card), depth }),
            extraClass: `${depths.has(depth) ? "legal" : ""}${depth === 1 ? " top" : ""}${depth === 1 && s.flash && s.flash.pile && s.flash.seq === s.seq ? " flash" : ""}${advised.depths.has(depth) ? " hinted" : ""}`,
          });
          node.dataset.depth = depth;
          node.dataset.focus = `pile-${depth}`;
          listen(node, "click", () => s.take(depth));
          return node;
        })
      : h("span", { class: "muted" }, t("table.pile-empty")),
  );
  return h(
    "section",
    { class: "stock-pile", "aria-label": t("table.stock-pile") },
    h("div", { class: "stock-box" }, h("h2", { class: "area-title" }, t("table.stock-title")), stock),
    h("div", { class: "pile-box" }, h("h2", { class: "area-title" }, t("table.pile-title")), pile),
  );
}

function melds(s, legal, advised, selected) {
  const v = s.view;
  const targets = new Set(legal.onMeld.map((a) => a.meld));
  // with cards selected, a meld that takes them says so, as its outline shows it
  const fits = (number) => selected.length > 0 && targets.has(number);
  const bySeat = v.players.map(() => []);
  for (const meld of v.melds) bySeat[owner(meld)].push(meld);
  const groups = bySeat
    .map((list, seat) =>
      list.length
        ? h(
            "section",
            { class: "meld-group", "aria-label": t("table.melds-of", { name: v.players[seat] }) },
            h("h3", { class: "area-title" }, t("table.melds-of", { name: v.players[seat] })),
            h(
              "div",
              { class: "meld-list" },
              list.map((meld) => {
                const flash = s.flash && s.flash.meld === meld.number && s.flash.seq === s.seq;
                const names = meld.cards.map(cardName).join(", ");
                return h(
                  "button",
                  {
                    type: "button",
                    class: `meld${targets.has(meld.number) ? " legal" : ""}${flash ? " flash" : ""}${advised.meld === meld.number ? " hinted" : ""}`,
                    "data-meld": meld.number,
                    "data-focus": `meld-${meld.number}`,
                    "aria-label": t(fits(meld.number) ? "table.meld-fits" : "table.meld", { number: meld.number, kind: t(`meld.${meld.kind}`), cards: names }),
                    onclick: () => s.onMeld(meld.number),
                  },
                  h("span", { class: "meld-number", "aria-hidden": "true" }, String(meld.number)),
                  meld.cards.map((card, i) => {
                    const by = meld.laid_by[i];
                    const node = cardNode(card, { mini: true, extraClass: by !== seat ? "laid-off" : "" });
                    if (by !== seat) node.title = t("table.laid-off-by", { name: v.players[by] });
                    return node;
                  }),
                );
              }),
            ),
          )
        : null,
    )
    .filter(Boolean);
  return h(
    "section",
    { class: "melds", "aria-label": t("table.melds") },
    groups.length ? groups : h("p", { class: "muted" }, t("table.no-melds")),
  );
}

function handArea(s, advised) {
  const keys = s.hand.keys();
  // the cards that came in last (a draw, a take, a joker swapped back): marked, and so
  // named, until the hand changes again, not only raised a moment (no motion for some)
  const recent = {};
  for (const card of s.hand.recent) recent[card] = (recent[card] || 0) + 1;
  // one Tab stop for the whole hand (the card last focused), the arrows moving within it
  const roving = Math.min(s.handFocus || 0, s.hand.cards.length - 1);
  const hand = h(
    "div",
    { class: "hand", role: "group", "aria-label": t("table.hand", { count: s.hand.cards.length }) },
    s.hand.cards.map((card, i) => {
      const picked = s.selected.has(keys[i]);
      const fresh = recent[card] > 0;
      if (fresh) recent[card] -= 1;
      const node = cardNode(card, {
        button: true,
        label: fresh ? t("card.new", { card: cardName(card) }) : null,
        extraClass: `${picked ? "selected" : ""}${s.hand.fresh.has(card) ? " fresh" : ""}${fresh ? " new" : ""}${card === s.view.must_meld ? " must-meld" : ""}${advised.keys.has(keys[i]) ? " hinted" : ""}`,
      });
      node.setAttribute("aria-pressed", picked ? "true" : "false");
      node.dataset.index = i;
      node.dataset.key = keys[i];
      node.dataset.focus = `hand-${i}`;
      node.tabIndex = i === roving ? 0 : -1;
      listen(node, "click", () => s.toggle(keys[i]));
      listen(node, "focus", () => {
        s.handFocus = i;
        for (const other of node.parentElement ? node.parentElement.children : []) other.tabIndex = other === node ? 0 : -1;
      });
      return node;
    }),
  );
  enableDrag(hand, () => s.dragCard(), (key, to) => s.dropCard(key, to));
  return hand;
}

function button(label, key, legal, onClick, shortcut, hinted = false) {
  const keys = shortcutsOn(); // the letter keys may be turned off (the page's header)
  return h(
    "button",
    {
      type: "button",
      class: `act${legal ? " legal" : ""}${hinted ? " hinted" : ""}`,
      "data-action": key,
      "data-focus": `act-${key}`,
      "data-legal": legal ? "true" : "false",
      // a dim button still answers: the server then says which rule refuses the action
      "aria-label": legal ? label : t("button.not-now", { label }),
      "aria-keyshortcuts": keys ? shortcut : null,
      title: keys ? `${label} (${shortcut.toUpperCase()})` : label,
      onclick: onClick,
    },
    label,
  );
}

function controls(s, legal, selected, advised) {
  const mine = s.view.seat !== null && s.view.to_act === s.view.seat;
  const row = h("div", { class: "controls", role: "toolbar", "aria-label": t("table.controls") });
  row.append(
    button(t("button.draw"), "draw", mine && legal.draw, () => s.draw(), "d"),
    button(t("button.meld"), "meld", legal.melds.length > 0, () => s.meld(), "m"),
    button(t("button.layoff"), "layoff", legal.onMeld.length > 0, () => s.layoff(), "l"),
    button(t("button.discard"), "discard", legal.discard !== null, () => s.discard(), "x"),
    // lit only when the server says an undo is allowed; dim, it still answers with the rule
    button(t("button.undo"), "undo", s.canUndo, () => s.undo(), "u"),
  );
  if (legal.end) row.append(button(t("button.end"), "end", true, () => s.end(), "e", advised.verb === "end"));
  if (legal.pass) row.append(button(t("button.pass"), "pass", true, () => s.send("pass"), "p", advised.verb === "pass"));
  const sortBy = s.hand.nextSort(); // what S does too (keys.js)
  const keys = shortcutsOn();
  const tools = h(
    "div",
    { class: "tools" },
    h("button", { type: "button", class: "tool", "data-action": "hint", "data-focus": "hint", "aria-keyshortcuts": keys ? "h" : null, title: keys ? `${t("button.hint")} (H)` : null, onclick: () => s.askHint() }, t("button.hint")),
    h("button", { type: "button", class: "tool", "data-focus": "sort", "aria-keyshortcuts": keys ? "s" : null, onclick: () => s.sort(sortBy) }, t(`button.sort-${sortBy}`)),
    selected.length ? h("button", { type: "button", class: "tool", "data-focus": "clear", onclick: () => s.clearSelection() }, t("button.clear", { count: selected.length })) : null,
    h(
      "button",
      {
        type: "button",
        class: "tool",
        "data-focus": "sheet",
        onclick: () => showDialog({ id: "score-sheet", content: () => ({ title: t("sheet.title"), body: [s.scoreSheet()], buttons: [{ label: t("button.close"), primary: true }] }) }),
      },
      t("button.sheet"),
    ),
  );
  return h("div", { class: "control-bar" }, row, tools);
}

function log(s) {
  const v = s.view;
  return h(
    "details",
    // drawn again at every move: it stays as the player left it
    { class: "log", open: s.logOpen, ontoggle: (e) => (s.logOpen = e.target.open) },
    h("summary", { "data-focus": "log" }, t("table.log", { hand: v.hand_number })),
    h("ol", { class: "log-list" }, v.log.map((entry) => h("li", {}, describe(v.players[entry.seat], entry.action)))),
  );
}

/** Who won the game of view `v`: the winner, or every winner of a shared win (`winners`;
 * a view from before that field names the winner alone). */
export function winnerLine(v) {
  const names = (v.winners || (v.winner === null ? [] : [v.winner])).map((i) => v.players[i]);
  if (names.length === 1) return t("result.winner", { name: names[0] });
  if (names.length === 0) return t("result.no-winner");
  return t("result.shared", { names: new Intl.ListFormat(language(), { type: "conjunction" }).format(names) });
}

function result(s) {
  const v = s.view;
  const winner = winnerLine(v);
  const mine = s.saved();
  // this game's own view says it is over, even where the table's document (sent just
  // after it) has not come in yet: the server marks the table over before the last event
  const over = s.table.status === "over" || (v.game_over && s.table.game === s.game);
  return h(
    "section",
    { class: "result", "aria-labelledby": "result-title" },
    h("h2", { id: "result-title", tabindex: "-1", "data-focus": "result" }, t("result.title")),
    h("p", { class: "winner" }, winner),
    s.scoreSheet(),
    h(
      "div",
      { class: "room-controls" },
      mine && s.seat !== null && over
        ? h("button", { type: "button", class: "primary", "data-focus": "again", onclick: () => withToken(s, api.again) }, t("result.again"))
        : null,
      h("a", { href: "/", class: "button-link", "data-focus": "lobby" }, t("nav.lobby")),
    ),
  );
}

export function renderTable(root, s) {
  const v = s.view;
  const selected = s.view.hand ? s.selectedCards() : [];
  const legal = choices(v, selected);
  const advised = adviceTargets(s);
  const mine = s.saved();
  const away = s.seat !== null && s.table.seats[s.seat] && s.table.seats[s.seat].away;
  redraw(
    root,
    h(
      "section",
      { class: `table-screen${s.seat === null ? " spectating" : ""}`, "aria-labelledby": "table-title" },
      h("h1", { class: "visually-hidden", id: "table-title" }, t("table.title", { code: s.table.code })),
      h(
        "div",
        { class: "status-bar" },
        // what to do now: a heading to find it by, and where the focus goes when the
        // control that had it is gone with nothing near to take its place
        h("h2", { class: `status${v.seat !== null && v.to_act === v.seat ? " yours" : ""}`, id: "status", tabindex: "-1", "data-focus": "status" }, statusText(s)),
        h("span", { class: "hand-number" }, t("table.hand-number", { hand: v.hand_number, code: s.table.code })),
      ),
      away && mine ? h("div", { class: "away-bar" }, t("table.away"), " ", h("button", { type: "button", class: "primary", "data-focus": "back", onclick: () => withToken(s, api.back) }, t("table.back"))) : null,
      v.game_over ? result(s) : null,
      players(s),
      stockAndPile(s, legal, advised),
      melds(s, legal, advised, selected),
      messageLine(s),
      // once the game is over the hand is shown as it ended, with nothing left to press
      v.hand ? h("section", { class: "my-hand", "aria-label": t("table.your-hand") }, handArea(s, advised), v.game_over ? null : controls(s, legal, selected, advised)) : h("div", {}, h("p", { class: "muted spectator-note" }, t("table.spectator")), joinAgain(s)),
      log(s),
    ),
  );
}
