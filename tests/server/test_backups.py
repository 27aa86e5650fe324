"""Backups that restore, also after a crash; a server that refuses a database it cannot read.

The steps are docs/running_server.rst's ("Backups"), run on a real
``rummyrules serve`` killed with SIGKILL: on SQLite ``rummyrules backup``
while it serves and ``rummyrules restore`` after the crash, whose ``-wal``
and ``-shm`` stay beside the database; on PostgreSQL ``pg_dump`` and
``pg_restore``.
"""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
from pathlib import Path

import httpx
import pytest

from rummyrules.server.schema import VERSION

from .conftest import Json
from .processes import COMMAND, Served
from .test_migrations import write_version_1


def command(*arguments: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``rummyrules ARGUMENTS`` in a child process, as an operator types it."""
    return subprocess.run(  # noqa: S603 - our own command, no shell
        [*COMMAND, *arguments],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


class Tables:
    """Tables of two people each, played over a running server's API."""

    def __init__(self) -> None:
        self.tokens: dict[str, dict[int, str]] = {}

    def make(self, url: str, count: int) -> list[str]:
        made = []
        for _ in range(count):
            answer = httpx.post(
                url + "/api/tables",
                json={"variant": "EndOfThePage", "seats": ["human", "human"]},
                timeout=30,
            )
            assert answer.status_code == 201, answer.text
            body = answer.json()
            self.tokens[body["table"]] = {
                seat["seat"]: seat["token"] for seat in body["seats"]
            }
            made.append(body["table"])
        return made

    def view(self, url: str, table: str, seat: int = 0) -> httpx.Response:
        return httpx.get(
            f"{url}/api/tables/{table}/view",
            headers={"Authorization": f"Bearer {self.tokens[table][seat]}"},
            timeout=30,
        )

    def play(self, url: str, moves: int) -> None:
        """``moves`` moves at each table: a draw where there is one, else a discard."""
        for table, tokens in self.tokens.items():
            for _ in range(moves):
                status = httpx.get(f"{url}/api/tables/{table}", timeout=30).json()
                mover = status["to_move"]
                seen = self.view(url, table, mover).json()
                texts = [m["text"] for m in seen["view"]["data"]["legal_moves"]]
                sent = httpx.post(
                    f"{url}/api/tables/{table}/moves",
                    json={"move": "draw" if "draw" in texts else texts[-1]},
                    headers={"Authorization": f"Bearer {tokens[mover]}"},
                    timeout=30,
                )
                assert sent.status_code == 200, sent.text

    def views(self, url: str) -> dict[str, Json]:
        seen = {}
        for table in self.tokens:
            answer = self.view(url, table)
            assert answer.status_code == 200, answer.text
            seen[table] = answer.json()
        return seen


def checkpoint(path: Path) -> None:
    """Copy the log into the file while the server runs, as SQLite does every 1,000 pages.

    The log then holds only what comes after: replayed over an older copy,
    it leaves pages of two databases in one file.
    """
    db = sqlite3.connect(path)
    try:
        db.execute("PRAGMA wal_checkpoint(PASSIVE)")
    finally:
        db.close()


@pytest.mark.slow
def test_restore_after_crash_serves_the_backup(tmp_path: Path) -> None:
    live, copy = tmp_path / "tables.sqlite3", tmp_path / "backup.sqlite3"
    database = f"sqlite:///{live}"
    tables = Tables()
    served = Served(database, tmp_path / "server.log").start()
    try:
        tables.make(served.url, 5)
        tables.play(served.url, 4)
        kept = tables.views(served.url)
        done = command("backup", str(copy), "--database", database)
        assert done.returncode == 0, done.stderr
        assert f"(schema version {VERSION}) to {copy}" in done.stdout
        tables.play(served.url, 4)
        checkpoint(live)
        tables.play(served.url, 4)
        (late,) = tables.make(served.url, 1)
    finally:
        served.kill()
    assert Path(f"{live}-wal").exists()  # the crash left the log beside the file
    done = command("restore", str(copy), "--database", database)
    assert done.returncode == 0, done.stderr
    assert f"restored {copy} (schema version {VERSION}) into" in done.stdout
    served.start()
    try:
        for table, before in kept.items():
            after = tables.view(served.url, table)
            assert after.status_code == 200, after.text
            assert after.json()["version"] == before["version"]
            assert after.json()["events"] == before["events"]
        assert tables.view(served.url, late).status_code == 404
        del tables.tokens[late]
        tables.play(served.url, 2)  # the game goes on from the backup
        tables.make(served.url, 1)
    finally:
        served.stop()
    assert "Traceback" not in served.log()


def test_restore_is_refused_while_a_server_holds_the_database(tmp_path: Path) -> None:
    live, copy = tmp_path / "tables.sqlite3", tmp_path / "backup.sqlite3"
    database = f"sqlite:///{live}"
    tables = Tables()
    served = Served(database, tmp_path / "server.log").start()
    try:
        tables.make(served.url, 1)
        assert command("backup", str(copy), "--database", database).returncode == 0
        tables.play(served.url, 2)
        kept = tables.views(served.url)
        done = command("restore", str(copy), "--database", database)
        assert done.returncode == 2
        assert "a process holds the database" in done.stderr
        assert "Traceback" not in done.stderr
        assert tables.views(served.url) == kept
    finally:
        served.stop()


def test_restore_checks_the_copy_and_migrates_an_older_one(tmp_path: Path) -> None:
    live, old = tmp_path / "tables.sqlite3", tmp_path / "old.sqlite3"
    database = f"sqlite:///{live}"
    assert command("migrate", "--database", database).returncode == 0
    (tmp_path / "junk.sqlite3").write_bytes(b"not a database" * 100)
    for junk in (tmp_path / "junk.sqlite3", tmp_path / "missing.sqlite3"):
        refused = command("restore", str(junk), "--database", database)
        assert refused.returncode == 2, refused.stdout
        assert "Traceback" not in refused.stderr
    write_version_1(f"sqlite:///{old}")
    done = command("restore", str(old), "--database", database)
    assert done.returncode == 0, done.stderr
    assert "(schema version 1)" in done.stdout
    assert f"migrated to schema version {VERSION}" in done.stdout
    db = sqlite3.connect(live)
    try:
        assert db.execute("SELECT COUNT(*) FROM rummy_tables").fetchone() == (2,)
    finally:
        db.close()


def refused_at_start(database: str) -> str:
    """What ``rummyrules serve`` says as it refuses to start (it must, within a minute)."""
    served = command("serve", "--port", "0", "--database", database, timeout=60)
    assert served.returncode == 2, served.stdout
    assert "Traceback" not in served.stderr, served.stderr
    lines = served.stderr.strip().splitlines()
    assert len(lines) == 1, served.stderr
    return lines[0]


def test_the_server_refuses_a_database_it_cannot_read(tmp_path: Path) -> None:
    live = tmp_path / "tables.sqlite3"
    database = f"sqlite:///{live}"
    tables = Tables()
    served = Served(database, tmp_path / "server.log").start()
    try:
        tables.make(served.url, 3)
        tables.play(served.url, 4)
    finally:
        served.stop()
    with live.open("r+b") as file:  # every page but the first (the schema's)
        size = file.seek(0, 2)
        for page in range(4096, size, 4096):
            file.seek(page)
            file.write(b"\xa5" * 4096)
    said = refused_at_start(database)
    assert said.startswith(f"rummyrules serve: error: the database {live} cannot be")
    assert "rummyrules restore" in said


@pytest.mark.slow
def test_a_copy_put_over_a_crashed_database_is_refused(
    tmp_path: Path,
) -> None:
    """The issue's very recipe: ``cp`` over a database killed mid-game, its log left beside it."""
    live, copy = tmp_path / "tables.sqlite3", tmp_path / "backup.sqlite3"
    database = f"sqlite:///{live}"
    tables = Tables()
    served = Served(database, tmp_path / "server.log").start()
    try:
        tables.make(served.url, 5)
        tables.play(served.url, 4)
        assert command("backup", str(copy), "--database", database).returncode == 0
        tables.play(served.url, 4)
        checkpoint(live)
        tables.play(served.url, 4)
    finally:
        served.kill()
    shutil.copyfile(copy, live)
    said = refused_at_start(database)
    assert "cannot be" in said
    assert "rummyrules restore" in said


@pytest.mark.slow
def test_the_postgres_backup_steps_restore_after_a_crash(
    fresh_postgres: str, tmp_path: Path
) -> None:
    pg_dump, pg_restore = shutil.which("pg_dump"), shutil.which("pg_restore")
    if pg_dump is None or pg_restore is None:
        pytest.skip("pg_dump and pg_restore are not installed")
    dump = tmp_path / "rummy.dump"
    tables = Tables()
    served = Served(fresh_postgres, tmp_path / "server.log").start()
    try:
        tables.make(served.url, 3)
        tables.play(served.url, 4)
        kept = tables.views(served.url)
        subprocess.run(  # noqa: S603 - the documented step, no shell
            [pg_dump, "--format=custom", f"--file={dump}", fresh_postgres],
            check=True,
            timeout=120,
        )
        tables.play(served.url, 4)
        (late,) = tables.make(served.url, 1)
    finally:
        served.kill()
    subprocess.run(  # noqa: S603 - the documented step, no shell
        [
            pg_restore,
            "--clean",
            "--if-exists",
            "--no-owner",
            f"--dbname={fresh_postgres}",
            str(dump),
        ],
        check=True,
        timeout=120,
    )
    served.start()
    try:
        for table, before in kept.items():
            after = tables.view(served.url, table)
            assert after.status_code == 200, after.text
            assert after.json()["version"] == before["version"]
        assert tables.view(served.url, late).status_code == 404
        del tables.tokens[late]
        tables.play(served.url, 2)
    finally:
        served.stop()
