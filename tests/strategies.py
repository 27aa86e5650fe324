"""Hypothesis strategies: cards, card text, wild ranks, hands, tables and games.

Hands are small and biased towards near-melds (neighbours of one suit, cards
of one rank, wild cards), so that valid melds are common, and they hold
duplicate cards where the variant's deck has several packs. Games are random
legal play from a seeded deal, out-of-turn moves included.
"""

from __future__ import annotations

import functools
import json
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import attrs
from hypothesis import assume
from hypothesis import strategies as st

import oracle
from rummyrules import (
    WILDCARD,
    Card,
    EndOfThePage,
    FourteenHundred,
    GameState,
    GinRummy,
    GoingOut,
    GoingOutRummy,
    GoingOutState,
    Match,
    Meld,
    Phase,
    PlayableRules,
    Rank,
    Rules,
    StockOut,
    Suit,
    dumps,
)
from rummyrules.bots import GreedyBot
from rummyrules.bots.fast_path import kept_actions
from rummyrules.game.moves import (
    Discard,
    Done,
    Draw,
    LayOff,
    Move,
    NewMeld,
    Pass,
    Take,
)
from rummyrules.game.registry import parse_rules
from rummyrules.games.fourteen_hundred.state import Claim
from rummyrules.games.going_out.state import Drop, GoOut
from rummyrules.melds.search import find_melds
from transcripts import rules_lines

STANDARD_CARDS = tuple(Card(rank=rank, suit=suit) for suit in Suit for rank in Rank)
ALL_CARDS = (*STANDARD_CARDS, WILDCARD)

RANK_SPELLINGS: dict[Rank, tuple[str, ...]] = {
    rank: (
        {Rank.ACE: "A", Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K"}.get(
            rank, str(rank.value)
        ),
    )
    for rank in Rank
}
RANK_SPELLINGS[Rank.TEN] = ("10", "T")
SUIT_SPELLINGS: dict[Suit, tuple[str, ...]] = {
    Suit.SPADES: ("S", "♠", "♤"),
    Suit.HEARTS: ("H", "♥", "♡"),
    Suit.DIAMONDS: ("D", "♦", "♢"),
    Suit.CLUBS: ("C", "♣", "♧"),
}
VALID_TOKENS = frozenset(
    rank_text + suit_text
    for rank in Rank
    for rank_text in RANK_SPELLINGS[rank]
    for suit in Suit
    for suit_text in SUIT_SPELLINGS[suit]
) | {"*"}
"""Every card text, upper case: the rule book's spellings (MELD-1)."""

S = TypeVar("S", bound=GameState)


@dataclass(frozen=True)
class Variant:
    """A rules object to test, with its oracle spec and its wild ranks."""

    name: str
    rules: Rules
    spec: oracle.Spec
    wild_ranks: tuple[Rank | None, ...]

    def __str__(self) -> str:
        return self.name


_EOP_WILDS = tuple(Rank(value) for value in range(3, 14))  # EOP-3: never A, no 2s

EOP = Variant("EOP", EndOfThePage(), oracle.EOP, _EOP_WILDS)
EOP_TWO_DECKS = Variant("EOP-2-decks", EndOfThePage(players=4), oracle.EOP, _EOP_WILDS)
F14 = Variant("F14", FourteenHundred(), oracle.F14, tuple(Rank))  # F14-4: any rank
F14_ALL_WILD = Variant(
    "F14-all-wild",
    FourteenHundred(all_wild_melds=True),
    oracle.F14_ALL_WILD,
    tuple(Rank),
)
GOR = Variant("GOR", GoingOutRummy(wildcards=9), oracle.GOR, (None,))  # MELD-4

CHECK_VARIANTS = (EOP, F14, F14_ALL_WILD, GOR)
"""The rules objects whose check_meld is tested (F14's default has two decks)."""
SEARCH_VARIANTS = (EOP_TWO_DECKS, F14, F14_ALL_WILD, GOR)
"""The same games, each with several packs, so hands hold duplicate cards."""


@functools.cache
def deck_counts(rules: Rules) -> dict[Card, int]:
    """How many copies of each card the rules' deck holds."""
    return dict(Counter(rules.deck()))


def cards(*, wildcard: bool = True) -> st.SearchStrategy[Card]:
    """Any card, the WILDCARD included unless told otherwise."""
    return st.sampled_from(ALL_CARDS if wildcard else STANDARD_CARDS)


def wild_ranks(variant: Variant) -> st.SearchStrategy[Rank | None]:
    """A wild rank the variant allows: EOP 3–K, F14 any rank, GOR none."""
    return st.sampled_from(variant.wild_ranks)


@st.composite
def _case(draw: st.DrawFn, text: str) -> str:
    return "".join(
        char.lower() if draw(st.booleans()) else char.upper() for char in text
    )


@st.composite
def card_texts(draw: st.DrawFn, card: Card) -> str:
    """Some way to write the card: any case, T or 10, letter or sign, spaces."""
    if card.rank is None or card.suit is None:
        text = "*"
    else:
        rank = draw(st.sampled_from(RANK_SPELLINGS[card.rank]))
        suit = draw(st.sampled_from(SUIT_SPELLINGS[card.suit]))
        text = draw(_case(rank + suit))
    space = st.sampled_from(["", " ", "\t", "  "])
    return draw(space) + text + draw(space)


_NEAR_MISSES = (
    "1S", "11S", "0H", "01H", "AX", "A", "S", "10", "TT", "KK", "**", "*S",
    "2", "Z", "JOKER", "A♠♠", "♠A", "SA", "100S", "1", "X9", "9", "=",
)  # fmt: skip


