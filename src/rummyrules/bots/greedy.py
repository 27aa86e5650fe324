"""The greedy bot: melds and lays off all it can, goes out when it can.

>>> from rummyrules import GoingOutRummy
>>> from rummyrules.bots import RandomBot, play_game
>>> rules = GoingOutRummy(max_turns=400)
>>> play_game(rules, [GreedyBot(), RandomBot(seed=1)], seed=4).state.winners
(0,)
"""

from __future__ import annotations

from rummyrules.core.errors import OptionError
from rummyrules.game.moves import LayOff, Move
from rummyrules.game.state import GameState, View
from rummyrules.game.strategy import GoingOutStrategy, PointsStrategy, strategy_of

from .going_out import GoingOutDecision
from .points import PointsDecision

__all__ = ["GreedyBot"]


class GreedyBot:
    """Plays the plain greedy game: melds and lays off all it can, goes out when it can.

    It only ever picks one of ``view.legal_moves``, so it keeps every duty the
    rules list there (a deep pickup melded at once, EOP-6; the last card
    played, EOP-12; the first upcard melded, F14-6; the card taken used,
    F14-9). Its choice is a pure function of the view: the same view always
    gets the same move. It never asks which game it plays: the game's
    strategy (:mod:`rummyrules.game.strategy`) says whether it is a game of
    points or of going out, and answers what only the game knows.

    In a game of points (End of the Page, 1400; :mod:`rummyrules.bots.points`),
    where every card played scores and every card in hand costs:

    - it takes a discard (the top card, or a deeper one with the cards above
      it) when the cards taken are worth more played than they cost held,
      and otherwise draws from the stock;
    - it lays the melds of the hand's best packing (the most points), then
      lays off its natural cards, then its wilds;
    - it discards by ``PointsDecision.discard_key``:
      it keeps its wilds, the cards that fit a meld on the table, and the
      melds of its best packing; then it lets go a card with no partner in
      hand (a card of its rank, or of its suit close by) and none among the
      cards another player took face up, the cheapest first while the round
      is young (a costly card played scores) and the costliest once it is
      closing (another player holds three cards or fewer; in Gin Rummy,
      always, as a knock may come on any turn);
    - in 1400 it claims every discard it may (F14-12), takes the first upcard
      when it gains by it, and in the last plays (F14-13) draws only when the
      cards it has not seen make the draw pay on average.

    In a game of going out (Going Out Rummy; :mod:`rummyrules.bots.going_out`),
    where only going out counts:

    - it goes out as soon as it can (GOR-7);
    - it keeps the hand that is fewest cards short of going out, counting a
      pair or two close cards of a suit one card short of a meld, a lone card
      two, and each WILDCARD as one missing card found; of the discards that
      leave the hand as near, it lets go the one least tied to the cards the
      other players took face up (the next player takes what brings them
      nearer);
    - it takes the top discard only when that brings the hand closer, and
      never drops out.

    Each choice is a method of ``PointsDecision``
    or ``GoingOutDecision``; a subclass that
    sets ``points_decision`` or ``going_out_decision`` to a subclass of them
    changes one choice and keeps the rest (:doc:`/bots`).

    ``seed`` is taken for the same signature as :class:`RandomBot`; the
    choice needs no chance, so the seed changes nothing.

    >>> from rummyrules import GoingOutRummy
    >>> from rummyrules.bots import RandomBot, play_game
    >>> rules = GoingOutRummy(max_turns=200)
    >>> play_game(rules, [GreedyBot(), RandomBot(seed=1)], seed=4).state.winners
    (0,)
    """

    points_decision: type[PointsDecision] = PointsDecision
    """The decision it makes in a game of points: override to change one choice."""
    going_out_decision: type[GoingOutDecision] = GoingOutDecision
    """The decision it makes in a game of going out: override to change one choice."""

    def __init__(self, *, seed: int = 0) -> None:
        del seed  # the greedy choice is deterministic

    def choose(self, view: View) -> Move | None:
        """The greedy move for this view; out of turn, a claim if there is one.

        Holding 9D and JD, it takes 10D from under 6C to meld them (EOP-6),
        and then lays that meld at once:

        >>> from rummyrules import EndOfThePage
        >>> game = EndOfThePage().position(
        ...     "wild 3 | face_up 3S@0 | to_move 1 draw"
        ...     " | hands 3S 4C / 9D JD KC 5H | pile 6C 10D"
        ... )
        >>> bot = GreedyBot()
        >>> print(bot.choose(game.view(1)))
        take 10D
        >>> print(bot.choose(game.apply("take 10D").view(1)))
        meld 9D 10D JD

        In Going Out Rummy it goes out as soon as it can (GOR-7):

        >>> from rummyrules import GoingOutRummy
        >>> rules = GoingOutRummy(hand_size=3)
        >>> game = rules.new_game(deck=rules.stacked_deck("7S 8H 7H 9C 7D KD 9D"))
        >>> print(GreedyBot().choose(game.apply("draw").view(1)))
        out 7S 7H 7D discard 9D
        """
        moves = view.legal_moves
        if view.to_move != view.player:
            # Out of turn, a lay-off is a discard claimed (1400, F14-12).
            return next((move for move in moves if isinstance(move, LayOff)), None)
        if not moves:
            return None
        strategy = strategy_of(view.rules)
        if isinstance(strategy, GoingOutStrategy):
            return self.going_out_decision(view, strategy).move()
        if isinstance(strategy, PointsStrategy):
            return self.points_decision(view, strategy).move()
        message = (
            f"GreedyBot plays games of points and games of going out; the strategy "
            f"of {view.rules.name} is neither"
        )
        raise TypeError(message)

    def choose_action(self, state: GameState, player: int) -> int | None:
        """The fast path's :meth:`choose`: the action of the move it chooses from ``state.view(player)``.

        The state lists its actions in the order the view lists its moves,
        so the move's place among the view's moves is its action's place
        among the state's: the search bot's rollouts and
        :func:`~rummyrules.bots.play_game` then play it with
        :meth:`~rummyrules.GameState.apply_action`, the same game move for
        move. A move ``choose`` makes that the view does not list (a
        subclass's own) raises :class:`~rummyrules.OptionError`.

        >>> from rummyrules import EndOfThePage
        >>> game = EndOfThePage().position(
        ...     "wild 3 | face_up 3S@0 | to_move 1 draw"
        ...     " | hands 3S 4C / 9D JD KC 5H | pile 6C 10D"
        ... )
        >>> action = GreedyBot().choose_action(game, 1)
        >>> print(game.action_to_move(action))
        take 10D
        """
        view = state.view(player)
        move = self.choose(view)
        if move is None:
            return None
        moves = view.legal_moves
        try:
            # The move chosen is the listed one itself: found by identity first.
            place = moves.index(move)
        except ValueError:
            message = (
                f"{type(self).__name__} chose {move}, which the view does not list"
            )
            raise OptionError(message) from None
        return state.legal_actions(player)[place]
