"""The pieces of the table as Rich text: cards in suit colours, the hand, the melds, the
pile, the players, and the score sheet. Plain functions of a view, easy to test::

    >>> cards_text(["7H", "JK=8H", "KS"]).plain
    '7H JK=8H KS'
    >>> sort_cards(["KS", "2H", "JK", "2C"], by="rank")
    ['2C', '2H', 'KS', 'JK']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from rich.text import Text

from rummykit import Hand, Phase
from rummykit.cards import JOKER_CODE, RANK_OF, SUIT_OF, Card, card_sort_key
from rummykit.game import Game
from rummykit.rules import PileDraw, Rules, Scoring
from rummykit.scoring import CardValuer
from rummykit.tui.words import agree, plural, win_text
from rummykit.view import MeldView, PlayerView

__all__ = [
    "SUIT_STYLES",
    "card_text",
    "cards_text",
    "deal_text",
    "hand_text",
    "melds_text",
    "pile_text",
    "players_text",
    "points_so_far",
    "prompt_text",
    "score_sheet",
    "sheet_columns",
    "so_far_text",
    "sort_cards",
]

#: A four-colour pack: each suit its own colour, so that suits tell apart at a glance.
SUIT_STYLES = {
    "H": "bold red",
    "D": "bold dark_orange",
    "C": "bold green",
    "S": "bold",
    "JK": "bold magenta",
}


#: Bot levels as the players' line shows them.
SHORT_LEVELS = {
    "random": "rand",
    "greedy": "greedy",
    "basic": "basic",
    "heuristic": "heur",
    "montecarlo": "mc",
    "ismcts": "mcts",
    "rollout": "roll",
    "careless-5": "care5",
    "careless-9": "care9",
    "careless-16": "care16",
    "careless-25": "care25",
    "careless-60": "care60",
    "easy": "easy",
    "medium": "med",
    "hard": "hard",
    "expert": "exp",
}


def card_text(text: str, extra: str = "") -> Text:
    """One card (``7H``, ``JK``, ``JK=8H``) in its suit's colour."""
    if text.startswith("JK"):
        out = Text("JK", style=f"{SUIT_STYLES['JK']} {extra}".strip())
        if len(text) > 2:
            decl = text[2:]
            style = SUIT_STYLES.get(decl[-1], "") if decl[-1] in "CDHS" else ""
            out.append(decl, style=f"{style} italic {extra}".strip())
        return out
    return Text(text, style=f"{SUIT_STYLES.get(text[-1:], '')} {extra}".strip())


def cards_text(cards: Iterable[object], sep: str = " ") -> Text:
    """Several cards, separated by ``sep``."""
    return Text(sep).join(card_text(str(c)) for c in cards)


def _rank_key(card: int) -> tuple[int, int]:
    return (14 if card == JOKER_CODE else RANK_OF[card], SUIT_OF[card])


def sort_cards(cards: Iterable[object], by: str = "suit") -> list[str]:
    """Card texts sorted by suit then rank (``by="suit"``) or rank then suit; jokers last."""
    codes = [int(Card.parse(str(c))) for c in cards]
    codes.sort(key=card_sort_key if by == "suit" else _rank_key)
    return [str(Card(c)) for c in codes]


def hand_text(
    cards: Sequence[Card], by: str = "suit", marked: Iterable[str] = (), must: str = ""
) -> Text:
    """The person's hand, sorted; a gap between suits (or ranks); ``marked`` cards (just
    drawn or taken) underlined, the card that must be melded (``must``) reversed."""
    marks = list(marked)
    out = Text()
    prev = ""
    for t in sort_cards(cards, by):
        group = t[-1] if by == "suit" else t[:-1]
        if t == "JK":
            group = "JK"
        if out:
            out.append("  " if group != prev else " ")
        extra = ""
        if t in marks:
            extra = "underline"
            marks.remove(t)
        if must and t == must:
            extra = "reverse"
            must = ""
        out.append_text(card_text(t, extra))
        prev = group
    return out


def _segments(meld: MeldView) -> Text:
    """``Ben[6H] You[7H 8H 9H]``: the meld's cards in order, by who laid them."""
    out = Text()
    start = 0
    cards, who = meld.cards, meld.laid_by
    for i in range(1, len(cards) + 1):
        if i == len(cards) or who[i] != who[start]:
            if out:
                out.append(" ")
            out.append(f"{who[start]}[", style="dim")
            out.append_text(cards_text(cards[start:i]))
            out.append("]", style="dim")
            start = i
    return out


