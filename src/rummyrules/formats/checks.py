"""Checks that a state or a view built from outside could be real.

A game played through :meth:`~rummyrules.GameState.apply` is always
consistent. A state read from saved data or a position may not be: these
checks refuse one that loses or copies a card (ALL-1), holds a meld the
rules do not allow as declared, names a player who does not exist, or whose
phase does not fit. Then each game refuses what only it can tell no play of
it reaches (``rules.check_state``: a winner nobody made, a turn limit
passed, …). Each refusal raises :class:`~rummyrules.StateError` with a
sentence naming the field and, where one does, the rule.

>>> from rummyrules import EndOfThePage
>>> game = EndOfThePage().new_game(seed=1)
>>> check_state(game)
>>> check_state(game.replace(stock=game.stock[1:]))
Traceback (most recent call last):
...
rummyrules.StateError: the cards are not the game's deck: 1 missing (QD)
"""

from __future__ import annotations

import functools
import operator
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from rummyrules.core.cards import Card, Rank
from rummyrules.core.errors import OptionError, StateError
from rummyrules.core.hands import some_cards
from rummyrules.core.inputs import brief
from rummyrules.core.options import MOST
from rummyrules.game.checks import check_player, check_seen, check_sized
from rummyrules.game.events import Event
from rummyrules.game.results import RoundResult
from rummyrules.game.rules import deck_counts
from rummyrules.game.state import GameState, PlayableRules, View
from rummyrules.game.table import TableMeld
from rummyrules.game.view import StockSize
from rummyrules.melds import MeldKind, readings
from rummyrules.melds.codes import (
    MeldCode,
    code_meld,
    code_rank,
    code_rules,
    meld_code,
    rank_code,
    rules_code,
)

__all__ = ["check_state", "check_view"]


def check_state(state: GameState) -> None:
    """Refuse a state that no game could have reached.

    >>> from rummyrules import GoingOutRummy
    >>> check_state(GoingOutRummy().new_game(seed=2).apply("draw"))
    """
    rules = state.rules
    _own_class(state, rules.state_class, f"{rules.name}'s states")
    players = rules.players
    check_sized("hands", state.hands, players)
    sheet = state.score_sheet
    if set(map(len, sheet)) - {players}:  # a row of another size: name the first
        for number, row in enumerate(sheet, start=1):
            check_sized(f"row {number} of the score sheet", row, players)
    _wild(state.rules, state.wild)
    for name in ("dealer", "to_move"):
        check_player(name, getattr(state, name), players)
    for name in ("turns", "reshuffles"):
        if getattr(state, name) < 0:
            raise StateError(f"{name} cannot be {getattr(state, name)}")
    _turns(state.turns, getattr(rules, "max_turns", None), players)
    _conserved(state)
    _in_order("hands", enumerate(state.hands))
    _melds(state.melds, rules, state.wild, players)
    if (state.to_move is None) != (state.phase == "over"):
        raise StateError("a game over has nobody to move, and only a game over")
    _known(state.known, state.hands)
    _history(state.events, state.round_results, state.score_sheet, rules)
    rules.check_state(state)
    if not state.is_over and not _has_move(state):
        raise StateError(f"player {state.to_move} has no move in this position (ALL-2)")


