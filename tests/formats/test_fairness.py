"""Fair deals you can check: seeds, the commitments to them, and records that carry both.

The commitment is recomputed here from the documented text alone
(``rummyrules-seed:{table}:{seed}``, UTF-8, SHA-256, lowercase hex), so that
the library cannot drift from what its docs tell players to run.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from extras import need
from rummyrules import (
    EndOfThePage,
    FourteenHundred,
    GameRecord,
    GinRummy,
    GoingOutRummy,
    PlayableRules,
    RecordParseError,
    ReplayError,
    RummyRulesError,
    dumps,
    json_schema,
    loads,
    parse_record,
    read_position,
    record_game,
    replay,
    replay_events,
    write_position,
)
from rummyrules.bots import Bot, GreedyBot, RandomBot, play_game
from rummyrules.cli import build_parser, main
from rummyrules.formats.records import (
    CommitmentError,
    check_commitment,
    fairness,
    new_seed,
    seed_commitment,
)
from strategies import seeds, table_ids

BIG = 2**128 - 1
RULES = EndOfThePage(rounds=1, max_turns=1)
MOVES = ("draw", "discard 3H")  # seed 1: player 1 draws, then discards 3H


def documented(table: str, seed: int) -> str:
    """The commitment as the docs say anyone may compute it, in one line of hashlib."""
    return hashlib.sha256(f"rummyrules-seed:{table}:{seed}".encode()).hexdigest()


def fair_record(table: str = "t1", seed: int = 1) -> GameRecord:
    """The short game of seed 1 (or another seed's first turn), with its table and commitment."""
    moves: list[Any] = list(MOVES)
    if seed != 1:
        game = RULES.new_game(seed=seed).apply("draw")
        moves = ["draw", f"discard {game.hand(game.to_move or 0)[0]}"]
    return record_game(
        RULES,
        seed=seed,
        moves=moves,
        table=table,
        commitment=documented(table, seed),
    )


# --- the commitment ---------------------------------------------------------


def test_the_documented_example_is_the_libraries_commitment() -> None:
    """The docs' example, seed 42 at table t1, is what hashlib gives and what the library gives."""
    expected = "536c1e543086de9908c6c942d583fc186aedf78c7b4f458d7ece66f43eea7885"
    assert documented("t1", 42) == expected
    assert seed_commitment("t1", 42) == expected
    assert expected in (fairness.__doc__ or "")


@given(table_ids, seeds)
def test_a_commitment_is_the_sha256_of_the_documented_text(
    table: str, seed: int
) -> None:
    """For any table id and seed up to 2**128, the commitment is sha256("rummyrules-seed:{table}:{seed}")."""
    commitment = seed_commitment(table, seed)
    assert commitment == documented(table, seed)
    assert len(commitment) == 64
    assert commitment == commitment.lower()
    assert check_commitment(table, seed, commitment)


@given(table_ids, seeds, st.integers(min_value=1, max_value=2**64))
def test_another_seed_does_not_match(table: str, seed: int, change: int) -> None:
    """A commitment holds for its own seed only."""
    assert not check_commitment(table, seed + change, seed_commitment(table, seed))
    if seed >= change:
        assert not check_commitment(table, seed - change, seed_commitment(table, seed))


@given(table_ids, table_ids, seeds)
def test_another_table_does_not_match(table: str, other: str, seed: int) -> None:
    """A commitment holds at its own table only."""
    matches = check_commitment(other, seed, seed_commitment(table, seed))
    assert matches == (other == table)


@given(
    seeds, st.integers(min_value=0, max_value=63), st.sampled_from("0123456789abcdef")
)
def test_a_changed_hex_digit_does_not_match(seed: int, place: int, digit: str) -> None:
    """Any one hex digit changed, the commitment no longer holds."""
    commitment = seed_commitment("t1", seed)
    changed = commitment[:place] + digit + commitment[place + 1 :]
    assert check_commitment("t1", seed, changed) == (changed == commitment)


def test_a_commitment_reads_case_free() -> None:
    assert check_commitment("t1", 42, seed_commitment("t1", 42).upper())


def test_the_commitment_is_compared_in_constant_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """check_commitment asks hmac.compare_digest, which takes as long for every commitment."""
    compared: list[tuple[str, str]] = []
    compare = hmac.compare_digest

    def spy(a: str, b: str) -> bool:
        compared.append((a, b))
        return compare(a, b)

    monkeypatch.setattr(hmac, "compare_digest", spy)
    kept = seed_commitment("t1", 42)
    assert check_commitment("t1", 42, kept.upper())
    assert compared == [(kept, kept)]


def test_a_table_id_may_hold_colons_and_the_text_is_still_read_one_way() -> None:
    """The seed is digits only, so 'a:1' with seed 2 and 'a' with seed '1:2' cannot meet."""
    assert seed_commitment("a:1", 2) == documented("a:1", 2)
    assert seed_commitment("a:1", 2) != seed_commitment("a", 12)


@pytest.mark.parametrize(
    ("table", "seed"),
    [
        (None, 1),
        (b"t1", 1),
        (1, 1),
        ("t1", True),
        ("t1", 1.0),
        ("t1", "42"),
        ("t1", None),
    ],
)
def test_a_table_or_seed_of_the_wrong_type_is_a_type_error(
    table: object, seed: object
) -> None:
    with pytest.raises(TypeError, match="must be"):
        seed_commitment(table, seed)  # type: ignore[arg-type]  # the wrong types on purpose


@pytest.mark.parametrize(
    ("table", "seed", "says"),
    [
        ("", 1, "must not be empty"),
        ("t1", -1, "from 0"),
        ("t1", 10**100, "at most 100 digits"),
        (" t1", 1, "spaces at either end"),
        ("t1 ", 1, "spaces at either end"),
        ('t"1', 1, "printable text"),
        ("t;1", 1, "printable text"),
        ("t{1", 1, "printable text"),
        ("t}1", 1, "printable text"),
        ("t\n1", 1, "printable text"),
        ("t\x001", 1, "printable text"),
        ("t\u20281", 1, "printable text"),
    ],
)
def test_a_table_or_seed_no_commitment_can_be_made_with(
    table: str, seed: int, says: str
) -> None:
    with pytest.raises(CommitmentError, match=says) as raised:
        seed_commitment(table, seed)
    assert isinstance(raised.value, ValueError)


def test_the_messages_stay_short_whatever_the_input() -> None:
    for call in (
        lambda: seed_commitment(";" * 1_000_000, 1),
        lambda: seed_commitment("t1", -(10**99)),
        lambda: check_commitment("t1", 1, "z" * 1_000_000),
    ):
        with pytest.raises(CommitmentError) as raised:
            call()
        assert len(str(raised.value)) < 300


@pytest.mark.parametrize(
    "commitment",
    [
        "",
        "abc",
        "0" * 63,
        "0" * 65,
        "g" * 64,
        " " + "0" * 63,
        "é" * 64,
        "0" * 62 + "\n0",
    ],
)
def test_a_commitment_that_is_not_64_hex_digits_is_refused(commitment: str) -> None:
    with pytest.raises(CommitmentError, match="64 hexadecimal digits"):
        check_commitment("t1", 1, commitment)


def test_a_commitment_that_is_no_text_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="commitment must be"):
        check_commitment("t1", 1, b"0" * 64)  # type: ignore[arg-type]  # on purpose