def bad_tokens() -> st.SearchStrategy[str]:
    """Text with no space or comma in it that is no card."""
    alphabet = st.sampled_from("AaTtJjQqKkSsHhDdCcXxZz0123456789*=.-+!?♠♥♦♣♤♡♢♧")
    return st.one_of(
        st.sampled_from(_NEAR_MISSES), st.text(alphabet, min_size=1, max_size=4)
    ).filter(lambda token: token.upper() not in VALID_TOKENS)


@dataclass(frozen=True)
class _Pools:
    """The strategies a hand draws from, built once per deck and wild rank."""

    copies: dict[Card, int]
    ladder: tuple[Rank, ...]
    naturals: st.SearchStrategy[Card]
    wilds: st.SearchStrategy[list[Card]] | None
    only_wilds: st.SearchStrategy[list[Card]] | None
    ranks: st.SearchStrategy[Rank]
    starts: st.SearchStrategy[int]


@functools.cache
def _pools(variant: Variant, wild: Rank | None, max_wilds: int) -> _Pools:
    copies = deck_counts(variant.rules)
    naturals = [card for card in copies if not oracle.is_wild(card, wild)]
    wilds = [card for card in copies if oracle.is_wild(card, wild)]
    return _Pools(
        copies=copies,
        ladder=variant.spec.ladder,
        naturals=st.sampled_from(naturals),
        wilds=st.lists(st.sampled_from(wilds), max_size=max_wilds) if wilds else None,
        only_wilds=(
            st.lists(st.sampled_from(wilds), min_size=max_wilds, max_size=max_wilds)
            if wilds and max_wilds >= 3
            else None
        ),
        ranks=st.sampled_from(sorted({c.rank for c in naturals if c.rank is not None})),
        starts=st.integers(0, len(variant.spec.ladder) - 2),
    )


_PIECES = st.integers(1, 3)
_ONE_IN_EIGHT = st.integers(0, 7).map(lambda n: n == 7)
_KINDS = st.sampled_from(["run", "set", "loose"])
_SUITS = st.sampled_from(Suit)
_RUN_LENGTHS = st.integers(2, 5)
_HOLES = st.sets(st.integers(0, 4), max_size=2)
_SET_SUITS = st.lists(_SUITS, min_size=2, max_size=4)


@st.composite
def hands(
    draw: st.DrawFn,
    variant: Variant,
    wild: Rank | None,
    *,
    min_size: int = 3,
    max_size: int = 8,
    max_wilds: int = 3,
) -> tuple[Card, ...]:
    """A small hand from the variant's deck, in any order, near to melds.

    It is built from one to three pieces (part of a run with holes, cards of
    one rank, loose cards), then some wild cards, cut to size. Now and then
    it is wild cards only.
    """
    pools = _pools(variant, wild, max_wilds)
    pieces: list[Card] = []
    if pools.only_wilds is not None and draw(_ONE_IN_EIGHT):
        pieces += draw(pools.only_wilds)
    else:
        pieces += _near_melds(draw, pools)
    hand: list[Card] = []
    for card in draw(st.permutations(pieces)):
        if len(hand) < max_size and _fits(card, hand, pools.copies, wild, max_wilds):
            hand.append(card)
    while len(hand) < min_size:
        card = draw(pools.naturals)
        if _fits(card, hand, pools.copies, wild, max_wilds):
            hand.append(card)
    return tuple(hand)


def _near_melds(draw: st.DrawFn, pools: _Pools) -> list[Card]:
    """One to three pieces of melds, then some wild cards."""
    pieces: list[Card] = []
    for _ in range(draw(_PIECES)):
        kind = draw(_KINDS)
        if kind == "run":
            suit = draw(_SUITS)
            start = draw(pools.starts)
            ranks = pools.ladder[start : start + draw(_RUN_LENGTHS)]
            holes = draw(_HOLES)
            pieces += [
                Card(rank=rank, suit=suit)
                for i, rank in enumerate(ranks)
                if i not in holes
            ]
        elif kind == "set":
            rank = draw(pools.ranks)
            pieces += [Card(rank=rank, suit=suit) for suit in draw(_SET_SUITS)]
        else:
            pieces += [draw(pools.naturals) for _ in range(draw(_PIECES))]
    if pools.wilds is not None:
        pieces += draw(pools.wilds)
    return pieces


def _fits(
    card: Card,
    hand: list[Card],
    copies: dict[Card, int],
    wild: Rank | None,
    max_wilds: int,
) -> bool:
    """Whether the deck has another copy of the card (and, for a wild, room)."""
    if hand.count(card) >= copies.get(card, 0):
        return False
    if oracle.is_wild(card, wild):
        return sum(oracle.is_wild(held, wild) for held in hand) < max_wilds
    return True


GIN_HAND_MOST = 11
"""A Gin Rummy hand just after drawing: 10 cards and the one drawn (GIN-1, GIN-5)."""


@st.composite
def gin_hands(draw: st.DrawFn, *, min_size: int = 0) -> tuple[Card, ...]:
    """Distinct cards from one 52-card deck (GIN-1), ``min_size`` to 11 of them.

    Half the hands are drawn from a few ranks in a row, all four suits, so
    that sets and runs share cards and the best arrangement is a choice;
    the others from the whole deck.
    """
    pool: tuple[Card, ...] = STANDARD_CARDS
    if draw(st.booleans()):
        low = draw(st.integers(min_value=1, max_value=11))
        high = draw(st.integers(min_value=low + 2, max_value=min(13, low + 4)))
        pool = tuple(
            card for card in STANDARD_CARDS if card.rank and low <= card.rank <= high
        )
    chosen = draw(
        st.lists(
            st.sampled_from(pool),
            unique=True,
            min_size=min_size,
            max_size=min(GIN_HAND_MOST, len(pool)),
        )
    )
    return tuple(chosen)


