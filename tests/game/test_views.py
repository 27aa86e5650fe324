"""What a player may see in End of the Page and 1400: their views, field by field.

In End of the Page and 1400 a player sees their own hand, the melds, the
whole discard pile (F14-5 spreads it; EOP-6 lets a player take from deep in
it), the exact size of the stock, the face-up wild card in its holder's hand
(EOP-3, F14-4) and 1400's marker (F14-R3). Other hands show only their sizes,
and cards another player took from the discard pile are not tracked: once in
a hand they are hidden like any card there (the documented choice). What
every game's views share (no hidden card shown, saved or not; the moves
listed) is checked for every registered game by the conformance suite
(``tests/conformance/test_hidden_cards.py``); Going Out Rummy's own views
(GOR-11) are pinned in ``test_going_out_properties.py``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from hypothesis import given
from hypothesis import strategies as st

from rummyrules import Card, GameState, StockSize
from rummyrules.core.hands import sorted_hand
from rummyrules.game.rummy500 import Rummy500View
from rummyrules.games.end_of_the_page.state import EndOfThePageState, EndOfThePageView
from rummyrules.games.fourteen_hundred.state import (
    FourteenHundredState,
    FourteenHundredView,
)
from scenarios import every_card
from strategies import (
    eop_tables,
    f14_tables,
    some_states,
    walks,
)

RUMMY_500_WALKS = st.one_of(walks(eop_tables()), walks(f14_tables()))
"""End of the Page and 1400 played at random: their views show the whole pile."""


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
        for altered, seers in visible_changes(game, player, rng):
            # The same last move, as everyone heard it: only the cards differ.
            changed = altered.with_events(game.events)
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
