// Message catalogues (static/i18n/<lang>.json): flat keys, "{name}" placeholders.
// English is complete and the fallback; a key missing from English too shows as ⟦key⟧.
// A message with a {count} may have a form for one thing, `<key>.one`, chosen by the
// language's plural rules (Intl.PluralRules); the key itself is the form for the rest.

import * as prefs from "./prefs.js";

export const LANGUAGES = ["en", "pt", "es", "fr", "pl"];

let current = "en";
let plurals = new Intl.PluralRules("en");
let messages = {};
let english = {};
/** Keys that were asked for but missing from the current catalogue (the tests read it). */
export const missing = new Set();

async function load(lang) {
  const response = await fetch(`/static/i18n/${lang}.json`);
  if (!response.ok) throw new Error(`no catalogue for ${lang}`);
  return response.json();
}

/** The language to start in: ?lang=, the saved choice, else the browser's first one we have. */
export function preferredLanguage() {
  const query = new URLSearchParams(location.search).get("lang");
  if (LANGUAGES.includes(query)) return query;
  const saved = prefs.savedLanguage();
  if (LANGUAGES.includes(saved)) return saved;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

let switches = 0; // languages asked for so far: a catalogue that comes late is dropped

/** Loads and switches to `lang`; remembers the choice when `save` is set. False, changing
 * nothing, when another language was asked for while this one's catalogue was loading. */
export async function setLanguage(lang, save = false) {
  if (!LANGUAGES.includes(lang)) lang = "en";
  const mine = ++switches;
  if (!Object.keys(english).length) english = await load("en");
  const loaded = lang === "en" ? english : await load(lang);
  if (mine !== switches) return false;
  messages = loaded;
  current = lang;
  // CLDR's "pt" puts 0 with 1 ("0 pt", "Monte, 0 carta"); "pt-PT" gives 0 the plural
  // ("0 pts", "Monte, 0 cartas") and the same form as "pt" for every other whole number
  plurals = new Intl.PluralRules(lang === "pt" ? "pt-PT" : lang);
  missing.clear();
  document.documentElement.lang = lang;
  if (save) prefs.saveLanguage(lang);
  return true;
}

export function language() {
  return current;
}

/** Whether the catalogue has `key` (for optional texts, such as an unknown rule id). */
export function has(key) {
  return key in messages || key in english;
}

/** The message `key` in the current language, with {placeholders} filled from `params`. */
export function t(key, params = {}) {
  if (typeof params.count === "number" && plurals.select(params.count) === "one" && has(`${key}.one`)) {
    key = `${key}.one`;
  }
  let text = messages[key];
  if (text === undefined) {
    missing.add(key);
    text = english[key] ?? `⟦${key}⟧`;
  }
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** Names the browser's tab and window after the page's view: "Lobby – rummykit". */
export function setTitle(page) {
  document.title = t("page.title", { page });
}

/** Fills every [data-i18n] (text) and [data-i18n-label] (aria-label) under `root`. */
export function translateStatic(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-label]")) {
    el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  }
  for (const el of root.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
}
