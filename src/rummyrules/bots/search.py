"""The search bot: determinized Monte Carlo over the states a view allows.

At each of its turns :class:`SearchBot` deals what it cannot see at random
(:func:`~rummyrules.sample_state`), tries each of its candidate moves on the
same deals, plays each to the end of the round with the greedy bot in every
seat, and makes the move that did best on average: Perfect Information Monte
Carlo. A move is worth the round's score margin (its own score less the best
other player's) in a game that keeps score; in a game where only going out
counts (Going Out Rummy) a win or a loss, or, when nobody has gone out after
``depth`` moves, how much nearer going out its hand is than the others.

>>> from rummyrules import GinRummy
>>> game = GinRummy().new_game(seed=3)
>>> move = SearchBot(seed=1, playouts=4).choose(game.view(0))
>>> move in game.legal_moves()
True
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Iterator

from rummyrules.core.cards import Card
from rummyrules.core.errors import OptionError
from rummyrules.core.inputs import expect
from rummyrules.core.shuffle import random_words
from rummyrules.formats.sampling import sample_state
from rummyrules.game.events import rounds_counted
from rummyrules.game.grouping import group_moves
from rummyrules.game.moves import Move
from rummyrules.game.state import GameState, View
from rummyrules.game.strategy import GoingOutStrategy, PointsStrategy, strategy_of

from .going_out import GoingOutDecision
from .greedy import GreedyBot
from .players import ActionBot, Bot, askers
from .points import PointsDecision

__all__ = ["SearchBot"]

_MOST_MOVES = 2000
"""A playout longer than this many moves is stopped and counted as even."""

_NO_MOVE = "the rollout bot chose no move for player {mover} on its turn"
"""What a rollout says when its bot chose no move on its own turn."""

_CLOCK_EVERY = 4
"""A playout reads the clock every this many moves: often enough to stop within a few greedy decisions of the budget."""

_WIN = 10.0
"""A win, where only going out counts: as much as ten cards nearer going out."""


def _sampled(view: View, seed: int) -> GameState:
    """The default deal: :func:`~rummyrules.sample_state`."""
    return sample_state(view, seed=seed)


_FIRST_DEALS = 4
"""Deals every candidate is played on before one may drop out of the race."""


def _gain(outcomes: list[float], first: list[float]) -> tuple[float, float]:
    """A candidate's mean gain over the first move on the deals both were played on, and its standard error."""
    gains = [a - b for a, b in zip(outcomes, first, strict=False)]
    if len(gains) < 2:
        return 0.0, math.inf
    return statistics.fmean(gains), statistics.stdev(gains) / math.sqrt(len(gains))


def _discard_rank(view: View) -> Callable[[Move], tuple[int, ...]]:
    """How likely a move is worth trying, as the greedy bot reads the card it discards: lower first.

    The key is the greedy decision's own
    (``PointsDecision.discard_key``,
    ``GoingOutDecision.discard_key``): the
    discards the greedy bot would make first are tried first. Moves that
    discard nothing keep their listing order.
    """
    strategy = strategy_of(view.rules)
    hand = view.hand
    key: Callable[[Card], tuple[int, ...]] | None = None
    if isinstance(strategy, GoingOutStrategy):
        key = GoingOutDecision(view, strategy).discard_key
    elif isinstance(strategy, PointsStrategy):
        key = PointsDecision(view, strategy).discard_key

    def rank(move: Move) -> tuple[int, ...]:
        card = move.discarded
        if key is None or card is None or card not in hand:
            return (0,)
        return key(card)

    return rank


def _nearer(strategy: GoingOutStrategy, state: GameState, player: int) -> float:
    """How many cards nearer going out the player's hand is than the nearest other one's."""
    left = strategy.left(state)

    def short(seat: int) -> int:
        hand = state.hands[seat]
        return strategy.shape(state.rules, hand).short(hand)

    others = [
        short(seat)
        for seat in range(state.players)
        if seat != player and seat not in left
    ]
    return float(min(others, default=0) - short(player))


