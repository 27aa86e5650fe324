"""End of the Page, played: the deal, the rules of a turn, and what each move does.

A turn is two phases. In ``draw`` the player draws from the stock or takes
from the discard pile (EOP-5, EOP-6). In ``play`` the player melds, lays off
and finally discards (EOP-7 … EOP-12), or floats when the hand runs out
(EOP-13). Each rule of a turn is one function below that both lists and
refuses (:mod:`rummyrules.game.machine`).

>>> from rummyrules import EndOfThePage
>>> game = EndOfThePage().new_game(seed=3)
>>> game.apply("draw").phase
<Phase.PLAY: 'play'>
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs

from rummyrules import melds
from rummyrules.core.cards import Card, Rank, Suit
from rummyrules.core.errors import OptionError
from rummyrules.core.hands import hand_after, sorted_hand
from rummyrules.core.inputs import brief
from rummyrules.game import rummy500, rummy500_melding
from rummyrules.game.dealing import rebuilt_stock
from rummyrules.game.machine import Kind, Machine, PhaseRules, Refusal, Test, refuse
from rummyrules.game.moves import Discard, Draw, LayOff, Move, NewMeld, Take, take_of
from rummyrules.game.state import GameState, Phase, PlayableRules
from rummyrules.game.turns import discard_options, name_discard
from rummyrules.games.end_of_the_page.state import (
    EndOfThePageState,
    EndOfThePageTurn,
    options,
)
from rummyrules.melds import search as meld_search

__all__ = ["MACHINE", "deal", "hand_size", "new_game", "with_page"]

State = EndOfThePageState

_SIZES: Final = {Rank.JACK: 11, Rank.QUEEN: 12, Rank.KING: 13, Rank.ACE: 14}


def hand_size(card: Card) -> int:
    """How many cards a flipped card deals (EOP-2): 3 to 10 face value, J 11 … A 14.

    >>> hand_size(Card.parse("7H")), hand_size(Card.parse("AS"))
    (7, 14)
    """
    if card.rank is None:  # pragma: no cover - End of the Page has no WILDCARDs
        raise OptionError("a WILDCARD deals no hand in End of the Page")
    return _SIZES.get(card.rank, int(card.rank))


# --- The deal -------------------------------------------------------------------


def new_game(
    rules: PlayableRules[Any],
    *,
    seed: int = 0,
    deck: Sequence[Card] | None = None,
    dealer: int = 0,
) -> State:
    """Deal the first round, from the seed or from a whole stacked deck (top first).

    >>> from rummyrules import EndOfThePage
    >>> new_game(EndOfThePage(), seed=8) == EndOfThePage().new_game(seed=8)
    True
    """
    first = rummy500.start(rules, deal, seed=seed, deck=deck, dealer=dealer)
    if not isinstance(first, State):  # pragma: no cover - deal makes this game's state
        raise TypeError(first)
    return first


def deal(
    rules: Any,
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
    page: dict[str, Any] = {"rounds": rounds}
    state = state.replace(rules=attrs.evolve(state.rules, **page))
    if state.is_over and rounds > len(state.score_sheet):
        following = rummy500.next_round(state, deal)
        if not isinstance(
            following, State
        ):  # pragma: no cover - deal makes this game's state
            raise TypeError(following)
        return following
    return state


# --- The draw (EOP-5, EOP-6) -----------------------------------------------------


def _take_options(state: State, player: int) -> list[Take]:
    pile = state.discard_pile
    found = [take_of(None)] if pile else []
    found += [take_of(card) for card in dict.fromkeys(pile[1:]) if card != pile[0]]
    del player
    return found


def _name_take(state: State, move: Take, player: int) -> list[Take]:
    del player
    pile = state.discard_pile
    if not pile:
        raise refuse("the discard pile is empty", "EOP-5")
    if move.card is None or move.card == pile[0]:
        return [Take()]
    if move.card not in pile:
        raise refuse(f"there is no {move.card} in the discard pile", "EOP-5")
    return [move]


def _floating_take(state: State) -> Test[Take] | None:
    """EOP-R3 with EOP-13: a floating player who may not discard the card taken must play it."""
    player = state.to_move
    if player is None or state.hands[player] or not state.discard_pile:
        return None
    top = state.discard_pile[0]
    if options(state).discard_taken_card or _can_lay_off(state, player, top):
        return None
    refusal = Refusal(
        f"with no cards in hand you could neither play {top} nor discard it again, "
        "so you may not take it",
        "EOP-R3",
    )
    return lambda move: refusal if move.card is None else None


def _deep_pickup(state: State) -> Test[Take] | None:
    """EOP-6: a card below the top is taken only with two natural cards that meld with it."""
    if len(state.discard_pile) < 2:
        return None
    supported = _pickup_test(state)

    def test(move: Take) -> Refusal | None:
        if move.card is None or supported(move.card):
            return None
        return Refusal(
            f"to take {move.card} from below the top of the pile you must hold two "
            "natural cards that make a set or run with it",
            "EOP-6",
        )

    return test


def _pickup_test(state: State) -> Callable[[Card], bool]:
    """EOP-6 for many cards at once: do two natural cards in hand meld with it?

    Two naturals make a meld with a natural card exactly when they share its
    rank, or sit beside it in its suit; wild cards take the slower full test.
    """
    meld_rules = state.rules.meld_rules
    player = state.to_move or 0
    naturals = [c for c in state.hands[player] if not melds.is_wild(c, state.wild)]
    ranks = Counter(card.rank for card in naturals)
    places: dict[Suit | None, set[int]] = {}
    for card in naturals:
        if card.rank is not None:
            places.setdefault(card.suit, set()).update(meld_rules.places[card.rank])

    def supported(card: Card) -> bool:
        if card.rank is None or melds.is_wild(card, state.wild):
            return _pair_for(card, naturals, state) is not None
        if ranks[card.rank] >= 2:
            return True
        held = places.get(card.suit, set())
        return any(
            {p - 2, p - 1} <= held or {p - 1, p + 1} <= held or {p + 1, p + 2} <= held
            for p in meld_rules.places[card.rank]
        )

    return supported


def _pair_for(
    card: Card, naturals: Sequence[Card], state: State
) -> tuple[Card, Card] | None:
    """Two of these natural cards that make a meld with the card, if any."""
    meld_rules = state.rules.meld_rules
    # Only cards of the card's rank or suit can meld with it (any, for a wild).
    wild = melds.is_wild(card, state.wild)
    near = [c for c in naturals if wild or c.rank is card.rank or c.suit is card.suit]
    distinct = sorted_hand(set(near))
    counts = Counter(near)
    for i, first in enumerate(distinct):
        for second in distinct[i:]:
            if first == second and counts[first] < 2:
                continue
            if melds.readings((card, first, second), meld_rules, wild=state.wild):
                return first, second
    return None


# --- Plays (EOP-6 … EOP-12) -------------------------------------------------------


def _pickup_meld(state: State) -> Test[NewMeld] | None:
    """EOP-6: after a deep pickup, the new meld holds the card and two naturals held before."""
    taken = state.turn.must_meld
    if taken is None:
        return None
    support = Counter(state.turn.support)
    refusal = _pickup_pending(state, state.to_move or 0)

    def test(move: NewMeld) -> Refusal | None:
        if taken in move.cards:
            rest = list(move.cards)
            rest.remove(taken)
            if sum((Counter(rest) & support).values()) >= 2:
                return None
        return refusal

    return test


def _pickup_pending(state: State, player: int) -> Refusal | None:
    """EOP-6: until the card taken from deep in the pile is melded, nothing else is played."""
    del player
    taken = state.turn.must_meld
    if taken is None:
        return None
    return Refusal(
        f"you took {taken} from deep in the discard pile, so you must now lay it "
        "in a new meld with two natural cards you held",
        "EOP-6",
    )


def _down(state: State, player: int) -> Refusal | None:
    """EOP-9: a player lays off only once they have a meld of their own this round."""
    if state.melded[player]:
        return None
    return Refusal(
        "you have not melded yet this round, so you cannot lay off on a meld", "EOP-9"
    )


def _no_stranding(state: State) -> Test[NewMeld | LayOff] | None:
    """EOP-R3 with ALL-2: a play may not leave the player with no move at all.

    Under the option that forbids discarding the card just taken, melding or
    laying off every other card could leave only that card, which may not be
    discarded and may not fit anywhere: such a play is not allowed.
    """
    turn = state.turn
    taken = turn.taken
    if taken is None or turn.held_copy or options(state).discard_taken_card:
        return None
    player = state.to_move or 0

    def test(move: NewMeld | LayOff) -> Refusal | None:
        after = _meld(state, move) if isinstance(move, NewMeld) else _lay(state, move)
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


def _taken_discard(state: State) -> Test[Discard] | None:
    """EOP-R3: under the option, the card just taken from the pile is not discarded again."""
    turn = state.turn
    taken = turn.taken
    if taken is None or turn.held_copy or options(state).discard_taken_card:
        return None
    refusal = Refusal(
        f"you took {taken} from the discard pile this turn, and these rules do "
        "not let you discard it again",
        "EOP-R3",
    )
    return lambda move: refusal if move.card == taken else None


def _last_card(state: State) -> Test[Discard] | None:
    """EOP-12: a last card that can be laid off must be played, not discarded."""
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
    if not state.melded[player]:
        return False
    meld_rules, wild = state.rules.meld_rules, state.wild
    return any(
        meld_search.layoff_options(card, meld.meld, meld_rules, wild)
        for meld in state.melds
    )


# --- What each move does ----------------------------------------------------------


def _draw(state: State, move: Draw) -> State:
    del move
    if not state.stock:
        state = rebuilt_stock(state, options(state).stock_out)
        if not state.stock:
            return _end_round(state)  # EOP-R4: nothing left to draw
    player = state.to_move or 0
    hands = list(state.hands)
    hands[player] = hand_after(hands[player], add=state.stock[:1])
    return _begin_play(
        state, EndOfThePageTurn(), hands=tuple(hands), stock=state.stock[1:]
    )


def _take(state: State, move: Take) -> State:
    player = state.to_move or 0
    pile = state.discard_pile
    hand = state.hands[player]
    depth = 0 if move.card is None else pile.index(move.card)
    taken = pile[depth]
    if depth == 0:
        into_hand, left = [taken], pile[1:]
        turn = EndOfThePageTurn(taken=taken, held_copy=taken in hand)
    else:
        if options(state).take_cards_above:  # EOP-R2
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


def _meld(state: State, move: NewMeld) -> State:
    after = rummy500_melding.play_meld(state, move, state.to_move or 0)
    if after.turn.must_meld is not None:  # EOP-6 is met
        after = after.replace(turn=attrs.evolve(after.turn, must_meld=None))
    return _after_play(after)


def _lay(state: State, move: LayOff) -> State:
    return _after_play(rummy500_melding.lay_off(state, move, state.to_move or 0))


def _after_play(state: State) -> State:
    """A meld or lay-off that empties the hand leaves the player floating (EOP-13)."""
    if state.hands[state.to_move or 0]:
        return state
    return _end_turn(state)


def _discard(state: State, move: Discard) -> State:
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
    limit = options(state).max_turns
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
    state = rummy500.add_row(state, rummy500.round_scores(state))
    if len(state.score_sheet) >= options(state).rounds:
        return state.replace(phase=Phase.OVER, to_move=None, turn=EndOfThePageTurn())
    following = rummy500.next_round(state, deal)
    if not isinstance(
        following, State
    ):  # pragma: no cover - deal makes this game's state
        raise TypeError(following)
    return following


# --- The machine ------------------------------------------------------------------


def _draw_first(state: GameState, move: Move) -> Refusal:
    del state, move
    return Refusal("draw first: a turn begins with 'draw' or 'take'", "EOP-5")


def _drawn_already(state: GameState, move: Move) -> Refusal:
    del state, move
    return Refusal("you have drawn already this turn", "EOP-5")


MACHINE: Final = Machine[State](
    game="End of the Page",
    phases={
        Phase.DRAW: PhaseRules(
            kinds=(
                Kind.single(
                    Draw,
                    play=_draw,
                ),
                Kind(
                    move=Take,
                    options=_take_options,
                    name=_name_take,
                    play=_take,
                    checks=(_floating_take, _deep_pickup),
                ),
            ),
            refuse=_draw_first,
        ),
        Phase.PLAY: PhaseRules(
            kinds=(
                Kind(
                    move=NewMeld,
                    options=rummy500_melding.meld_options,
                    name=rummy500_melding.name_meld,
                    play=_meld,
                    checks=(_pickup_meld, _no_stranding),
                ),
                Kind(
                    move=LayOff,
                    options=rummy500_melding.lay_off_options,
                    name=rummy500_melding.name_lay_off,
                    play=_lay,
                    gates=(_pickup_pending, _down),
                    checks=(_no_stranding,),
                ),
                Kind(
                    move=Discard,
                    options=discard_options,
                    name=name_discard,
                    play=_discard,
                    gates=(_pickup_pending,),
                    checks=(_taken_discard, _last_card),
                ),
            ),
            refuse=_drawn_already,
        ),
    },
)
"""The one turn machine every End of the Page game uses."""
