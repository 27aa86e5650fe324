"""Fair deals over the API: a commitment from the start, the seed with the record, who chose it."""

from __future__ import annotations

from pathlib import Path

from starlette.testclient import TestClient

from rummyrules import parse_record, replay
from rummyrules.cli import main
from rummyrules.formats.records import check_commitment, seed_commitment

from .conftest import bearer, new_table


def test_a_server_seed_is_committed_to_at_the_start_and_checks_after_the_end(
    client: TestClient, tmp_path: Path
) -> None:
    table, tokens = new_table(client, "GoingOutRummy", ["human", "human"], seed=None)
    start = client.get(f"/api/tables/{table}").json()["seed"]
    assert start["chosen_by"] == "server"
    assert "seed" not in start  # not before the end
    assert client.get(f"/api/tables/{table}/record").status_code == 409
    client.post(
        f"/api/tables/{table}/moves", json={"move": "drop"}, headers=bearer(tokens[0])
    )
    done = client.get(f"/api/tables/{table}/record").json()
    seed = int(done["seed"])
    assert seed.bit_length() > 64  # 128 random bits: far above 2**64 but by chance
    assert done["commitment"] == start["commitment"] == seed_commitment(table, seed)
    assert check_commitment(table, seed, start["commitment"])
    assert client.get(f"/api/tables/{table}").json()["seed"]["seed"] == done["seed"]
    record = parse_record(done["record"])
    assert (record.seed, record.table, record.commitment) == (
        seed,
        table,
        start["commitment"],
    )
    assert list(replay(record).winners) == done["winners"]
    # rummyrules replay checks the record against the commitment kept.
    path = tmp_path / "game.txt"
    path.write_text(done["record"], encoding="utf-8")
    assert main(["replay", str(path), "--commitment", start["commitment"]]) == 0
    other = seed_commitment(table, seed + 1)
    assert main(["replay", str(path), "--commitment", other]) == 1


def test_a_seed_chosen_by_the_creator_is_shown_as_such_to_every_seat(
    client: TestClient,
) -> None:
    table, tokens = new_table(client, "GinRummy", ["human", "human"], seed=2026)
    for token in tokens.values():
        seen = client.get(f"/api/tables/{table}", headers=bearer(token)).json()
        assert seen["seed"] == {
            "chosen_by": "creator",
            "commitment": seed_commitment(table, 2026),
        }
    created = client.post(
        "/api/tables",
        json={"variant": "GinRummy", "seats": ["human", "greedy"], "seed": 2**128},
    )
    assert created.status_code == 400
    assert "2**128" in created.json()["error"]
