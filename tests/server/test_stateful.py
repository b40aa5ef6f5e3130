"""The server as a state machine (hypothesis): two people and a bot at a real server,
the people playing legal and illegal moves, stale ones, undos, hints, leaving and
coming back, reconnecting from any seq they saw (or none), the server restarting on its
database, and the next game once one is over, in any order. After every step, with the
bot done moving, each person's latest view (the last `state` the server sent them) is
the view the server's game gives their seat now, so none was missed or left stale; a
reconnection was told of every seq it missed; and no message ever held a card hidden
from its seat. (The views themselves are checked against the engine's rules by the
engine's own tests: here, that the server keeps every person up to date.)"""

from __future__ import annotations

import base64
import json
import random
import secrets
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from rummykit.bots import get_bot
from rummykit.server import ServerConfig, lobby, seating
from rummykit.wire import view_from_json, view_to_json
from tests.server.kit import Client, LiveServer, cards_in, seats
from tests.server.test_play import _seen_by

NAMES = ("Ana", "Ben")
GREEDY = get_bot("greedy", seed=0)
#: How a refusal of a word that is not a card says what a card is (rummykit.cards).
CARD_EXAMPLES = "as 7H, TD, AS, or JK"
#: One deal of seven cards a game: games end, and the next one starts, within a run.
OPTIONS = {"deals": 1, "target": None, "hand_size": 7}
#: Actions people type: some legal now and then, most not.
TYPED = (
    "draw",
    "take 1",
    "take 3",
    "discard 7H",
    "discard XX",
    "meld 7H 8H 9H",
    "meld",
    "layoff 5S 0",
    "call 1",
    "pass",
    "undo",
    "discard",
)
TYPED_CARDS = {card for text in TYPED for card in cards_in(text)}


class _Chance:
    """Stands in for the server's :mod:`secrets`: the same table ids, codes, tokens and
    deals in every run of a test case, so that hypothesis can run it again."""

    compare_digest = staticmethod(secrets.compare_digest)

    def __init__(self) -> None:
        self.rng = random.Random(0)

    def token_hex(self, nbytes: int) -> str:
        return self.rng.randbytes(nbytes).hex()

    def token_urlsafe(self, nbytes: int) -> str:
        return base64.urlsafe_b64encode(self.rng.randbytes(nbytes)).decode().rstrip("=")

    def randbits(self, k: int) -> int:
        return self.rng.getrandbits(k)

    def choice(self, letters: str) -> str:
        return self.rng.choice(letters)


def _state_seq(client: Client) -> int:
    """The seq of the last view ``client`` was sent (-1: none yet)."""
    states = (m["seq"] for m in reversed(client.messages) if m["type"] == "state")
    return next(states, -1)


