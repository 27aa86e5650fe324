"""Going Out Rummy, played: the deal, the rules of a turn, and what each move does.

A turn is two phases. In ``draw`` the player takes the top card of the stock
or of the discard pile (GOR-4). In ``play`` the player either goes out, laying
the whole hand down as melds with at most one card discarded (GOR-7, GOR-8),
or discards a card. Nothing is melded before going out. Any player still at
the table may drop out at any moment (GOR-10). Each rule is one function
below that both lists and refuses (:mod:`rummyrules.game.machine`).

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
from collections.abc import Sequence
from typing import Any, Final

from rummyrules import melds
from rummyrules.core.cards import Card
from rummyrules.core.hands import hand_after, sorted_hand
from rummyrules.core.options import StockOut
from rummyrules.game.dealing import first_order, rebuilt_stock
from rummyrules.game.machine import (
    Kind,
    Machine,
    PhaseRules,
    Refusal,
    Test,
    refuse,
    refuses_all,
)
from rummyrules.game.moves import (
    Claim,
    Discard,
    Draw,
    Drop,
    GoOut,
    LayOff,
    Move,
    NewMeld,
    Take,
)
from rummyrules.game.state import GameState, Phase, PlayableRules
from rummyrules.game.table import TableMeld
from rummyrules.game.turns import check_held, discard_options, name_discard
from rummyrules.games.going_out.state import GoingOut, GoingOutState, options
from rummyrules.melds import MeldRules
from rummyrules.melds.layouts import going_out_layouts

__all__ = ["MACHINE", "deal", "new_game", "out_moves", "resolve_out"]

State = GoingOutState


# --- The deal -------------------------------------------------------------------


def new_game(
    rules: PlayableRules[Any],
    *,
    seed: int = 0,
    deck: Sequence[Card] | None = None,
    dealer: int = 0,
) -> State:
    """Deal a game, from the seed or from a whole stacked deck (top card first).

    >>> from rummyrules import GoingOutRummy
    >>> new_game(GoingOutRummy(), seed=8) == GoingOutRummy().new_game(seed=8)
    True
    """
    order = first_order(
        rules, players=rules.players, seed=seed, deck=deck, dealer=dealer
    )
    return deal(rules, order, seed=seed, dealer=dealer)


def deal(rules: Any, order: Sequence[Card], *, seed: int, dealer: int) -> State:
    """Deal the hands from the deck order (GOR-3).

    One card at a time, clockwise from the dealer's left, ``hand_size`` each.
    The rest is the stock; there is no upcard, so the discard pile starts
    empty and the first player must draw from the stock.

    >>> from rummyrules import GoingOutRummy
    >>> rules = GoingOutRummy(players=3, hand_size=2)
    >>> game = deal(rules, rules.deck(), seed=0, dealer=0)
    >>> [" ".join(map(str, hand)) for hand in game.hands], game.discard_pile
    (['3S 6S', 'AS 4S', '2S 5S'], ())
    """
    players = rules.players
    dealt = players * rules.hand_size
    hands = [sorted_hand(order[seat:dealt:players]) for seat in range(players)]
    # The first card goes to the dealer's left: rotate so index = player.
    first = (dealer + 1) % players
    by_player = [hands[(player - first) % players] for player in range(players)]
    return State(
        rules=rules,
        seed=seed,
        dealer=dealer,
        hands=tuple(by_player),
        stock=tuple(order[dealt:]),
        discard_pile=(),
        phase=Phase.DRAW,
        to_move=first,
    )


# --- The draw (GOR-3, GOR-4, GOR-9) ---------------------------------------------------


def _stock_empty(state: State) -> Test[Draw] | None:
    """GOR-9: the stock is rebuilt only at the end of a turn; until then, take the discard."""
    if state.stock:
        return None
    refusal = Refusal(
        "the stock is empty until the discard pile is shuffled into it; take the "
        "top discard",
        "GOR-9",
    )
    return refuses_all(refusal)


def _name_take(state: State, move: Take, player: int) -> list[Take]:
    del player
    pile = state.discard_pile
    if move.card is None or not pile or move.card == pile[0]:
        return [Take()]
    raise refuse(
        f"only the top card of the discard pile, {pile[0]}, may be taken; nobody "
        "may look back through the pile",
        "GOR-4",
    )


def _top_only(state: State, player: int) -> tuple[Take]:
    del state, player
    return (Take(),)


def _pile_empty(state: State) -> Test[Take] | None:
    """GOR-3, GOR-4: there is a discard to take (none before the first discard)."""
    if state.discard_pile:
        return None
    if state.turns == 0:
        refusal = Refusal(
            "the discard pile is empty: the first player draws from the stock", "GOR-3"
        )
    else:
        refusal = Refusal("the discard pile is empty: draw from the stock", "GOR-4")
    return refuses_all(refusal)


# --- Going out (GOR-7, GOR-8) -----------------------------------------------------


@functools.lru_cache(maxsize=8192)
def out_moves(
    hand: tuple[Card, ...], meld_rules: MeldRules, going_out: GoingOut
) -> tuple[GoOut, ...]:
    """One going-out move for each card that can be left over, and one for none.

    The hand's layouts, memoised on the frozen hand: bots and simulations meet
    the same hands again and again.

    >>> from rummyrules import GoingOut, GoingOutRummy, parse_cards
    >>> hand = parse_cards("7S 7H 7D 8C 9C 10C 10C")
    >>> meld_rules = GoingOutRummy().meld_rules
    >>> [str(move) for move in out_moves(hand, meld_rules, GoingOut.STANDARD)]
    ['out 7S 7H 7D / 8C 9C 10C discard 10C']
    """
    layouts = going_out_layouts(
        hand,
        meld_rules,
        single_meld=going_out is not GoingOut.STANDARD,
        leftover=going_out is not GoingOut.MAJOR,
    )
    return tuple(
        GoOut(
            melds=tuple(NewMeld.of(meld) for meld in layout.melds),
            discard=layout.leftover,
        )
        for layout in layouts
    )


def _out_options(state: State, player: int) -> tuple[GoOut, ...]:
    return out_moves(
        state.hands[player], state.rules.meld_rules, options(state).going_out
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
    >>> from rummyrules.game.moves import parse_move
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
    check_held(hand, every)
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
    how = options(state).going_out
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


# --- Dropping out (GOR-10) --------------------------------------------------------


def _drop_options(state: State, player: int) -> tuple[Drop, ...]:
    return (Drop(),) if player == state.to_move else (Drop(player=player),)


def _name_drop(state: State, move: Drop, player: int) -> list[Drop]:
    del move
    return list(_drop_options(state, player))


def _at_table(state: State, player: int) -> Refusal | None:
    """GOR-10: a player who dropped out makes no move for the rest of the game."""
    if player not in state.dropped:
        return None
    return Refusal(f"player {player} has dropped out of this game", "GOR-10")


def _no_melding(move: Move) -> Refusal | None:
    """GOR-4: the moves of the games that meld as they go have no place here."""
    if not isinstance(move, NewMeld | LayOff | Claim):
        return None
    return Refusal(
        "nothing is melded before going out; lay the whole hand down at once with 'out'",
        "GOR-4",
    )


# --- What each move does ----------------------------------------------------------


def _draw(state: State, move: Draw) -> State:
    del move
    return _drawn(
        state, state.stock[0], stock=state.stock[1:], discard_pile=state.discard_pile
    )


def _take(state: State, move: Take) -> State:
    del move
    pile = state.discard_pile
    return _drawn(state, pile[0], stock=state.stock, discard_pile=pile[1:])


def _drawn(
    state: State, card: Card, *, stock: tuple[Card, ...], discard_pile: tuple[Card, ...]
) -> State:
    player = state.to_move or 0
    hands = list(state.hands)
    hands[player] = hand_after(hands[player], add=[card])
    return state.replace(
        phase=Phase.PLAY, hands=tuple(hands), stock=stock, discard_pile=discard_pile
    )


def _discard(state: State, move: Discard) -> State:
    player = state.to_move or 0
    hands = list(state.hands)
    hands[player] = hand_after(hands[player], take=[move.card])
    return _end_turn(
        state, player, hands=tuple(hands), discard_pile=(move.card, *state.discard_pile)
    )


def _go_out(state: State, move: GoOut) -> State:
    """Lay the hand down and win (GOR-7); the card left over is discarded (GOR-R1)."""
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
    return _over(
        state.replace(
            hands=tuple(hands),
            melds=(*state.melds, *laid),
            discard_pile=pile if move.discard is None else (move.discard, *pile),
            winner=player,
            turns=state.turns + 1,
        )
    )


def _drop(state: State, move: Drop) -> State:
    """The player's cards go face down out of play; the turn passes on (GOR-10)."""
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
        winner = staying[0] if options(state).last_player_wins else None
        return _over(state.replace(winner=winner))
    if player != state.to_move:
        return state
    return _end_turn(state, player)