@st.composite
def table_melds(
    draw: st.DrawFn, variant: Variant, wild: Rank | None
) -> tuple[Meld, tuple[Card, ...]]:
    """A valid meld on the table (one the search finds), and the cards left.

    The cards left are the deck's copies not in the meld, so that a lay-off
    hand drawn from them could be real.
    """
    hand = draw(hands(variant, wild, min_size=3, max_size=7))
    found = find_melds(hand, variant.rules.meld_rules, wild=wild)
    assume(found)
    meld = draw(st.sampled_from(found))
    left = Counter(deck_counts(variant.rules))
    left.subtract(meld.cards)
    return meld, tuple(card for card in left if left[card] > 0)


@st.composite
def layoff_hands(
    draw: st.DrawFn,
    wild: Rank | None,
    meld: Meld,
    left: tuple[Card, ...],
) -> tuple[Card, ...]:
    """One to five cards, most of them near the meld: its rank, its ends, wilds."""
    in_meld: set[Rank] = set()
    for card, meaning in zip(meld.cards, meld.stands_for, strict=True):
        shown = card if meaning is None else meaning
        rank = shown if isinstance(shown, Rank) else shown.rank
        if rank is not None:
            in_meld.add(rank)
    near_ranks = {
        rank for rank in Rank if any(abs(rank - other) <= 1 for other in in_meld)
    } | {Rank.ACE, Rank.KING}
    near = [card for card in left if card.rank in near_ranks]
    wilds = [card for card in left if oracle.is_wild(card, wild)]
    pool = st.one_of([st.sampled_from(cards) for cards in (near, wilds, left) if cards])
    return tuple(draw(st.lists(pool, min_size=1, max_size=5)))


@st.composite
def long_melds(
    draw: st.DrawFn, variant: Variant, wild: Rank | None
) -> tuple[Card, ...]:
    """Cards for one long meld, in any order, perhaps spoiled.

    A run of 8 places up to the whole ladder (both Aces in Going Out Rummy),
    or a set of 5 to 9 cards, with up to three cards (often the ends)
    swapped for wilds and perhaps one stray card added.
    """
    pools = _pools(variant, wild, 3)
    ladder = pools.ladder
    if draw(st.booleans()):
        longest = st.sampled_from(sorted({len(ladder), len(set(ladder))}))
        size = draw(st.one_of(longest, st.integers(8, len(ladder))))
        start = draw(st.integers(0, len(ladder) - size))
        suit = draw(_SUITS)
        cards = [Card(rank=rank, suit=suit) for rank in ladder[start : start + size]]
    else:
        rank = draw(pools.ranks)
        cards = [Card(rank=rank, suit=suit) for suit in draw(_LONG_SET_SUITS)]
    if pools.wilds is not None and draw(st.booleans()):
        for wild_card in draw(pools.wilds):
            ends = st.sampled_from([0, len(cards) - 1])
            place = st.one_of(ends, st.integers(0, len(cards) - 1))
            cards[draw(place)] = wild_card
    if draw(st.integers(0, 3)) == 0:
        cards.append(draw(pools.naturals))
    kept: list[Card] = []
    for card in cards:  # no more copies than the deck holds
        if kept.count(card) < pools.copies.get(card, 0):
            kept.append(card)
    return tuple(draw(st.permutations(kept)))


_LONG_SET_SUITS = st.lists(_SUITS, min_size=5, max_size=9)


_DECLARE_WILD = st.integers(0, 2).map(lambda n: n > 0)
_DECLARE_NATURAL = st.integers(0, 31).map(lambda n: n == 31)
_RANK_OR_CARD = st.booleans()


@st.composite
def declared_melds(
    draw: st.DrawFn, variant: Variant, wild: Rank | None
) -> oracle.Given:
    """Cards for one meld as a player might write them, declarations and all.

    The cards are a small hand or a long meld, spoiled or not. Most wild
    cards are declared, as a rank or as a card, near the natural cards'
    ranks and of their suits, so that many declarations fit and many do not;
    now and then a natural card is declared too (MELD-5).
    """
    cards = draw(
        st.one_of(
            hands(variant, wild, min_size=1, max_size=7),
            long_melds(variant, wild),
        )
    )
    shown = [card for card in cards if not oracle.is_wild(card, wild)]
    near = sorted(
        {
            Rank(value)
            for card in shown
            if card.rank is not None
            for value in range(card.rank - 2, card.rank + 3)
            if 1 <= value <= 13
        }
        | {Rank.ACE, Rank.TWO, Rank.KING}
    )
    suits = sorted({card.suit for card in shown if card.suit}, key=list(Suit).index)
    ranks = st.sampled_from(near)
    in_suit = st.sampled_from(suits or list(Suit))
    given: list[tuple[Card, oracle.Meaning]] = []
    for card in cards:
        declare = _DECLARE_WILD if oracle.is_wild(card, wild) else _DECLARE_NATURAL
        meaning: oracle.Meaning = None
        if draw(declare):
            rank = draw(ranks)
            meaning = (
                rank if draw(_RANK_OR_CARD) else Card(rank=rank, suit=draw(in_suit))
            )
        given.append((card, meaning))
    return tuple(given)


def declared_text(given: oracle.Given) -> str:
    """Cards with their declarations in meld text: ``7S 5H=8S 9S``."""
    return " ".join(
        str(card) if meaning is None else f"{card}={meaning}" for card, meaning in given
    )


