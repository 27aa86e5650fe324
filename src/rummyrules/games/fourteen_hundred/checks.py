"""What no play of 1400 reaches: the checks of a state or view read from outside.

:mod:`rummyrules.formats.checks` checks what every game shares (the cards,
the melds, the players) and then asks the rules, whose ``check_state`` and
``check_view`` come here: the target and the game over (F14-15), the first
upcard and its passes (F14-6, F14-7), the turn in progress (F14-9), the
face-up wild card or the marker (F14-4, F14-R3), the discard that may be
claimed (F14-12), going out and the last plays (F14-13), lay-offs under
``lay_off_needs_meld`` (F14-R7), the turn limit (ALL-5) and the stock
(F14-R10).

>>> from rummyrules import FourteenHundred
>>> game = FourteenHundred(players=2).new_game(seed=4)
>>> check_state(game)
>>> check_state(game.replace(passes=2))
Traceback (most recent call last):
...
rummyrules.StateError: passes: when all 2 players pass, the round is over (F14-7)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final

import attrs

from rummyrules.core.cards import Card, Rank
from rummyrules.core.errors import PositionError, StateError
from rummyrules.formats.reader import Reader
from rummyrules.formats.sections import Section
from rummyrules.game.checks import (
    check_face_up,
    check_lay_offs,
    check_never_rebuilt,
    check_out,
    check_player,
    check_rummy500_view,
    check_seen,
    check_turn,
    check_turn_limit,
)
from rummyrules.game.deal_checks import check_dealt_hand
from rummyrules.game.state import GameState, View
from rummyrules.games.fourteen_hundred.state import (
    FourteenHundredOptions,
    FourteenHundredPhase,
    FourteenHundredState,
    FourteenHundredTurn,
    FourteenHundredView,
    hand_size,
)

__all__ = ["Claim", "Marker", "check_state", "check_view"]

Phase = FourteenHundredPhase

OWED: Final = ("must_meld", "must_use")
"""The turn's fields holding a card the player must still play (F14-6, F14-9)."""


def check_state(state: GameState) -> None:
    """Refuse a game of 1400, sound in shape, that no play reaches.

    A state of another game raises TypeError.

    >>> from rummyrules import FourteenHundred
    >>> game = FourteenHundred(players=2).new_game(seed=4)
    >>> check_state(game.replace(turns=1))
    Traceback (most recent call last):
    ...
    rummyrules.StateError: turns: the round opens on the first upcard, before any turn ends or meld is laid (F14-6)
    """
    if not isinstance(state, FourteenHundredState):
        raise TypeError(f"expected a game of 1400, not {type(state).__name__}")
    players = state.players
    for name in ("out", "discarder"):
        check_player(name, getattr(state, name), players)
    if state.passes < 0:
        raise StateError(f"passes cannot be {state.passes}")
    _check_target(state.scores, state.rules, over=state.is_over)
    if state.is_over and (
        state.turn != FourteenHundredTurn() or state.claim is not None
    ):
        raise StateError("over: a game over has no turn in progress")
    _check_opening(state)
    _check_deal(state)
    player = state.to_move
    hand = () if player is None else state.hands[player]
    check_turn(state.turn, phase=state.phase, hand=hand, player=player, owed=OWED)
    seat = state.face_up_seat()
    held = seat is not None and state.face_up in state.hands[seat]
    check_face_up(state.face_up, seat=seat, wild=state.wild, held=held)
    _check_marker(state.marker, state.rules, state.wild)
    if state.passes >= players:
        raise StateError(
            f"passes: when all {players} players pass, the round is over (F14-7)"
        )
    _check_claim(state)
    rules = state.rules
    if rules.lay_off_needs_meld:
        check_lay_offs(state.melds, "F14-R7")
    check_turn_limit(state, rules.max_turns, goes_on=state.phase == Phase.LAST)
    check_never_rebuilt(state, rules.stock_out, "F14-R10")
    out = state.out
    check_out(out, 0 if out is None else len(state.hands[out]))
    _check_last_plays(out, state.phase, player, players)


