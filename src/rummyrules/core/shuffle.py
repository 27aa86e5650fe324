"""The one shuffle: the same seed gives the same order everywhere (ALL-4).

Python's :func:`random.shuffle` may change between versions, so the library
never uses it. Instead a shuffle is a pure function of a seed and a *path*,
the labels that say which shuffle of the game it is (``("round", 3)``):

1. the seed and the path are written as text, ``"rummyrules-shuffle-1|42|round|3"``,
   and hashed with SHA-256; the first 8 bytes, big-endian, seed the generator;
2. the generator is SplitMix64, a 64-bit generator defined by a few lines of
   integer arithmetic;
3. a Fisher–Yates shuffle draws each swap with an unbiased bounded draw
   (rejection of the values that would favour small numbers).

Every step is defined here, so any other implementation can reproduce a
game's deals exactly.

>>> from rummyrules.core.shuffle import shuffled
>>> shuffled(range(10), 42, "round", 1)
(9, 3, 4, 2, 5, 7, 6, 1, 8, 0)
>>> shuffled(range(10), 42, "round", 1) == shuffled(range(10), 42, "round", 1)
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator
from typing import Final, TypeVar

__all__ = ["VERSION", "below", "random_words", "shuffled"]

T = TypeVar("T")

VERSION: Final = 1
"""The version of this shuffle; part of every seed, so that a new one never
silently gives old games other deals."""

_MASK: Final = (1 << 64) - 1


def _start(seed: int, path: Iterable[int | str]) -> int:
    text = "|".join(["rummyrules-shuffle", str(VERSION), str(seed), *map(str, path)])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def random_words(seed: int, *path: int | str) -> Iterator[int]:
    """The SplitMix64 stream for a seed and path: 64-bit words, forever.

    >>> words = random_words(42, "round", 1)
    >>> [next(words) for _ in range(3)]
    [12087545882609960450, 9857718956894701571, 5442768021717319857]
    """
    state = _start(seed, path)
    while True:
        state = (state + 0x9E3779B97F4A7C15) & _MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        yield z ^ (z >> 31)


def below(words: Iterator[int], bound: int) -> int:
    """A uniform draw from ``range(bound)`` off a stream of words, without modulo bias.

    >>> words = random_words(42, "bot")
    >>> [below(words, 6) for _ in range(5)]
    [1, 5, 3, 4, 0]
    """
    limit = (1 << 64) - (1 << 64) % bound
    while True:
        word = next(words)
        if word < limit:
            return word % bound


def shuffled(items: Iterable[T], seed: int, *path: int | str) -> tuple[T, ...]:
    """The items in the order this seed and path give them.

    The seed is any whole number; the path names which shuffle of the game
    this is, so that each round (and each reshuffle) has its own order.

    >>> shuffled("abcdef", 7)
    ('f', 'e', 'c', 'b', 'd', 'a')
    >>> shuffled("abcdef", 7, "round", 2) != shuffled("abcdef", 7, "round", 3)
    True
    """
    cards = list(items)
    words = random_words(seed, *path)
    for last in range(len(cards) - 1, 0, -1):
        other = below(words, last + 1)
        cards[last], cards[other] = cards[other], cards[last]
    return tuple(cards)