# --- Moves (the move notation) ---------------------------------------------

_players = st.none() | st.integers(min_value=0, max_value=9)
_cards = st.sampled_from(ALL_CARDS)
_meanings = st.none() | st.sampled_from(STANDARD_CARDS) | st.sampled_from(list(Rank))
_meld_numbers = st.integers(min_value=1, max_value=40)


@st.composite
def new_melds(draw: st.DrawFn, *, player: bool = True) -> NewMeld:
    cards = draw(st.lists(_cards, min_size=1, max_size=8))
    declared = draw(st.lists(_meanings, min_size=len(cards), max_size=len(cards)))
    return NewMeld(
        player=draw(_players) if player else None,
        cards=tuple(cards),
        declared=tuple(declared),
    )


def moves() -> st.SearchStrategy[Move]:
    """Any move at all, legal or not: for the notation's round trip."""
    return st.one_of(
        st.builds(Draw, player=_players),
        st.builds(Take, player=_players, card=st.none() | _cards),
        new_melds(),
        st.builds(
            LayOff, player=_players, card=_cards, declared=_meanings, meld=_meld_numbers
        ),
        st.builds(Discard, player=_players, card=_cards),
        st.builds(Pass, player=_players),
        st.builds(
            Claim, player=_players, card=_cards, declared=_meanings, meld=_meld_numbers
        ),
        st.builds(
            GoOut,
            player=_players,
            melds=st.lists(new_melds(player=False), min_size=1, max_size=4).map(tuple),
            discard=st.none() | _cards,
        ),
        st.builds(Drop, player=_players),
        st.builds(Done, player=_players),
    )


# --- Games -------------------------------------------------------------------


@st.composite
def eop_tables(draw: st.DrawFn) -> EndOfThePage:
    """End of the Page rules for 2 to 6 players, any options, short rounds."""
    players = draw(st.integers(min_value=2, max_value=6))
    decks = draw(st.sampled_from([1, 2] if players <= 3 else [2]))
    return EndOfThePage(
        players=players,
        decks=decks,
        rounds=draw(st.integers(min_value=1, max_value=2)),
        take_cards_above=draw(st.booleans()),
        discard_taken_card=draw(st.booleans()),
        stock_out=draw(st.sampled_from(["end_round", "reshuffle", "flip"])),
        max_turns=draw(st.sampled_from([None, 6, 30])),
    )


seeds = st.integers(min_value=0, max_value=2**128)
"""Seeds up to 128 bits, as big as the game server's (``new_seed``)."""

table_ids = st.text(
    st.characters(codec="utf-8", exclude_characters='";{}'), min_size=1, max_size=24
).filter(lambda text: text == text.strip() and text.isprintable())
"""Table ids a record's ``[Table]`` tag carries: printable, no quote, ``;`` or brace, no spaces at the ends."""


@st.composite
def f14_tables(draw: st.DrawFn) -> FourteenHundred:
    """1400 rules for 2 to 6 players, any options, a low target so games end."""
    players = draw(st.integers(min_value=2, max_value=6))
    decks = draw(st.sampled_from([1, 2] if players <= 3 else [2]))
    return FourteenHundred(
        players=players,
        decks=decks,
        ace_hand_size=draw(st.sampled_from([15, 16])),
        wild_card_dealt=draw(st.booleans()),
        pass_freely=draw(st.booleans()),
        lay_off_needs_meld=draw(st.booleans()),
        all_wild_melds=draw(st.booleans()),
        stock_out=draw(st.sampled_from(["end_round", "reshuffle", "flip"])),
        target=draw(st.sampled_from([200, 1400])),
        max_turns=draw(st.sampled_from([None, 6, 30])),
    )


@st.composite
def gor_tables(draw: st.DrawFn) -> GoingOutRummy:
    """Going Out Rummy rules for 2 to 10 players, any options, often a turn limit."""
    return GoingOutRummy(
        players=draw(st.integers(min_value=2, max_value=10)),
        hand_size=draw(st.integers(min_value=2, max_value=10)),
        wildcards=draw(st.integers(min_value=0, max_value=9)),
        going_out=draw(st.sampled_from(GoingOut)),
        last_player_wins=draw(st.booleans()),
        max_turns=draw(st.none() | st.integers(min_value=5, max_value=60)),
    )


def tables() -> st.SearchStrategy[EndOfThePage | FourteenHundred | GoingOutRummy]:
    """Rules of every variant that can be played, with their options."""
    return st.one_of(eop_tables(), f14_tables(), gor_tables())


DROP_ODDS = 60
"""Random play drops a player out about once in this many moves (GOR-10).

Any player may drop at any time, so drops are listed at every step; picked
as often as other moves, they would end most games within a few turns.
"""


def random_move(game: GameState, rng: random.Random) -> Move:
    """A random legal move: the mover's, or one another player may make now.

    Drops are picked only now and then (:data:`DROP_ODDS`). Hypothesis's
    random favours small numbers, so the rare pick is the top one.
    """
    every = [*game.legal_moves()]
    every += [
        move
        for player in range(game.players)
        if player != game.to_move
        for move in game.legal_moves(player=player)
    ]
    drops = [move for move in every if isinstance(move, Drop)]
    rest = [move for move in every if not isinstance(move, Drop)]
    if drops and (not rest or rng.randrange(DROP_ODDS) == DROP_ODDS - 1):
        return rng.choice(drops)
    return rng.choice(rest)


