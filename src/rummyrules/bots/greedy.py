"""The greedy bot: melds and lays off all it can, goes out when it can.

>>> from rummyrules import GoingOutRummy
>>> from rummyrules.bots import RandomBot, play_game
>>> rules = GoingOutRummy(max_turns=400)
>>> play_game(rules, [GreedyBot(), RandomBot(seed=1)], seed=4).state.winners
(0,)
"""

from __future__ import annotations

from rummyrules.game.moves import LayOff, Move
from rummyrules.game.state import View
from rummyrules.game.strategy import GoingOutStrategy, PointsStrategy, strategy_of

from .going_out import going_out_move
from .points import points_move

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
    - it discards a card that fits no meld on the table and has no partner in
      hand (a card of its rank, or of its suit close by), the costliest first,
      and keeps its wilds;
    - in 1400 it claims every discard it may (F14-12), takes the first upcard
      when it gains by it, and in the last plays (F14-13) draws only when the
      cards it has not seen make the draw pay on average.

    In a game of going out (Going Out Rummy; :mod:`rummyrules.bots.going_out`),
    where only going out counts:

    - it goes out as soon as it can (GOR-7);
    - it keeps the hand that is fewest cards short of going out, counting a
      pair or two close cards of a suit one card short of a meld, a lone card
      two, and each WILDCARD as one missing card found;
    - it takes the top discard only when that brings the hand closer, and
      never drops out.

    ``seed`` is taken for the same signature as :class:`RandomBot`; the
    choice needs no chance, so the seed changes nothing.

    >>> from rummyrules import GoingOutRummy
    >>> from rummyrules.bots import RandomBot, play_game
    >>> rules = GoingOutRummy(max_turns=200)
    >>> play_game(rules, [GreedyBot(), RandomBot(seed=1)], seed=4).state.winners
    (0,)
    """

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
            return going_out_move(view, strategy)
        if isinstance(strategy, PointsStrategy):
            return points_move(view, strategy)
        message = (
            f"GreedyBot plays games of points and games of going out; the strategy "
            f"of {view.rules.name} is neither"
        )
        raise TypeError(message)
