"""The page's message catalogues (static/i18n/*.json): every language has every key of
the English one and no empty value; English has every key the page's code asks for, a
name and a line for every preset and option, and a word for every option value."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from rummykit.bots import LEVEL_NAMES
from rummykit.bots.hints import REASONS
from rummykit.rules import OPTION_KEYS, PRESETS
from rummykit.server.web import LANGUAGES, STATIC, page_config

CATALOGUES = STATIC / "i18n"


def _load(lang: str) -> dict[str, str]:
    doc = json.loads((CATALOGUES / f"{lang}.json").read_text(encoding="utf-8"))
    assert isinstance(doc, dict)
    return doc


def test_every_language_has_a_catalogue_and_nothing_else() -> None:
    assert sorted(p.stem for p in CATALOGUES.glob("*.json")) == sorted(LANGUAGES)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_catalogue_has_every_english_key_and_no_empty_value(lang: str) -> None:
    english, other = _load("en"), _load(lang)
    assert sorted(set(english) - set(other)) == [], "keys missing"
    assert sorted(set(other) - set(english)) == [], "keys English lacks"
    assert [k for k, v in other.items() if not isinstance(v, str) or not v.strip()] == []
    # the same {placeholders} as English, so nothing is dropped in translation
    holes = re.compile(r"\{(\w+)\}")
    differ = [k for k in english if set(holes.findall(english[k])) != set(holes.findall(other[k]))]
    assert differ == []


def test_english_has_every_key_the_page_asks_for() -> None:
    english = _load("en")
    code = "\n".join(p.read_text(encoding="utf-8") for p in (STATIC / "js").glob("*.js"))
    code += (STATIC / "index.html").read_text(encoding="utf-8")
    asked = set(re.findall(r"""\b(?:t|hint)\("([a-z0-9.-]+)\"""", code))
    asked |= set(re.findall(r'data-i18n(?:-label|-title)?="([a-z0-9.-]+)"', code))
    config = page_config()
    asked |= {f"preset.{p}.{part}" for p in PRESETS for part in ("name", "desc")}
    asked |= {f"option.{k}.{part}" for k in OPTION_KEYS for part in ("name", "desc")}
    asked |= {f"level.{level}" for level in LEVEL_NAMES}
    asked |= {f"language.{lang}" for lang in LANGUAGES}
    asked |= {f"rank.{r}" for r in "A23456789TJQK"} | {f"suit.{s}" for s in "CDHS"}
    asked |= {f"connection.{c}" for c in ("connecting", "open", "closed", "stopped")}
    asked |= {"button.sort-suit", "button.sort-rank", "meld.group", "meld.run"}
    # a hint's reason (words.js: `advice.${reason}`) and an action put as a thing to do
    asked |= {f"advice.{reason}" for reason in REASONS}
    verbs = ("draw", "take", "rummy", "meld", "layoff", "swap", "discard", "end", "pass")
    asked |= {f"do.{verb}" for verb in verbs}
    for key, form in config["options"].items():
        if form["kind"] == "choice":
            asked |= {
                f"value.{key}.{json.dumps(v).strip(chr(34))}"
                for v in form["choices"]
                if not isinstance(v, int)
            }
    assert sorted(asked - set(english)) == []


def test_every_error_the_server_sends_has_words_in_every_language() -> None:
    # the page shows an error by its rule id in the page's language; without a catalogue
    # entry it could only show the server's English message
    server = STATIC.parent
    code = "\n".join(p.read_text(encoding="utf-8") for p in server.glob("*.py"))
    ids = set(re.findall(r'"((?:server|lobby)\.[a-z-]+)"', code))
    assert {"server.origin", "lobby.origin", "server.internal"} <= ids
    for lang in LANGUAGES:
        catalogue = _load(lang)
        assert sorted(i for i in ids if f"rule.{i}" not in catalogue) == [], lang


def test_a_plural_form_is_a_form_of_a_counted_message() -> None:
    # "<key>.one" is the form for one thing (i18n.js picks it by Intl.PluralRules)
    english = _load("en")
    holes = re.compile(r"\{(\w+)\}")
    forms = [
        k for k in english if k.endswith(".one") and not k.startswith("rule.")
    ]  # [discard.one]
    assert "table.hand.one" in forms
    for key in forms:
        base = key.removesuffix(".one")
        assert base in english, key
        assert set(holes.findall(english[key])) == set(holes.findall(english[base])), key


