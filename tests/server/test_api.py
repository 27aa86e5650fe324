"""The HTTP API of docs/server.rst, through Starlette's TestClient."""

from __future__ import annotations

import contextlib
import json
import random
import re
import sqlite3
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from rummyrules import dumps, parse_record, replay, replay_events
from rummyrules.formats.json_converter import CONVERTER
from rummyrules.server import Limits, Table, TableStore, create_app

from .conftest import Json, Seat, bearer, choose, move_texts, new_table

GAMES = {
    "EndOfThePage": {"rounds": 2},
    "FourteenHundred": {"players": 2, "target": 300},
    "GoingOutRummy": {"max_turns": 40},
    "GinRummy": {},
}


def play_through(client: TestClient, table: str, token: str, seed: int) -> Json:
    """Play one human seat at random to the end of the game; the last answer."""
    rng = random.Random(seed)
    answer: Json = client.get(f"/api/tables/{table}/view", headers=bearer(token)).json()
    for _ in range(5000):
        data = answer["view"]["data"]
        if data["to_move"] is None:
            return answer
        move = choose(answer["view"], rng)
        if move is None:  # a 1400 claim let go: the bots play on (F14-12)
            reply = client.post(f"/api/tables/{table}/decline", headers=bearer(token))
        else:
            reply = client.post(
                f"/api/tables/{table}/moves", json={"move": move}, headers=bearer(token)
            )
        assert reply.status_code == 200, reply.text
        answer = reply.json()
        # The answer comes when this seat must act again, or at the end.
        data = answer["view"]["data"]
        assert data["to_move"] is None or move_texts(answer["view"])
    pytest.fail("the game did not end within 5000 moves")


def test_games_lists_every_variant_with_its_options(client: TestClient) -> None:
    games = {game["variant"]: game for game in client.get("/api/games").json()["games"]}
    assert set(GAMES) <= set(games)
    f14 = games["FourteenHundred"]
    assert f14["name"] == "1400"
    assert f14["players"] == {"min": 2, "max": 6, "default": 4}
    options = {option["name"]: option for option in f14["options"]}
    assert options["pass_freely"]["type"] == "bool"
    assert options["stock_out"]["choices"] == ["end_round", "reshuffle", "flip"]
    assert options["max_turns"]["default"] is None
    assert games["GinRummy"]["players"] == {"min": 2, "max": 2, "default": 2}


@pytest.mark.parametrize("variant", sorted(GAMES))
def test_a_whole_game_against_bots_replays_from_its_record(
    client: TestClient, variant: str
) -> None:
    players = GAMES[variant].get("players", 2)
    seats = ["human", *["greedy", "random"][: players - 1]]
    table, tokens = new_table(client, variant, seats, GAMES[variant], seed=11)
    assert client.get(f"/api/tables/{table}/record").status_code == 409
    final = play_through(client, table, tokens[0], seed=3)
    status = client.get(f"/api/tables/{table}").json()
    assert status["over"] is True
    assert status["winners"] == final["view"]["data"]["winners"]
    record = client.get(f"/api/tables/{table}/record").json()
    assert record["winners"] == status["winners"]
    assert list(replay(parse_record(record["record"])).winners) == status["winners"]


def test_f14_12_bots_wait_for_a_person_offered_a_claim_to_claim_or_decline(
    client: TestClient,
) -> None:
    options = {"players": 3}
    table, tokens = new_table(
        client, "FourteenHundred", ["human", "random", "random"], options, 4
    )
    auth, rng = bearer(tokens[0]), random.Random(2)
    answer = client.get(f"/api/tables/{table}/view", headers=auth).json()
    declined = claimed = 0
    for _ in range(3000):
        data = answer["view"]["data"]
        if data["to_move"] is None:
            break
        if data["to_move"] != 0:  # offered a claim out of turn: the bots wait
            assert [m for m in move_texts(answer["view"]) if "claim" in m]
            status = client.get(f"/api/tables/{table}").json()
            assert status["version"] == answer["version"]
            poll = client.get(
                f"/api/tables/{table}/view",
                params={"since": answer["version"], "wait": "5"},
                headers=auth,
            )
            assert poll.json()["version"] == answer["version"]  # at once: a claim waits
            claims = [m for m in move_texts(answer["view"]) if "claim" in m]
            if not claimed:  # once, sent without its "0: ", which the server adds
                text = claims[0].removeprefix("0: ")
                reply = client.post(
                    f"/api/tables/{table}/moves", json={"move": text}, headers=auth
                )
                assert reply.status_code == 200, reply.text
                answer, claimed = reply.json(), 1
                continue
            answer = client.post(f"/api/tables/{table}/decline", headers=auth).json()
            assert answer["version"] != status["version"]  # the bots played on
            declined += 1
            continue
        moves = [m for m in move_texts(answer["view"]) if "claim" not in m]
        plays = [m for m in moves if m.startswith(("meld", "lay"))]  # get down (F14-12)
        move = rng.choice(plays or moves)
        answer = client.post(
            f"/api/tables/{table}/moves", json={"move": move}, headers=auth
        ).json()
    assert declined > 0
    assert claimed
    record = client.get(f"/api/tables/{table}/record").json()
    assert list(replay(parse_record(record["record"])).winners) == record["winners"]


