"""The rules of a hand of Gin Rummy: each one function that both lists and refuses.

The machine (:mod:`rummyrules.games.gin_rummy.machine`) asks these to list
the legal moves and to refuse any other, naming the rule (GIN-3 … GIN-8).

>>> from rummyrules import GinRummy
>>> game = GinRummy().new_game(seed=3).apply("pass").apply("pass")
>>> print(both_passed(game)(Take()))
both players passed the first upcard: player 0 draws from the stock (GIN-3)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from rummyrules import melds
from rummyrules.core.cards import Card
from rummyrules.core.hands import hand_after
from rummyrules.game.machine import Refusal, Test, refuse, refuses_all
from rummyrules.game.moves import Discard, Done, LayOff, Move, NewMeld, Take
from rummyrules.game.turns import check_held
from rummyrules.games.gin_rummy.deadwood import (
    card_points,
    knock_discards,
    min_deadwood,
)
from rummyrules.games.gin_rummy.moves import Knock
from rummyrules.games.gin_rummy.state import GinRummyPhase, GinRummyState
from rummyrules.melds import search as meld_search

__all__ = [
    "AT_THE_WALL",
    "DRAWN_ALREADY",
    "DRAW_FIRST",
    "LAYING_OFF",
    "MELDING",
    "UPCARD_FIRST",
    "both_passed",
    "keeps_knock",
    "knocked",
    "knocker_done",
    "knocker_unfinished",
    "lay_off_options",
    "may_knock",
    "meld_options",
    "name_lay_off",
    "name_meld",
    "name_take",
    "says",
    "upcard_options",
]

State = GinRummyState
Phase = GinRummyPhase


def upcard_options(state: State, player: int) -> tuple[Take]:
    """The one take there is: the upcard, the top of the discard pile (GIN-3, GIN-4).

    >>> from rummyrules import GinRummy
    >>> upcard_options(GinRummy().new_game(seed=3), 0)
    (Take(player=None, card=None),)
    """
    del state, player
    return (Take(),)


def name_take(state: State, move: Take, player: int) -> list[Take]:
    """The take a move names: only the upcard may be taken (GIN-4).

    >>> from rummyrules import GinRummy, parse_move
    >>> name_take(GinRummy().new_game(seed=3), parse_move("take 2C"), 0)
    Traceback (most recent call last):
    ...
    rummyrules.IllegalMoveError: only the upcard, QH, may be taken (GIN-4)
    """
    del player
    pile = state.discard_pile
    if move.card is None or (pile and move.card == pile[0]):
        return [Take()]
    raise refuse(f"only the upcard, {pile[0]}, may be taken", "GIN-4")


def both_passed(state: State) -> Test[Take] | None:
    """GIN-3: once both players passed the first upcard, player 0 draws from the stock.

    >>> from rummyrules import GinRummy
    >>> game = GinRummy().new_game(seed=3).apply("pass").apply("pass")
    >>> [str(move) for move in game.legal_moves()]
    ['draw']
    """
    # The first upcard lies alone on the pile only until the first discard
    # (the turn count runs over the hands of a game, ALL-5).
    if state.passes < 2 or len(state.discard_pile) > 1:
        return None
    return refuses_all(
        Refusal(
            "both players passed the first upcard: player 0 draws from the stock",
            "GIN-3",
        )
    )


def may_knock(state: State) -> Test[Knock] | None:
    """GIN-5: a knock needs a discard that leaves deadwood at most the knock card.

    At the wall (GIN-8) the upcard joins the hand first.

    >>> from rummyrules import GinRummy
    >>> game = GinRummy().new_game(seed=3).apply("take")
    >>> print(may_knock(game)(Knock()))
    your deadwood after any discard is over the knock card, 10 (GIN-5)
    """
    hand = state.hands[state.to_move or 0]
    if state.phase is Phase.WALL:
        hand = (*hand, state.discard_pile[0])
    if knock_discards(hand, state.knock_card):
        return None
    return refuses_all(
        Refusal(
            "your deadwood after any discard is over the knock card, "
            f"{state.knock_card}",
            "GIN-5",
        )
    )


def keeps_knock(state: State) -> Test[Discard] | None:
    """GIN-5: the knocker's discard must leave deadwood at most the knock card.

    >>> from rummyrules import GinRummy, parse_move
    >>> game = GinRummy(hand_size=3).position(
    ...     "to_move 0 knock | knocker 0 | hands 7S 8S 9S KD / 2C 5D 9H | pile 4H"
    ... )
    >>> [str(move) for move in game.legal_moves()]
    ['discard KD']
    """
    if state.phase is not Phase.KNOCK:
        return None
    allowed = knock_discards(state.hands[state.to_move or 0], state.knock_card)

    def test(move: Discard) -> Refusal | None:
        if move.card in allowed:
            return None
        return Refusal(
            f"discarding {move.card} leaves deadwood over the knock card, "
            f"{state.knock_card}",
            "GIN-5",
        )

    return test


def meld_options(state: State, player: int) -> list[NewMeld]:
    """The melds the player may lay from their hand, one at a time.

    The knocker lays only melds that keep the knock good: some arrangement of
    what is left still has deadwood at most the knock card (GIN-5); the
    opponent lays any meld (GIN-6).
    """
    hand = state.hands[player]
    found = meld_search.find_melds(hand, state.rules.meld_rules)
    if state.phase is Phase.LAY_DOWN:
        limit = state.knock_card
        found = tuple(
            meld
            for meld in found
            if min_deadwood(hand_after(hand, take=meld.cards)) <= limit
        )
    return [NewMeld.of(meld) for meld in found]


def name_meld(state: State, move: NewMeld, player: int) -> list[NewMeld]:
    """The meld the move names, once its cards are held (ALL-1) and make one (GIN-2)."""
    check_held(state.hands[player], move.cards)
    found = melds.check(move.cards, state.rules.meld_rules, declared=move.declared)
    if not found:
        raise refuse(found.reason, found.rule or "GIN-2")
    if state.phase is Phase.LAY_DOWN:
        left = hand_after(state.hands[player], take=move.cards)
        if min_deadwood(left) > state.knock_card:
            raise refuse(
                "laying that meld leaves deadwood over the knock card, "
                f"{state.knock_card}",
                "GIN-5",
            )
    return [NewMeld.of(meld) for meld in found.melds]


def knocker_done(state: State) -> Test[Done] | None:
    """GIN-5, GIN-R3: the knocker is done once the cards left hold no meld and are worth at most the knock card.

    A meld kept in hand would be hidden from the opponent's lay-offs (GIN-6),
    so the knocker lays every meld first (GIN-R3).

    >>> from rummyrules import GinRummy
    >>> game = GinRummy(hand_size=3).position(
    ...     "to_move 0 laydown | knocker 0 | hands 7S 8S 9S / 2C 5D 9H | pile KD"
    ... )
    >>> print(knocker_done(game)(Done()))
    the cards left in your hand still hold a meld: lay it before 'done' (GIN-R3)
    >>> print(knocker_done(game.apply("meld 7S 8S 9S")))
    None
    """
    if state.phase is not Phase.LAY_DOWN:
        return None
    refusal = knocker_unfinished(state.hands[state.to_move or 0], state.knock_card)
    return None if refusal is None else refuses_all(refusal)


def knocker_unfinished(hand: Sequence[Card], knock_card: int) -> Refusal | None:
    """Why the knocker holding ``hand`` may not yet be done laying down; None once they may (GIN-5, GIN-R3).

    >>> from rummyrules.core.cards import parse_cards
    >>> print(knocker_unfinished(parse_cards("2C 5D 9H"), 10))
    your deadwood, 16, is still over the knock card, 10: lay your melds first (GIN-5)
    >>> print(knocker_unfinished(parse_cards("2C 5D"), 10))
    None
    """
    total = sum(card_points(card) for card in hand)
    if min_deadwood(hand) < total:
        return Refusal(
            "the cards left in your hand still hold a meld: lay it before 'done'",
            "GIN-R3",
        )
    if total > knock_card:
        return Refusal(
            f"your deadwood, {total}, is still over the knock card, {knock_card}: "
            "lay your melds first",
            "GIN-5",
        )
    return None


def lay_off_options(state: State, player: int) -> list[LayOff]:
    """GIN-6: a card of the opponent's hand that extends one of the knocker's melds."""
    meld_rules = state.rules.meld_rules
    found: list[LayOff] = []
    for number, table_meld in enumerate(state.melds, start=1):
        if table_meld.owner != state.knocker:
            continue
        found.extend(
            LayOff(card=card, meld=number)
            for card in dict.fromkeys(state.hands[player])
            if meld_search.lay_off_options(card, table_meld.meld, meld_rules, None)
        )
    return found


def name_lay_off(state: State, move: LayOff, player: int) -> list[LayOff]:
    """The lay-off, once the card is held (ALL-1) and extends the knocker's meld (GIN-6)."""
    if not 1 <= move.meld <= len(state.melds):
        raise refuse(f"there is no meld {move.meld} on the table", "GIN-6")
    table_meld = state.melds[move.meld - 1]
    if table_meld.owner != state.knocker:
        raise refuse("cards are laid off only on the knocker's melds", "GIN-6")
    check_held(state.hands[player], [move.card])
    fits = meld_search.lay_off_options(
        move.card, table_meld.meld, state.rules.meld_rules, None
    )
    if not fits:
        raise refuse(f"{move.card} does not extend meld {move.meld}", "GIN-6")
    return [LayOff(card=move.card, meld=move.meld)]


