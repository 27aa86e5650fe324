"""Game records: the text reads back, replay gives the game, and every fault is named (ALL-4)."""

from __future__ import annotations

import re

import attrs
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from golden_games import GAMES, read, text
from rummyrules import (
    EndOfThePage,
    FourteenHundred,
    GameState,
    GoingOutRummy,
    IllegalMoveError,
    RecordParseError,
    ReplayError,
    RummyRulesError,
)
from rummyrules.core.inputs import brief
from rummyrules.formats.records import (
    GameRecord,
    parse_record,
    record_game,
    record_text,
    replay,
)
from rummyrules.game.moves import Move
from rummyrules.game.notation import parse_move
from strategies import RandomGame, moves, random_games

SHORT = EndOfThePage(rounds=2, max_turns=1)
"""Two rounds of one turn each (ALL-5): a whole game in four moves."""
SHORT_MOVES = ("draw", "discard 3H", "draw", "discard AS")
SHORT_TEXT = """\
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
"""


def recorded(game: RandomGame) -> GameRecord:
    return record_game(
        game.rules,
        seed=game.seed,
        deck=game.deck,
        dealer=game.dealer,
        moves=game.moves,
        pages=game.pages,
    )


def refusal(game: GameState, move: Move) -> IllegalMoveError | None:
    """The error the game refuses the move with, if it does."""
    try:
        game.apply(move)
    except IllegalMoveError as error:
        return error
    return None


def replay_error(record: GameRecord) -> ReplayError:
    with pytest.raises(ReplayError) as caught:
        replay(record)
    return caught.value


def parse_error(record_text: str) -> RecordParseError:
    with pytest.raises(RecordParseError) as caught:
        parse_record(record_text)
    return caught.value


# --- Random games -------------------------------------------------------------


@given(random_games())
def test_all_4_record_text_reads_back_to_the_same_record(game: RandomGame) -> None:
    """Any game's record, written and read again, is the same record, and writes the same text."""
    record = recorded(game)
    again = parse_record(str(record))
    assert again == record
    assert str(again) == str(record) == record_text(record)


@given(random_games())
def test_all_4_replay_gives_the_game_played(game: RandomGame) -> None:
    """A record replays to the very state its moves gave, with its score sheet and winners."""
    record = recorded(game)
    last = game.states[-1]
    assert record.moves == game.moves
    assert record.score_sheet == last.score_sheet
    assert record.winners == (last.winners if last.is_over else None)
    assert replay(record) == last
    assert replay(parse_record(str(record))) == last


@pytest.mark.slow
@given(random_games(), st.data())
def test_changed_score_names_its_round_and_the_move_that_ended_it(
    game: RandomGame, data: st.DataObject
) -> None:
    """A recorded score changed: replay names that round and the move that ended it."""
    record = recorded(game)
    assume(record.score_sheet)
    index = data.draw(st.integers(0, len(record.score_sheet) - 1))
    player = data.draw(st.integers(0, len(record.score_sheet[index]) - 1))
    row = list(record.score_sheet[index])
    row[player] += data.draw(st.sampled_from([-5, 5, 100]))
    sheet = list(record.score_sheet)
    sheet[index] = tuple(row)
    error = replay_error(attrs.evolve(record, score_sheet=sheet))
    assert (error.round, error.move_number) == (index + 1, record.round_ends[index])
    assert error.state is not None  # just after that move (the page not yet changed)
    assert error.state.score_sheet == game.states[record.round_ends[index]].score_sheet
    assert f"round {index + 1} scores differ after move {error.move_number}," in str(
        error
    )


