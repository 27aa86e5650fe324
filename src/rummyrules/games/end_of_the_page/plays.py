"""End of the Page, dealt and played: the deal, and what each move does once allowed.

A round is dealt from the seed or a stacked deck: a flipped card sets each
hand, the dealer's the wild rank (EOP-2 … EOP-4). A draw or a take begins
the plays (EOP-5, EOP-6); melds and lay-offs go to the table, and one that
empties the hand leaves the player floating (EOP-13); a discard ends the
turn, and discarding the last card goes out (EOP-11). When someone is out,
each player who has not had a turn has one (EOP-14); then the round is
scored and the next one dealt, the deal passing one seat left (EOP-R1),
until the page is full (EOP-16, EOP-17). The page itself may be taped
longer or ripped shorter between rounds. The moves here have passed the
rules of a turn (:mod:`rummyrules.games.end_of_the_page.machine`).

>>> from rummyrules import EndOfThePage, parse_move
>>> game = EndOfThePage().new_game(seed=3)
>>> after = meld(draw(game, Draw()), parse_move("meld KH KD KC"))
>>> str(after.melds[0]), after.melded
('KH KD KC', (False, True))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import attrs

from rummyrules import melds
from rummyrules.core.cards import Card, Rank
from rummyrules.core.errors import OptionError
from rummyrules.core.hands import hand_after, sorted_hand
from rummyrules.core.inputs import brief
from rummyrules.game import rummy500, rummy500_melding
from rummyrules.game.dealing import rebuilt_stock
from rummyrules.game.moves import Discard, Draw, LayOff, NewMeld, Take
from rummyrules.game.state import Phase
from rummyrules.games.end_of_the_page.state import (
    EndOfThePageOptions,
    EndOfThePageState,
    EndOfThePageTurn,
)

__all__ = [
    "deal",
    "discard",
    "draw",
    "hand_size",
    "lay_off",
    "meld",
    "take",
    "with_page",
]

State = EndOfThePageState


# --- The deal and the page (EOP-2 … EOP-4, EOP-17) -------------------------------

_SIZES: Final = {Rank.JACK: 11, Rank.QUEEN: 12, Rank.KING: 13, Rank.ACE: 14}


def hand_size(card: Card) -> int:
    """How many cards a flipped card deals (EOP-2): 3 to 10 face value, J 11 … A 14.

    >>> hand_size(Card.parse("7H")), hand_size(Card.parse("AS"))
    (7, 14)
    """
    if card.rank is None:  # pragma: no cover - End of the Page has no WILDCARDs
        raise OptionError("a WILDCARD deals no hand in End of the Page")
    return _SIZES.get(card.rank, int(card.rank))


def deal(
    rules: EndOfThePageOptions,
    order: Sequence[Card],
    *,
    seed: int,
    dealer: int,
    sheet: tuple[tuple[int, ...], ...],
) -> State:
    """Deal one round from the deck order (EOP-2, EOP-3, EOP-4).

    From the dealer's left, each player's top card is flipped and sets how
    many cards they get, itself included; the dealer is dealt last, and the
    dealer's first card that is not an Ace sets the wild rank. Then one card
    starts the discard pile.

    >>> from rummyrules import EndOfThePage
    >>> rules = EndOfThePage()
    >>> game = deal(rules, rules.deck(), seed=0, dealer=0, sheet=())
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
    return State(
        rules=rules,
        seed=seed,
        dealer=dealer,
        wild=wild_card.rank,
        face_up=wild_card,
        hands=tuple(hands),
        stock=tuple(order[top + 1 :]),
        discard_pile=(order[top],),
        score_sheet=sheet,
        phase=Phase.DRAW,
        to_move=(dealer + 1) % players,
        had_turn=(False,) * players,
    )


def with_page(state: State, rounds: int) -> State:
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
    state = state.replace(rules=attrs.evolve(state.rules, rounds=rounds))
    if state.is_over and rounds > len(state.score_sheet):
        return rummy500.next_round(state, deal)
    return state


# --- The moves (EOP-5 … EOP-17) ---------------------------------------------------


def draw(state: State, move: Draw) -> State:
    """Draw the top card of the stock, rebuilt if it is empty (EOP-5, EOP-R4).

    With nothing left to draw, the round ends.

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=3)
    >>> after = draw(game, Draw())
    >>> after.phase, len(after.hand(1)) - len(game.hand(1)), after.had_turn
    (<Phase.PLAY: 'play'>, 1, (False, True))
    """
    del move
    if not state.stock:
        state = rebuilt_stock(state, state.rules.stock_out)
        if not state.stock:
            return _end_round(state)  # EOP-R4: nothing left to draw
    player = state.to_move or 0
    hands = list(state.hands)
    hands[player] = hand_after(hands[player], add=state.stock[:1])
    return _begin_play(
        state, EndOfThePageTurn(), hands=tuple(hands), stock=state.stock[1:]
    )


