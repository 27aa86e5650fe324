"""benchmarks/server_load.py, bounded: 20 clients for 5 s against a server in a thread."""

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


@pytest.mark.slow
def test_twenty_clients_play_for_five_seconds_and_every_record_replays() -> None:
    server_load = load_script()
    reports: list[Any] = []
    limits = Limits(max_per_ip=200, tables_per_minute=10_000, tables_per_address=1000)
    with running(limits=limits) as url:
        # A loop of its own, in a thread: another test may hold this one's.
        worker = threading.Thread(
            target=lambda: reports.append(server_load.run(url, 20, 5.0))
        )
        worker.start()
        worker.join(timeout=60)
    assert reports, "the load did not finish within a minute"
    tally = reports[0].tally
    assert tally.errors == 0, tally.error_kinds
    assert tally.bad_records == 0
    assert tally.games > 0
    assert tally.moves > 0
    assert tally.polls > 0  # the paired seats waited for each other
    assert "move latency: p50" in "\n".join(reports[0].lines())
