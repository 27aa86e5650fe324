"""What a player may see: views of End of the Page and 1400, and saved views of every variant.

In End of the Page and 1400 a player sees their own hand, the melds, the
whole discard pile (F14-5 spreads it; EOP-6 lets a player take from deep in
it), the exact size of the stock, the face-up wild card in its holder's hand
(EOP-3, F14-4) and 1400's marker (F14-R3). Other hands show only their sizes,
and cards another player took from the discard pile are not tracked: once in
a hand they are hidden like any card there (the documented choice). Going
Out Rummy's views (GOR-11) have their own properties in
``test_going_out_properties.py``; here every variant's saved view is read
back card by card.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Iterator

from hypothesis import given
from hypothesis import strategies as st

from rummyrules import (
    Card,
    GameState,
    StockSize,
    dumps,
    loads,
)
from rummyrules.core.hands import sorted_hand
from rummyrules.game.rummy500 import Rummy500State, Rummy500View
from rummyrules.games.end_of_the_page.state import EndOfThePageState, EndOfThePageView
from rummyrules.games.fourteen_hundred.state import (
    FourteenHundredState,
    FourteenHundredView,
)
from scenarios import every_card
from strategies import (
    VALID_TOKENS,
    eop_tables,
    f14_tables,
    gor_games,
    some_states,
    walks,
)

RUMMY_500_WALKS = st.one_of(walks(eop_tables()), walks(f14_tables()))
"""End of the Page and 1400 played at random: their views show the whole pile."""
ANY_WALKS = st.one_of(RUMMY_500_WALKS, gor_games().map(lambda game: [game]))
"""Every variant, Going Out Rummy with its stock worn down (GOR-9, GOR-11)."""


Rummy500Game = EndOfThePageState | FourteenHundredState
"""A game of End of the Page or 1400: a turn record, a face-up card."""


def rummy_500(game: GameState) -> Rummy500Game:
    """The game, as End of the Page's or 1400's own state."""
    assert isinstance(game, EndOfThePageState | FourteenHundredState)
    return game


def claim_of(game: GameState) -> Card | None:
    """The discard that may be claimed, in a game that has claims (1400, F14-12)."""
    return game.claim if isinstance(game, FourteenHundredState) else None


def pinned(game: Rummy500Game, player: int) -> Counter[Card]:
    """Cards of a player's hand that the state names elsewhere, so must stay there.

    The face-up wild card in its holder's hand (EOP-3, F14-4), and the whole
    hand of the player to move once their turn has taken a card from the
    discard pile: the card they may not discard again (EOP-R3) or must still
    play (EOP-6, F14-9), and the cards that let them take it.
    """
    hand = Counter(game.hand(player))
    if player == game.to_move and game.turn != type(game.turn)():
        return hand
    named: Counter[Card] = Counter()
    if game.face_up is not None and game.face_up_holder == player:
        named[game.face_up] += 1
    return named & hand


def hidden_dealt_anew(game: Rummy500Game, keep: int, rng: random.Random) -> GameState:
    """The game with every card ``keep`` may not see gathered, shuffled and dealt back.

    The stock and every other player's hand, but for the cards the state
    names elsewhere (:func:`pinned`). Each hand keeps its size and the stock
    its exact count, which the player may see; the stock's order and the
    seed, which orders later reshuffles, are new.
    """
    others = [p for p in range(game.players) if p != keep]
    kept = {p: pinned(game, p) for p in others}
    pool = list(game.stock)
    for player in others:
        pool += (Counter(game.hand(player)) - kept[player]).elements()
    rng.shuffle(pool)
    stock, pool = pool[: len(game.stock)], pool[len(game.stock) :]
    hands = list(game.hands)
    for player in others:
        count = len(hands[player]) - kept[player].total()
        hands[player] = sorted_hand([*kept[player].elements(), *pool[:count]])
        pool = pool[count:]
    assert not pool
    return game.replace(
        seed=rng.randrange(2**40), stock=tuple(stock), hands=tuple(hands)
    )


@given(RUMMY_500_WALKS, st.randoms(use_true_random=False))
def test_no_view_shows_other_hands_or_the_stock_order(
    walk: list[GameState], rng: random.Random
) -> None:
    """Two states that differ only in other players' hands (of equal sizes), the stock's order and the seed look the same to the player."""
    for game in map(rummy_500, some_states(walk)):
        for player in {rng.randrange(game.players), game.to_move or 0}:
            other = hidden_dealt_anew(game, player, rng)
            assert every_card(other) == every_card(game)
            assert loads(dumps(other)) == other  # a state the checks on load accept
            assert other.view(player) == game.view(player)


def swapped_with_stock(
    game: GameState, where: str, index: int, rng: random.Random
) -> GameState | None:
    """The game with one card of a hand or of the pile swapped for an unlike stock card.

    ``where`` is ``"pile"`` or a player's number as text. None when the
    stock holds no card unlike it.
    """
    stock = list(game.stock)
    cards = list(game.discard_pile if where == "pile" else game.hand(int(where)))
    unlike = [i for i, card in enumerate(stock) if card != cards[index]]
    if not unlike:
        return None
    at = rng.choice(unlike)
    stock[at], cards[index] = cards[index], stock[at]
    if where == "pile":
        return game.replace(stock=tuple(stock), discard_pile=tuple(cards))
    hands = list(game.hands)
    hands[int(where)] = sorted_hand(cards)
    return game.replace(stock=tuple(stock), hands=tuple(hands))


@given(RUMMY_500_WALKS, st.randoms(use_true_random=False))
def test_a_player_sees_their_hand_the_whole_pile_and_the_stock_count(
    walk: list[GameState], rng: random.Random
) -> None:
    """A view shows the player's own hand, the melds, the whole discard pile, the exact stock count and the face-up cards; a change to the hand shows only to its player, a change anywhere in the pile or to the stock count shows to everyone."""
    for game in map(rummy_500, some_states(walk)):
        for player in range(game.players):
            check_what_the_player_sees(game, player)
        player = rng.randrange(game.players)
        for changed, seers in visible_changes(game, player, rng):
            assert every_card(changed) == every_card(game)
            for seer in range(game.players):
                assert (changed.view(seer) != game.view(seer)) == (seer in seers)