class SearchBot:
    """Chooses by determinized Monte Carlo: tries its candidate moves on random deals of what it cannot see.

    Its first candidate is the rollout bot's move (the greedy bot's, by
    default). The other candidates are the other listed moves, one for each group of
    moves that play the same cards the same way
    (:func:`~rummyrules.group_moves`), those of the first move's kind
    first, at most ``width`` in all; it never drops out of a game. For each
    deal it samples, it plays every candidate still in the race (below) and
    then the greedy bot in every seat to the end of the round. It makes the
    first move unless another candidate did better on the same deals by
    more than ``caution`` standard errors of the difference (the best of
    several noisy averages is most often only the luckiest), and then the
    one that gained most. Out of turn (a 1400 claim) it plays as the greedy
    bot does.

    The candidates race: after a few deals, one whose gain over the first
    move is below nought by more than a standard error gets no more
    playouts, and when only the first move is left the search stops. Most
    turns have one sensible move, and the budget goes to the turns that do
    not.

    ``rollout`` is the bot that plays every seat after a candidate (the
    greedy bot by default), and ``deal(view, seed)`` the whole state a deal
    makes of the view (:func:`~rummyrules.sample_state` by default): a bot
    author may plug in a deal that weighs what the other players' play
    tells of their hands.

    Its budget, each turn it has a choice: ``playouts`` deals (each candidate
    in the race played out once on each), or ``seconds`` of CPU time (``time.process_time``),
    or whichever runs out first when both are given. The time counts from
    the turn's start and is read within playouts too: a turn takes
    ``seconds`` and at most a few moves of a playout more, or the dealing
    of one deal (not timed within). A deal cut short is not counted, and a
    turn out of time before its first whole deal makes the first move (the
    rollout bot's).
    Given its seed, a budget of playouts only and the same views, it makes
    the same moves; a budget of time depends on the machine's speed.

    >>> from rummyrules import GinRummy
    >>> from rummyrules.bots import GreedyBot, play_game
    >>> played = play_game(GinRummy(), [SearchBot(playouts=2), GreedyBot()], seed=2)
    >>> played.state.is_over
    True
    """

    def __init__(  # noqa: PLR0913 - each is one knob of the search, by keyword
        self,
        *,
        seed: int = 0,
        playouts: int | None = 32,
        seconds: float | None = None,
        width: int = 6,
        caution: float = 2.5,
        depth: int | None = 12,
        rollout: Bot | None = None,
        deal: Callable[[View, int], GameState] | None = None,
    ) -> None:
        if playouts is not None:
            expect(playouts, int, name="playouts", what="a whole number (int)")
            if playouts < 1:
                raise OptionError(f"playouts must be 1 or more, not {playouts}")
        if seconds is not None:
            expect(seconds, (int, float), name="seconds", what="a number of seconds")
            if not seconds > 0:
                raise OptionError(f"seconds must be more than 0, not {seconds}")
        if playouts is None and seconds is None:
            raise OptionError("a search needs a budget: playouts, seconds or both")
        expect(width, int, name="width", what="a whole number (int)")
        if width < 1:
            raise OptionError(f"width must be 1 or more, not {width}")
        self.playouts = playouts
        self.seconds = seconds
        self.width = width
        expect(
            caution, (int, float), name="caution", what="a number of standard errors"
        )
        if not caution >= 0:
            raise OptionError(f"caution must be 0 or more, not {caution}")
        self.caution = caution
        self.depth = depth
        self.rollout: Bot = GreedyBot() if rollout is None else rollout
        self.deal: Callable[[View, int], GameState] = _sampled if deal is None else deal
        self._checked: Bot | None = None
        self._by_action: ActionBot | None = None
        # The bot's own stream of seeds for its deals, moving on with each choice.
        self._words: Iterator[int] = random_words(seed, "search bot")

    def choose(self, view: View) -> Move | None:
        """The candidate move with the best average outcome over random deals; out of turn, the greedy choice.

        >>> from rummyrules import EndOfThePage
        >>> game = EndOfThePage(rounds=1).new_game(seed=5)
        >>> bot = SearchBot(seed=2, playouts=4)
        >>> str(bot.choose(game.view(1))) in {"draw", "take"}
        True
        """
        if view.to_move != view.player:
            return self.rollout.choose(view)
        started = time.process_time()
        deadline = None if self.seconds is None else started + self.seconds
        candidates = self.candidates(view)
        if len(candidates) <= 1:
            return candidates[0] if candidates else None
        outcomes: list[list[float]] = [[] for _ in candidates]
        racing = list(range(len(candidates)))
        # A deal lists the player's moves as the view does, its actions in
        # that order: each candidate is played by its place, on the fast path.
        places = [view.legal_moves.index(move) for move in candidates]
        while self._budget_left(len(outcomes[0]), started):
            sample = self.deal(view, next(self._words) >> 16)
            actions = sample.legal_actions()
            deals = len(outcomes[0])
            for index in racing:
                outcome = self._outcome(
                    sample.apply_action(actions[places[index]]),
                    sample,
                    view.player,
                    deadline,
                )
                if outcome is None:
                    # Out of time within a deal: a deal that not every
                    # candidate racing was played on is not counted.
                    for row in outcomes:
                        del row[deals:]
                    return candidates[self._best(outcomes)]
                outcomes[index].append(outcome)
            racing = self._still_racing(outcomes, racing)
            if racing == [0]:
                break
        return candidates[self._best(outcomes)]

    def _still_racing(
        self, outcomes: list[list[float]], racing: list[int]
    ) -> list[int]:
        """The candidates still worth playouts: the first move, and those not clearly worse than it.

        After ``_FIRST_DEALS`` deals a candidate whose gain over the first
        move is below nought by more than a standard error drops out, so
        that the playouts go to the moves that may yet beat it.
        """
        deals = len(outcomes[0])
        if deals < _FIRST_DEALS:
            return racing
        kept = [0]
        for index in racing[1:]:
            gain, error = _gain(outcomes[index], outcomes[0])
            # A move that ties the first one but for a single loss sits exactly
            # one error below nought: rounding must not decide whether it stays.
            if gain + error >= 0 or math.isclose(gain, -error):
                kept.append(index)
        return kept

    def _best(self, outcomes: list[list[float]]) -> int:
        """The candidate to play: the first move, unless another beat it clearly on the same deals.

        A candidate beats the first move clearly when its mean gain over the
        same deals exceeds ``caution`` standard errors of that gain: the best
        of several noisy averages is most often only the luckiest, and a
        search that followed it would play worse than its first moves.
        """
        best, best_gain = 0, 0.0
        for index in range(1, len(outcomes)):
            if len(outcomes[index]) < 2:
                continue
            gain, error = _gain(outcomes[index], outcomes[0])
            if gain > best_gain and gain > self.caution * error:
                best, best_gain = index, gain
        return best

    def candidates(self, view: View) -> tuple[Move, ...]:
        """The moves the search tries: the rollout bot's move first, then one a group, at most ``width``.

        >>> from rummyrules import GinRummy
        >>> game = GinRummy().new_game(seed=3).apply("take")
        >>> moves = SearchBot(width=3).candidates(game.view(0))
        >>> len(moves), moves[0] == GreedyBot().choose(game.view(0))
        (3, True)
        """
        moves = view.legal_moves
        kept = [move for move in moves if not move.leaves_game] or list(moves)
        first = self.rollout.choose(view)
        if first is None or first not in kept:
            first = kept[0] if kept else None
        if first is None:
            return ()
        rank = _discard_rank(view)
        others = [
            group.choices[0]
            for group in group_moves(kept)
            if first not in group.choices
        ]
        others.sort(key=lambda move: (move.kind != first.kind, rank(move)))
        return (first, *others[: self.width - 1])

    def _budget_left(self, deals: int, started: float) -> bool:
        if self.playouts is not None and deals >= self.playouts:
            return False
        return self._time_left(started)

    def _time_left(self, started: float) -> bool:
        return self.seconds is None or time.process_time() - started < self.seconds

    def _outcome(
        self, state: GameState, root: GameState, player: int, deadline: float | None
    ) -> float | None:
        """What the move that made ``state`` came to, played out to the end of the round; None when out of time.

        In a game where only going out counts, a playout that has not ended
        after ``depth`` moves is scored by how far each hand is from going
        out, as the game reads a hand's shape: a win or a loss counts as
        much as being 10 cards nearer or further. The clock is read every
        ``_CLOCK_EVERY`` moves: past the ``deadline`` the playout stops
        unscored.
        """
        rows = rounds_counted(root)
        strategy = strategy_of(state.rules)
        for played in range(_MOST_MOVES):
            if state.is_over or rounds_counted(state) > rows:
                break
            if (
                deadline is not None
                and played % _CLOCK_EVERY == 0
                and time.process_time() > deadline
            ):
                return None
            if isinstance(strategy, GoingOutStrategy) and played == self.depth:
                return _nearer(strategy, state, player)
            state = self._next_state(state)
        if state.rules.keeps_score:
            margin = 0
            for row in state.score_sheet[len(root.score_sheet) :]:
                others = [score for seat, score in enumerate(row) if seat != player]
                margin += row[player] - max(others, default=0)
            return float(margin)
        if not state.winners:
            return 0.0
        return _WIN if player in state.winners else -_WIN

    def _next_state(self, state: GameState) -> GameState:
        """The state after the rollout's next move: a claim out of turn if one is made, else the mover's.

        A rollout bot that chooses by action (an
        :class:`~rummyrules.bots.ActionBot`, such as the random bot and the
        greedy bot) plays on the fast path: its choice is applied by action
        (the random bot builds no view and no move), and the playout is the
        same, move for move.
        """
        mover = state.to_move or 0
        rollout = self.rollout
        if rollout is not self._checked:
            # A protocol's isinstance walks its members: asked once a rollout bot.
            self._checked = rollout
            self._by_action = rollout if isinstance(rollout, ActionBot) else None
        by_action = self._by_action
        if by_action is not None:
            for other in askers(state, mover):
                action = by_action.choose_action(state, other)
                if action is not None:
                    return state.apply_action(action, player=other)
            action = by_action.choose_action(state, mover)
            if action is None:
                raise OptionError(_NO_MOVE.format(mover=mover))
            return state.apply_action(action)
        for other in askers(state, mover):
            move = rollout.choose(state.view(other))
            if move is not None:
                return state.apply(move)
        move = rollout.choose(state.view(mover))
        if move is None:
            raise OptionError(_NO_MOVE.format(mover=mover))
        return state.apply(move)
