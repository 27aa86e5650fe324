"""A match of Gin Rummy: one of our bots against one of OpenSpiel's, duplicate deals, refereed by our rule book.

Each deal is played twice, our bot in seat 0 and then in seat 1, so that
both bots hold both hands of every deal and the luck of the cards cancels
out of the margin (as ``simulate(duplicate=True)`` plays,
:doc:`simulations`). Deal ``d`` is dealt from
:func:`~rummyrules.simulation.game_seed` ``(seed, d)``, the same deck order
to both engines, and our bot is made afresh for each hand with
:func:`~rummyrules.simulation.bot_seed` ``(seed, d, seat)``. How a hand is
played, OpenSpiel kept in step and the differences D1 to D5 met on the way,
is in :mod:`rummyrules.peers.lockstep`.

>>> result = play_openspiel_match("greedy", "random", deals=2, seed=1)
>>> result.hands, result.wins + result.losses + result.draws
(4, 4)
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs

from rummyrules.core.errors import OptionError
from rummyrules.core.inputs import expect
from rummyrules.game.dealing import first_order
from rummyrules.games.gin_rummy.rules import GinRummy
from rummyrules.simulation.duplicate import paired_margin
from rummyrules.simulation.seating import (
    BotSpec,
    bot_factory,
    bot_name,
    bot_seed,
    game_seed,
)

from .lockstep import Tally, play_hand
from .openspiel import pyspiel
from .openspiel_bots import (
    OpenSpielBot,
    OpenSpielBotFactory,
    OpenSpielBotSpec,
    openspiel_bot_factory,
)
from .openspiel_gin import game_parameters

__all__ = ["MatchResult", "play_openspiel_match"]

Counts = tuple[tuple[str, int], ...]
"""Counts by label, in label order."""


@attrs.frozen(kw_only=True)
class MatchResult:
    """What a match came to, from our bot's side, scored by our rule book.

    Attributes:
        our_bot: Our bot, as :func:`~rummyrules.simulation.bot_name` shows it.
        their_bot: OpenSpiel's bot, by name or its factory's path.
        deals: Deals played, each twice.
        hands: Hands played: twice the deals.
        wins: Hands our bot scored more points in than OpenSpiel's bot.
        losses: Hands it scored fewer in.
        draws: Hands both scored the same in: no knock (the wall, GIN-8, or
            an endless hand, GIN-9), or a knock that scored 0 (GIN-R1).
        points: Our bot's mean points a hand: its score on the hand's row
            of the score sheet, what it won (above 0) or lost (below 0) on
            the hand; the mean over the deals of each deal's mean. The other
            bot's score is its negative (GIN-7), so our bot's points less
            the other's are twice this.
        points_error: The standard error of ``points`` over the deals (each
            deal's two hands are one sample); None with a single deal.
        our_moves: The moves our bot chose.
        our_seconds: The CPU seconds it took over them (``time.process_time``).
        differences: Decisions at which the two engines' move lists
            differed, by difference (D1 to D5, ``"D5+D2"``, ``"other"``), and
            ``"D2 score"``: hands OpenSpiel would have scored otherwise.
        replaced: OpenSpiel's bot's moves the rule book refuses, played as
            our nearest legal move, by difference.
        unmirrored: Hands in which OpenSpiel could not follow a move of our
            bot, by difference.
        stand_in_moves: Moves a stand-in made for OpenSpiel's bot in those.

    >>> result = MatchResult(
    ...     our_bot="greedy",
    ...     their_bot="simple",
    ...     deals=2,
    ...     hands=4,
    ...     wins=2,
    ...     losses=1,
    ...     draws=1,
    ...     points=3.5,
    ...     points_error=1.5,
    ...     our_moves=40,
    ...     our_seconds=2.0,
    ... )
    >>> result.win_rate, result.seconds_per_move, result.seconds_per_hand
    (0.6666666666666666, 0.05, 0.5)
    """

    our_bot: str
    their_bot: str
    deals: int
    hands: int
    wins: int
    losses: int
    draws: int
    points: float
    points_error: float | None
    our_moves: int
    our_seconds: float
    differences: Counts = ()
    replaced: Counts = ()
    unmirrored: Counts = ()
    stand_in_moves: int = 0

    @property
    def win_rate(self) -> float | None:
        """Our bot's share of the hands decided, draws left out; None when none was.

        >>> MatchResult(
        ...     our_bot="greedy",
        ...     their_bot="random",
        ...     deals=1,
        ...     hands=2,
        ...     wins=0,
        ...     losses=0,
        ...     draws=2,
        ...     points=0.0,
        ...     points_error=None,
        ...     our_moves=9,
        ...     our_seconds=0.1,
        ... ).win_rate is None
        True
        """
        decided = self.wins + self.losses
        return self.wins / decided if decided else None

    @property
    def seconds_per_move(self) -> float:
        """The CPU seconds our bot took a move.

        >>> play_openspiel_match("greedy", "simple", deals=1).seconds_per_move > 0
        True
        """
        return self.our_seconds / self.our_moves if self.our_moves else 0.0

    @property
    def seconds_per_hand(self) -> float:
        """The CPU seconds our bot took a hand.

        >>> play_openspiel_match("greedy", "simple", deals=1).seconds_per_hand > 0
        True
        """
        return self.our_seconds / self.hands


def play_openspiel_match(
    our_bot: BotSpec,
    their_bot: OpenSpielBotSpec,
    *,
    deals: int,
    seed: int = 0,
    rules: GinRummy | None = None,
) -> MatchResult:
    """Play ``deals`` deals twice each, our bot against an OpenSpiel bot, and sum them up.

    Args:
        our_bot: A name (``"greedy"``, ``"search"``), an import path
            (``"mybots:CleverBot"``) or a factory (a bot class, or any
            callable taking ``seed=``), as ``simulate`` takes; a fresh bot
            plays each hand.
        their_bot: ``"simple"``, ``"random"`` or a factory ``(game,
            player)`` of an object with ``step(state)`` and ``restart()``
            (:mod:`rummyrules.peers.openspiel_bots`), called once a seat.
        deals: How many deals, 1 or more.
        seed: The match's seed: the deals and every bot's seed come from it.
        rules: Gin Rummy's rules (OpenSpiel's defaults if None); an option
            OpenSpiel lacks (``target``, ``max_turns``,
            ``undercut_on_equal``) is refused.

    Given the seed, a match plays the same hands, unless a bot's choices
    depend on time (a :class:`~rummyrules.bots.SearchBot` with ``seconds``).

    >>> from rummyrules.bots import GreedyBot
    >>> play_openspiel_match(GreedyBot, "simple", deals=1, seed=4).hands
    2
    >>> play_openspiel_match("greedy", "simple", deals=0)
    Traceback (most recent call last):
    ...
    rummyrules.OptionError: a match needs at least 1 deal, not 0
    """
    expect(deals, int, name="deals", what="a whole number (int)")
    expect(seed, int, name="seed", what="a whole number (int)")
    if deals < 1:
        message = f"a match needs at least 1 deal, not {deals}"
        raise OptionError(message)
    rules = GinRummy() if rules is None else rules
    expect(rules, GinRummy, name="rules", what="Gin Rummy's rules (GinRummy)")
    ours = bot_factory(our_bot)
    game = pyspiel.load_game("gin_rummy", game_parameters(rules))
    theirs = [
        _their_bot(openspiel_bot_factory(their_bot, seed=seed), game, seat)
        for seat in (0, 1)
    ]
    tally = Tally()
    by_deal: list[float] = []
    outcomes: Counter[int] = Counter()
    for deal in range(deals):
        # The order new_game(seed=...) deals: the deal of simulate's game too.
        deck = first_order(
            rules, players=2, seed=game_seed(seed, deal), deck=None, dealer=0
        )
        deal_points = 0.0
        for seat in (0, 1):
            final = play_hand(
                rules,
                deck,
                our_bot=ours(seed=bot_seed(seed, deal, seat)),
                their_bot=theirs[1 - seat],
                our_seat=seat,
                tally=tally,
            )
            row = final.score_sheet[-1]
            points, other = row[seat], row[1 - seat]
            outcomes[(points > other) - (points < other)] += 1
            deal_points += points / 2
        by_deal.append(deal_points)
    mean, error = paired_margin(by_deal)
    return MatchResult(
        our_bot=bot_name(our_bot),
        their_bot=_name(their_bot),
        deals=deals,
        hands=2 * deals,
        wins=outcomes[1],
        losses=outcomes[-1],
        draws=outcomes[0],
        points=mean,
        points_error=error,
        our_moves=tally.our_moves,
        our_seconds=tally.our_seconds,
        differences=tuple(sorted(tally.differences.items())),
        replaced=tuple(sorted(tally.replaced.items())),
        unmirrored=tuple(sorted(tally.unmirrored.items())),
        stand_in_moves=tally.stand_in_moves,
    )


def _their_bot(factory: OpenSpielBotFactory, game: Any, seat: int) -> OpenSpielBot:
    """OpenSpiel's bot for ``seat``, checked to be one."""
    bot: object = factory(game, seat)
    if not isinstance(bot, OpenSpielBot):
        message = (
            f"their_bot's factory made a {type(bot).__name__}, which has no "
            "step(state) and restart()"
        )
        raise TypeError(message)
    return bot


def _name(spec: OpenSpielBotSpec) -> str:
    """An OpenSpiel bot spec as a result shows it: a name in lower case, a factory by its path."""
    if isinstance(spec, str):
        return spec.strip().lower()
    module = getattr(spec, "__module__", None) or "?"
    name = getattr(spec, "__qualname__", None) or type(spec).__qualname__
    return f"{module}:{name}"