def random_play(game: S, rng: random.Random, steps: int) -> list[S]:
    """Every state of random legal play from this one, at most ``steps`` moves.

    The moves are applied by the public face (``apply``): the fast path's
    conformance tests walk here to compare it with the turn machine.
    """
    states = [game]
    for _ in range(steps):
        if game.is_over:
            break
        game = game.apply(random_move(game, rng))
        states.append(game)
    return states


def random_action(game: GameState, rng: random.Random) -> tuple[int | None, int]:
    """:func:`random_move` on the fast path: the same choice, as the seat moving out of turn (or None) and an action.

    The same lists in the same order, by action (``kept_actions`` follows
    the listing's order), so the same draws of ``rng`` pick the same move.
    """
    mover = game.to_move
    seats = [None, *(p for p in range(game.players) if p != mover)]
    rest = [(seat, a) for seat in seats for a in kept_actions(game, seat)]
    kept = set(rest)
    drops = [
        (seat, a)
        for seat in seats
        for a in game.legal_actions(seat)
        if (seat, a) not in kept
    ]
    if drops and (not rest or rng.randrange(DROP_ODDS) == DROP_ODDS - 1):
        return rng.choice(drops)
    return rng.choice(rest)


def fast_play(game: S, rng: random.Random, steps: int) -> list[S]:
    """:func:`random_play` on the fast path (``apply_action``): the same states, equal, from the same ``rng``."""
    states = [game]
    for _ in range(steps):
        if game.is_over:
            break
        seat, action = random_action(game, rng)
        game = game.apply_action(action, player=seat)
        states.append(game)
    return states


def stock_moves(game: S, rng: random.Random, moves: int) -> S:
    """Quick moves of Going Out Rummy: draw from the stock, discard a random card.

    The moves are legal ones (a take only when the stock is empty), made
    through ``apply`` (which keeps what everyone knows of the hands), so that
    a game wears its stock down (GOR-9) in a few milliseconds.
    """
    for _ in range(moves):
        player = game.to_move
        if player is None:
            break
        if game.phase == Phase.DRAW:
            game = game.apply(Draw() if game.stock else Take())
        else:
            game = game.apply(Discard(card=rng.choice(game.hand(player))))
    return game


@st.composite
def gor_games(draw: st.DrawFn, *, max_steps: int = 30) -> GoingOutState:
    """A Going Out Rummy game after random legal play (perhaps over).

    Some random moves of every kind; then often quick turns that wear the
    stock down to a few cards or none (through every
    :class:`~rummyrules.StockSize`), or on past a reshuffle (GOR-9); then a
    few random moves more.
    """
    rules = draw(gor_tables())
    # The stock to leave, if it is worn down; below 0, that many turns past empty.
    left = draw(st.none() | st.just(0) | st.integers(min_value=-30, max_value=40))
    if left is not None:
        rules = attrs.evolve(rules, max_turns=None)
    rng = draw(st.randoms(use_true_random=False))
    game = rules.new_game(seed=draw(seeds))
    game = random_play(game, rng, draw(st.integers(0, max_steps)))[-1]
    if left is not None:
        # A turn is two moves; an odd count stops after a draw. One draw seeds
        # the quick moves, so that a long game stays within Hypothesis's budget.
        moves = 2 * (len(game.stock) - left) + draw(st.integers(0, 1))
        game = stock_moves(game, random.Random(draw(seeds)), moves)
    return random_play(game, rng, draw(st.integers(0, 6)))[-1]


@st.composite
def dealer_decks(draw: st.DrawFn, rules: GoingOutRummy) -> tuple[Card, ...]:
    """A whole deck order for the draw for first dealer (GOR-2), top card first.

    Its top cards often look alike (a few ranks in a suit or two, and the
    WILDCARDs), so that ties, identical cards and WILDCARDs to deal past are
    common; the rest is shuffled.
    """
    left = Counter(rules.deck())
    ranks = draw(st.lists(st.sampled_from(Rank), min_size=1, max_size=2, unique=True))
    suits = draw(st.lists(_SUITS, min_size=1, max_size=2, unique=True))
    pool = [Card(rank=rank, suit=suit) for rank in ranks for suit in suits]
    if rules.wildcards:
        pool.append(WILDCARD)
    top: list[Card] = []
    for card in draw(st.lists(st.sampled_from(pool), max_size=3 * rules.players)):
        if left[card] > 0:
            left[card] -= 1
            top.append(card)
    rest = list(left.elements())
    random.Random(draw(seeds)).shuffle(rest)
    return (*top, *rest)


# --- Saved values and views (test_serialize_*.py, test_views.py) --------------
# One block of its own: games of every variant after random play, and matches.


@st.composite
def walks(
    draw: st.DrawFn,
    rules: st.SearchStrategy[PlayableRules[Any]] | None = None,
    *,
    max_steps: int = 150,
    by_actions: bool = False,
) -> list[GameState]:
    """Every state of random legal play from a seeded deal (rules of any variant by default).

    Out-of-turn moves are included: 1400's claims and Going Out Rummy's drops.
    A seeded :class:`random.Random` picks the moves, and how many, evenly
    (Hypothesis would favour short games), so that long games (later
    rounds, claims, games over) come often and cheaply. ``by_actions``
    plays the same moves on the fast path (:func:`fast_play`).
    """
    table = draw(tables() if rules is None else rules)
    game = table.new_game(seed=draw(seeds))
    rng = random.Random(draw(seeds))
    play = fast_play if by_actions else random_play
    return play(game, rng, rng.randint(0, max_steps))


