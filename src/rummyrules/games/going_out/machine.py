"""Going Out Rummy's turn: the rules of a turn, and what discarding, going out and dropping do.

A turn is two phases. In ``draw`` the player takes the top card of the stock
or, once there is one, of the discard pile, and may not look back through it
(GOR-3, GOR-4, GOR-9). In ``play`` the player either goes out, laying the
whole hand down as melds with at most one card discarded (GOR-7, GOR-8), or
discards. Nothing is melded before going out. Any player still at the table
may drop out at any moment, and a player who dropped out makes no move again
(GOR-10). Each rule is one function that says why a move is refused: a gate
or a check of :mod:`rummyrules.game.machine`, or the naming of a move (the
game's core lists the moves, :mod:`rummyrules.games.going_out.core`).
The rules class's ``MACHINE`` (:mod:`~rummyrules.games.going_out.rules`) says
which kinds of move each phase takes, with these rules and what each move
does (the draw's in :mod:`~rummyrules.games.going_out.state`); the deal is
the rules class's ``new_game`` (GOR-3).

>>> from rummyrules import GoingOutRummy
>>> game = GoingOutRummy().new_game(seed=3)
>>> [str(move) for move in game.legal_moves()]
['draw', 'drop']
>>> game.apply("draw").phase
<Phase.PLAY: 'play'>
"""

from __future__ import annotations

import functools
from collections import Counter
from typing import Any

from rummyrules import melds
from rummyrules.core.cards import BY_CODE, Card
from rummyrules.core.hands import hand_after, sorted_hand
from rummyrules.game.machine import Refusal, Test, refuse, refuses_all
from rummyrules.game.moves import Discard, Draw, NewMeld, Take
from rummyrules.game.table import TableMeld
from rummyrules.game.turn_rules import refuse_unheld
from rummyrules.games.going_out.state import (
    Drop,
    GoingOut,
    GoingOutState,
    GoOut,
    end_turn,
    game_over,
)
from rummyrules.melds import MeldRules
from rummyrules.melds.codes import code_meaning, code_rules, meaning_code, rules_code
from rummyrules.melds.layouts import going_out_layouts

__all__ = ["discard", "drop", "go_out", "out_moves"]

State = GoingOutState


# --- The draw (GOR-3, GOR-4, GOR-9) ---------------------------------------------------


def stock_empty(state: State) -> Test[Draw] | None:
    """GOR-9: the stock is rebuilt only at the end of a turn; until then, take the discard.

    >>> from rummyrules import Draw, GoingOutRummy
    >>> game = GoingOutRummy().new_game(seed=3)
    >>> print(stock_empty(game))
    None
    >>> print(stock_empty(game.replace(stock=()))(Draw()))
    the stock is empty until the discard pile is shuffled into it; take the top discard (GOR-9)
    """
    if state.stock:
        return None
    refusal = Refusal(
        "the stock is empty until the discard pile is shuffled into it; take the "
        "top discard",
        "GOR-9",
    )
    return refuses_all(refusal)


def take_readings(state: State, move: Take, player: int) -> list[Take]:
    """The take a move names: only the top card of the discard pile (GOR-4).

    >>> from rummyrules import GoingOutRummy, parse_move
    >>> game = GoingOutRummy(hand_size=2).position(
    ...     "to_move 1 draw | hands 7S 8S / 9H 9D | pile KC QH"
    ... )
    >>> [str(move) for move in take_readings(game, parse_move("take KC"), 1)]
    ['take']
    >>> take_readings(game, parse_move("take QH"), 1)
    Traceback (most recent call last):
    ...
    rummyrules.IllegalMoveError: only the top card of the discard pile, KC, may be taken; nobody may look back through the pile (GOR-4)
    """
    del player
    pile = state.discard_pile
    if move.card is None or not pile or move.card == pile[0]:
        return [Take()]
    raise refuse(
        f"only the top card of the discard pile, {pile[0]}, may be taken; nobody "
        "may look back through the pile",
        "GOR-4",
    )


def pile_empty(state: State) -> Test[Take] | None:
    """GOR-3, GOR-4: there is a discard to take (none before the first discard).

    >>> from rummyrules import GoingOutRummy, Take
    >>> game = GoingOutRummy().new_game(seed=3)
    >>> print(pile_empty(game)(Take()))
    the discard pile is empty: the first player draws from the stock (GOR-3)
    >>> print(pile_empty(game.replace(turns=2))(Take()))
    the discard pile is empty: draw from the stock (GOR-4)
    """
    if state.discard_pile:
        return None
    if state.turns == 0:
        refusal = Refusal(
            "the discard pile is empty: the first player draws from the stock", "GOR-3"
        )
    else:
        refusal = Refusal("the discard pile is empty: draw from the stock", "GOR-4")
    return refuses_all(refusal)


