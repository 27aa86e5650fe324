"""One hand of Gin Rummy refereed by rummyrules, with OpenSpiel's state kept in step so that OpenSpiel's bot can be asked.

Both engines are dealt the same deck order. Our engine is the referee: its
rule book decides what is legal and scores the hand. Every move is played
in OpenSpiel too, so that OpenSpiel's bot always sees a real OpenSpiel
state, *mirrored* from ours. At every decision the two engines' move lists
are compared, and where they differ the difference is named (D1 to D5,
:mod:`rummyrules.peers.differences`) and counted. Where a difference
touches the move played:

- Our bot lays a run of six or more (D5): OpenSpiel is given the same
  cards as the runs of 3 to 5 it lays them as (:func:`~.cards.run_parts`),
  and the mirror holds.
- Our bot makes a move OpenSpiel does not have, a knock it misses (D1) or
  a third card laid off past a run's end (D3): our engine plays it, and
  OpenSpiel's state stops there (the hand is *unmirrored*). If OpenSpiel's
  bot still has decisions to make (after a D1 knock: its lay-offs and
  melds), a stand-in, :class:`~rummyrules.bots.GreedyBot`, makes them in
  our engine; after a D3 lay-off it has none, the knocker being done.
- OpenSpiel's bot makes a move the rule book refuses: ``done`` with a meld
  still in hand (D2) is played as the first meld both engines allow (the
  rule book has it laid, GIN-R3); a lay-off onto a meld it does not fit
  here (D4) is played as ``done``, ending the lay-offs, or failing that the
  first move both allow. The move stands in both engines, so the mirror
  holds, and it is counted as *replaced*.

A difference the list does not name is counted as ``"other"`` (none is
known: the differential test fails on one), and a move of ours OpenSpiel
lacks for such a reason unmirrors the hand as above.

>>> from rummyrules import GinRummy
>>> from rummyrules.bots import GreedyBot
>>> from rummyrules.core.shuffle import shuffled
>>> from rummyrules.peers.openspiel_bots import simple_bot
>>> from rummyrules.peers.openspiel_gin import OpenSpielGin
>>> simple = simple_bot(OpenSpielGin(list(range(52))).game, 1)
>>> rules, tally = GinRummy(), Tally()
>>> game = play_hand(
...     rules,
...     shuffled(rules.deck(), 5),
...     our_bot=GreedyBot(),
...     their_bot=simple,
...     our_seat=0,
...     tally=tally,
... )
>>> game.is_over, tally.our_moves > 0, tally.stand_in_moves
(True, True, 0)
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence

import attrs

from rummyrules.bots import Bot, GreedyBot
from rummyrules.core.cards import Card
from rummyrules.core.errors import OptionError
from rummyrules.game.moves import Move
from rummyrules.games.gin_rummy.rules import GinRummy
from rummyrules.games.gin_rummy.state import GinRummyState

from .cards import run_parts
from .differences import classify, ours_as_theirs, score_difference, word_of
from .openspiel_bots import OpenSpielBot
from .openspiel_gin import OpenSpielGin, game_parameters

__all__ = ["Tally", "play_hand"]


@attrs.define
class Tally:
    """What the hands of a match have come to so far, beside their scores; it grows as they are played.

    Attributes:
        differences: Decisions at which the two engines' move lists
            differed, by the difference that explains it (``"D1"`` …
            ``"D5"``, ``"D5+D2"``, ``"other"``), and ``"D2 score"``: hands
            OpenSpiel would have scored otherwise.
        replaced: Moves of OpenSpiel's bot the rule book refuses, each
            played as our nearest legal move, by difference.
        unmirrored: Hands whose OpenSpiel state stopped after a move of our
            bot that OpenSpiel lacks, by difference.
        stand_in_moves: Moves the stand-in made for OpenSpiel's bot in
            those hands.
        our_moves: Moves our bot chose.
        our_seconds: The CPU seconds our bot took to choose them.

    >>> Tally().differences
    Counter()
    """

    differences: Counter[str] = attrs.Factory(Counter)
    replaced: Counter[str] = attrs.Factory(Counter)
    unmirrored: Counter[str] = attrs.Factory(Counter)
    stand_in_moves: int = 0
    our_moves: int = 0
    our_seconds: float = 0.0


def play_hand(  # noqa: PLR0913 - the hand's every input, the bots by keyword
    rules: GinRummy,
    deck: Sequence[Card],
    *,
    our_bot: Bot,
    their_bot: OpenSpielBot,
    our_seat: int,
    tally: Tally,
) -> GinRummyState:
    """Play one hand dealt from ``deck``, the whole deck in deal order, our bot in ``our_seat``; the final state.

    ``their_bot`` is an OpenSpiel bot for the other seat, of a game with
    the rules' parameters; it is restarted first.

    >>> from rummyrules.bots import GreedyBot
    >>> from rummyrules.peers.openspiel import pyspiel
    >>> from rummyrules.core.shuffle import shuffled
    >>> rules = GinRummy()
    >>> game = play_hand(
    ...     rules,
    ...     shuffled(rules.deck(), 1),
    ...     our_bot=GreedyBot(),
    ...     their_bot=pyspiel.make_uniform_random_bot(0, 7),
    ...     our_seat=1,
    ...     tally=Tally(),
    ... )
    >>> game.score_sheet[-1][0] == -game.score_sheet[-1][1]
    True
    """
    ours = rules.new_game(deck=deck)
    mirror: OpenSpielGin | None = OpenSpielGin(
        [str(card) for card in deck], **game_parameters(rules)
    )
    their_bot.restart()
    stand_in = GreedyBot()
    while not ours.is_over:
        mover = ours.to_move or 0
        if mirror is not None and (mirror.is_over or mirror.to_move != mover):
            tally.unmirrored["other"] += 1
            mirror = None
        if mover == our_seat:
            started = time.process_time()
            move = our_bot.choose(ours.view(mover))
            tally.our_seconds += time.process_time() - started
            tally.our_moves += 1
            if move is None:
                message = f"our bot chose no move on its turn, at {ours.position()}"
                raise OptionError(message)
            if mirror is not None:
                mirror = _follow(mirror, ours, move, tally)
            ours = ours.apply(move)
        elif mirror is None:
            move = stand_in.choose(ours.view(mover))
            if move is None:  # the greedy bot always moves on its turn
                raise RuntimeError("the stand-in chose no move")
            tally.stand_in_moves += 1
            ours = ours.apply(move)
        else:
            ours = ours.apply(_theirs(mirror, ours, their_bot, tally))
    if mirror is not None and mirror.is_over:
        why = score_difference(ours, mirror.outcome().returns)
        if why is not None:
            tally.differences[why] += 1
    return ours


def _compare(
    mirror: OpenSpielGin, ours: GinRummyState, tally: Tally
) -> tuple[dict[str, Move], set[str], str | None]:
    """Both move lists in OpenSpiel's words, and the difference between them, counted."""
    words = ours_as_theirs(ours)
    theirs = set(mirror.legal())
    if set(words) == theirs:
        return words, theirs, None
    label = classify(ours, set(words), theirs) or "other"
    tally.differences[label] += 1
    return words, theirs, label


