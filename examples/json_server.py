"""A small JSON game server on the standard library: one game, one seat per client.

A web page, a mobile app or a terminal can play over HTTP: it takes a seat,
reads its own view of the table as JSON and sends moves in the move notation.
The server holds the only copy of the game. It sends a client nothing but the
rules and that client's view (``game.view(seat)``), so no other player's hand
and no stock order ever leave it.

    python examples/json_server.py           # a scripted demo over real HTTP, then exit
    python examples/json_server.py --serve   # End of the Page, 2 players, 127.0.0.1:8000
    python examples/json_server.py --serve --variant 1400 --players 3 --bots 1 --port 8080

``--variant`` is ``eop``, ``1400`` or ``gor``; ``--bots K`` seats GreedyBot in
the last K seats and leaves the others to clients; ``--seed`` fixes the deal.

The HTTP API. Bodies are JSON (UTF-8). Every answer carries an ``ETag``: the
version of the game it shows, a random string that changes with every move
(not a count, which would tell Going Out Rummy players what GOR-11 hides), and
CORS headers, so that a web page from any origin may call the server.

``POST /seats``
    Take the next free seat: ``201 {"seat": 0, "token": "..."}``. The token
    is the seat's password; send it with ``/view``, ``/moves`` and
    ``/decline``, as ``Authorization: Bearer TOKEN`` (or ``?token=TOKEN``,
    which is masked in the server's log). ``409`` when every seat is taken.
``GET /view``
    Your view of the table: exactly ``rummyrules.dumps(view)`` (its fields
    are described in docs/saving.rst; ``rummyrules.loads`` reads it back).
    ``data.legal_moves`` lists the moves you may send now, in or out of turn,
    each an object whose ``text`` is what to send.
    With ``?since=ETAG`` the answer waits (up to 30 s) until the game has
    moved on from that version, so a client need not poll in a busy loop.
``POST /moves`` with ``{"move": "discard KC"}``
    Make a move for your seat, in the notation of docs/notation.rst; the
    ``N:`` in front of a move out of turn (``claim``, ``drop``) is added for
    you. ``200`` with your new view, after the bots have replied; ``409
    {"error": "it is player 1's turn, not player 0's", "rule": "ALL-2"}``
    when the rules refuse the move; ``422 {"error": ..., "rule": null}``
    when the text is no move at all; ``403`` for a move naming another seat.
``POST /decline``
    Let a 1400 claim you are offered go by (F14-12). Bots wait for each
    person offered a claim to claim or decline; among people, the first move
    to arrive wins, as at the table. ``200`` with your view.
``GET /rules``
    The rules with every option: ``rummyrules.dumps(rules)``. No token needed.
``GET /status``
    No token needed: ``{"variant", "name", "players", "free_seats",
    "bot_seats", "to_move", "phase", "over", "winners", "version"}``.

Errors are ``{"error": sentence, "rule": id or null}``: ``400`` for a body
that is not a JSON object with a ``"move"`` string, ``401`` without a token,
``403`` for an unknown token, ``404`` for an unknown path, ``405`` for a
method the path does not take, ``500`` for a bug (logged by the server).
"""

from __future__ import annotations

import argparse
import json
import re
import secrets
import threading
import urllib.error
import urllib.request
from collections.abc import Iterable, Sequence
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

from rummyrules import (
    EndOfThePage,
    FourteenHundred,
    GameState,
    GoingOutRummy,
    IllegalMoveError,
    RummyRulesError,
    dumps,
    loads,
)
from rummyrules.bots import Bot, GreedyBot

VARIANTS = {"eop": EndOfThePage, "1400": FourteenHundred, "gor": GoingOutRummy}
MAX_BODY = 64 * 1024


