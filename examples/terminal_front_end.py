"""A minimal terminal front end: you against bots, using only the public API.

    python examples/terminal_front_end.py                      # End of the Page, 2 players
    python examples/terminal_front_end.py --variant 1400 --players 3 --seat 1
    python examples/terminal_front_end.py --variant gor --seed 7 --level hard

On your turn you see your view of the table and your legal moves, numbered;
type a move in the notation (``meld 7S 8S 9S``, ``lay 3C on 1``) or its number.
In 1400 you are offered each discard you may claim out of turn (Enter lets it
go); in Going Out Rummy ``drop`` is among your moves. ``quit``, or the end of
input, leaves. ``--level`` picks the bots' level (``easy``, ``medium`` by default,
``hard``: ``rummyrules.bots.LEVELS``). The rules do all the work: this only shows ``game.view(seat)``,
passes what you type to ``game.apply`` and prints any refusal with its rule ID.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence

from rummyrules import (
    Card,
    EndOfThePage,
    EndOfThePageView,
    FourteenHundred,
    FourteenHundredView,
    GameState,
    GoingOutRummy,
    GoingOutView,
    IllegalMoveError,
    MoveParseError,
    OptionError,
    View,
)
from rummyrules.bots import LEVELS, Bot, level_bot

VARIANTS = {"eop": EndOfThePage, "1400": FourteenHundred, "gor": GoingOutRummy}

Read = Callable[[str], str]  # input(), or lines from a script in the tests


def name(player: int, seat: int) -> str:
    """How the person at ``seat`` sees a player's name."""
    return "you" if player == seat else f"player {player}"


def listing(values: Sequence[int], seat: int) -> str:
    """One number per player: ``you 120, player 1 95``."""
    return ", ".join(f"{name(p, seat)} {value}" for p, value in enumerate(values))


def words(move: object) -> str:
    """A move's text without its ``N:`` prefix: ``claim 8H on 1``."""
    return str(move).split(": ", 1)[-1]


def header(view: View) -> str:
    """The deal: the round, the dealer, and what lies face up for everyone."""
    seat = view.player
    dealt = f"{name(view.dealer, seat)} dealt"
    # Each game's view has fields of its own: End of the Page and 1400 play
    # rounds with a wild rank; Going Out Rummy is one hand with no wild rank.
    if not isinstance(view, EndOfThePageView | FourteenHundredView):
        return f"{view.rules.name}: {dealt}"
    text = f"Round {view.round}: {dealt}"
    if view.wild is not None:
        text += f", {view.wild}s are wild"
    if view.face_up is not None and view.face_up_holder is not None:
        text += f" ({name(view.face_up_holder, seat)}: {view.face_up} face up)"
    if isinstance(view, FourteenHundredView) and view.marker is not None:
        text += f", marker {view.marker}"  # F14-R3
    return text


def must_play(view: View) -> list[Card]:
    """The cards taken this turn that must be played before anything else."""
    if isinstance(view, EndOfThePageView):  # a deep pickup is melded at once (EOP-6)
        return [card for card in (view.turn.must_meld,) if card is not None]
    if isinstance(view, FourteenHundredView):  # the card taken is used (F14-6, F14-9)
        turn = view.turn
        return [card for card in (turn.must_meld, turn.must_use) if card is not None]
    return []


def show(view: View) -> None:
    """Print what the player may see: the view, and nothing else."""
    seat = view.player
    print(f"\n{header(view)}")
    if isinstance(view, EndOfThePageView | FourteenHundredView):  # GOR keeps no score
        print("Scores:", listing(view.scores, seat))
    print("Table:" if view.melds else "Table: no melds yet")
    for number, meld in enumerate(view.melds, start=1):  # "lay 3C on 1" counts from 1
        print(f"  {number}. {meld}  (laid by {name(meld.owner, seat)})")
    # Going Out Rummy shows only the top discard and a rough stock size (GOR-11).
    pile = " ".join(map(str, view.discard_pile)) or "empty"
    stock = view.stock_size.value if view.stock_count is None else view.stock_count
    print(f"Discard pile (top first): {pile}; stock: {stock}")
    print("Cards held:", listing(view.hand_sizes, seat))
    if isinstance(view, GoingOutView) and view.dropped:  # GOR-10
        print("Dropped out:", ", ".join(name(p, seat) for p in view.dropped))
    for card in must_play(view):
        print(f"You must play {card} this turn.")
    print("Your hand:", " ".join(map(str, view.hand)))


