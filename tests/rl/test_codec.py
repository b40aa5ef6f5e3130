"""The integer action space: every legal action of every reached position has exactly
one integer, which decodes to an equal action whose text reads back the same."""

from __future__ import annotations

import copy
import gc
import pickle
import random

import pytest

np = pytest.importorskip("numpy", reason="the rl extra is not installed")
pytest.importorskip("gymnasium", reason="the rl extra is not installed")
pytest.importorskip("pettingzoo", reason="the rl extra is not installed")

from rummykit import (  # noqa: E402
    CallRummy,
    Card,
    Draw,
    JokerAs,
    LayOff,
    Meld,
    Rank,
    Rules,
    Swap,
    Take,
    parse_action,
)
from rummykit.legal import _meld_action  # noqa: E402
from rummykit.melds import group_options, run_options  # noqa: E402
from rummykit.rl import BLOCKS, ActionCodec, CodecError  # noqa: E402
from rummykit.rl.codec import joker_place_sets, run_block_size  # noqa: E402
from rummykit.rules import Ace  # noqa: E402

from .play import CONFIGS, positions, rules_of  # noqa: E402


@pytest.mark.parametrize(("preset", "players", "options"), CONFIGS, ids=str)
def test_every_legal_action_round_trips(
    preset: str, players: int, options: dict[str, object]
) -> None:
    codec = ActionCodec(rules_of(preset, options), players)
    seen: set[str] = set()
    for game in positions(preset, players, options, games=4, seed=11, steps=400):
        actions = game.legal_actions()
        indices = codec.encode_all(actions)
        assert len(set(indices)) == len(indices), "two legal actions share an integer"
        for action, index in zip(actions, indices, strict=True):
            assert 0 <= index < codec.size
            back = codec.decode(index)
            assert back == action
            assert parse_action(str(back)) == action
            assert codec.encode(parse_action(codec.notation(index))) == index
            seen.add(codec.block_of(index)[0])
        mask = codec.mask(actions)
        assert mask.dtype == np.int8 and int(mask.sum()) == len(actions)
    assert {"draw", "discard", "group", "run"} <= seen


def test_calls_passes_deep_takes_and_swaps_are_reached() -> None:
    blocks: set[str] = set()
    for preset, players, options in CONFIGS:
        codec = ActionCodec(rules_of(preset, options), players)
        for game in positions(preset, players, options, games=1, seed=5, steps=300):
            for i in codec.encode_all(game.legal_actions()):
                name, inside = codec.block_of(i)
                blocks.add(f"{name}>1" if name == "take" and inside > 0 else name)
    assert blocks >= {"take>1", "call", "pass", "swap", "layoff", "end"}


@pytest.mark.parametrize(
    ("preset", "players", "options"),
    [
        ("500-rum", 2, {}),
        ("500-rum", 5, {}),
        ("500-rum-classic", 2, {}),
        ("500-rum", 3, {"ace": "around"}),
        ("500-rum", 3, {"ace": "low", "jokers": 3}),
        ("500-rum", 5, {"ace": "low", "jokers": 3}),  # six jokers in play
        ("wrotham", 2, {}),
    ],
    ids=str,
)
def test_meld_blocks_are_exactly_the_engine_melds(
    preset: str, players: int, options: dict[str, object]
) -> None:
    """A hand holding the whole pack can make every meld there is: the engine's list of
    its melds and the codec's group and run blocks are the same set."""
    rules = rules_of(preset, options)
    codec = ActionCodec(rules, players)
    packs = rules.packs_for(players)
    counts = [packs] * 52 + [codec.jokers]
    keys = group_options(counts, codec.jokers) + run_options(counts, codec.jokers, rules.ace)
    indices = {codec.encode(_meld_action(rules.ace, rules.ace.value, key)) for key in keys}
    assert len(indices) == len(keys)
    first = codec.blocks["group"][0]
    last = codec.blocks["run"][0] + codec.blocks["run"][1]
    assert indices == set(range(first, last))


def test_every_integer_round_trips() -> None:
    codec = ActionCodec(Rules.preset("remik-500"), 4)  # swaps, jokers, every block but calls
    for i in range(codec.size):
        action = codec.decode(i)
        assert codec.encode(action) == i
        assert codec.encode(parse_action(str(action))) == i


