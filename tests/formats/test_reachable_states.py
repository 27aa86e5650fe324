"""Every state that legal play reaches saves and reloads; no other state loads.

The promise runs both ways. A state reached by legal play, in any game,
under any options, reads back equal from ``dumps`` and from its position,
the game over included. A state no game could reach (a winner nobody made, a
lay-off by a player who has not melded, fields a game never sets) is
refused by ``loads`` and by positions alike, with a sentence naming the
field and the rule: both read through ``formats.checks.check_state``, which
asks each game (``rules.check_state``) what only it can tell. A view no game
shows is refused by ``loads`` likewise (``rules.check_view``).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, TypeVar

import attrs
import pytest
from hypothesis import event, given

from rummyrules import (
    EndOfThePage,
    FourteenHundred,
    GameState,
    GoingOutRummy,
    LoadError,
    Phase,
    StateError,
    View,
    dumps,
    loads,
)
from rummyrules.core.errors import PositionError
from rummyrules.formats.checks import check_state, check_view
from rummyrules.formats.positions import read_position, write_position
from rummyrules.games.end_of_the_page.state import (
    EndOfThePageState,
    EndOfThePageTurn,
    EndOfThePageView,
)
from rummyrules.games.fourteen_hundred.state import (
    FourteenHundredState,
    FourteenHundredView,
)
from rummyrules.games.going_out.state import GoingOutState, GoingOutView
from scenarios import play
from strategies import some_states, whole_games

WHOLE_GAME_STRIDE = 2 if os.environ.get("HYPOTHESIS_PROFILE") == "ci" else 4
"""Of each whole game, check every this many states (every other one in the
"ci" profile), each rarer one and the last. Since saved states carry their
history (events, every round's counted hands) a save costs twice what it
did; the "ci" profile's whole games at every other state keep CI within its
time."""


# --- Every reachable state saves and reloads --------------------------------------


@pytest.mark.slow
@given(whole_games())
def test_every_state_of_a_whole_game_saves_and_reloads_both_ways(
    walk: list[GameState],
) -> None:
    """Every state of random legal play, from the deal to the game over, reads back equal from its saved text and from its position."""
    last = walk[-1]
    event(f"{last.rules.name}, {'over' if last.is_over else 'not over'}")
    for game in some_states(walk, stride=WHOLE_GAME_STRIDE):
        text = dumps(game)
        loaded = loads(text)
        assert loaded == game, text
        assert dumps(loaded) == text
        position = game.position()
        assert game.rules.position(position) == game, position


# --- Saved states and positions no game can reach are refused ----------------------

S = TypeVar("S", bound=GameState)
V = TypeVar("V", bound=View)


def own(kind: type[S], game: GameState) -> S:
    """The game, as the state of its own game (for the type checker, and checked)."""
    assert isinstance(game, kind)
    return game


def seen(game: GameState, player: int, kind: type[V]) -> V:
    """A player's view of the game, as its own game's view."""
    view = game.view(player)
    assert isinstance(view, kind)
    return view


def decisive() -> EndOfThePageState:
    """End of the Page, the seed's worked example: player 0 owns meld 1, on which
    the dealer (player 1) laid 3D off, and the dealer owns meld 2 and floats."""
    game = read_position(
        "EndOfThePage | dealer 1 | wild 3 | face_up 3S | to_move 1 draw"
        " | hands 7D / 3S 3D 4C | melds 0: 4H 4D 3H=4 | pile 6C KC 9S QD"
        " | had_turn 0 1 | turns 3 | stock AC 10H +"
    )
    return own(
        EndOfThePageState, play(game, "take", "meld 4C 3S=5C 6C", "lay 3D=4 on 1")
    )


def claimable() -> FourteenHundredState:
    """1400, three players: player 0 discarded 7H, which fits player 2's run."""
    game = read_position(
        "FourteenHundred players=3 | wild 9 | to_move 1 draw | claim 7H@0"
        " | hands 2C 3C 4D / KS KD 8C / JD QD | melds 2: 4H 5H 6H | pile 7H 10S"
    )
    return own(FourteenHundredState, game)


def dropped_one() -> GoingOutState:
    """Going Out Rummy, three players: player 1 dropped out with 7 cards."""
    game = read_position(
        "GoingOutRummy players=3 | to_move 2 draw"
        " | hands 7S 7H 7D 8C 9C 10C KD / - / AS 2S 3S 4S 5S 6S 7S"
        " | dropped 1 | dropped_cards QH QS QD QC JH JS JD"
    )
    return own(GoingOutState, game)


def went_out() -> GoingOutState:
    """Going Out Rummy over: player 0 went out with two melds, discarding KD."""
    game = read_position(
        "GoingOutRummy | to_move 0 play"
        " | hands 7S 7H 7D 8C 9C 10C JC KD / AS 2S 4H 6D 8S 10H QC"
    )
    return own(GoingOutState, game.apply("out 7S 7H 7D / 8C 9C 10C JC discard KD"))


def left_alone() -> GoingOutState:
    """Going Out Rummy over: player 2 dropped too, so player 0 won (GOR-R3)."""
    return dropped_one().apply("2: drop")


def over(game: GameState, **changes: Any) -> GameState:
    """The game marked over, as a tampered save would mark it."""
    return game.replace(phase=Phase.OVER, to_move=None, **changes)


def with_meld(game: GameState, number: int, **changes: Any) -> GameState:
    """The game with one meld on the table changed (its owner, who played its cards)."""
    melds = list(game.melds)
    melds[number - 1] = attrs.evolve(melds[number - 1], **changes)
    return game.replace(melds=tuple(melds))


def wild_from_stock(game: GameState, field: str) -> GameState:
    """A card of the wild rank moved from the stock to the marker's place (F14-R3),
    or named as the face-up card (EOP-3) though it stays in the stock."""
    card = next(card for card in game.stock if card.rank is game.wild)
    if field == "face_up":
        return game.replace(face_up=card)
    stock = list(game.stock)
    stock.remove(card)
    return game.replace(stock=tuple(stock), marker=card)


def marker_on_stock() -> GameState:
    """1400 with the wild-rank card on the table (F14-R3), the card put back on the stock."""
    game = FourteenHundred(players=2, wild_card_dealt=False).new_game(seed=1)
    assert game.marker is not None
    return game.replace(marker=None, stock=(game.marker, *game.stock))


def face_up_with_marker() -> GameState:
    """1400 with the wild-rank card on the table, and a card of its rank in a hand named face up."""
    game = FourteenHundred(players=2, wild_card_dealt=False).new_game(seed=1)
    held = next(c for hand in game.hands for c in hand if c.rank is game.wild)
    return game.replace(face_up=held)


def eop(**options: Any) -> EndOfThePageState:
    return EndOfThePage(**options).new_game(seed=1)


def eop_over() -> EndOfThePageState:
    """End of the Page over: a page of one round, scored."""
    game = read_position(
        "EndOfThePage rounds=1 | wild 3 | over | hands 7D / 4C | pile 6C KC"
        " | sheet -5 -5"
    )
    return own(EndOfThePageState, game)


BASES: dict[str, Callable[[], GameState]] = {
    "decisive": decisive,
    "claimable": claimable,
    "dropped one": dropped_one,
    "went out": went_out,
    "left alone": left_alone,
    "eop over": eop_over,
}

# (what is wrong, the tampered state, the message, which positions give too)
TAMPERED: list[tuple[str, Callable[[], GameState], str]] = [
    (
        "GOR-7 a winner nobody made",
        lambda: over(dropped_one(), winner=0),
        "winner: player 0 neither went out nor was the last player left (GOR-7, GOR-R3)",
    ),
    (
        "GOR-R4 a game over with no winner and no reason",
        lambda: over(dropped_one()),
        "winner: the game is over with no winner, yet nobody went out, no turn limit",
    ),
    (
        "GOR-7 a winner who did not go out",
        lambda: went_out().replace(winner=1),
        "winner: player 0 went out, so won the game (GOR-7)",
    ),
    (
        "GOR-7 melds laid by a player who did not go out",
        lambda: went_out().replace(hands=went_out().hands[::-1], winner=None),
        "melds: melds are laid only to go out, and nobody went out (GOR-7)",
    ),
    (
        "GOR-R3 the last player left wins only under last_player_wins",
        lambda: left_alone().replace(
            rules=GoingOutRummy(players=3, last_player_wins=False)
        ),
        "winner: player 0 neither went out nor was the last player left",
    ),
    (
        "GOR-7 the melds of another player",
        lambda: with_meld(went_out(), 1, owner=1, played_by=(1, 1, 1)),
        "melds: player 0 went out, laying down their whole hand as their own melds",
    ),
    (
        "GOR-4 a card laid off in Going Out Rummy",
        lambda: with_meld(went_out(), 2, played_by=(0, 0, 1, 0)),
        "meld 2: nobody lays off in Going Out Rummy",
    ),
    (
        "GOR-10 cards out of play that nobody dropped",
        lambda: dropped_one().replace(
            dropped_cards=dropped_one().dropped_cards[1:],
            stock=(dropped_one().dropped_cards[0], *dropped_one().stock),
        ),
        "dropped_cards: 6 cards, but each player who drops out leaves 7 or 8 (GOR-10)",
    ),
    (
        "GOR-10 a player who dropped out to move",
        lambda: dropped_one().replace(to_move=1),
        "to_move: player 1 has dropped out (GOR-10)",
    ),
    (
        "GOR-R3 one player left, and the game going on",
        lambda: left_alone().replace(phase=Phase.DRAW, to_move=0, winner=None),
        "dropped: with one player left the game is over (GOR-R3)",
    ),
    (
        "EOP-9 a lay-off by a player who has not melded",
        lambda: with_meld(decisive(), 2, owner=0, played_by=(0, 0, 0)),
        "meld 1: player 1 laid a card off on it without a meld of their own (EOP-9)",
    ),
    (
        "MELD-6 a meld its owner did not lay",
        lambda: with_meld(decisive(), 1, played_by=(0, 1, 1, 1)),
        "meld 1: player 0 laid it, so at least 3 of its cards are theirs, not 1 (MELD-6)",
    ),
    (
        "EOP-14 a player out, and the round going on to one who has had a turn",
        lambda: decisive().replace(out=1),
        "had_turn: player 1 went out, so only players who have not had a turn play "
        "on, and player 0 has (EOP-14)",
    ),
    (
        "EOP-14 a player playing a turn they have not had",
        lambda: play(decisive(), "draw").replace(had_turn=(False, True)),
        "had_turn: player 0 is playing a turn, so has had one (EOP-14)",
    ),
    (
        "EOP-6 a turn under way in the draw phase",
        lambda: decisive().replace(
            turn=EndOfThePageTurn(taken=decisive().discard_pile[0])
        ),
        "turn: nothing has happened yet in a turn in the draw phase",
    ),
    (
        "EOP-17 a game over with a turn in progress",
        lambda: eop_over().replace(turn=EndOfThePageTurn(held_copy=True)),
        "over: a game over has no turn in progress",
    ),
    (
        "EOP-17 a game over before the page is full",
        lambda: eop_over().replace(rules=EndOfThePage(rounds=2)),
        "over: the game ends with the page, and only 1 of its 2 rounds are scored",
    ),
    (
        "ALL-5 turns at the turn limit",
        lambda: eop(max_turns=5).replace(turns=5),
        "turns: 5 turns have ended, and the limit of 5 ends the round (ALL-5)",
    ),
    (
        "GOR-R4 turns past the turn limit",
        lambda: GoingOutRummy(max_turns=5).new_game(seed=1).replace(turns=7),
        "turns: 7 turns have ended, and the limit of 5 ends the game (GOR-R4)",
    ),
    (
        "EOP-R4 a stock rebuilt under end_round",
        lambda: eop().replace(reshuffles=1),
        "reshuffles: under stock_out=end_round the stock is never rebuilt (EOP-R4)",
    ),
    (
        "EOP-3 a face-up card of another rank",
        lambda: eop().replace(
            face_up=next(c for c in eop().hand(0) if c.rank is not eop().wild),
        ),
        "face_up: ",
    ),
    (
        "EOP-3 a face-up card its holder does not hold",
        lambda: wild_from_stock(eop(), "face_up"),
        "face_up: ",
    ),
    (
        "F14-R3 no marker though the wild-rank card stays on the table",
        marker_on_stock,
        "marker: with wild_card_dealt=false the wild-rank card lies on the table",
    ),
    (
        "F14-R3 a marker though the wild-rank card is dealt",
        lambda: wild_from_stock(claimable(), "marker"),
        "marker: the wild-rank card is dealt to a player under these rules, so "
        "there is no marker (F14-R3)",
    ),
    (
        "F14-R3 a face-up card though the wild-rank card stays on the table",
        face_up_with_marker,
        "face_up: under these rules nobody is dealt the wild-rank card face up (F14-R3)",
    ),
    (
        "F14-12 a claim by the wrong discarder",
        lambda: claimable().replace(discarder=2),
        "claim: player 2 discarded 7H, so player 0 is to draw next (F14-12)",
    ),
    (
        "F14-13 a player out who holds cards",
        lambda: claimable().replace(out=2),
        "out: player 2 went out, so holds no cards",
    ),
    (
        "F14-6 turns ended before the first upcard is used",
        lambda: FourteenHundred().new_game(seed=1).replace(turns=1),
        "turns: the round opens on the first upcard, before any turn ends",
    ),
]
"""Each a state no play reaches. The one wide state all games first shared let more be tampered
with (a field a game never sets, and ``melded``, ``round``, ``scores`` and
``face_up_holder`` disagreeing with what settles them): each game's state now
has only its own fields, and those four are worked out, so no such state can
be built."""


@pytest.mark.parametrize("base", list(BASES))
def test_each_base_state_is_reachable(base: str) -> None:
    """The states tampered with below are accepted as they are, both ways."""
    game = BASES[base]()
    check_state(game)
    assert loads(dumps(game)) == game
    assert read_position(write_position(game)) == game


@pytest.mark.parametrize(
    ("tampered", "message"),
    [pytest.param(state, said, id=name) for name, state, said in TAMPERED],
)
def test_a_state_no_game_can_reach_is_refused_by_loads_and_positions(
    tampered: Callable[[], GameState], message: str
) -> None:
    state = tampered()
    with pytest.raises(StateError) as caught:
        check_state(state)
    assert str(caught.value).startswith(message), caught.value
    with pytest.raises(LoadError) as refused:
        loads(dumps(state))
    assert f"the state is not valid: {message}" in str(refused.value)
    text = write_position(state)
    with pytest.raises(PositionError) as wrong:
        read_position(text)
    assert str(wrong.value).startswith(message), text


VIEWS: list[tuple[str, Callable[[], View], str]] = [
    (
        "EOP-17 a round the score sheet does not lead to",
        lambda: attrs.evolve(seen(decisive(), 0, EndOfThePageView), round=3),
        "round: with 0 rows on the score sheet the round is 1, not 3 (EOP-17)",
    ),
    (
        "EOP-17 scores that are not the sheet's totals",
        lambda: attrs.evolve(seen(decisive(), 1, EndOfThePageView), scores=(5, 0)),
        "the scores [5, 0] are not the totals of the score sheet",
    ),
    (
        "EOP-17 winners before the game is over",
        lambda: attrs.evolve(seen(decisive(), 1, EndOfThePageView), winners=(0,)),
        "winners: once the game is over the best totals win, so the winners are []",
    ),
    (
        "EOP-3 a face-up card in another hand than the dealt one",
        lambda: attrs.evolve(seen(eop(), 1, EndOfThePageView), face_up_holder=1),
        "face_up_holder: the face-up card is in the hand of the player the deal gave "
        "it to, player 0",
    ),
    (
        "EOP-3 a face-up card its holder, this player, does not hold",
        lambda: attrs.evolve(
            seen(eop(), 0, EndOfThePageView),
            face_up=next(c for c in eop().stock if c.rank is eop().wild),
        ),
        "face_up: ",
    ),
    (
        "EOP-6 another player's turn shown",
        lambda: attrs.evolve(
            seen(play(decisive(), "take"), 1, EndOfThePageView),
            turn=EndOfThePageTurn(taken=decisive().discard_pile[0]),
        ),
        "turn: player 1 sees only their own turn, and it is not their turn",
    ),
    (
        "EOP-13 a player out who holds cards",
        lambda: attrs.evolve(seen(decisive(), 0, EndOfThePageView), out=0),
        "out: player 0 went out, so holds no cards",
    ),
    (
        "F14-12 a claim by the wrong discarder",
        lambda: attrs.evolve(seen(claimable(), 2, FourteenHundredView), discarder=2),
        "claim: player 2 discarded 7H, so player 0 is to draw next (F14-12)",
    ),
    (
        "F14-R3 a marker though the wild-rank card is dealt",
        lambda: attrs.evolve(
            seen(claimable(), 2, FourteenHundredView), marker=claimable().stock[0]
        ),
        "marker: the wild-rank card is dealt to a player under these rules",
    ),
    (
        "F14-15 a game going on past the target",
        lambda: attrs.evolve(
            seen(claimable(), 0, FourteenHundredView),
            score_sheet=((1400, 0, 0),),
            scores=(1400, 0, 0),
            round=2,
        ),
        "sheet: a player has reached 1400, so the game is over; write 'over' (F14-15)",
    ),
    (
        "GOR-10 a player who dropped out, holding cards",
        lambda: attrs.evolve(seen(dropped_one(), 0, GoingOutView), dropped=(0,)),
        "hand_sizes: player 0 dropped out, so holds no cards (GOR-10)",
    ),
    (
        "GOR-7 two winners",
        lambda: attrs.evolve(seen(went_out(), 1, GoingOutView), winners=(0, 1)),
        "winners: Going Out Rummy has one winner at most, not 2 (GOR-7)",
    ),
    (
        "GOR-7 a winner who did not go out",
        lambda: attrs.evolve(seen(went_out(), 1, GoingOutView), winners=(1,)),
        "winner: player 0 went out, so won the game (GOR-7)",
    ),
    (
        "GOR-3 a hand of another size",
        lambda: attrs.evolve(
            seen(dropped_one(), 0, GoingOutView), hand_sizes=(7, 0, 6)
        ),
        "hand_sizes: player 2 holds 6 cards; in the draw phase they hold 7",
    ),
]
"""Each a view no play shows: what each game shows checked against itself."""


@pytest.mark.parametrize(
    ("tampered", "message"),
    [pytest.param(view, said, id=name) for name, view, said in VIEWS],
)
def test_a_view_no_game_can_show_is_refused_by_loads(
    tampered: Callable[[], View], message: str
) -> None:
    view = tampered()
    with pytest.raises(StateError) as caught:
        check_view(view)
    assert str(caught.value).startswith(message), caught.value
    with pytest.raises(LoadError) as refused:
        loads(dumps(view))
    assert f"the view is not valid: {message}" in str(refused.value)


@pytest.mark.parametrize("base", list(BASES))
def test_every_view_of_each_base_state_is_accepted(base: str) -> None:
    """The views tampered with above are accepted as they are."""
    game = BASES[base]()
    for player in range(game.players):
        check_view(game.view(player))


def test_a_state_or_view_of_another_games_class_is_refused() -> None:
    """Each game's rules go with its own state and view classes, whatever reads them."""
    game = GoingOutRummy().new_game(seed=1)
    with pytest.raises(
        StateError,
        match=r"^End of the Page's states are EndOfThePageState, not GoingOutState$",
    ):
        check_state(game.replace(rules=EndOfThePage()))
    # Typed Any: a view's rules are its own game's; this breaks that on purpose.
    other: Any = EndOfThePage()
    with pytest.raises(
        StateError,
        match=r"^End of the Page's views are EndOfThePageView, not GoingOutView$",
    ):
        check_view(attrs.evolve(game.view(0), rules=other))
