"""Checks that a game state could have been reached by play.

:func:`~rummyrules.formats.checks.check_state` first checks a state's shape (its
sizes, players, cards and melds); these checks then refuse what no game could
reach: a game over too early or too late, a round the score sheet does not
lead to, fields the game never sets, a player down who owns no meld, a
winner nobody made, a turn limit passed. Each refusal is a
:class:`~rummyrules.StateError` whose sentence names the field and the rule.
What they cannot see is a different deal: any hands, stock and seed that
some shuffle could have dealt look alike.

>>> import attrs
>>> from rummyrules import GoingOutRummy
>>> game = GoingOutRummy().new_game(seed=2)
>>> check_reachable(game)
>>> check_reachable(attrs.evolve(game, passes=1))
Traceback (most recent call last):
...
rummyrules.StateError: passes: there is no such thing in Going Out Rummy (F14-7)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from rummyrules.core.errors import StateError
from rummyrules.core.options import StockOut
from rummyrules.game.rules import PlayableRules
from rummyrules.game.state import GameState, Phase, Turn
from rummyrules.game.table import TableMeld
from rummyrules.games.end_of_the_page.rules import EndOfThePage
from rummyrules.games.fourteen_hundred.rules import FourteenHundred
from rummyrules.games.going_out.rules import GoingOutRummy

__all__ = ["check_reachable", "dealt_holder", "melded_by", "round_of"]

_FIELD_RULES: Final = {
    "face_up": "EOP-3, F14-4",
    "face_up_holder": "EOP-3, F14-4",
    "marker": "F14-R3",
    "score_sheet": "EOP-17, F14-15",
    "melded": "EOP-9",
    "had_turn": "EOP-14",
    "passes": "F14-7",
    "claim": "F14-12",
    "discarder": "F14-12",
    "winner": "GOR-7",
    "dropped": "GOR-10",
    "out_of_play": "GOR-10",
    "taken": "EOP-R3",
    "must_meld": "EOP-6, F14-6",
    "support": "EOP-6",
    "held_copy": "EOP-R3",
    "must_use": "F14-9",
    "drew": "F14-13",
}
"""The rule that gives each field its meaning, for the messages."""

_TURN_FIELDS: Final = tuple(field.name for field in attrs.fields(Turn))


def check_reachable(state: GameState) -> None:
    """Refuse a state whose fields no play of its game could have led to.

    The state's shape must already be checked (see
    :func:`~rummyrules.formats.checks.check_state`, which calls this).

    >>> from rummyrules import EndOfThePage
    >>> check_reachable(EndOfThePage().new_game(seed=4).apply("draw"))
    """
    _check_unused(state)
    _check_progress(state)
    _check_mover(state)
    _check_turn(state)
    _check_wild_card(state)
    _check_claim(state)
    _check_melded(state)
    _check_limits(state)
    _check_out(state)
    if isinstance(state.rules, GoingOutRummy):
        _check_going_out(state, state.rules)
    if not state.is_over and not _moves(state):
        raise StateError(f"player {state.to_move} has no move in this position (ALL-2)")


# --- What the game's rules and score sheet settle ---------------------------------


def dealt_holder(rules: PlayableRules, dealer: int) -> int | None:
    """Who is dealt the wild-rank card: End of the Page's dealer, 1400's dealer's left.

    None where nobody is: in Going Out Rummy, and in 1400 when the card
    stays on the table as a marker (F14-R3).

    >>> from rummyrules import EndOfThePage, FourteenHundred
    >>> dealt_holder(EndOfThePage(), 1), dealt_holder(FourteenHundred(), 3)
    (1, 0)
    """
    if isinstance(rules, EndOfThePage):
        return dealer
    if isinstance(rules, FourteenHundred) and rules.wild_card_dealt:
        return (dealer + 1) % rules.players
    return None


def round_of(
    rules: PlayableRules, sheet: Sequence[Sequence[int]], *, over: bool
) -> int:
    """The round a score sheet says is being played: the one after the last row, or once over the last.

    >>> from rummyrules import EndOfThePage
    >>> round_of(EndOfThePage(), [(5, 10)], over=False)
    2
    >>> round_of(EndOfThePage(), [(5, 10)], over=True)
    1
    """
    if over and rules.keeps_score:
        return max(len(sheet), 1)
    return len(sheet) + 1


def melded_by(
    rules: PlayableRules, table: Sequence[TableMeld], players: int
) -> tuple[bool, ...]:
    """Who has laid a meld of their own this round: the owners of the melds (EOP-9).

    Going Out Rummy lays its melds only to go out, and keeps no such record.

    >>> from rummyrules import EndOfThePage
    >>> rules = EndOfThePage()
    >>> meld = TableMeld.laid(rules.check_meld("7S 8S 9S").melds[0], owner=1)
    >>> melded_by(rules, [meld], 2)
    (False, True)
    """
    if isinstance(rules, GoingOutRummy):
        return (False,) * players
    owners = {meld.owner for meld in table}
    return tuple(player in owners for player in range(players))


# --- Each check ---------------------------------------------------------------------


def _empty(value: object) -> bool:
    """None, 0, False, nothing, or False for every player."""
    return not value or (isinstance(value, tuple) and not any(value))


def _check_unused(state: GameState) -> None:
    """The fields this game never sets, and the turn's, keep their empty value."""
    rules = state.rules
    for name in sorted(rules.unused_fields):
        if not _empty(getattr(state, name)):
            raise StateError(
                f"{name}: there is no such thing in {rules.name} ({_FIELD_RULES[name]})"
            )
    for name in _TURN_FIELDS:
        if name not in rules.turn_fields and not _empty(getattr(state.turn, name)):
            raise StateError(
                f"turn: there is no {name} in {rules.name} ({_FIELD_RULES[name]})"
            )