def test_new_seeds_are_128_bit_whole_numbers() -> None:
    drawn = [new_seed() for _ in range(64)]
    assert all(type(seed) is int and 0 <= seed < 2**128 for seed in drawn)
    assert len(set(drawn)) == 64
    # All 64 below 2**120 has odds of 2**-512: a short seed would show here.
    assert max(seed.bit_length() for seed in drawn) > 120


# --- records with the tags --------------------------------------------------


def test_a_record_writes_its_table_and_commitment_after_the_seed() -> None:
    record = fair_record()
    lines = str(record).splitlines()
    assert lines[:4] == [
        '[Variant "EndOfThePage rounds=1 max_turns=1"]',
        '[Seed "1"]',
        '[Table "t1"]',
        f'[Commitment "{documented("t1", 1)}"]',
    ]
    assert parse_record(str(record)) == record


def test_a_record_without_them_writes_neither() -> None:
    text = str(record_game(RULES, seed=1, moves=MOVES))
    assert "Table" not in text
    assert "Commitment" not in text


@given(table_ids, seeds)
def test_a_record_with_a_big_seed_and_its_tags_reads_back(
    table: str, seed: int
) -> None:
    """str(record) and parse_record round-trip a record's seed (up to 2**128), table and commitment."""
    record = GameRecord(
        rules=RULES, seed=seed, table=table, commitment=documented(table, seed)
    )
    again = parse_record(str(record))
    assert again == record
    assert (again.seed, again.table, again.commitment) == (
        seed,
        table,
        documented(table, seed),
    )
    assert replay(again).seed == seed


