"""The storage interface, the same on SQLite and PostgreSQL: rows, changes, compare and set."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest

from rummyrules import parse_rules
from rummyrules.server.databases import DatabaseURLError, open_storage
from rummyrules.server.limits import Limits
from rummyrules.server.storage import Json, Storage
from rummyrules.server.tables import Table, new_table


@pytest.fixture(params=["sqlite", "postgres"])
def storage(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Storage]:
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    else:
        url = request.getfixturevalue("postgres")
    opened = open_storage(url)
    try:
        yield opened
    finally:
        if request.param == "postgres":  # the next test starts from no tables
            opened.sweep(finished=1e18, unfinished=1e18)
        opened.close()


def made(storage: Storage, creator: str = "10.0.0.1", now: float = 100.0) -> Table:
    table, _ = new_table(
        f"t{now}-{creator}",
        parse_rules("GoingOutRummy players=3"),
        ["human", "human", "greedy"],
        seed=7,
        chosen=False,
        creator=creator,
        now=now,
    )
    storage.add(table.row, table.first_change())
    return table


def test_a_table_reads_back_as_it_was_saved(storage: Storage) -> None:
    table = made(storage)
    assert storage.get(table.id) == table.row
    assert Table.read(table.row).game == table.game
    assert storage.get("none") is None


def test_two_writers_of_one_revision_one_saves_and_the_other_is_told(
    storage: Storage,
) -> None:
    table = made(storage)
    mover = table.game.to_move or 0
    first = table.move(mover, "draw", Limits())
    second = table.move(mover, "draw", Limits())
    assert storage.save(first.table.row, first.changes, revision=table.row.revision)
    assert not storage.save(
        second.table.row, second.changes, revision=table.row.revision
    )
    assert storage.get(table.id) == first.table.row
    assert storage.moves(table.id) == ["draw"]


def test_racing_threads_save_exactly_one_change_each_revision(storage: Storage) -> None:
    table = made(storage)
    step = table.move(table.game.to_move or 0, "draw", Limits())
    wins: list[bool] = []

    def save() -> None:
        wins.append(storage.save(step.table.row, step.changes, revision=0))

    threads = [threading.Thread(target=save) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert sorted(wins) == [False] * 7 + [True]
    assert storage.moves(table.id) == ["draw"]


def test_events_since_a_version_are_those_after_it(storage: Storage) -> None:
    table = made(storage)
    versions = [table.version]
    for _ in range(3):
        step = table.move(table.game.to_move or 0, "draw", Limits())
        if not step.changes:
            break
        assert storage.save(step.table.row, step.changes, revision=table.row.revision)
        table = step.table
        versions.append(table.version)
        discard = next(
            m for m in table.game.legal_moves() if str(m).startswith("discard")
        )
        step = table.move(table.game.to_move or 0, str(discard), Limits())
        assert storage.save(step.table.row, step.changes, revision=table.row.revision)
        table = step.table
        versions.append(table.version)

    def told(since: str | None, until: int = table.row.number) -> list[Json]:
        events, earlier = storage.events(table.id, 0, since, until=until, most=100)
        assert not earlier
        return events

    every = told(None)
    assert every == told("no such version")
    later = told(versions[2])
    assert later
    assert every[len(every) - len(later) :] == later
    assert told(table.version) == []
    assert told(versions[2], until=2) == []  # nothing past the version read
    assert told(None, until=0) == every[: len(told(None, until=0))]
    assert storage.events(table.id, 2, None, until=99, most=9) == ([], False)  # a bot
    last, earlier = storage.events(table.id, 0, None, until=table.row.number, most=2)
    assert earlier
    assert last == every[len(every) - len(last) :]


def test_limits_count_each_creators_tables(storage: Storage) -> None:
    for now in (10.0, 20.0, 30.0):
        made(storage, "10.0.0.1", now)
    made(storage, "10.0.0.2", 40.0)
    assert storage.created_by("10.0.0.1", 15.0) == [20.0, 30.0]
    assert storage.unfinished("10.0.0.1") == 3
    assert storage.unfinished() == 4


def test_the_sweep_deletes_only_tables_past_their_keeping(storage: Storage) -> None:
    old, new = made(storage, now=10.0), made(storage, now=1000.0)
    finished = attrs.evolve(old.row, over=True, revision=1)
    assert storage.save(finished, [], revision=0)
    assert storage.sweep(finished=5.0, unfinished=5.0) == 0
    assert storage.sweep(finished=50.0, unfinished=5.0) == 1
    assert storage.get(old.id) is None
    assert storage.moves(old.id) == []
    assert storage.get(new.id) is not None


def test_tables_with_bots_to_play_are_due(storage: Storage) -> None:
    table = made(storage)
    assert storage.due() == []
    assert storage.save(attrs.evolve(table.row, bots=True, revision=1), [], revision=0)
    assert storage.due() == [table.id]


def test_a_database_url_is_sqlite_or_postgresql() -> None:
    with pytest.raises(DatabaseURLError, match="sqlite:///PATH or postgresql"):
        open_storage("mysql://127.0.0.1/games")
    with pytest.raises(TypeError, match="text"):
        open_storage(3)  # type: ignore[arg-type]  # the wrong type, on purpose