def ask(game: GameState, seat: int, read: Read, *, claim: bool) -> GameState | None:
    """Read moves until one is legal: the new state; None for an empty line."""
    view = game.view(seat)
    if claim and isinstance(view, FourteenHundredView):  # a 1400 claim (F14-12)
        print(f"\nPlayer {view.discarder} discarded {view.claim}; you may claim it.")
    else:
        show(view)
    numbered: dict[str, str] = {}  # on your turn every move; out of turn, the claims
    for number, move in enumerate(view.legal_moves, start=1):
        numbered[str(number)] = words(move)
        print(f"  {number:>2}. {words(move)}")
    prompt = "claim (Enter to let it go)> " if claim else "your move> "
    while True:
        text = read(prompt).strip()  # EOFError at the end of input: main() says bye
        if text.lower() in {"quit", "exit"}:
            raise EOFError  # leaving is handled like the end of input
        if not text:
            return None
        text = numbered.get(text, text)  # a move's number stands for the move
        try:  # the seat makes the move, in its turn or out of it
            after = game.apply(text, player=seat)
        except IllegalMoveError as error:
            if error.rule == "ALL-3":  # the text names another player
                print(f"You are player {seat}.")
            else:
                print(f"Not allowed: {error.reason} ({error.rule})")
        except MoveParseError as error:
            print(f"{error}; or type a listed move's number")
        else:
            print(f"You: {words(text)}")
            return after


def step(game: GameState, seat: int, bots: dict[int, Bot], read: Read) -> GameState:
    """The state after the next move: a claim out of turn, or the mover's move."""
    mover = game.to_move if game.to_move is not None else 0
    # First any claim out of turn (1400), from the mover's left, as play_game does.
    for offset in range(1, game.players):
        player = (mover + offset) % game.players
        if all(words(m) == "drop" for m in game.legal_moves(player=player)):
            continue
        if player == seat:
            after = ask(game, seat, read, claim=True)
            if after is not None:
                return after
        else:
            move = bots[player].choose(game.view(player))
            if move is not None:
                print(f"Player {player}: {words(move)}")
                return game.apply(move)
    if mover == seat:
        after = None
        while after is None:  # an empty line shows the table again
            after = ask(game, seat, read, claim=False)
        return after
    move = bots[mover].choose(game.view(mover))  # a bot sees only its own view
    if move is None:
        raise RuntimeError(f"the bot of player {mover} chose no move")
    print(f"Player {mover}: {words(move)}")
    return game.apply(move)


def finish(game: GameState, seat: int) -> None:
    """The score sheet and the winners."""
    print("\nThe game is over.")
    if game.rules.keeps_score:  # the score sheet: a row per round, then the totals
        print("Round " + "".join(f"{name(p, seat):>10}" for p in range(game.players)))
        rows = [*enumerate(game.score_sheet, start=1), ("Total", game.scores)]
        for label, row in rows:
            print(f"{label:>5} " + "".join(f"{score:>10}" for score in row))
    winners = " and ".join(name(p, seat) for p in game.winners) or "nobody"
    print(f"Winner: {winners}")


def play(
    game: GameState, seat: int, read: Read = input, *, level: str = "medium"
) -> GameState:
    """Play ``game`` to its end, ``seat`` by ``read``, the others by bots of ``level``."""
    bots: dict[int, Bot] = {
        p: level_bot(level, seed=p) for p in range(game.players) if p != seat
    }
    while not game.is_over:
        after = step(game, seat, bots, read)
        if len(after.score_sheet) > len(game.score_sheet):  # a round was scored
            print(f"Round {game.round} is over: {listing(after.score_sheet[-1], seat)}")
        game = after
    finish(game, seat)
    return game


def main(argv: Sequence[str] | None = None) -> int:
    """Read the options, play, and say goodbye when the input ends."""
    parser = argparse.ArgumentParser(description="Play rummy against bots.")
    parser.add_argument("--variant", choices=VARIANTS, default="eop")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seat", type=int, default=0, help="your seat, from 0")
    parser.add_argument("--seed", type=int, default=2026, help="the deal's seed")
    parser.add_argument("--level", choices=LEVELS, default="medium", help="the bots'")
    args = parser.parse_args(argv)
    try:
        rules = VARIANTS[args.variant](players=args.players)
    except OptionError as error:  # "players must be from 2 to 8 in ... (EOP-1)"
        parser.error(str(error))
    if not 0 <= args.seat < args.players:
        parser.error(f"--seat must be from 0 to {args.players - 1}")
    print(f"{rules.name}, {args.players} players; you are player {args.seat}.")
    print("Type a move or its number; Enter shows the table; 'quit' leaves.")
    try:
        play(rules.new_game(seed=args.seed), args.seat, level=args.level)
    except (EOFError, KeyboardInterrupt):
        print("\nGoodbye.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
