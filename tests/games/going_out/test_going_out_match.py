"""A match of Going Out Rummy: who plays first in each game, and who wins (GOR-12)."""

from collections import Counter

import pytest

from rummyrules import (
    EndOfThePage,
    GoingOut,
    GoingOutRummy,
    IllegalMoveError,
    Match,
    OptionError,
    Phase,
)
from rummyrules.game.moves import Discard
from rummyrules.games.going_out.match import game_seed
from rummyrules.games.going_out.state import GoOut

THREE = GoingOutRummy(players=3)
# Hands of two and nine WILDCARDs: a game soon ends with someone going out.
QUICK = GoingOutRummy(players=3, hand_size=2, wildcards=9)


def finish(match: Match) -> Match:
    """Play the game out: go out when possible, else draw and throw a natural card."""
    for _ in range(3000):
        game = match.game
        if game.is_over:
            return match
        ways_out = [move for move in game.legal_moves() if isinstance(move, GoOut)]
        if ways_out:
            match = match.apply(ways_out[0])
        elif game.phase == Phase.DRAW:
            match = match.apply("draw")
        else:
            player = game.to_move
            assert player is not None
            naturals = [card for card in game.hand(player) if not card.is_wildcard]
            match = match.apply(Discard(card=naturals[-1]))
    raise AssertionError("the game never ended")


def win_by_drops(match: Match, winner: int) -> Match:
    """End the current game by every other player dropping out (GOR-R3)."""
    for player in range(match.game.players):
        if player != winner:
            match = match.apply(f"{player}: drop")
    assert match.game.winners == (winner,)
    return match


def test_gor_12_the_match_starts_with_the_draw_for_first_dealer() -> None:
    """Match.start draws for first dealer; the dealer's left plays first in game 1."""
    match = Match.start(THREE, seed=11)
    assert match.draw == THREE.draw_for_dealer(seed=11)
    assert str(match.draw) == "player 1: 8C; player 2: 3D; player 0: 6H; player 1 deals"
    assert match.game.dealer == 1
    assert match.game.to_move == 2
    assert match.first_player == 2
    assert len(match.games) == 1
    assert match.wins == (0, 0, 0)
    assert match.winner is None
    assert not match.is_over
    # The cards shown go back into the pack: game 1 is dealt from the whole deck.
    assert match.game == THREE.new_game(seed=game_seed(11, 1), dealer=1)
    game = match.game
    every = Counter(game.stock) + Counter(card for hand in game.hands for card in hand)
    assert every == Counter(THREE.deck())
    other = Match.start(THREE, seed=11, shuffler=2)
    assert other.draw == THREE.draw_for_dealer(seed=11, shuffler=2)
    assert other.draw.shuffler == 2
    assert other.game.dealer == other.draw.dealer


def test_gor_12_the_winner_of_a_game_plays_first_in_the_next() -> None:
    """Player 1 goes out in game 1 (player 2 began it), so player 1 plays first next."""
    match = Match.start(QUICK, seed=0)
    assert (match.game.dealer, match.game.to_move) == (1, 2)
    match = finish(match)
    assert match.game.out == 1
    assert match.game.winners == (1,)
    assert [str(meld) for meld in match.game.melds] == ["4H 5H 6H"]
    assert match.wins == (0, 1, 0)
    assert match.first_player == 1
    following = match.next_game()
    assert len(following.games) == 2
    assert following.games[0] == match.game
    assert following.game.to_move == 1
    assert following.game.dealer == 0
    assert following.game.seed == game_seed(0, 2)
    assert following.game.phase == Phase.DRAW
    assert following.wins == (0, 1, 0)


def test_gor_12_a_winner_by_the_others_dropping_out_also_plays_first_next() -> None:
    """The last player left wins the game (GOR-R3) and so plays first in the next."""
    match = win_by_drops(Match.start(THREE, seed=11), winner=0)
    assert match.first_player == 0
    following = match.next_game()
    assert (following.game.dealer, following.game.to_move) == (2, 0)


def test_gor_12_after_a_game_nobody_won_the_same_player_plays_first_again() -> None:
    """A game that ends with no winner leaves the first player as it was."""
    rules = GoingOutRummy(players=3, max_turns=1)
    match = Match.start(rules, seed=11)
    assert match.game.to_move == 2
    match = match.apply("draw")
    card = match.game.hand(2)[0]
    match = match.apply(f"discard {card}")
    assert match.game.is_over
    assert match.game.winners == ()
    assert match.wins == (0, 0, 0)
    assert match.first_player == 2
    following = match.next_game(THREE)
    assert (following.game.dealer, following.game.to_move) == (1, 2)


def test_gor_12_no_winner_when_the_last_player_left_does_not_win() -> None:
    """With last_player_wins=False, dropping out to one player leaves no winner."""
    rules = GoingOutRummy(players=3, last_player_wins=False)
    match = Match.start(rules, seed=11).apply("0: drop").apply("1: drop")
    assert match.game.is_over
    assert match.game.winners == ()
    assert match.first_player == 2
    assert match.next_game().game.to_move == 2


