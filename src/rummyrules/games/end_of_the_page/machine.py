"""End of the Page, played: the deal and the turn machine (EOP-2 … EOP-17).

A turn is two phases. In ``DRAW`` the player draws from the stock or takes
from the discard pile (EOP-5, EOP-6). In ``PLAY`` the player melds, lays off
and finally discards (EOP-7 … EOP-12), or floats when the hand runs out
(EOP-13). Each phase has one function that lists its moves and one that
plays them; a third explains, with the rule's ID, why a move is not listed.

>>> from rummyrules import EndOfThePage
>>> game = EndOfThePage().new_game(seed=3)
>>> game.apply("draw").phase
<Phase.PLAY: 'play'>
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final, cast

import attrs

from rummyrules import melds
from rummyrules.core.cards import Card, Rank, Suit
from rummyrules.core.errors import IllegalMoveError, OptionError
from rummyrules.core.hands import hand_after, sorted_hand
from rummyrules.core.inputs import brief
from rummyrules.game import rummy500
from rummyrules.game.dealing import rebuilt_stock
from rummyrules.game.moves import Discard, Draw, LayOff, Move, NewMeld, Take
from rummyrules.game.state import GameState, Phase, Turn, game_over, mover
from rummyrules.game.turns import check_held, check_kind, own_move
from rummyrules.melds import search as meld_search

if TYPE_CHECKING:
    from rummyrules.games.end_of_the_page.rules import EndOfThePage

__all__ = [
    "MACHINE",
    "EndOfThePageMachine",
    "deal",
    "hand_size",
    "new_game",
    "with_page",
]

_SIZES: Final = {Rank.JACK: 11, Rank.QUEEN: 12, Rank.KING: 13, Rank.ACE: 14}


def hand_size(card: Card) -> int:
    """How many cards a flipped card deals (EOP-2): 3 to 10 face value, J 11 … A 14.

    >>> hand_size(Card.parse("7H")), hand_size(Card.parse("AS"))
    (7, 14)
    """
    if card.rank is None:  # pragma: no cover - End of the Page has no WILDCARDs
        raise OptionError("a WILDCARD deals no hand in End of the Page")
    return _SIZES.get(card.rank, int(card.rank))


def new_game(
    rules: EndOfThePage,
    *,
    seed: int = 0,
    deck: Sequence[Card] | None = None,
    dealer: int = 0,
) -> GameState:
    """Deal the first round, from the seed or from a whole stacked deck (top first).

    >>> from rummyrules import EndOfThePage
    >>> new_game(EndOfThePage(), seed=8) == EndOfThePage().new_game(seed=8)
    True
    """
    return rummy500.start(rules, deal, seed=seed, deck=deck, dealer=dealer)


def deal(  # noqa: PLR0913 - a round is dealt from all of these
    rules: EndOfThePage,
    order: Sequence[Card],
    *,
    seed: int,
    round: int,
    dealer: int,
    scores: tuple[int, ...],
    sheet: tuple[tuple[int, ...], ...],
) -> GameState:
    """Deal one round from the deck order (EOP-2, EOP-3, EOP-4).

    From the dealer's left, each player's top card is flipped and sets how
    many cards they get, itself included; the dealer is dealt last, and the
    dealer's first card that is not an Ace sets the wild rank. Then one card
    starts the discard pile.

    >>> from rummyrules import EndOfThePage
    >>> rules = EndOfThePage()
    >>> game = deal(
    ...     rules, rules.deck(), seed=0, round=1, dealer=0, scores=(0, 0), sheet=()
    ... )
    >>> [len(hand) for hand in game.hands], str(game.wild), str(game.discard_pile[0])
    ([4, 14], '4', '8H')
    """
    players = rules.players
    hands: list[tuple[Card, ...]] = [()] * players
    top = 0
    wild_card: Card | None = None
    for seat in range(1, players + 1):
        player = (dealer + seat) % players
        count = hand_size(order[top])
        dealt = tuple(order[top : top + count])
        if player == dealer:
            wild_card = next(card for card in dealt if card.rank is not Rank.ACE)
        hands[player] = sorted_hand(dealt)
        top += count
    if wild_card is None:  # pragma: no cover - the dealer is always dealt
        raise AssertionError(order)
    return GameState(
        rules=rules,
        seed=seed,
        round=round,
        dealer=dealer,
        wild=wild_card.rank,
        face_up=wild_card,
        face_up_holder=dealer,
        hands=tuple(hands),
        stock=tuple(order[top + 1 :]),
        discard_pile=(order[top],),
        scores=scores,
        score_sheet=sheet,
        phase=Phase.DRAW,
        to_move=(dealer + 1) % players,
        melded=(False,) * players,
        had_turn=(False,) * players,
    )


class EndOfThePageMachine:
    """The turn machine of End of the Page: listing, explaining and playing moves.

    >>> from rummyrules import EndOfThePage
    >>> [str(m) for m in MACHINE.legal_moves(EndOfThePage().new_game(seed=3))]
    ['draw', 'take']
    """

    def legal_moves(self, state: GameState) -> tuple[Move, ...]:
        """Every move the player to move may make (ALL-2).

        >>> from rummyrules import EndOfThePage
        >>> len(MACHINE.legal_moves(EndOfThePage().new_game(seed=1)))
        2
        """
        if state.phase is Phase.DRAW:
            return tuple(_draw_moves(state))
        if state.phase is Phase.PLAY:
            return tuple(_play_moves(state))
        return ()

    def moves_for(self, state: GameState, player: int) -> tuple[Move, ...]:
        """End of the Page has no moves out of turn.

        >>> from rummyrules import EndOfThePage
        >>> MACHINE.moves_for(EndOfThePage().new_game(seed=1), 0)
        ()
        """
        del state, player
        return ()

    def normalize(self, state: GameState, move: Move) -> Move:
        """The listed move that ``move`` names, or IllegalMoveError saying why none.

        >>> from rummyrules import EndOfThePage
        >>> from rummyrules.game.moves import Discard
        >>> MACHINE.normalize(
        ...     EndOfThePage().new_game(seed=1), Discard(card=Card.parse("KC"))
        ... )
        Traceback (most recent call last):
        ...
        rummyrules.IllegalMoveError: draw first: a turn begins with 'draw' or 'take' (EOP-5)
        """
        mover(state)
        check_kind(state, move, _KINDS)
        move = own_move(state, move)
        if move in state.legal_moves():
            return move
        if state.phase is Phase.DRAW:
            return _explain_draw(state, move)
        return _explain_play(state, move)

    def with_page(self, state: GameState, rounds: int) -> GameState:
        """The game with a longer or shorter page (EOP-17); see :func:`with_page`.

        >>> from rummyrules import EndOfThePage
        >>> MACHINE.with_page(EndOfThePage().new_game(seed=1), 3).score_sheet
        ()
        """
        return with_page(state, rounds)

    def play(self, state: GameState, move: Move) -> GameState:
        """The state after a listed move.

        >>> from rummyrules import EndOfThePage
        >>> MACHINE.play(EndOfThePage().new_game(seed=1), Draw()).phase.value
        'play'
        """
        if isinstance(move, Draw):
            return _draw(state)
        if isinstance(move, Take):
            return _take(state, move.card)
        if isinstance(move, NewMeld):
            after = rummy500.play_meld(state, move)
            if after.turn.must_meld is not None:  # EOP-6 is met
                after = attrs.evolve(
                    after, turn=attrs.evolve(after.turn, must_meld=None)
                )
            return _after_play(after)
        if isinstance(move, LayOff):
            return _after_play(rummy500.lay_off(state, move))
        if isinstance(move, Discard):
            return _discard(state, move.card)
        raise AssertionError(move)  # pragma: no cover - only listed moves come here


MACHINE: Final = EndOfThePageMachine()
"""The one turn machine every End of the Page game uses."""

_KINDS: Final[frozenset[type[Move]]] = frozenset({Draw, Take, NewMeld, LayOff, Discard})
"""The kinds of move End of the Page has."""


def _rules(state: GameState) -> EndOfThePage:
    # This machine is only ever handed End of the Page games.
    return cast("EndOfThePage", state.rules)


def with_page(state: GameState, rounds: int) -> GameState:
    """The game with a page of ``rounds`` rows, taped longer or ripped shorter (EOP-17).

    The page never gets shorter than the rounds already begun. A game that
    was over goes on when the page grows.

    >>> from rummyrules import EndOfThePage
    >>> with_page(EndOfThePage().new_game(seed=1), 0)
    Traceback (most recent call last):
    ...
    rummyrules.OptionError: the page must keep at least the 1 rounds already begun, not 0 (EOP-17)
    """
    begun = len(state.score_sheet) + (0 if state.is_over else 1)
    if type(rounds) is not int or rounds < max(1, begun):
        message = (
            f"the page must keep at least the {begun} rounds already begun, "
            f"not {brief(rounds)} (EOP-17)"
        )
        raise OptionError(message)
    rules = attrs.evolve(_rules(state), rounds=rounds)
    state = attrs.evolve(state, rules=rules)
    if state.is_over and rounds > len(state.score_sheet):
        return rummy500.next_round(state, deal)
    return state


# --- Listing moves -----------------------------------------------------------


def _draw_moves(state: GameState) -> list[Move]:
    moves: list[Move] = [Draw()]
    pile = state.discard_pile
    if pile and _may_take_top(state):
        moves.append(Take())
    if len(pile) > 1:
        supported = _pickup_test(state)
        seen: set[Card] = {pile[0]}
        for card in pile[1:]:
            if card not in seen:
                seen.add(card)
                if supported(card):
                    moves.append(Take(card=card))
    return moves


def _pickup_test(state: GameState) -> Callable[[Card], bool]:
    """EOP-6 for many cards at once: do two natural cards in hand meld with it?

    Two naturals make a meld with a natural card exactly when they share its
    rank, or sit beside it in its suit; wild cards take the slower full test.
    """
    rules = state.rules.meld_rules
    naturals = [
        c for c in state.hands[mover(state)] if not melds.is_wild(c, state.wild)
    ]
    ranks = Counter(card.rank for card in naturals)
    places: dict[Suit | None, set[int]] = {}
    for card in naturals:
        if card.rank is not None:
            places.setdefault(card.suit, set()).update(rules.places[card.rank])

    def supported(card: Card) -> bool:
        if card.rank is None or melds.is_wild(card, state.wild):
            return _pair_for(card, naturals, state) is not None
        if ranks[card.rank] >= 2:
            return True
        held = places.get(card.suit, set())
        return any(
            {p - 2, p - 1} <= held or {p - 1, p + 1} <= held or {p + 1, p + 2} <= held
            for p in rules.places[card.rank]
        )

    return supported


def _may_take_top(state: GameState) -> bool:
    """A floating player who may not discard the card just taken must be able to play it."""
    if _rules(state).discard_taken_card or state.hands[mover(state)]:
        return True
    return _can_lay_off(state, mover(state), state.discard_pile[0])


def _pair_for(
    card: Card, naturals: Sequence[Card], state: GameState
) -> tuple[Card, Card] | None:
    """Two of these natural cards that make a meld with the card, if any."""
    rules = state.rules.meld_rules
    # Only cards of the card's rank or suit can meld with it (any, for a wild).
    wild = melds.is_wild(card, state.wild)
    near = [c for c in naturals if wild or c.rank is card.rank or c.suit is card.suit]
    distinct = sorted_hand(set(near))
    counts = Counter(near)
    for i, first in enumerate(distinct):
        for second in distinct[i:]:
            if first == second and counts[first] < 2:
                continue
            if melds.readings((card, first, second), rules, wild=state.wild):
                return first, second
    return None


def _play_moves(state: GameState) -> list[Move]:
    player = mover(state)
    if state.turn.must_meld is not None:
        return [
            m for m in rummy500.meld_moves(state, player) if _meets_pickup(state, m)
        ]
    moves: list[Move] = [*rummy500.meld_moves(state, player)]
    if state.melded[player]:
        moves.extend(rummy500.layoff_moves(state, player))
    if _stranding(state):
        moves = [move for move in moves if not _strands(state, move)]
    hand = state.hands[player]
    moves.extend(
        Discard(card=card)
        for card in dict.fromkeys(hand)
        if _discard_refusal(state, card) is None
    )
    return moves


def _stranding(state: GameState) -> bool:
    """Whether a play could leave the player holding only the card they may not discard."""
    turn = state.turn
    return (
        not _rules(state).discard_taken_card
        and turn.taken is not None
        and not turn.held_copy
    )


def _strands(state: GameState, move: Move) -> bool:
    """EOP-R3 with ALL-2: a play may not leave the player with no move at all.

    Under the option that forbids discarding the card just taken, melding or
    laying off every other card could leave only that card, which may not be
    discarded and may not fit anywhere: such a play is not allowed.
    """
    player = mover(state)
    taken = state.turn.taken
    after = MACHINE.play(state, move)
    left = after.hands[player]
    if after.to_move != player or not left or any(card != taken for card in left):
        return False  # the turn is over, or another card can still be discarded
    return taken is None or not _can_lay_off(after, player, taken)


def _meets_pickup(state: GameState, move: NewMeld) -> bool:
    """EOP-6: the meld holds the card taken and two natural cards held before."""
    taken = state.turn.must_meld
    if taken is None or taken not in move.cards:
        return taken is None
    rest = list(move.cards)
    rest.remove(taken)
    support = Counter(state.turn.support)
    used = sum((Counter(rest) & support).values())
    return used >= 2


def _can_lay_off(state: GameState, player: int, card: Card) -> bool:
    if not state.melded[player]:
        return False
    return any(
        meld_search.find_layoffs(
            [card], meld.meld, state.rules.meld_rules, wild=state.wild
        )
        for meld in state.table
    )


def _discard_refusal(state: GameState, card: Card) -> IllegalMoveError | None:
    """Why this card may not be discarded now, or None (EOP-R3, EOP-12)."""
    player = mover(state)
    hand = state.hands[player]
    turn = state.turn
    if (
        not _rules(state).discard_taken_card
        and card == turn.taken
        and not turn.held_copy
    ):
        return IllegalMoveError(
            f"you took {card} from the discard pile this turn, and these rules do "
            "not let you discard it again",
            rule="EOP-R3",
        )
    if len(hand) == 1 and _can_lay_off(state, player, card):
        return IllegalMoveError(
            f"your last card {card} can be laid off on a meld, so it must be played, "
            "not discarded (you will float)",
            rule="EOP-12",
        )
    return None


# --- Explaining refusals -----------------------------------------------------


def _explain_draw(state: GameState, move: Move) -> Move:
    if isinstance(move, Draw):
        return move  # pragma: no cover - always listed
    if isinstance(move, Take):
        pile = state.discard_pile
        if not pile:
            raise IllegalMoveError("the discard pile is empty", rule="EOP-5")
        if move.card is None:
            raise IllegalMoveError(
                f"with no cards in hand you could neither play {pile[0]} nor discard "
                "it again, so you may not take it",
                rule="EOP-R3",
            )
        if move.card not in pile:
            raise IllegalMoveError(
                f"there is no {move.card} in the discard pile", rule="EOP-5"
            )
        raise IllegalMoveError(
            f"to take {move.card} from below the top of the pile you must hold two "
            "natural cards that make a set or run with it",
            rule="EOP-6",
        )
    raise IllegalMoveError(
        "draw first: a turn begins with 'draw' or 'take'", rule="EOP-5"
    )


def _explain_play(state: GameState, move: Move) -> Move:
    player = mover(state)
    if isinstance(move, (Draw, Take)):
        raise IllegalMoveError("you have drawn already this turn", rule="EOP-5")
    taken = state.turn.must_meld
    if taken is not None:
        if isinstance(move, NewMeld):
            move = rummy500.resolve_meld(state, move, rule="EOP-7")
            if move in state.legal_moves():
                return move
        raise IllegalMoveError(
            f"you took {taken} from deep in the discard pile, so you must now lay it "
            "in a new meld with two natural cards you held",
            rule="EOP-6",
        )
    if isinstance(move, NewMeld):
        return _not_stranding(state, rummy500.resolve_meld(state, move, rule="EOP-7"))
    if isinstance(move, LayOff):
        if not state.melded[player]:
            raise IllegalMoveError(
                f"you have not melded yet this round, so you cannot lay off on meld {move.meld}",
                rule="EOP-9",
            )
        return _not_stranding(state, rummy500.resolve_layoff(state, move))
    if isinstance(move, Discard):
        check_held(state.hands[player], [move.card])
        refusal = _discard_refusal(state, move.card)
        if refusal is not None:
            raise refusal
    return move  # pragma: no cover - listed


def _not_stranding(state: GameState, move: Move) -> Move:
    if _stranding(state) and _strands(state, move):
        raise IllegalMoveError(
            f"that would leave you holding only {state.turn.taken}, which you took "
            "this turn and may not discard again, and which fits no meld",
            rule="EOP-R3",
        )
    return move


# --- Playing moves -----------------------------------------------------------


def _draw(state: GameState) -> GameState:
    if not state.stock:
        state = rebuilt_stock(state, _rules(state).stock_out)
        if not state.stock:
            return _end_round(state)  # EOP-R4: nothing left to draw
    player = mover(state)
    hands = list(state.hands)
    hands[player] = hand_after(hands[player], add=state.stock[:1])
    return _begin_play(state, Turn(), hands=tuple(hands), stock=state.stock[1:])


def _take(state: GameState, card: Card | None) -> GameState:
    player = mover(state)
    pile = state.discard_pile
    hand = state.hands[player]
    depth = 0 if card is None else pile.index(card)
    taken = pile[depth]
    if depth == 0:
        into_hand, left = [taken], pile[1:]
        turn = Turn(taken=taken, held_copy=taken in hand)
    else:
        above = list(pile[:depth])
        if _rules(state).take_cards_above:  # EOP-R2
            into_hand, left = [*above, taken], pile[depth + 1 :]
        else:
            into_hand, left = [taken], (*pile[:depth], *pile[depth + 1 :])
        support = tuple(c for c in hand if not melds.is_wild(c, state.wild))
        turn = Turn(
            taken=taken, must_meld=taken, support=support, held_copy=taken in hand
        )
    hands = list(state.hands)
    hands[player] = hand_after(hand, add=into_hand)
    return _begin_play(state, turn, hands=tuple(hands), discard_pile=tuple(left))


def _begin_play(state: GameState, turn: Turn, **changes: Any) -> GameState:
    player = mover(state)
    had_turn = list(state.had_turn)
    had_turn[player] = True
    return attrs.evolve(
        state, phase=Phase.PLAY, turn=turn, had_turn=tuple(had_turn), **changes
    )


def _after_play(state: GameState) -> GameState:
    """A meld or lay-off that empties the hand leaves the player floating (EOP-13)."""
    if state.hands[mover(state)]:
        return state
    return _end_turn(state)


def _discard(state: GameState, card: Card) -> GameState:
    player = mover(state)
    hands = list(state.hands)
    hands[player] = hand_after(hands[player], take=[card])
    out = state.out
    if not hands[player] and out is None:
        out = player  # EOP-11: discarding the last card goes out
    return _end_turn(
        state,
        out=out,
        hands=tuple(hands),
        discard_pile=(card, *state.discard_pile),
        **rummy500.face_up_after(state, hands),
    )


def _end_turn(state: GameState, *, out: int | None = None, **changes: Any) -> GameState:
    """Pass the turn on, or end the round (EOP-14, ALL-5); ``changes`` come with it."""
    player = mover(state)
    players = state.players
    out = state.out if out is None else out
    turns = state.turns + 1
    limit = _rules(state).max_turns
    if out is not None:
        # EOP-14: everyone who has not had a turn yet has one, in order.
        waiting = [
            (player + step) % players
            for step in range(1, players)
            if not state.had_turn[(player + step) % players]
        ]
        following = waiting[0] if waiting else None
    elif limit is not None and turns >= limit:
        following = None  # ALL-5
    else:
        following = (player + 1) % players
    if following is None:
        return _end_round(
            attrs.evolve(state, turns=turns, turn=Turn(), out=out, **changes)
        )
    return attrs.evolve(
        state,
        turns=turns,
        turn=Turn(),
        out=out,
        phase=Phase.DRAW,
        to_move=following,
        **changes,
    )


def _end_round(state: GameState) -> GameState:
    """Score the round (EOP-16), then deal the next one or end the game (EOP-17)."""
    state = rummy500.add_row(state, rummy500.round_scores(state))
    if len(state.score_sheet) >= _rules(state).rounds:
        return game_over(state)
    return rummy500.next_round(state, deal)
