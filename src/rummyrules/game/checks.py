"""Checks of a state or view built from outside that several games make alike.

Each game refuses, in its ``rules.check_state`` and ``rules.check_view``,
what no play of it reaches; :mod:`rummyrules.formats.checks` asks it once
the shape of the value is sound. The pieces here serve more than one game: a
player number off the table, a field not sized for the players, a turn limit
passed, a stock rebuilt that never is, a card laid off by a player who is
not down, and what End of the Page and 1400 share as Rummy 500 games (the
face-up wild card, the turn in progress, who went out, a view's score
sheet). Each raises :class:`~rummyrules.StateError` with a sentence naming
the field and the rule.

>>> from rummyrules import EndOfThePage
>>> game = EndOfThePage(max_turns=5).new_game(seed=1)
>>> check_turn_limit(game.replace(turns=4), 5, goes_on=False)
>>> check_turn_limit(game.replace(turns=5), 5, goes_on=False)
Traceback (most recent call last):
...
rummyrules.StateError: turns: 5 turns have ended, and the limit of 5 ends the round (ALL-5)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from rummyrules.core.cards import Card, Rank
from rummyrules.core.errors import StateError
from rummyrules.core.hands import some_cards
from rummyrules.core.inputs import brief
from rummyrules.core.options import StockOut
from rummyrules.game.rules import deck_counts
from rummyrules.game.rummy500 import Rummy500State, Rummy500View
from rummyrules.game.state import GameState, Phase, View
from rummyrules.game.table import TableMeld

__all__ = [
    "check_face_up",
    "check_lay_offs",
    "check_never_rebuilt",
    "check_out",
    "check_player",
    "check_rummy500_view",
    "check_seen",
    "check_sized",
    "check_turn",
    "check_turn_limit",
]


def check_sized(name: str, items: Sequence[object], players: int) -> None:
    """Refuse a field that does not hold one entry for each player.

    >>> check_sized("hands", [(), ()], 3)
    Traceback (most recent call last):
    ...
    rummyrules.StateError: hands has 2 entries for 3 players
    """
    if len(items) != players:
        raise StateError(f"{name} has {len(items)} entries for {players} players")


def check_player(name: str, player: int | None, players: int) -> None:
    """Refuse a field that names a player who is not at the table (None names nobody).

    >>> check_player("dealer", 5, 2)
    Traceback (most recent call last):
    ...
    rummyrules.StateError: dealer is player 5, but the players are 0 to 1
    """
    if player is not None and not 0 <= player < players:
        raise StateError(
            f"{name} is player {player}, but the players are 0 to {players - 1}"
        )


def check_seen(view: View, *more: Card | None) -> None:
    """Refuse a view that shows more of a card than the deck has.

    What every view shows (the hand, the discard pile, the melds) and the
    game's ``more`` (a face-up card in another hand, a marker; None for
    none) are counted together.

    >>> from rummyrules import EndOfThePage
    >>> view = EndOfThePage().new_game(seed=1).view(0)
    >>> check_seen(view)
    >>> check_seen(view, *view.hand)
    Traceback (most recent call last):
    ...
    rummyrules.StateError: the view shows cards the deck does not have: ...
    """
    seen = Counter(view.hand)
    seen.update(view.discard_pile)
    seen.update(card for card in more if card)
    for meld in view.melds:
        seen.update(meld.cards)
    deck = deck_counts(view.rules)  # memoised per rules: views repeat them
    extra = Counter(
        {card: n - deck[card] for card, n in seen.items() if n > deck[card]}
    )
    if extra:
        raise StateError(
            f"the view shows cards the deck does not have: {some_cards(extra.elements())}"
        )


# --- Turns and the stock ----------------------------------------------------------


def check_turn_limit(
    state: GameState,
    limit: int | None,
    *,
    goes_on: bool,
    ends: str = "round",
    rule: str = "ALL-5",
) -> None:
    """Refuse a game going on at its turn limit, unless its round goes on past it (ALL-5).

    ``goes_on`` says whether this state plays on past the limit (End of the
    Page after a player went out, EOP-14; 1400's last plays, F14-13); in
    Going Out Rummy the limit ends the game (GOR-R4).

    >>> from rummyrules import GoingOutRummy
    >>> game = GoingOutRummy(max_turns=5).new_game(seed=1).replace(turns=7)
    >>> check_turn_limit(game, 5, goes_on=False, ends="game", rule="GOR-R4")
    Traceback (most recent call last):
    ...
    rummyrules.StateError: turns: 7 turns have ended, and the limit of 5 ends the game (GOR-R4)
    """
    if limit is None or state.is_over or state.turns < limit or goes_on:
        return
    raise StateError(
        f"turns: {state.turns} turns have ended, and the limit of {limit} ends the "
        f"{ends} ({rule})"
    )


def check_never_rebuilt(state: GameState, stock_out: StockOut, rule: str) -> None:
    """Refuse a stock rebuilt under ``stock_out=end_round``, which never rebuilds it (EOP-R4).

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=1).replace(reshuffles=1)
    >>> check_never_rebuilt(game, StockOut.END_ROUND, "EOP-R4")
    Traceback (most recent call last):
    ...
    rummyrules.StateError: reshuffles: under stock_out=end_round the stock is never rebuilt (EOP-R4)
    """
    if state.reshuffles and stock_out is StockOut.END_ROUND:
        raise StateError(
            f"reshuffles: under stock_out=end_round the stock is never rebuilt ({rule})"
        )


def check_turn(
    turn: object,
    *,
    phase: str,
    hand: Iterable[Card],
    player: int | None,
    owed: Sequence[str],
) -> None:
    """Refuse a turn record that no turn leaves: one outside a turn, or owing a card not held.

    ``turn`` is the game's attrs record of the turn in progress, empty as
    its class makes it; ``owed`` names its fields that hold a card the
    player must still play (EOP-6, F14-6, F14-9), so holds.

    >>> from rummyrules.games.end_of_the_page.state import EndOfThePageTurn
    >>> turn = EndOfThePageTurn(must_meld=Card.parse("JD"))
    >>> check_turn(
    ...     turn, phase="play", hand=[Card.parse("JD")], player=1, owed=["must_meld"]
    ... )
    >>> check_turn(turn, phase="play", hand=(), player=1, owed=["must_meld"])
    Traceback (most recent call last):
    ...
    rummyrules.StateError: turn: player 1 must still play JD (must_meld), but does not hold it
    """
    if turn == type(turn)():
        return
    if phase not in {Phase.PLAY, "last"}:
        raise StateError(
            f"turn: nothing has happened yet in a turn in the {phase} phase"
        )
    held = set(hand)
    for key in owed:
        card = getattr(turn, key)
        if card is not None and card not in held:
            raise StateError(
                f"turn: player {player} must still play {card} ({key}), but does not "
                "hold it"
            )


def check_lay_offs(melds: Sequence[TableMeld], rule: str) -> None:
    """Refuse a card laid off by a player with no meld of their own on the table (EOP-9).

    >>> import attrs
    >>> from rummyrules import EndOfThePage
    >>> meld = EndOfThePage().check_meld("7S 8S 9S").melds[0]
    >>> laid = TableMeld.laid(meld, owner=0)
    >>> check_lay_offs([laid], "EOP-9")
    >>> check_lay_offs([attrs.evolve(laid, played_by=(0, 0, 0, 1))], "EOP-9")
    Traceback (most recent call last):
    ...
    rummyrules.StateError: meld 1: player 1 laid a card off on it without a meld of their own (EOP-9)
    """
    owners = {meld.owner for meld in melds}
    for number, laid in enumerate(melds, start=1):
        if owners.issuperset(laid.played_by):  # most melds: one test, in C
            continue
        for player in laid.played_by:
            if player not in owners:
                raise StateError(
                    f"meld {number}: player {player} laid a card off on it without a "
                    f"meld of their own ({rule})"
                )


# --- What End of the Page and 1400 share ------------------------------------------


def check_face_up(
    face_up: Card | None, *, seat: int | None, wild: Rank | None, held: bool | None
) -> None:
    """Refuse a face-up card that is not the one that set the wild rank, in its holder's hand.

    ``seat`` is the player the deal gives it to (None: nobody, F14-R3);
    ``held`` whether that player holds it (None where it cannot be seen, in
    another player's view).

    >>> from rummyrules import Card
    >>> check_face_up(Card.parse("5S"), seat=0, wild=Rank.FIVE, held=True)
    >>> check_face_up(Card.parse("5S"), seat=0, wild=Rank.SIX, held=None)
    Traceback (most recent call last):
    ...
    rummyrules.StateError: face_up: 5S is not of the wild rank 6; the face-up card is the one that set it (EOP-3, F14-4)
    """
    if face_up is None:
        return
    if seat is None:
        raise StateError(
            "face_up: under these rules nobody is dealt the wild-rank card face up "
            f"(F14-R3), so {face_up} cannot be"
        )
    if face_up.rank is not wild:
        raise StateError(
            f"face_up: {face_up} is not of the wild rank {wild}; the face-up card "
            "is the one that set it (EOP-3, F14-4)"
        )
    if held is False:
        raise StateError(
            f"face_up: {face_up} is face up in player {seat}'s hand, but they do "
            "not hold it (EOP-3, F14-4)"
        )


def check_out(out: int | None, holds: int) -> None:
    """Refuse a player who went out, yet holds ``holds`` cards (EOP-11, F14-13).

    >>> check_out(1, 0)
    >>> check_out(1, 2)
    Traceback (most recent call last):
    ...
    rummyrules.StateError: out: player 1 went out, so holds no cards
    """
    if out is not None and holds:
        raise StateError(f"out: player {out} went out, so holds no cards")


def check_rummy500_view(
    view: Rummy500View, turn: object, *, owed: Sequence[str], end_rule: str
) -> None:
    """Refuse a Rummy 500 view whose sheet, face-up card, turn or winners cannot be.

    The scores are the totals of the score sheet, the round the one after
    the last scored (``end_rule`` says when the game ends), the face-up card
    is shown in the hand the deal gave it to, and only the player to move
    sees their own turn (``owed`` as for :func:`check_turn`).

    >>> import attrs
    >>> from rummyrules import EndOfThePage
    >>> view = EndOfThePage().new_game(seed=1).view(0)
    >>> check_rummy500_view(view, view.turn, owed=(), end_rule="EOP-17")
    >>> spoilt = attrs.evolve(view, round=2)
    >>> check_rummy500_view(spoilt, spoilt.turn, owed=(), end_rule="EOP-17")
    Traceback (most recent call last):
    ...
    rummyrules.StateError: round: with 0 rows on the score sheet the round is 1, not 2 (EOP-17)
    """
    _check_view_sheet(view, end_rule)
    _check_view_face_up(view)
    players = view.rules.players
    check_player("out", view.out, players)
    check_out(view.out, 0 if view.out is None else view.hand_sizes[view.out])
    if view.to_move != view.player and turn != type(turn)():
        raise StateError(
            f"turn: player {view.player} sees only their own turn, and it is not "
            "their turn"
        )
    if view.to_move == view.player:
        check_turn(
            turn, phase=view.phase, hand=view.hand, player=view.player, owed=owed
        )


def _check_view_sheet(view: Rummy500View, end_rule: str) -> None:
    """The scores, the round and the winners are what the score sheet makes them."""
    players = view.rules.players
    sheet, over = view.score_sheet, view.phase == Phase.OVER
    for number, row in enumerate(sheet, start=1):
        check_sized(f"row {number} of the score sheet", row, players)
    check_sized("scores", view.scores, players)
    totals = tuple(sum(column) for column in zip(*sheet, strict=True)) or (0,) * players
    if view.scores != totals:
        raise StateError(
            f"the scores {list(view.scores)} are not the totals of the score sheet"
        )
    expected = max(1, len(sheet) + (0 if over else 1))
    if view.round != expected:
        raise StateError(
            f"round: with {len(sheet)} rows on the score sheet the round is "
            f"{expected}, not {view.round} ({end_rule})"
        )
    best = max(totals)
    winners = tuple(p for p, total in enumerate(totals) if over and total == best)
    if view.winners != winners:
        raise StateError(
            f"winners: once the game is over the best totals win, so the winners "
            f"are {list(winners)}, not {brief(list(view.winners))} ({end_rule})"
        )


def _check_view_face_up(view: Rummy500View) -> None:
    """The face-up card is shown in the hand of the player the deal gave it to."""
    seat = _dealt_seat(view)
    holder = None if view.face_up is None else seat
    if view.face_up_holder != holder:
        raise StateError(
            f"face_up_holder: the face-up card is in the hand of the player the deal "
            f"gave it to, player {seat}, while they hold it (EOP-3, F14-4)"
        )
    held = view.face_up in view.hand if seat == view.player else None
    check_face_up(view.face_up, seat=seat, wild=view.wild, held=held)


def _dealt_seat(view: Rummy500View) -> int | None:
    """The player the view's rules deal the face-up wild card to, with its dealer."""
    state_class = view.rules.state_class
    if not issubclass(state_class, Rummy500State):  # pragma: no cover - by construction
        raise TypeError(f"{view.rules.name} is no Rummy 500 game")
    return state_class.dealt_face_up_seat(view.rules, view.dealer)
