"""End of the Page's turn machine: the rules of a turn, and the table of what each phase takes.

A turn is two phases. In ``draw`` the player draws from the stock or takes
from the discard pile, from below the top only with two natural cards that
meld with the card (EOP-5, EOP-6). In ``play`` the player melds, lays off
and finally discards (EOP-7 … EOP-12), or floats when the hand runs out
(EOP-13): a card taken from deep in the pile is melded first (EOP-6), a
player lays off only once down (EOP-9), a last card that fits a meld is
played, not discarded (EOP-12), and under EOP-R3 the card just taken is not
discarded again. Each rule of a turn here is one function, a gate or a
check of :mod:`rummyrules.game.machine`, that says why a move is refused
(the game's core lists the moves, :mod:`rummyrules.games.end_of_the_page.core`).
The table at the end says which kinds of move each phase takes, and for each
kind how its moves are named, which rules forbid some, and what it does
(:mod:`rummyrules.games.end_of_the_page.plays`).

>>> from rummyrules import EndOfThePage
>>> game = EndOfThePage().new_game(seed=3).apply("draw")
>>> game.phase
<Phase.PLAY: 'play'>
>>> print(down(game, 1))
you have not melded yet this round, so you cannot lay off on a meld (EOP-9)
"""

from __future__ import annotations

from typing import Final

from rummyrules.core.cards import Card
from rummyrules.game.machine import (
    Kind,
    Machine,
    PhaseRules,
    Refusal,
    Test,
    card_refusal,
    refuse,
)
from rummyrules.game.moves import Discard, Draw, LayOff, NewMeld, Take
from rummyrules.game.rummy500_hand import hand_analysis
from rummyrules.game.rummy500_melding import (
    fits_melds,
    lay_off_readings,
    meld_readings,
)
from rummyrules.game.state import Phase
from rummyrules.game.turn_rules import (
    discard_readings,
    draw_first,
    drawn_already,
)
from rummyrules.games.end_of_the_page import plays
from rummyrules.games.end_of_the_page.state import EndOfThePageState
from rummyrules.melds import support

__all__ = [
    "MACHINE",
    "deep_pickup",
    "down",
    "floating_take",
    "last_card",
    "no_stranding",
    "pickup_meld",
    "pickup_pending",
    "take_readings",
    "taken_discard",
]

State = EndOfThePageState


# --- The draw (EOP-5, EOP-6) -----------------------------------------------------


def take_readings(state: State, move: Take, player: int) -> list[Take]:
    """The take a move names: the top card, or a card below it by name (EOP-5).

    >>> from rummyrules import EndOfThePage, parse_move
    >>> game = EndOfThePage().position(
    ...     "wild 3 | to_move 1 draw | hands 3S 4C / 9D JD KC | pile 6C 10D"
    ... )
    >>> [str(take) for take in take_readings(game, parse_move("take 6C"), 1)]
    ['take']
    >>> take_readings(game, parse_move("take 7H"), 1)
    Traceback (most recent call last):
    ...
    rummyrules.IllegalMoveError: there is no 7H in the discard pile (EOP-5)
    """
    del player
    pile = state.discard_pile
    if not pile:
        raise refuse("the discard pile is empty", "EOP-5")
    if move.card is None or move.card == pile[0]:
        return [Take()]
    if move.card not in pile:
        raise refuse(f"there is no {move.card} in the discard pile", "EOP-5")
    return [move]


def floating_take(state: State) -> Test[Take] | None:
    """EOP-R3 with EOP-13: a floating player who may not discard the card taken must play it.

    >>> from rummyrules import EndOfThePage, Take
    >>> game = EndOfThePage(discard_taken_card=False).position(
    ...     "wild 3 | to_move 1 draw | hands 3S 4C / - | melds 1: 9D 10D JD"
    ...     " | pile 6C KC | had_turn 1"
    ... )
    >>> print(floating_take(game)(Take()))
    with no cards in hand you could neither play 6C nor discard it again, so you may not take it (EOP-R3)
    """
    player = state.to_move
    if player is None or state.hands[player] or not state.discard_pile:
        return None
    top = state.discard_pile[0]
    if state.rules.discard_taken_card or _can_lay_off(state, player, top):
        return None
    refusal = Refusal(
        f"with no cards in hand you could neither play {top} nor discard it again, "
        "so you may not take it",
        "EOP-R3",
    )
    return lambda move: refusal if move.card is None else None