def test_two_people_play_each_other_at_one_table(client: TestClient) -> None:
    table, tokens = new_table(client, "GinRummy", ["human", "human"], seed=5)
    rng = random.Random(1)
    for _ in range(2000):
        status = client.get(f"/api/tables/{table}").json()
        if status["over"]:
            break
        seat = status["to_move"]
        view = client.get(f"/api/tables/{table}/view", headers=bearer(tokens[seat]))
        move = rng.choice(move_texts(view.json()["view"]))
        reply = client.post(
            f"/api/tables/{table}/moves",
            json={"move": move},
            headers=bearer(tokens[seat]),
        )
        assert reply.status_code == 200, reply.text
    record = client.get(f"/api/tables/{table}/record").json()
    assert list(replay(parse_record(record["record"])).winners) == record["winners"]


def test_create_answers_201_with_a_token_for_each_human_seat(
    client: TestClient,
) -> None:
    answer = client.post(
        "/api/tables",
        json={
            "variant": "FourteenHundred",
            "seats": ["human", "greedy", "random", "human"],
        },
    )
    assert answer.status_code == 201
    seats = answer.json()["seats"]
    assert [seat["kind"] for seat in seats] == ["human", "greedy", "random", "human"]
    assert ["token" in seat for seat in seats] == [True, False, False, True]
    assert seats[0]["token"] != seats[3]["token"]
    status = client.get(f"/api/tables/{answer.json()['table']}").json()
    assert status["seats"] == ["human", "greedy", "random", "human"]
    assert status["players"] == 4


@pytest.mark.parametrize(
    ("body", "said"),
    [
        (
            {"variant": "EndOfThePage", "options": {"players": 1}, "seats": ["human"]},
            "players must be from 2 to 8 in End of the Page, not 1 (EOP-1)",
        ),
        ({"variant": "Canasta", "seats": ["human"]}, "name a variant"),
        (
            {
                "variant": "GinRummy",
                "options": {"colour": 1},
                "seats": ["human", "greedy"],
            },
            "is not an option of GinRummy",
        ),
        (
            {
                "variant": "GinRummy",
                "options": {"hand_size": 1.5},
                "seats": ["human", "greedy"],
            },
            "takes a number",
        ),
        ({"variant": "GinRummy", "seats": ["human"]}, "name the 2 seats"),
        ({"variant": "GinRummy", "seats": ["human", "clever"]}, "seat 1 is 'clever'"),
        ({"variant": "GinRummy", "seats": ["greedy", "random"]}, "at least one human"),
        ({"variant": "GinRummy", "seats": ["human", "greedy"], "seed": -1}, "the seed"),
        (
            {"variant": "GinRummy", "seats": ["human", "greedy"], "options": []},
            "as an object",
        ),
    ],
)
def test_bad_tables_are_refused_with_400_and_a_sentence(
    client: TestClient, body: Json, said: str
) -> None:
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 400
    assert said in answer.json()["error"]
    assert answer.json()["rule"] is None


def test_a_seat_token_is_needed_401_and_must_be_known_403(client: TestClient) -> None:
    table, tokens = new_table(client, "GinRummy", ["human", "greedy"])
    view = f"/api/tables/{table}/view"
    assert client.get(view).status_code == 401
    assert client.get(view, headers=bearer("not-a-token")).status_code == 403
    assert client.get(view, headers={"Authorization": "Basic abc"}).status_code == 401
    lower = client.get(view, headers={"authorization": f"bearer {tokens[0]}"})
    assert lower.status_code == 200
    assert lower.json()["seat"] == 0
    query = client.get(view, params={"token": tokens[0]})
    assert query.status_code == 200
    other, _ = new_table(client, "GinRummy", ["human", "greedy"])
    wrong_table = client.get(f"/api/tables/{other}/view", headers=bearer(tokens[0]))
    assert wrong_table.status_code == 403


