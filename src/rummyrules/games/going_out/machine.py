"""Going Out Rummy, played: the deal and the turn machine (GOR-3 … GOR-10).

A turn is two phases. In ``DRAW`` the player takes the top card of the stock
or of the discard pile (GOR-4). In ``PLAY`` the player either goes out, laying
the whole hand down as melds with at most one card discarded (GOR-7, GOR-8),
or discards a card. Nothing is melded before going out. Any player still at
the table may drop out at any moment (GOR-10).

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
from typing import TYPE_CHECKING, Any, Final, cast

import attrs

from rummyrules import melds
from rummyrules.core.cards import Card
from rummyrules.core.errors import IllegalMoveError, OptionError
from rummyrules.core.hands import hand_after, sorted_hand
from rummyrules.core.options import GoingOut, StockOut
from rummyrules.game.dealing import first_order, rebuilt_stock
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
from rummyrules.game.state import GameState, Phase, Turn, check_player, game_over, mover
from rummyrules.game.table import TableMeld
from rummyrules.game.turns import check_held, check_kind, own_move
from rummyrules.melds.layouts import going_out_layouts

if TYPE_CHECKING:
    from rummyrules.games.going_out.rules import GoingOutRummy
    from rummyrules.melds import MeldRules

__all__ = ["MACHINE", "GoingOutMachine", "deal", "new_game", "out_moves"]


def new_game(
    rules: GoingOutRummy,
    *,
    seed: int = 0,
    deck: Sequence[Card] | None = None,
    dealer: int = 0,
) -> GameState:
    """Deal a game, from the seed or from a whole stacked deck (top card first).

    >>> from rummyrules import GoingOutRummy
    >>> new_game(GoingOutRummy(), seed=8) == GoingOutRummy().new_game(seed=8)
    True
    """
    order = first_order(
        rules, players=rules.players, seed=seed, deck=deck, dealer=dealer
    )
    return deal(rules, order, seed=seed, dealer=dealer)


def deal(
    rules: GoingOutRummy, order: Sequence[Card], *, seed: int, dealer: int
) -> GameState:
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
    return GameState(
        rules=rules,
        seed=seed,
        round=1,
        dealer=dealer,
        wild=None,
        hands=tuple(by_player),
        stock=tuple(order[dealt:]),
        discard_pile=(),
        scores=(0,) * players,
        phase=Phase.DRAW,
        to_move=first,
        melded=(False,) * players,
        had_turn=(False,) * players,
    )


@functools.lru_cache(maxsize=8192)
def out_moves(
    hand: tuple[Card, ...], rules: MeldRules, going_out: GoingOut
) -> tuple[GoOut, ...]:
    """One going-out move for each card that can be left over, and one for none.

    The hand's layouts, memoised on the frozen hand: bots and simulations meet
    the same hands again and again.

    >>> from rummyrules import GoingOut, GoingOutRummy, parse_cards
    >>> hand = parse_cards("7S 7H 7D 8C 9C 10C 10C")
    >>> rules = GoingOutRummy().meld_rules
    >>> [str(move) for move in out_moves(hand, rules, GoingOut.STANDARD)]
    ['out 7S 7H 7D / 8C 9C 10C discard 10C']
    """
    layouts = going_out_layouts(
        hand,
        rules,
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


class GoingOutMachine:
    """The turn machine of Going Out Rummy: listing, explaining and playing moves.

    >>> from rummyrules import GoingOutRummy
    >>> [str(m) for m in MACHINE.legal_moves(GoingOutRummy().new_game(seed=3))]
    ['draw', 'drop']
    """

    def legal_moves(self, state: GameState) -> tuple[Move, ...]:
        """Every move the player to move may make (ALL-2).

        After the draw, one ``out`` for each way the hand can go out (by the
        card discarded), then each discard, then ``drop``:

        >>> from rummyrules import GoingOutRummy
        >>> rules = GoingOutRummy(hand_size=3)
        >>> game = rules.new_game(deck=rules.stacked_deck("7S 8H 7H 9C 7D KD 9D"))
        >>> for move in MACHINE.legal_moves(game.apply("draw")):
        ...     print(move)
        out 7S 7H 7D discard 9D
        discard 7S
        discard 7H
        discard 7D
        discard 9D
        drop
        """
        player = state.to_move
        if player is None:
            return ()
        moves: list[Move] = []
        if state.phase is Phase.DRAW:
            if state.stock:
                moves.append(Draw())
            if state.discard_pile:
                moves.append(Take())
        else:
            hand = state.hands[player]
            rules = _rules(state)
            moves.extend(out_moves(hand, rules.meld_rules, rules.going_out))
            moves.extend(Discard(card=card) for card in dict.fromkeys(hand))
        moves.append(Drop())
        return tuple(moves)

    def moves_for(self, state: GameState, player: int) -> tuple[Move, ...]:
        """A player still at the table may drop out at any time, even out of turn (GOR-10).

        >>> from rummyrules import GoingOutRummy
        >>> MACHINE.moves_for(GoingOutRummy().new_game(seed=1), 0)
        (Drop(player=0),)
        """
        if (
            state.is_over
            or not 0 <= player < state.players
            or player in state.dropped
            or player == state.to_move
        ):
            return ()
        return (Drop(player=player),)

    def normalize(self, state: GameState, move: Move) -> Move:
        """The move to play for ``move``, or IllegalMoveError saying why none.

        Going out is accepted with any valid layout of the hand: the player
        chooses how to show it (GOR-7).

        >>> from rummyrules import GoingOutRummy
        >>> MACHINE.normalize(
        ...     GoingOutRummy().new_game(seed=1), Discard(card=Card.parse("KC"))
        ... )
        Traceback (most recent call last):
        ...
        rummyrules.IllegalMoveError: draw first: a turn begins with 'draw' or 'take' (GOR-4)
        """
        player = mover(state)
        _refuse_melding(move)
        check_kind(state, move, _KINDS)
        if move.player is not None and move.player != player:
            check_player(state, move.player)
            if move.player in state.dropped:
                raise IllegalMoveError(
                    f"player {move.player} has dropped out of this game", rule="GOR-10"
                )
        move = own_move(state, move)
        if move in state.legal_moves() or isinstance(move, Drop):
            return move
        if state.phase is Phase.DRAW:
            return _explain_draw(state, move)
        return _explain_play(state, move, player)

    def play(self, state: GameState, move: Move) -> GameState:
        """The state after a listed move (or a valid going-out layout).

        >>> from rummyrules import GoingOutRummy
        >>> MACHINE.play(GoingOutRummy().new_game(seed=1), Draw()).phase.value
        'play'
        """
        if isinstance(move, Drop):
            return _drop(state, mover(state) if move.player is None else move.player)
        stock, pile = state.stock, state.discard_pile
        if isinstance(move, Draw):
            return _draw(state, stock[0], stock=stock[1:], discard_pile=pile)
        if isinstance(move, Take):
            return _draw(state, pile[0], stock=stock, discard_pile=pile[1:])
        if isinstance(move, Discard):
            return _discard(state, move.card)
        if isinstance(move, GoOut):
            return _go_out(state, move)
        raise AssertionError(move)  # pragma: no cover - only listed moves come here

    def with_page(self, state: GameState, rounds: int) -> GameState:
        """Going Out Rummy has no page: one hand is the whole game (GOR-1).

        >>> from rummyrules import GoingOutRummy
        >>> MACHINE.with_page(GoingOutRummy().new_game(seed=1), 3)
        Traceback (most recent call last):
        ...
        rummyrules.OptionError: Going Out Rummy keeps no score page: one hand is the whole game (GOR-1)
        """
        del state, rounds
        raise OptionError(
            "Going Out Rummy keeps no score page: one hand is the whole game (GOR-1)"
        )


MACHINE: Final = GoingOutMachine()
"""The one turn machine every Going Out Rummy game uses."""


def _rules(state: GameState) -> GoingOutRummy:
    # This machine is only ever handed Going Out Rummy games.
    return cast("GoingOutRummy", state.rules)


_KINDS: Final[frozenset[type[Move]]] = frozenset({Draw, Take, Discard, GoOut, Drop})
"""The kinds of move Going Out Rummy has."""


# --- Explaining refusals -----------------------------------------------------


def _explain_draw(state: GameState, move: Move) -> Move:
    if isinstance(move, Draw):
        raise IllegalMoveError(
            "the stock is empty until the discard pile is shuffled into it; take "
            "the top discard",
            rule="GOR-9",
        )
    if isinstance(move, Take):
        pile = state.discard_pile
        if not pile and state.turns == 0:
            raise IllegalMoveError(
                "the discard pile is empty: the first player draws from the stock",
                rule="GOR-3",
            )
        if not pile:
            raise IllegalMoveError(
                "the discard pile is empty: draw from the stock", rule="GOR-4"
            )
        if move.card is None:  # pragma: no cover - listed
            return move
        raise IllegalMoveError(
            f"only the top card of the discard pile, {pile[0]}, may be taken; "
            "nobody may look back through the pile",
            rule="GOR-4",
        )
    raise IllegalMoveError(
        "draw first: a turn begins with 'draw' or 'take'", rule="GOR-4"
    )


def _explain_play(state: GameState, move: Move, player: int) -> Move:
    if isinstance(move, (Draw, Take)):
        raise IllegalMoveError("you have drawn already this turn", rule="GOR-4")
    if isinstance(move, Discard):
        # Every card in hand may be discarded, so only a card not held is refused.
        check_held(state.hands[player], [move.card])
    if isinstance(move, GoOut):
        return resolve_out(state, move, player)
    return move  # pragma: no cover - listed


def _refuse_melding(move: Move) -> None:
    """GOR-4: the moves of the games that meld as they go have no place here."""
    if isinstance(move, NewMeld | LayOff | Claim):
        raise IllegalMoveError(
            "nothing is melded before going out; lay the whole hand down at once "
            "with 'out'",
            rule="GOR-4",
        )


def resolve_out(state: GameState, move: GoOut, player: int) -> GoOut:
    """The going-out move to play for the player's layout, or why it is refused.

    Every card of the hand must be laid down, in melds, but the one card
    discarded (GOR-7); under Major or Minor the melds must be one (GOR-8). A
    wild the player left undeclared where it has more than one reading is
    read the first way the library lists: the game ends at once, so nothing
    can turn on it.

    >>> from rummyrules import GoingOutRummy
    >>> from rummyrules.game.moves import parse_move
    >>> rules = GoingOutRummy(hand_size=3, wildcards=1)
    >>> game = rules.new_game(deck=rules.stacked_deck("4C 8H 5C 9C * KD 9D"))
    >>> game = game.apply("draw")
    >>> print(resolve_out(game, parse_move("out 4C 5C * discard 9D"), 1))
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
        raise IllegalMoveError(
            f"going out lays down the whole hand but the one card discarded; {cards} "
            "would be left in your hand",
            rule="GOR-7",
        )
    _check_variation(state, move)
    shown: list[NewMeld] = []
    rules = _rules(state).meld_rules
    for number, meld in enumerate(move.melds, start=1):
        found = melds.check(meld.cards, rules, declared=meld.declared)
        if not found:
            raise IllegalMoveError(
                f"meld {number} ({meld._cards_text()}) is no meld: {found.reason}",
                rule=found.rule or "GOR-5",
            )
        shown.append(NewMeld.of(found.melds[0]))
    return GoOut(melds=tuple(shown), discard=move.discard)