def test_gor_12_the_first_to_win_two_games_wins_the_match() -> None:
    """One win each is not enough; the second win of player 1 ends the match."""
    match = win_by_drops(Match.start(THREE, seed=11), winner=1)
    assert (match.wins, match.winner, match.is_over) == ((0, 1, 0), None, False)
    match = win_by_drops(match.next_game(), winner=0)
    assert (match.wins, match.winner, match.is_over) == ((1, 1, 0), None, False)
    assert match.game.to_move is None
    match = match.next_game()
    assert match.game.to_move == 0  # the last game's winner plays first
    match = win_by_drops(match, winner=1)
    assert match.wins == (1, 2, 0)
    assert match.winner == 1
    assert match.is_over
    assert len(match.games) == 3


def test_gor_12_next_game_waits_until_the_game_is_over() -> None:
    """The next game cannot be dealt while the current one is being played."""
    match = Match.start(THREE, seed=11).apply("draw")
    with pytest.raises(IllegalMoveError) as caught:
        match.next_game()
    assert caught.value.rule == "GOR-12"
    assert caught.value.reason == "game 1 is still being played; finish it first"
    assert len(match.games) == 1
    assert match.game.phase == Phase.PLAY


def test_gor_12_nothing_more_is_dealt_once_the_match_is_won() -> None:
    """After the match is won, next_game and further moves are refused."""
    match = win_by_drops(Match.start(THREE, seed=11), winner=2)
    match = win_by_drops(match.next_game(), winner=2)
    assert match.winner == 2
    with pytest.raises(IllegalMoveError) as caught:
        match.next_game()
    assert caught.value.rule == "GOR-12"
    assert caught.value.reason == "the match is over: player 2 has won two games"
    with pytest.raises(IllegalMoveError) as over:
        match.apply("draw")
    assert over.value.rule == "ALL-2"
    assert len(match.games) == 2


def test_gor_12_options_may_change_between_games() -> None:
    """Hand size, WILDCARDs and the Major/Minor variation may change before a game."""
    match = win_by_drops(Match.start(THREE, seed=11), winner=1)
    minor = GoingOutRummy(players=3, hand_size=5, wildcards=2, going_out="minor")
    following = match.next_game(minor)
    assert following.rules == minor
    assert following.rules.going_out is GoingOut.MINOR
    assert [len(hand) for hand in following.game.hands] == [5, 5, 5]
    assert len(following.game.stock) == 158 - 15
    assert following.game.to_move == 1
    assert following.games[0].rules == THREE  # game 1 keeps its own options
    same = win_by_drops(following, winner=0).next_game()
    assert same.rules == minor  # no new options: the last game's are kept


def test_gor_12_the_players_at_the_table_stay_the_same() -> None:
    """A match keeps its number of players from game to game."""
    match = win_by_drops(Match.start(THREE, seed=11), winner=1)
    with pytest.raises(OptionError) as caught:
        match.next_game(GoingOutRummy(players=4))
    assert str(caught.value) == (
        "a match keeps its 3 players; the next game cannot have 4 (GOR-12)"
    )
    assert len(match.games) == 1


def test_gor_12_a_match_is_played_under_going_out_rummy_rules() -> None:
    """Only Going Out Rummy has matches."""
    with pytest.raises(OptionError, match=r"^a match is played under GoingOutRummy"):
        Match.start(EndOfThePage())  # type: ignore[arg-type]  # bad input on purpose
    match = win_by_drops(Match.start(THREE, seed=11), winner=1)
    with pytest.raises(OptionError, match=r"\(GOR-12\)$"):
        match.next_game(EndOfThePage(players=3))  # type: ignore[arg-type]


def test_gor_12_a_match_is_a_frozen_value_and_the_same_seed_plays_the_same() -> None:
    """Moves give a new match and leave the old one as it was; seeds replay exactly."""
    start = Match.start(QUICK, seed=0)
    moved = start.apply("draw")
    assert start.game.phase == Phase.DRAW
    assert moved.game.phase == Phase.PLAY
    assert finish(Match.start(QUICK, seed=0)) == finish(start)


def test_match_apply_takes_the_player_as_game_apply_does() -> None:
    """Match.apply(move, player=N) means what GameState.apply(move, player=N) means."""
    match = Match.start(THREE, seed=11)
    seat = match.game.to_move
    assert seat is not None
    other = (seat + 1) % 3
    drawn = match.apply("draw", player=seat)
    assert drawn.game == match.game.apply("draw", player=seat)
    assert drawn == match.apply(f"{seat}: draw")
    assert match.apply("drop", player=other) == match.apply(f"{other}: drop")
    for move, sender in [("draw", other), (f"{seat}: draw", other)]:
        with pytest.raises(IllegalMoveError) as from_match:
            match.apply(move, player=sender)
        with pytest.raises(IllegalMoveError) as from_game:
            match.game.apply(move, player=sender)
        assert from_match.value.rule == from_game.value.rule
        assert str(from_match.value) == str(from_game.value)
