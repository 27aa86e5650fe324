"""A WILDCARD refused where the game was set up with none says so, and how to choose some (GOR-1).

Going Out Rummy has 0 to 9 WILDCARDs, chosen at setup (GOR-1), none by
default: "there is no * in the Going Out Rummy deck" read as if the game had
none at all. The games without WILDCARDs keep their plain sentence.
"""

from __future__ import annotations

import pytest

from rummyrules import (
    EndOfThePage,
    FourteenHundred,
    GinRummy,
    GoingOutRummy,
    UnknownCardError,
)
from rummyrules.cli import main


def set_up_with_none(enough: int) -> str:
    """The refusal, its example value enough for the WILDCARDs refused."""
    return (
        "there is no * in this Going Out Rummy game: it was set up with no WILDCARDs; "
        f"choose 1 to 9 with the option wildcards (wildcards={enough} in code, "
        f"--wildcards {enough} on the command line)"
    )


def test_gor_1_a_wildcard_in_a_game_set_up_with_none_says_how_to_choose_some() -> None:
    result = GoingOutRummy().check_meld("7H * * *")
    assert not result
    assert (result.reason, result.rule) == (set_up_with_none(3), "GOR-1")
    with pytest.raises(UnknownCardError) as caught:
        GoingOutRummy().stacked_deck("* 7S")
    assert str(caught.value) == f"{set_up_with_none(1)} (GOR-1)"
    # The way it names is the way in: with that many WILDCARDs, the meld is good.
    assert GoingOutRummy(wildcards=3).check_meld("7H * * *")
    assert GoingOutRummy().check_meld("* " * 12).reason == set_up_with_none(9)


def test_gor_1_the_command_line_names_its_flag(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["check", "gor", "7H", "*", "*", "*"]) == 1
    out = capsys.readouterr().out
    assert out == f"invalid: {set_up_with_none(3)} (GOR-1)\n"
    assert main(["check", "gor", "7H", "*", "*", "*", "--wildcards", "3"]) == 0


def test_gor_1_too_many_wildcards_still_counts_them() -> None:
    assert GoingOutRummy(wildcards=2).check_meld("* * *").reason == (
        "this game has only 2 WILDCARDs, not 3"
    )
    assert GoingOutRummy(wildcards=1).check_meld("7H * *").reason == (
        "this game has only one WILDCARD, not 2"
    )


@pytest.mark.parametrize(
    ("rules", "rule"),
    [(EndOfThePage(), "EOP-1"), (FourteenHundred(), "F14-1"), (GinRummy(), "GIN-1")],
    ids=["eop", "1400", "gin"],
)
def test_games_without_wildcards_keep_the_plain_sentence(
    rules: EndOfThePage | FourteenHundred | GinRummy, rule: str
) -> None:
    result = rules.check_meld("7H * * *")
    assert (result.reason, result.rule) == (
        f"there is no * in the {rules.name} deck",
        rule,
    )
