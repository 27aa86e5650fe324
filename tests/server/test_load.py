"""benchmarks/server_load.py, bounded: 20 clients for 5 s against a server in a thread.

On SQLite (a file), on PostgreSQL (the session's database, skipped without
a server) and with the hostile address beside the clients.
"""

from __future__ import annotations

import importlib.util
import threading
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from rummyrules.server import Limits, running

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "server_load.py"


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("server_load", SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def bounded_run(database: str, *, hostile: bool = False) -> Any:
    """The report of 20 clients for 5 s on ``database``, checked for what every run must hold."""
    server_load = load_script()
    reports: list[Any] = []
    with running(limits=server_load.server_limits(), database=database) as url:
        # A loop of its own, in a thread: another test may hold this one's.
        worker = threading.Thread(
            target=lambda: reports.append(
                server_load.run(url, 20, 5.0, hostile_client=hostile, database="x")
            )
        )
        worker.start()
        worker.join(timeout=25)
    assert reports, "the load did not finish within 25 s"
    report = reports[0]
    tally = report.tally
    assert tally.errors == 0, tally.error_kinds
    assert tally.bad_records == 0
    assert report.lost == 0
    # Beside a hostile address on a busy machine no game may finish in 5 s;
    # the moves and the records of those that do are what must hold.
    assert tally.games > 0 or hostile
    assert tally.moves > 0
    assert tally.polls > 0  # the paired seats waited for each other
    assert "move latency: p50" in "\n".join(report.lines())
    return report


@pytest.mark.slow
def test_twenty_clients_play_for_five_seconds_and_every_record_replays(
    tmp_path: Path,
) -> None:
    report = bounded_run(f"sqlite:///{tmp_path}/tables.sqlite3")
    assert report.hostile is None
    assert not report.failed


@pytest.mark.slow
def test_twenty_clients_play_on_postgresql_and_nothing_is_lost(postgres: str) -> None:
    assert not bounded_run(postgres).failed


@pytest.mark.slow
def test_the_hostile_address_is_refused_while_the_others_play(tmp_path: Path) -> None:
    report = bounded_run(f"sqlite:///{tmp_path}/tables.sqlite3", hostile=True)
    hostile = report.hostile
    assert hostile.resets == 0
    assert hostile.other == {}
    # The default hold of one address: 20 unfinished tables, then 429s (one
    # address's tables are made one at a time, so never a 21st).
    held = Limits().tables_per_address
    assert len(hostile.created) == held, hostile.created
    assert hostile.refused > 0
    assert hostile.retry_after == hostile.refused
    assert hostile.sent == len(hostile.created) + hostile.refused
    # The bursts past the cap: some turned away at once, never more held than it.
    assert hostile.turned_away > 0
    assert hostile.held + hostile.turned_away == hostile.opened
    assert not report.failed
    assert "hostile 127.0.0.2" in "\n".join(report.lines())


def test_the_benchmark_keeps_the_default_limits_of_an_address_but_one() -> None:
    server_load = load_script()
    limits = server_load.server_limits()
    assert limits.max_per_ip == server_load.CAP == Limits().max_per_ip
    assert limits.tables_per_address == Limits().tables_per_address
    assert limits.tables_per_minute == server_load.TABLES_PER_MINUTE > 20
