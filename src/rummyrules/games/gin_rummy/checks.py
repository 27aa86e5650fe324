"""What no play of Gin Rummy reaches: the checks of a state or view read from outside.

The shared checks (:mod:`rummyrules.formats.checks`) refuse what is wrong in
any game; these add what only Gin Rummy can tell, each written once for a
state and a view where both hold what it checks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rummyrules.core.cards import Card
from rummyrules.core.errors import StateError
from rummyrules.game.checks import check_player, check_seen, check_turn_limit
from rummyrules.games.gin_rummy.deadwood import knock_discards, min_deadwood
from rummyrules.games.gin_rummy.machine import knocker_unfinished
from rummyrules.games.gin_rummy.state import (
    DEALER_ZERO,
    GAME_BONUS,
    MOST_DEADWOOD_KNOCK,
    UPCARD_LIMIT,
    WALL,
    GinRummyOptions,
    GinRummyState,
    GinRummyView,
    hand_score,
    oklahoma_knock_card,
    own_deadwood,
    shown_deadwood,
    shows_hands,
)
from rummyrules.games.gin_rummy.state import GinRummyPhase as Phase

__all__ = ["check_state", "check_view"]

Game = GinRummyState | GinRummyView

_KNOCKER_MOVES: Final = frozenset({Phase.KNOCK, Phase.LAY_DOWN})
_AFTER_KNOCK: Final = _KNOCKER_MOVES | {Phase.LAY_OFF, Phase.MELD}
_DRAWN: Final = frozenset({Phase.PLAY, Phase.KNOCK})  # the mover holds the card drawn
_LAID_DOWN: Final = frozenset({Phase.LAY_OFF, Phase.MELD, Phase.OVER})


def check_state(state: GinRummyState) -> None:
    """Refuse a game of Gin Rummy, sound in shape, that no play reaches: see :meth:`GinRummy.check_state <rummyrules.GinRummy.check_state>`."""
    sizes = tuple(len(hand) for hand in state.hands)
    _check_game(state, sizes=sizes, stock=len(state.stock))
    _check_counters(state)
    if state.knocker is not None:
        _check_knocker_hand(state.phase, state.hands[state.knocker], state.knock_card)
    check_turn_limit(state, state.rules.max_turns, goes_on=False, ends="game")
    _check_sheet(state, turns=state.turns)
    # The last row of a game over is what its last hand scores (GIN-7, GIN-R2).
    if state.is_over and state.score_sheet:
        last = list(state.score_sheet[-1])
        if sum(last) == GAME_BONUS:
            last[last.index(max(last))] -= GAME_BONUS
        row = hand_score(state)[0]
        if last != row:
            raise StateError(
                f"score_sheet: the last hand scores {row[0]} {row[1]}, not "
                f"{' '.join(map(str, state.score_sheet[-1]))} (GIN-7)"
            )


def check_view(view: GinRummyView) -> None:
    """Refuse a view of Gin Rummy, sound in shape, that no play shows: see :meth:`GinRummy.check_view <rummyrules.GinRummy.check_view>`."""
    stock = view.stock_count
    if stock is None:  # pragma: no cover - the shared checks refuse it first
        raise StateError("stock_count: a view of Gin Rummy counts the stock")
    _check_game(view, sizes=view.hand_sizes, stock=stock)
    _check_shown(view)
    _check_deadwood(view)
    knocker, shown = view.knocker, view.shown_hands
    if knocker is not None and (shown or view.player == knocker):
        hand = shown[knocker] if shown else view.hand
        _check_knocker_hand(view.phase, hand, view.knock_card)
    _check_sheet(view, turns=None)


def _check_game(game: Game, *, sizes: Sequence[int], stock: int) -> None:
    """The checks of what a state and a view both hold."""
    rules = game.rules
    # The knocker indexes the hands below: a number off the table is refused first.
    check_player("knocker", game.knocker, len(sizes))
    if not 0 <= game.passes <= 2:
        raise StateError("passes: two players pass the first upcard at most (GIN-3)")
    if game.dealer != 0:
        raise StateError(DEALER_ZERO)
    _check_knocker(game)
    _check_piles(game, stock)
    if game.phase == Phase.UPCARD and any(game.known):
        # Only a take makes a card known, and taking the first upcard ends its phase.
        raise StateError(
            "known: while the first upcard is offered nobody has taken a card, so "
            "none is known to be held (GIN-3)"
        )
    _check_knock_card(game, rules)
    _check_sizes(game, sizes, rules.hand_size)
    _check_table(game, sizes)


def _check_knocker(game: Game) -> None:
    """A knocker in the phases after a knock, and the right player to move in them (GIN-5, GIN-6)."""
    phase, knocker = game.phase, game.knocker
    if phase in _AFTER_KNOCK and knocker is None:
        raise StateError(f"knocker: a {phase.value} follows a knock (GIN-5)")
    if phase not in _AFTER_KNOCK and knocker is not None and phase != Phase.OVER:
        raise StateError("knocker: nobody has knocked before the knock (GIN-5)")
    if knocker is None or phase == Phase.OVER:
        return
    if phase in _KNOCKER_MOVES and game.to_move != knocker:
        raise StateError(
            f"to_move: in the {phase.value} phase the knocker, player {knocker}, "
            "moves (GIN-5)"
        )
    if phase not in _KNOCKER_MOVES and game.to_move == knocker:
        raise StateError(
            f"to_move: in the {phase.value} phase the knocker's opponent, player "
            f"{1 - knocker}, moves (GIN-6)"
        )


def _check_piles(game: Game, stock: int) -> None:
    """The first upcard's phase, the discard pile to take from, the stock down to the wall (GIN-3, GIN-8)."""
    phase, passes, pile = game.phase, game.passes, len(game.discard_pile)
    if phase == Phase.UPCARD:
        if passes == 2 or game.to_move != passes:
            raise StateError(
                f"passes: after {passes} passes of the first upcard, player "
                f"{passes % 2} takes or passes it, or (after two) draws (GIN-3)"
            )
        if pile != 1:
            raise StateError(
                "discard_pile: while the first upcard is offered, it is the only "
                "card of the pile (GIN-3)"
            )
    if phase == Phase.DRAW and not pile:
        raise StateError("discard_pile: a turn begins with an upcard to take (GIN-4)")
    if passes == 2 and phase != Phase.UPCARD and not pile:
        raise StateError(
            "discard_pile: the first upcard, passed by both players, stays at the "
            "bottom of the pile (GIN-3)"
        )
    if stock < WALL:
        raise StateError(
            f"stock: {stock} cards; the wall comes at {WALL} cards, and the stock "
            "never runs lower (GIN-8)"
        )
    if phase == Phase.DRAW and stock == WALL:
        raise StateError(
            f"stock: with {WALL} cards left in the stock the player is at the wall, "
            "not in the draw phase (GIN-8)"
        )
    if phase == Phase.WALL and stock != WALL:
        raise StateError(
            f"stock: the wall comes when {WALL} cards are left in the stock, not "
            f"{stock} (GIN-8)"
        )