def take(state: State, move: Take) -> State:
    """Take a card from the discard pile (EOP-5); from below the top, to meld it (EOP-6).

    A card taken from below the top comes with the cards above it (EOP-R2,
    unless the option says otherwise), and must go at once into a new meld
    with two natural cards held before.

    >>> from rummyrules import EndOfThePage, parse_move
    >>> game = EndOfThePage().position(
    ...     "wild 3 | to_move 1 draw | hands 3S 4C / 9D JD KC | pile 6C 10D"
    ... )
    >>> after = take(game, parse_move("take 10D"))
    >>> " ".join(map(str, after.hand(1))), str(after.turn.must_meld)
    ('6C 9D 10D JD KC', '10D')
    """
    player = state.to_move or 0
    pile = state.discard_pile
    hand = state.hands[player]
    depth = 0 if move.card is None else pile.index(move.card)
    taken = pile[depth]
    if depth == 0:
        into_hand, left = [taken], pile[1:]
        turn = EndOfThePageTurn(taken=taken, held_copy=taken in hand)
    else:
        if state.rules.take_cards_above:  # EOP-R2
            into_hand, left = [*pile[:depth], taken], pile[depth + 1 :]
        else:
            into_hand, left = [taken], (*pile[:depth], *pile[depth + 1 :])
        support = tuple(c for c in hand if not melds.is_wild(c, state.wild))
        turn = EndOfThePageTurn(
            taken=taken, must_meld=taken, support=support, held_copy=taken in hand
        )
    hands = list(state.hands)
    hands[player] = hand_after(hand, add=into_hand)
    return _begin_play(state, turn, hands=tuple(hands), discard_pile=tuple(left))


def _begin_play(state: State, turn: EndOfThePageTurn, **changes: Any) -> State:
    player = state.to_move or 0
    had_turn = list(state.had_turn)
    had_turn[player] = True
    return state.replace(
        phase=Phase.PLAY, turn=turn, had_turn=tuple(had_turn), **changes
    )


def meld(state: State, move: NewMeld) -> State:
    """Lay a new meld (EOP-7); it meets a deep pickup's obligation (EOP-6).

    >>> from rummyrules import EndOfThePage, parse_move
    >>> game = EndOfThePage().new_game(seed=3).apply("draw")
    >>> str(meld(game, parse_move("meld KH KD KC")).melds[0])
    'KH KD KC'
    """
    after = rummy500_melding.play_meld(state, move, state.to_move or 0)
    if after.turn.must_meld is not None:  # EOP-6 is met
        after = after.replace(turn=attrs.evolve(after.turn, must_meld=None))
    return _after_play(after)


def lay_off(state: State, move: LayOff) -> State:
    """Lay a card off on a meld on the table, credited to the player (EOP-9).

    >>> from rummyrules import EndOfThePage, parse_move
    >>> game = EndOfThePage().new_game(seed=3).apply("draw").apply("meld KH KD KC")
    >>> str(lay_off(game, parse_move("lay 8D=K on 1")).melds[0])
    'KH KD KC 8D=K'
    """
    return _after_play(rummy500_melding.lay_off(state, move, state.to_move or 0))


def _after_play(state: State) -> State:
    """A meld or lay-off that empties the hand leaves the player floating (EOP-13)."""
    if state.hands[state.to_move or 0]:
        return state
    return _end_turn(state)


def discard(state: State, move: Discard) -> State:
    """Discard a card, which ends the turn; discarding the last card goes out (EOP-11).

    Once a player is out, each player who has not had a turn this round has
    one (EOP-14).

    >>> from rummyrules import EndOfThePage, parse_move
    >>> game = EndOfThePage().position(
    ...     "wild 3 | to_move 1 play | hands 3S 4C / 8D | pile KC | had_turn 1"
    ... )
    >>> after = discard(game, parse_move("discard 8D"))
    >>> after.out, after.to_move, after.phase
    (1, 0, <Phase.DRAW: 'draw'>)
    """
    player = state.to_move or 0
    hands = list(state.hands)
    hands[player] = hand_after(hands[player], take=[move.card])
    out = state.out
    if not hands[player] and out is None:
        out = player  # EOP-11: discarding the last card goes out
    return _end_turn(
        state,
        out=out,
        hands=tuple(hands),
        discard_pile=(move.card, *state.discard_pile),
        face_up=rummy500.face_up_after(state, hands),
    )


def _end_turn(state: State, *, out: int | None = None, **changes: Any) -> State:
    """Pass the turn on, or end the round (EOP-14, ALL-5); ``changes`` come with it."""
    player = state.to_move or 0
    players = state.players
    out = state.out if out is None else out
    turns = state.turns + 1
    limit = state.rules.max_turns
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
    turn = EndOfThePageTurn()
    if following is None:
        return _end_round(state.replace(turns=turns, turn=turn, out=out, **changes))
    return state.replace(
        turns=turns, turn=turn, out=out, phase=Phase.DRAW, to_move=following, **changes
    )


def _end_round(state: State) -> State:
    """Score the round (EOP-16), then deal the next one or end the game (EOP-17)."""
    state = rummy500.add_result(state, rummy500.counted(state, rule="EOP-16"))
    if len(state.score_sheet) >= state.rules.rounds:
        return state.replace(phase=Phase.OVER, to_move=None, turn=EndOfThePageTurn())
    return rummy500.next_round(state, deal)
