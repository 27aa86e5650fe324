"""An older database migrates, on SQLite and PostgreSQL; a newer one is refused.

The oldest schema the project shipped is version 1 (commit 9d39aa3): each
version's events of every seat in one JSON object, ``rummy_changes.events``.
Its DDL is copied below, and fixtures/schema_v1.json holds two tables that
commit's own server wrote (played through its API), with the tokens and
the views it answered; the server started on them must migrate, show the
same events, and take moves and new tables.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from rummyrules.server.databases import open_storage
from rummyrules.server.schema import VERSION, NewerDatabaseError
from rummyrules.server.sql import SqlStorage

from .conftest import Json
from .processes import COMMAND, Served

V1_DDL = (
    """CREATE TABLE rummy_tables (
        id TEXT PRIMARY KEY,
        rules TEXT NOT NULL,
        seats TEXT NOT NULL,
        tokens TEXT NOT NULL,
        seed TEXT NOT NULL,
        chosen BOOLEAN NOT NULL,
        commitment TEXT NOT NULL,
        creator TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        changed DOUBLE PRECISION NOT NULL,
        number INTEGER NOT NULL,
        version TEXT NOT NULL,
        revision INTEGER NOT NULL,
        state TEXT NOT NULL,
        declined TEXT NOT NULL,
        finished BOOLEAN NOT NULL,
        bots BOOLEAN NOT NULL
    )""",
    "CREATE INDEX rummy_tables_creator ON rummy_tables (creator, created)",
    "CREATE INDEX rummy_tables_open ON rummy_tables (finished, changed)",
    """CREATE TABLE rummy_changes (
        table_id TEXT NOT NULL,
        number INTEGER NOT NULL,
        version TEXT NOT NULL,
        move TEXT,
        events TEXT NOT NULL,
        PRIMARY KEY (table_id, number)
    )""",
    "CREATE INDEX rummy_changes_version ON rummy_changes (table_id, version)",
)
"""Version 1's relations, as ``git show 9d39aa3:src/rummyrules/server/sql.py`` made them."""

FIXTURE: Json = json.loads(
    (Path(__file__).parent / "fixtures" / "schema_v1.json").read_text("utf-8")
)