def check_view(view: View) -> None:
    """Refuse a view that no game could have shown its player.

    >>> from rummyrules import FourteenHundred
    >>> check_view(FourteenHundred().new_game(seed=2).view(1))
    """
    rules = view.rules
    _own_class(view, rules.view_class, f"{rules.name}'s views")
    players = rules.players
    check_sized("hand_sizes", view.hand_sizes, players)
    check_player("player", view.player, players)
    if len(view.hand) != view.hand_sizes[view.player]:
        message = (
            f"player {view.player}'s hand holds {len(view.hand)} cards, but the "
            f"hand sizes say {view.hand_sizes[view.player]}"
        )
        raise StateError(message)
    check_seen(view)
    _in_order("hand", [(view.player, view.hand)])
    _in_order("known", enumerate(view.known))
    for name in ("to_move", "dealer"):
        check_player(name, getattr(view, name), players)
    # The wild rank is a field of the views of games that have one.
    wild = getattr(view, "wild", None)
    _wild(rules, wild)
    _melds(view.melds, rules, wild, players)
    if (view.to_move is None) != (view.phase == "over"):
        raise StateError("a game over has nobody to move, and only a game over")
    if rules.hides_piles:
        if view.stock_count is not None or len(view.discard_pile) > 1:
            raise StateError(
                f"in {rules.name} a view shows neither the stock count nor old "
                "discards (GOR-11)"
            )
    elif (
        view.stock_count is None
        or StockSize.of(view.stock_count) is not view.stock_size
    ):
        raise StateError("the stock's count and its size do not agree")
    check_sized("known", view.known, players)
    if Counter(view.known[view.player]) - Counter(view.hand):
        raise StateError("known: the player's known cards are not in their hand")
    for player, cards in enumerate(view.known):
        if len(cards) > view.hand_sizes[player]:
            raise StateError(f"known: player {player} holds fewer cards than that")
    # Only the views of games that keep score have a score sheet.
    sheet: tuple[tuple[int, ...], ...] = getattr(view, "score_sheet", ())
    _history(view.events, view.round_results, sheet, rules)
    rules.check_view(view)


def _in_order(name: str, groups: Iterable[tuple[int, Sequence[Card]]]) -> None:
    """Refuse cards out of the order the library keeps them in (as ``sorted_hand``).

    Play and positions keep every hand sorted, so a save must too: else it
    would load as a state equal to no state its own position reads as.
    """
    for player, cards in groups:
        # Each card against the next, in C: any(low > high), pair by pair.
        if any(map(operator.gt, cards, cards[1:])):
            raise StateError(
                f"{name}: player {player}'s cards are not in the order the library "
                "keeps them, by rank and then suit, as in AS AH 2S 2H"
            )


def _turns(turns: int, limit: int | None, players: int) -> None:
    """Refuse more turns than a round (Gin Rummy: a game) can count (ALL-5).

    A round ends at its turn limit, but for the turns owed to the players
    who have not had one (EOP-14, F14-13); without a limit the library
    counts up to the largest one a rules object takes (:data:`MOST`), so a
    save cannot claim a billion turns.
    """
    most = (MOST if limit is None else limit) + players
    if turns > most:
        raise StateError(
            f"turns: {brief(turns)} turns cannot have ended; no round counts more "
            f"than {most} (ALL-5)"
        )


def _known(known: Sequence[Sequence[Card]], hands: Sequence[Sequence[Card]]) -> None:
    """Refuse cards known to be in a hand that it does not hold."""
    if not known:
        return
    check_sized("known", known, len(hands))
    _in_order("known", enumerate(known))
    for player, (cards, hand) in enumerate(zip(known, hands, strict=True)):
        if not _holds(hand, cards) and (missing := Counter(cards) - Counter(hand)):
            raise StateError(
                f"known: player {player} does not hold {some_cards(missing.elements())}"
            )
    if not any(known):
        raise StateError("known: when nobody's cards are known it is left empty")


def _holds(hand: Sequence[Card], cards: Sequence[Card]) -> bool:
    """Whether the hand holds the cards: by sets, in C, when no card is named twice."""
    unique = set(cards)
    return len(unique) == len(cards) and unique.issubset(hand)


def _history(
    events: Sequence[Event],
    results: Sequence[RoundResult],
    sheet: Sequence[tuple[int, ...]],
    rules: PlayableRules[Any],
) -> None:
    """Refuse events and round results that do not fit the game or its score sheet.

    A state keeps the last counted round's result only, numbered as the
    sheet's last row, its net that row. A game read from a position knows
    the result of no past round until it counts one. A game that keeps no score has its one result once the hand
    is over.
    """
    players = rules.players
    if len(results) > 1:
        raise StateError(
            "round_results: a state keeps the last round's result only, "
            f"not {len(results)}"
        )
    last = len(sheet) if rules.keeps_score else len(results)
    if any(result.round != last for result in results) or last < len(results):
        raise StateError("round_results: the round is not the score sheet's last")
    for result in results:
        where = f"round_results: round {result.round}"
        check_sized(f"{where}'s hands", result.hands, players)
        for name in ("melded", "in_hand", "bonus", "net"):
            if getattr(result, name) or rules.keeps_score:
                check_sized(f"{where}'s {name}", getattr(result, name), players)
        check_player(f"{where}'s went_out", result.went_out, players)
        if rules.keeps_score and result.net != sheet[result.round - 1]:
            raise StateError(f"{where}'s net is not that row of the score sheet")
    for event in events:
        check_player(f"the {event.kind} event's player", event.player, players)
        if event.hidden < 0 or (event.meld is not None and event.meld < 1):
            raise StateError(f"the {event.kind} event moves no such cards or meld")
        if event.result is not None and event.result not in results:
            raise StateError(f"the {event.kind} event tells a round not counted")