@pytest.mark.slow
@given(random_games(), st.data(), moves())
def test_inserted_illegal_move_names_its_number_and_rule(
    game: RandomGame, data: st.DataObject, bad: Move
) -> None:
    """A move the game refuses, slipped into a record: replay names its number, the move and the rule."""
    record = recorded(game)
    at = data.draw(st.integers(0, len(record.moves)))
    refused = refusal(game.states[at], bad)
    assume(refused is not None)
    assert refused is not None
    tampered = attrs.evolve(
        record,
        moves=[*record.moves[:at], bad, *record.moves[at:]],
        round_ends=[end + (end > at) for end in record.round_ends],
        pages=[(after + (after > at), rows) for after, rows in record.pages],
    )
    error = replay_error(tampered)
    assert (error.move_number, error.move, error.rule) == (at + 1, bad, refused.rule)
    assert error.state == game.states[at]
    # The move is quoted briefly: whole when it is short, as it is here mostly.
    assert str(error) == f"move {at + 1}, {brief(str(bad))}, is refused: {refused}"
    # The same fault, found by the text: a record read back replays the same way.
    assert str(replay_error(parse_record(str(tampered)))) == str(error)


@pytest.mark.slow
@given(random_games())
def test_changed_winners_are_named(game: RandomGame) -> None:
    """Winners that differ from the game's, or a result for a game not over, are refused."""
    record = recorded(game)
    players = len(game.states[0].hands)
    wrong = (players - 1,) if record.winners == (0,) else (0,)
    error = replay_error(attrs.evolve(record, winners=wrong))
    assert error.move_number == len(record.moves)
    assert "winners" in str(error)


# --- The text -------------------------------------------------------------------


def test_record_text_of_a_short_game() -> None:
    record = record_game(SHORT, seed=1, moves=SHORT_MOVES)
    assert str(record) == SHORT_TEXT
    assert record.round_ends == (2, 4)
    assert replay(parse_record(SHORT_TEXT)).winners == (1,)


def test_parse_is_case_free_and_forgiving_of_spaces_comments_and_numbers() -> None:
    messy = """
        ; a short game, written by hand
        [ variant   endofthepage ROUNDS=2 Max_Turns=1 ]
        [seed 1]   { no dealer: player 0 deals }

        DRAW
        2 .  Discard 3h      ; the first round ends here
        [round 1 -215 -25]
        {a comment
         over two lines} draw
        discard as
        [ROUND 2 "-280   -265"]
        [winners "1"]
    """
    assert parse_record(messy) == parse_record(SHORT_TEXT)


def test_shorthand_moves_are_recorded_as_they_were_written() -> None:
    """A wild left undeclared (it has one reading) is recorded, and replayed, as written."""
    rules, seed = GAMES["eop_four_players.txt"]
    record = record_game(rules, seed=seed, moves=["draw", "meld 7H QC 9H 10H"])
    assert [str(move) for move in record.moves] == ["draw", "meld 7H QC 9H 10H"]
    assert parse_record(str(record)) == record
    declared = rules.new_game(seed=seed).apply("draw").apply("meld 7H QC=8H 9H 10H")
    assert replay(record) == declared


def test_out_of_turn_moves_keep_their_player() -> None:
    record = record_game(GoingOutRummy(players=3), seed=8, moves=["draw", "1: drop"])
    assert "2. 1: drop\n" in str(record)
    assert parse_record(str(record)).moves[1] == parse_move("1: drop")
    claims = read("f14_four_players.txt")
    assert "178. 3: claim 5C on 6\n" in text("f14_four_players.txt")
    assert claims.moves[177].player == 3


def test_stacked_deck_and_dealer_are_recorded() -> None:
    rules = FourteenHundred(players=2, pass_freely=True)
    deck = rules.stacked_deck("AS 2S 3S 4S")
    record = record_game(rules, seed=5, deck=deck, dealer=1, moves=["pass", "pass"])
    written = str(record)
    assert '[Deck "AS 2S 3S 4S 5S ' in written
    assert '[Dealer "1"]' in written
    assert record.winners is None
    assert '[Winners "*"]' in written
    again = parse_record(written)
    assert again == record
    assert replay(again) == rules.new_game(seed=5, deck=deck, dealer=1).apply(
        "pass"
    ).apply("pass")


