"""Bots: GreedyBot and RandomBot choose only listed moves, and play_game runs a table.

GreedyBot must beat RandomBot clearly in every variant. The statistical tests
play fixed seeds (so they are as repeatable as any other test) and ask for a
margin far wider than the luck of the deal. Measured on these seeds, the
greedy bot wins every game of End of the Page and of Going Out Rummy, and
four in five games of 1400 against three random bots; the thresholds sit
well below that (four in five at two players, twice a fair share at four).
"""

from __future__ import annotations

import ast
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from rummyrules import (
    WILDCARD,
    Card,
    EndOfThePage,
    FourteenHundred,
    FourteenHundredState,
    GameState,
    GoingOutRummy,
    GoingOutState,
    OptionError,
    PlayableRules,
    View,
)
from rummyrules.bots import Bot, GreedyBot, RandomBot, play_game
from rummyrules.formats.positions import read_position
from rummyrules.game.moves import Discard, Done, Move
from rummyrules.game.strategy import (
    GoingOutStrategy,
    PointsStrategy,
    Strategy,
    strategy_of,
)
from rummyrules.games.fourteen_hundred.state import Claim
from rummyrules.games.going_out.state import Drop, GoOut


@dataclass
class Checked:
    """A bot wrapped to check every choice: listed, and a move on its own turn."""

    bot: Bot
    chosen: list[Move] = field(default_factory=list)
    out_of_turn: list[Move] = field(default_factory=list)

    def choose(self, view: View) -> Move | None:
        move = self.bot.choose(view)
        own_turn = view.to_move == view.player
        if own_turn:
            assert move is not None, f"no move on its own turn:\n{view}"
        if move is not None:
            assert move in view.legal_moves, f"{move} is not listed"
            (self.chosen if own_turn else self.out_of_turn).append(move)
        return move


def seated(
    rules: PlayableRules[Any], greedy_seat: int, seed: int
) -> tuple[list[Checked], Checked]:
    """A table of checked random bots with one checked greedy bot at ``greedy_seat``."""
    bots = [
        Checked(RandomBot(seed=seed * 100 + seat))
        for seat in range(rules_players(rules))
    ]
    greedy = Checked(GreedyBot())
    bots[greedy_seat] = greedy
    return bots, greedy


def rules_players(rules: PlayableRules[Any]) -> int:
    return rules.players


def play(text: str, moves: int) -> list[str]:
    """GreedyBot's moves from a position, for as long as the same player moves."""
    game = read_position(text)
    player = game.to_move
    played: list[str] = []
    while len(played) < moves and game.to_move == player and player is not None:
        move = GreedyBot().choose(game.view(player))
        assert move is not None
        assert move in game.legal_moves()
        played.append(str(move))
        game = game.apply(move)
    return played


# --- GreedyBot: legal, complete games ------------------------------------------

SHORT_GAMES: list[PlayableRules[Any]] = [
    EndOfThePage(rounds=2),
    EndOfThePage(players=3, rounds=1, take_cards_above=False),
    EndOfThePage(rounds=2, discard_taken_card=False, stock_out="reshuffle"),
    FourteenHundred(players=2, target=400),
    FourteenHundred(target=300, pass_freely=True, lay_off_needs_meld=True),
    FourteenHundred(players=3, target=300, all_wild_melds=True, wild_card_dealt=False),
    GoingOutRummy(max_turns=150),
    GoingOutRummy(players=4, wildcards=3, max_turns=150),
    GoingOutRummy(going_out="minor", max_turns=150),
    GoingOutRummy(players=3, going_out="major", hand_size=4, max_turns=150),
]


@pytest.mark.parametrize("rules", SHORT_GAMES, ids=repr)
@settings(max_examples=4)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
@example(seed=1704)  # 1400 (4 players): player 1 goes out on the first turn
def test_greedy_bot_chooses_only_listed_moves_and_finishes(
    rules: PlayableRules[Any], seed: int
) -> None:
    # The greedy bot sits where the first move is made: a round can end
    # before some players' first turn (a 1400 hand laid down at once).
    first = rules.new_game(seed=seed).to_move
    assert first is not None
    bots, greedy = seated(rules, first, seed)
    game = play_game(rules, bots, seed=seed).state
    assert game.is_over
    assert greedy.chosen
    assert not any(isinstance(move, Drop) for move in greedy.chosen)