def test_every_rule_id_of_the_rules_has_an_explanation() -> None:
    rules = (Path(__file__).parents[2] / "docs" / "rules.md").read_text(encoding="utf-8")
    english = _load("en")
    ids = set(re.findall(r"\*\*\[([a-z]+\.[a-z-]+)\]\*\*", rules))
    # rules that never refuse an action need no message on the page
    quiet = {"deal.rotation", "pack.decks", "layoff.owner", "game.ties", "game.must-go-out"}
    quiet |= {"game.settlement"}
    quiet |= {i for i in ids if i.startswith("score.")}
    assert sorted(i for i in ids - quiet if f"rule.{i}" not in english) == []


#: Space-like characters that do not break a line: U+00A0 and the narrow U+202F.
NO_BREAK = "\u00a0\u202f"


def test_french_high_punctuation_sits_after_a_no_break_space() -> None:
    # French sets a space before : ; ! ? and inside « »; an ordinary one lets the sign
    # wrap alone to the next line ("… Rami" / "!"), so each is a no-break space
    french = _load("fr")
    loose = re.compile(rf"[^{NO_BREAK}](?=[:;!?»])|«(?![{NO_BREAK}])")
    assert sorted(k for k, v in french.items() if loose.search(v)) == []


def test_french_elides_no_word_before_a_name() -> None:
    # "de" + a name that may begin with a vowel ("Combinaisons de Ana") should elide,
    # and a name cannot: a name stands after a colon, or as the subject
    french = _load("fr")
    elides = r"\b(?:de|que|le|la|ne|se|ce|jusque|lorsque|puisque)"
    before = re.compile(elides + r" \{(?:name|names|players)\}")
    assert sorted(k for k, v in french.items() if before.search(v)) == []


#: Words a review of the translations found wrong (language: [(words, why), ...]).
MISTRANSLATED = {
    "fr": [
        ("sauf la carte de la défausse", "the card to discard, not one of the pile"),
        ("brelan ou carré", "one meld is a group, not a set or four"),
        ("Carte du fond", "a card below the top, not the bottom one"),
        ("{name} reprend", "log.undone: the action is undone, not taken again"),
    ],
    "es": [
        ("del fondo", "a card below the top, not the bottom one"),
        ("menos la carta del descarte", "the card to discard, not one of the pile"),
        ("robo profundo", "robar is from the stock; from the pile it is tomar"),
    ],
    "pt": [
        ("do fundo", "a card below the top, not the bottom one"),
        ("menos a carta do descarte", "the card to discard, not one of the pile"),
        ("por vez", "a turn: 'por vez' reads as 'at a time'"),
        ("numa vez", "a turn: 'numa vez' reads as 'at one time'"),
        ("ao fim de uma vez", "a turn: 'vez' reads as 'time'"),
    ],
    "pl": [
        ("dołożona przez", "the name would need the accusative"),
        ("nigdy oba", "never both ends at once: nigdy jednocześnie"),
        ("przy jednym stole", "the term is turniej jednostołowy"),
    ],
}


@pytest.mark.parametrize("lang", sorted(MISTRANSLATED))
def test_words_once_mistranslated_are_gone(lang: str) -> None:
    catalogue = _load(lang)
    found = [
        (key, words, why)
        for words, why in MISTRANSLATED[lang]
        for key, value in catalogue.items()
        if words.lower() in value.lower()
    ]
    assert found == []


def test_polish_actions_to_do_are_nouns_that_read_after_a_name() -> None:
    # do.* is a hint's action, a choice's label and, in log.undone ("{name} cofa:
    # {action}"), the action taken back: a verbal noun reads in all three, an imperative
    # ("wyłóż") does not
    polish = _load("pl")
    imperative = re.compile(r"\b(?:dobierz|weź|zawołaj|wyłóż|dołóż|wymień|odrzuć|zakończ|pasuj)\b")
    found = [k for k, v in polish.items() if k.startswith("do.") and imperative.search(v)]
    assert found == []


def test_a_message_joined_to_more_words_is_one_message() -> None:
    # "Replay" + ": " + a name, joined in the code, cannot follow French typography (a
    # no-break space before the colon): each such line is one message with placeholders,
    # and the English reads as it did
    english = _load("en")
    assert english["replay.heading"] == "Replay: {preset}"
    assert english["lobby.replay-game"] == "Replay: {preset}, {players}"
    assert english["rummy.call-take-cards"] == english["rummy.call-take"] + ": {cards}"
    joined = re.compile(r"""\$\{t\([^`]*?\)\}:\s|\bt\("[\w.-]+"(?:,[^()]*)?\),\s*": """)
    code = {p.name: p.read_text(encoding="utf-8") for p in (STATIC / "js").glob("*.js")}
    assert sorted(name for name, text in code.items() if joined.search(text)) == []