def test_an_unknown_table_is_404(client: TestClient) -> None:
    for path in ("", "/view", "/record"):
        assert client.get(f"/api/tables/nope{path}").status_code == 404
    answer = client.post("/api/tables/nope/moves", json={"move": "draw"})
    assert answer.status_code == 404
    assert answer.json() == {"error": "there is no table 'nope'", "rule": None}


def test_moves_refused_by_the_rules_are_409_naming_the_rule(client: TestClient) -> None:
    table, tokens = new_table(client, "EndOfThePage", ["human", "human"], seed=2026)
    mover = client.get(f"/api/tables/{table}").json()["to_move"]
    moves = f"/api/tables/{table}/moves"
    early = client.post(
        moves, json={"move": "discard KC"}, headers=bearer(tokens[mover])
    )
    assert early.status_code == 409
    assert early.json()["rule"] == "EOP-5"
    other = client.post(moves, json={"move": "draw"}, headers=bearer(tokens[1 - mover]))
    assert (other.status_code, other.json()["rule"]) == (409, "ALL-2")
    named = client.post(
        moves, json={"move": f"{mover}: draw"}, headers=bearer(tokens[1 - mover])
    )
    assert (named.status_code, named.json()["rule"]) == (403, "ALL-3")


def test_text_that_is_no_move_is_422_and_a_bad_body_400(client: TestClient) -> None:
    table, tokens = new_table(client, "GinRummy", ["human", "human"])
    moves, auth = f"/api/tables/{table}/moves", bearer(tokens[0])
    dance = client.post(moves, json={"move": "dance"}, headers=auth)
    assert dance.status_code == 422
    assert dance.json()["rule"] is None
    assert "is not a move" in dance.json()["error"]
    # Issue 27, item 8: a one-word lay was once a bare IndexError, so a 500.
    lay = client.post(moves, json={"move": "1: lay"}, headers=auth)
    assert lay.status_code == 422
    assert "lay needs a card and a meld" in lay.json()["error"]
    for content in (b"{not json", b"\xff\xfe", b"[1, 2]", b'{"move": 3}', b""):
        answer = client.post(moves, content=content, headers=auth)
        assert answer.status_code == 400, content
        assert answer.json()["rule"] is None


def test_a_body_over_the_limit_is_413(client: TestClient) -> None:
    table, tokens = new_table(client, "GinRummy", ["human", "human"])
    big = b'{"move": "' + b"x" * (64 * 1024) + b'"}'
    answer = client.post(
        f"/api/tables/{table}/moves", content=big, headers=bearer(tokens[0])
    )
    assert answer.status_code == 413
    assert client.post("/api/tables", content=big).status_code == 413


def test_versions_are_opaque_and_change_with_every_move(client: TestClient) -> None:
    table, tokens = new_table(client, "GinRummy", ["human", "human"], seed=3)
    seen = [client.get(f"/api/tables/{table}").json()["version"]]
    for _ in range(4):
        status = client.get(f"/api/tables/{table}").json()
        seat = status["to_move"]
        view = client.get(
            f"/api/tables/{table}/view", headers=bearer(tokens[seat])
        ).json()
        move = move_texts(view["view"])[0]
        reply = client.post(
            f"/api/tables/{table}/moves",
            json={"move": move},
            headers=bearer(tokens[seat]),
        ).json()
        seen.append(reply["version"])
    assert len(set(seen)) == len(seen)
    assert not any(version.isdigit() for version in seen)  # GOR-11: no count of moves


def test_long_poll_answers_at_once_when_the_caller_has_moves(
    client: TestClient,
) -> None:
    table, tokens = new_table(client, "GinRummy", ["human", "human"], seed=3)
    status = client.get(f"/api/tables/{table}").json()
    mover = status["to_move"]
    start = time.monotonic()
    answer = client.get(
        f"/api/tables/{table}/view",
        params={"since": status["version"], "wait": "2"},
        headers=bearer(tokens[mover]),
    )
    assert answer.status_code == 200
    assert time.monotonic() - start < 1.0
    # The other seat has nothing to do: it waits (here, the 0.2 s asked for).
    start = time.monotonic()
    client.get(
        f"/api/tables/{table}/view",
        params={"since": status["version"], "wait": "0.2"},
        headers=bearer(tokens[1 - mover]),
    )
    assert time.monotonic() - start >= 0.2


