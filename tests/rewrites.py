"""Listed moves written another way, to check that ``apply`` accepts nothing unlisted (ALL-2).

A move's wilds may be declared the other way round, its cards put in another
order, a declaration dropped or swapped for another meaning. ``apply`` must
refuse such a rewrite, or read it as a listed move and lead where that move
leads. Used with the random walks of :mod:`strategies`.

>>> import random
>>> from rummyrules import parse_move
>>> move = parse_move("meld JS=3H 4H 5H JC=6H")
>>> print(swapped_wilds(move, random.Random(0)))
meld JC=3H 4H 5H JS=6H
"""

from __future__ import annotations

import random

import attrs

from rummyrules.core.cards import BY_RANK_AND_SUIT, Rank
from rummyrules.game.moves import LayOff, Move, NewMeld
from rummyrules.games.fourteen_hundred.state import Claim
from rummyrules.games.going_out.state import GoOut

MEANINGS = (*BY_RANK_AND_SUIT.values(), *Rank)
"""Every meaning a wild may be declared as: a card, or a rank."""


def declares(move: Move) -> int:
    """How many wilds the move declares (a going out: in all its melds).

    >>> from rummyrules import parse_move
    >>> declares(parse_move("meld JS=3H 4H 5H JC=6H")), declares(parse_move("draw"))
    (2, 0)
    """
    if isinstance(move, NewMeld):
        return sum(meaning is not None for meaning in move.declared)
    if isinstance(move, GoOut):
        return sum(map(declares, move.melds))
    if isinstance(move, LayOff | Claim):
        return int(move.declared is not None)
    return 0


def swapped_wilds(meld: NewMeld, rng: random.Random) -> NewMeld:
    """The meld with its wild cards moved round the places they are declared for.

    Each wild moves on by the same number of places, never none when there
    are two or more, so that two wilds are always the other way round.
    """
    places = [at for at, meaning in enumerate(meld.declared) if meaning is not None]
    wilds = [meld.cards[at] for at in places]
    if len(wilds) > 1:
        step = rng.randrange(1, len(wilds))
        wilds = wilds[step:] + wilds[:step]
    cards = list(meld.cards)
    for at, card in zip(places, wilds, strict=True):
        cards[at] = card
    return attrs.evolve(meld, cards=tuple(cards))


def _reordered(meld: NewMeld, rng: random.Random) -> NewMeld:
    """The meld's cards, each with its declaration, in another order."""
    pairs = list(zip(meld.cards, meld.declared, strict=True))
    rng.shuffle(pairs)
    return attrs.evolve(
        meld,
        cards=tuple(card for card, _ in pairs),
        declared=tuple(meaning for _, meaning in pairs),
    )


def _undeclared(meld: NewMeld, rng: random.Random) -> NewMeld:
    """The meld with one of its declarations dropped."""
    places = [at for at, meaning in enumerate(meld.declared) if meaning is not None]
    if not places:
        return meld
    declared = list(meld.declared)
    declared[rng.choice(places)] = None
    return attrs.evolve(meld, declared=tuple(declared))


def _meld_rewrite(meld: NewMeld, rng: random.Random) -> NewMeld:
    """Two wilds or more: mostly moved round (what a listing may miss); else any rewrite."""
    if declares(meld) > 1 and rng.randrange(4):
        return swapped_wilds(meld, rng)
    return rng.choice((swapped_wilds, _reordered, _undeclared))(meld, rng)


def rewritten(move: Move, rng: random.Random) -> Move:
    """The move written another way; the move itself when it has nothing to rewrite.

    >>> from rummyrules import parse_move
    >>> rewritten(parse_move("draw"), random.Random(0)) == parse_move("draw")
    True
    """
    if isinstance(move, NewMeld):
        return _meld_rewrite(move, rng)
    if isinstance(move, GoOut):
        melds = tuple(_meld_rewrite(meld, rng) for meld in move.melds)
        return attrs.evolve(move, melds=melds)
    if isinstance(move, LayOff | Claim):
        meaning = rng.choice([None, rng.choice(MEANINGS)])
        return attrs.evolve(move, declared=meaning)
    return move
