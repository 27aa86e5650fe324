"""What no play of End of the Page reaches: the checks of a state or view read from outside.

:mod:`rummyrules.formats.checks` checks what every game shares (the cards,
the melds, the players) and then asks the rules, whose ``check_state`` and
``check_view`` come here: the page and the game over (EOP-17), who has had
a turn and who plays on after a player went out (EOP-14), the turn in
progress (EOP-6), the face-up wild card (EOP-3), lay-offs by players who
are down (EOP-9), the turn limit (ALL-5) and the stock (EOP-R4).

>>> from rummyrules import EndOfThePage
>>> game = EndOfThePage().new_game(seed=4)
>>> check_state(game)
>>> check_state(game.replace(score_sheet=((5, 10),) * 10))
Traceback (most recent call last):
...
rummyrules.StateError: sheet: every round of the page is scored, so the game is over; write 'over' (EOP-17)
"""

from __future__ import annotations

from typing import Final

from rummyrules.core.cards import Rank
from rummyrules.core.errors import StateError
from rummyrules.game.checks import (
    check_face_up,
    check_lay_offs,
    check_never_rebuilt,
    check_out,
    check_player,
    check_rummy500_view,
    check_seen,
    check_sized,
    check_turn,
    check_turn_limit,
)
from rummyrules.game.deal_checks import check_dealt_hand
from rummyrules.game.state import GameState, Phase, View
from rummyrules.games.end_of_the_page.plays import hand_size
from rummyrules.games.end_of_the_page.state import (
    EndOfThePageOptions,
    EndOfThePageState,
    EndOfThePageTurn,
    EndOfThePageView,
)

__all__ = ["check_state", "check_view"]

OWED: Final = ("must_meld",)
"""The turn's field holding a card the player must still play: the deep pickup (EOP-6)."""


def check_state(state: GameState) -> None:
    """Refuse a game of End of the Page, sound in shape, that no play reaches.

    A state of another game raises TypeError.

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=4).apply("draw")
    >>> check_state(game)
    >>> check_state(game.replace(had_turn=(False, False)))
    Traceback (most recent call last):
    ...
    rummyrules.StateError: had_turn: player 1 is playing a turn, so has had one (EOP-14)
    """
    if not isinstance(state, EndOfThePageState):
        raise TypeError(f"expected an End of the Page game, not {type(state).__name__}")
    players = state.players
    check_sized("had_turn", state.had_turn, players)
    check_player("out", state.out, players)
    _check_page(len(state.score_sheet), state.rules, over=state.is_over)
    if state.is_over and state.turn != EndOfThePageTurn():
        raise StateError("over: a game over has no turn in progress")
    player = state.to_move
    if player is not None and state.phase == Phase.PLAY and not state.had_turn[player]:
        raise StateError(
            f"had_turn: player {player} is playing a turn, so has had one (EOP-14)"
        )
    hand = () if player is None else state.hands[player]
    check_turn(state.turn, phase=state.phase, hand=hand, player=player, owed=OWED)
    seat = state.face_up_seat()
    held = seat is not None and state.face_up in state.hands[seat]
    check_face_up(state.face_up, seat=seat, wild=state.wild, held=held)
    check_lay_offs(state.melds, "EOP-9")
    check_turn_limit(state, state.rules.max_turns, goes_on=state.out is not None)
    check_never_rebuilt(state, state.rules.stock_out, "EOP-R4")
    _check_out(state)
    _check_had_turn(state)
    _check_deal(state)