@pytest.mark.parametrize(
    "rules",
    [EndOfThePage(rounds=2), FourteenHundred(target=300), GoingOutRummy(max_turns=150)],
    ids=repr,
)
def test_a_table_of_greedy_bots_finishes_and_is_repeatable(
    rules: PlayableRules[Any],
) -> None:
    players = rules_players(rules)
    for seed in range(3):
        first = play_game(
            rules, [Checked(GreedyBot()) for _ in range(players)], seed=seed
        ).state
        again = play_game(
            rules, [GreedyBot(seed=seat + 9) for seat in range(players)], seed=seed
        ).state
        assert first.is_over
        assert first == again  # deterministic: its seed changes nothing


def test_greedy_bot_is_a_bot_and_waits_out_of_turn() -> None:
    game = EndOfThePage().new_game(seed=1)
    assert isinstance(GreedyBot(), Bot)
    assert game.to_move == 1
    assert GreedyBot().choose(game.view(0)) is None
    assert GreedyBot().choose(game.view(1)) in game.legal_moves()


# --- GreedyBot asks the game ------------------------------------------------------

SRC = Path(__file__).resolve().parents[2] / "src" / "rummyrules"


def imported(path: Path) -> set[str]:
    """Every module a source file imports, at any depth (relative imports resolved)."""
    package = ".".join(path.relative_to(SRC.parent).with_suffix("").parts[:-1])
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            module = ".".join(part for part in (base, node.module or "") if part)
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


@pytest.mark.parametrize(
    "path",
    sorted([*(SRC / "bots").glob("*.py"), *(SRC / "cli").glob("*.py")]),
    ids=lambda path: f"{path.parent.name}/{path.name}",
)
def test_bots_and_the_command_line_import_no_game_package(path: Path) -> None:
    """Shared layers ask the game (its rules class, its strategy); never which game it is."""
    games = {name for name in imported(path) if name.startswith("rummyrules.games")}
    assert not games, f"{path.name} imports {sorted(games)}"


class Neither(Strategy):
    """A strategy of neither family: a game that is not about points nor going out."""


class OtherGame(EndOfThePage):
    """End of the Page's rules under a strategy the greedy bot cannot play."""

    strategy: ClassVar[Strategy] = Neither()


def test_greedy_bot_refuses_a_game_of_no_family_it_knows() -> None:
    game = OtherGame().new_game(seed=1)
    with pytest.raises(TypeError, match="strategy of End of the Page is neither"):
        GreedyBot().choose(game.view(1))


