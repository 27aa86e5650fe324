"""Toy Rummy, played: the deal, the rules of a turn, and what each move does.

A game is a phase machine (:class:`~rummyrules.authoring.Machine`). A turn has two
phases: in ``draw`` the player draws or takes the top discard (TOY-3); in
``play`` they lay new melds (TOY-4) and end the turn with a discard (TOY-5).
Each rule is one function that says why a move is refused: it returns
None, or the :class:`~rummyrules.authoring.Refusal` that names it. The game's
integer core (``core.py``) lists the legal moves; the machine explains a move
the core does not list, and the conformance suite checks that a move is
listed exactly when no rule here refuses it.

The shared skeleton answers the rest: a game that is over, a player off the
table or out of turn (ALL-2), a card not held (ALL-1).

>>> from toy_game import ToyRummy
>>> game = ToyRummy().new_game(seed=3)
>>> [str(move) for move in game.legal_moves()]
['draw', 'take']
>>> game.apply("discard 7S")
Traceback (most recent call last):
...
rummyrules.IllegalMoveError: draw first: a turn begins with 'draw' or 'take' (TOY-3)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from rummyrules import (
    Card,
    Discard,
    Draw,
    LayOff,
    Move,
    NewMeld,
    Phase,
    PlayableRules,
    StockOut,
    TableMeld,
    Take,
)
from rummyrules.authoring import (
    Kind,
    Machine,
    PhaseRules,
    Refusal,
    Test,
    check,
    discard_readings,
    first_order,
    hand_after,
    readings,
    rebuilt_stock,
    refuse,
    refuse_unheld,
    refuses_all,
    sorted_hand,
)

from .moves import Burn
from .state import ToyState

__all__ = ["HAND_SIZE", "MACHINE", "new_game"]

State = ToyState

HAND_SIZE: Final = 5
"""Cards dealt to each player (TOY-1)."""


# --- The deal (TOY-2) -----------------------------------------------------------


def new_game(
    rules: PlayableRules[Any],
    *,
    seed: int = 0,
    deck: Sequence[Card] | None = None,
    dealer: int = 0,
) -> State:
    """Deal a game from the seed, or from a whole stacked deck (top card first).

    One card at a time from the dealer's left, five each; the next card
    starts the discard pile and the rest is the stock (TOY-2). The shared
    ``first_order`` checks the seed, the dealer and a stacked deck.

    >>> from toy_game import ToyRummy
    >>> rules = ToyRummy()
    >>> game = new_game(rules, deck=rules.stacked_deck("7S 8S 9S 10S JS QS KS AS"))
    >>> [" ".join(map(str, hand)) for hand in game.hands], str(game.discard_pile[0])
    (['AS 7H 8S 10S QS', 'AH 7S 9S JS KS'], '8H')
    """
    players = rules.players
    order = first_order(rules, players=players, seed=seed, deck=deck, dealer=dealer)
    dealt = players * HAND_SIZE
    first = (dealer + 1) % players
    hands: list[tuple[Card, ...]] = [()] * players
    for seat in range(players):
        # Card i goes to the i-th player from the dealer's left.
        hands[(first + seat) % players] = sorted_hand(order[seat:dealt:players])
    return State(
        rules=rules,
        seed=seed,
        dealer=dealer,
        hands=tuple(hands),
        stock=tuple(order[dealt + 1 :]),
        discard_pile=(order[dealt],),
        phase=Phase.DRAW,
        to_move=first,
    )


# --- The draw (TOY-3, TOY-7) ------------------------------------------------------


def _stock_empty(state: State) -> Test[Draw] | None:
    """TOY-7: no draw from an empty stock.

    Play never leaves one at a turn's start (the turn before turned the pile
    over), but a state built by hand may: it lists no draw rather than fail.
    """
    if state.stock:
        return None
    return refuses_all(Refusal("the stock is empty: take the top discard", "TOY-7"))


def _no_burn(state: State) -> Test[Burn] | None:
    """TOY-8: a burn only with the option, and while it leaves a card to draw."""
    if not state.rules.burns:
        return refuses_all(Refusal("this game burns no cards", "TOY-8"))
    if len(state.stock) < 2:  # the card burnt, and one left to draw
        return refuses_all(Refusal("the stock must keep a card to draw", "TOY-8"))
    return None


def _burn(state: State, move: Burn) -> State:
    del move
    burnt, *stock = state.stock
    return state.replace(stock=tuple(stock), discard_pile=(burnt, *state.discard_pile))


def _take_readings(state: State, move: Take, player: int) -> list[Take]:
    """TOY-3: only the top card of the pile may be taken (``take`` or ``take 9H``)."""
    del player
    pile = state.discard_pile
    if move.card is None or not pile or move.card == pile[0]:
        return [Take()]
    raise refuse(
        f"only the top card of the discard pile, {pile[0]}, may be taken", "TOY-3"
    )


def _pile_empty(state: State) -> Test[Take] | None:
    """TOY-3: there is a top discard to take."""
    if state.discard_pile:
        return None
    return refuses_all(
        Refusal("the discard pile is empty: draw from the stock", "TOY-3")
    )


# --- Melds (TOY-4) --------------------------------------------------------------


def _meld_readings(state: State, move: NewMeld, player: int) -> list[NewMeld]:
    """The meld the move names, once the cards are held (ALL-1) and make one (TOY-4).

    The shared check says why cards are no meld, naming the rule that stops
    them: this game's ``meld_rule`` (TOY-4), or the shape rules (MELD-2, MELD-3).
    """
    refuse_unheld(state.hands[player], move.cards)
    found = check(move.cards, state.rules.meld_rules, declared=move.declared)
    if not found:
        raise refuse(found.reason, found.rule or "TOY-4")
    return [NewMeld.of(meld) for meld in found.melds]


def _no_lay_offs(move: Move) -> Refusal | None:
    """TOY-4: the machine's own words for a move other games have and this one lacks."""
    if not isinstance(move, LayOff):
        return None
    return Refusal("nothing is laid off in Toy Rummy: lay new melds only", "TOY-4")