def melds_text(view: PlayerView) -> Text:
    """Every table meld, numbered, with who laid each card and what each joker stands for."""
    if not view.melds:
        return Text("no melds on the table yet", style="dim")
    lines = []
    for m in view.melds:
        line = Text(f"{m.number:>2} ", style="bold")
        line.append("run " if m.kind == "run" else "set ", style="dim")
        line.append_text(_segments(m))
        lines.append(line)
    return Text("\n").join(lines)


#: How many cards of a turned-over stock's public order the pile line shows.
OPEN_STOCK_SHOWN = 5


def pile_text(view: PlayerView) -> Text:
    """The whole discard pile spread, bottom first, the top card last and marked."""
    head = Text(f"Stock {view.stock_size}", style="bold")
    if view.open_stock:  # turned over unshuffled: everybody saw its order
        head.append(" (turned over, next ", style="dim")
        head.append_text(cards_text(view.open_stock[:OPEN_STOCK_SHOWN]))
        head.append(" …)" if len(view.open_stock) > OPEN_STOCK_SHOWN else ")", style="dim")
    head.append(f"  Pile {len(view.pile)}", style="bold")
    if not view.pile:
        head.append(" (empty)", style="dim")
        return head
    head.append(" (top last)\n", style="dim")
    body = cards_text(view.pile[:-1])
    if len(view.pile) > 1:
        body.append(" ")
    body.append_text(card_text(str(view.pile[-1]), "reverse"))
    return head + body


def players_text(
    view: PlayerView, levels: Mapping[int, str], human: int, seats: Sequence[int] = ()
) -> Text:
    """One entry per seat of the view's hand: turn marker, name, bot level, cards held,
    running total. ``levels`` (by game seat) and ``human`` are game seats; ``seats`` are
    the game seats of the view's seats (:attr:`~rummykit.game.Game.hand_seats`: tied
    leaders may play a hand alone, [game.ties]), by default the same numbers."""
    parts = []
    for seat, name in enumerate(view.players):
        player = seats[seat] if seats else seat
        acting = seat == view.to_act and view.phase is not Phase.OVER
        part = Text("▶" if acting else " ", style="bold")
        part.append(name, style="bold reverse" if acting else "bold")
        if seat == view.dealer:
            part.append("(D)", style="dim")
        if player != human and player in levels:
            part.append(f" {SHORT_LEVELS.get(levels[player], levels[player])}", style="dim")
        part.append(f" {plural(view.hand_sizes[seat], 'card')}", style="cyan")
        part.append(f" {view.totals[seat]:+d}", style="bold yellow")
        known: tuple[Card, ...] = ()
        if player != human:  # taken from the pile, or drawn from a turned-over stock
            known = (*view.known[seat], *(view.drawn_known[seat] if view.drawn_known else ()))
        if known:
            part.append(" has ", style="dim")
            part.append_text(cards_text(known))
        parts.append(part)
    return Text(" │ ", style="dim").join(parts)


def deal_text(rules: Rules, number: int) -> str:
    """Hand ``number`` as the deal of a game of a fixed number of deals (``wrotham``: 6,
    ``remik-single``: 3): ``deal 2 of 3``; past them, the hands that play off a tie
    (``deal 7, a play-off after 6``); ``""`` for a game to a target.

    >>> deal_text(Rules.preset("wrotham"), 2), deal_text(Rules.preset("500-rum"), 2)
    ('deal 2 of 6', '')
    """
    deals = rules.deals
    if deals is None:
        return ""
    if number <= deals:
        return f"deal {number} of {deals}"
    return f"deal {number}, a play-off after {deals}"


def prompt_text(view: PlayerView) -> str:
    """What the person whose view it is should do now (or who is thinking)."""
    if view.game_over:
        return "The game is over: again (F7) plays a new game, F6 scores, ctrl+q quits."
    if view.seat is None or view.to_act != view.seat:
        return _waiting_text(view)
    if view.phase is Phase.RUMMY:
        return "Rummy! You may call: rummy N (or rummy <card>), or pass."
    if view.phase is Phase.DRAW:
        if view.stock_size == 0:
            return _empty_stock_text(view)
        if not any(a.verb == "take" for a in view.legal_actions):
            return "Your turn: draw."
        return f"Your turn: draw, or {_take_text(view)}."
    if view.must_meld is not None:
        return _must_meld_text(view, view.must_meld)
    return "Meld, lay off or swap, then discard <card>."


def _waiting_text(view: PlayerView) -> str:
    """Who is thinking; says so when the person sits the hand out ([game.ties])."""
    who = view.players[view.to_act]
    doing = "may call Rummy" if view.phase is Phase.RUMMY else f"{agree(who, 'be')} playing"
    text = f"{who} {doing}…"
    if view.seat is None:
        text += " You sit this hand out: the tied leaders play it alone."
    return text


