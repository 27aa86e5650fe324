"""Transcripts and perft counts: the engine's behaviour pinned move by move.

A *transcript* is a seeded random game written down at every decision: the
position (``state.position()``), the legal moves of the player to move in
their order, the moves every other player may make out of turn (1400's
claims, Going Out Rummy's drops), and the move chosen. Replaying a transcript
plays the chosen moves again and compares everything; the first difference
names the game, the decision and the first move that differs.

A *perft* count (after python-chess) is the number of move sequences of a
given length from a fixed position, every player's out-of-turn moves
included. One wrong legal move anywhere below shows up in the count.

Every registered game has its fixtures. The library's games have theirs in
:data:`GAMES` and :data:`PERFT_POSITIONS`, recorded in ``transcripts.jsonl.gz``
and ``perft.json``; a game of its own declares them on its rules class, as
``transcript_games`` and ``perft_positions`` (see ``tests/toy_game``), and
they are recorded in files of its own, named by its class
(``ToyRummy.jsonl.gz``, ``ToyRummy.perft.json``), so that recording one game
never touches the bytes of another's.

The fixtures are written by running this file (only when a change of
behaviour is meant, in a commit of its own that says why)::

    python tests/transcripts.py

and replayed by ``tests/conformance/test_transcripts.py``.
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rummyrules import GameState, PlayableRules
from rummyrules.game.registry import VARIANTS, parse_rules, rules_text

FOLDER = Path(__file__).resolve().parent / "transcripts"

MAX_DECISIONS = 400
"""A transcript stops after this many decisions if its game has not ended."""

OUT_OF_TURN_ODDS = 12
"""Random play picks an out-of-turn move (a claim) about once in this many
decisions where one is listed; drops, listed at every decision of Going Out
Rummy, about a quarter as often."""

GAMES: tuple[tuple[str, int], ...] = (
    # End of the Page: 2 to 7 players, each stock_out, both pickup options.
    ("EndOfThePage rounds=2 max_turns=40", 1),
    ("EndOfThePage rounds=2 max_turns=40", 2),
    ("EndOfThePage players=3 rounds=2 stock_out=reshuffle max_turns=60", 3),
    ("EndOfThePage players=3 decks=2 rounds=1 take_cards_above=false", 4),
    ("EndOfThePage players=4 rounds=2 discard_taken_card=false max_turns=50", 5),
    ("EndOfThePage players=4 rounds=1 stock_out=flip", 6),
    (
        "EndOfThePage players=5 rounds=1 take_cards_above=false "
        "discard_taken_card=false stock_out=reshuffle max_turns=80",
        7,
    ),
    ("EndOfThePage players=6 rounds=1 stock_out=flip max_turns=70", 8),
    ("EndOfThePage players=7 rounds=1 max_turns=40", 9),
    # 1400: 2 to 6 players with claims, every ruling option.
    ("FourteenHundred players=2 target=300 max_turns=40", 11),
    ("FourteenHundred players=3 target=300 pass_freely=true max_turns=40", 12),
    (
        "FourteenHundred players=3 decks=2 target=300 stock_out=reshuffle "
        "lay_off_needs_meld=true max_turns=60",
        13,
    ),
    ("FourteenHundred target=400 max_turns=50", 14),
    (
        "FourteenHundred target=400 wild_card_dealt=false all_wild_melds=true "
        "stock_out=flip max_turns=50",
        15,
    ),
    ("FourteenHundred players=5 target=400 ace_hand_size=16 max_turns=50", 16),
    (
        "FourteenHundred players=6 target=300 pass_freely=true "
        "lay_off_needs_meld=true all_wild_melds=true max_turns=40",
        17,
    ),
    ("FourteenHundred players=6 target=300 stock_out=reshuffle", 18),
    # Going Out Rummy: 2 to 10 players with drops, Major and Minor.
    ("GoingOutRummy", 21),
    ("GoingOutRummy players=3 hand_size=5 wildcards=3", 22),
    ("GoingOutRummy players=4 wildcards=4 max_turns=60", 23),
    ("GoingOutRummy players=5 hand_size=10 wildcards=9 going_out=minor", 24),
    ("GoingOutRummy players=6 hand_size=3 going_out=major max_turns=80", 25),
    ("GoingOutRummy players=8 hand_size=4 wildcards=2 last_player_wins=false", 26),
    ("GoingOutRummy players=10 hand_size=2 wildcards=1 max_turns=120", 27),
    ("GoingOutRummy players=2 hand_size=10 wildcards=6 going_out=major", 28),
    ("GoingOutRummy players=3 hand_size=2 wildcards=9", 29),
    ("GoingOutRummy players=4 hand_size=3 wildcards=9 going_out=minor", 30),
)
"""Each transcript's rules line and seed (the seed deals and picks the moves)."""