# --- The discard (GOR-4, GOR-9) ---


def discard(state: State, move: Discard) -> State:
    """Discard a card, which passes the turn left (GOR-4, GOR-9).

    >>> from rummyrules import GoingOutRummy, parse_move
    >>> game = GoingOutRummy(hand_size=2).position(
    ...     "to_move 1 play | hands 7S 8S / 9H 9D KC | pile QH"
    ... )
    >>> after = discard(game, parse_move("discard KC"))
    >>> after.to_move, after.phase, after.turns, str(after.discard_pile[0])
    (0, <Phase.DRAW: 'draw'>, 1, 'KC')
    """
    player = state.to_move or 0
    hands = list(state.hands)
    hands[player] = hand_after(hands[player], take=[move.card])
    return end_turn(
        state, player, hands=tuple(hands), discard_pile=(move.card, *state.discard_pile)
    )


# --- Going out (GOR-7, GOR-8) -----------------------------------------------------


def out_moves(
    hand: tuple[Card, ...], meld_rules: MeldRules, going_out: GoingOut
) -> tuple[GoOut, ...]:
    """One going-out move for each card that can be left over, and one for none.

    Memoised as card codes, integers, which the collector does not walk.

    >>> from rummyrules import GoingOut, GoingOutRummy, parse_cards
    >>> hand = parse_cards("7S 7H 7D 8C 9C 10C 10C")
    >>> meld_rules = GoingOutRummy().meld_rules
    >>> [str(move) for move in out_moves(hand, meld_rules, GoingOut.STANDARD)]
    ['out 7S 7H 7D / 8C 9C 10C discard 10C']
    """
    found = _out_codes(tuple(map(int, hand)), rules_code(meld_rules), going_out.value)
    if not found:  # the usual answer: this hand does not go out
        return ()
    card = BY_CODE.__getitem__
    return tuple(
        GoOut(
            melds=tuple(
                NewMeld(
                    cards=tuple(map(card, meld[: len(meld) >> 1])),
                    declared=tuple(map(code_meaning, meld[len(meld) >> 1 :])),
                )
                for meld in melds
            ),
            discard=None if discard < 0 else card(discard),
        )
        for discard, *melds in found
    )


@functools.lru_cache(maxsize=8192)
def _out_codes(
    codes: tuple[int, ...], rules: int, going_out: str
) -> tuple[tuple[Any, ...], ...]:
    """The layouts of the hand of these card codes (GOR-7, GOR-8): each its leftover, then each meld's codes and meanings."""
    hand = tuple(map(BY_CODE.__getitem__, codes))
    way = GoingOut(going_out)  # keyed on its text: the memo holds no object
    single, spare = way is not GoingOut.STANDARD, way is not GoingOut.MAJOR
    found = going_out_layouts(
        hand, code_rules(rules), single_meld=single, leftover=spare
    )
    return tuple(
        (
            meaning_code(out.leftover),
            *(
                (*map(int, m.cards), *map(meaning_code, m.stands_for))
                for m in out.melds
            ),
        )
        for out in found
    )


def resolve_out(state: State, move: GoOut, player: int) -> list[GoOut]:
    """The going-out move to play for the player's layout, or why it is refused.

    Every card of the hand must be laid down, in melds, but the one card
    discarded (GOR-7); under Major or Minor the melds must be one (GOR-8). A
    wild the player left undeclared where it has more than one reading is
    read the first way the library lists: the game ends at once, so nothing
    can turn on it. Going out is accepted with any valid layout of the hand,
    not only the one listed for its discard: the player chooses how to show it.

    >>> from rummyrules import GoingOutRummy
    >>> from rummyrules.game.notation import parse_move
    >>> rules = GoingOutRummy(hand_size=3, wildcards=1)
    >>> game = rules.new_game(deck=rules.stacked_deck("4C 8H 5C 9C * KD 9D"))
    >>> game = game.apply("draw")
    >>> print(resolve_out(game, parse_move("out 4C 5C * discard 9D"), 1)[0])
    out *=3C 4C 5C discard 9D
    >>> resolve_out(game, parse_move("out 4C 5C 9D discard *"), 1)
    Traceback (most recent call last):
    ...
    rummyrules.IllegalMoveError: meld 1 (4C 5C 9D) is no meld: ...
    """
    hand = state.hands[player]
    laid = [card for meld in move.melds for card in meld.cards]
    every = [*laid, *([] if move.discard is None else [move.discard])]
    refuse_unheld(hand, every)
    left = Counter(hand) - Counter(every)
    if left:
        cards = " ".join(map(str, sorted_hand(left.elements())))
        raise refuse(
            f"going out lays down the whole hand but the one card discarded; {cards} "
            "would be left in your hand",
            "GOR-7",
        )
    refusal = _one_meld(state, move)
    if refusal is not None:
        raise refusal.error()
    shown: list[NewMeld] = []
    meld_rules = state.rules.meld_rules
    for number, meld in enumerate(move.melds, start=1):
        found = melds.check(meld.cards, meld_rules, declared=meld.declared)
        if not found:
            raise refuse(
                f"meld {number} ({meld._cards_text()}) is no meld: {found.reason}",
                found.rule or "GOR-5",
            )
        shown.append(NewMeld.of(found.melds[0]))
    return [GoOut(melds=tuple(shown), discard=move.discard)]