def _take_text(view: PlayerView) -> str:
    """How to take from the pile: its top card only where the rules allow no deeper take
    ([draw.top-only]), else any depth the legal actions hold."""
    if view.rules.pile_draw is PileDraw.TOP_ONLY:
        return "take (the top card of the pile)"
    return "take N / take <card> from the pile"


#: What the person may do at the draw when the stock is empty, by the action's verb.
_EMPTY_STOCK_CHOICES = {
    "draw": "draw (the pile makes a new stock)",
    "take": "",  # _take_text
    "end": "end the hand (end)",
}


def _empty_stock_text(view: PlayerView) -> str:
    """The prompt at the draw when the stock is empty, from the legal actions: draw (the
    pile is turned over or shuffled), take from the pile, end the hand ([end.stock])."""
    verbs = {a.verb for a in view.legal_actions}
    choices = [
        text or _take_text(view) for verb, text in _EMPTY_STOCK_CHOICES.items() if verb in verbs
    ]
    if len(choices) > 1:
        choices[-1] = f"or {choices[-1]}"
    return f"Your turn, the stock is empty: {', '.join(choices)}."


def _must_meld_text(view: PlayerView, card: Card) -> str:
    """The prompt after a take or a Rummy call whose card must go on the table: melded,
    then a discard; or, after a call on the last discard, laid off, and play goes back."""
    state = view.turn_state
    if state.call_layoff_only:
        back = view.players[state.call_resume] if 0 <= state.call_resume < len(view.players) else ""
        then = f": then play goes back to {back}" if back else ""
        return f"Lay off {card} on a table meld (your Rummy call){then}."
    return f"Meld {card} (you took it from the pile), then discard."


def _hand_values(game: Game, hand: Hand, seat: int) -> tuple[int, int]:
    """Points a seat put on the table and points left in its hand (melded-minus-hand)."""
    valuer = CardValuer(game.rules)
    table = sum(
        valuer.melded(m, i) for m in hand.melds for i, o in enumerate(m.owners) if o == seat
    )
    held = sum(valuer.in_hand(c) for c in hand.hands[seat])
    return table, held


def points_so_far(view: PlayerView) -> list[tuple[int, int | None, int]]:
    """Each seat's running figures in the hand in progress, from what ``view`` may know:
    (points of the cards it laid on the table, value of its cards in hand or None when
    they are hidden, number of cards in hand). Cards are valued as the rules' scoring
    values them (docs/rules.md, card values): a card on the table by the place it fills."""
    valuer = CardValuer(view.rules)
    table = [0] * len(view.players)
    for m in view.melds:
        for i, owner in enumerate(m.meld.owners):
            table[owner] += valuer.melded(m.meld, i)
    out: list[tuple[int, int | None, int]] = []
    for seat in range(len(view.players)):
        held = valuer.hand_value(view.hand) if seat == view.seat and view.hand else None
        if seat == view.seat and not view.hand:
            held = 0
        out.append((table[seat], held, view.hand_sizes[seat]))
    return out


def so_far_text(view: PlayerView) -> Text:
    """The hand in progress as it stands: what each player has on the table and holds,
    labelled "so far" (nothing is scored until the hand ends)."""
    names = view.players
    width = max(6, *(len(n) for n in names)) + 1
    melded_count = view.rules.scoring is Scoring.MELDED_MINUS_HAND
    out = Text(f"Hand {view.hand_number} so far", style="bold underline")
    out.append(" (it scores when the hand ends)\n", style="dim")
    for seat, (table, held, count) in enumerate(points_so_far(view)):
        line = Text(f"  {names[seat]:<{width}}", style="bold" if seat == view.seat else "")
        if melded_count:
            line.append(f"on the table {table:>3}  ")
        cards = plural(count, "card")
        if held is None:
            line.append(f"in hand {cards} (hidden)", style="dim")
        elif melded_count:
            line.append(f"in hand {-held:>4} ({cards})")
            line.append(f"  = {table - held:+d} so far", style="bold")
        else:  # a value taken by the winner, or paid: not points of one's own
            line.append(f"in hand worth {held:>3} ({cards})")
        out.append_text(line)
        out.append("\n")
    if not melded_count:
        out.append(f"  ({_HELD_COUNTS[view.rules.scoring]})\n", style="dim")
    return out


