// The lobby: make a table (a preset, its main options, "more rules", the seats, a turn
// clock), join one by its code, the tables waiting for players, finished games to replay.

import * as api from "./api.js";
import { h, replace } from "./dom.js";
import { has, language, setTitle, t } from "./i18n.js";
import * as prefs from "./prefs.js";

/** The levels offered first, by how hard they are. */
const DIFFICULTIES = ["easy", "medium", "hard", "expert"];

export const presetName = (name) => (has(`preset.${name}.name`) ? t(`preset.${name}.name`) : name);
const optionName = (key) => t(`option.${key}.name`);
const valueName = (key, value) => {
  const id = `value.${key}.${value}`;
  return has(id) ? t(id) : String(value);
};

/** The table a "code or link" box names: the code typed (spaces dropped: "ABC DEF"), or
 * the `t` of a table's link pasted whole (`https://host/?t=ABCDEF`). */
export function tableRef(text) {
  const typed = text.trim();
  try {
    const ref = new URL(typed).searchParams.get("t");
    if (ref) return ref.trim();
  } catch {
    // not a link: a code
  }
  return typed.replace(/\s+/g, "");
}

/** Whether lobby error `rule` refuses the request ("Not allowed:"), rather than naming a
 * fault: no answer (page.*), a server error (server.*), a server that holds as many
 * tables as it may, or a table it could not bring back. */
function refused(rule) {
  return Boolean(rule) && rule.startsWith("lobby.") && rule !== "lobby.full" && rule !== "lobby.unavailable";
}

/** A bot's name at seat `i`, in the page's language: a difficulty and its seat's number
 * ("Średni 2"), as the server names a bot it is given no name for ("Medium 2"); a bot of
 * another level (whose words are not names: "rollout", "careless 25") is "Bot 3". */
function botName(level, i) {
  const word = DIFFICULTIES.includes(level) ? t(`level.${level}`) : t("seat.bot-short");
  return `${word.charAt(0).toLocaleUpperCase(language())}${word.slice(1)} ${i + 1}`;
}

/** One option's input: a select for choices and yes/no, a number box (empty: none). */
function optionInput(key, form, value) {
  const id = `opt-${key}`;
  let input;
  if (form.kind === "bool" || form.kind === "choice") {
    const values = form.kind === "bool" ? [false, true] : form.choices;
    input = h(
      "select",
      { id, "data-option": key, "aria-describedby": `${id}-help` },
      values.map((v) => h("option", { value: JSON.stringify(v), selected: JSON.stringify(v) === JSON.stringify(value) }, form.kind === "bool" ? t(v ? "value.yes" : "value.no") : valueName(key, v))),
    );
  } else {
    input = h("input", { id, "data-option": key, "aria-describedby": `${id}-help`, type: "number", min: String(form.min), value: value === null ? "" : String(value), placeholder: form.nullable ? t("value.none") : "", inputmode: "numeric" });
    // the browser's own refusal of a value is in the browser's language: ours instead
    input.addEventListener("invalid", () => input.setCustomValidity(input.validity.rangeUnderflow ? t("form.at-least", { min: form.min }) : t("form.whole-number")));
    input.addEventListener("input", () => input.setCustomValidity(""));
  }
  return h(
    "div",
    { class: "field" },
    h("label", { for: id }, optionName(key)),
    input,
    h("small", { class: "help", id: `${id}-help` }, t(`option.${key}.desc`)),
  );
}

/** The options that differ from the preset, read from the form. */
function readOptions(form, preset) {
  const options = {};
  for (const el of form.querySelectorAll("[data-option]")) {
    const key = el.dataset.option;
    let value;
    if (el.tagName === "SELECT") value = JSON.parse(el.value);
    else value = el.value.trim() === "" ? null : Number(el.value);
    if (JSON.stringify(value) !== JSON.stringify(preset.options[key])) options[key] = value;
  }
  return options;
}