def _check_progress(state: GameState) -> None:
    """The score sheet, the round and the phase agree: the game is over exactly when it ends."""
    rules = state.rules
    over = state.is_over
    if isinstance(rules, EndOfThePage):
        rows, rounds = len(state.score_sheet), rules.rounds
        if rows > rounds:
            raise StateError(
                f"sheet: a page of {rounds} rounds has no room for {rows} rows (EOP-17)"
            )
        if over and rows < rounds:
            raise StateError(
                f"over: the game ends with the page, and only {rows} of its {rounds} "
                "rounds are scored (EOP-17)"
            )
        if not over and rows == rounds:
            raise StateError(
                "sheet: every round of the page is scored, so the game is over; "
                "write 'over' (EOP-17)"
            )
    if isinstance(rules, FourteenHundred):
        best, target = max(state.scores), rules.target
        if over and best < target:
            raise StateError(
                f"over: the game ends when a player reaches {target}, and the best "
                f"total is {best} (F14-15)"
            )
        if not over and best >= target:
            raise StateError(
                f"sheet: a player has reached {target}, so the game is over; write "
                "'over' (F14-15)"
            )
    if over and (state.turn != Turn() or state.claim is not None):
        raise StateError("over: a game over has no turn in progress")
    expected = round_of(rules, state.score_sheet, over=over)
    if state.round != expected:
        rows = len(state.score_sheet)
        raise StateError(
            f"round: with {rows} rows on the score sheet the round is {expected}, "
            f"not {state.round} ({_end_rule(rules)})"
        )


def _end_rule(rules: PlayableRules) -> str:
    """The rule that says when the game ends, and so which round it is."""
    if isinstance(rules, EndOfThePage):
        return "EOP-17"
    if isinstance(rules, FourteenHundred):
        return "F14-15"
    return "GOR-1"


def _check_mover(state: GameState) -> None:
    player = state.to_move
    if player is None:
        return
    if player in state.dropped:
        raise StateError(f"to_move: player {player} has dropped out (GOR-10)")
    if state.phase is Phase.OPENING and not state.discard_pile:
        raise StateError(
            "pile: the round opens on an upcard, and there is none (F14-6)"
        )
    if state.phase is Phase.OPENING and (state.turns or state.table):
        what = "turns" if state.turns else "melds"
        raise StateError(
            f"{what}: the round opens on the first upcard, before any turn ends or "
            "meld is laid (F14-6)"
        )
    if state.phase is Phase.LAST and (state.out is None or state.out == player):
        raise StateError(
            "out: the last plays follow another player's going out; say who, "
            "as in 'out 1' (F14-13)"
        )
    if (
        isinstance(state.rules, EndOfThePage)
        and state.phase is Phase.PLAY
        and not state.had_turn[player]
    ):
        raise StateError(
            f"had_turn: player {player} is playing a turn, so has had one (EOP-14)"
        )


def _check_turn(state: GameState) -> None:
    turn = state.turn
    if turn == Turn():
        return
    if state.phase not in {Phase.PLAY, Phase.LAST}:
        raise StateError(
            f"turn: nothing has happened yet in a turn in the {state.phase.value} phase"
        )
    hand = state.hands[state.to_move or 0]
    for key in ("must_meld", "must_use"):
        card = getattr(turn, key)
        if card is not None and card not in hand:
            raise StateError(
                f"turn: player {state.to_move} must still play {card} ({key}), but "
                "does not hold it"
            )