#: What the cards left in hand come to where melds score nothing.
_HELD_COUNTS = {
    Scoring.WINNER_TAKES: "winner-takes scoring: whoever goes out wins what the others hold",
    Scoring.PENALTY: "penalty scoring: what each player holds counts against them",
}


#: The columns a score sheet's table may take: the dialogs' width (78) less their border,
#: padding and scroll bar (:data:`DIALOG_MARGIN`); a narrower terminal gives it less.
SHEET_WIDTH = 72
#: The columns a dialog takes beyond its text: border, padding and scroll bar.
DIALOG_MARGIN = 6


def sheet_columns(terminal_width: int) -> int:
    """The columns a score sheet has in a terminal this wide (a narrow one gives less).

    >>> sheet_columns(100), sheet_columns(60)
    (72, 54)
    """
    return min(SHEET_WIDTH, terminal_width - DIALOG_MARGIN)


def score_sheet(
    game: Game,
    human: int = -1,
    detail: int | None = None,
    now: PlayerView | None = None,
    columns: int = SHEET_WIDTH,
) -> Text:
    """Every finished hand's scores and the totals; with ``detail`` (a hand index), how
    that hand ended and what each player had on the table and left in hand; with
    ``now`` (the person's view of a hand in progress), its running figures so far.
    The table of scores fits in ``columns``: with eight players in 54 (a terminal of
    60), each column is six wide, its name cut short."""
    names = game.players
    width = max(6, *(len(n) for n in names)) + 1
    out = Text()
    if now is not None and not now.game_over and now.phase is not Phase.OVER:
        out.append_text(so_far_text(now))
        out.append("\n")
    if detail is not None and detail < len(game.results):
        hand = game.hands[detail]
        result = game.results[detail]
        how = (
            f"{names[result.out]} went out"
            if result.out is not None and result.out >= 0
            else "the stock ran out"
        )
        out.append(f"Hand {hand.number}: {how}\n", style="bold")
        show_values = game.rules.scoring is Scoring.MELDED_MINUS_HAND
        # the hand's own seats: tied leaders may have played it without the others
        dealt_in = game.seatings[detail] if detail < len(game.seatings) else game.seated
        for seat, name in enumerate(names):
            line = Text(f"  {name:<{width}}", style="bold" if seat == human else "")
            if seat not in dealt_in:
                line.append("sat this hand out (game.ties)", style="dim")
                out.append_text(line)
                out.append("\n")
                continue
            local = dealt_in.index(seat)
            if show_values:
                table, held = _hand_values(game, hand, local)
                line.append(f"table {table:>3}  hand {-held:>4}  = {result.scores[seat]:+d}  ")
            else:
                line.append(f"{result.scores[seat]:+d}  ")
            left = hand.hands[local]
            if left:
                line.append("left: ", style="dim")
                line.append_text(cards_text(sort_cards(str(Card(c)) for c in left)))
            out.append_text(line)
            out.append("\n")
        out.append("\n")
    out.append("Score sheet\n", style="bold underline")
    # the columns fit the dialog's width: a name longer than its column is cut short
    # (five wide at the least, enough for -999 and 1234, and a space before it)
    col = max(5, min(width - 1, (columns - 5) // len(names) - 1)) + 1
    heads = [n if len(n) < col else n[: col - 2] + "…" for n in names]
    out.append("hand " + "".join(f"{n:>{col}}" for n in heads) + "\n", style="bold")
    for i, r in enumerate(game.results, start=1):
        out.append(f"{i:>4} " + "".join(f"{s:>{col}}" for s in r.scores) + "\n")
    out.append("total" + "".join(f"{t:>{col}}" for t in game.totals), style="bold")
    target, deals = game.rules.target, game.rules.deals
    if target is not None and not game.over:
        out.append(f"\n(first to {target} wins)", style="dim")
    elif deals is not None and not game.over:
        played = len(game.results)
        if played < deals:
            out.append(f"\n(deals played: {played} of {deals})", style="dim")
        else:
            out.append(f"\n({deals} deals played: a tie is played off)", style="dim")
    if game.over:
        out.append_text(_outcome_text(game))
    return out


def _outcome_text(game: Game) -> Text:
    """Who won the game (or share the win) and, under the ``settlement`` option, what
    each player receives or pays ([game.settlement])."""
    names = game.players
    won = win_text([names[s] for s in game.winners])
    out = Text()
    if won:
        out.append(f"\n{won} the game!" if len(game.winners) == 1 else f"\n{won}!", "bold green")
    settle = game.settlement()
    if settle is not None:
        out.append(
            "\nsettlement: " + ", ".join(f"{n} {s:+d}" for n, s in zip(names, settle, strict=True))
        )
    return out