def test_a_table_without_a_commitment_reads_back_and_replays() -> None:
    record = attrs.evolve(fair_record(), commitment=None)
    assert parse_record(str(record)) == record
    assert replay(record).is_over


def test_the_commitment_tag_reads_case_free_and_is_kept_in_lower_case() -> None:
    text = str(fair_record()).replace(documented("t1", 1), documented("t1", 1).upper())
    record = parse_record(text.replace("[Commitment", "[commitment"))
    assert record.commitment == documented("t1", 1)
    assert replay(record).is_over


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ('[Commitment "abc"]', "line 3: [Commitment] a commitment is 64 hexadecimal"),
        (f'[Commitment "{"0" * 65}"]', "line 3: [Commitment] a commitment is 64"),
        (f'[Commitment "{"x" * 64}"]', "line 3: [Commitment] a commitment is 64"),
        ('[Table ""]', "line 3: [Table] a table id must not be empty"),
        ('[Table "é\u200b"]', "line 3: [Table] a table id must be printable"),
    ],
)
def test_a_bad_tag_is_a_record_parse_error(line: str, says: str) -> None:
    text = f'[Variant "EndOfThePage"]\n[Seed "1"]\n{line}\n1. draw\n'
    with pytest.raises(RecordParseError) as raised:
        parse_record(text)
    assert str(raised.value).startswith(says)
    assert raised.value.line == 3


def test_the_tags_belong_in_the_header_once() -> None:
    twice = '[Variant "EndOfThePage"]\n[Seed "1"]\n[Table "a"]\n[Table "b"]\n'
    with pytest.raises(RecordParseError, match=r"\[Table\] is given twice"):
        parse_record(twice)
    late = '[Variant "EndOfThePage"]\n[Seed "1"]\n1. draw\n[Table "a"]\n'
    with pytest.raises(RecordParseError, match="belongs in the header"):
        parse_record(late)


def test_a_record_value_refuses_what_its_text_could_not_carry() -> None:
    with pytest.raises(CommitmentError, match="printable"):
        GameRecord(rules=RULES, table="a;b")
    with pytest.raises(CommitmentError, match="64 hexadecimal"):
        GameRecord(rules=RULES, table="a", commitment="abc")
    with pytest.raises(TypeError, match="table must be"):
        GameRecord(rules=RULES, table=3)  # type: ignore[arg-type]  # on purpose


# --- replay refuses what does not match --------------------------------------


def refusal(record: GameRecord) -> str:
    with pytest.raises(ReplayError) as raised:
        replay(record)
    with pytest.raises(ReplayError):
        replay_events(record)
    return str(raised.value)


def test_a_fair_record_replays() -> None:
    assert replay(fair_record()).winners == (1,)
    assert replay(parse_record(str(fair_record()))).winners == (1,)


@given(seeds)
def test_a_record_of_a_big_seed_replays_with_its_commitment(seed: int) -> None:
    record = fair_record(seed=seed)
    assert replay(parse_record(str(record))).seed == seed


def test_a_changed_seed_is_refused() -> None:
    """The server cannot reveal another seed than it committed to: the tampered text is refused."""
    text = str(fair_record()).replace('[Seed "1"]', '[Seed "2"]')
    message = refusal(parse_record(text))
    assert message.startswith("the seed does not match the table's commitment")
    assert documented("t1", 2) in message


