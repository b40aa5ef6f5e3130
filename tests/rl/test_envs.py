"""The environments pass PettingZoo's and Gymnasium's own checkers, follow the game's
turns (Rummy calls out of turn included), reward as documented and repeat with seeds."""

from __future__ import annotations

import copy
import gc
import pickle
import warnings
from typing import Any

import pytest

np = pytest.importorskip("numpy", reason="the rl extra is not installed")
pytest.importorskip("gymnasium", reason="the rl extra is not installed")
pytest.importorskip("pettingzoo", reason="the rl extra is not installed")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from rummykit import Discard, IllegalAction, Phase, Take  # noqa: E402
from rummykit.rl import SingleSeatEnv, Table, env, raw_env  # noqa: E402
from rummykit.rl.table import MAX_STEPS  # noqa: E402

ENV_CONFIGS: list[tuple[str, int, dict[str, Any]]] = [
    ("500-rum", 2, {}),
    ("500-rum", 4, {}),
    ("500-rum", 5, {}),
    ("rummy", 3, {}),
    ("wrotham", 2, {}),
    ("remik-500", 4, {"rummy_call": "pile"}),
]


def _random_step(obs: dict[str, Any], rng: np.random.Generator) -> int:
    return int(rng.choice(np.flatnonzero(obs["action_mask"])))