@st.composite
def gin_tables(draw: st.DrawFn) -> GinRummy:
    """Gin Rummy rules, any options: knock cards down to gin only (GIN-5), short hands, Oklahoma."""
    return GinRummy(
        hand_size=draw(st.sampled_from([10, 10, 7, 4])),
        knock_card=draw(st.sampled_from([10, 10, 7, 3, 0])),
        oklahoma=draw(st.booleans()),
        target=draw(st.sampled_from([None, 40])),
    )


GREED = (0.0, 0.5, 0.9, 1.0)
"""The shares of greedy moves in :func:`bot_walks`: random play seldom knocks (GIN-5)."""


@st.composite
def bot_walks(
    draw: st.DrawFn,
    rules: st.SearchStrategy[PlayableRules[Any]],
    *,
    max_steps: int = 200,
) -> list[GameState]:
    """Every state of play from a seeded deal, each move the greedy bot's or a random one.

    Random play reaches odd corners (out-of-turn claims and drops), greedy
    play the states good play makes (Gin Rummy's knocks): a walk mixes them
    in a share drawn from :data:`GREED`.
    """
    table = draw(rules)
    game = table.new_game(seed=draw(seeds))
    rng = random.Random(draw(seeds))
    greed = draw(st.sampled_from(GREED))
    bot = GreedyBot()
    states = [game]
    for _ in range(max_steps):
        if game.is_over:
            break
        mover = game.to_move
        if mover is not None and rng.random() < greed:
            game = game.apply(bot.choose(game.view(mover)))
        else:
            game = game.apply(random_move(game, rng))
        states.append(game)
    return states


@st.composite
def played_games(
    draw: st.DrawFn,
    rules: st.SearchStrategy[PlayableRules[Any]] | None = None,
    *,
    max_steps: int = 150,
) -> GameState:
    """One state, anywhere along random legal play from a seeded deal."""
    return draw(walks(rules, max_steps=max_steps))[-1]


@st.composite
def ending_tables(
    draw: st.DrawFn,
) -> EndOfThePage | FourteenHundred | GoingOutRummy:
    """Rules of every variant, any options, whose random games mostly end soon.

    Each round has a turn limit, but where the stock ends it anyway (End of
    the Page under ``end_round``) or players drop out (Going Out Rummy); 1400
    has a low target, so that a few rounds reach it.
    """
    rules = draw(tables())
    limit = st.integers(min_value=1, max_value=40)
    if isinstance(rules, FourteenHundred):
        target = draw(st.integers(min_value=1, max_value=400))
        return attrs.evolve(rules, max_turns=draw(limit), target=target)
    if isinstance(rules, EndOfThePage) and rules.stock_out is not StockOut.END_ROUND:
        return attrs.evolve(rules, max_turns=draw(limit))
    return rules


WHOLE_GAME_MOVES = 1500
"""Random play of :func:`whole_games` stops here if the game has not ended."""


@st.composite
def whole_games(draw: st.DrawFn) -> list[GameState]:
    """Every state of random legal play of a game of any variant, to its end.

    The rules are :func:`ending_tables`, the first dealer any player, and
    now and then the deck is stacked; play goes on until the game is over
    (or, rarely, :data:`WHOLE_GAME_MOVES` moves).
    """
    rules = draw(ending_tables())
    dealer = draw(st.integers(min_value=0, max_value=rules.players - 1))
    deck = None
    if draw(st.integers(0, 3)) == 0:
        order = list(rules.deck())
        random.Random(draw(seeds)).shuffle(order)
        deck = order
    game = rules.new_game(seed=draw(seeds), deck=deck, dealer=dealer)
    return random_play(game, random.Random(draw(seeds)), WHOLE_GAME_MOVES)


STRIDE = 25
"""Of a game played at random, :func:`some_states` keeps every this many states."""


def some_states(walk: list[GameState], stride: int = STRIDE) -> list[GameState]:
    """Every ``stride``-th state of random play, its last, and each rarer one.

    The rarer states: a 1400 discard that may be claimed (F14-12), the first
    upcard (F14-6), the last plays after going out (F14-13), a game over.
    """
    # By their text: the opening and the last plays are 1400's own phases.
    rare = {"opening", "last", "over"}
    return [
        game
        for index, game in enumerate(walk)
        if index % stride == 0
        or index == len(walk) - 1
        or getattr(game, "claim", None) is not None
        or game.phase in rare
    ]


def any_games() -> st.SearchStrategy[GameState]:
    """A state of any variant after random play: EOP, 1400, or Going Out Rummy with its stock worn down."""
    return st.one_of(
        played_games(eop_tables()), played_games(f14_tables()), gor_games()
    )


@st.composite
def matches(draw: st.DrawFn, *, max_games: int = 3) -> Match:
    """A Going Out Rummy match after random play through one to ``max_games`` games (GOR-12).

    Each game has a turn limit, so that it ends; a following game may be
    dealt under new options (the same players).
    """
    turns = st.integers(min_value=4, max_value=25)
    rules = attrs.evolve(draw(gor_tables()), max_turns=draw(turns))
    shuffler = draw(st.integers(0, rules.players - 1))
    match = Match.start(rules, seed=draw(seeds), shuffler=shuffler)
    rng = draw(st.randoms(use_true_random=False))
    for number in range(1, max_games + 1):
        for _ in range(draw(st.integers(0, 70))):
            if match.game.is_over:
                break
            match = match.apply(random_move(match.game, rng))
        if number == max_games or not match.game.is_over or match.is_over:
            break
        if draw(st.booleans()):
            new = draw(gor_tables())
            rules = attrs.evolve(new, players=rules.players, max_turns=draw(turns))
        match = match.next_game(rules)
    return match