def check_what_the_player_sees(game: Rummy500Game, player: int) -> None:
    """The view shows all that End of the Page and 1400 lay open, as it is in the state."""
    view = game.view(player)
    assert type(view) is game.rules.view_class
    assert isinstance(view, Rummy500View)
    assert view.player == player
    assert view.hand == game.hand(player)
    assert view.hand_sizes == tuple(map(len, game.hands))
    assert view.melds == game.melds
    assert view.discard_pile == game.discard_pile
    assert view.stock_count == len(game.stock)
    assert view.stock_size is StockSize.of(len(game.stock))
    assert (view.face_up, view.face_up_holder) == (game.face_up, game.face_up_holder)
    turn = (
        view.turn if isinstance(view, EndOfThePageView | FourteenHundredView) else None
    )
    assert turn == (game.turn if player == game.to_move else type(game.turn)())
    assert (view.round, view.wild, view.out) == (game.round, game.wild, game.out)
    assert (view.scores, view.score_sheet) == (game.scores, game.score_sheet)
    if isinstance(game, FourteenHundredState):
        assert isinstance(view, FourteenHundredView)
        assert view.marker == game.marker
        assert (view.claim, view.discarder) == (game.claim, game.discarder)
    assert (view.phase, view.to_move, view.winners) == (
        game.phase,
        game.to_move,
        game.winners,
    )