@pytest.fixture(params=["sqlite", "postgres"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    else:
        yield request.getfixturevalue("fresh_postgres")


def execute(url: str, statements: list[tuple[str, tuple[Any, ...]]]) -> list[Any]:
    """Run statements (written with ``?``) in one transaction; the last one's rows."""
    rows: list[Any] = []
    if url.startswith("sqlite:///"):
        db = sqlite3.connect(url.removeprefix("sqlite:///"))
        with db:
            for text, params in statements:
                rows = db.execute(text, params).fetchall()
        db.close()
        return rows
    import psycopg  # noqa: PLC0415 - the postgres fixture skips without it

    with psycopg.connect(url) as connection, connection.cursor() as cursor:
        for text, params in statements:
            cursor.execute(text.replace("?", "%s"), params)
            rows = cursor.fetchall() if cursor.description else []
    return rows


def write_version_1(url: str) -> None:
    """Version 1's relations and the fixture's two tables, in a fresh database."""
    # The fixture's tables were written days before a test runs: made
    # recent again, so that the server's sweep keeps them.
    now = time.time()
    statements: list[tuple[str, tuple[Any, ...]]] = [(ddl, ()) for ddl in V1_DDL]
    for relation in ("rummy_tables", "rummy_changes"):
        columns = FIXTURE[relation]["columns"]
        marks = ", ".join("?" for _ in columns)
        for row in FIXTURE[relation]["rows"]:
            values = dict(zip(columns, row, strict=True))
            if relation == "rummy_tables":
                values["created"] = values["changed"] = now
            statements.append(
                (
                    # the relation and its columns are the fixture's own
                    f"INSERT INTO {relation} ({', '.join(columns)}) VALUES ({marks})",  # noqa: S608
                    tuple(values.values()),
                )
            )
    execute(url, statements)


def columns(url: str) -> dict[str, set[str]]:
    storage = open_storage(url)
    assert isinstance(storage, SqlStorage)
    try:
        with storage._transaction() as cursor:
            return {
                relation: storage._columns(cursor, relation)
                for relation in (
                    "rummy_tables",
                    "rummy_changes",
                    "rummy_events",
                    "rummy_schema",
                )
            }
    finally:
        storage.close()


def view(url: str, table: str, token: str) -> Json:
    answer = httpx.get(
        f"{url}/api/tables/{table}/view",
        headers={"Authorization": f"Bearer {token}"},
        timeout=10,
    )
    assert answer.status_code == 200, answer.text
    body: Json = answer.json()
    return body


@pytest.mark.slow
def test_an_older_database_migrates_shows_its_events_and_takes_writes(
    database: str, tmp_path: Path
) -> None:
    write_version_1(database)
    served = Served(database, tmp_path / "server.log").start()
    try:
        assert execute(database, [("SELECT version FROM rummy_schema", ())]) == [
            (VERSION,)
        ]
        for table, kept in FIXTURE["tables"].items():
            for seat, token in kept["tokens"].items():
                seen = view(served.url, table, token)
                assert seen["version"] == kept["views"][seat]["version"]
                assert seen["events"] == kept["views"][seat]["events"], table
        table = "HDBhltTQKC5E"  # two people: each of them moves in turn
        tokens = FIXTURE["tables"][table]["tokens"]
        for _ in range(2):
            mover = httpx.get(f"{served.url}/api/tables/{table}", timeout=10).json()
            seen = view(served.url, table, tokens[str(mover["to_move"])])
            texts = [m["text"] for m in seen["view"]["data"]["legal_moves"]]
            sent = httpx.post(
                f"{served.url}/api/tables/{table}/moves",
                json={"move": "draw" if "draw" in texts else texts[-1]},
                headers={"Authorization": f"Bearer {tokens[str(mover['to_move'])]}"},
                timeout=30,
            )
            assert sent.status_code == 200, sent.text
        made = httpx.post(
            served.url + "/api/tables",
            json={"variant": "GinRummy", "seats": ["human", "greedy"]},
            timeout=30,
        )
        assert made.status_code == 201, made.text
    finally:
        served.stop()
    assert "Traceback" not in served.log()


def test_migrating_makes_the_schema_a_new_database_gets(
    database: str, tmp_path: Path
) -> None:
    write_version_1(database)
    migrated = columns(database)
    fresh = columns(f"sqlite:///{tmp_path / 'fresh.sqlite3'}")
    assert migrated == fresh
    assert "salt" in migrated["rummy_tables"]
    assert "events" not in migrated["rummy_changes"]


def test_a_version_2_database_is_known_by_its_shape(database: str) -> None:
    open_storage(database).close()
    # Version 2 had neither rummy_schema nor the salt (today's main).
    execute(
        database,
        [
            ("DROP TABLE rummy_schema", ()),
            ("ALTER TABLE rummy_tables DROP COLUMN salt", ()),
        ],
    )
    storage = open_storage(database)
    assert isinstance(storage, SqlStorage)
    assert storage.upgraded == (2, VERSION)
    storage.close()
    assert execute(database, [("SELECT version FROM rummy_schema", ())]) == [(VERSION,)]


def test_the_migrate_command_says_from_which_version_to_which(database: str) -> None:
    write_version_1(database)
    command = [*COMMAND, "migrate", "--database", database]
    first = subprocess.run(  # noqa: S603 - our own command, no shell
        command, capture_output=True, text=True, timeout=60, check=False
    )
    assert first.returncode == 0, first.stderr
    assert f"from schema version 1 to {VERSION}" in first.stdout
    again = subprocess.run(  # noqa: S603 - our own command, no shell
        command, capture_output=True, text=True, timeout=60, check=False
    )
    assert again.returncode == 0, again.stderr
    assert f"already at schema version {VERSION}" in again.stdout


def test_workers_starting_together_migrate_once(fresh_postgres: str) -> None:
    write_version_1(fresh_postgres)
    found: list[tuple[int | None, int]] = []
    failed: list[BaseException] = []

    def start() -> None:
        try:
            storage = open_storage(fresh_postgres)
            assert isinstance(storage, SqlStorage)
            found.append(storage.upgraded)
            storage.close()
        except BaseException as error:  # noqa: BLE001 - the test reports it below
            failed.append(error)

    threads = [threading.Thread(target=start) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not failed, failed
    assert sorted(found, key=str) == [(1, VERSION)] + [(VERSION, VERSION)] * 3


def test_a_database_newer_than_the_code_is_refused(database: str) -> None:
    open_storage(database).close()
    execute(database, [("UPDATE rummy_schema SET version = ?", (VERSION + 1,))])
    with pytest.raises(NewerDatabaseError, match=f"schema version {VERSION + 1}"):
        open_storage(database)
    served = subprocess.run(  # noqa: S603 - our own command, no shell
        [*COMMAND, "serve", "--port", "0", "--database", database],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert served.returncode == 2
    assert "Traceback" not in served.stderr
    lines = served.stderr.strip().splitlines()
    assert len(lines) == 1, served.stderr
    assert f"schema version {VERSION + 1}, newer than this rummyrules" in lines[0]
    assert execute(database, [("SELECT version FROM rummy_schema", ())]) == [
        (VERSION + 1,)
    ]