def check_view(view: View) -> None:
    """Refuse a view of 1400, sound in shape, that no play shows.

    A view of another game raises TypeError.

    >>> import attrs
    >>> from rummyrules import FourteenHundred
    >>> view = FourteenHundred(players=2).new_game(seed=4).view(0)
    >>> check_view(view)
    >>> check_view(attrs.evolve(view, discarder=1))
    Traceback (most recent call last):
    ...
    rummyrules.StateError: claim: a discard that may be claimed comes with who discarded it (F14-12)
    """
    if not isinstance(view, FourteenHundredView):
        raise TypeError(f"expected a view of 1400, not {type(view).__name__}")
    players = view.rules.players
    check_rummy500_view(view, view.turn, owed=OWED, end_rule="F14-15")
    _check_target(view.scores, view.rules, over=view.phase == Phase.OVER)
    _check_marker(view.marker, view.rules, view.wild)
    check_player("discarder", view.discarder, players)
    _check_claim(view)
    _check_none_known(view.phase, view.known)
    _check_last_plays(view.out, view.phase, view.to_move, players)
    other = view.face_up_holder is not None and view.face_up_holder != view.player
    check_seen(view, view.marker, view.face_up if other else None)


def _check_target(
    scores: Sequence[int], rules: FourteenHundredOptions, *, over: bool
) -> None:
    """F14-15: the game is over exactly when a player has reached the target."""
    best, target = max(scores), rules.target
    if over and best < target:
        raise StateError(
            f"over: the game ends when a player reaches {target}, and the best "
            f"total is {best} (F14-15)"
        )
    if not over and best >= target:
        raise StateError(
            f"sheet: a player has reached {target}, so the game is over; write "
            "'over' (F14-15)"
        )


def _check_opening(state: FourteenHundredState) -> None:
    """F14-6: the round opens on the first upcard, before anything else happens."""
    if state.phase != Phase.OPENING:
        return
    if not state.discard_pile:
        raise StateError(
            "pile: the round opens on an upcard, and there is none (F14-6)"
        )
    if state.turns or state.melds:
        what = "turns" if state.turns else "melds"
        raise StateError(
            f"{what}: the round opens on the first upcard, before any turn ends or "
            "meld is laid (F14-6)"
        )


def _check_deal(state: FourteenHundredState) -> None:
    """F14-3 to F14-6: the opening is as the deal left it.

    Taking the first upcard ends the opening (F14-6), so nobody has taken a
    card the others saw (no ``known``) and the pile is the upcard alone. At
    the deal itself (no pass yet, the dealer's left to move) each hand holds
    a card that deals its size, and the player left of the dealer holds the
    face-up wild card on top, when it is dealt (F14-R3). A position written
    by hand with another player to move and no pass counted is not taken as
    the deal, and its hands are left alone.
    """
    if state.phase != Phase.OPENING:
        return
    _check_none_known(state.phase, state.known)
    if len(state.discard_pile) != 1:
        raise StateError("pile: the round opens on one upcard (F14-5, F14-6)")
    left = (state.dealer + 1) % state.players
    if state.passes or state.to_move != left:
        return
    ace = state.rules.ace_hand_size
    seat = state.face_up_seat()
    if seat is not None and state.face_up is None:
        raise StateError(
            f"face_up: in the opening the wild-rank card is still face up in player "
            f"{seat}'s hand (F14-R3)"
        )

    def deals(card: Card) -> int:
        return hand_size(card, ace=ace)

    for player, hand in enumerate(state.hands):
        extra = state.face_up if player == seat else None
        rule = "F14-R3" if extra is not None else "F14-3"
        check_dealt_hand(player, hand, deals, rule=rule, extra=extra)


def _check_none_known(phase: str, known: Sequence[Sequence[Card]]) -> None:
    """F14-6: only a take makes a card known, and taking the first upcard ends the opening."""
    if phase == Phase.OPENING and any(known):
        raise StateError(
            "known: in the opening nobody has taken a card yet, so none is known "
            "to be held (F14-6)"
        )


def _check_marker(
    marker: Card | None, rules: FourteenHundredOptions, wild: Rank | None
) -> None:
    """F14-R3: the wild-rank card lies on the table exactly when it is not dealt."""
    if rules.wild_card_dealt:
        if marker is not None:
            raise StateError(
                "marker: the wild-rank card is dealt to a player under these rules, "
                "so there is no marker (F14-R3)"
            )
        return
    if marker is None:
        raise StateError(
            "marker: with wild_card_dealt=false the wild-rank card lies on the "
            "table all round (F14-R3)"
        )
    if marker.rank is not wild:
        raise StateError(f"marker: {marker} is not of the wild rank {wild} (F14-R3)")