def test_long_poll_of_a_going_out_seat_is_not_woken_by_its_drop(
    client: TestClient,
) -> None:
    # Every Going Out player may drop at any moment (GOR-10): that is no move
    # the game waits for, so a long poll out of turn still waits.
    table, tokens = new_table(client, "GoingOutRummy", ["human", "human"], seed=3)
    status = client.get(f"/api/tables/{table}").json()
    waiting = 1 - status["to_move"]
    start = time.monotonic()
    client.get(
        f"/api/tables/{table}/view",
        params={"since": status["version"], "wait": "0.3"},
        headers=bearer(tokens[waiting]),
    )
    assert time.monotonic() - start >= 0.3


def test_bad_waits_are_400(client: TestClient) -> None:
    table, tokens = new_table(client, "GinRummy", ["human", "greedy"])
    for wait in ("soon", "-1", "nan", "inf"):
        answer = client.get(
            f"/api/tables/{table}/view",
            params={"since": "x", "wait": wait},
            headers=bearer(tokens[0]),
        )
        assert answer.status_code == 400, wait


@pytest.mark.parametrize("method", ["PUT", "DELETE", "PATCH"])
def test_other_methods_are_405_with_allow(client: TestClient, method: str) -> None:
    answer = client.request(method, "/api/games")
    assert answer.status_code == 405
    assert set(answer.headers["allow"].split(", ")) == {"GET", "HEAD"}
    assert answer.json()["rule"] is None
    assert client.request(method, "/api/tables").headers["allow"] == "POST"


def test_head_answers_as_get_without_a_body(client: TestClient) -> None:
    head = client.head("/api/games")
    assert head.status_code == 200
    assert head.content == b""
    assert int(head.headers["content-length"]) == len(client.get("/api/games").content)


def test_an_unknown_path_is_404_in_json(client: TestClient) -> None:
    answer = client.get("/nothing/here")
    assert answer.status_code == 404
    assert answer.json()["rule"] is None


def age(database: Path, table: str, seconds: float) -> None:
    """Make a table look untouched for ``seconds`` more, in the database itself."""
    with contextlib.closing(sqlite3.connect(database)) as db, db:
        db.execute(
            "UPDATE rummy_tables SET changed = changed - ? WHERE id = ?",
            (seconds, table),
        )


def test_tables_nobody_moves_at_are_deleted_to_make_room(tmp_path: Path) -> None:
    database = tmp_path / "tables.sqlite3"
    limits = Limits(max_tables=2, keep_unfinished=60)
    with TestClient(create_app(limits, database=f"sqlite:///{database}")) as client:
        first, _ = new_table(client, "GinRummy", ["human", "greedy"])
        new_table(client, "GinRummy", ["human", "greedy"])
        full = client.post(
            "/api/tables", json={"variant": "GinRummy", "seats": ["human", "greedy"]}
        )
        assert full.status_code == 503
        assert full.headers["retry-after"].isdigit()
        age(database, first, 120)  # nobody moved there for two minutes
        new_table(client, "GinRummy", ["human", "greedy"])
        assert client.get(f"/api/tables/{first}").status_code == 404


def test_finished_tables_and_records_stay_until_their_keeping_ends(
    tmp_path: Path,
) -> None:
    database = tmp_path / "tables.sqlite3"
    limits = Limits(max_tables=2, keep_finished=600, keep_unfinished=60)
    with TestClient(create_app(limits, database=f"sqlite:///{database}")) as client:
        done, tokens = new_table(client, "GoingOutRummy", ["human", "human"])
        client.post(
            f"/api/tables/{done}/moves",
            json={"move": "drop"},
            headers=bearer(tokens[1]),
        )
        assert client.get(f"/api/tables/{done}").json()["over"] is True
        live, _ = new_table(client, "GinRummy", ["human", "greedy"])
        age(database, done, 120)  # past the unfinished keeping, not the finished one
        new_table(client, "GinRummy", ["human", "greedy"])  # one unfinished before
        assert client.get(f"/api/tables/{done}/record").status_code == 200
        age(database, done, 600)
        age(database, live, 120)
        new_table(client, "GinRummy", ["human", "greedy"])
        assert client.get(f"/api/tables/{done}").status_code == 404
        assert client.get(f"/api/tables/{live}").status_code == 404