def _one_meld(state: State, move: GoOut) -> Refusal | None:
    """Going Out Major and Minor: one single meld; Major discards nothing (GOR-8)."""
    how = state.rules.going_out
    if how is GoingOut.STANDARD:
        return None
    if len(move.melds) != 1:
        return Refusal(
            f"Going Out {how.value.title()} lays the cards down as one single meld, "
            f"not {len(move.melds)}",
            "GOR-R2",
        )
    if how is GoingOut.MAJOR and move.discard is not None:
        return Refusal(
            "Going Out Major lays every card down in the meld, with no discard",
            "GOR-R2",
        )
    return None


def go_out(state: State, move: GoOut) -> State:
    """Lay the hand down and win (GOR-7); the card left over is discarded (GOR-R1).

    >>> from rummyrules import GoingOutRummy, parse_move
    >>> game = GoingOutRummy(hand_size=3).position(
    ...     "to_move 1 play | hands 7S 8S 2C / 7H 7D 7C 9D"
    ... )
    >>> after = go_out(game, parse_move("out 7H 7D 7C discard 9D"))
    >>> [str(meld) for meld in after.melds], after.winners, after.is_over
    (['7H 7D 7C'], (1,), True)
    >>> str(after.discard_pile[0])
    '9D'
    """
    player = state.to_move or 0
    meld_rules = state.rules.meld_rules
    laid = tuple(
        TableMeld.laid(
            melds.readings(meld.cards, meld_rules, declared=meld.declared)[0],
            owner=player,
        )
        for meld in move.melds
    )
    hands = list(state.hands)
    hands[player] = ()
    pile = state.discard_pile
    return game_over(
        state.replace(
            hands=tuple(hands),
            melds=(*state.melds, *laid),
            discard_pile=pile if move.discard is None else (move.discard, *pile),
            winner=player,
            turns=state.turns + 1,
        ),
        rule="GOR-7",
    )


# --- Dropping out (GOR-10) --------------------------------------------------------


def drop_readings(state: State, move: Drop, player: int) -> list[Drop]:
    """The drop a move names: the player's one drop (GOR-10).

    >>> from rummyrules import Drop, GoingOutRummy
    >>> game = GoingOutRummy().new_game(seed=3)
    >>> [str(move) for move in drop_readings(game, Drop(player=1), 1)]
    ['drop']
    """
    del move
    return [Drop() if player == state.to_move else Drop(player=player)]


def drop(state: State, move: Drop) -> State:
    """The player's cards go face down out of play; the turn passes on (GOR-10).

    The last player left at the table wins, unless the rules say otherwise
    (GOR-R3).

    >>> from rummyrules import Drop, GoingOutRummy
    >>> game = GoingOutRummy().new_game(seed=1)
    >>> after = drop(game, Drop(player=0))
    >>> after.dropped, after.winners, after.is_over
    ((0,), (1,), True)
    """
    player = state.to_move if move.player is None else move.player
    player = player or 0
    hands = list(state.hands)
    gone = hands[player]
    hands[player] = ()
    state = state.replace(
        hands=tuple(hands),
        dropped=(*state.dropped, player),
        dropped_cards=(*state.dropped_cards, *gone),
    )
    staying = [p for p in range(state.players) if p not in state.dropped]
    if len(staying) == 1:  # GOR-R3
        winner = staying[0] if state.rules.last_player_wins else None
        return game_over(state.replace(winner=winner), rule="GOR-R3")
    if player != state.to_move:
        return state
    return end_turn(state, player)