def says(reason: str, rule: str) -> Callable[[State, Move], Refusal]:
    """A phase's refusal of any move it does not take: one sentence and its rule.

    >>> from rummyrules import GinRummy, parse_move
    >>> print(
    ...     says("draw first", "GIN-4")(GinRummy().new_game(seed=3), parse_move("draw"))
    ... )
    draw first (GIN-4)
    """
    refusal = Refusal(reason, rule)

    def refuse_move(state: State, move: Move) -> Refusal:
        del state, move
        return refusal

    return refuse_move


UPCARD_FIRST: Final = says(
    "the first upcard is taken or passed: 'take' or 'pass'", "GIN-3"
)
"""The first upcard's phase refuses any other move (GIN-3)."""
DRAW_FIRST: Final = says("draw first: a turn begins with 'draw' or 'take'", "GIN-4")
"""A turn begins with a draw (GIN-4)."""
DRAWN_ALREADY: Final = says("you have drawn already: discard, or knock", "GIN-4")
"""A turn draws once (GIN-4)."""
LAYING_OFF: Final = says("lay off on the knocker's melds, then 'done'", "GIN-6")
"""The opponent's lay-offs (GIN-6)."""
MELDING: Final = says("lay your melds, then 'done'", "GIN-6")
"""The opponent's own melds (GIN-6)."""
AT_THE_WALL: Final = says("at the wall, 'knock' with the upcard or 'pass'", "GIN-8")
"""The wall takes a knock or a pass only (GIN-8)."""


def knocked(state: State, move: Move) -> Refusal:
    """After a knock, the knocker's discard, then melds and ``done`` (GIN-5).

    >>> from rummyrules import GinRummy, parse_move
    >>> game = GinRummy().new_game(seed=3).apply("take")
    >>> print(knocked(game.replace(phase=GinRummyPhase.KNOCK), parse_move("draw")))
    after a knock, the knocker discards (GIN-5)
    """
    del move
    if state.phase is Phase.KNOCK:
        return Refusal("after a knock, the knocker discards", "GIN-5")
    return Refusal("the knocker lays melds, then is 'done'", "GIN-5")
