// The page's start: the language, the header's switches, then the lobby, a table
// (?t=CODE) or a replay (?replay=GAME).

import * as api from "./api.js";
import { LANGUAGES, missing, preferredLanguage, setLanguage, t, translateStatic } from "./i18n.js";
import { h, replace } from "./dom.js";
import { redrawDialog } from "./dialogs.js";
import * as prefs from "./prefs.js";
import { renderLobby } from "./lobby.js";
import { Session } from "./session.js";

// what the tests (and a curious player's console) can reach
window.rk = { missing };

function applyPrefs() {
  document.body.classList.toggle("four-colour", Boolean(prefs.prefs().fourColour));
}

function header(onLanguage, onRedraw) {
  const select = document.getElementById("language");
  // each language's name is said in that language
  replace(select, LANGUAGES.map((lang) => h("option", { value: lang, lang, selected: lang === document.documentElement.lang }, t(`language.${lang}`))));
  select.onchange = () => onLanguage(select.value);
  const colours = document.getElementById("four-colour");
  colours.checked = Boolean(prefs.prefs().fourColour);
  colours.onchange = () => {
    prefs.savePrefs({ ...prefs.prefs(), fourColour: colours.checked });
    applyPrefs();
  };
  // the table's one-letter keys, which a speech-input or screen-reader user may want off
  const keys = document.getElementById("shortcuts");
  keys.checked = prefs.shortcutsOn();
  keys.onchange = async () => {
    prefs.savePrefs({ ...prefs.prefs(), shortcuts: keys.checked });
    await onRedraw(); // the buttons' key hints follow
  };
  translateStatic();
}

async function boot() {
  // a language asked for in the address (?lang=pl) is kept as the choice, so that the
  // table the lobby leads to (/?t=CODE) speaks it too
  const lang = preferredLanguage();
  await setLanguage(lang, new URLSearchParams(location.search).get("lang") === lang);
  applyPrefs();
  const root = document.getElementById("app");
  const params = new URLSearchParams(location.search);
  let config;
  try {
    config = await api.pageConfig();
  } catch {
    // the header in the page's language all the same, its language menu working
    const unreachable = () => replace(root, h("p", { role: "alert" }, t("error.unreachable")));
    unreachable();
    const onLanguage = async (lang) => {
      if (!(await setLanguage(lang, true))) return;
      header(onLanguage, unreachable);
      unreachable();
    };
    header(onLanguage, unreachable);
    return;
  }
  let redraw;
  if (params.get("t")) {
    const session = new Session(root, params.get("t"), config);
    redraw = () => session.render();
    await session.start();
  } else if (params.get("replay")) {
    const { Replay } = await import("./replay.js");
    const replay = new Replay(root, params.get("replay"));
    redraw = () => replay.render();
    await replay.start();
  } else {
    redraw = () => renderLobby(root, config);
    await redraw();
  }
  const onLanguage = async (lang) => {
    if (!(await setLanguage(lang, true))) return; // a later choice is on its way
    header(onLanguage, redraw);
    // everything on screen in the new language: the page, its message line, an open dialog
    await redraw();
    redrawDialog();
  };
  header(onLanguage, redraw);
  document.body.dataset.ready = "true";
}

boot();