PERFT_POSITIONS: tuple[tuple[str, int], ...] = (
    # (position, depth): small trees, every game and phase.
    ("EndOfThePage | seed 3 | wild 8 | face_up 8D | to_move 1 draw | hands "
     "6H 6D 8D 9H 9C KH KD KC / 3C 4C 4H 9S JD | pile QD 5C JC | stock 7H 3S +", 7),
    ("EndOfThePage | dealer 1 | wild 3 | face_up 3S | to_move 1 play | had_turn 0 1 "
     "| hands 4C 9S KC / 3S 4S 5S 9D 9H JD | melds 0: 4H 4D 3H=4 | pile 6C 10D", 8),
    ("EndOfThePage players=3 discard_taken_card=false | wild 5 | face_up 5H | "
     "to_move 1 draw | had_turn 0 | hands 5H 9H JC / 5D 6S 10H KH / 7S 8S 9S QD | "
     "melds 0: 7C 8C 9C | pile 10S 6C 9D", 9),
    ("FourteenHundred players=2 | wild 7 | face_up 7H | to_move 1 opening | hands "
     "2S 3S 4C 5D QD / 4S 5S 7H 8H KD KC | pile 6S", 10),
    ("FourteenHundred players=3 | dealer 2 | wild 9 | face_up 9D | to_move 1 draw "
     "| hands 5H 6H 9D KS / 8H KD JS QS / 2C 3C 4C 8S 8D | melds 0: 5C 6C 7C / "
     "2: 10H 10D 9C=10 | pile 8C 7H 10S QH | claim 8C@0", 7),
    ("FourteenHundred players=3 pass_freely=true lay_off_needs_meld=true | wild K | "
     "face_up KH@1 | to_move 1 play | turn taken 4D must_use 4D | hands "
     "2D 3D / 4D 5D 6D 7D KH / JS QS KS | pile 9S", 8),
    ("FourteenHundred players=3 | wild 2 | to_move 0 last | out 2 | hands "
     "3H 4H 5H / 6S 7S / - | melds 2: 8S 9S 10S / 2: KD KC 2S=K | "
     "pile JH", 10),
    ("GoingOutRummy hand_size=3 | to_move 1 draw | hands 7S 7H 9C / 7D 8D 9D | "
     "pile KC", 10),
    ("GoingOutRummy players=3 hand_size=4 wildcards=2 | to_move 2 play | hands "
     "2H 3H 9S 9C / 5D 5S 5C KD / 4H * * 4D 4S | pile 8C", 7),
    ("GoingOutRummy players=4 hand_size=2 going_out=minor | to_move 0 draw | hands "
     "AS 2S / 3S 3H / KH KD / QC JC | pile 3D", 7),
    ("GoingOutRummy players=3 hand_size=5 going_out=major wildcards=1 | to_move 0 "
     "draw | dropped 1 | dropped_cards 9S 9H 9D 9C 2S | hands 4C 5C 6C 7C * / - / "
     "KS KH KD QS QH | pile 8C", 8),
    ("EndOfThePage players=2 rounds=1 | dealer 1 | wild 4 | to_move 0 play | "
     "had_turn 0 1 | turn taken 9H must_meld 9H support 9D 10H JH | hands 9D 9H 10H "
     "JH 4C / 3C 3D | melds 1: 5S 6S 7S 4S=8S | pile QD", 11),
)  # fmt: skip
"""The perft positions, each with the depth its count is taken to."""


Games = tuple[tuple[str, int], ...]
"""Rules lines, each with the seed of its game."""
Positions = tuple[tuple[str, int], ...]
"""Positions, each with the depth its perft count is taken to."""


@dataclass(frozen=True)
class Fixtures:
    """One pair of fixture files: transcripts of these games, perft counts of these positions."""

    games: Games
    positions: Positions
    transcripts: Path
    perft: Path

    def read_transcripts(self) -> list[tuple[dict[str, Any], list[list[Any]]]]:
        """The transcripts as recorded: each game's header and its decisions."""
        text = gzip.decompress(self.transcripts.read_bytes()).decode()
        games = []
        for line in text.splitlines():
            header, decisions = json.loads(line)
            games.append((header, decisions))
        return games

    def read_perft(self) -> list[dict[str, Any]]:
        """The perft counts as recorded: each position with its counts."""
        found: list[dict[str, Any]] = json.loads(self.perft.read_text())
        return found


LIBRARY = Fixtures(
    GAMES, PERFT_POSITIONS, FOLDER / "transcripts.jsonl.gz", FOLDER / "perft.json"
)
"""The fixtures of the library's own games."""


def all_fixtures() -> tuple[Fixtures, ...]:
    """The library's fixtures, then those each registered game declares on its rules class."""
    found = [LIBRARY]
    for name, cls in VARIANTS.items():
        games: Games | None = getattr(cls, "transcript_games", None)
        if games is not None:
            positions: Positions = getattr(cls, "perft_positions", ())
            transcripts, perft = (
                FOLDER / f"{name}.jsonl.gz",
                FOLDER / f"{name}.perft.json",
            )
            found.append(Fixtures(games, positions, transcripts, perft))
    return tuple(found)