def test_options_whose_default_follows_players_are_written() -> None:
    """``decks`` defaults by ``players``: a record writes it where reading would differ."""
    rules = FourteenHundred(players=2, decks=2)
    record = record_game(rules, seed=1)
    assert '[Variant "FourteenHundred players=2 decks=2"]' in str(record)
    assert parse_record(str(record)).rules == rules


def test_eop_17_page_changes_are_recorded_where_they_were_made() -> None:
    record = record_game(SHORT, seed=1, moves=SHORT_MOVES, pages=[(2, 3), (4, 4)])
    written = str(record)
    assert '2. discard 3H\n[Round 1 "-215 -25"]\n[Page "3"]\n3. draw' in written
    assert written.endswith('[Page "4"]\n[Winners "*"]\n')  # the page grew: play on
    assert parse_record(written) == record
    game = replay(record)
    assert game.rules == attrs.evolve(SHORT, rounds=4)
    assert (game.round, game.is_over) == (3, False)


def test_page_change_the_game_refuses_is_named() -> None:
    rules = FourteenHundred(players=2, pass_freely=True)
    record = record_game(rules, seed=5, moves=["pass"])
    with pytest.raises(ReplayError, match=r"^the page change to 3 rows after move 1"):
        replay(attrs.evolve(record, pages=[(1, 3)]))
    gor = record_game(GoingOutRummy(), seed=1, moves=["draw"])
    error = replay_error(attrs.evolve(gor, pages=[(0, 3)]))
    assert error.move_number == 0
    assert "GOR-1" in str(error)
    shrunk = replay_error(
        attrs.evolve(record_game(SHORT, seed=1, moves=SHORT_MOVES[:2]), pages=[(2, 1)])
    )
    assert "EOP-17" in str(shrunk)


# --- Tampered golden games ------------------------------------------------------


def test_golden_game_with_a_changed_score_names_the_round() -> None:
    original = text("eop_four_players.txt")
    row = re.search(r'\[Round 2 "([-\d ]+)"\]', original)
    assert row is not None
    scores = [int(score) for score in row.group(1).split()]
    changed = " ".join(map(str, [scores[0] + 10, *scores[1:]]))
    record = parse_record(original.replace(row.group(0), f'[Round 2 "{changed}"]'))
    error = replay_error(record)
    ended = read("eop_four_players.txt").round_ends[1]
    assert (error.round, error.move_number) == (2, ended)
    assert str(error).startswith(f"round 2 scores differ after move {ended}, ")
    assert f"the record has {changed}, the game gives {row.group(1)}" in str(error)


def test_golden_game_with_an_illegal_move_names_the_move_and_rule() -> None:
    original = text("eop_two_players.txt")
    line = re.search(r"^57\. .*$", original, re.MULTILINE)
    assert line is not None
    error = replay_error(parse_record(original.replace(line.group(0), "57. pass")))
    assert (error.move_number, error.rule, str(error.move)) == (57, "ALL-2", "pass")
    assert str(error).startswith("move 57, 'pass', is refused: ")
    assert str(error).endswith("'pass' is not a move in End of the Page (ALL-2)")


def test_golden_game_with_a_round_out_of_place() -> None:
    original = text("f14_house_rules.txt")
    record = read("f14_house_rules.txt")
    end = record.round_ends[0]
    row = f'[Round 1 "{" ".join(map(str, record.score_sheet[0]))}"]\n'
    next_move = f"{end + 1}. {record.moves[end]}\n"
    moved = original.replace(row + next_move, next_move + row)
    error = replay_error(parse_record(moved))
    assert (error.round, error.move_number) == (1, end)
    assert "but the record has its scores (" in str(error)
    assert f"after move {end + 1}" in str(error)


