"""The example front ends: the terminal one plays by scripted input, the JSON server over HTTP."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from rummyrules import (
    EndOfThePage,
    EndOfThePageState,
    FourteenHundred,
    GameState,
    GoingOutRummy,
    View,
    dumps,
    loads,
)
from rummyrules.bots import GreedyBot

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def load(name: str) -> ModuleType:
    """Import an example script as a module (examples/ is not a package)."""
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


front_end = load("terminal_front_end")
json_server = load("json_server")


class Script:
    """Stands in for ``input``: the lines given, then the end of input."""

    def __init__(self, *lines: str) -> None:
        self.lines = list(lines)
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)


def bots_until(game: GameState, seat: int) -> GameState:
    """The game after GreedyBots played every other seat up to ``seat``'s turn."""
    while game.to_move != seat:
        mover = game.to_move
        assert mover is not None
        move = GreedyBot().choose(game.view(mover))
        assert move is not None
        game = game.apply(move)
    return game


def claim_offered() -> GameState:
    """1400 (docs/notation.rst): player 2 discarded 8H; player 1 may claim it."""
    rules = FourteenHundred(players=3)
    deck = "5D 6H 6C QD KD  6S 8D 8C JH QH AH  4D 10S JS 8H  2C  8S  9S KH QS"
    game = rules.new_game(deck=rules.stacked_deck(deck), dealer=2)
    for move in ("pass", "take", "meld 8S 8D 8C", "discard 6S", "draw"):
        game = game.apply(move)
    return game.apply("meld 9S 10S JS").apply("discard 8H")


# The terminal front end


def test_terminal_takes_numbers_and_notation_and_explains_refusals(
    capsys: pytest.CaptureFixture[str],
) -> None:
    game = EndOfThePage(players=2).new_game(seed=2026)
    mine = bots_until(game, 0)
    first = str(mine.legal_moves()[0])
    drawn = mine.apply(first)
    discard = next(str(m) for m in drawn.legal_moves() if str(m).startswith("discard"))
    script = Script(discard, "1", discard, "1: draw", "banana")
    with pytest.raises(EOFError):
        front_end.play(game, 0, script)
    out = capsys.readouterr().out
    assert "Your hand: " + " ".join(map(str, mine.hand(0))) in out
    assert f"   1. {first}" in out
    assert "Not allowed: draw first: a turn begins with 'draw' or 'take' (EOP-5)" in out
    assert f"You: {first}\n" in out
    assert f"You: {discard}\n" in out
    assert "You are player 0." in out
    assert "'banana' is not a move" in out
    assert "Player 1: " in out
    assert script.prompts.count("your move> ") == 6


def test_terminal_shows_the_table_with_owners_and_the_pile(
    capsys: pytest.CaptureFixture[str],
) -> None:
    view = bots_until(EndOfThePage(players=2).new_game(seed=2026), 0).view(0)
    assert view.melds, "seed 2026 has player 1 meld before seat 0's first turn"
    front_end.show(view)
    text = capsys.readouterr().out
    assert f"  1. {view.melds[0]}  (laid by player 1)" in text
    pile = " ".join(map(str, view.discard_pile))
    assert f"Discard pile (top first): {pile}; stock: {view.stock_count}" in text
    assert "Scores: you 0, player 1 0" in text


def test_terminal_offers_a_1400_claim_out_of_turn(
    capsys: pytest.CaptureFixture[str],
) -> None:
    game = claim_offered()
    assert game.to_move == 0
    script = Script("draw", "claim 8H on 1")
    with pytest.raises(EOFError):
        front_end.play(game, 1, script)
    out = capsys.readouterr().out
    assert "Player 2 discarded 8H; you may claim it." in out
    assert "   1. claim 8H on 1" in out
    assert "it is player 0's turn, not player 1's (ALL-2)" in out
    assert "You: claim 8H on 1" in out
    assert script.prompts[0] == "claim (Enter to let it go)> "