def _check_knock_card(game: Game, rules: GinRummyOptions) -> None:
    """The knock card is the option's, or under ``oklahoma`` the first upcard's value (GIN-5, GIN-10)."""
    knock_card = game.knock_card
    if not 0 <= knock_card <= MOST_DEADWOOD_KNOCK:
        raise StateError(
            f"knock_card: the knock card is from 0 to {MOST_DEADWOOD_KNOCK}, not {knock_card} "
            "(GIN-5)"
        )
    if not rules.oklahoma:
        if knock_card != rules.knock_card:
            raise StateError(
                f"knock_card: the knock card is the option, {rules.knock_card}, "
                "unless oklahoma sets it (GIN-10)"
            )
        return
    pile = game.discard_pile
    # The first upcard lies alone on the pile while it is offered, and at its
    # bottom for the rest of the hand once both players passed it; taken, it
    # may be anywhere, but no card sets a knock card of 1.
    first = pile[-1] if game.phase == Phase.UPCARD or game.passes == 2 else None
    want = None if first is None else oklahoma_knock_card(first)
    if want is not None and knock_card != want:
        raise StateError(
            f"knock_card: under oklahoma the first upcard, {first}, sets the knock "
            f"card to {want}, not {knock_card} (GIN-10)"
        )
    if knock_card == 1:
        raise StateError(
            "knock_card: under oklahoma no upcard sets a knock card of 1: an Ace "
            "means gin only (GIN-10)"
        )