def deep_pickup(state: State) -> Test[Take] | None:
    """EOP-6: a card below the top is taken only with two natural cards that meld with it.

    >>> from rummyrules import EndOfThePage, parse_move
    >>> game = EndOfThePage().position(
    ...     "wild 3 | to_move 1 draw | hands 3S 4C / 9D JD KC | pile 6C 10D 5H"
    ... )
    >>> test = deep_pickup(game)
    >>> print(test(parse_move("take 10D")))
    None
    >>> print(test(parse_move("take 5H")))
    to take 5H from below the top of the pile you must hold two natural cards that make a set or run with it (EOP-6)
    """
    if len(state.discard_pile) < 2:
        return None
    # Made once a state: each take refused asks the same test.
    return state.memo(_deep_pickup)


def _deep_pickup(state: State) -> Test[Take]:
    supported = hand_analysis(state, state.to_move or 0).supports()

    def test(move: Take) -> Refusal | None:
        if move.card is None or supported(move.card):
            return None
        return _deep_refusal(move.card)

    return test


_deep_refusal = card_refusal(
    "to take {card} from below the top of the pile you must hold two "
    "natural cards that make a set or run with it",
    "EOP-6",
)


# --- Plays (EOP-6 … EOP-12) -------------------------------------------------------


def pickup_meld(state: State) -> Test[NewMeld] | None:
    """EOP-6: after a deep pickup, the new meld holds the card and the two naturals.

    The card and two natural cards held before the pickup must make the set
    or run by themselves, so in a run the two stand beside the card, with no
    wild between; other cards may join. A wild taken (EOP-R6) counts as the
    card it stands for in the meld.

    >>> from rummyrules import EndOfThePage, parse_move
    >>> game = EndOfThePage().position(
    ...     "wild 3 | to_move 1 play | turn taken 10D must_meld 10D support 9D JD"
    ...     " | hands 3S 4C / 9D 10D JD KC | pile 6C | had_turn 1"
    ... )
    >>> test = pickup_meld(game)
    >>> print(test(parse_move("meld 9D 10D JD")))
    None
    >>> print(test(parse_move("meld 10D JD QD")))
    you took 10D from deep in the discard pile, so you must now lay it in a new meld with two natural cards you held that make a set or run with it (EOP-6)
    """
    taken = state.turn.must_meld
    if taken is None:
        return None
    refusal = pickup_pending(state, state.to_move or 0)
    meld_rules, wild, held = state.rules.meld_rules, state.wild, state.turn.support

    def test(move: NewMeld) -> Refusal | None:
        if support.holds_support(
            move.cards, taken, held, meld_rules, wild, declared=move.declared
        ):
            return None
        return refusal

    return test


def pickup_pending(state: State, player: int) -> Refusal | None:
    """EOP-6: until the card taken from deep in the pile is melded, nothing else is played.

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().position(
    ...     "wild 3 | to_move 1 play | turn taken 10D must_meld 10D support 9D JD"
    ...     " | hands 3S 4C / 9D 10D JD KC | pile 6C | had_turn 1"
    ... )
    >>> pickup_pending(game, 1).rule, pickup_pending(game.apply("meld 9D 10D JD"), 1)
    ('EOP-6', None)
    """
    del player
    taken = state.turn.must_meld
    if taken is None:
        return None
    return Refusal(
        f"you took {taken} from deep in the discard pile, so you must now lay it "
        "in a new meld with two natural cards you held that make a set or run with it",
        "EOP-6",
    )


def down(state: State, player: int) -> Refusal | None:
    """EOP-9: a player lays off only once they have a meld of their own this round.

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=3).apply("draw")
    >>> down(game, 1).rule, down(game.apply("meld KH KD KC"), 1)
    ('EOP-9', None)
    """
    for meld in state.melds:  # state.melded, without building it for one player
        if meld.owner == player:
            return None
    return Refusal(
        "you have not melded yet this round, so you cannot lay off on a meld", "EOP-9"
    )