def _own_class(value: object, cls: type, what: str) -> None:
    """The value is of the class its rules' game makes (a match reads its games as Going Out's)."""
    if not isinstance(value, cls):
        raise StateError(f"{what} are {cls.__name__}, not {type(value).__name__}")


def _wild(rules: PlayableRules[Any], wild: Rank | None) -> None:
    try:
        rules.wild_rank(wild)
    except OptionError as error:
        raise StateError(str(error)) from None
    if wild is None and rules.wild_ranks:
        raise StateError(f"a round of {rules.name} has a wild rank")


def _conserved(state: GameState) -> None:
    every = [card for hand in state.hands for card in hand]
    every += [*state.stock, *state.discard_pile, *state.set_aside()]
    every += [card for meld in state.melds for card in meld.cards]
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


def _melds(
    melds: Sequence[TableMeld],
    rules: PlayableRules[Any],
    wild: Rank | None,
    players: int,
) -> None:
    if not melds:
        return
    meld_rules = rules.meld_rules
    # The same for every meld: worked out once.
    codes = rules_code(meld_rules), rank_code(wild)
    for number, laid in enumerate(melds, start=1):
        meld = laid.meld
        check_player(f"the owner of meld {number}", laid.owner, players)
        played_by = laid.played_by
        if len(played_by) != len(meld.cards):
            raise StateError(f"meld {number} does not say who played each of its cards")
        if not _seated(played_by, players):
            for player in played_by:  # names the first player off the table
                check_player(f"a card of meld {number}", player, players)
        if played_by.count(laid.owner) < 3:
            raise StateError(
                f"meld {number}: player {laid.owner} laid it, so at least 3 of its "
                f"cards are theirs, not {played_by.count(laid.owner)} (MELD-6)"
            )
        if meld.kind is MeldKind.RUN and not meld_rules.all_wild_allowed:
            _run_laid(number, laid)
        if not _allowed_code(meld_code(meld), *codes):
            raise StateError(
                f"meld {number}, {meld}, is not a {meld.kind.value} the rules allow"
            )


def _seated(played_by: tuple[int, ...], players: int) -> bool:
    """Whether every card's player is at the table: two comparisons, in C, for most melds."""
    try:
        return 0 <= min(played_by) <= max(played_by) < players
    except (TypeError, ValueError):  # no card, or not all numbers: one by one
        return False


def _run_laid(number: int, laid: TableMeld) -> None:
    """A run is laid as 3 cards or more in a row, and lay-offs only add at its ends.

    So 3 of its owner's cards lie next to each other, wilds too: a wild
    keeps the card it stands for. Not where all-wild melds are allowed
    (GOR-6, F14-R8): there the cards laid off on one may decide its order.
    """
    row = 0
    for player in laid.played_by:
        row = row + 1 if player == laid.owner else 0
        if row == 3:
            return
    raise StateError(
        f"meld {number}: player {laid.owner} laid this run, so 3 of its cards in a "
        "row are theirs; lay-offs only add at its ends (MELD-6)"
    )


@functools.lru_cache(maxsize=4096)
def _allowed_code(code: MeldCode, rules: int, wild: int) -> bool:
    # Memoised on codes, which the garbage collector need not walk: saved
    # games repeat the same melds.
    meld = code_meld(code)
    declared = meld.stands_for
    found = readings(
        meld.cards, code_rules(rules), wild=code_rank(wild), declared=declared
    )
    return meld in found


def _has_move(state: GameState) -> bool:
    """Whether the game's core lists a move for the player to move; none for a state that still breaks the core.

    Such a state got past the checks above; it is refused, never let through.
    """
    try:
        return bool(state.legal_actions())
    except (IndexError, KeyError, ValueError, AttributeError, TypeError):
        return False