def _check_claim(seen: FourteenHundredState | FourteenHundredView) -> None:
    """F14-12, F14-R9: the top discard, claimable until the discarder's next player draws.

    A state and a view show all of it alike.
    """
    claim, discarder, pile = seen.claim, seen.discarder, seen.discard_pile
    if claim is None and discarder is None:
        return
    if claim is None or discarder is None:
        raise StateError(
            "claim: a discard that may be claimed comes with who discarded it (F14-12)"
        )
    if seen.phase != Phase.DRAW or pile[:1] != (claim,):
        raise StateError(
            f"claim: {claim} may be claimed only as the top discard, until the next "
            "player draws (F14-12)"
        )
    following = (discarder + 1) % seen.rules.players
    if seen.to_move != following:
        raise StateError(
            f"claim: player {discarder} discarded {claim}, so player {following} is "
            "to draw next (F14-12)"
        )


def _check_last_plays(
    out: int | None, phase: str, to_move: int | None, players: int
) -> None:
    """F14-13: out with a discard ends the round; without, the next player's last plays follow."""
    if phase == Phase.LAST and (out is None or out == to_move):
        raise StateError(
            "out: the last plays follow another player's going out; say who, as in "
            "'out 1' (F14-13)"
        )
    if out is None or phase == Phase.OVER:
        return
    if phase != Phase.LAST:
        raise StateError(
            f"out: player {out} went out with a discard, which ends the round at "
            "once (F14-13)"
        )
    if to_move != (out + 1) % players:
        raise StateError(
            f"to_move: the last plays are the next player's, player "
            f"{(out + 1) % players}'s (F14-13)"
        )


# --- The position sections only 1400 has: the marker and the claim ---------------


@attrs.frozen
class Marker(Section):
    """``marker C``: the wild-rank card lying on the table when it is not dealt (F14-R3).

    >>> from rummyrules import FourteenHundred
    >>> game = FourteenHundred(players=2, wild_card_dealt=False).new_game(seed=3)
    >>> list(Marker().write(game))
    [('marker', '8C')]
    """

    keys: tuple[str, ...] = ("marker",)

    def write(self, state: GameState) -> Iterator[tuple[str, str]]:
        """The parts of the line this section writes for the state."""
        if isinstance(state, FourteenHundredState) and state.marker is not None:
            yield "marker", str(state.marker)

    def read(self, reader: Reader) -> None:
        """Read this section from the position into the reader's fields."""
        text = reader.get("marker")
        rules = reader.rules
        dealt = not isinstance(rules, FourteenHundredOptions) or rules.wild_card_dealt
        if text is None:
            if not dealt:
                raise PositionError(
                    "marker: with wild_card_dealt=false the wild-rank card lies on "
                    "the table; name it, as in 'marker 7H' (F14-R3)"
                )
            reader.fields["marker"] = None
            return
        if dealt:
            raise PositionError(
                "marker: the wild-rank card is dealt to a player under these rules, "
                "so there is no marker (F14-R3)"
            )
        card = reader.card("marker", text)
        wild = reader.fields["wild"]
        if card.rank is not wild:
            raise PositionError(
                f"marker: {card} is not of the wild rank {wild} (F14-R3)"
            )
        reader.place([card])
        reader.fields["marker"] = card


@attrs.frozen
class Claim(Section):
    """``claim C@N``: the last discard while it may be claimed, and who discarded it (F14-12).

    >>> from rummyrules import FourteenHundred
    >>> list(Claim().write(FourteenHundred(players=2).new_game(seed=3)))
    []
    """

    keys: tuple[str, ...] = ("claim",)

    def write(self, state: GameState) -> Iterator[tuple[str, str]]:
        """The parts of the line this section writes for the state."""
        if isinstance(state, FourteenHundredState) and state.claim is not None:
            yield "claim", f"{state.claim}@{state.discarder}"

    def read(self, reader: Reader) -> None:
        """Read this section from the position into the reader's fields."""
        text = reader.get("claim")
        if text is None:
            reader.fields.update(claim=None, discarder=None)
            return
        card_text, at, player_text = reader.closed(text).partition("@")
        if not at:
            raise PositionError(
                "claim: name the card and who discarded it, as in 'claim 7H@2' (F14-12)"
            )
        reader.fields.update(
            claim=reader.card("claim", card_text.strip()),
            discarder=reader.player("claim", player_text.strip()),
        )