def _check_variation(state: GameState, move: GoOut) -> None:
    """Going Out Major and Minor: one single meld; Major discards nothing (GOR-8)."""
    how = _rules(state).going_out
    if how is GoingOut.STANDARD:
        return
    if len(move.melds) != 1:
        raise IllegalMoveError(
            f"Going Out {how.value.title()} lays the cards down as one single meld, "
            f"not {len(move.melds)}",
            rule="GOR-R2",
        )
    if how is GoingOut.MAJOR and move.discard is not None:
        raise IllegalMoveError(
            "Going Out Major lays every card down in the meld, with no discard",
            rule="GOR-R2",
        )


# --- Playing moves -----------------------------------------------------------


def _draw(
    state: GameState,
    card: Card,
    *,
    stock: tuple[Card, ...],
    discard_pile: tuple[Card, ...],
) -> GameState:
    player = mover(state)
    hands = list(state.hands)
    hands[player] = hand_after(hands[player], add=[card])
    return attrs.evolve(
        state,
        phase=Phase.PLAY,
        hands=tuple(hands),
        stock=stock,
        discard_pile=discard_pile,
    )


def _discard(state: GameState, card: Card) -> GameState:
    player = mover(state)
    hands = list(state.hands)
    hands[player] = hand_after(hands[player], take=[card])
    return _end_turn(
        state,
        player,
        hands=tuple(hands),
        discard_pile=(card, *state.discard_pile),
    )