def _follow(
    mirror: OpenSpielGin, ours: GinRummyState, move: Move, tally: Tally
) -> OpenSpielGin | None:
    """Play our bot's move in OpenSpiel too; None where OpenSpiel cannot follow."""
    _, theirs, label = _compare(mirror, ours, tally)
    word = word_of(move)
    if word in theirs:
        mirror.apply(word)
        return mirror
    parts = run_parts(word.split()[1:]) if word.startswith("meld ") else []
    if len(parts) > 1:  # D5: a long run, laid as OpenSpiel's runs
        for part in parts:
            text = "meld " + " ".join(part)
            if text not in mirror.legal():
                break
            mirror.apply(text)
        else:
            return mirror
    tally.unmirrored[label or "other"] += 1
    return None


def _theirs(
    mirror: OpenSpielGin, ours: GinRummyState, bot: OpenSpielBot, tally: Tally
) -> Move:
    """OpenSpiel's bot's move, played in OpenSpiel; our engine's move for it."""
    words, theirs, label = _compare(mirror, ours, tally)
    action = int(bot.step(mirror.state))
    if action not in mirror.state.legal_actions():
        message = (
            f"their bot chose action {action}, which OpenSpiel does not allow "
            f"here (phase {mirror.phase})"
        )
        raise OptionError(message)
    word = mirror.text_of(action)
    if word not in words:
        word = _nearest(word, words, theirs)
        tally.replaced[label or "other"] += 1
    mirror.apply(word)
    return words[word]


def _nearest(word: str, words: dict[str, Move], theirs: set[str]) -> str:
    """Our nearest legal move to OpenSpiel's bot's ``word``, one OpenSpiel allows too.

    A refused lay-off (D4) becomes ``done``; anything else the first move
    both allow, which for a refused ``done`` (D2) is a meld: GIN-R3 leaves
    the knocker nothing else.
    """
    both = [ours for ours in words if ours in theirs]
    if word.startswith("lay ") and "done" in both:
        return "done"
    if not both:
        message = f"no move both engines allow, for OpenSpiel's {word!r}"
        raise RuntimeError(message)
    return both[0]