class ApiError(Exception):
    """A request the server refuses: an HTTP status, a sentence, maybe a rule ID."""

    def __init__(self, status: int, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.status, self.message, self.rule = status, message, rule


def words(move: object) -> str:
    """A move's text without its ``N:`` prefix: ``drop``, ``claim 8H on 1``."""
    return str(move).split(": ", 1)[-1]


class GameServer:
    """One game, its seats and its bots; safe to call from many threads.

    The game is a frozen :class:`~rummyrules.GameState`, replaced by the next
    one on each move while the lock is held, so every request sees a whole
    state. Seats in ``bots`` are played by :class:`~rummyrules.bots.GreedyBot`.
    """

    wait_limit = 30.0  # seconds a GET /view?since=... may wait

    def __init__(self, game: GameState, *, bots: Iterable[int] = ()) -> None:
        self._changed = threading.Condition()  # the lock, and "the game moved on"
        self._game = game
        self._bots: dict[int, Bot] = {seat: GreedyBot() for seat in bots}
        self._tokens: dict[str, int] = {}  # token -> seat
        self._declined: set[int] = set()  # who let this state's claim go
        self.version = secrets.token_hex(8)
        with self._changed:
            self._play_bots()

    @property
    def game(self) -> GameState:
        """The whole game, for the host: never send it to a client."""
        return self._game

    def take_seat(self) -> tuple[int, str]:
        """The next free seat and its new token."""
        with self._changed:
            taken = set(self._tokens.values()) | set(self._bots)
            free = [p for p in range(self._game.players) if p not in taken]
            if not free:
                raise ApiError(409, "every seat is taken")
            token = secrets.token_urlsafe(16)
            self._tokens[token] = free[0]
            return free[0], token

    def seat_of(self, token: str | None) -> int:
        """The seat a token names (401 without one, 403 for an unknown one)."""
        if not token:
            raise ApiError(401, "send your token: Authorization: Bearer TOKEN")
        with self._changed:
            if token not in self._tokens:
                raise ApiError(403, "that token holds no seat")
            return self._tokens[token]

    def view(self, seat: int, since: str | None = None) -> tuple[str, str]:
        """The seat's view as JSON, and the version it shows.

        With ``since``, it waits until the version differs (or ``wait_limit``).
        """
        with self._changed:
            if since is not None:
                self._changed.wait_for(lambda: self.version != since, self.wait_limit)
            return dumps(self._game.view(seat)), self.version

    def move(self, seat: int, text: str) -> tuple[str, str]:
        """Play ``text`` for ``seat``, let the bots reply; the seat's new view."""
        with self._changed:
            try:  # the seat makes the move, in its turn or out of it
                after = self._game.apply(text, player=seat)
            except IllegalMoveError as error:
                if error.rule == "ALL-3":  # the text names another player
                    raise ApiError(403, error.reason, error.rule) from error
                raise ApiError(409, error.reason, error.rule) from error
            except RummyRulesError as error:  # MoveParseError: no move at all
                raise ApiError(422, str(error)) from error
            self._update(after)
            self._play_bots()
            return dumps(self._game.view(seat)), self.version

    def decline(self, seat: int) -> tuple[str, str]:
        """Let the claim ``seat`` is offered go by, so bots may move on."""
        with self._changed:
            self._declined.add(seat)
            self._play_bots()
            return dumps(self._game.view(seat)), self.version

    def status(self) -> dict[str, Any]:
        """What anyone at the table may know, without a token."""
        with self._changed:
            game = self._game
            taken = set(self._tokens.values()) | set(self._bots)
            return {
                "variant": type(game.rules).__name__,
                "name": game.rules.name,
                "players": game.players,
                "free_seats": [p for p in range(game.players) if p not in taken],
                "bot_seats": sorted(self._bots),
                "to_move": game.to_move,
                "phase": game.phase.value,
                "over": game.is_over,
                "winners": list(game.winners),
                "version": self.version,
            }

    def _update(self, after: GameState) -> None:
        self._game = after
        self._declined.clear()
        self.version = secrets.token_hex(8)
        self._changed.notify_all()  # wake every GET /view?since=...

    def _play_bots(self) -> None:
        """Let the bots move until a person must (or may claim); lock held."""
        while not self._game.is_over:
            game, mover = self._game, self._game.to_move or 0
            # Claims out of turn (1400) first, from the mover's left, as
            # rummyrules.bots.play_game asks; a drop is never waited for.
            for offset in range(1, game.players):
                player = (mover + offset) % game.players
                if all(words(m) == "drop" for m in game.legal_moves(player=player)):
                    continue
                if player not in self._bots:
                    if player in self._declined:
                        continue
                    return  # a person may claim: wait for the claim or decline
                move = self._bots[player].choose(game.view(player))
                if move is not None:
                    break
            else:
                if mover not in self._bots:
                    return  # a person's turn
                move = self._bots[mover].choose(game.view(mover))
            if move is None:
                raise RuntimeError(f"the bot of player {mover} chose no move")
            self._update(game.apply(move))


class Handler(BaseHTTPRequestHandler):
    """Routes each request to the :class:`GameServer` and answers in JSON."""

    server: JsonHttpServer

    def do_GET(self) -> None:
        """Answer a GET."""
        self._answer("GET")

    def do_POST(self) -> None:
        """Answer a POST."""
        self._answer("POST")

    def do_OPTIONS(self) -> None:
        """A browser's CORS preflight: any origin may call the API."""
        self._send(204, "")

    def _answer(self, method: str) -> None:
        url = urlsplit(self.path)
        query = {key: values[0] for key, values in parse_qs(url.query).items()}
        game = self.server.game
        try:
            status, body, version = self._route(game, method, url.path, query)
        except ApiError as error:
            body = json.dumps({"error": error.message, "rule": error.rule})
            status, version = error.status, game.version
        except Exception as error:  # noqa: BLE001 - a bug answers 500, not silence
            self.log_error("%r", error)
            body = json.dumps({"error": "internal error", "rule": None})
            status, version = 500, game.version
        self._send(status, body, version)

    def _route(
        self, game: GameServer, method: str, path: str, query: dict[str, str]
    ) -> tuple[int, str, str]:
        """The status, the JSON body and the game's version it shows."""
        routes = {
            "/seats": "POST",
            "/view": "GET",
            "/moves": "POST",
            "/decline": "POST",
            "/rules": "GET",
            "/status": "GET",
        }
        if path not in routes:
            raise ApiError(404, f"no such path {path}: try GET /status")
        if method != routes[path]:
            raise ApiError(405, f"{path} takes {routes[path]}, not {method}")
        if path == "/status":
            status = game.status()
            return 200, json.dumps(status), status["version"]
        if path == "/rules":
            return 200, dumps(game.game.rules), game.version
        if path == "/seats":
            seat, token = game.take_seat()
            return 201, json.dumps({"seat": seat, "token": token}), game.version
        bearer = self.headers.get("Authorization", "").removeprefix("Bearer ").strip()
        seat = game.seat_of(bearer or query.get("token"))
        if path == "/view":
            since = query.get("since", "").strip('"') or None  # an ETag, quoted or not
            return 200, *game.view(seat, since)
        if path == "/decline":
            return 200, *game.decline(seat)
        return 200, *game.move(seat, self._move_text())

    def _move_text(self) -> str:
        """The ``"move"`` of a JSON body ``{"move": "draw"}`` (400 otherwise)."""
        length = self.headers.get("Content-Length", "0")
        if not length.isdigit() or int(length) > MAX_BODY:
            raise ApiError(400, f"send a body of at most {MAX_BODY} bytes")
        try:
            body = json.loads(self.rfile.read(int(length)) or b"null")
        except (ValueError, RecursionError) as error:  # not UTF-8, or not JSON
            raise ApiError(400, f"the body is not JSON: {error}") from error
        if not isinstance(body, dict) or not isinstance(body.get("move"), str):
            raise ApiError(400, 'send a JSON object with the move: {"move": "draw"}')
        return str(body["move"])

    def _send(self, status: int, body: str, version: str | None = None) -> None:
        data = body.encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        if version is not None:
            self.send_header("ETag", f'"{version}"')
        self.send_header("Access-Control-Allow-Origin", "*")
        self.send_header("Access-Control-Allow-Methods", "GET, POST, OPTIONS")
        self.send_header("Access-Control-Allow-Headers", "Authorization, Content-Type")
        self.send_header("Access-Control-Expose-Headers", "ETag")
        if status == 401:
            self.send_header("WWW-Authenticate", "Bearer")
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args: Any) -> None:
        """Log each request to stderr when serving (tokens masked), not in the demo."""
        if self.server.log:
            masked = (re.sub(r"token=[^&\s]+", "token=***", str(arg)) for arg in args)
            super().log_message(format, *masked)