def test_terminal_lets_a_claim_go_on_enter(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(EOFError):
        front_end.play(claim_offered(), 1, Script(""))
    out = capsys.readouterr().out
    assert "You: claim" not in out
    assert "Player 0: " in out


def test_terminal_plays_to_the_end_and_prints_the_score_sheet(
    capsys: pytest.CaptureFixture[str],
) -> None:
    game = EndOfThePage(players=2, rounds=2).new_game(seed=3)
    final = front_end.play(game, 0, lambda _: "1")
    out = capsys.readouterr().out
    assert final.is_over
    assert "Round 1 is over" in out
    assert "Round 2 is over" in out
    total = next(line for line in out.splitlines() if line.startswith("Total"))
    assert [int(score) for score in total.split()[1:]] == list(final.scores)
    assert "Winner: " in out


def test_terminal_drop_ends_a_going_out_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    final = front_end.play(GoingOutRummy().new_game(seed=1), 0, lambda _: "drop")
    assert final.winners == (1,)
    assert "Winner: player 1" in capsys.readouterr().out


def run_script(
    script: str, *args: str, stdin: str = ""
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(  # noqa: S603 - our own example, run by our own Python
        [sys.executable, str(EXAMPLES / script), *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
        timeout=60,
        check=False,
    )


def test_terminal_command_line_says_goodbye_at_the_end_of_input() -> None:
    done = run_script("terminal_front_end.py", "--variant", "1400", stdin="1\n")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert done.stdout.startswith("1400, 2 players; you are player 0.")
    assert "You: " in done.stdout
    assert done.stdout.rstrip().endswith("Goodbye.")


def test_terminal_command_line_refuses_bad_options() -> None:
    done = run_script("terminal_front_end.py", "--players", "9")
    assert done.returncode == 2
    assert (
        "players must be from 2 to 8 in End of the Page, not 9 (EOP-1)" in done.stderr
    )


# The JSON server

CARD = re.compile(r"(?<![\w=])(?:10|[2-9AJQK])[SHDC](?!\w)")  # not a declared meaning


class Answer:
    """An HTTP answer: the status, the headers and the body's text."""

    def __init__(self, status: int, headers: dict[str, str], text: str) -> None:
        self.status, self.headers, self.text = status, headers, text

    def json(self) -> Any:
        return json.loads(self.text)


def http(
    url: str,
    method: str = "GET",
    body: bytes | None = None,
    headers: dict[str, str] | None = None,
) -> Answer:
    request = urllib.request.Request(  # noqa: S310 - a local test server
        url, data=body, method=method, headers=headers or {}
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:  # noqa: S310
            return Answer(answer.status, dict(answer.headers), answer.read().decode())
    except urllib.error.HTTPError as error:
        with error:
            return Answer(error.code, dict(error.headers), error.read().decode())


class Table:
    """A GameServer served over HTTP on a free port, with a client's helpers."""

    def __init__(self, game: GameState, bots: tuple[int, ...] = ()) -> None:
        self.game = json_server.GameServer(game, bots=bots)
        self.server = json_server.start(self.game)
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}"

    def seat(self) -> tuple[int, str]:
        answer = http(f"{self.base}/seats", "POST", b"{}")
        assert answer.status == 201, answer.text
        return answer.json()["seat"], answer.json()["token"]

    def seats(self, count: int) -> dict[int, str]:
        """Take ``count`` seats: their tokens by seat."""
        return dict(self.seat() for _ in range(count))

    def view(self, token: str, query: str = "") -> Answer:
        headers = {"Authorization": f"Bearer {token}"}
        return http(f"{self.base}/view{query}", headers=headers)

    def move(self, token: str, move: str, path: str = "/moves") -> Answer:
        body = json.dumps({"move": move}).encode()
        headers = {
            "Authorization": f"Bearer {token}",
            "Content-Type": "application/json",
        }
        return http(f"{self.base}{path}", "POST", body, headers)

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def table() -> Iterator[Table]:
    served = Table(EndOfThePage(players=2).new_game(seed=2026))
    yield served
    served.close()


def test_server_gives_one_seat_per_client(table: Table) -> None:
    (first, token0), (second, token1) = table.seat(), table.seat()
    assert (first, second) == (0, 1)
    assert token0 != token1
    full = http(f"{table.base}/seats", "POST", b"{}")
    assert full.status == 409
    assert full.json() == {"error": "every seat is taken", "rule": None}


def test_server_needs_the_seats_token(table: Table) -> None:
    _, token = table.seat()
    missing = http(f"{table.base}/view")
    assert missing.status == 401
    assert missing.headers["WWW-Authenticate"] == "Bearer"
    assert table.view("not-a-token").status == 403
    assert table.move("not-a-token", "draw").status == 403
    assert http(f"{table.base}/view?token={token}").status == 200
    assert table.view(token).status == 200


def test_server_views_are_the_views_json_and_hide_the_other_hands(table: Table) -> None:
    seats = table.seats(2)
    game = table.game.game
    assert isinstance(game, EndOfThePageState)
    for seat, token in seats.items():
        text = table.view(token).text
        assert text == dumps(game.view(seat))
        view = loads(text)
        assert isinstance(view, View)
        assert view == game.view(seat)
        seen = set(CARD.findall(text))
        visible = {*game.hand(seat), *game.discard_pile, game.face_up}
        visible |= {card for meld in game.melds for card in meld.cards}
        assert seen <= {str(card) for card in visible if card is not None}
        other = 1 - seat
        assert not seen & {str(c) for c in game.hand(other) if c != game.face_up}
        assert not seen & {str(card) for card in game.stock}


def test_server_plays_a_legal_move_and_answers_with_the_new_view(table: Table) -> None:
    seats = table.seats(2)
    mover = table.game.game.to_move
    before = table.view(seats[mover])
    answer = table.move(seats[mover], "draw")
    assert answer.status == 200, answer.text
    assert answer.text == dumps(table.game.game.view(mover))
    assert answer.json()["data"]["phase"] == "play"
    assert answer.headers["ETag"] != before.headers["ETag"]
    assert answer.headers["ETag"] == f'"{table.game.version}"'


def test_server_refuses_moves_with_the_rule(table: Table) -> None:
    seats = table.seats(2)
    mover = table.game.game.to_move
    other = seats[1 - mover]
    refused = table.move(other, "draw")
    assert refused.status == 409
    assert refused.json() == {
        "error": f"it is player {mover}'s turn, not player {1 - mover}'s",
        "rule": "ALL-2",
    }
    assert table.move(seats[mover], "discard KC").json()["rule"] == "EOP-5"
    nonsense = table.move(seats[mover], "dance")
    assert nonsense.status == 422
    assert nonsense.json()["error"].startswith("'dance' is not a move")
    assert nonsense.json()["rule"] is None
    impostor = table.move(other, f"{mover}: draw")
    assert impostor.status == 403
    assert table.game.game.phase.value == "draw"  # nothing was played


@pytest.mark.parametrize(
    "body", [b"{draw", b'["draw"]', b'{"mv": "draw"}', b'{"move": 3}', b"\xff", b""]
)
def test_server_answers_400_to_a_body_that_is_no_move(
    table: Table, body: bytes
) -> None:
    _, token = table.seat()
    headers = {"Authorization": f"Bearer {token}"}
    answer = http(f"{table.base}/moves", "POST", body, headers)
    assert answer.status == 400
    assert answer.json()["rule"] is None


def test_server_rules_status_and_unknown_paths(table: Table) -> None:
    assert loads(http(f"{table.base}/rules").text) == EndOfThePage(players=2)
    status = http(f"{table.base}/status").json()
    assert status == {
        "variant": "EndOfThePage",
        "name": "End of the Page",
        "players": 2,
        "free_seats": [0, 1],
        "bot_seats": [],
        "to_move": table.game.game.to_move,
        "phase": "draw",
        "over": False,
        "winners": [],
        "version": table.game.version,
    }
    assert http(f"{table.base}/nowhere").status == 404
    assert http(f"{table.base}/moves").status == 405
    preflight = http(f"{table.base}/moves", "OPTIONS")
    assert preflight.status == 204
    assert preflight.headers["Access-Control-Allow-Origin"] == "*"
    assert "Authorization" in preflight.headers["Access-Control-Allow-Headers"]


def test_server_view_since_waits_for_the_next_move(table: Table) -> None:
    seats = table.seats(2)
    mover = table.game.game.to_move
    etag = table.view(seats[1 - mover]).headers["ETag"]
    assert table.view(seats[1 - mover], "?since=stale").headers["ETag"] == etag
    answers: list[Answer] = []
    waiting = threading.Thread(
        target=lambda: answers.append(table.view(seats[1 - mover], f"?since={etag}"))
    )
    waiting.start()
    waiting.join(0.2)
    assert waiting.is_alive()  # nothing has happened yet
    table.move(seats[mover], "draw")
    waiting.join(5)
    assert answers
    assert answers[0].headers["ETag"] != etag
    assert answers[0].json()["data"]["phase"] == "play"


def test_server_bots_fill_their_seats_and_reply() -> None:
    served = Table(EndOfThePage(players=2).new_game(seed=2026), bots=(1,))
    try:
        seat, token = served.seat()
        assert seat == 0
        assert http(f"{served.base}/seats", "POST", b"{}").status == 409
        assert served.game.game.to_move == 0  # the bot played up to our turn
        legal = served.move(token, "draw").json()["data"]["legal_moves"]
        discard = next(move["text"] for move in legal if move["kind"] == "discard")
        view = served.move(token, discard).json()["data"]
        assert view["to_move"] == 0  # the bot replied at once
        assert http(f"{served.base}/status").json()["bot_seats"] == [1]
    finally:
        served.close()


def test_server_bots_wait_for_a_person_offered_a_claim() -> None:
    served = Table(claim_offered(), bots=(0, 2))
    try:
        seat, token = served.seat()
        assert seat == 1
        assert served.game.game.to_move == 0  # the bot to move waits for seat 1
        assert served.game.game.claim is not None
        view = served.view(token).json()["data"]
        assert [move["text"] for move in view["legal_moves"]] == ["1: claim 8H on 1"]
        reply = http(
            f"{served.base}/decline",
            "POST",
            headers={"Authorization": f"Bearer {token}"},
        )
        assert reply.status == 200, reply.text
        assert reply.text == dumps(served.game.game.view(1))
        assert served.game.game.claim is None  # the bots have moved on
        assert all("8H" not in str(meld) for meld in served.game.game.melds)
    finally:
        served.close()


def test_server_adds_the_prefix_to_a_claim_out_of_turn() -> None:
    served = Table(claim_offered())
    try:
        tokens = served.seats(2)
        assert served.game.game.to_move == 0
        reply = served.move(tokens[1], "claim 8H on 1")  # sent as "1: claim 8H on 1"
        assert reply.status == 200, reply.text
        assert str(served.game.game.melds[0]) == "8S 8H 8D 8C"
        assert served.game.game.melds[0].played_by == (1, 1, 1, 1)  # all player 1's
        assert reply.json()["data"]["to_move"] == 0
    finally:
        served.close()


def test_server_drop_out_of_turn_ends_a_going_out_game() -> None:
    served = Table(GoingOutRummy().new_game(seed=1))
    try:
        tokens = served.seats(2)
        waiting = 1 - served.game.game.to_move
        reply = served.move(tokens[waiting], "drop")  # "N: drop" is added
        assert reply.status == 200, reply.text
        assert reply.json()["data"]["winners"] == [1 - waiting]
        over = served.move(tokens[1 - waiting], "draw")
        assert over.status == 409
        assert over.json() == {"error": "the game is over", "rule": "ALL-2"}
    finally:
        served.close()


def test_server_command_line_serves_until_stopped() -> None:
    process = subprocess.Popen(  # noqa: S603 - our own example, run by our own Python
        [sys.executable, str(EXAMPLES / "json_server.py"), "--serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        found = re.search(r"http://[\d.]+:\d+", line)
        assert found, line
        status = http(f"{found[0]}/status").json()
        assert status["variant"] == "EndOfThePage"
        assert status["free_seats"] == [0, 1]
    finally:
        process.terminate()
        process.wait(10)
        if process.stdout is not None:
            process.stdout.close()
