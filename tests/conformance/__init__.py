"""The conformance suite: what every registered game gets by registering.

Each test here is parametrized over the registered games
(``rummyrules.game.registry.VARIANTS``): the library's three, and any game
registered from its own package, as Toy Rummy is (``tests/toy_game``). A new
game is played by all of it without a line added here:

- the rules of play that hold in every game, by seeded random play (ALL-1 to
  ALL-5): no card made or lost, no dead end, every listed move accepted and
  every other one refused with the state unchanged, the same seed and moves
  giving the same game, and a turn limit ending every round;
- saved values and positions read back equal (``loads(dumps(x)) == x``,
  ``rules.position(state.position()) == state``);
- hidden cards: a view shows no card its player may not know, and views of
  states that differ only in hidden cards are equal;
- transcripts and perft counts: the game's recorded games replay decision by
  decision, and its positions count the same move sequences.

The random games draw their rules from :func:`strategies.game_tables`: the
library's games with any options, another game by the rules lines of its
transcripts (``transcript_games`` on its rules class, see
``tests/transcripts.py``).
"""

from __future__ import annotations

from typing import Any

from hypothesis import settings

from rummyrules import GameState, PlayableRules
from rummyrules.game.moves import Move
from rummyrules.game.registry import VARIANTS

GAMES: list[type[PlayableRules[Any]]] = list(VARIANTS.values())
"""Every registered game's rules class, in the order registered."""
IDS: list[str] = list(VARIANTS)
"""The test ids: each game's class name."""

PER_GAME = settings(max_examples=max(25, settings().max_examples // len(GAMES)))
"""The examples of a property run for each game: the profile's share per game.

A property of every game runs as many random games in all as one property
of the library did before it was run game by game (``dev``: 100, ``ci``:
400), each game at least 25.
"""


def every_listed_move(game: GameState) -> tuple[Move, ...]:
    """The moves of the player to move, then those others may make out of turn."""
    others = [p for p in range(game.players) if p != game.to_move]
    return (
        *game.legal_moves(),
        *(move for player in others for move in game.legal_moves(player=player)),
    )