def rules_lines(cls: type[PlayableRules[Any]]) -> tuple[str, ...]:
    """Every rules line of a game's recorded transcripts: option samples for other tests."""
    return tuple(
        line
        for fixtures in all_fixtures()
        for line, _ in fixtures.games
        if line.split()[0] == cls.__name__
    )


@dataclass(frozen=True)
class Decision:
    """One decision of a transcript."""

    position: str
    legal: tuple[str, ...]
    others: dict[str, tuple[str, ...]]
    move: str

    def to_json(self) -> list[Any]:
        """The decision as a compact JSON list."""
        return [self.position, list(self.legal), self.others, self.move]


def others_of(game: GameState) -> dict[str, tuple[str, ...]]:
    """The moves each other player may make now, out of turn (only the non-empty)."""
    found: dict[str, tuple[str, ...]] = {}
    for player in range(game.players):
        if player == game.to_move:
            continue
        moves = tuple(str(move) for move in game.legal_moves(player=player))
        if moves:
            found[str(player)] = moves
    return found


def decision_at(game: GameState, move: str) -> Decision:
    """What a transcript records of this state, with the move then chosen."""
    return Decision(
        position=game.position(),
        legal=tuple(str(m) for m in game.legal_moves()),
        others=others_of(game),
        move=move,
    )


def choose(game: GameState, rng: random.Random) -> str:
    """A random move: usually the mover's, now and then one made out of turn."""
    legal = [str(move) for move in game.legal_moves()]
    drops = [m for m in legal if m.endswith("drop")]
    own = [m for m in legal if not m.endswith("drop")] or legal
    others = [
        str(move)
        for player in range(game.players)
        if player != game.to_move
        for move in game.legal_moves(player=player)
    ]
    claims = [m for m in others if not m.endswith("drop")]
    drops += [m for m in others if m.endswith("drop")]
    if claims and rng.randrange(OUT_OF_TURN_ODDS) == 0:
        return rng.choice(claims)
    if drops and rng.randrange(4 * OUT_OF_TURN_ODDS) == 0:
        return rng.choice(drops)
    outs = [m for m in own if m.startswith("out ")]
    if outs and rng.randrange(2) == 0:
        return rng.choice(outs)  # so that Going Out games end by going out too
    return rng.choice(own)


def play(rules: PlayableRules[Any], seed: int) -> Iterator[tuple[GameState, Decision]]:
    """A seeded random game, decision by decision."""
    rng = random.Random(seed)
    game = rules.new_game(seed=seed)
    for _ in range(MAX_DECISIONS):
        if game.is_over:
            return
        move = choose(game, rng)
        yield game, decision_at(game, move)
        game = game.apply(move)


def perft(game: GameState, depth: int) -> list[int]:
    """How many move sequences of 1, 2, … ``depth`` moves there are from this state.

    Every move counts: the mover's and each other player's out-of-turn ones.
    """
    counts = [0] * depth
    _count(game, depth, counts)
    return counts


def _count(game: GameState, depth: int, counts: list[int]) -> None:
    moves = [*game.legal_moves()]
    for player in range(game.players):
        if player != game.to_move:
            moves += game.legal_moves(player=player)
    counts[-depth] += len(moves)
    if depth > 1:
        for move in moves:
            _count(game.apply(move), depth - 1, counts)


def rules_of(position: str) -> PlayableRules[Any]:
    """The rules a position names in its first section."""
    return parse_rules(position.split("|", maxsplit=1)[0])


def write(fixtures: Fixtures) -> None:
    """Write one pair of fixture files again."""
    FOLDER.mkdir(exist_ok=True)
    lines = []
    for line, seed in fixtures.games:
        rules = parse_rules(line)
        decisions = [decision.to_json() for _, decision in play(rules, seed)]
        header = {"rules": rules_text(rules), "seed": seed}
        lines.append(json.dumps([header, decisions], separators=(",", ":")))
        sys.stdout.write(
            f"{rules_text(rules)} seed {seed}: {len(decisions)} decisions\n"
        )
    data = ("\n".join(lines) + "\n").encode()
    # mtime=0: the same transcripts give the same bytes.
    fixtures.transcripts.write_bytes(gzip.compress(data, mtime=0))
    counts = []
    for position, depth in fixtures.positions:
        game = rules_of(position).position(position)
        counts.append({"position": position, "counts": perft(game, depth)})
        sys.stdout.write(f"perft {counts[-1]['counts']}: {position[:60]}\n")
    fixtures.perft.write_text(json.dumps(counts, indent=1) + "\n")


if __name__ == "__main__":
    # The games the tests register (tests/conftest.py), so that theirs are written too.
    import conftest  # noqa: F401

    chosen = sys.argv[1:]  # the stems of the files to write; all of them by default
    for each in all_fixtures():
        if not chosen or each.transcripts.name.split(".")[0] in chosen:
            write(each)
    sys.exit(0)
