"""Fair deals over the API: a commitment from the start, the seed and salt with the record, who chose it."""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from starlette.testclient import TestClient

from rummyrules import parse_record, replay
from rummyrules.cli import main
from rummyrules.formats.records import check_commitment, seed_commitment
from rummyrules.server import Limits, create_app
from rummyrules.server.running import running

from .conftest import bearer, new_table


def test_a_server_seed_is_committed_to_at_the_start_and_checks_after_the_end(
    client: TestClient, tmp_path: Path
) -> None:
    table, tokens = new_table(client, "GoingOutRummy", ["human", "human"], seed=None)
    start = client.get(f"/api/tables/{table}").json()["seed"]
    assert start["chosen_by"] == "server"
    assert "seed" not in start
    assert "salt" not in start
    assert client.get(f"/api/tables/{table}/record").status_code == 409
    client.post(
        f"/api/tables/{table}/moves", json={"move": "drop"}, headers=bearer(tokens[0])
    )
    done = client.get(f"/api/tables/{table}/record").json()
    seed, salt = int(done["seed"]), done["salt"]
    assert seed.bit_length() > 64  # 128 random bits: far above 2**64 but by chance
    committed = seed_commitment(table, seed, salt)
    assert done["commitment"] == start["commitment"] == committed
    assert check_commitment(table, seed, start["commitment"], salt)
    end = client.get(f"/api/tables/{table}").json()["seed"]
    assert (end["seed"], end["salt"]) == (done["seed"], salt)
    record = parse_record(done["record"])
    assert (record.seed, record.salt, record.table, record.commitment) == (
        seed,
        salt,
        table,
        start["commitment"],
    )
    assert list(replay(record).winners) == done["winners"]
    # rummyrules replay checks the record against the commitment kept.
    path = tmp_path / "game.txt"
    path.write_text(done["record"], encoding="utf-8")
    assert main(["replay", str(path), "--commitment", start["commitment"]]) == 0
    other = seed_commitment(table, seed + 1, salt)
    assert main(["replay", str(path), "--commitment", other]) == 1


def test_a_seed_chosen_by_the_creator_is_shown_as_such_to_every_seat(
    client: TestClient,
) -> None:
    table, tokens = new_table(client, "GinRummy", ["human", "human"], seed=2026)
    for token in tokens.values():
        seen = client.get(f"/api/tables/{table}", headers=bearer(token)).json()
        assert seen["seed"]["chosen_by"] == "creator"
        assert sorted(seen["seed"]) == ["chosen_by", "commitment"]
    created = client.post(
        "/api/tables",
        json={"variant": "GinRummy", "seats": ["human", "greedy"], "seed": 2**128},
    )
    assert created.status_code == 400
    assert "2**128" in created.json()["error"]


@pytest.fixture(params=["sqlite", "postgres"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    else:
        yield request.getfixturevalue("postgres")


def test_a_chosen_seed_cannot_be_found_from_its_commitment(
    database: str, tmp_path: Path
) -> None:
    """Issue 39, item 3: a spectator with the table id tried small seeds against the commitment."""
    with running(limits=Limits(wait=0.2), database=database) as url:
        created = httpx.post(
            url + "/api/tables",
            json={
                "variant": "GoingOutRummy",
                "seats": ["human", "human"],
                "seed": 2026,
            },
            timeout=10,
        ).json()
        table = created["table"]
        # The spectator: the table id and what anyone may read of it, no token.
        shown = httpx.get(f"{url}/api/tables/{table}", timeout=10).json()["seed"]
        assert sorted(shown) == ["chosen_by", "commitment"]  # no seed, no salt
        found = [
            seed
            for seed in range(100_001)
            if hashlib.sha256(f"rummyrules-seed:{table}:{seed}".encode()).hexdigest()
            == shown["commitment"]
        ]
        assert found == []  # the commitment made without a salt gave 2026 at once
        token = created["seats"][0]["token"]
        dropped = httpx.post(
            f"{url}/api/tables/{table}/moves",
            json={"move": "drop"},
            headers={"Authorization": f"Bearer {token}"},
            timeout=10,
        )
        assert dropped.status_code == 200, dropped.text
        done = httpx.get(f"{url}/api/tables/{table}/record", timeout=10).json()
        end = httpx.get(f"{url}/api/tables/{table}", timeout=10).json()["seed"]
    assert (done["seed"], end["seed"]) == ("2026", "2026")
    assert len(done["salt"]) == 32
    assert end["salt"] == done["salt"]
    path = tmp_path / "game.txt"
    path.write_text(done["record"], encoding="utf-8")
    assert f'[Salt "{done["salt"]}"]' in done["record"]
    assert main(["replay", str(path), "--commitment", shown["commitment"]]) == 0


def test_a_table_made_before_salts_keeps_its_commitment_and_checks(
    tmp_path: Path,
) -> None:
    """A row with no salt ('' in the database) shows and checks the commitment to the seed alone."""
    path = tmp_path / "tables.sqlite3"
    with TestClient(create_app(database=f"sqlite:///{path}")) as client:
        table, tokens = new_table(client, "GoingOutRummy", ["human", "human"], seed=7)
    old = seed_commitment(table, 7)  # the form of tables made before salts
    db = sqlite3.connect(path)
    with db:
        db.execute(
            "UPDATE rummy_tables SET salt = '', commitment = ? WHERE id = ?",
            (old, table),
        )
    db.close()
    with TestClient(create_app(database=f"sqlite:///{path}")) as client:
        assert client.get(f"/api/tables/{table}").json()["seed"]["commitment"] == old
        client.post(
            f"/api/tables/{table}/moves",
            json={"move": "drop"},
            headers=bearer(tokens[0]),
        )
        done = client.get(f"/api/tables/{table}/record").json()
        end = client.get(f"/api/tables/{table}").json()["seed"]
    assert "salt" not in done
    assert "salt" not in end
    assert "[Salt" not in done["record"]
    game = tmp_path / "game.txt"
    game.write_text(done["record"], encoding="utf-8")
    assert main(["replay", str(game), "--commitment", old]) == 0