# --- Game records (tests/formats/test_records.py) ------------------------------


@dataclass(frozen=True)
class RandomGame:
    """A game of random legal play, with all it takes to record it.

    ``states[i]`` is the game after ``i`` moves and after any page change
    made there (EOP-17); ``pages`` holds each change as (moves played, rows).
    """

    rules: EndOfThePage | FourteenHundred | GoingOutRummy
    seed: int
    deck: tuple[Card, ...] | None
    dealer: int
    moves: tuple[Move, ...]
    pages: tuple[tuple[int, int], ...]
    states: tuple[GameState, ...]


PAGE_ODDS = 40
"""Random play of End of the Page changes the page about once in this many moves."""


@st.composite
def random_games(draw: st.DrawFn, *, max_steps: int = 150) -> RandomGame:
    """Random legal play of any variant, from a seed or a stacked deck, any first dealer.

    Out-of-turn moves are included (claims, drops), and in End of the Page
    the page is now and then taped longer or ripped shorter (EOP-17), which
    may also start a game that was over again.
    """
    rules = draw(tables())
    seed = draw(seeds)
    players = rules.players
    dealer = draw(st.integers(min_value=0, max_value=players - 1))
    deck = None
    if draw(st.booleans()):
        order = list(rules.deck())
        random.Random(draw(seeds)).shuffle(order)
        deck = tuple(order)
    rng = draw(st.randoms(use_true_random=False))
    game = rules.new_game(seed=seed, deck=deck, dealer=dealer)
    moves: list[Move] = []
    pages: list[tuple[int, int]] = []
    states = [game]
    whole = draw(st.booleans())  # half the games play on to the end, or max_steps
    steps = max_steps if whole else draw(st.integers(min_value=0, max_value=max_steps))
    for _ in range(steps):
        if isinstance(rules, EndOfThePage) and rng.randrange(PAGE_ODDS) == 0:
            begun = len(game.score_sheet) + (0 if game.is_over else 1)
            rows = rng.randint(max(1, begun), begun + 2)
            game = states[-1] = game.with_page(rows)
            pages.append((len(moves), rows))
        if game.is_over:
            break
        move = random_move(game, rng)
        game = game.apply(move)
        moves.append(move)
        states.append(game)
    return RandomGame(
        rules=rules,
        seed=seed,
        deck=deck,
        dealer=dealer,
        moves=tuple(moves),
        pages=tuple(pages),
        states=tuple(states),
    )


# --- Positions (positions.py) ---------------------------------------------------

_GAPS = st.sampled_from(["", " ", "  ", "\t"])


@st.composite
def respelled_positions(draw: st.DrawFn, text: str) -> str:
    """The same position written another way: sections in any order after the
    rules, any case outside the rules, extra spaces around every separator."""
    rules, *sections = [part.strip() for part in text.split("|")]
    sections = draw(st.permutations(sections))
    written: list[str] = []
    for section in sections:
        chars: list[str] = []
        for char in section:
            if char in "/@=:":
                chars.append(f"{draw(_GAPS)}{char}{draw(_GAPS)}")
            elif char == " ":
                chars.append(" " + draw(_GAPS))
            else:
                chars.append(char.upper() if draw(st.booleans()) else char.lower())
        written.append("".join(chars))
    parts = [" ".join(rules.split()), *written]
    return "|".join(f"{draw(_GAPS)}{part}{draw(_GAPS)}" for part in parts)


# --- End of positions -----------------------------------------------------------


# --- Positions with melds on the table ------------------------------------------

_MELD_POSITIONS = (
    (
        EOP,
        "EndOfThePage | wild {wild} | to_move 0 draw | hands 7D / 4C"
        " | melds {melds} | pile 6C | had_turn 0 1",
    ),
    (
        EOP_TWO_DECKS,
        "EndOfThePage players=4 | wild {wild} | to_move 1 play"
        " | hands 7D / 4C / 9H / KD | melds {melds} | pile 6C | had_turn 0 1 2 3",
    ),
    (
        F14,
        "FourteenHundred | wild {wild} | to_move 2 draw | hands 4C / KC / QD / JH"
        " | melds {melds} | pile 6C",
    ),
    (
        F14_ALL_WILD,
        "FourteenHundred all_wild_melds=true | wild {wild} | to_move 0 play"
        " | hands 4C / KC / QD / JH | melds {melds} | pile 6C",
    ),
    (
        GOR,
        "GoingOutRummy wildcards=9 | over | hands - / AS 2S 4H 6D 8S 10H QC"
        " | melds {melds} | pile KD | out 0 | turns 1 | winner 0",
    ),
)
"""Positions, one a variant, whose melds section is left to fill in."""
_SIGNS = st.sampled_from(["=", " = ", "= ", " ="])
_PLAYER_TEXTS = st.sampled_from(
    ["0", "1", "0", "1", "2", "3", "9", "-1", "01", "x", ""]
)
_OWNER_TEXTS = st.one_of(st.sampled_from(["0", "1"]), _PLAYER_TEXTS)
_EDITS = st.sampled_from("=@/:, 0123456789SHDCAKQJT*-+")


@st.composite
def _meld_words(draw: st.DrawFn, variant: Variant, wild: Rank | None) -> str:
    """One meld as a position writes it, its owner first, perhaps spoiled."""
    words = []
    for card, meaning in draw(declared_melds(variant, wild)):
        word = draw(card_texts(card)).strip()
        if meaning is not None:
            written = (
                str(meaning)
                if isinstance(meaning, Rank)
                else draw(card_texts(meaning)).strip()
            )
            word += draw(_SIGNS) + written
        if draw(_ONE_IN_EIGHT):
            word += "@" + draw(_PLAYER_TEXTS)
        words.append(word)
    return draw(_OWNER_TEXTS) + ": " + " ".join(words)


