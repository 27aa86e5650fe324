"""Golden games: whole seeded games saved as game records, replayed move by move.

Each golden file is a game record (:mod:`rummyrules.formats.records`): the variant
with its options, the seed and the first dealer, every move in move notation,
each round's scores after the move that ended it, and the winners. Replaying
it must give exactly those scores and winners: any change in the rules'
behaviour shows up as the first move that is refused or the first round
whose scores differ.

Run ``python tests/golden_games.py`` to write the files again (only when a
change of behaviour is meant, and say so in the changelog).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

from rummyrules import (
    EndOfThePage,
    FourteenHundred,
    GameState,
    GoingOutRummy,
    PlayableRules,
)
from rummyrules.formats.records import GameRecord, parse_record, record_game
from rummyrules.game.moves import Discard, LayOff, Move, NewMeld
from rummyrules.games.fourteen_hundred.state import Claim
from rummyrules.games.going_out.state import Drop, GoOut

FOLDER = Path(__file__).resolve().parent / "golden"

GAMES: dict[str, tuple[PlayableRules[Any], int]] = {
    "eop_two_players.txt": (EndOfThePage(players=2, rounds=3), 11),
    "eop_four_players.txt": (EndOfThePage(players=4, rounds=3), 2026),
    "eop_house_rules.txt": (
        EndOfThePage(
            players=3,
            decks=2,
            rounds=3,
            take_cards_above=False,
            discard_taken_card=False,
            stock_out="reshuffle",
        ),
        7,
    ),
    "f14_four_players.txt": (FourteenHundred(players=4, target=700), 14),
    "f14_house_rules.txt": (
        FourteenHundred(
            players=3,
            ace_hand_size=16,
            wild_card_dealt=False,
            pass_freely=True,
            lay_off_needs_meld=True,
            all_wild_melds=True,
            stock_out="flip",
            target=500,
        ),
        1400,
    ),
    "gor_four_players.txt": (GoingOutRummy(players=4, wildcards=4), 1),
}
"""Each golden file's rules and seed (the first dealer is player 0)."""


def choose(moves: tuple[Move, ...], rng: random.Random) -> Move:
    """A simple, seeded player: meld, lay off or go out when it can, else discard at random.

    It never drops out of a Going Out game (GOR-10) of its own accord.
    """
    plays = [m for m in moves if isinstance(m, NewMeld | LayOff | GoOut)]
    if plays and rng.random() < 0.8:
        return rng.choice(plays)
    discards = [m for m in moves if isinstance(m, Discard)]
    if discards and rng.random() < 0.9:
        return rng.choice(discards)
    return rng.choice([m for m in moves if not isinstance(m, Drop)] or moves)


def play(rules: PlayableRules[Any], seed: int) -> tuple[list[Move], GameState]:
    """A whole game of the simple player against itself, and its last state."""
    rng = random.Random(seed)
    game = rules.new_game(seed=seed)
    moves: list[Move] = []
    while not game.is_over:
        claims = [m for p in range(game.players) for m in game.legal_moves(player=p)]
        claims = [m for m in claims if isinstance(m, Claim)]
        if claims and rng.random() < 0.5:  # 1400: someone spots the discard (F14-12)
            move: Move = rng.choice(claims)
        else:
            move = choose(game.legal_moves(), rng)
        moves.append(move)
        game = game.apply(move)
    return moves, game


def text(name: str) -> str:
    """A golden file's text."""
    return (FOLDER / name).read_text(encoding="utf-8")


def read(name: str) -> GameRecord:
    """A golden file's game record."""
    return parse_record(text(name))


def write(name: str) -> None:
    """Play the golden game again and write its record."""
    rules, seed = GAMES[name]
    moves, _ = play(rules, seed)
    record = record_game(rules, seed=seed, moves=moves)
    (FOLDER / name).write_text(str(record), encoding="utf-8")


if __name__ == "__main__":
    for name in sys.argv[1:] or list(GAMES):
        write(name)
        print(f"wrote {FOLDER / name}")  # noqa: T201 - this script reports to its user