def visible_changes(
    game: Rummy500Game, player: int, rng: random.Random
) -> Iterator[tuple[GameState, set[int]]]:
    """Changes to what players may see, each with the players who may see it.

    A card of the player's own hand (not one the state names elsewhere)
    swapped with the stock: only that player sees it. A card anywhere in the
    pile swapped with the stock (not a claimable top discard), and the stock
    one card shorter with the pile one longer: everyone sees those.
    """
    everyone = set(range(game.players))
    free = Counter(game.hand(player)) - pinned(game, player)
    if free:
        card = rng.choice(sorted_hand(free.elements()))
        where = game.hand(player).index(card)
        changed = swapped_with_stock(game, str(player), where, rng)
        if changed is not None:
            yield changed, {player}
    claimable = claim_of(game) is not None  # the claim is the top discard: keep it
    if len(game.discard_pile) > claimable:
        deep = rng.randrange(int(claimable), len(game.discard_pile))
        changed = swapped_with_stock(game, "pile", deep, rng)
        if changed is not None:
            yield changed, everyone
    if game.stock:
        # The stock's bottom card moved to the bottom of the pile.
        stock, pile = game.stock, game.discard_pile
        yield (
            game.replace(stock=stock[:-1], discard_pile=(*pile, stock[-1])),
            everyone,
        )


@given(ANY_WALKS)
def test_a_view_lists_the_moves_its_player_may_make(walk: list[GameState]) -> None:
    """The view of the player to move lists exactly the legal moves; any other player's view lists the moves that player may make out of turn."""
    for game in some_states(walk):
        for player in range(game.players):
            view = game.view(player)
            if player == game.to_move:
                assert view.legal_moves == game.legal_moves()
            else:
                assert view.legal_moves == game.legal_moves(player=player)
            saved = json.loads(dumps(view))["data"]["legal_moves"]
            assert saved == [str(move) for move in view.legal_moves]


# --- Saved views: no card the player may not know -----------------------------


def known_cards(game: GameState, player: int) -> Counter[Card]:
    """Every card the player may know of, worked out from the state (not the view).

    Their own hand, the melds on the table, the discard pile (in Going Out
    Rummy its top card only, GOR-11), the face-up wild card in another
    player's hand and 1400's marker.
    """
    hides_pile = game.rules.hides_piles
    known = Counter(game.hand(player))
    known.update(game.discard_pile[:1] if hides_pile else game.discard_pile)
    for meld in game.melds:
        known.update(meld.cards)
    if isinstance(game, FourteenHundredState) and game.marker is not None:
        known[game.marker] += 1
    if isinstance(game, Rummy500State) and game.face_up is not None:
        known[game.face_up] += game.face_up_holder != player
    return known


def strings_in(node: object) -> Iterator[str]:
    """Every string anywhere in parsed JSON: keys, values, list items."""
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for key, value in node.items():
            yield key
            yield from strings_in(value)
    elif isinstance(node, list):
        for item in node:
            yield from strings_in(item)


CARDS_BY_TEXT = {text: Card.parse(text) for text in VALID_TOKENS}
"""Every way to write a card (upper case), and the card it names."""


def cards_in(text: str | None) -> Counter[Card]:
    """The cards a string names, by any word that reads as a card (in any spelling).

    A declared wild (``5H=8S``, ``3S=4``) names the card itself; what it
    stands for is no card anyone holds, so it is not counted.
    """
    found: Counter[Card] = Counter()
    for word in re.split(r"[\s/]+", text or ""):
        card = CARDS_BY_TEXT.get(word.split("=", 1)[0].upper())
        if card is not None:
            found[card] += 1
    return found


@given(ANY_WALKS)
def test_a_saved_view_holds_no_card_its_player_may_not_know(
    walk: list[GameState],
) -> None:
    """No string anywhere in a saved view names a card, or more copies of a card, than its player may know of; the hand, melds, pile, marker and face-up card it shows are exactly those."""
    for game in some_states(walk):
        check_saved_views(game)


def check_saved_views(game: GameState) -> None:
    """Every player's saved view, card by card, against what the state says they may know."""
    for player in range(game.players):
        known = known_cards(game, player)
        data = json.loads(dumps(game.view(player)))["data"]
        for text in strings_in(data):
            found = cards_in(text)
            assert found <= known, f"player {player} sees {found - known} in {text!r}"
        shown = cards_in(data["hand"]) + cards_in(data["discard_pile"])
        shown += cards_in(data.get("marker"))  # each game's view has its own fields
        for meld in data["melds"]:
            shown += cards_in(meld["meld"]["cards"])
        if data.get("face_up_holder") != player:
            shown += cards_in(data.get("face_up"))
        assert shown == known
