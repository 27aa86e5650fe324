"""Golden games: whole seeded games saved as text, replayed move by move.

A golden file names the variant, its options and the seed, lists every move
in move notation, one per line, and ends with the score sheet. Replaying it
must give exactly that score sheet: any change in the rules' behaviour shows
up as the first move or score that differs.

Run ``python tests/golden_games.py`` to write the files again (only when a
change of behaviour is meant, and say so in the changelog).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import attrs

from rummyrules import EndOfThePage, FourteenHundred, GameState, PlayableRules
from rummyrules.moves import Claim, Discard, LayOff, Move, NewMeld

FOLDER = Path(__file__).resolve().parent / "golden"

GAMES: dict[str, tuple[PlayableRules, int]] = {
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
}


def choose(moves: tuple[Move, ...], rng: random.Random) -> Move:
    """A simple, seeded player: meld or lay off when it can, else discard at random."""
    plays = [m for m in moves if isinstance(m, NewMeld | LayOff)]
    if plays and rng.random() < 0.8:
        return rng.choice(plays)
    discards = [m for m in moves if isinstance(m, Discard)]
    if discards and rng.random() < 0.9:
        return rng.choice(discards)
    return rng.choice(moves)


def play(rules: PlayableRules, seed: int) -> tuple[list[str], GameState]:
    rng = random.Random(seed)
    game = rules.new_game(seed=seed)
    moves: list[str] = []
    while not game.is_over:
        claims = [m for p in range(game.players) for m in game.legal_moves(player=p)]
        claims = [m for m in claims if isinstance(m, Claim)]
        if claims and rng.random() < 0.5:  # 1400: someone spots the discard (F14-12)
            move: Move = rng.choice(claims)
        else:
            move = choose(game.legal_moves(), rng)
        moves.append(str(move))
        game = game.apply(move)
    return moves, game


def options_text(rules: PlayableRules) -> str:
    return " ".join(
        f"{field.name}={getattr(rules, field.name)}"
        for field in attrs.fields(type(rules))
    )


def rules_from(variant: str, options: str) -> PlayableRules:
    """The rules object a golden file names, from its variant and options."""
    values: dict[str, object] = {}
    for pair in options.split():
        name, _, text = pair.partition("=")
        values[name] = _value(text)
    by_name: dict[str, type[PlayableRules]] = {
        EndOfThePage.name: EndOfThePage,
        FourteenHundred.name: FourteenHundred,
    }
    return by_name[variant](**values)


def _value(text: str) -> object:
    if text in {"True", "False"}:
        return text == "True"
    if text == "None":
        return None
    return int(text) if text.lstrip("-").isdigit() else text


def write(name: str) -> None:
    rules, seed = GAMES[name]
    moves, game = play(rules, seed)
    lines = [
        f"variant: {rules.name}",
        f"options: {options_text(rules)}",
        f"seed: {seed}",
        "moves:",
        *moves,
        "score sheet:",
        *(" ".join(str(score) for score in row) for row in game.score_sheet),
    ]
    (FOLDER / name).write_text("\n".join(lines) + "\n", encoding="utf-8")


def read(name: str) -> tuple[str, str, int, list[str], list[tuple[int, ...]]]:
    """A golden file's variant, options, seed, moves and score sheet."""
    lines = (FOLDER / name).read_text(encoding="utf-8").splitlines()
    variant = lines[0].removeprefix("variant: ")
    options = lines[1].removeprefix("options: ")
    seed = int(lines[2].removeprefix("seed: "))
    end = lines.index("score sheet:")
    moves = lines[4:end]
    sheet = [tuple(int(score) for score in row.split()) for row in lines[end + 1 :]]
    return variant, options, seed, moves, sheet


if __name__ == "__main__":
    for name in sys.argv[1:] or list(GAMES):
        write(name)
        print(f"wrote {FOLDER / name}")  # noqa: T201 - this script reports to its user
