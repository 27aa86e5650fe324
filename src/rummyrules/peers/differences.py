"""Where OpenSpiel's ``gin_rummy`` and the rule book differ, D1 to D5, named from the two move lists.

The two engines agree on every decision of Gin Rummy but five (the Gin
Rummy docs page lists them, with their rule IDs):

- D1: OpenSpiel misses a legal knock when its eleven-card deadwood breaks a
  tie badly (GIN-5).
- D2: OpenSpiel counts deadwood as the cards left unlaid, where the rule
  book counts each hand's best arrangement (GIN-2, GIN-5, GIN-7): its
  knocker may say ``done`` with a meld still in hand once the unlaid cards
  are worth at most the knock card, which GIN-R3 refuses, and a meld the
  opponent leaves in hand costs its points there.
- D3: OpenSpiel lays off at most two cards past each end of a run (GIN-6).
- D4: OpenSpiel's lay-off names no meld, and a card laid off counts for
  every meld it fits: after 4C on a set of 4s, 3C may go on 5C 6C 7C (GIN-6).
- D5: OpenSpiel lays a run of six or more cards as two melds (GIN-2).

:func:`classify` names the difference that explains two move lists that
differ (``"D5+D2"`` when both hold at once), or None for any other
difference; :func:`score_difference` does the same for two scores.

>>> from rummyrules import GinRummy
>>> game = GinRummy(hand_size=7).position(
...     "to_move 0 play | hands 3S 4S 5S 6S 7S 8S 9S KD / AH 5D 10S JC 2C 3D 4H | pile 4C"
... )
>>> game = game.apply("knock").apply("discard KD")
>>> ours = set(ours_as_theirs(game))
>>> theirs = {word for word in ours if len(word.split()) <= 6}  # runs of 5 at most
>>> sorted(ours - theirs), classify(game, ours, theirs)
(['meld 3S 4S 5S 6S 7S 8S', 'meld 3S 4S 5S 6S 7S 8S 9S', 'meld 4S 5S 6S 7S 8S 9S'], 'D5')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rummyrules.core.cards import Card
from rummyrules.game.moves import Move
from rummyrules.games.gin_rummy.deadwood import card_points, min_deadwood
from rummyrules.games.gin_rummy.state import GinRummyState

__all__ = ["classify", "ours_as_theirs", "score_difference", "unlaid_total", "word_of"]

LONG_RUN: Final = 6
"""Cards in a run that OpenSpiel cannot lay as one meld (D5)."""


def word_of(move: Move) -> str:
    """Our move in OpenSpiel's words: a lay-off without its target meld (D4).

    >>> from rummyrules import parse_move
    >>> word_of(parse_move("lay 7H on 2")), word_of(parse_move("discard 7H"))
    ('lay 7H', 'discard 7H')
    """
    text = str(move)
    return " ".join(text.split()[:2]) if text.startswith("lay ") else text


def ours_as_theirs(game: GinRummyState) -> dict[str, Move]:
    """Our legal moves by their words in OpenSpiel's notation (the first target of a lay-off).

    >>> from rummyrules import GinRummy
    >>> sorted(ours_as_theirs(GinRummy().new_game(seed=3)))
    ['pass', 'take']
    """
    words: dict[str, Move] = {}
    for move in game.legal_moves():
        words.setdefault(word_of(move), move)
    return words


def unlaid_total(hand: Sequence[Card]) -> int:
    """The points of a hand's cards, melds or not: OpenSpiel's deadwood after a knock (D2).

    >>> from rummyrules import parse_cards
    >>> unlaid_total(parse_cards("AS 2S 3S KD"))
    16
    """
    return sum(card_points(card) for card in hand)


def classify(game: GinRummyState, ours: set[str], theirs: set[str]) -> str | None:
    """The known difference that explains our move list and OpenSpiel's, both in its words, or None.

    >>> from rummyrules import GinRummy
    >>> game = GinRummy().new_game(seed=3)
    >>> classify(game, {"take", "pass"}, {"take"}) is None
    True
    """
    only_ours, only_theirs = ours - theirs, theirs - ours
    long_runs = {
        word
        for word in only_ours
        if word.startswith("meld ") and len(word.split()) - 1 >= LONG_RUN
    }
    rest = only_ours - long_runs
    hand = game.hand(game.to_move or 0)
    laying_off = game.phase == "layoff" and all(
        word.startswith("lay ") for word in only_ours | only_theirs
    )
    laid_off = any(
        holder != table_meld.owner
        for table_meld in game.melds
        for holder in table_meld.played_by
    )
    hidden_meld = (  # GIN-R3: no 'done' while the cards left hold a meld
        game.phase == "laydown"
        and only_theirs == {"done"}
        and min_deadwood(hand) < unlaid_total(hand) <= game.knock_card
    )
    known = {
        "D5": long_runs and not rest and not only_theirs,
        "D1": game.phase in ("play", "wall")
        and only_ours == {"knock"}
        and not only_theirs,
        "D2": hidden_meld and not only_ours,
        "D3": laying_off and not only_theirs,
        "D4": laying_off and laid_off,
        "D5+D2": hidden_meld and long_runs and not rest,
    }
    return next((label for label, holds in known.items() if holds), None)


def score_difference(game: GinRummyState, returns: tuple[float, float]) -> str | None:
    """Why OpenSpiel's returns differ from the hand's score here: ``"D2 score"``, None when they agree, ``"other"``.

    A meld the opponent leaves in hand costs its points in OpenSpiel, where
    the knocker keeps none (GIN-R3); the rule book counts the best
    arrangement of each hand (GIN-7).

    >>> from rummyrules import GinRummy
    >>> game = GinRummy(hand_size=4).position(
    ...     "to_move 0 play | hands 7S 8S 9S 2C KD / AH 5D 10S JC | pile 4H"
    ... )
    >>> for move in ["knock", "discard KD", "meld 7S 8S 9S", "done", "done", "done"]:
    ...     game = game.apply(move)
    >>> game.score_sheet[-1], score_difference(game, (24.0, -24.0))
    ((24, -24), None)
    """
    row = game.score_sheet[-1]
    if tuple(float(points) for points in row) == returns:
        return None
    knocker = game.knocker
    if knocker is None:
        return "other"
    kept, other = game.hands[knocker], game.hands[1 - knocker]
    explained = min_deadwood(kept) == unlaid_total(kept) and min_deadwood(
        other
    ) < unlaid_total(other)
    return "D2 score" if explained else "other"