# --- What each move does ----------------------------------------------------------


def _draw(state: State, move: Draw) -> State:
    del move
    return _drawn(state, state.stock[0], stock=state.stock[1:])


def _take(state: State, move: Take) -> State:
    del move
    return _drawn(state, state.discard_pile[0], discard_pile=state.discard_pile[1:])


def _drawn(state: State, card: Card, **changes: Any) -> State:
    player = state.to_move or 0
    hands = list(state.hands)
    hands[player] = hand_after(hands[player], add=[card])
    return state.replace(phase=Phase.PLAY, hands=tuple(hands), **changes)


def _meld(state: State, move: NewMeld) -> State:
    player = state.to_move or 0
    (meld,) = readings(move.cards, state.rules.meld_rules, declared=move.declared)
    hands = list(state.hands)
    hands[player] = hand_after(hands[player], take=move.cards)
    state = state.replace(
        hands=tuple(hands), melds=(*state.melds, TableMeld.laid(meld, owner=player))
    )
    if not hands[player]:
        return _over(state.replace(turns=state.turns + 1), winner=player)  # TOY-6
    return state


def _discard(state: State, move: Discard) -> State:
    player = state.to_move or 0
    hands = list(state.hands)
    hands[player] = hand_after(hands[player], take=[move.card])
    state = state.replace(
        hands=tuple(hands), discard_pile=(move.card, *state.discard_pile)
    )
    if not hands[player]:
        return _over(state.replace(turns=state.turns + 1), winner=player)  # TOY-6
    return _end_turn(state, player)


def _end_turn(state: State, player: int) -> State:
    """Pass the turn left, turning the pile over into an empty stock (TOY-7); end at the limit (ALL-5)."""
    turns = state.turns + 1
    limit = state.rules.max_turns
    state = state.replace(turns=turns)
    if limit is not None and turns >= limit:
        return _over(state, winner=None)
    if not state.stock:
        # The shared rebuild: the pile but its top card, turned over.
        state = rebuilt_stock(state, StockOut.FLIP)
    return state.replace(phase=Phase.DRAW, to_move=(player + 1) % state.players)


def _over(state: State, *, winner: int | None) -> State:
    return state.replace(phase=Phase.OVER, to_move=None, winner=winner)


# --- The machine ------------------------------------------------------------------


def _draw_first(state: State, move: Move) -> Refusal:
    del state, move
    return Refusal("draw first: a turn begins with 'draw' or 'take'", "TOY-3")


def _drawn_already(state: State, move: Move) -> Refusal:
    del state, move
    return Refusal("you have drawn already this turn", "TOY-3")


MACHINE: Final = Machine[State](
    game="Toy Rummy",
    phases={
        Phase.DRAW: PhaseRules(
            kinds=(
                Kind.single(Draw, play=_draw, filters=(_stock_empty,)),
                Kind(
                    move=Take,
                    readings=_take_readings,
                    play=_take,
                    filters=(_pile_empty,),
                ),
                Kind.single(Burn, play=_burn, filters=(_no_burn,)),
            ),
            refuse=_draw_first,
        ),
        Phase.PLAY: PhaseRules(
            kinds=(
                Kind(
                    move=NewMeld,
                    readings=_meld_readings,
                    play=_meld,
                ),
                Kind(
                    move=Discard,
                    readings=discard_readings,
                    play=_discard,
                ),
            ),
            refuse=_drawn_already,
        ),
    },
    refuse_unknown=_no_lay_offs,
)
"""The one turn machine every game of Toy Rummy uses."""