def check_view(view: View) -> None:
    """Refuse a view of End of the Page, sound in shape, that no play shows.

    A view of another game raises TypeError.

    >>> import attrs
    >>> from rummyrules import EndOfThePage
    >>> view = EndOfThePage().new_game(seed=4).view(0)
    >>> check_view(view)
    >>> check_view(attrs.evolve(view, scores=(5, 0)))
    Traceback (most recent call last):
    ...
    rummyrules.StateError: the scores [5, 0] are not the totals of the score sheet
    """
    if not isinstance(view, EndOfThePageView):
        raise TypeError(
            f"expected a view of End of the Page, not {type(view).__name__}"
        )
    check_rummy500_view(view, view.turn, owed=OWED, end_rule="EOP-17")
    _check_page(len(view.score_sheet), view.rules, over=view.phase == Phase.OVER)
    other = view.face_up_holder is not None and view.face_up_holder != view.player
    check_seen(view, view.face_up if other else None)


def _check_page(rows: int, rules: EndOfThePageOptions, *, over: bool) -> None:
    """EOP-17: the game is over exactly when every row of the page is scored."""
    rounds = rules.rounds
    if rows > rounds:
        raise StateError(
            f"sheet: a page of {rounds} rounds has no room for {rows} rows (EOP-17)"
        )
    if over and rows < rounds:
        raise StateError(
            f"over: the game ends with the page, and only {rows} of its {rounds} "
            "rounds are scored (EOP-17)"
        )
    if not over and rows == rounds:
        raise StateError(
            "sheet: every round of the page is scored, so the game is over; "
            "write 'over' (EOP-17)"
        )


def _check_out(state: EndOfThePageState) -> None:
    """EOP-11, EOP-14: who went out holds nothing; only players yet to have a turn play on."""
    out = state.out
    if out is None:
        return
    check_out(out, len(state.hands[out]))
    player = state.to_move
    if state.phase == Phase.DRAW and player is not None and state.had_turn[player]:
        raise StateError(
            f"had_turn: player {out} went out, so only players who have not had a "
            f"turn play on, and player {player} has (EOP-14)"
        )


def _check_had_turn(state: EndOfThePageState) -> None:
    """EOP-14: who played a card on the table, or took one the others saw, has had a turn.

    A meld is laid, a card laid off and a discard taken only in one's own
    turn, and ``had_turn`` is set by its draw; both start afresh with the
    round.
    """
    for number, laid in enumerate(state.melds, start=1):
        for player in laid.played_by:
            if not state.had_turn[player]:
                raise StateError(
                    f"had_turn: player {player} played a card of meld {number}, so "
                    "has had a turn this round (EOP-14)"
                )
    for player, cards in enumerate(state.known):
        if cards and not state.had_turn[player]:
            raise StateError(
                f"known: player {player} has had no turn this round, so has taken "
                "no card the others saw (EOP-14)"
            )


def _check_deal(state: EndOfThePageState) -> None:
    """EOP-2 to EOP-4: before anyone's first draw, the round is as the deal left it.

    At the deal nobody has had a turn (``had_turn`` is set by the first
    draw) and the discard pile is the upcard alone (EOP-4): then each hand
    holds a card that deals its size. The dealer's first card deals the
    dealer's hand: the face-up card itself, or an Ace before it, which deals
    14 (EOP-3). A position written by hand with more in the pile is taken
    as later in the round, and left alone.
    """
    dealt = state.phase == Phase.DRAW and state.out is None and not state.turns
    if not dealt or any(state.had_turn) or len(state.discard_pile) != 1:
        return
    for player, hand in enumerate(state.hands):
        if player != state.dealer:
            check_dealt_hand(player, hand, hand_size, rule="EOP-2")
    hand, face_up = state.hands[state.dealer], state.face_up
    if face_up is None:
        raise StateError(
            "face_up: at the deal the card that set the wild rank lies face up in "
            f"the dealer's hand, player {state.dealer}'s (EOP-3)"
        )
    ace = any(card.rank is Rank.ACE for card in hand)
    if len(hand) != hand_size(face_up) and not (ace and len(hand) == 14):
        raise StateError(
            f"hands: at the deal the dealer, player {state.dealer}, holds "
            f"{len(hand)} cards, but the face-up {face_up} deals "
            f"{hand_size(face_up)}, and an Ace turned up before it 14 (EOP-3)"
        )