def test_a_changed_table_is_refused() -> None:
    text = str(fair_record()).replace('[Table "t1"]', '[Table "t2"]')
    assert refusal(parse_record(text)).startswith(
        "the seed does not match the table's commitment"
    )


def test_a_changed_commitment_is_refused() -> None:
    text = str(fair_record()).replace(documented("t1", 1), documented("t1", 2))
    assert refusal(parse_record(text)).startswith(
        "the seed does not match the table's commitment"
    )


def test_a_commitment_without_a_table_is_refused() -> None:
    text = str(fair_record()).replace('[Table "t1"]\n', "")
    assert refusal(parse_record(text)) == (
        "a commitment needs the table's id, and the record has no [Table] tag"
    )


def test_a_commitment_with_a_stacked_deck_is_refused() -> None:
    """A stacked first deal is not the seed's, so the commitment cannot vouch for it."""
    record = attrs.evolve(fair_record(), deck=RULES.new_game(seed=1).stock)
    assert "stacked deck" in refusal(record)


def test_a_committed_negative_seed_cannot_be_checked() -> None:
    record = GameRecord(rules=RULES, seed=-1, table="t1", commitment="0" * 64)
    assert refusal(record).startswith("the commitment cannot be checked: ")


def test_record_game_refuses_a_commitment_that_does_not_match() -> None:
    with pytest.raises(ReplayError, match="does not match the table's commitment"):
        record_game(
            RULES, seed=2, moves=["draw"], table="t1", commitment=documented("t1", 1)
        )
    with pytest.raises(ReplayError, match="no \\[Table\\] tag"):
        record_game(RULES, seed=1, commitment=documented("t1", 1))


# --- rummyrules replay --commitment ------------------------------------------


@pytest.fixture
def plain(monkeypatch: pytest.MonkeyPatch) -> None:
    """Plain output, one line a message (no terminal wrapping)."""
    monkeypatch.setitem(sys.modules, "rich", None)


def replay_command(
    capsys: pytest.CaptureFixture[str], path: Path, *more: str
) -> tuple[int, str]:
    code = main(["replay", str(path), *more])
    return code, capsys.readouterr().out.strip()


@pytest.mark.usefixtures("plain")
def test_the_command_checks_the_commitment_the_player_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.txt"
    path.write_text(str(fair_record(seed=BIG)), encoding="utf-8")
    code, out = replay_command(capsys, path, "--commitment", documented("t1", BIG))
    assert code == 0
    assert out.startswith("ok: 2 moves")
    assert out.endswith("the seed matches the commitment")
    code, out = replay_command(capsys, path)
    assert (code, out.endswith("the seed matches the record's commitment")) == (0, True)