def test_one_address_may_make_so_many_tables_a_minute() -> None:
    limits = Limits(tables_per_minute=3, tables_per_address=100)
    with TestClient(create_app(limits)) as client:
        for _ in range(3):
            new_table(client, "GinRummy", ["human", "greedy"])
        refused = client.post(
            "/api/tables", json={"variant": "GinRummy", "seats": ["human", "greedy"]}
        )
        assert refused.status_code == 429
        assert 1 <= int(refused.headers["retry-after"]) <= 60
        assert "last minute" in refused.json()["error"]


def test_one_address_may_hold_so_many_unfinished_tables() -> None:
    limits = Limits(tables_per_minute=100, tables_per_address=2)
    with TestClient(create_app(limits)) as client:
        first, tokens = new_table(client, "GoingOutRummy", ["human", "human"])
        new_table(client, "GinRummy", ["human", "greedy"])
        refused = client.post(
            "/api/tables", json={"variant": "GinRummy", "seats": ["human", "greedy"]}
        )
        assert refused.status_code == 429
        assert refused.headers["retry-after"].isdigit()
        assert "unfinished" in refused.json()["error"]
        client.post(
            f"/api/tables/{first}/moves",
            json={"move": "drop"},
            headers=bearer(tokens[1]),
        )
        new_table(client, "GinRummy", ["human", "greedy"])  # one finished: room again


CARD = re.compile(r"(?<![\w=])(?:10|[2-9AJQK])[SHDC](?!\w)")  # not a declared meaning


def test_gor_11_a_seat_is_sent_its_view_and_no_hidden_card() -> None:
    store = TableStore(Limits())
    with TestClient(create_app(store=store)) as client:
        table, tokens = new_table(client, "EndOfThePage", ["human", "human"], seed=2026)
        row = store.storage.get(table)
        assert row is not None
        game = Table.read(row).game
        for seat, token in tokens.items():
            answer = client.get(f"/api/tables/{table}/view", headers=bearer(token))
            assert answer.json()["view"] == json.loads(dumps(game.view(seat)))
            text = json.dumps(answer.json())
            seen = set(CARD.findall(text))
            face_up = getattr(game, "face_up", None)
            hidden = {str(card) for card in game.hand(1 - seat) if card != face_up}
            assert not seen & hidden
            assert not seen & {str(card) for card in game.stock}
            assert seen <= {
                str(card) for card in (*game.hand(seat), *game.discard_pile, face_up)
            }


def test_gor_10_a_drop_out_of_turn_ends_a_two_player_game(client: TestClient) -> None:
    table, tokens = new_table(client, "GoingOutRummy", ["human", "human"], seed=1)
    waiting = 1 - client.get(f"/api/tables/{table}").json()["to_move"]
    dropped = client.post(
        f"/api/tables/{table}/moves",
        json={"move": "drop"},
        headers=bearer(tokens[waiting]),
    )
    assert dropped.status_code == 200, dropped.text  # sent as "N: drop"
    assert dropped.json()["view"]["data"]["winners"] == [1 - waiting]
    over = client.post(
        f"/api/tables/{table}/moves",
        json={"move": "draw"},
        headers=bearer(tokens[1 - waiting]),
    )
    assert over.status_code == 409
    assert over.json() == {"error": "the game is over", "rule": "ALL-2"}
    record = client.get(f"/api/tables/{table}/record").json()
    assert f"{waiting}: drop" in record["record"]
    assert list(replay(parse_record(record["record"])).winners) == [1 - waiting]


