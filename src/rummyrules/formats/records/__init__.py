"""Game records: a whole game as a short text, like PGN for chess.

A record names the rules (as :func:`~rummyrules.game.registry.rules_text`
writes them), the seed, the stacked deck if there was one and the first
dealer; then every move in move notation, one a line and numbered, with each
round's scores just after the move that ended the round, any change of the
page (EOP-17) where it was made, and the winners last::

    [Variant "EndOfThePage rounds=2 max_turns=1"]
    [Seed "1"]
    [Dealer "0"]
    1. draw
    2. discard 3H
    [Round 1 "-215 -25"]
    3. draw
    4. discard AS
    [Round 2 "-280 -265"]
    [Winners "1"]

(Here each round ends after one turn, ``max_turns=1``, ALL-5, so the
example is short.) :func:`~rummyrules.record_game` plays the moves to build a :class:`GameRecord`, so what it
records is true; ``str(record)`` writes the text and :func:`~rummyrules.parse_record`
reads it back. :func:`~rummyrules.replay` plays a record again and checks every recorded
score and the winners, naming the first move that is refused or the first
round whose scores differ.

A record from a table whose seed the server chose may carry the table's id
and the commitment to the seed it published when the table opened
(``[Table]`` and ``[Commitment]``), with the secret salt committed with the
seed (``[Salt]``); :func:`~rummyrules.replay` refuses a record whose seed
and salt do not match it.

The package is four modules: ``record`` (the value and its text),
``reading`` (reading the text back), ``playing`` (recording a game as it
is played, and replaying a record) and ``fairness`` (seeds and the
commitments to them: :func:`new_seed`, :func:`new_salt`, :func:`seed_commitment`,
:func:`check_commitment`, exported here rather than from ``rummyrules``,
for the game server and the command line).

>>> from rummyrules import EndOfThePage
>>> rules = EndOfThePage(rounds=2, max_turns=1)
>>> moves = ["draw", "discard 3H", "draw", "discard AS"]
>>> record = record_game(rules, seed=1, moves=moves)
>>> record.score_sheet, record.round_ends, record.winners
(((-215, -25), (-280, -265)), (2, 4), (1,))
>>> parse_record(str(record)) == record
True
>>> replay(record).scores
(-495, -290)
>>> fair = record_game(
...     rules, seed=1, moves=moves, table="t1", commitment=seed_commitment("t1", 1)
... )
>>> check_commitment(fair.table, fair.seed, fair.commitment)
True
"""

from rummyrules.formats.records.fairness import (
    CommitmentError,
    check_commitment,
    new_salt,
    new_seed,
    seed_commitment,
)
from rummyrules.formats.records.reading import parse_record
from rummyrules.formats.records.record import GameRecord, record_text
from rummyrules.formats.records.replaying import (
    ReplayError,
    record_game,
    replay,
    replay_events,
)

__all__ = [
    "CommitmentError",
    "GameRecord",
    "ReplayError",
    "check_commitment",
    "new_salt",
    "new_seed",
    "parse_record",
    "record_game",
    "record_text",
    "replay",
    "replay_events",
    "seed_commitment",
]