class TableMachine(RuleBasedStateMachine):
    """One table of Ana, Ben and a greedy bot (500 Rum, Rummy calls on)."""

    def __init__(self) -> None:
        super().__init__()
        chance = _Chance()
        self.secrets = [(m, getattr(m, "secrets")) for m in (lobby, seating)]  # noqa: B009
        for module, _ in self.secrets:
            setattr(module, "secrets", chance)  # noqa: B010
        self.folder = tempfile.TemporaryDirectory()
        self.db = f"sqlite+aiosqlite:///{Path(self.folder.name) / 'server.db'}"
        self.problems: list[str] = []
        self.known: dict[tuple[str, int | None], set[str]] = {}
        self.game_from = 0  # the seq the game in play started at
        self.live = self._serve()
        made = self.live.table(seats("open", "open", "greedy"), options=OPTIONS)
        self.table = made["id"]
        self.tokens = [self.live.join(self.table, name) for name in NAMES]
        self.live.post(f"/tables/{self.table}/start", {"token": self.tokens[0]})
        self.clients = [self.live.client(self.table, t) for t in self.tokens]
        self.away = [False, False]

    def _serve(self) -> LiveServer:
        config = ServerConfig(
            db=self.db, processes=0, rate=1e6, burst=10_000, on_send=self._check_sent
        )
        return LiveServer(config).__enter__()

    def _check_sent(self, table: Any, seat: int | None, message: dict[str, Any]) -> None:
        game = table.game
        if game is None:
            return
        text = json.dumps(message)
        # what the seat has seen in this game: a card of a meld taken back since stays known
        known = self.known.setdefault((table.game_row.id, seat), set())
        known |= _seen_by(game, seat)
        seen = set(known)
        if message["type"] == "error":  # the cards the person typed, and the notation's
            text = text.replace(CARD_EXAMPLES, "")  # own example of card words
            seen |= TYPED_CARDS
        leaked = set(cards_in(text)) - seen
        if leaked:
            self.problems.append(f"seat {seat} was sent {sorted(leaked)} in {message['type']}")

    def teardown(self) -> None:
        for client in self.clients:
            client.close()
        self.live.__exit__()
        self.folder.cleanup()
        for module, original in self.secrets:
            setattr(module, "secrets", original)  # noqa: B010

    # ---------------------------------------------------------------- helpers
    def _settle(self) -> None:
        """Reads until every person has the table's latest view and the bots (the greedy
        one, and the stand-ins of people away) have nothing more to play."""
        for _ in range(2000):
            latest = self._seq()
            for client in self.clients:
                while _state_seq(client) < latest:
                    client.recv()
            view = self.clients[0].view
            assert view is not None
            to_act = view["to_act"]
            if view["game_over"] or (to_act in (0, 1) and not self.away[to_act]):
                if self._seq() == latest:
                    return
                continue
            self.clients[0].recv(30)  # a bot's move is on its way
        raise AssertionError("the bots went on moving")

    def _seq(self) -> int:
        seq: int = self.live.get(f"/tables/{self.table}")["seq"]
        return seq

    def _answer(self, client: Client, kinds: tuple[str, ...]) -> dict[str, Any]:
        while True:
            message = client.recv()
            if message["type"] in kinds:
                return message

    # ---------------------------------------------------------------- rules
    @rule(count=st.integers(1, 12), seed=st.integers(0, 2**32))
    def play_legal_actions(self, count: int, seed: int) -> None:
        """People play ``count`` legal actions, melds and lay-offs first half the time
        (so that there is something to undo), draws more often than takes (so that
        hands end)."""
        rng = random.Random(seed)
        for _ in range(count):
            self._settle()
            mover = next((c for c in self.clients if c.my_turn()), None)
            if mover is None:
                return
            assert mover.view is not None
            legal = mover.view["legal_actions"]
            plays = [a for a in legal if a.split()[0] in ("meld", "layoff", "swap")]
            if plays and rng.random() < 0.5:
                action = rng.choice(plays)
            elif "draw" in legal and rng.random() < 0.8:
                action = "draw"
            else:
                action = rng.choice(legal)
            answer = mover.act(action)
            assert answer["type"] == "ack", answer
            event(f"played: {action.split()[0]}")
            if action in plays and rng.random() < 0.5:
                return  # and perhaps take it back next

    @rule(count=st.integers(1, 40))
    def play_as_greedy_bots_would(self, count: int) -> None:
        """People play ``count`` actions as the greedy bot would: hands end, and games."""
        for _ in range(count):
            self._settle()
            mover = next((c for c in self.clients if c.my_turn()), None)
            if mover is None:
                event("played greedily to the game's end")
                return
            assert mover.view is not None
            action = GREEDY.act(view_from_json(mover.view))
            assert mover.act(str(action))["type"] == "ack"

    @rule(who=st.sampled_from([0, 1]), text=st.sampled_from(TYPED))
    def type_an_action_that_is_not_legal(self, who: int, text: str) -> None:
        self._settle()
        client = self.clients[who]
        assert client.view is not None
        if text in client.view["legal_actions"]:
            return
        before = self._seq()
        answer = client.act(text)
        assert answer["type"] == "error" and answer["rule"], answer
        assert self._seq() == before  # refused: nothing changed

    @rule(who=st.sampled_from([0, 1]))
    def act_on_an_old_view(self, who: int) -> None:
        self._settle()
        client = self.clients[who]
        if client.seq == 0 or client.view is None or client.view["game_over"]:
            return
        before = self._seq()
        legal = client.view["legal_actions"] or ["draw"]
        answer = client.act(legal[0], seq=client.seq - 1)
        assert answer["type"] == "error", answer
        assert self._seq() == before

    @rule(choice=st.integers(0, 10_000))
    def meld_and_take_it_back(self, choice: int) -> None:
        """A person whose turn it is melds (or lays off) and takes it back: everybody is
        told, and the person's view is again the one before."""
        self._settle()
        mover = next((c for c in self.clients if c.my_turn()), None)
        if mover is None or mover.view is None:
            return
        plays = [a for a in mover.view["legal_actions"] if a.split()[0] in ("meld", "layoff")]
        if not plays:
            return
        before = mover.view
        assert mover.act(plays[choice % len(plays)])["type"] == "ack"
        mover.send({"type": "undo", "seq": mover.seq})
        answer = self._answer(mover, ("undone", "error"))
        event(f"meld taken back: {answer.get('rule', answer['type'])}")
        if answer["type"] == "error":  # a meld that went out, say ([undo.hand])
            assert answer["rule"].startswith("undo."), answer
            return
        mover.until("state", lambda m: m["seq"] >= answer["seq"])
        assert mover.view == before

    @rule(who=st.sampled_from([0, 1]))
    def undo(self, who: int) -> None:
        self._settle()
        client = self.clients[who]
        client.send({"type": "undo", "seq": client.seq})
        answer = self._answer(client, ("undone", "error"))
        event(f"undo: {answer.get('rule', answer['type'])}")
        if answer["type"] == "error":
            assert answer["rule"].split(".")[0] in ("undo", "server"), answer

    @rule(who=st.sampled_from([0, 1]))
    def ask_for_a_hint(self, who: int) -> None:
        self._settle()
        client = self.clients[who]
        client.send({"type": "hint"})
        answer = self._answer(client, ("hint", "error"))
        event(f"hint: {answer['type']}")
        if answer["type"] == "hint":
            assert client.view is not None
            assert answer["action"] in client.view["legal_actions"], answer

    @rule(who=st.sampled_from([0, 1]), back=st.sampled_from([None, 0, 1, 3, 10, 1000]))
    def reconnect(self, who: int, back: int | None) -> None:
        self._settle()
        old = self.clients[who]
        old.close()
        seq = None if back is None else max(0, old.seq - back)
        client = self.clients[who] = self.live.client(self.table, self.tokens[who], seq)
        if seq is not None and seq >= self.game_from:
            # what was missed came first: every seq since, as an event, an undone, or the
            # seq of an action an undone took back
            caught = client.until("state")
            missed = client.messages[: client.messages.index(caught)]
            told = {m["seq"] for m in missed if m["type"] in ("event", "undone")}
            told |= {m["undone"] for m in missed if m["type"] == "undone"}
            assert told >= set(range(seq + 1, caught["seq"] + 1)), (seq, sorted(told))
        event(f"a reconnection {'without a seq' if seq is None else 'from a seq'}")

    @rule(who=st.sampled_from([0, 1]))
    def leave_and_come_back(self, who: int) -> None:
        self._settle()
        self.live.post(f"/tables/{self.table}/leave", {"token": self.tokens[who]})
        self.away[who] = True
        self._settle()  # the stand-in plays the turns that come meanwhile
        self.live.post(f"/tables/{self.table}/back", {"token": self.tokens[who]})
        self.away[who] = False

    @rule()
    def restart_the_server(self) -> None:
        self._settle()
        for client in self.clients:
            client.close()
        self.live.__exit__()
        self.live = self._serve()
        event("a restart")
        self.clients = [
            self.live.client(self.table, token, client.seq)
            for token, client in zip(self.tokens, self.clients, strict=True)
        ]

    @precondition(lambda self: self.clients[0].view is not None)
    @rule()
    def play_again_once_over(self) -> None:
        self._settle()
        view = self.clients[0].view
        assert view is not None
        if not view["game_over"]:
            return
        self.game_from = self._seq()
        self.live.post(f"/tables/{self.table}/again", {"token": self.tokens[1]})
        event("the next game")
        for client in self.clients:  # its first view has the seq of the last game's last
            client.until("state", lambda m: not m["view"]["game_over"])

    # ---------------------------------------------------------------- invariants
    @invariant()
    def every_person_sees_the_game_the_server_holds(self) -> None:
        self._settle()
        game = self.live.server.lobby.tables[self.table].game
        for seat, client in enumerate(self.clients):
            assert client.seat == seat
            assert client.view == view_to_json(game.view(seat)), f"seat {seat}"
        assert self.problems == []


TableMachine.TestCase.settings = settings(
    max_examples=25, stateful_step_count=25, deadline=None, derandomize=True
)


class TestTableMachine(TableMachine.TestCase):  # type: ignore[misc,valid-type]
    """Runs the machine (pytest collects this class)."""