def _check_wild_card(state: GameState) -> None:
    """EOP-3, F14-4, F14-R3: the card that set the wild rank, face up or on the table."""
    face_up, holder, wild = state.face_up, state.face_up_holder, state.wild
    if face_up is not None and dealt_holder(state.rules, state.dealer) is None:
        raise StateError(
            f"face_up: under these rules nobody is dealt the wild-rank card face up "
            f"(F14-R3), so {face_up} cannot be"
        )
    if face_up is not None and face_up.rank is not wild:
        raise StateError(
            f"face_up: {face_up} is not of the wild rank {wild}; the face-up card "
            "is the one that set it (EOP-3, F14-4)"
        )
    if face_up is not None and (holder is None or face_up not in state.hands[holder]):
        raise StateError(
            f"face_up: {face_up} is face up in player {holder}'s hand, but they do "
            "not hold it (EOP-3, F14-4)"
        )
    if face_up is None and holder is not None:
        raise StateError(
            f"face_up_holder: player {holder} holds no face-up card; once it is "
            "played nobody does (EOP-3, F14-4)"
        )
    rules = state.rules
    if isinstance(rules, FourteenHundred) and not rules.wild_card_dealt:
        if state.marker is None:
            raise StateError(
                "marker: with wild_card_dealt=false the wild-rank card lies on the "
                "table all round (F14-R3)"
            )
        if state.marker.rank is not wild:
            raise StateError(
                f"marker: {state.marker} is not of the wild rank {wild} (F14-R3)"
            )
    elif state.marker is not None:
        raise StateError(
            "marker: the wild-rank card is dealt to a player under these rules, so "
            "there is no marker (F14-R3)"
        )


def _check_claim(state: GameState) -> None:
    """F14-7, F14-12: passes of the first upcard; the discard that may be claimed."""
    if state.passes >= state.players:
        raise StateError(
            f"passes: when all {state.players} players pass, the round is over (F14-7)"
        )
    if state.claim is None and state.discarder is None:
        return
    if state.claim is None or state.discarder is None:
        raise StateError(
            "claim: a discard that may be claimed comes with who discarded it (F14-12)"
        )
    if state.phase is not Phase.DRAW or state.discard_pile[:1] != (state.claim,):
        raise StateError(
            f"claim: {state.claim} may be claimed only as the top discard, until "
            "the next player draws (F14-12)"
        )
    if state.to_move != (state.discarder + 1) % state.players:
        raise StateError(
            f"claim: player {state.discarder} discarded {state.claim}, so player "
            f"{(state.discarder + 1) % state.players} is to draw next (F14-12)"
        )


def _check_melded(state: GameState) -> None:
    """EOP-9: a player is down this round exactly when they own a meld on the table.

    In End of the Page (and in 1400 when laying off needs a meld of one's
    own, F14-R7), whoever laid a card off on a meld is down too; a claim
    (F14-12) always needs it.
    """
    rules = state.rules
    owners = melded_by(rules, state.table, state.players)
    for player, (said, owns) in enumerate(zip(state.melded, owners, strict=True)):
        if said != owns:
            has = "has melded" if said else "has not melded"
            owned = "owns a meld" if owns else "owns no meld"
            raise StateError(
                f"melded: player {player} {has}, yet {owned} on the table (EOP-9)"
            )
    down_to_lay_off = isinstance(rules, EndOfThePage) or (
        isinstance(rules, FourteenHundred) and rules.lay_off_needs_meld
    )
    if not down_to_lay_off:
        return
    for number, laid in enumerate(state.table, start=1):
        for player in laid.played_by:
            if not owners[player]:
                raise StateError(
                    f"meld {number}: player {player} laid a card off on it without a "
                    "meld of their own (EOP-9, F14-R7)"
                )


def _check_limits(state: GameState) -> None:
    """ALL-5, GOR-R4: the turn limit ends the round; EOP-R4: end_round never rebuilds the stock."""
    rules = state.rules
    limit = getattr(rules, "max_turns", None)
    if (
        limit is not None
        and not state.is_over
        and state.turns >= limit
        and not _past_limit(state)
    ):
        end = "game" if isinstance(rules, GoingOutRummy) else "round"
        raise StateError(
            f"turns: {state.turns} turns have ended, and the limit of {limit} ends the "
            f"{end} ({'GOR-R4' if end == 'game' else 'ALL-5'})"
        )
    if state.reshuffles and getattr(rules, "stock_out", None) is StockOut.END_ROUND:
        rule = "EOP-R4" if isinstance(rules, EndOfThePage) else "F14-R10"
        raise StateError(
            f"reshuffles: under stock_out=end_round the stock is never rebuilt ({rule})"
        )


def _past_limit(state: GameState) -> bool:
    """Whether the round goes on past its turn limit: after a player went out.

    In End of the Page every player who has not had a turn still has one
    (EOP-14); in 1400 the next player has the last plays (F14-13).
    """
    if isinstance(state.rules, EndOfThePage):
        return state.out is not None
    return state.phase is Phase.LAST