def test_golden_game_with_a_missing_or_extra_round() -> None:
    record = read("eop_two_players.txt")
    last = len(record.score_sheet)
    dropped = attrs.evolve(
        record, score_sheet=record.score_sheet[:-1], round_ends=record.round_ends[:-1]
    )
    error = replay_error(dropped)
    assert (error.round, error.move_number) == (last, record.round_ends[-1])
    assert str(error).endswith("but the record has no scores for it")
    early = record.round_ends[0] - 1
    extra = attrs.evolve(
        record,
        score_sheet=((0, 0), *record.score_sheet),
        round_ends=(early, *record.round_ends),
    )
    error = replay_error(extra)
    assert (error.round, error.move_number) == (1, early)
    assert str(error).endswith("but round 1 did not end there")


def test_golden_game_with_wrong_or_missing_winners() -> None:
    record = read("gor_four_players.txt")
    assert record.winners == (2,)
    for winners, message in [
        ((1,), "the record gives the winners as 1, the game gives 2"),
        ((), "the record gives the winners as none, the game gives 2"),
        (None, "won by 2, but the record gives no winners (*)"),
    ]:
        assert message in str(replay_error(attrs.evolve(record, winners=winners)))
    unfinished = attrs.evolve(record, moves=record.moves[:-1])
    assert "but the game is not over after move 155" in str(replay_error(unfinished))


def test_gor_r4_a_game_without_a_winner_records_none() -> None:
    moves = ["draw", "discard 2C", "draw", "discard AD"]
    record = record_game(GoingOutRummy(max_turns=2), seed=4, moves=moves)
    assert record.winners == ()
    assert str(record).endswith('4. discard AD\n[Winners "none"]\n')
    assert parse_record(str(record).replace('"none"', "NONE")) == record
    error = replay_error(attrs.evolve(record, winners=None))
    assert str(error) == (
        "the game is over after move 4, with no winner, "
        "but the record gives no winners (*)"
    )


def test_golden_game_truncated_replays_to_where_it_stops() -> None:
    """A record cut short after a round is a game in progress, and replays so."""
    record = read("eop_four_players.txt")
    end = record.round_ends[0]
    cut = attrs.evolve(
        record,
        moves=record.moves[:end],
        score_sheet=record.score_sheet[:1],
        round_ends=record.round_ends[:1],
        winners=None,
    )
    game = replay(parse_record(str(cut)))
    assert (game.round, game.score_sheet, game.is_over) == (
        2,
        record.score_sheet[:1],
        False,
    )


# --- Text that is not a record ---------------------------------------------------

HEADER = '[Variant "EndOfThePage"]\n[Seed "1"]\n'