def _check_sizes(game: Game, sizes: Sequence[int], hand_size: int) -> None:
    """Each player's cards, in hand and laid on the table, are the hand size, and the drawn card (GIN-1, GIN-4)."""
    laid = [sum(p == i for m in game.melds for p in m.played_by) for i in (0, 1)]
    for player, held in enumerate(sizes):
        want = hand_size + int(game.phase in _DRAWN and player == game.to_move)
        if held + laid[player] != want:
            on_table = f" and {laid[player]} laid on the table" if laid[player] else ""
            cards = "card" if held == 1 else "cards"
            raise StateError(
                f"hands: player {player} holds {held} {cards}{on_table}; in the "
                f"{game.phase.value} phase that makes {want} (GIN-1, GIN-4)"
            )


def _check_table(game: Game, sizes: Sequence[int]) -> None:
    """The knocker's melds, then the opponent's lay-offs on them, then the opponent's melds (GIN-5, GIN-6)."""
    melds, knocker, phase = game.melds, game.knocker, game.phase
    if phase == Phase.LAY_OFF and knocker is not None and sizes[knocker] == 0:
        raise StateError("melds: nobody lays off on gin (GIN-6)")
    if not melds:
        return
    if knocker is None:
        raise StateError("melds: melds are laid only after a knock (GIN-5)")
    if phase == Phase.KNOCK:
        raise StateError("melds: the knocker discards before laying melds (GIN-5)")
    opponent = 1 - knocker
    owners = [meld.owner for meld in melds]
    if opponent in owners and phase not in (Phase.MELD, Phase.OVER):
        raise StateError(
            f"melds: player {opponent} lays melds only after the lay-offs, in the "
            "meld phase (GIN-6)"
        )
    if owners != sorted(owners, key=lambda owner: owner == opponent):
        raise StateError(
            "melds: the knocker's melds are laid first, the opponent's after them "
            "(GIN-5, GIN-6)"
        )
    laid_off = [m for m in melds if any(p != m.owner for p in m.played_by)]
    if not laid_off:
        return
    if any(meld.owner != knocker for meld in laid_off):
        raise StateError(
            "melds: cards are laid off only on the knocker's melds, by the "
            "opponent (GIN-6)"
        )
    if phase == Phase.LAY_DOWN:
        raise StateError("melds: the lay-offs come once the knocker is done (GIN-6)")
    if sizes[knocker] == 0:
        raise StateError("melds: nobody lays off on gin (GIN-6)")


def _check_knocker_hand(phase: Phase, hand: Sequence[Card], knock: int) -> None:
    """The knock stays good: a discard that keeps it, melds to lay, then nothing over (GIN-5, GIN-R3)."""
    if phase == Phase.KNOCK and not knock_discards(hand, knock):
        raise StateError(
            f"hands: no discard leaves the knocker's deadwood at most the knock card, "
            f"{knock} (GIN-5)"
        )
    if phase == Phase.LAY_DOWN and min_deadwood(hand) > knock:
        raise StateError(
            f"hands: the knocker's deadwood, {min_deadwood(hand)}, is over the knock "
            f"card, {knock} (GIN-5)"
        )
    if phase in _LAID_DOWN:
        unfinished = knocker_unfinished(hand, knock)
        if unfinished is not None:
            raise StateError(
                "hands: the knocker has laid down, so the cards left hold no meld "
                f"and are worth at most the knock card, {knock} ({unfinished.rule})"
            )