def _go_out(state: GameState, move: GoOut) -> GameState:
    """Lay the hand down and win (GOR-7); the card left over is discarded (GOR-R1)."""
    player = mover(state)
    rules = _rules(state).meld_rules
    laid = tuple(
        TableMeld.laid(
            melds.readings(meld.cards, rules, declared=meld.declared)[0], owner=player
        )
        for meld in move.melds
    )
    hands = list(state.hands)
    hands[player] = ()
    pile = state.discard_pile
    return game_over(
        attrs.evolve(
            state,
            hands=tuple(hands),
            table=(*state.table, *laid),
            discard_pile=pile if move.discard is None else (move.discard, *pile),
            out=player,
            winner=player,
            turns=state.turns + 1,
        )
    )


def _drop(state: GameState, player: int) -> GameState:
    """The player's cards go face down out of play; the turn passes on (GOR-10)."""
    hands = list(state.hands)
    gone = hands[player]
    hands[player] = ()
    state = attrs.evolve(
        state,
        hands=tuple(hands),
        dropped=(*state.dropped, player),
        out_of_play=(*state.out_of_play, *gone),
    )
    staying = [p for p in range(state.players) if p not in state.dropped]
    if len(staying) == 1:  # GOR-R3
        winner = staying[0] if _rules(state).last_player_wins else None
        return game_over(attrs.evolve(state, winner=winner))
    if player != state.to_move:
        return state
    return _end_turn(state, player)


def _end_turn(state: GameState, player: int, **changes: Any) -> GameState:
    """Pass the turn left, rebuilding an empty stock (GOR-9); end at ``max_turns`` (GOR-R4)."""
    turns = state.turns + 1
    limit = _rules(state).max_turns
    if limit is not None and turns >= limit:
        return game_over(attrs.evolve(state, turns=turns, turn=Turn(), **changes))
    if not changes.get("stock", state.stock):  # rare: the stock ran out
        state = rebuilt_stock(attrs.evolve(state, **changes), StockOut.RESHUFFLE)
        changes = {}
    players = state.players
    following = (player + 1) % players
    while following in state.dropped:
        following = (following + 1) % players
    # One evolve for the whole turn's end: this runs once per turn.
    return attrs.evolve(
        state, phase=Phase.DRAW, to_move=following, turns=turns, turn=Turn(), **changes
    )