@st.composite
def _spoiled(draw: st.DrawFn, text: str) -> str:
    """The text with a few characters put in or taken out, or as it is."""
    for _ in range(draw(st.sampled_from([0, 0, 0, 1, 2, 3]))):
        place = draw(st.integers(0, len(text)))
        if draw(st.booleans()):
            text = text[:place] + draw(_EDITS) + text[place:]
        else:
            text = text[:place] + text[place + 1 :]
    return text


@st.composite
def meld_positions(draw: st.DrawFn) -> str:
    """A position whose melds section is random meld text, now and then spoiled.

    The melds are near-melds with declarations in either form (a card or a
    rank), credits after ``@``, owners right or wrong.
    """
    variant, template = draw(st.sampled_from(_MELD_POSITIONS))
    wild = draw(wild_ranks(variant))
    melds = [draw(_meld_words(variant, wild)) for _ in range(draw(_PIECES))]
    text = draw(_spoiled(" / ".join(melds)))
    return template.format(wild=wild, melds=text)


# --- Every registered game (tests/conformance) ------------------------------------

_CRAFTED: dict[type[Any], Callable[[], st.SearchStrategy[Any]]] = {
    EndOfThePage: eop_tables,
    FourteenHundred: f14_tables,
    GoingOutRummy: gor_tables,
}
"""The library's games, each with a strategy that draws any of its options."""


def game_tables(cls: type[PlayableRules[Any]]) -> st.SearchStrategy[PlayableRules[Any]]:
    """Rules of one registered game: the library's with any options, another as its transcripts have them.

    A game registered from its own package declares its transcripts' rules
    lines (``transcript_games``, see ``tests/transcripts.py``): they are its
    samples of options; without any, its default rules.
    """
    crafted = _CRAFTED.get(cls)
    if crafted is not None:
        found: st.SearchStrategy[PlayableRules[Any]] = crafted()
        return found
    lines = rules_lines(cls)
    if not lines:
        return st.just(cls())
    return st.sampled_from(lines).map(parse_rules)


def game_walks(
    cls: type[PlayableRules[Any]], *, by_actions: bool = False
) -> st.SearchStrategy[list[GameState]]:
    """Random legal play of one registered game (see :func:`walks`), on the fast path with ``by_actions``.

    Going Out Rummy's games are also drawn with their stock worn down
    (:func:`gor_games`, GOR-9, GOR-11), each as a walk of its last state.
    """
    played = walks(game_tables(cls), by_actions=by_actions)
    if cls is GoingOutRummy:
        return st.one_of(played, gor_games().map(lambda game: [game]))
    return played


SAVE_EDITS = ("turns", "order", "knocker", "deal", "had_turn", "played_by", "known")
"""The fields a tampered save edits (issue 27): see :func:`tampered_saves`."""


@st.composite
def tampered_saves(draw: st.DrawFn) -> tuple[GameState, dict[str, Any]]:
    """A state of random play, and its saved data (``dumps``'s "data") with one field edited.

    The edit is one of :data:`SAVE_EDITS`: the turns set far off, a hand
    put out of order, the knocker set off the table, the stock's top card
    dealt into a hand (kept in order), nobody's turn had (End of the Page),
    a card of a meld credited to another player, or a card of a hand made
    known. Some edits leave a state still reachable; the readers must agree
    on each.
    """
    game = draw(st.one_of(any_games(), game_walks(GinRummy).map(lambda w: w[-1])))
    data: dict[str, Any] = json.loads(dumps(game))["data"]
    edit = draw(st.sampled_from(SAVE_EDITS))
    hands = data["hands"]
    player = draw(st.integers(0, len(hands) - 1))
    if edit == "turns":
        data["turns"] = draw(st.sampled_from([1, 3, 10**6, 10**9]))
    elif edit == "order" and len(hands[player]) > 1:
        hands[player] = hands[player][::-1]
    elif edit == "knocker" and "knocker" in data:
        data["knocker"] = draw(st.sampled_from([-1, 0, 1, 2, 5]))
    elif edit == "deal" and data["stock"]:
        hands[player] = sorted([*hands[player], data["stock"].pop(0)], key=Card.parse)
    elif edit == "had_turn" and "had_turn" in data:
        data["had_turn"] = [False] * len(hands)
    elif edit == "played_by" and data["melds"]:
        meld = draw(st.sampled_from(data["melds"]))
        at = draw(st.integers(0, len(meld["played_by"]) - 1))
        meld["played_by"][at] = player
    elif edit == "known" and hands[player]:
        known = data["known"] or [[] for _ in hands]
        card = draw(st.sampled_from(hands[player]))
        known[player] = sorted([*known[player], card], key=Card.parse)
        data["known"] = known
    return game, data


# --- Selections of a hand (tests/conformance/test_selection_from_view.py) ------


@st.composite
def selections(draw: st.DrawFn, hand: tuple[Card, ...]) -> list[Card]:
    """Some cards of a non-empty hand, as a person picks them: one to all, each held card at most once.

    Mostly one to four cards (a discard or lay-off, a meld, going out with
    a few), now and then the whole hand.
    """
    most = len(hand) if draw(st.integers(0, 9)) == 0 else min(4, len(hand))
    picked = draw(
        st.lists(st.integers(0, len(hand) - 1), min_size=1, max_size=most, unique=True)
    )
    return [hand[index] for index in sorted(picked)]