def test_greedy_bot_refuses_a_game_that_declares_no_strategy(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    view = EndOfThePage().new_game(seed=1).view(1)
    monkeypatch.delattr(EndOfThePage, "strategy")
    with pytest.raises(TypeError, match="End of the Page declares no strategy"):
        GreedyBot().choose(view)
    assert RandomBot().choose(view) in view.legal_moves  # it needs none


@pytest.mark.parametrize(
    ("rules", "family"),
    [
        (EndOfThePage(), PointsStrategy),
        (FourteenHundred(), PointsStrategy),
        (GoingOutRummy(), GoingOutStrategy),
    ],
    ids=repr,
)
def test_each_game_declares_its_strategy_on_its_rules_class(
    rules: PlayableRules[Any], family: type[Strategy]
) -> None:
    declared = getattr(type(rules), "strategy", None)
    assert isinstance(declared, family)
    assert strategy_of(rules) is declared


def test_f14_r3_a_bot_counts_the_marker_among_the_cards_it_has_seen() -> None:
    """The marker on the table is no card a draw can bring (F14-R3, F14-13)."""
    rules = FourteenHundred(players=2, wild_card_dealt=False)
    game = rules.new_game(seed=1)
    assert isinstance(game, FourteenHundredState)
    assert game.marker is not None
    view = game.view(game.dealer)
    unseen = strategy_of(rules).unseen(view)
    copies = Counter(rules.deck())[game.marker]
    assert unseen[game.marker] == copies - 1 - view.hand.count(game.marker) - sum(
        pile_card == game.marker for pile_card in view.discard_pile
    )


# --- GreedyBot: what it chooses --------------------------------------------------


def test_eop_6_it_takes_a_deep_card_it_can_meld_and_melds_it_at_once() -> None:
    assert play(
        "EndOfThePage | wild 3 | face_up 3S@0 | to_move 1 draw"
        " | hands 3S 4C / 9D JD KC 5H | pile 6C 10D | had_turn 0 1",
        moves=5,
    ) == ["take 10D", "meld 9D 10D JD", "discard KC"]


def test_eop_15_a_dead_ace_is_discarded_before_cards_with_partners() -> None:
    # The Ace costs 100 in hand and joins nothing; 4C 4D and 9H 10H are pairs.
    assert play(
        "EndOfThePage | wild 3 | face_up 3S@0 | to_move 1 play"
        " | hands 3S 6H / AS 4C 4D 9H 10H KC 5D | had_turn 1",
        moves=1,
    ) == ["discard AS"]


def test_eop_16_while_the_round_is_young_the_cheapest_lone_card_goes() -> None:
    # AS and KC join nothing; an Ace played scores 100, so it is kept while
    # the other player holds more than three cards, and KC goes.
    assert play(
        "EndOfThePage | wild 3 | face_up 3S@0 | to_move 1 play"
        " | hands 3S 6H 8C QD / AS 4C 4D 9H 10H KC 5D | had_turn 1",
        moves=1,
    ) == ["discard KC"]


def test_gin_5_a_knock_may_come_any_turn_so_the_costliest_lone_card_goes() -> None:
    # Gin Rummy's round is always closing: the King goes, not the 2.
    assert play(
        "GinRummy hand_size=4 | to_move 1 play | hands 5C 6D 9S 3H"
        " / 7S 8S 9D 2C KD | pile 4H",
        moves=1,
    ) == ["discard KD"]


def test_gin_7_deadwood_counts_partners_or_not_so_the_costliest_card_goes() -> None:
    # QD and KD are partners, 3C is lone; at a knock every card outside a
    # meld counts, so a 10 goes before the 3.
    assert play(
        "GinRummy hand_size=5 | to_move 1 play | hands 5C 6D 8D 3H 2S"
        " / 7S 7H 7C KD QD 3C | pile 4H",
        moves=1,
    ) == ["discard QD"]


def test_gin_2_it_keeps_the_melds_of_its_best_packing() -> None:
    # Every loose card has two partners, as each King has: the King set
    # would be broken by letting the costliest card go.
    assert play(
        "GinRummy | to_move 1 play | hands AS 2S 3S 5D 7D 8D 7H 8H QC 10C"
        " / KS KH KD 4S 6S 4C 6C 9D 9H JD JH | pile 2H",
        moves=1,
    ) == ["discard JH"]


def test_gin_4_it_keeps_a_card_next_to_one_the_other_player_took() -> None:
    # QS and 10D are lone and alike, but the other player took 8D face up.
    assert play(
        "GinRummy hand_size=5 | to_move 1 play | hands 5C 6D 8D 3H 2S"
        " / 7S 7H 7C 10D QS 4C | pile 4H | known 8D / -",
        moves=1,
    ) == ["discard QS"]


def test_eop_it_keeps_a_wild_that_melds_with_nothing_yet() -> None:
    assert play(
        "EndOfThePage | wild 3 | face_up 3S@0 | to_move 1 play"
        " | hands 3S 4C / AS 3H 6C 9D 5H | had_turn 1",
        moves=1,
    ) == ["discard AS"]


def test_eop_it_lays_every_meld_it_can_then_lays_off_then_discards() -> None:
    # KH KD KC and 7S-10S are laid; then 7D may go on the 4D 5D 6D run (EOP-9).
    assert play(
        "EndOfThePage | wild 3 | face_up 3S@0 | to_move 1 play"
        " | hands 3S 6H / KC KD KH 7S 8S 9S 10S 7D 4H | melds 0: 4D 5D 6D"
        " | had_turn 0 1",
        moves=6,
    ) == ["meld KH KD KC", "meld 7S 8S 9S 10S", "lay 7D on 1", "discard 4H"]


def test_f14_9_it_takes_a_deep_card_and_uses_it_first() -> None:
    assert play(
        "FourteenHundred players=2 decks=1 | wild 9 | to_move 1 draw"
        " | hands 2C 3C / 7H 8H KS 4D | melds 0: 4S 5S 6S | pile KD 6H",
        moves=5,
    ) == ["take 6H", "meld 6H 7H 8H", "discard 4D"]


def test_f14_6_it_takes_the_first_upcard_it_can_use_and_passes_one_it_cannot() -> None:
    # At the deal each hand holds the card that dealt its size: 2C, 4D (F14-3).
    text = (
        "FourteenHundred players=2 decks=1 wild_card_dealt=false | wild 9"
        " | marker 9S | to_move 1 opening"
    )
    assert play(f"{text} | hands 2C 3C / 4D 7S 7D KH | pile 7H", moves=5) == [
        "take",
        "meld 7S 7H 7D",
        "discard KH",
    ]
    assert play(f"{text} | hands 2C 3C / 4D 5S 7D KH | pile 7H", moves=1) == ["pass"]


def test_f14_12_it_claims_a_discard_out_of_turn() -> None:
    game = read_position(
        "FourteenHundred players=3 | wild 9 | to_move 1 draw | claim 7H@0"
        " | hands 2C 3C 4D / KS KD 8C / JD QD | melds 2: 4H 5H 6H | pile 7H 10S"
    )
    claim = GreedyBot().choose(game.view(2))
    assert isinstance(claim, Claim)
    assert str(claim) == "2: claim 7H on 1"
    assert GreedyBot().choose(game.view(0)) is None  # the discarder may not


def test_f14_13_it_plays_what_it_can_in_the_last_plays_and_is_done() -> None:
    played = play(
        "FourteenHundred players=2 decks=1 | wild 9 | to_move 1 last | out 0"
        " | hands - / 7H 8H 2C | melds 0: 4H 5H 6H / 0: KS KD KC | pile 10S",
        moves=8,
    )
    assert played[:2] == ["lay 7H on 1", "lay 8H on 1"]
    assert played[-1] == str(Done())


def test_gor_7_it_goes_out_when_it_can() -> None:
    game = read_position(
        "GoingOutRummy | to_move 0 play"
        " | hands 7S 7H 7D 8C 9C 10C JC KD / AS 2S 4H 6D 8S 10H QC"
    )
    assert isinstance(GreedyBot().choose(game.view(0)), GoOut)


def test_gor_6_it_keeps_its_wildcard_and_discards_a_lone_card() -> None:
    game = read_position(
        "GoingOutRummy wildcards=1 | to_move 0 play"
        " | hands 7S 7H 7D 8C 9C * KD 2H / AS 2S 4H 6D 8S 10H QC"
    )
    move = GreedyBot().choose(game.view(0))
    assert isinstance(move, Discard)
    assert move.card != WILDCARD
    assert move.card in {Card.parse("KD"), Card.parse("2H")}


def test_gor_4_it_takes_a_discard_that_helps_and_draws_otherwise() -> None:
    text = (
        "GoingOutRummy | to_move 0 draw"
        " | hands 7S 7H 8C 9C KD 2H QS / AS 2S 4H 6D 8S 10H QC | pile"
    )
    assert play(f"{text} 7D", moves=1) == ["take"]
    assert play(f"{text} 4D", moves=1) == ["draw"]


@pytest.mark.parametrize(
    ("theirs", "discard"), [("KS KC", "discard 5H"), ("5S 5C", "discard KD")]
)
def test_gor_4_of_lone_cards_it_lets_go_the_one_that_feeds_the_other_player_least(
    theirs: str, discard: str
) -> None:
    """5H and KD are lone cards, equally far from going out; the other player took a K from the pile (GOR-4), so 5H goes, and KD when they collect 5s."""
    assert play(
        "GoingOutRummy | to_move 0 play | hands 7S 7H 7D 9C 10C JC 5H KD"
        f" / 2S 3D 8H QH {theirs} AH | pile 4D | known - / {theirs}",
        moves=1,
    ) == [discard]


def test_gor_8_under_major_it_goes_out_with_one_meld() -> None:
    rules = GoingOutRummy(going_out="major", max_turns=400)
    wins = 0
    for seed in range(10):
        greedy = Checked(GreedyBot())
        bots: list[Bot] = [greedy, RandomBot(seed=seed)]
        game = play_game(rules, bots[::-1] if seed % 2 else bots, seed=seed).state
        wins += seed % 2 in game.winners
        assert all(
            len(move.melds) == 1 for move in greedy.chosen if isinstance(move, GoOut)
        )
    assert wins >= 8


# --- GreedyBot beats RandomBot ---------------------------------------------------


@dataclass
class Tally:
    """How one greedy bot did over many seeded games against random bots."""

    games: int = 0
    share: float = 0.0  # its share of the wins, a shared win split
    margin: int = 0  # its total less the best other total, summed

    def add(self, game: GameState, seat: int) -> None:
        self.games += 1
        if seat in game.winners:
            self.share += 1 / len(game.winners)
        others = [score for player, score in enumerate(game.scores) if player != seat]
        self.margin += game.scores[seat] - max(others)


def tally(rules: PlayableRules[Any], games: int) -> Tally:
    """Play ``games`` seeded games, the greedy bot's seat going round the table."""
    result = Tally()
    players = rules_players(rules)
    for seed in range(games):
        seat = seed % players
        bots, _ = seated(rules, seat, seed)
        result.add(play_game(rules, bots, seed=seed).state, seat)
    return result


@pytest.mark.slow
def test_greedy_beats_random_at_end_of_the_page() -> None:
    result = tally(EndOfThePage(), games=30)
    assert result.share >= 0.8 * result.games  # a fair share would be a half
    assert result.margin / result.games >= 500  # points ahead of the other player


@pytest.mark.slow
def test_greedy_beats_three_random_bots_at_1400() -> None:
    result = tally(FourteenHundred(), games=40)
    assert result.share >= 2 * 0.25 * result.games  # twice a fair share, at least
    assert result.margin > 0


@pytest.mark.slow
def test_greedy_beats_random_at_going_out_rummy_two_handed() -> None:
    result = tally(GoingOutRummy(max_turns=400), games=40)
    assert result.share >= 0.8 * result.games


@pytest.mark.slow
def test_greedy_beats_three_random_bots_at_going_out_rummy() -> None:
    result = tally(GoingOutRummy(players=4, max_turns=400), games=40)
    assert result.share >= 2 * 0.25 * result.games


# --- RandomBot ---------------------------------------------------------------------


def random_table(players: int, base: int) -> list[Bot]:
    return [RandomBot(seed=base + seat) for seat in range(players)]


@pytest.mark.parametrize(
    "rules",
    [EndOfThePage(rounds=2), FourteenHundred(target=300), GoingOutRummy(max_turns=100)],
    ids=repr,
)
def test_random_bot_games_repeat_from_the_same_seeds(rules: PlayableRules[Any]) -> None:
    players = rules_players(rules)
    games = [
        play_game(rules, random_table(players, 10), seed=3).state for _ in range(2)
    ]
    assert games[0] == games[1]
    others = [
        play_game(rules, random_table(players, base), seed=3).state for base in (20, 30)
    ]
    assert any(other != games[0] for other in others)


@pytest.mark.parametrize("rules", SHORT_GAMES, ids=repr)
def test_random_bot_chooses_only_listed_moves_and_never_drops(
    rules: PlayableRules[Any],
) -> None:
    players = rules_players(rules)
    for seed in range(2):
        bots = [Checked(RandomBot(seed=seed + seat)) for seat in range(players)]
        game = play_game(rules, bots, seed=seed).state
        assert game.is_over
        if isinstance(game, GoingOutState):
            assert game.dropped == ()
        for bot in bots:
            assert not any(isinstance(move, Drop) for move in bot.chosen)
            assert not any(isinstance(move, Drop) for move in bot.out_of_turn)


def test_random_bot_lets_a_chance_to_drop_out_of_turn_go_by() -> None:
    view = GoingOutRummy().new_game(seed=1).view(0)
    assert [str(move) for move in view.legal_moves] == ["0: drop"]
    assert all(RandomBot(seed=seed).choose(view) is None for seed in range(20))


# --- play_game ---------------------------------------------------------------------


def test_play_game_needs_one_bot_per_player() -> None:
    with pytest.raises(OptionError, match="needs 4 bots, not 2"):
        play_game(FourteenHundred(), [RandomBot(), RandomBot()])


def test_play_game_stops_at_max_moves() -> None:
    with pytest.raises(OptionError, match="did not end within 5 moves"):
        play_game(EndOfThePage(), [GreedyBot(), GreedyBot()], max_moves=5)


class Idle:
    """A bot that never moves."""

    def choose(self, view: View) -> Move | None:
        del view
        return None


def test_play_game_refuses_a_bot_that_will_not_move_on_its_turn() -> None:
    with pytest.raises(OptionError, match="chose no move on its own turn"):
        play_game(GoingOutRummy(), [Idle(), Idle()])


def test_f14_12_random_bots_claim_out_of_turn() -> None:
    rules = FourteenHundred(target=500)
    claims: list[Move] = []
    for seed in range(4):
        bots = [Checked(RandomBot(seed=seed * 10 + seat)) for seat in range(4)]
        play_game(rules, bots, seed=seed)
        claims += [move for bot in bots for move in bot.out_of_turn]
    assert claims
    assert all(isinstance(move, Claim) for move in claims)


def test_play_game_seats_mixed_bots(capsys: pytest.CaptureFixture[str]) -> None:
    bots: Sequence[Bot] = [GreedyBot(), RandomBot(seed=4), GreedyBot()]
    game = play_game(EndOfThePage(players=3, rounds=1), bots, seed=2).state
    assert game.is_over
    assert len(game.score_sheet) == 1
    assert capsys.readouterr() == ("", "")  # bots print nothing
