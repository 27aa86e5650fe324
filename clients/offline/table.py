"""The offline page's table: one person in seat 0 against the library's GreedyBots, in Pyodide.

In words the seats are numbered from 1 (player 1 is seat 0), as on the
server's table; the notation and the API count from 0.

The page calls :func:`start`, :func:`play`, :func:`check` and :func:`bots_only`; each
answers JSON, so the JavaScript side reads plain objects. Only the
library's public API is used: the page is an example for front-end authors.
"""

from __future__ import annotations

import json
import time
from typing import Any

from rummyrules import (
    GameState,
    IllegalMoveError,
    RummyRulesError,
    explain_selection,
    parse_rules,
)
from rummyrules.bots import GreedyBot, RandomBot, play_game

HUMAN = 0


class Table:
    """A game in progress: the state, the bots and what happened, as lines of text."""

    def __init__(self, rules_line: str, seed: int) -> None:
        self.rules = parse_rules(rules_line)
        self.state: GameState = self.rules.new_game(seed=seed)
        self.bots = [GreedyBot() for _ in range(self.rules.players)]
        self.log: list[str] = []

    def bots_move(self) -> None:
        """The bots play until it is the person's turn or the game is over.

        Moves out of turn (a 1400 claim, a Going Out drop) are not offered in
        this first page: the person moves on their own turn only.
        """
        while not self.state.is_over:
            mover = self.state.to_move
            if mover is None or mover == HUMAN:
                return
            self._bot_plays(mover)

    def _bot_plays(self, seat: int) -> None:
        move = self.bots[seat].choose(self.state.view(seat))
        if move is None:
            message = f"the bot of player {seat + 1} chose no move on its turn"
            raise RummyRulesError(message)
        self.state = self.state.apply(move)
        self.log.append(f"player {seat + 1}: {move}")  # numbered from 1 in words

    def play(self, text: str) -> dict[str, Any]:
        """Play the person's move (text); a refusal is answered with its sentence and rule."""
        try:
            self.state = self.state.apply(text, player=HUMAN)
        except IllegalMoveError as refusal:
            return {"refused": refusal.reason, "rule": refusal.rule, **self.shown()}
        except RummyRulesError as error:  # text that is no move: said, not raised
            return {"refused": str(error), "rule": "", **self.shown()}
        self.log.append(f"you: {text}")
        self.bots_move()
        return self.shown()

    def check(self, cards: str) -> dict[str, Any]:
        """What the person's selected cards would make now, and why each other move of them is refused."""
        try:
            found = explain_selection(self.state, HUMAN, cards.split())
        except (
            RummyRulesError
        ) as error:  # no card, or a card not held: said, not raised
            return {"error": str(error)}
        return {
            "moves": [str(move) for move in found.moves],
            "refusals": [
                {"move": str(r.move), "reason": r.reason, "rule": r.rule}
                for r in found.refusals
            ],
            "meld": found.check.ok,
            "meld_reason": found.check.reason,
            "meld_rule": found.check.rule or "",
        }

    def shown(self) -> dict[str, Any]:
        """What the page shows: the person's hand and moves, the table, the log, the end."""
        view = self.state.view(HUMAN)
        return {
            "rules": str(self.rules),
            "over": self.state.is_over,
            "winners": list(self.state.winners) if self.state.is_over else [],
            "scores": [list(row) for row in self.state.score_sheet],
            "hand": [str(card) for card in view.hand],
            "melds": [str(meld) for meld in view.melds],
            "discard": [str(card) for card in view.discard_pile],
            "to_move": view.to_move,
            "moves": [str(move) for move in view.legal_moves],
            "log": self.log[-12:],
            "turns": len(self.log),
        }


_table: Table | None = None


def start(rules_line: str, seed: int) -> str:
    """A new game of ``rules_line`` (as :func:`rummyrules.rules_text` writes it); the bots move first where they must."""
    global _table  # noqa: PLW0603  # the page keeps one table, as a person at a table does
    _table = Table(rules_line, seed)
    _table.bots_move()
    return json.dumps(_table.shown())


def play(text: str) -> str:
    """The person's move, typed or clicked."""
    if _table is None:
        return json.dumps({"refused": "no game has started", "rule": ""})
    return json.dumps(_table.play(text))


def check(cards: str) -> str:
    """The selection check: the cards' legal moves and refusals, before any move is sent."""
    if _table is None:
        return json.dumps({"error": "no game has started"})
    return json.dumps(_table.check(cards))


def bots_only(rules_line: str, games: int) -> str:
    """Decisions a second: ``games`` whole games among RandomBots, timed (the benchmark's loop)."""
    rules = parse_rules(rules_line)
    moves = 0
    began = time.perf_counter()
    for seed in range(games):
        bots = [RandomBot(seed=seed + seat) for seat in range(rules.players)]
        moves += len(play_game(rules, bots, seed=seed).record.moves)
    seconds = time.perf_counter() - began
    return json.dumps(
        {"moves": moves, "seconds": seconds, "per_second": moves / seconds}
    )
