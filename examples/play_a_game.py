"""Play a whole game of End of the Page among simple bots, with a running commentary.

Uses only the public API: a rules object, ``new_game``, ``legal_moves`` and
``apply``. The bots are deliberately plain: they lay every meld and lay-off
they can, take the top discard when it makes a new meld, and otherwise throw
away their most expensive card (EOP-15).

    python examples/play_a_game.py            # two players, seed 1
    python examples/play_a_game.py 4 2026     # four players, seed 2026
"""

from __future__ import annotations

import sys

from rummyrules import EndOfThePage, GameState
from rummyrules.game.moves import Discard, Draw, LayOff, Move, NewMeld, Take


def choose(game: GameState) -> Move:
    """A plain bot's move: play what it can, else keep the cheap cards."""
    moves = game.legal_moves()
    plays = [move for move in moves if isinstance(move, NewMeld | LayOff)]
    if plays:
        return max(plays, key=lambda move: len(str(move)))  # the biggest play first
    if Take() in moves and game.to_move is not None:
        trial = game.apply(Take())
        if any(isinstance(move, NewMeld) for move in trial.legal_moves()):
            return Take()
    if Draw() in moves:
        return Draw()
    discards = [move for move in moves if isinstance(move, Discard)]
    if discards:
        return max(
            discards, key=lambda move: game.rules.card_value(move.card, wild=game.wild)
        )
    return moves[0]


def main(players: int = 2, seed: int = 1) -> None:
    """Play one game and print what happens, then the page."""
    rules = EndOfThePage(players=players, rounds=3)
    game = rules.new_game(seed=seed)
    print(
        f"End of the Page, {players} players, a page of {rules.rounds} rounds, seed {seed}"
    )
    round_number = 0
    while not game.is_over:
        if game.round != round_number:
            round_number = game.round
            print(
                f"\nRound {game.round}: player {game.dealer} deals, {game.wild}s are wild"
            )
        player = game.to_move
        move = choose(game)
        after = game.apply(move)
        if isinstance(move, NewMeld | LayOff):
            print(f"  player {player}: {move}")
        elif (
            isinstance(move, Discard)
            and player is not None
            and len(game.hand(player)) == 1
        ):
            print(f"  player {player}: {move}, and goes out")
        if len(after.score_sheet) > len(game.score_sheet):
            scored = "  ".join(str(score) for score in after.score_sheet[-1])
            print(f"  the round is over; it scores {scored}")
        game = after
    print("\nThe page:")
    for number, row in enumerate(game.score_sheet, start=1):
        print(f"  round {number}: " + "  ".join(f"{score:>5}" for score in row))
    print("  total:   " + "  ".join(f"{score:>5}" for score in game.scores))
    winners = " and ".join(f"player {p}" for p in game.winners)
    print(f"Winner: {winners}")


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:3]))