def test_the_500_rum_space() -> None:
    codec = ActionCodec(Rules.preset("500-rum"), 2)
    assert codec.size == 16003
    assert list(codec.blocks) == list(BLOCKS)
    assert codec.blocks["take"] == (3, 54)
    assert codec.blocks["run"][1] == run_block_size(Ace.LOW_OR_HIGH, 2) == 9196
    assert codec.encode(Draw()) == 0
    assert codec.encode(Take(count=1)) == 3
    assert codec.encode(CallRummy(count=2)) == codec.blocks["call"][0] + 1
    assert codec.decode(codec.blocks["discard"][0] + 52) == parse_action("discard JK")
    assert "swap: empty (0)" in codec.describe()
    assert ActionCodec(Rules.preset("500-rum"), 5).size > codec.size  # two packs


@pytest.mark.parametrize(
    "action",
    [
        Take(card=Card("7H")),
        LayOff((Card("7H"), Card("8H")), 1),
        Meld((Card("7H"), Card("6H"), Card("8H"))),
        Meld((Card("6H"), Card("7H"), JokerAs())),
        Meld((Card("7C"), Card("7H"), JokerAs(card=Card("7D")))),
        Meld((JokerAs(rank=Rank.SEVEN), Card("7C"), Card("7H"))),
        Swap(Card("7H"), 1),  # 500-rum has no swaps
        LayOff((Card("7H"),), 19),  # no table holds 19 melds of one pack
        Take(count=55),
    ],
    ids=str,
)
def test_actions_without_an_integer_are_refused(action: object) -> None:
    codec = ActionCodec(Rules.preset("500-rum"), 2)
    with pytest.raises(CodecError) as e:
        codec.encode(action)  # type: ignore[arg-type]
    assert e.value.rule == "action.code"


def test_integers_outside_the_space_are_refused() -> None:
    codec = ActionCodec(Rules.preset("500-rum"), 2)
    for bad in (-1, codec.size):
        with pytest.raises(CodecError):
            codec.decode(bad)
    assert codec.decode(np.int64(0)) == Draw()


@pytest.mark.parametrize("bad", [1.5, "3", True, None, np.float64(1.0)])
def test_what_is_not_a_whole_number_is_no_action_of_the_codec(bad: object) -> None:
    # found by a review: decode(1.5) was action 1 and decode("3") action 3 (int() read
    # them), decode(True) action 1 (True == 1 as a key)
    codec = ActionCodec(Rules.preset("500-rum"), 2)
    for read in (codec.decode, codec.notation, codec.block_of):
        with pytest.raises(CodecError, match="is not an action: actions are whole numbers"):
            read(bad)  # type: ignore[arg-type]


def test_joker_places_are_numbered_by_size_then_colex() -> None:
    codec = ActionCodec(Rules.preset("500-rum"), 2)
    first = codec._runs[(2, 6, 4)] + codec.blocks["run"][0]  # 6H 7H 8H 9H
    texts = [codec.notation(first + i) for i in range(len(joker_place_sets(4, 2)))]
    assert texts[:3] == ["meld 6H 7H 8H 9H", "meld JK=6H 7H 8H 9H", "meld 6H JK=7H 8H 9H"]
    assert texts[5] == "meld JK=6H JK=7H 8H 9H"
    assert texts[6] == "meld JK=6H 7H JK=8H 9H"


def test_random_integers_decode_to_valid_notation() -> None:
    rng = random.Random(3)
    codec = ActionCodec(Rules.preset("500-rum", jokers=3, ace="around"), 8)
    for _ in range(2000):
        i = rng.randrange(codec.size)
        assert codec.encode(parse_action(codec.notation(i))) == i


@pytest.mark.parametrize("how", ["deepcopy", "pickle"])
def test_a_copied_codec_encodes_new_actions_by_what_they_are(how: str) -> None:
    # swaps are new objects at each legal_actions(): once the original codec's are freed,
    # new ones take their addresses, which a copy must not read as the old actions'
    original = ActionCodec(Rules.preset("remik-500"), 3)
    for meld in range(1, 4):
        for code in range(0, 52, 2):
            original.encode(Swap(Card(code), meld))
    copied = copy.deepcopy(original) if how == "deepcopy" else pickle.loads(pickle.dumps(original))
    del original
    gc.collect()
    wrong = []
    for meld in range(1, 4):
        for code in range(52):  # each new swap is freed before the next is made
            swap = Swap(Card(code), meld)
            if copied.decode(copied.encode(swap)) != swap:
                wrong.append(str(swap))
    assert wrong == []
