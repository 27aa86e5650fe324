"""What a seat is answered: its view and move groups, the events since a version, the record.

:class:`Answers` writes each seat's view document once a version (a
:class:`~rummyrules.server.documents.SeatView`), and the events around it:
from the step this worker just saved when it answers that step's move, or
else from the storage. :func:`record_document` is a finished game's record
as the API answers it.

>>> from rummyrules.server.databases import open_storage
>>> from rummyrules.server.limits import Limits
>>> answers = Answers(open_storage("sqlite://"), Limits())
>>> answers.limits.events_per_answer  # the versions whose events an answer carries
1000
"""

from __future__ import annotations

from collections.abc import Sequence

from rummyrules.formats.records import record_game
from rummyrules.game.registry import parse_rules
from rummyrules.server.documents import Json, SeatView
from rummyrules.server.limits import Limits
from rummyrules.server.signals import Cache
from rummyrules.server.storage import Change, Storage
from rummyrules.server.tables import Table

__all__ = ["Answers", "record_document"]


class Answers:
    """Each seat's answers, their view documents written once a version and seat."""

    def __init__(self, storage: Storage, limits: Limits) -> None:
        self.storage = storage
        self.limits = limits
        self._documents: Cache[tuple[str, str, int], SeatView] = Cache(1024)
        # This worker's last steps, by table and revision after: the version
        # each was played on and its changes.
        self._steps: Cache[tuple[str, int], tuple[str, tuple[Change, ...]]] = Cache(
            1024
        )

    def played(self, before: Table, after: Table, changes: tuple[Change, ...]) -> None:
        """Keep a step this worker saved, to answer its move without the storage."""
        self._steps.put((after.id, after.row.revision), (before.version, changes))

    def told(
        self,
        table: Table,
        seat: int,
        since: str | None,
        changes: tuple[Change, ...] | None = None,
    ) -> bytes:
        """The seat's answer as JSON: its view, the events since ``since`` (in ``changes``, if given).

        Without ``changes`` the events are read from the storage.
        """
        key = (table.id, table.version, seat)
        seen = self._documents.get(key)
        if seen is None:
            seen = SeatView.of(table.game, seat)
            self._documents.put(key, seen)
        most = self.limits.events_per_answer
        if changes is None:
            events, earlier = self.storage.events(
                table.id, seat, since, until=table.row.number, most=most
            )
        else:
            # What the storage would answer, without asking it: only the
            # versions that told the seat anything count towards ``most``.
            told = [list(change.events.get(seat, ())) for change in changes]
            rows = [events for events in told if events]
            events = [event for row in rows[-most:] for event in row] if most else []
            earlier = len(rows) > most
        return seen.answer(table.version, seat, events, earlier=earlier)

    def after_step(self, after: Table, seat: int) -> bytes | None:
        """The answer to the step that made ``after``, from memory; None if it is not remembered.

        Its events are those since the version the step was played on.
        """
        played = self._steps.get((after.id, after.row.revision))
        if played is None:
            return None
        before, changes = played
        return self.told(after, seat, before, changes)


def record_document(table: Table, moves: Sequence[str]) -> Json:
    """A finished game's record as the API answers it: the record, winners, seed, commitment, salt."""
    row = table.row
    record = record_game(
        parse_rules(row.rules),
        seed=row.seed,
        moves=moves,
        table=row.id,
        commitment=row.commitment,
        salt=row.salt or None,
    )
    return {
        "record": str(record),
        "winners": list(table.game.winners),
        "table": row.id,
        "seed": str(row.seed),
        "commitment": row.commitment,
    } | ({"salt": row.salt} if row.salt else {})