@pytest.mark.parametrize(("preset", "players", "options"), ENV_CONFIGS, ids=str)
def test_pettingzoo_api_test(preset: str, players: int, options: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice about dict observations, as for chess
        api_test(env(preset=preset, players=players, max_steps=300, **options), num_cycles=200)


@pytest.mark.parametrize(("preset", "players"), [("500-rum", 2), ("500-rum", 3)])
def test_pettingzoo_seed_test(preset: str, players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        seed_test(lambda: env(preset=preset, players=players, max_steps=200), num_cycles=60)


@pytest.mark.parametrize(
    ("preset", "players", "opponents"),
    [("500-rum", 2, "random"), ("500-rum", 3, "greedy"), ("rummy", 2, "heuristic")],
)
def test_gymnasium_check_env(preset: str, players: int, opponents: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(SingleSeatEnv(preset=preset, players=players, opponents=opponents, max_steps=40))


def test_gymnasium_make_builds_the_single_seat_environment() -> None:
    import gymnasium

    from rummykit.rl import GYMNASIUM_ID

    made = gymnasium.make(GYMNASIUM_ID, preset="rummy", players=3, opponents="random")
    obs, info = made.reset(seed=2)
    assert made.unwrapped.table.players == 3
    assert np.array_equal(obs["action_mask"], info["action_mask"])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(made.unwrapped)


def test_agent_selection_follows_the_game_through_rummy_calls() -> None:
    e = raw_env(preset="500-rum", players=4, max_steps=3000)
    rng = np.random.default_rng(1)
    calls = 0
    for seed in range(6):
        e.reset(seed=seed)
        table = e.table
        while not (e.terminations[e.agent_selection] or e.truncations[e.agent_selection]):
            assert e.agent_selection == f"player_{table.to_act}"
            obs = e.observe(e.agent_selection)
            for other in e.agents:
                if other != e.agent_selection:
                    assert e.observe(other)["action_mask"].sum() == 0
            if table.game.hand.phase is Phase.RUMMY:
                calls += 1
                names = {e.codec.notation(i) for i in np.flatnonzero(obs["action_mask"])}
                assert "pass" in names and any(n.startswith("rummy ") for n in names)
            e.step(_random_step(obs, rng))
    assert calls > 0


def test_game_rewards_are_zero_sum_and_go_to_the_winner() -> None:
    e = raw_env(preset="500-rum", players=3, target=60)
    rng = np.random.default_rng(2)
    e.reset(seed=3)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        e.step(None if terminated or truncated else _random_step(obs, rng))
    winner = e.table.game.winner
    assert winner is not None
    assert totals[f"player_{winner}"] == 1.0
    assert sum(totals.values()) == pytest.approx(0.0)


def test_hand_rewards_are_the_hand_scores_against_the_others() -> None:
    table = Table("500-rum", 2, reward="hand", reward_scale=1.0)
    table.reset(seed=4)
    rng = np.random.default_rng(3)
    game = table.game
    while game.hand.number == 1:
        seat = table.to_act
        rewards = table.step(seat, int(rng.choice(table.legal_indices())))
    result = game.results[0]
    a, b = result.scores
    assert rewards == [a - b, b - a]


def test_max_steps_truncates() -> None:
    e = env(preset="500-rum", players=2, max_steps=10)
    e.reset(seed=0)
    rng = np.random.default_rng(0)
    steps = 0
    for _agent in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            assert truncated and not terminated
            # as SingleSeatEnv's (found by a review: the agent to act still had a mask)
            assert not obs["action_mask"].any()
            e.step(None)
            continue
        e.step(_random_step(obs, rng))
        steps += 1
    assert steps == 10


def test_a_game_that_could_go_on_for_ever_is_cut_short_by_default() -> None:
    # found by a review: in 500 Rum two players who keep taking the pile's top card and
    # throwing another never end the hand (only the stock running out would), and no
    # environment had a limit unless asked
    assert raw_env().table.max_steps == MAX_STEPS
    assert SingleSeatEnv(opponents="random").max_steps == MAX_STEPS
    assert raw_env(max_steps=None).table.max_steps is None  # never, when asked
    table = Table("500-rum", 2, max_steps=400)
    table.reset(seed=1)
    stock = table.view(0).stock_size
    while not table.truncated:
        legal = {i: table.codec.decode(i) for i in table.legal_indices()}
        tops = [i for i, a in legal.items() if isinstance(a, Take) and a.count == 1]
        discards = [i for i, a in legal.items() if isinstance(a, Discard)]
        table.step(table.to_act, (tops or discards)[0])
    assert table.steps == 400 and not table.over
    assert table.game.hand.number == 1 and table.view(0).stock_size == stock  # for ever


def test_single_seat_refuses_a_step_after_max_steps_cut_the_game_short() -> None:
    s = SingleSeatEnv(players=2, opponents="random", max_steps=3)
    obs, _info = s.reset(seed=4)
    rng = np.random.default_rng(4)
    truncated = False
    for _ in range(3):
        obs, _r, terminated, truncated, _info = s.step(_random_step(obs, rng))
        assert not terminated
    assert truncated
    # nothing is masked in that step() would refuse
    assert not obs["action_mask"].any() and not _info["action_mask"].any()
    assert not s.action_masks().any()
    with pytest.raises(RuntimeError, match="max_steps"):
        s.step(int(np.flatnonzero(s.table.observe(s.seat)[1])[0]))


@pytest.mark.parametrize("max_steps", [None, MAX_STEPS + 10])
def test_single_seat_max_steps_none_or_above_the_tables_limit_is_never_cut_there(
    max_steps: int | None,
) -> None:
    # SingleSeatEnv counts the learner's steps itself: its table's own limit of MAX_STEPS
    # used to zero the mask at the learner's 100,000th action, so max_steps=None (or more)
    # read the next legal action as illegal and ended the game with illegal_reward
    s = SingleSeatEnv(players=2, opponents="random", max_steps=max_steps)
    obs, _info = s.reset(seed=4)
    s.table.steps = MAX_STEPS  # as after the learner's 100,000th action
    obs, _reward, terminated, truncated, info = s.step(_random_step(obs, np.random.default_rng(4)))
    assert not terminated and not truncated and "illegal" not in info
    assert obs["action_mask"].any() and s.action_masks().any()


def test_a_negative_seed_is_refused_not_read_as_its_absolute_value() -> None:
    e = raw_env()
    with pytest.raises(ValueError, match="seed must be a whole number from 0, not -5"):
        e.reset(seed=-5)


def test_an_illegal_action_ends_the_wrapped_game_with_minus_one() -> None:
    e = env(preset="500-rum", players=2)
    e.reset(seed=0)
    obs, *_ = e.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    agent = e.agent_selection
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        e.step(illegal)
    assert e.rewards[agent] == -1
    unwrapped = raw_env(preset="500-rum", players=2)
    unwrapped.reset(seed=0)
    with pytest.raises(IllegalAction):
        unwrapped.step(illegal)


def test_single_seat_reset_with_a_seed_repeats_deals_and_bot_decisions() -> None:
    def play(seed: int) -> list[tuple[bytes, float]]:
        s = SingleSeatEnv(preset="500-rum", players=3, opponents="heuristic", seat=1)
        obs, _info = s.reset(seed=seed)
        rng = np.random.default_rng(0)
        out = []
        for _ in range(40):
            obs, reward, terminated, truncated, _info = s.step(_random_step(obs, rng))
            out.append((obs["observation"].tobytes(), reward))
            if terminated or truncated:
                break
        return out

    assert play(8) == play(8)
    assert play(8) != play(9)


def test_single_seat_masks_and_illegal_actions() -> None:
    s = SingleSeatEnv(preset="500-rum", players=2, opponents=["greedy"])
    obs, info = s.reset(seed=1)
    assert np.array_equal(obs["action_mask"], info["action_mask"])
    assert np.array_equal(s.action_masks(), info["action_mask"].astype(bool))
    assert s.table.to_act == 0
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _obs, reward, terminated, _truncated, info = s.step(illegal)
    assert (reward, terminated, info["illegal"]) == (-1.0, True, True)
    assert not s.action_masks().any()  # the game is over for the learner
    assert not _obs["action_mask"].any() and not info["action_mask"].any()  # all three agree
    with pytest.raises(RuntimeError):
        s.step(0)


@pytest.mark.parametrize("bad", [0.6, "0", True, -1, "size"])
def test_what_is_no_action_at_all_is_refused_and_changes_nothing(bad: Any) -> None:
    # found by a review: 0.6 and "0" were read as 0 (draw), True as 1, and -1 in the
    # single-seat environment as an illegal move ending the game with -1
    s = SingleSeatEnv(preset="500-rum", players=2, opponents="random")
    obs, _ = s.reset(seed=0)
    e = raw_env(preset="500-rum", players=2)
    e.reset(seed=0)
    action = s.codec.size if bad == "size" else bad
    for step in (s.step, e.step):
        with pytest.raises(ValueError, match="action"):
            step(action)
    assert np.array_equal(s.action_masks(), obs["action_mask"].astype(bool))
    assert e.table.game.hand.history == [] and s.table.game.hand.history == []
    w = env(preset="500-rum", players=2)
    w.reset(seed=0)
    # wrapped, PettingZoo's wrappers answer first, as in its classic games (True passes
    # Discrete.contains as 1, then indexes the mask: numpy's ValueError)
    with pytest.raises(ValueError if action is True else AssertionError):
        w.step(action)
    assert w.table.game.hand.history == [] and not any(w.terminations.values())


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="levels"):
        SingleSeatEnv(opponents="grandmaster")
    with pytest.raises(ValueError, match="seat"):
        SingleSeatEnv(players=2, seat=2)
    with pytest.raises(ValueError, match="reward"):
        env(reward="points")


@pytest.mark.parametrize(
    ("make", "says"),
    [
        (lambda: SingleSeatEnv(max_steps=0), "max_steps must be a whole number from 1"),
        (lambda: SingleSeatEnv(max_steps="5"), "max_steps must be a whole number from 1"),
        (lambda: env(max_steps="10"), "max_steps must be a whole number from 1"),
        (lambda: env(max_steps=-3), "max_steps must be a whole number from 1"),
        (lambda: raw_env(reward="hand", reward_scale=0), "reward_scale must be a number above 0"),
        (lambda: SingleSeatEnv(reward_scale="x"), "reward_scale must be a number above 0"),
        (lambda: env(reward_scale=float("nan")), "reward_scale must be a number above 0"),
        (lambda: SingleSeatEnv(opponents=None), "opponents must be a bot level"),
        (lambda: SingleSeatEnv(opponents=3), "opponents must be a bot level"),
        (lambda: SingleSeatEnv(seat=True), "seat must be a seat from 0 to 1, not True"),
        (lambda: env(players="3"), "players must be a whole number"),
        # found by a review: a bad illegal_reward failed at the first illegal action
        (lambda: SingleSeatEnv(illegal_reward="x"), "illegal_reward must be a finite number"),
        (lambda: SingleSeatEnv(illegal_reward=None), "illegal_reward must be a finite number"),
        (lambda: SingleSeatEnv(illegal_reward=np.nan), "illegal_reward must be a finite number"),
        # too large for a float: an OverflowError before (found by a review)
        (lambda: SingleSeatEnv(illegal_reward=10**400), "illegal_reward must be a finite number"),
        (lambda: env(reward_scale=10**400), "reward_scale must be a number above 0"),
    ],
)
def test_bad_arguments_are_refused_naming_them_before_a_game(make: Any, says: str) -> None:
    # a bad max_steps or reward_scale failed in the middle of a game (reward_scale=0 after
    # the action was applied), or with a TypeError naming nothing
    with pytest.raises(ValueError) as info:
        make()
    assert says in str(info.value)


def test_numpy_integers_are_whole_numbers_for_seat_and_players() -> None:
    s = SingleSeatEnv(players=np.int64(3), seat=np.int64(1), opponents="random")
    assert (s.seat, s.table.players) == (1, 3) and type(s.seat) is int
    s.reset(seed=2)
    assert s.table.to_act == 1


def test_single_seat_search_bots_play_untimed_so_seeds_repeat_them() -> None:
    # a search bot that stops on the clock plays differently on a busy machine: here it
    # stops on its budget alone (expert plays rollout in 500 Rum)
    s = SingleSeatEnv(players=3, opponents=["expert", "montecarlo"], seat=0)
    s.reset(seed=0)  # the learner plays first: no bot thinks yet
    assert s.table.to_act == 0
    expert, montecarlo = s._bots[1], s._bots[2]
    assert montecarlo.time_limit is None  # type: ignore[attr-defined]
    assert expert.bot_for(s.table.rules, 3).time_limit is None  # type: ignore[attr-defined]


def test_every_player_count_builds() -> None:
    for players in range(2, 9):
        e = env(preset="500-rum", players=players)
        e.reset(seed=players)
        obs, *_ = e.last()
        assert obs["action_mask"].sum() > 0
    assert raw_env(render_mode="ansi").render() is None  # before the first reset
    assert SingleSeatEnv(render_mode="ansi").render() is None  # the same (it raised)


def test_render_shows_the_public_table_only() -> None:
    e = raw_env(preset="500-rum", players=2, render_mode="ansi")
    e.reset(seed=0)
    text = e.render()
    assert text is not None and "spectator" in text and "hand:" not in text


def test_human_rendering_shows_the_table_from_the_reset_on(
    capsys: pytest.CaptureFixture[str],
) -> None:
    e = raw_env(preset="500-rum", players=2, render_mode="human")
    e.reset(seed=0)
    assert "hand 1, seen by a spectator" in capsys.readouterr().out
    single = SingleSeatEnv(preset="500-rum", players=2, render_mode="human")
    single.reset(seed=0)
    assert "hand 1, seen by player_0" in capsys.readouterr().out


def test_a_numpy_integer_seeds_as_the_same_int() -> None:
    table = Table("500-rum", 2)
    table.reset(seed=np.int64(3))
    first = table.game_seed
    table.reset(seed=3)
    assert table.game_seed == first
    # found by a review: Gymnasium's reset refused numpy's integers before the table saw
    # them; SingleSeatEnv takes them as the AEC environment does
    single = SingleSeatEnv(opponents="random")
    single.reset(seed=np.int64(3))
    assert single.game_seed == first
    with pytest.raises(ValueError, match=r"seed must be a whole number from 0, not np.int64\(-3\)"):
        single.reset(seed=np.int64(-3))
    # found by a review: 1.5 and "7" raised a TypeError naming nothing, True was seed 1
    for bad in (1.5, "7", True):
        with pytest.raises(ValueError, match=f"seed must be a whole number from 0, not {bad!r}"):
            table.reset(seed=bad)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="seed must be a whole number"):
            raw_env().reset(seed=bad)  # type: ignore[arg-type]


def _tied_leaders_hand(players: int = 3) -> Any:
    """A remik-table game (ties: leaders-play-on) at a low target, played at random
    until tied leaders play a hand on alone ([game.ties])."""
    for seed in range(200):
        e = raw_env(preset="remik-table", players=players, target=30, reward="hand")
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        table = e.table
        while not table.over:
            if len(table.game.hand_seats) != players:
                return e
            table.step(table.to_act, int(rng.choice(table.legal_indices())))
    raise AssertionError("no game of tied leaders playing on")


def test_tied_leaders_playing_on_alone_every_seat_observes_in_game_seats() -> None:
    # the hand is dealt to the leaders only, its view numbering them 0..k-1; each seat's
    # observation puts every fact back at its game seat, and a seat that sits the hand
    # out observes the public table with nothing to do
    e = _tied_leaders_hand()
    table = e.table
    game = table.game
    out = [s for s in range(3) if s not in game.hand_seats]
    rng = np.random.default_rng(1)
    space = e.observation_space(e.possible_agents[0])["observation"]
    steps = 0
    finished = False
    while not table.over and len(game.hand_seats) != 3 and steps < 300:
        for seat in range(3):
            obs, mask = table.observe(seat)
            assert space.contains(obs)
            assert bool(mask.any()) == (seat == table.to_act)
            if seat in out:
                # the seat's own hand is the first segment: it holds nothing
                assert not obs[:53].any()
        to_act = table.to_act
        assert to_act in game.hand_seats
        assert e.observe(f"player_{to_act}")["action_mask"].any()
        ended = table.game.hand.number
        rewards = table.step(to_act, int(rng.choice(table.legal_indices())))
        steps += 1
        if table.over or game.hand.number != ended:
            for seat in out:  # the hand's rewards go to those who played it
                assert rewards[seat] == 0.0
            assert sum(rewards) == pytest.approx(0.0)
            assert any(rewards)
            finished = True
            break
    assert finished


def test_a_joker_on_a_group_declared_with_a_suit_is_not_taken_unwrapped() -> None:
    # "layoff JK=2D to 4" on 2C 2H 2S is the engine's "layoff JK=2 to 4" in other
    # words: its integer is not in the mask, and raw_env refuses it, changing nothing
    from rummykit import LayOff, parse_action

    e = raw_env(preset="500-rum", players=2)
    e.reset(seed=0)
    rng = np.random.default_rng(0)
    table = e.table
    while table.steps < 122:
        e.step(int(rng.choice(table.legal_indices())))
    legal = [str(a) for a in table.game.legal_actions() if isinstance(a, LayOff)]
    assert "layoff JK=2 to 4" in legal
    suited = parse_action("layoff JK=2D to 4")  # the suit the group lacks
    index = e.codec.encode(suited)
    assert e.observe(e.agent_selection)["action_mask"][index] == 0
    game, steps = table.game, table.steps
    melds = [str(m) for m in game.hand.melds]
    with pytest.raises(IllegalAction) as info:
        e.step(index)
    assert info.value.rule == "action.code"
    assert table.steps == steps and [str(m) for m in game.hand.melds] == melds


def test_an_unneeded_lay_off_end_is_not_taken_unwrapped() -> None:
    # "layoff 4D to 1 low" is the engine's "layoff 4D to 1" in other words: its integer
    # is not in the mask, and raw_env refuses it as the docs say, changing nothing; the
    # wrong end is refused by the engine's own rule
    from rummykit import EndOfRun, LayOff

    e = raw_env(preset="500-rum", players=2)
    found = None
    for seed in range(200):
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        table = e.table
        while not table.over and table.steps < 400:
            lays = [a for a in table.game.legal_actions() if isinstance(a, LayOff)]
            if lays:
                found = lays[0]
                break
            e.step(int(rng.choice(table.legal_indices())))
        if found is not None:
            break
    assert found is not None and found.end is None
    game = e.table.game
    rules = set()
    for end in (EndOfRun.LOW, EndOfRun.HIGH):
        other = LayOff(found.cards, found.meld, end)
        index = e.codec.encode(other)
        assert e.observe(e.agent_selection)["action_mask"][index] == 0
        steps = e.table.steps
        with pytest.raises(IllegalAction) as info:
            e.step(index)
        assert e.table.steps == steps and e.table.game is game
        rules.add(info.value.rule)
    # a run takes the card at one end: one spelling names it, the other is wrong
    assert rules == {"action.code", "layoff.extend"} or rules == {"action.code"}


def test_single_seat_reset_deals_again_when_the_bots_end_the_game_before_the_learner() -> None:
    # one hand, eight seats, the learner last: at seed 36 a bot goes out before the
    # learner's first decision (found by a review); the episode begins with a decision
    g = SingleSeatEnv(preset="500-rum", players=8, opponents="greedy", seat=7, target=None, deals=1)
    first = Table("500-rum", 8, options={"target": None, "deals": 1})
    for seed in range(40):
        obs, info = g.reset(seed=seed)
        first.reset(seed)
        assert not g.table.over and g.table.to_act == 7
        assert obs["action_mask"].any() and info["action_mask"].any()
        if g.game_seed != first.game_seed:
            break
    else:
        pytest.fail("no seed of 0 to 39 had the bots end the game before the learner acted")
    again, _ = g.reset(seed=seed)  # the same seed deals the same games again
    assert np.array_equal(again["observation"], obs["observation"])
    action = int(np.flatnonzero(obs["action_mask"])[0])
    g.step(action)  # and the learner can play


def test_single_seat_pays_a_hand_the_bots_end_before_the_learner_s_first_decision() -> None:
    # eight seats of three cards, the learner last: the bots end hand 1 before it acts
    # (found by a review); its share of that hand comes with the first step's reward,
    # so the episode's rewards add up to its share of every hand, as in the AEC game
    g = SingleSeatEnv(
        preset="500-rum",
        players=8,
        opponents="greedy",
        seat=7,
        hand_size=3,
        reward="hand",
        max_steps=400,
    )
    obs, info = g.reset(seed=0)
    assert info["hand"] == 2  # hand 1 ended before the learner's first decision
    rng = np.random.default_rng(0)
    first = 0.0
    total = 0.0
    for step in range(400):
        obs, reward, terminated, truncated, info = g.step(_random_step(obs, rng))
        first = reward if step == 0 else first
        total += reward
        if terminated or truncated:
            break
    shares = [(r.scores[7] - (sum(r.scores) - r.scores[7]) / 7) / 100 for r in g.table.game.results]
    assert first != 0.0
    assert total == pytest.approx(sum(shares))


def test_an_illegal_first_step_still_pays_the_hand_the_bots_ended() -> None:
    kwargs: dict[str, Any] = {"players": 8, "seat": 7, "hand_size": 3, "reward": "hand"}
    g = SingleSeatEnv(preset="500-rum", opponents="greedy", **kwargs)
    obs, info = g.reset(seed=0)
    assert info["hand"] == 2
    r = g.table.game.results[0].scores
    share = (r[7] - (sum(r) - r[7]) / 7) / 100
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, _, info = g.step(illegal)
    assert terminated and info["illegal"]
    assert reward == pytest.approx(g.illegal_reward + share)


def test_observations_handed_out_are_the_caller_s_own() -> None:
    g = SingleSeatEnv(preset="500-rum", players=2, opponents="random")
    obs, info = g.reset(seed=0)
    legal = int(np.flatnonzero(obs["action_mask"])[0])
    obs["action_mask"][legal] = 0  # a caller's own restriction, made in place
    info["action_mask"][legal] = 0
    _, _, terminated, _, info = g.step(legal)
    assert "illegal" not in info and not terminated
    e = raw_env(preset="500-rum", players=2)
    e.reset(seed=0)
    agent = e.agent_selection
    seen = e.observe(agent)
    kept = seen["observation"].copy()
    seen["observation"][:] = -7
    seen["action_mask"][:] = 0
    again = e.observe(agent)
    assert np.array_equal(again["observation"], kept) and again["action_mask"].any()
    # wrapped too (found by a review: the wrapper judged the action by the caller's
    # mask, so a legal action the caller had masked off ended the game with -1)
    w = env(preset="500-rum", players=2)
    w.reset(seed=0)
    seen, *_ = w.last()
    legal = np.flatnonzero(seen["action_mask"])
    illegal = int(np.flatnonzero(seen["action_mask"] == 0)[0])
    seen["action_mask"][legal] = 0
    seen["action_mask"][illegal] = 1
    w.step(int(legal[0]))
    assert not any(w.terminations.values()) and len(w.table.game.hand.history) == 1
    # and an illegal action the caller unmasked is still illegal: the game ends with -1
    w.reset(seed=0)
    seen, *_ = w.last()
    agent = w.agent_selection
    seen["action_mask"][illegal] = 1
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PettingZoo's "Illegal move made"
        w.step(illegal)
    assert all(w.terminations.values()) and w.rewards[agent] == -1


@pytest.mark.parametrize("how", ["deepcopy", "pickle"])
def test_a_copied_environment_masks_exactly_the_legal_actions(how: str) -> None:
    # joker swaps are new objects at every position: a copy must not take one made at
    # a freed one's address for the freed one
    swaps = 0
    for seed in range(3):
        rng = np.random.default_rng(seed)
        e = raw_env(preset="remik-500", players=3)
        e.reset(seed=seed)
        for _ in range(400):
            if e.table.over:
                break
            e.step(_random_step(e.observe(e.agent_selection), rng))
        copied = copy.deepcopy(e) if how == "deepcopy" else pickle.loads(pickle.dumps(e))
        del e
        gc.collect()
        for _ in range(1000):
            if copied.table.over:
                break
            mask = copied.observe(copied.agent_selection)["action_mask"]
            masked = {copied.codec.decode(int(i)) for i in np.flatnonzero(mask)}
            legal = copied.table.game.legal_actions()
            assert masked == set(legal)
            swaps += sum(a.verb == "swap" for a in legal)
            del legal, masked  # nothing here holds the actions made anew
            copied.step(_random_step({"action_mask": mask}, rng))
    assert swaps  # those actions were there to check


@pytest.mark.parametrize("how", ["deepcopy", "pickle"])
def test_an_environment_copies_after_a_hand_of_a_thousand_actions(how: str) -> None:
    # a hand's history is a chain of nested tuples, one level an action: copied as it is,
    # it overflowed the stack after about 330 actions (deepcopy) or 1,000 (pickle), and
    # every finished hand is kept, so the environment could not be copied again that game
    rng = np.random.default_rng(0)
    e = raw_env(preset="rummy", players=3)
    e.reset(seed=0)
    longest = 0
    while longest < 1000 and not e.table.over:
        e.step(_random_step(e.observe(e.agent_selection), rng))
        game = e.table.game
        longest = max(len(h.history) for h in [*game.hands, game.hand])
    assert longest >= 1000  # random play in rummy makes such hands
    copied = copy.deepcopy(e) if how == "deepcopy" else pickle.loads(pickle.dumps(e))
    for _ in range(300):
        if e.table.over:
            break
        seen = e.observe(e.agent_selection)
        assert np.array_equal(
            seen["observation"], copied.observe(copied.agent_selection)["observation"]
        )
        action = _random_step(seen, rng)
        e.step(action)
        copied.step(action)
    assert copied.table.game.hand.history == e.table.game.hand.history