def test_f14_r9_a_claim_by_the_player_to_move_keeps_its_seat_in_the_record() -> None:
    # The next player may claim before drawing (F14-R9); a claim names its
    # player even then, so the record must keep "0: " for it to replay.
    with TestClient(create_app()) as client:
        table, tokens = new_table(
            client, "FourteenHundred", ["human", "random", "random"], {"players": 3}, 0
        )
        seat = Seat(client, table, tokens[0])
        rng, claims_in_turn = random.Random(0), 0
        while not seat.over:
            view = seat.answer()["view"]
            data = view["data"]
            moves = [m for m in move_texts(view) if not m.endswith("drop")]
            claims = [m for m in moves if "claim" in m]
            if claims:
                claims_in_turn += data["to_move"] == 0
                seat.move(claims[0])
            elif data["to_move"] != 0:
                seat.decline()
            else:
                plays = [m for m in moves if m.startswith(("meld", "lay"))]
                seat.move(rng.choice(plays or moves))
        assert claims_in_turn
        done = seat.record()
        assert list(replay(parse_record(done["record"])).winners) == done["winners"]


def test_bots_play_on_after_the_answer_when_they_have_many_moves_to_make() -> None:
    # One bot move per answer: after the person drops out (GOR-10), the two
    # bots play the rest of the game after the answer, a batch at a time.
    limits = Limits(bot_moves=1)
    with TestClient(create_app(limits)) as client:
        options = {"players": 3, "max_turns": 30}
        table, tokens = new_table(
            client, "GoingOutRummy", ["human", "random", "random"], options
        )
        dropped = client.post(
            f"/api/tables/{table}/moves",
            json={"move": "drop"},
            headers=bearer(tokens[0]),
        )
        assert dropped.status_code == 200
        assert dropped.json()["view"]["data"]["to_move"] is not None  # not over yet
        deadline = time.monotonic() + 10
        while not client.get(f"/api/tables/{table}").json()["over"]:
            assert time.monotonic() < deadline, "the bots stopped playing"
            time.sleep(0.01)
        record = client.get(f"/api/tables/{table}/record").json()
        assert list(replay(parse_record(record["record"])).winners) == record["winners"]


def test_the_page_and_its_static_files_are_served(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert "<html" in page.text.lower()
    assert client.get("/static/app.js").status_code == 200
    assert client.get("/static/nothing.js").status_code == 404
    assert client.get("/static/../app.py").status_code == 404
    assert client.get("/static/%2e%2e/app.py").status_code == 404


@pytest.mark.parametrize("variant", sorted(GAMES))
def test_a_seats_events_are_every_event_its_player_was_told(variant: str) -> None:
    # The log, gathered move by move from each view's events, is what
    # replay_events tells that player from the game's record.
    players = GAMES[variant].get("players", 2)
    seats = ["human", *["greedy", "random"][: players - 1]]
    with TestClient(create_app()) as client:
        table, tokens = new_table(client, variant, seats, GAMES[variant], 5)
        seat = Seat(client, table, tokens[0])
        rng, versions = random.Random(5), [seat.answer()["version"]]
        while not seat.over:
            move = choose(seat.answer()["view"], rng)
            if move is None:
                seat.decline()
            else:
                seat.move(move)
            versions.append(seat.version)
        record = parse_record(seat.record()["record"])
        told = [
            CONVERTER.unstructure(event) for _, event in replay_events(record, player=0)
        ]
        assert seat.answer()["events"] == told
        assert told
        # Since a version: exactly the events after it.
        middle = versions[len(versions) // 2]
        since = seat.answer(middle)["events"]
        assert since == told[len(told) - len(since) :]
        assert 0 < len(since) < len(told)
        assert seat.answer(seat.version)["events"] == []


def test_groups_hold_every_legal_move_once_with_the_wild_readings_as_choices() -> None:
    with TestClient(create_app()) as client:
        table, tokens = new_table(
            client, "FourteenHundred", ["human", "greedy"], {"players": 2}, 8
        )
        several = play_checking_groups(Seat(client, table, tokens[0]))
    assert several  # some position read a wild card more than one way


def play_checking_groups(seat: Seat) -> int:
    """Play a game checking each answer's groups; how many offered several readings."""
    rng, several = random.Random(8), 0
    while not seat.over:
        answer = seat.answer()
        texts = move_texts(answer["view"])
        chosen = [text for group in answer["groups"] for text in group["choices"]]
        assert sorted(chosen) == sorted(texts)
        several += any(len(group["choices"]) > 1 for group in answer["groups"])
        for group in answer["groups"]:
            assert {group["kind"]} == {
                move["kind"]
                for move in answer["view"]["data"]["legal_moves"]
                if move["text"] in group["choices"]
            }
        move = choose(answer["view"], rng)
        if move is None:
            seat.decline()
        else:
            seat.move(move)
    return several