class JsonHttpServer(ThreadingHTTPServer):
    """The HTTP server: one thread per request, all sharing one GameServer."""

    daemon_threads = True  # a waiting GET /view?since=... never blocks exit

    def __init__(self, game: GameServer, host: str, port: int, *, log: bool) -> None:
        super().__init__((host, port), Handler)
        self.game, self.log = game, log


def start(game: GameServer, host: str = "127.0.0.1", port: int = 0) -> JsonHttpServer:
    """Serve ``game`` from a background thread (port 0: any free port)."""
    server = JsonHttpServer(game, host, port, log=False)
    # A short poll interval makes server.shutdown() quick.
    threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
    return server


def call(
    url: str, method: str = "GET", body: object = None, token: str | None = None
) -> tuple[int, Any]:
    """A client's request: the status and the JSON answer."""
    data = None if body is None else json.dumps(body).encode("utf-8")
    request = urllib.request.Request(url, data=data, method=method)  # noqa: S310
    if token is not None:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:  # noqa: S310
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:  # 4xx: the answer still has a body
        with error:
            return error.code, json.loads(error.read())


def demo() -> None:
    """Two clients take seats and play a few moves over real HTTP, then stop."""
    first = EndOfThePage(players=2).new_game(seed=2026)
    game = GameServer(first)
    server = start(game)
    base = f"http://127.0.0.1:{server.server_address[1]}"
    print(f"Serving End of the Page on {base}")
    try:
        print("GET /status ->", call(f"{base}/status")[1])
        tokens: dict[int, str] = {}
        for _ in range(3):  # the third client finds the table full
            status, answer = call(f"{base}/seats", "POST", {})
            print(f"POST /seats -> {status} {answer}")
            if status == 201:
                tokens[answer["seat"]] = answer["token"]
        for seat, token in tokens.items():
            status, view = call(f"{base}/view", token=token)
            data = view["data"]
            print(
                f"GET /view (seat {seat}) -> {status}: hand {data['hand']}, "
                f"hand sizes {data['hand_sizes']}, to move {data['to_move']}, "
                f"your moves {[move['text'] for move in data['legal_moves']]}"
            )
        # A view holds no card of another hand (but the wild card lying face
        # up, EOP-3), and a Python client may read it back into a View.
        text = json.dumps(view)
        hidden = [str(card) for card in first.hand(0) if card != first.face_up]
        print(
            f"Seat 1's view shows none of seat 0's {len(hidden)} hidden cards:",
            all(re.search(rf"\b{card}\b", text) is None for card in hidden),
        )
        print("rummyrules.loads reads it as a", type(loads(text)).__name__)
        mover = data["to_move"]

        def move(seat: int, text: str) -> list[str]:
            """POST /moves for ``seat``; the legal moves of the new view."""
            status, answer = call(f"{base}/moves", "POST", {"move": text}, tokens[seat])
            if status != 200:
                print(f"POST /moves {text!r} (seat {seat}) -> {status} {answer}")
                return []
            data = answer["data"]
            print(
                f"POST /moves {text!r} (seat {seat}) -> {status}: hand {data['hand']}, "
                f"discard pile {data['discard_pile']!r}, to move {data['to_move']}"
            )
            return [move["text"] for move in data["legal_moves"]]

        move(1 - mover, "draw")  # 409: not this seat's turn (ALL-2)
        move(mover, "dance")  # 422: no move at all
        move(mover, "discard KC")  # 409: a turn begins with a draw (EOP-5)
        legal = move(mover, "draw")
        move(mover, [m for m in legal if m.startswith("discard")][-1])
        move(1 - mover, "take")
        status, answer = call(f"{base}/view", token=secrets.token_urlsafe(16))
        print(f"GET /view with a wrong token -> {status} {answer}")
    finally:
        server.shutdown()
        server.server_close()
    print("The server is shut down.")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the demo, or with ``--serve`` serve one game until interrupted."""
    parser = argparse.ArgumentParser(description="Serve a rummy game as JSON.")
    parser.add_argument("--serve", action="store_true", help="serve until Ctrl-C")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000, help="0: any free port")
    parser.add_argument("--variant", choices=VARIANTS, default="eop")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--bots", type=int, default=0, help="bots in the last seats")
    args = parser.parse_args(argv)
    if not args.serve:
        demo()
        return 0
    try:
        rules = VARIANTS[args.variant](players=args.players)
    except RummyRulesError as error:
        parser.error(str(error))
    if not 0 <= args.bots < args.players:
        parser.error(f"--bots must be from 0 to {args.players - 1}")
    bots = range(args.players - args.bots, args.players)
    game = GameServer(rules.new_game(seed=args.seed), bots=bots)
    server = JsonHttpServer(game, args.host, args.port, log=True)
    host, port = server.server_address[:2]
    print(f"Serving {rules.name} on http://{host!s}:{port}/ (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("Stopped.")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