def _check_out(state: GameState) -> None:
    """EOP-11, EOP-14, F14-13, GOR-7: who went out holds nothing, and what follows."""
    out = state.out
    if out is None:
        return
    if state.hands[out]:
        raise StateError(f"out: player {out} went out, so holds no cards")
    if state.is_over:
        return
    if isinstance(state.rules, FourteenHundred) and state.phase is not Phase.LAST:
        raise StateError(
            f"out: player {out} went out with a discard, which ends the round at "
            "once (F14-13)"
        )
    if state.phase is Phase.LAST and state.to_move != (out + 1) % state.players:
        raise StateError(
            f"to_move: the last plays are the next player's, player "
            f"{(out + 1) % state.players}'s (F14-13)"
        )
    player = state.to_move
    if (
        isinstance(state.rules, EndOfThePage)
        and state.phase is Phase.DRAW
        and player is not None
        and state.had_turn[player]
    ):
        raise StateError(
            f"had_turn: player {out} went out, so only players who have not had a "
            f"turn play on, and player {player} has (EOP-14)"
        )


def _moves(state: GameState) -> tuple[object, ...]:
    """The legal moves; none for a state that still breaks the turn machine.

    Such a state got past the checks above; it is refused, never let through.
    """
    try:
        return state.legal_moves()
    except (IndexError, KeyError, ValueError, AttributeError):
        return ()


# --- Going Out Rummy --------------------------------------------------------------


def _check_going_out(state: GameState, rules: GoingOutRummy) -> None:
    """GOR-3, GOR-4, GOR-10: hands of one size between turns; drops; the winner."""
    _check_drops(state, rules)
    if state.is_over:
        _check_winner(state, rules)
        return
    staying = state.players - len(state.dropped)
    if staying < 2:
        raise StateError("dropped: with one player left the game is over (GOR-R3)")
    if state.winner is not None:
        raise StateError("winner: there is a winner only once the game is over")
    if state.out is not None:
        raise StateError(
            f"out: player {state.out} went out, which ends the game (GOR-7)"
        )
    if state.table:
        raise StateError(
            "melds: nothing is melded before a player goes out, which ends the game "
            "(GOR-4, GOR-7)"
        )
    for player, hand in enumerate(state.hands):
        size = rules.hand_size + (player == state.to_move and state.phase is Phase.PLAY)
        if player not in state.dropped and len(hand) != size:
            raise StateError(
                f"hands: player {player} holds {len(hand)} cards; in the "
                f"{state.phase.value} phase they hold {size} (GOR-3, GOR-4)"
            )


def _check_drops(state: GameState, rules: GoingOutRummy) -> None:
    """GOR-10: each player drops once, and their cards, all of them, go out of play."""
    dropped = state.dropped
    if len(set(dropped)) != len(dropped):
        raise StateError("dropped: a player is named twice")
    for player in dropped:
        if state.hands[player]:
            raise StateError(
                f"hands: player {player} dropped out, so holds no cards (GOR-10)"
            )
    if state.out_of_play and not dropped:
        raise StateError(
            "out_of_play: cards go out of play only when a player drops out (GOR-10)"
        )
    # Each player dropped with a whole hand, one card more in their own turn.
    size, count = rules.hand_size, len(state.out_of_play)
    if not len(dropped) * size <= count <= len(dropped) * (size + 1):
        raise StateError(
            f"out_of_play: {count} cards, but each player who drops out leaves "
            f"{size} or {size + 1} (GOR-10)"
        )


def _check_winner(state: GameState, rules: GoingOutRummy) -> None:
    """GOR-7, GOR-R3, GOR-R4: who won, and why a game over has no winner."""
    winner, out = state.winner, state.out
    staying = state.players - len(state.dropped)
    if winner in state.dropped:
        raise StateError(f"winner: player {winner} dropped out (GOR-10)")
    if out is not None:
        if winner != out:
            raise StateError(f"winner: player {out} went out, so won the game (GOR-7)")
        if not state.table or any(
            meld.owner != out or any(p != out for p in meld.played_by)
            for meld in state.table
        ):
            raise StateError(
                f"melds: player {out} went out, laying down their whole hand as "
                "their own melds, and nobody else lays any (GOR-7)"
            )
        return
    if state.table:
        raise StateError(
            "melds: melds are laid only to go out, and nobody went out (GOR-7)"
        )
    if winner is not None:
        if staying != 1 or not rules.last_player_wins:
            raise StateError(
                f"winner: player {winner} neither went out nor was the last player "
                "left (GOR-7, GOR-R3)"
            )
        return
    limit = rules.max_turns
    if (staying == 1 and not rules.last_player_wins) or (
        limit is not None and state.turns >= limit
    ):
        return
    raise StateError(
        "winner: the game is over with no winner, yet nobody went out, no turn "
        "limit was reached and more than the last player are left (GOR-7, "
        "GOR-R3, GOR-R4)"
    )
