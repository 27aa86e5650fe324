"""Checks that a state, a view or a match built from outside could be real.

A game played through :meth:`~rummyrules.GameState.apply` is always
consistent. A state read from saved data may not be: these checks refuse one
that loses or copies a card (ALL-1), holds a meld the rules do not allow as
declared, names a player who does not exist, or whose phase does not fit
its hands; then :func:`~rummyrules.formats.reachable.check_reachable` refuses what
no play of the game could lead to. Each refusal raises
:class:`~rummyrules.StateError` with a sentence saying what is wrong.

>>> import attrs
>>> from rummyrules import EndOfThePage
>>> game = EndOfThePage().new_game(seed=1)
>>> check_state(game)
>>> check_state(attrs.evolve(game, stock=game.stock[1:]))
Traceback (most recent call last):
...
rummyrules.StateError: the cards are not the game's deck: 1 missing (QD)
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence

from rummyrules.core.cards import Rank
from rummyrules.core.errors import OptionError, StateError
from rummyrules.core.hands import some_cards
from rummyrules.formats.reachable import check_reachable, round_of
from rummyrules.game.rules import PlayableRules, deck_counts
from rummyrules.game.state import GameState, Phase
from rummyrules.game.table import TableMeld
from rummyrules.game.views import StockSize, View
from rummyrules.games.going_out.match import Match, game_seed
from rummyrules.games.going_out.rules import GoingOutRummy
from rummyrules.melds import Meld, MeldRules, readings

__all__ = ["check_match", "check_state", "check_view"]

_PHASES_OF_1400_ONLY = frozenset({Phase.OPENING, Phase.LAST})


def check_state(state: GameState) -> None:
    """Refuse a state that no game could have reached.

    >>> from rummyrules import GoingOutRummy
    >>> check_state(GoingOutRummy().new_game(seed=2).apply("draw"))
    """
    rules = state.rules
    players = _players(rules)
    _sized("hands", state.hands, players)
    _sized("melded", state.melded, players)
    _sized("had_turn", state.had_turn, players)
    _sized("scores", state.scores, players)
    for number, row in enumerate(state.score_sheet, start=1):
        _sized(f"row {number} of the score sheet", row, players)
    _scores(state)
    _wild(state)
    for name in ("dealer", "to_move", "face_up_holder", "out", "discarder", "winner"):
        _player(name, getattr(state, name), players)
    for name in ("round", "turns", "reshuffles", "passes"):
        if getattr(state, name) < (1 if name == "round" else 0):
            raise StateError(f"{name} cannot be {getattr(state, name)}")
    _conserved(state)
    _table(state.table, state, players)
    _phase(state)
    check_reachable(state)


def check_view(view: View) -> None:
    """Refuse a view that no game could have shown its player.

    >>> from rummyrules import FourteenHundred
    >>> check_view(FourteenHundred().new_game(seed=2).view(1))
    """
    rules = view.rules
    players = len(view.hand_sizes)
    _player("player", view.player, players)
    _sized("hand_sizes", view.hand_sizes, players)
    _sized("scores", view.scores, players)
    if len(view.hand) != view.hand_sizes[view.player]:
        message = (
            f"player {view.player}'s hand holds {len(view.hand)} cards, but the "
            f"hand sizes say {view.hand_sizes[view.player]}"
        )
        raise StateError(message)
    seen = [*view.hand, *view.discard_pile]
    seen += [card for meld in view.melds for card in meld.cards]
    seen += [card for card in (view.marker,) if card is not None]
    extra = Counter(seen) - Counter(rules.deck())
    if extra:
        raise StateError(
            f"the view shows cards the deck does not have: {some_cards(extra.elements())}"
        )
    for name in ("to_move", "dealer", "face_up_holder", "out", "discarder"):
        _player(name, getattr(view, name), players)
    expected = round_of(rules, view.score_sheet, over=view.phase is Phase.OVER)
    if view.round != expected:
        raise StateError(
            f"round: with {len(view.score_sheet)} rows on the score sheet the round "
            f"is {expected}, not {view.round}"
        )
    _table(view.melds, view, players)
    if (view.to_move is None) != (view.phase is Phase.OVER):
        raise StateError("a game over has nobody to move, and only a game over")
    if rules.hides_piles:
        if view.stock_count is not None or len(view.discard_pile) > 1:
            raise StateError(
                "in Going Out Rummy a view shows neither the stock count nor old discards (GOR-11)"
            )
    elif (
        view.stock_count is None
        or StockSize.of(view.stock_count) is not view.stock_size
    ):
        raise StateError("the stock's count and its size do not agree")


def check_match(match: Match) -> None:
    """Refuse a match whose games could not have followed one another (GOR-12).

    >>> from rummyrules import GoingOutRummy, Match
    >>> check_match(Match.start(GoingOutRummy(), seed=4))
    """
    if not match.games:
        raise StateError("a match has at least one game")
    first = match.games[0].rules
    if not isinstance(first, GoingOutRummy):
        raise StateError("a match is played under GoingOutRummy rules (GOR-12)")
    for game in match.games:
        check_state(game)
        if not isinstance(game.rules, GoingOutRummy) or game.players != first.players:
            raise StateError(
                "every game of a match is Going Out Rummy with the same players"
            )
    draw = first.draw_for_dealer(seed=match.seed, shuffler=match.draw.shuffler)
    if draw != match.draw:
        raise StateError(
            "the draw for first dealer is not the one the match's seed gives"
        )
    following = draw.dealer
    for number, game in enumerate(match.games, start=1):
        if game.seed != game_seed(match.seed, number) or game.dealer != following:
            message = (
                f"game {number} is not dealt as the match's seed and its games say"
            )
            raise StateError(message)
        if number < len(match.games) and not game.is_over:
            raise StateError(f"game {number} is not over, yet another game follows it")
        winners = game.winners
        first_player = winners[0] if winners else (game.dealer + 1) % game.players
        following = (first_player - 1) % game.players
    wins = Counter(p for game in match.games[:-1] for p in game.winners)
    if wins and max(wins.values()) >= 2:
        raise StateError("a game follows the one in which a player won the match")


def _players(rules: PlayableRules) -> int:
    players: int = getattr(rules, "players")  # noqa: B009 - every playable rules class has it
    return players


def _sized(name: str, items: Sequence[object], players: int) -> None:
    if len(items) != players:
        raise StateError(f"{name} has {len(items)} entries for {players} players")


def _player(name: str, player: int | None, players: int) -> None:
    if player is not None and not 0 <= player < players:
        raise StateError(
            f"{name} is player {player}, but the players are 0 to {players - 1}"
        )


def _scores(state: GameState) -> None:
    totals = tuple(sum(column) for column in zip(*state.score_sheet, strict=True))
    if not state.score_sheet:
        totals = (0,) * state.players
    if state.scores != totals:
        message = (
            f"the scores {list(state.scores)} are not the totals of the score sheet"
        )
        raise StateError(message)


def _wild(state: GameState) -> None:
    try:
        state.rules.wild_rank(state.wild)
    except OptionError as error:
        raise StateError(str(error)) from None
    if state.wild is None and state.rules.wild_ranks:
        raise StateError(f"a round of {state.rules.name} has a wild rank")


def _conserved(state: GameState) -> None:
    every = [card for hand in state.hands for card in hand]
    every += [*state.stock, *state.discard_pile, *state.out_of_play]
    every += [card for meld in state.table for card in meld.cards]
    if state.marker is not None:
        every.append(state.marker)
    want, have = deck_counts(state.rules), Counter(every)
    # dict's own comparison: neither side holds a zero count, and it runs in C.
    if not dict.__eq__(want, have):
        parts = []
        if lacking := want - have:
            parts.append(
                f"{lacking.total()} missing ({some_cards(lacking.elements())})"
            )
        if extra := have - want:
            parts.append(f"{extra.total()} too many ({some_cards(extra.elements())})")
        raise StateError(f"the cards are not the game's deck: {'; '.join(parts)}")


def _table(table: Sequence[TableMeld], where: GameState | View, players: int) -> None:
    rules: PlayableRules = where.rules
    for number, laid in enumerate(table, start=1):
        meld = laid.meld
        _player(f"the owner of meld {number}", laid.owner, players)
        if len(laid.played_by) != len(meld.cards):
            raise StateError(f"meld {number} does not say who played each of its cards")
        for player in laid.played_by:
            _player(f"a card of meld {number}", player, players)
        _credited(number, laid, rules)
        if not _allowed(meld, rules.meld_rules, where.wild):
            raise StateError(
                f"meld {number}, {meld}, is not a {meld.kind.value} the rules allow"
            )


def _credited(number: int, laid: TableMeld, rules: PlayableRules) -> None:
    """The owner laid the meld: three of its cards at least are theirs (MELD-6).

    In Going Out Rummy nobody lays off, so all of them are (GOR-4).
    """
    owner, credits = laid.owner, laid.played_by
    if isinstance(rules, GoingOutRummy):
        if any(player != owner for player in credits):
            raise StateError(
                f"meld {number}: nobody lays off in Going Out Rummy, so all its cards "
                f"are its owner's, player {owner}'s (GOR-4)"
            )
    elif credits.count(owner) < 3:
        raise StateError(
            f"meld {number}: player {owner} laid it, so at least 3 of its cards are "
            f"theirs, not {credits.count(owner)} (MELD-6)"
        )


@functools.lru_cache(maxsize=4096)
def _allowed(meld: Meld, rules: MeldRules, wild: Rank | None) -> bool:
    # Memoised on frozen values: saved games repeat the same melds.
    found = readings(meld.cards, rules, wild=wild, declared=meld.stands_for)
    return meld in found


def _phase(state: GameState) -> None:
    if (state.to_move is None) != (state.phase is Phase.OVER):
        raise StateError("a game over has nobody to move, and only a game over")
    if state.phase in _PHASES_OF_1400_ONLY and state.rules.name != "1400":
        raise StateError(f"{state.rules.name} has no {state.phase.value} phase")