function seatRow(config, index, state) {
  const id = `seat-${index}`;
  const choicesList = index === 0 ? ["you"] : ["open", ...config.levels.map((l) => `bot:${l}`)];
  return h(
    "div",
    { class: "field seat-field" },
    h("label", { for: id }, t("seat.number", { n: index + 1 })),
    h(
      "select",
      { id, "data-seat": index, disabled: index === 0 },
      choicesList.map((c) =>
        h("option", { value: c, selected: c === state }, c === "you" ? t("lobby.seat-you") : c === "open" ? t("lobby.seat-open") : t("seat.bot", { level: t(`level.${c.slice(4)}`) })),
      ),
    ),
  );
}

// What the new-table form held when the lobby was last drawn: a redraw (a language switch)
// keeps it, and says its message again in the new language.
let kept = null; // {preset, seatStates, typedName, values: {id: value}, more, said}
// {key, table}: the table the form made for a name the server refused, while nobody sits
// at it; kept across a language switch, which draws the lobby again
let made = null;

export async function renderLobby(root, config) {
  setTitle(t("lobby.title"));
  const presetNames = Object.keys(config.presets);
  let preset = kept ? kept.preset : "500-rum";
  let seatStates = kept ? [...kept.seatStates] : ["you", "bot:medium"];
  let typedName = kept ? kept.typedName : prefs.prefs().name || "";
  let restore = kept; // the inputs' values, put back by the first draw
  let said = kept ? kept.said : null; // the message shown: {hint} or {rule, detail}
  const form = h("form", { class: "new-table", "aria-labelledby": "new-title" });
  const message = h("div", { class: "message", role: "alert" });
  const keep = () => {
    const values = {};
    for (const el of form.querySelectorAll("[data-option], #clock")) values[el.id] = el.value;
    const more = form.querySelector(".more-rules");
    kept = { preset, seatStates: [...seatStates], typedName, values, more: Boolean(more && more.open), said };
  };
  const say = (what) => {
    said = what;
    if (!what) replace(message);
    else if (what.hint) replace(message, t(what.hint));
    // "Not allowed:" for a request refused; not for a fault (no answer, a full server)
    else replace(message, ...(refused(what.rule) ? [h("strong", {}, t("error.not-allowed")), " "] : []), h("code", { class: "rule-id" }, `[${what.rule}]`), " ", has(`rule.${what.rule}`) ? t(`rule.${what.rule}`) : "", what.detail ? h("small", { class: "detail", lang: "en" }, what.detail) : "");
    keep();
  };
  form.addEventListener("input", keep);
  form.addEventListener("change", keep);
  // the browser refuses a value the form itself forbids, with its own message: one of
  // ours still on show would answer another try
  form.addEventListener("invalid", () => said && say(null), true);
  form.addEventListener("toggle", keep, true); // "more rules" opened or closed

  const draw = () => {
    const p = config.presets[preset];
    const main = config.main_options.map((k) => optionInput(k, config.options[k], p.options[k]));
    const more = Object.keys(config.options)
      .filter((k) => !config.main_options.includes(k))
      .map((k) => optionInput(k, config.options[k], p.options[k]));
    const presetSelect = h(
      "select",
      {
        id: "preset",
        "aria-describedby": "preset-desc",
        onchange: (e) => {
          keep(); // a new game's rules are its own, but the turn clock and "more rules" stay
          restore = { values: { clock: kept.values.clock }, more: kept.more };
          preset = e.target.value;
          const max = config.presets[preset].max_players;
          seatStates = seatStates.slice(0, max);
          draw();
        },
      },
      presetNames.map((name) => h("option", { value: name, selected: name === preset }, presetName(name))),
    );
    const seatsBox = h("div", { class: "seat-fields" }, seatStates.map((s, i) => seatRow(config, i, s)));
    seatsBox.addEventListener("change", (e) => {
      seatStates[Number(e.target.dataset.seat)] = e.target.value;
    });
    const count = h(
      "select",
      {
        id: "seat-count",
        onchange: (e) => {
          keep(); // the rules and the clock chosen stay as they are
          restore = kept;
          const n = Number(e.target.value);
          while (seatStates.length < n) seatStates.push("bot:medium");
          seatStates = seatStates.slice(0, n);
          draw();
        },
      },
      Array.from({ length: Math.min(6, p.max_players) - 1 }, (_, i) => i + 2).map((n) => h("option", { value: String(n), selected: n === seatStates.length }, String(n))),
    );
    replace(
      form,
      h("h2", { id: "new-title" }, t("lobby.new-table")),
      h("div", { class: "field" }, h("label", { for: "your-name" }, t("room.your-name")), h("input", { id: "your-name", type: "text", maxlength: "24", required: true, autocomplete: "nickname", value: typedName, oninvalid: (e) => e.target.setCustomValidity(t("hint.name")), oninput: (e) => { typedName = e.target.value; e.target.setCustomValidity(""); } })),
      h("div", { class: "field" }, h("label", { for: "preset" }, t("lobby.preset")), presetSelect, h("small", { class: "help", id: "preset-desc" }, t(`preset.${preset}.desc`))),
      h("div", { class: "field" }, h("label", { for: "seat-count" }, t("lobby.players")), count),
      seatsBox,
      h("fieldset", { class: "main-options" }, h("legend", {}, t("lobby.main-rules")), main),
      h("details", { class: "more-rules" }, h("summary", {}, t("lobby.more-rules")), more),
      h(
        "div",
        { class: "field" },
        h("label", { for: "clock" }, t("lobby.clock")),
        h("select", { id: "clock" }, [null, 30, 60, 120, 300].map((c) => h("option", { value: String(c) }, c ? t("room.clock", { seconds: c }) : t("lobby.no-clock")))),
      ),
      message,
      h("button", { type: "submit", class: "primary", id: "create" }, t("lobby.create")),
    );
    if (restore) {
      for (const [id, value] of Object.entries(restore.values)) {
        const el = form.querySelector(`#${CSS.escape(id)}`);
        if (el) el.value = value;
      }
      if (restore.more) form.querySelector(".more-rules").open = true;
      restore = null;
    }
    keep();
  };

  let busy = false; // a table is being made: a second submit (a double click) makes none
  // back from the table to this page, as the browser kept it: the form works again
  window.addEventListener("pageshow", (e) => {
    if (e.persisted) busy = false;
  });
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    if (busy) return;
    const name = form.querySelector("#your-name").value.trim();
    if (!name) {
      say({ hint: "hint.name" });
      return;
    }
    const clock = form.querySelector("#clock").value;
    const spec = {
      preset,
      options: readOptions(form, config.presets[preset]),
      seats: seatStates.map((s, i) => (s.startsWith("bot:") ? { kind: "bot", level: s.slice(4), name: botName(s.slice(4), i) } : { kind: "open" })),
      clock: clock === "null" ? null : Number(clock),
    };
    // what the server refuses (rummykit.server.seating.check_name), said before a table is made
    if (name.includes(":") || /[\p{C}\p{Zl}\p{Zp}]/u.test(name) || /\p{Zs}/u.test(name.replaceAll(" ", ""))) {
      say({ rule: "lobby.name" });
      return;
    }
    busy = true; // until the page goes to the table, or the server refuses
    try {
      // a table made for a name the server then refused is used again, not left open;
      // keyed on the choices, not the bots' names, which follow the page's language
      const key = JSON.stringify({ ...spec, seats: seatStates });
      if (!made || made.key !== key) made = { key, table: await api.createTable(spec) };
      const table = made.table;
      // a join sent again (its answer lost) carries the same key: its seat comes back
      if (!made.joining || made.joining.name !== name) made.joining = { name, key: api.joinKey() };
      const seat = await api.join(table.id, name, 0, made.joining.key);
      prefs.saveSeat(table.id, { seat: seat.seat, token: seat.token, name });
      prefs.savePrefs({ ...prefs.prefs(), name });
      location.href = `/?t=${table.code}`;
    } catch (err) {
      busy = false;
      // a refused name keeps the table for the next try, and so does an answer that may
      // have been lost (the seat may be taken: the join sent again gets it back)
      if (!["lobby.name", "page.offline", "server.storage", "server.internal"].includes(err.rule)) made = null;
      say({ rule: err.rule, detail: err.message });
    }
  });

  const code = h("input", { id: "join-code", type: "text", maxlength: "300", autocomplete: "off", autocapitalize: "characters", "aria-label": t("lobby.code") });
  const joinForm = h(
    "form",
    {
      class: "join-code",
      onsubmit: (e) => {
        e.preventDefault();
        const ref = tableRef(code.value);
        if (ref) location.href = `/?t=${encodeURIComponent(ref)}`;
      },
    },
    h("h2", {}, t("lobby.join-title")),
    h("label", { for: "join-code" }, t("lobby.code")),
    h("div", { class: "inline" }, code, h("button", { type: "submit" }, t("lobby.open"))),
  );
  const tables = h("ul", { class: "table-list" });
  const games = h("ul", { class: "table-list" });
  const mineList = h("ul", { class: "table-list" });
  const mine = h("section", { hidden: true }, h("h2", {}, t("lobby.your-tables")), mineList);
  draw();
  if (said) say(said);
  replace(
    root,
    h(
      "div",
      { class: "lobby" },
      h("h1", { class: "visually-hidden" }, t("lobby.title")),
      form,
      h("div", { class: "lobby-side" }, joinForm, mine, h("section", {}, h("h2", {}, t("lobby.open-tables")), tables), h("section", {}, h("h2", {}, t("lobby.finished")), games)),
    ),
  );
  // the lists fill in when the server answers
  yourTables(mine, mineList); // not awaited: the other lists do not wait for it
  try {
    const open = await api.openTables();
    replace(
      tables,
      open.length
        ? open.map((tb) =>
            h(
              "li",
              {},
              h("a", { href: `/?t=${tb.code}` }, tb.code),
              ` ${presetName(tb.preset)} · `,
              t("lobby.seats-taken", { taken: tb.seats.filter((s) => s.kind !== "open").length, seats: tb.seats.length }),
            ),
          )
        : h("li", { class: "muted" }, t("lobby.none")),
    );
    const done = await api.finishedGames(10);
    replace(
      games,
      done.length
        ? done.map((g) =>
            h(
              "li",
              {},
              h("a", { href: `/?replay=${g.id}`, "data-game": g.id }, t("lobby.replay-game", { preset: presetName(g.preset), players: g.players.join(", ") })),
              g.finished ? ` · ${new Date(g.finished).toLocaleString(language())}` : "", // the page's language, not the browser's
            ),
          )
        : h("li", { class: "muted" }, t("lobby.none")),
    );
  } catch {
    replace(tables, h("li", { class: "muted" }, t("error.unreachable")));
  }
}

/** The tables this browser holds a seat at whose game is not over: the way back to a game
 * left through the lobby (its seat's token is kept, prefs.seatAt). The seat of a table
 * that is closed, or gone, is forgotten (one whose game is over is kept for Play again). */
async function yourTables(section, list) {
  const answers = await Promise.all(
    prefs.seatedTables().map(async (id) => {
      try {
        const tb = await api.getTable(id);
        if (tb.status === "closed") prefs.saveSeat(id, null);
        return tb;
      } catch (e) {
        if (e.rule === "lobby.table") prefs.saveSeat(id, null);
        return null;
      }
    }),
  );
  const found = answers.filter((tb) => tb && (tb.status === "waiting" || tb.status === "playing"));
  if (!found.length) return;
  replace(
    list,
    found.map((tb) =>
      h("li", {}, h("a", { href: `/?t=${tb.code}` }, tb.code), ` ${presetName(tb.preset)} · `, t(`lobby.state-${tb.status}`)),
    ),
  );
  section.hidden = false;
}