@pytest.mark.parametrize(
    ("bad", "line", "message"),
    [
        ("", None, "the record is empty"),
        ("  ; only a comment\n", None, "the record is empty"),
        ('[Seed "1"]\n1. draw\n', None, "the record has no [Variant] tag"),
        ('[Variant "EndOfThePage"]\ndraw\n', None, "the record has no [Seed] tag"),
        ('[Variant "EndOfThePage"]\n[Seed "4', 2, "a tag is written [Name"),
        ('[Variant "EndOfThePage"\n[Seed "1"]', 1, "a tag is written [Name"),
        ('[Variant "EndOfThePag"]\n[Seed "1"]', 1, "there is no variant 'EndOfThePag'"),
        (
            '[Variant "EndOfThePage players=9"]\n[Seed "1"]',
            1,
            "players must be from 2 to 8",
        ),
        (
            '[Variant "EndOfThePage colour=red"]\n[Seed "1"]',
            1,
            "'colour=red' is not an option",
        ),
        ('[Variant ""]\n[Seed "1"]', 1, "names no rules"),
        ('[Variant "EndOfThePage"]\n[Seed "x1"]', 2, "[Seed] must be a whole number"),
        ('[Variant "EndOfThePage"]\n[Seed "1"2"]', 2, "[Seed] has a stray quote"),
        (HEADER + '[Event "club night"]', 3, "there is no tag [Event]"),
        (HEADER + '[Seed "2"]', 3, "[Seed] is given twice (lines 2 and 3)"),
        (HEADER + 'draw\n[Dealer "1"]', 4, "[Dealer] belongs in the header"),
        (HEADER + '[Dealer "2"]', 3, "dealer must be a player, from 0 to 1, not 2"),
        (HEADER + '[Deck "AS KS"]', 3, "the deck must be the game's 48 cards"),
        (HEADER + '[Deck "AS 1S"]', 3, "'1S' is not a card"),
        (HEADER + "draw\ndance", 4, "'dance' is not a move"),
        (
            HEADER + "1. draw\n3. discard 9S",
            4,
            "this line is numbered 3, but it is move 2",
        ),
        (HEADER + "1.", 3, "move 1 is missing"),
        # Issue 27, item 8: one-word moves once raised a bare IndexError.
        (HEADER + "1. lay", 3, "lay needs a card and a meld"),
        (HEADER + "1. 1: claim", 3, "claim needs a card and a meld"),
        (HEADER + "draw\nlay", 4, "lay needs a card and a meld"),
        (HEADER + 'draw\n[Round 2 "0 0"]', 4, "[Round 2] comes where round 1 is due"),
        (
            HEADER + 'draw\n[Round 1 "0 0 0"]',
            4,
            "has 3 scores, but the game has 2 players",
        ),
        (
            HEADER + 'draw\n[Round 1 "0 x"]',
            4,
            "[Round 1] must be a whole number, not 'x'",
        ),
        (HEADER + 'draw\n[Page "ten"]', 4, "[Page] must be a whole number"),
        (HEADER + '[Winners "2"]', 3, "[Winners] names players 0 to 1"),
        (HEADER + '[Winners ""]', 3, "[Winners] names players 0 to 1"),
        (HEADER + '[Winners "0"]\n[Winners "1"]', 4, "[Winners] is given twice"),
        (HEADER + "draw {a comment", 3, "this '{' comment is never closed"),
        (HEADER + "draw }", 3, "'}' closes no comment"),
    ],
)
def test_text_that_is_no_record_is_refused_naming_the_line(
    bad: str, line: int | None, message: str
) -> None:
    error = parse_error(bad)
    assert error.line == line
    assert message in str(error)
    assert str(error).startswith("" if line is None else f"line {line}: ")
    assert isinstance(error, RummyRulesError)
    assert isinstance(error, ValueError)


def test_a_record_is_text() -> None:
    with pytest.raises(TypeError, match="record must be a record's text, not bytes"):
        parse_record(SHORT_TEXT.encode())  # type: ignore[arg-type]


def test_golden_file_cut_short_in_its_header() -> None:
    original = text("eop_house_rules.txt")
    cut = original[: original.index("[Seed") + 8]
    assert parse_error(cut).line == 2
    assert "no [Seed] tag" in str(parse_error(original.replace('[Seed "7"]\n', "")))


# --- Records built in code ---------------------------------------------------------


def test_record_game_names_text_that_is_no_move() -> None:
    with pytest.raises(ReplayError, match=r"^move 2, 'dance', is no move: ") as caught:
        record_game(SHORT, seed=1, moves=["draw", "dance"])
    assert caught.value.move_number == 2


def test_record_that_deals_no_game() -> None:
    error = replay_error(GameRecord(rules=SHORT, seed=1, dealer=5))
    assert error.move_number is None
    assert str(error).startswith("the record deals no game: dealer must be a player")


def test_record_fields_must_agree() -> None:
    with pytest.raises(RummyRulesError, match="one round end for each row"):
        GameRecord(rules=SHORT, score_sheet=[(0, 0)])
    with pytest.raises(
        RummyRulesError, match="round ends must be move numbers from 0 to 1"
    ):
        GameRecord(
            rules=SHORT,
            moves=[parse_move("draw")],
            score_sheet=[(0, 0)],
            round_ends=[2],
        )
    with pytest.raises(RummyRulesError, match="page changes must be move numbers"):
        GameRecord(rules=SHORT, pages=[(1, 3)])


def test_every_golden_game_is_in_the_record_format() -> None:
    assert {name.removesuffix(".txt").split("_")[0] for name in GAMES} == {
        "eop",
        "f14",
        "gor",
    }
