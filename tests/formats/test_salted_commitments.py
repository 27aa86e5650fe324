"""The salt committed with a table's seed: the documented text, records that carry it, the command."""

from __future__ import annotations

import hashlib
from pathlib import Path

import attrs
import pytest

from rummyrules import (
    EndOfThePage,
    GameRecord,
    ReplayError,
    parse_record,
    record_game,
    replay,
)
from rummyrules.cli import main
from rummyrules.formats.records import (
    CommitmentError,
    check_commitment,
    new_salt,
    seed_commitment,
)
from rummyrules.formats.records.fairness import check_salt

RULES = EndOfThePage(rounds=1, max_turns=1)
MOVES = ("draw", "discard 3H")  # seed 1: player 1 draws, then discards 3H
SALT = "00112233445566778899aabbccddeeff"


def documented(table: str, salt: str, seed: int) -> str:
    """The commitment as the docs say anyone may compute it, in one line of hashlib."""
    text = f"rummyrules-salted-seed:{table}:{salt}:{seed}"
    return hashlib.sha256(text.encode()).hexdigest()


def test_a_salted_commitment_is_the_sha256_of_the_documented_text() -> None:
    assert seed_commitment("t1", 2026, SALT) == documented("t1", SALT, 2026)
    assert seed_commitment("a:1", 2, SALT) != seed_commitment("a", 12, SALT)
    assert seed_commitment("t1", 2026, SALT.upper()) == documented("t1", SALT, 2026)


def test_a_salted_commitment_is_never_the_unsalted_one() -> None:
    assert seed_commitment("t1", 2026, SALT) != seed_commitment("t1", 2026)
    assert not check_commitment("t1", 2026, seed_commitment("t1", 2026, SALT))


def test_small_seeds_do_not_give_a_salted_commitment_away() -> None:
    kept = seed_commitment("t1", 2026, new_salt())
    tried = (seed_commitment("t1", seed) for seed in range(5000))
    assert kept not in set(tried)


def test_new_salts_are_128_random_bits_in_hex() -> None:
    salts = {new_salt() for _ in range(100)}
    assert len(salts) == 100
    assert all(check_salt(salt) == salt and len(salt) == 32 for salt in salts)


@pytest.mark.parametrize("salt", ["", "2026", SALT + "0", "g" * 32, " " + SALT[1:]])
def test_a_salt_that_is_not_32_hex_digits_is_refused(salt: str) -> None:
    with pytest.raises(CommitmentError, match="a salt is 32 hexadecimal digits"):
        seed_commitment("t1", 1, salt)


def salted_record(salt: str = SALT) -> GameRecord:
    return record_game(
        RULES,
        seed=1,
        moves=MOVES,
        table="t1",
        commitment=seed_commitment("t1", 1, salt),
        salt=salt,
    )


def test_a_record_writes_its_salt_after_the_commitment_and_reads_it_back() -> None:
    record = salted_record()
    text = str(record)
    assert f'[Commitment "{seed_commitment("t1", 1, SALT)}"]\n[Salt "{SALT}"]' in text
    assert parse_record(text) == record
    assert replay(parse_record(text)).round == 1


def test_a_changed_salt_is_refused() -> None:
    record = salted_record()
    other = attrs.evolve(record, salt="ff" * 16)
    with pytest.raises(ReplayError, match=f"with salt {'ff' * 16}"):
        replay(other)
    with pytest.raises(ReplayError, match="does not match"):
        replay(attrs.evolve(record, salt=None))


def test_the_command_checks_a_salted_record_against_the_kept_commitment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.txt"
    path.write_text(str(salted_record()), encoding="utf-8")
    kept = seed_commitment("t1", 1, SALT)
    assert main(["replay", str(path), "--commitment", kept]) == 0
    assert "the seed matches the commitment" in capsys.readouterr().out
    unsalted = seed_commitment("t1", 1)
    assert main(["replay", str(path), "--commitment", unsalted]) == 1
    assert "does not match" in capsys.readouterr().out


def test_a_record_made_before_salts_still_checks(tmp_path: Path) -> None:
    kept = seed_commitment("t1", 1)
    record = record_game(RULES, seed=1, moves=MOVES, table="t1", commitment=kept)
    assert "[Salt" not in str(record)
    path = tmp_path / "old.txt"
    path.write_text(str(record), encoding="utf-8")
    assert main(["replay", str(path), "--commitment", kept]) == 0