@pytest.mark.usefixtures("plain")
def test_the_command_refuses_a_commitment_that_does_not_match(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The record's own tag matches; the commitment the player kept from the table does not."""
    path = tmp_path / "game.txt"
    path.write_text(str(fair_record()), encoding="utf-8")
    code, out = replay_command(capsys, path, "--commitment", documented("t1", 2))
    assert code == 1
    assert out.startswith("invalid: the seed does not match the table's commitment")


@pytest.mark.usefixtures("plain")
def test_the_command_refuses_a_record_without_a_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.txt"
    path.write_text(str(record_game(RULES, seed=1, moves=MOVES)), encoding="utf-8")
    code, out = replay_command(capsys, path, "--commitment", documented("t1", 1))
    assert code == 1
    assert out == (
        "invalid: a commitment needs the table's id, and the record has no [Table] tag"
    )
    code, out = replay_command(capsys, path)
    assert code == 0
    assert "commitment" not in out


@pytest.mark.usefixtures("plain")
def test_the_command_refuses_a_tampered_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.txt"
    path.write_text(
        str(fair_record()).replace('[Seed "1"]', '[Seed "2"]'), encoding="utf-8"
    )
    code, out = replay_command(capsys, path)
    assert code == 1
    assert out.startswith("invalid: the seed does not match the table's commitment")


def test_a_commitment_that_is_no_hex_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.txt"
    path.write_text(str(fair_record()), encoding="utf-8")
    with pytest.raises(SystemExit) as raised:
        main(["replay", str(path), "--commitment", "c0ffee"])
    assert raised.value.code == 2
    assert "64 hexadecimal digits" in capsys.readouterr().err


# --- big seeds everywhere ----------------------------------------------------

GAMES: tuple[PlayableRules[Any], ...] = (
    EndOfThePage(),
    FourteenHundred(),
    GoingOutRummy(),
    GinRummy(),
)


@pytest.mark.parametrize("rules", GAMES, ids=lambda rules: type(rules).__name__)
@given(seed=seeds)
def test_every_game_deals_from_a_128_bit_seed(
    rules: PlayableRules[Any], seed: int
) -> None:
    """Every game deals from a seed up to 2**128, the same deal each time, and keeps the seed."""
    game = rules.new_game(seed=seed)
    assert game.seed == seed
    assert game == rules.new_game(seed=seed)


@pytest.mark.parametrize("rules", GAMES, ids=lambda rules: type(rules).__name__)
def test_the_high_bits_of_a_seed_change_the_deal(rules: PlayableRules[Any]) -> None:
    """Seeds that differ only above bit 64 deal differently: no bits are dropped."""
    low = rules.new_game(seed=12345)
    high = rules.new_game(seed=12345 + 2**100)
    assert low.hands != high.hands or low.stock != high.stock


@pytest.mark.usefixtures("plain")
def test_the_command_plays_and_replays_a_128_bit_seed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "demo.txt"
    code = main(
        ["demo", "--seed", str(BIG), "--rounds", "1", "--brief", "--record", str(path)]
    )
    assert code == 0
    assert f'[Seed "{BIG}"]' in path.read_text(encoding="utf-8")
    capsys.readouterr()
    assert main(["replay", str(path)]) == 0
    assert capsys.readouterr().out.startswith("ok: ")


def test_an_error_of_the_module_is_a_library_error() -> None:
    assert issubclass(CommitmentError, RummyRulesError)
    assert issubclass(CommitmentError, ValueError)


@pytest.mark.parametrize("rules", GAMES, ids=lambda rules: type(rules).__name__)
def test_a_128_bit_seed_saves_writes_and_reads_back(rules: PlayableRules[Any]) -> None:
    """A state dealt from a 128-bit seed: dumps/loads and its position keep the seed; a view shows none."""
    game = rules.new_game(seed=BIG)
    assert loads(dumps(game)) == game
    assert json.loads(dumps(game))["data"]["seed"] == BIG
    again = read_position(write_position(game))
    assert (again, again.seed) == (game, BIG)
    view = game.view(0)
    assert loads(dumps(view)) == view
    assert str(BIG) not in dumps(view)


@pytest.mark.parametrize("rules", GAMES, ids=lambda rules: type(rules).__name__)
def test_the_json_schema_takes_a_128_bit_seed(rules: PlayableRules[Any]) -> None:
    jsonschema = need("jsonschema")
    document = json.loads(dumps(rules.new_game(seed=BIG)))
    jsonschema.Draft202012Validator(json_schema()).validate(document)


def test_the_command_line_takes_a_128_bit_seed_to_play() -> None:
    args = build_parser().parse_args(["play", "eop", "--seed", str(BIG)])
    assert args.seed == BIG


SHORT_GAMES: tuple[PlayableRules[Any], ...] = (
    EndOfThePage(rounds=1, max_turns=6),
    FourteenHundred(players=2, max_turns=6),
    GoingOutRummy(max_turns=6),
    GinRummy(max_turns=6),
)


@pytest.mark.parametrize("rules", SHORT_GAMES, ids=lambda rules: type(rules).__name__)
def test_bots_seeded_from_a_128_bit_seed_play_a_whole_game(
    rules: PlayableRules[Any],
) -> None:
    """Bots seeded as the server seeds them (seed * 16 + seat) play a 128-bit seed's game to its end."""
    bots: list[Bot] = [GreedyBot(seed=BIG * 16), RandomBot(seed=BIG * 16 + 1)]
    played = play_game(rules, bots, seed=BIG)
    assert played.record.seed == BIG
    assert replay(parse_record(str(played.record))) == played.state