def _check_sheet(game: Game, *, turns: int | None) -> None:
    """GIN-R2: one hand is the game, or hands are played until the target; each row a zero sum (GIN-7); ``turns`` None for a view."""
    sheet, over, target = game.score_sheet, game.phase == Phase.OVER, game.rules.target
    if target is None and len(sheet) != int(over):
        raise StateError(
            "score_sheet: one hand is the game without a target, and it is "
            "scored when it ends (GIN-R2)"
        )
    if over and not sheet:
        raise StateError("score_sheet: a game over has its last hand scored (GIN-R2)")
    totals, bonus = [0, 0], False
    for number, row in enumerate(sheet, start=1):
        if target is not None and max(totals) >= target:
            raise StateError(
                f"score_sheet: a total reached the target, {target}, before row "
                f"{number}, so the game was over (GIN-R2)"
            )
        scores = list(row)
        last = over and number == len(sheet)
        bonus = target is not None and last and sum(scores) == GAME_BONUS
        if bonus:
            scores[scores.index(max(scores))] -= GAME_BONUS
        if sum(scores) != 0:
            raise StateError(
                f"score_sheet: row {number} gives one player what the other loses, "
                "so it sums to 0 (GIN-7), but for the game bonus, 100, of the last "
                "row of a game to a target (GIN-R2)"
            )
        totals = [total + score for total, score in zip(totals, scores, strict=True)]
        if bonus and (
            target is None
            or max(totals) < target
            or row.index(max(row)) != totals.index(max(totals))
        ):
            raise StateError(
                f"score_sheet: row {number} adds the game bonus, 100, but to a player "
                f"whose total did not reach the target, {target} (GIN-R2)"
            )
    if target is None:
        return
    if max(totals) >= target and not (over and bonus):
        raise StateError(
            f"score_sheet: a total has reached the target, {target}, so the game "
            "is over, and that player adds the game bonus, 100 (GIN-R2)"
        )
    limit = game.rules.max_turns
    if over and not bonus and (limit is None or (turns is not None and turns < limit)):
        raise StateError(
            f"score_sheet: no total has reached the target, {target}, nor have the "
            "turns reached max_turns, so the game is not over (GIN-R2, ALL-5)"
        )


def _check_counters(state: GinRummyState) -> None:
    """The counters of a hand and the upcard taken this turn (GIN-9), no reshuffle ever (GIN-8)."""
    most = UPCARD_LIMIT - int(state.phase != Phase.OVER)
    if not 0 <= state.upcards <= most:
        raise StateError(
            f"upcards: a hand ends on the {UPCARD_LIMIT}th upcard taken, so "
            f"{state.upcards} cannot be (GIN-9)"
        )
    if state.bounced not in (0, 1):
        raise StateError(
            f"bounced: 1 when the last turn took the upcard and threw it back, else "
            f"0, not {state.bounced} (GIN-9)"
        )
    if state.phase == Phase.UPCARD and (state.upcards or state.bounced):
        raise StateError(
            "upcards: while the first upcard is offered no turn has taken an "
            "upcard (GIN-3, GIN-9)"
        )
    if state.reshuffles:
        raise StateError(
            "reshuffles: the stock of Gin Rummy is never rebuilt; the wall ends the "
            "hand (GIN-8)"
        )
    taken = state.taken
    if taken is None:
        return
    if state.phase != Phase.PLAY:
        raise StateError(
            f"taken: an upcard is taken only in the turn under way, which plays it "
            f"in the play phase, not the {state.phase.value} phase (GIN-9)"
        )
    if taken not in state.hands[state.to_move or 0]:
        raise StateError(
            f"taken: {taken} is not in the hand of player {state.to_move}, who took it"
        )


def _check_shown(view: GinRummyView) -> None:
    """Both hands face up once the knocker has laid down, the viewer's own as they hold it (GIN-6)."""
    shown = view.shown_hands
    if not shows_hands(view.phase, view.knocker):
        if shown:
            raise StateError(
                "shown_hands: the hands are shown only once the knocker has laid "
                "down (GIN-6)"
            )
        return
    if len(shown) != len(view.hand_sizes):
        raise StateError(
            "shown_hands: once the knocker has laid down both hands are shown (GIN-6)"
        )
    if tuple(shown[view.player]) != tuple(view.hand):
        raise StateError(
            f"shown_hands: player {view.player}'s hand is shown as they hold it"
        )
    for player, hand in enumerate(shown):
        if len(hand) != view.hand_sizes[player]:
            raise StateError(
                f"shown_hands: player {player}'s hand is shown with {len(hand)} "
                f"cards, but the hand sizes say {view.hand_sizes[player]}"
            )
    check_seen(view, *shown[1 - view.player])


def _check_deadwood(view: GinRummyView) -> None:
    """The deadwood shown is the hands' own, as they are counted (GIN-2, GIN-5, GIN-7)."""
    for name, shown, counted in (
        ("deadwood", view.deadwood, own_deadwood(view)),
        # As lists, the way a saved view writes them.
        ("shown_deadwood", list(view.shown_deadwood), list(shown_deadwood(view))),
    ):
        if shown != counted:
            raise StateError(
                f"{name}: {shown} is not what the hands count, {counted} (GIN-2)"
            )