def no_stranding(state: State) -> Test[NewMeld | LayOff] | None:
    """EOP-R3 with ALL-2: a play may not leave the player with no move at all.

    Under the option that forbids discarding the card just taken, melding or
    laying off every other card could leave only that card, which may not be
    discarded and may not fit anywhere: such a play is not allowed.

    >>> from rummyrules import EndOfThePage, parse_move
    >>> game = EndOfThePage(discard_taken_card=False).position(
    ...     "wild 3 | to_move 1 play | turn taken 6C | hands 3S 4C / 6C 9D 10D JD"
    ...     " | pile KC | had_turn 1"
    ... )
    >>> print(no_stranding(game)(parse_move("meld 9D 10D JD")))
    that would leave you holding only 6C, which you took this turn and may not discard again, and which fits no meld (EOP-R3)
    """
    turn = state.turn
    taken = turn.taken
    if taken is None or turn.held_copy or state.rules.discard_taken_card:
        return None
    player = state.to_move or 0

    def test(move: NewMeld | LayOff) -> Refusal | None:
        if isinstance(move, NewMeld):
            after = plays.meld(state, move)
        else:
            after = plays.lay_off(state, move)
        left = after.hands[player]
        if after.to_move != player or not left or any(card != taken for card in left):
            return None  # the turn is over, or another card can still be discarded
        if _can_lay_off(after, player, taken):
            return None
        return Refusal(
            f"that would leave you holding only {taken}, which you took this turn and "
            "may not discard again, and which fits no meld",
            "EOP-R3",
        )

    return test


def taken_discard(state: State) -> Test[Discard] | None:
    """EOP-R3: under the option, the card just taken from the pile is not discarded again.

    >>> from rummyrules import EndOfThePage, parse_move
    >>> game = EndOfThePage(discard_taken_card=False).position(
    ...     "wild 3 | to_move 1 play | turn taken 6C | hands 3S 4C / 6C 9D 10D JD"
    ...     " | pile KC | had_turn 1"
    ... )
    >>> print(taken_discard(game)(parse_move("discard 6C")))
    you took 6C from the discard pile this turn, and these rules do not let you discard it again (EOP-R3)
    """
    turn = state.turn
    taken = turn.taken
    if taken is None or turn.held_copy or state.rules.discard_taken_card:
        return None
    refusal = Refusal(
        f"you took {taken} from the discard pile this turn, and these rules do "
        "not let you discard it again",
        "EOP-R3",
    )
    return lambda move: refusal if move.card == taken else None


def last_card(state: State) -> Test[Discard] | None:
    """EOP-12: a last card that can be laid off must be played, not discarded.

    >>> from rummyrules import EndOfThePage, parse_move
    >>> game = EndOfThePage().position(
    ...     "wild 3 | to_move 1 play | hands 3S 4C / 8D | melds 1: 9D 10D JD"
    ...     " | pile KC | had_turn 1"
    ... )
    >>> print(last_card(game)(parse_move("discard 8D")))
    your last card 8D can be laid off on a meld, so it must be played, not discarded (you will float) (EOP-12)
    """
    player = state.to_move or 0
    hand = state.hands[player]
    if len(hand) != 1 or not _can_lay_off(state, player, hand[0]):
        return None
    last = hand[0]
    refusal = Refusal(
        f"your last card {last} can be laid off on a meld, so it must be "
        "played, not discarded (you will float)",
        "EOP-12",
    )
    return lambda move: refusal if move.card == last else None


def _can_lay_off(state: State, player: int, card: Card) -> bool:
    return state.melded[player] and fits_melds(state, card)


# --- The table -------------------------------------------------------------------


MACHINE: Final = Machine[EndOfThePageState](
    game="End of the Page",
    phases={
        Phase.DRAW: PhaseRules(
            kinds=(
                Kind.single(
                    Draw,
                    play=plays.draw,
                ),
                Kind(
                    move=Take,
                    readings=take_readings,
                    play=plays.take,
                    filters=(floating_take, deep_pickup),
                ),
            ),
            refuse=draw_first("EOP-5"),
        ),
        Phase.PLAY: PhaseRules(
            kinds=(
                Kind(
                    move=NewMeld,
                    readings=meld_readings,
                    play=plays.meld,
                    filters=(pickup_meld, no_stranding),
                ),
                Kind(
                    move=LayOff,
                    readings=lay_off_readings,
                    play=plays.lay_off,
                    gates=(pickup_pending, down),
                    filters=(no_stranding,),
                ),
                Kind(
                    move=Discard,
                    readings=discard_readings,
                    play=plays.discard,
                    gates=(pickup_pending,),
                    filters=(taken_discard, last_card),
                ),
            ),
            refuse=drawn_already("EOP-5"),
        ),
    },
)
"""The one turn machine every End of the Page game uses."""