def _end_turn(state: State, player: int, **changes: Any) -> State:
    """Pass the turn left, rebuilding an empty stock (GOR-9); end at ``max_turns`` (GOR-R4)."""
    turns = state.turns + 1
    limit = options(state).max_turns
    if limit is not None and turns >= limit:
        return _over(state.replace(turns=turns, **changes))
    if not changes.get("stock", state.stock):  # rare: the stock ran out
        state = rebuilt_stock(state.replace(**changes), StockOut.RESHUFFLE)
        changes = {}
    players = state.players
    following = (player + 1) % players
    while following in state.dropped:
        following = (following + 1) % players
    # One replace for the whole turn's end: this runs once per turn.
    return state.replace(phase=Phase.DRAW, to_move=following, turns=turns, **changes)


def _over(state: State) -> State:
    return state.replace(phase=Phase.OVER, to_move=None)


# --- The machine ------------------------------------------------------------------


def _draw_first(state: GameState, move: Move) -> Refusal:
    del state, move
    return Refusal("draw first: a turn begins with 'draw' or 'take'", "GOR-4")


def _drawn_already(state: GameState, move: Move) -> Refusal:
    del state, move
    return Refusal("you have drawn already this turn", "GOR-4")


_DROP: Final = Kind(
    move=Drop, options=_drop_options, name=_name_drop, play=_drop, anyone=True
)

MACHINE: Final = Machine[State](
    game="Going Out Rummy",
    phases={
        Phase.DRAW: PhaseRules(
            kinds=(
                Kind.single(
                    Draw,
                    play=_draw,
                    checks=(_stock_empty,),
                ),
                Kind(
                    move=Take,
                    options=_top_only,
                    name=_name_take,
                    play=_take,
                    checks=(_pile_empty,),
                ),
                _DROP,
            ),
            refuse=_draw_first,
        ),
        Phase.PLAY: PhaseRules(
            kinds=(
                Kind(move=GoOut, options=_out_options, name=resolve_out, play=_go_out),
                Kind(
                    move=Discard,
                    options=discard_options,
                    name=name_discard,
                    play=_discard,
                ),
                _DROP,
            ),
            refuse=_drawn_already,
        ),
    },
    anyone=(_DROP,),
    present=_at_table,
    foreign=_no_melding,
)
"""The one turn machine every Going Out Rummy game uses."""
