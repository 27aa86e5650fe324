"""Hidden cards, in every registered game: what a view shows, and what it never shows.

A player may know their own hand, the melds on the table, the discard pile
(in Going Out Rummy only its top card, GOR-11) and whatever the game lays
face up besides, which its strategy names (``strategy.shown``: the face-up
wild card of End of the Page and 1400, 1400's marker). No view, and no saved
view, shows any other card; and views of two states that differ only in the
cards a player may not see are equal. A game's own views are pinned by its
own tests (``tests/game/test_views.py``,
``tests/games/going_out/test_going_out_properties.py``).
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from conformance import GAMES, IDS, PER_GAME
from rummyrules import (
    Card,
    GameState,
    LoadError,
    PlayableRules,
    View,
    dumps,
    loads,
)
from rummyrules.core.hands import sorted_hand
from rummyrules.game.strategy import strategy_of
from scenarios import every_card
from strategies import VALID_TOKENS, game_walks, some_states

BASE_FIELDS = frozenset(field.name for field in attrs.fields(GameState))
"""The fields every game's state has; a game's own fields are the others."""
VIEW_FIELDS = frozenset(field.name for field in attrs.fields(View))
"""The fields every game's view has."""
HISTORY = frozenset({"events", "round_results"})
"""The fields of a view that tell how the game came to be, not how it stands."""


def named_cards(value: object) -> Iterator[Card]:
    """Every card a value names: itself, or in its items, or in its attrs fields."""
    if isinstance(value, Card):
        yield value
    elif isinstance(value, tuple | list):
        for item in value:
            yield from named_cards(item)
    else:  # an attrs value (a turn record) names the cards of its fields
        for field in getattr(type(value), "__attrs_attrs__", ()):
            yield from named_cards(getattr(value, field.name))


def pinned(game: GameState, player: int) -> Counter[Card]:
    """Cards of a player's hand that the state names in the game's own fields, so must stay there.

    The face-up wild card in its holder's hand (EOP-3, F14-4), any card the
    game shows face up in a hand (its strategy's ``shown``), or the cards
    the turn in progress names (the card taken, which must still be played,
    F14-9, or which needs two cards held, EOP-6). Where they are in the hand
    of the player to move, the whole hand stays: what they may still do this
    turn turns on it.
    """
    named: Counter[Card] = Counter()
    for field in attrs.fields(type(game)):
        if field.name not in BASE_FIELDS:
            named.update(named_cards(getattr(game, field.name)))
    # Cards everyone saw a player take from the pile stay in that hand.
    if game.known:
        named.update(game.known[player])
    # What the game lays face up stays where it is seen (Gin Rummy's hands
    # once the knock is down, GIN-6).
    named.update(
        shown.card
        for shown in strategy_of(game.rules).shown(game)
        if shown.holder == player
    )
    hand = Counter(game.hand(player))
    if player == game.to_move and named & hand:
        return hand
    return named & hand


def hidden_dealt_anew(
    game: GameState,
    keep: int,
    rng: random.Random,
    *,
    mover_too: bool = False,
    hands_too: bool = False,
) -> GameState:
    """The game with every card ``keep`` may not see gathered, shuffled and dealt back.

    The stock and every other player's hand, but for the cards the state
    names elsewhere (:func:`pinned`), and with ``mover_too`` the whole hand
    of the player to move; with ``hands_too`` only the stock. Each hand keeps its size and the stock its exact
    count, which the player may see; the stock's order and the seed, which
    orders later reshuffles, are new.
    """
    others = [p for p in range(game.players) if p != keep]
    kept = {p: pinned(game, p) for p in others}
    if mover_too and game.to_move in kept:
        kept[game.to_move] = Counter(game.hand(game.to_move))
    if hands_too:
        kept = {p: Counter(game.hand(p)) for p in others}
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
    # The same history as the player heard it: what they may know of the
    # last move is the same, whatever the hidden cards are.
    return game.replace(
        seed=rng.randrange(2**40), stock=tuple(stock), hands=tuple(hands)
    ).with_events(game.events)


def accepted(game: GameState) -> bool:
    """Whether the checks on load accept the state."""
    try:
        loads(dumps(game))
    except LoadError:
        return False
    return True


@pytest.mark.parametrize("cls", GAMES, ids=IDS)
@PER_GAME
@given(data=st.data(), rng=st.randoms(use_true_random=False))
def test_no_view_shows_other_hands_or_the_stock_order(
    cls: type[PlayableRules[Any]], data: st.DataObject, rng: random.Random
) -> None:
    """Two states that differ only in other players' hands (of equal sizes), the stock's order and the seed look the same to the player."""
    for game in some_states(data.draw(game_walks(cls))):
        for player in {rng.randrange(game.players), game.to_move or 0}:
            other = hidden_dealt_anew(game, player, rng)
            for _ in range(20):
                if accepted(other):
                    break
                # What the player sees may rule a deal out: a knock declared
                # bounds the knocker's hand, who is to move (GIN-5). Their
                # hand stays; the rest is dealt anew, and must be accepted.
                # At the deal each hand holds a card that dealt its size
                # (EOP-2, F14-3), which a new deal may lose: try again.
                other = hidden_dealt_anew(game, player, rng, mover_too=True)
            else:
                other = hidden_dealt_anew(game, player, rng, hands_too=True)
            assert every_card(other) == every_card(game)
            assert loads(dumps(other)) == other  # a state the checks on load accept
            assert other.view(player) == game.view(player)


@pytest.mark.parametrize("cls", GAMES, ids=IDS)
@PER_GAME
@given(data=st.data())
def test_a_view_lists_the_moves_its_player_may_make(
    cls: type[PlayableRules[Any]], data: st.DataObject
) -> None:
    """The view of the player to move lists exactly the legal moves; any other player's view lists the moves that player may make out of turn."""
    for game in some_states(data.draw(game_walks(cls))):
        for player in range(game.players):
            view = game.view(player)
            assert type(view) is game.rules.view_class
            if player == game.to_move:
                assert view.legal_moves == game.legal_moves()
            else:
                assert view.legal_moves == game.legal_moves(player=player)
            saved = json.loads(dumps(view))["data"]["legal_moves"]
            assert [move["text"] for move in saved] == list(map(str, view.legal_moves))


# --- Saved views: no card the player may not know -----------------------------


def known_cards(game: GameState, player: int) -> Counter[Card]:
    """Every card the player may know of, worked out from the state (not the view).

    Their own hand, the melds on the table, the discard pile (in Going Out
    Rummy its top card only, GOR-11), and what the game lays face up outside
    the player's own hand (the face-up wild card in another hand, 1400's
    marker), as the game's strategy names it, and the cards others are known
    to hold, taken face up from the pile.
    """
    known = Counter(game.hand(player))
    for other, cards in enumerate(game.known):
        if other != player:
            known.update(cards)
    known.update(face_up_pile(game))
    for meld in game.melds:
        known.update(meld.cards)
    known.update(shown_to(game, player))
    return known


def face_up_pile(game: GameState) -> tuple[Card, ...]:
    """The discard pile as far as anyone may see it (GOR-11)."""
    return game.discard_pile[:1] if game.rules.hides_piles else game.discard_pile


def shown_to(game: GameState, player: int) -> Counter[Card]:
    """The cards lying face up outside the melds and the pile, but in the player's own hand."""
    shown = strategy_of(game.rules).shown(game)
    return Counter(each.card for each in shown if each.holder != player)


def strings_in(node: object) -> Iterator[str]:
    """Every string anywhere in parsed JSON: keys, values, list items.

    But what a move's wilds are ``declared`` to stand for: no card anyone
    holds, as in ``5H=8S`` (see :func:`cards_in`).
    """
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for key, value in node.items():
            yield key
            if key != "declared":
                yield from strings_in(value)
    elif isinstance(node, list):
        for item in node:
            yield from strings_in(item)


CARDS_BY_TEXT = {text: Card.parse(text) for text in VALID_TOKENS}
"""Every way to write a card (upper case), and the card it names."""


def cards_in(text: str | list[str] | None) -> Counter[Card]:
    """The cards a string (or a list of card texts) names, by any word that reads as a card (in any spelling).

    A declared wild (``5H=8S``, ``3S=4``) names the card itself; what it
    stands for is no card anyone holds, so it is not counted.
    """
    if isinstance(text, list):
        return sum(map(cards_in, text), Counter())
    found: Counter[Card] = Counter()
    for word in re.split(r"[\s/]+", text or ""):
        card = CARDS_BY_TEXT.get(word.split("=", 1)[0].upper())
        if card is not None:
            found[card] += 1
    return found


@pytest.mark.parametrize("cls", GAMES, ids=IDS)
@PER_GAME
@given(data=st.data())
def test_a_saved_view_holds_no_card_its_player_may_not_know(
    cls: type[PlayableRules[Any]], data: st.DataObject
) -> None:
    """No string anywhere in a saved view names a card, or more copies of a card, than its player may know of; its hand, melds and pile are exactly those of the state, and what lies face up is in the game's own fields."""
    for game in some_states(data.draw(game_walks(cls))):
        check_saved_views(game)


def check_saved_views(game: GameState) -> None:
    """Every player's saved view, card by card, against what the state says they may know."""
    for player in range(game.players):
        known = known_cards(game, player)
        data = json.loads(dumps(game.view(player)))["data"]
        # The history (the last move's events, the counted rounds) names cards
        # as they were seen to move, which the state alone cannot say: its own
        # leak property is in test_events.py.
        now = {name: value for name, value in data.items() if name not in HISTORY}
        for text in strings_in(now):
            found = cards_in(text)
            assert found <= known, f"player {player} sees {found - known} in {text!r}"
        shown = cards_in(data["hand"]) + cards_in(data["discard_pile"])
        for meld in data["melds"]:
            shown += cards_in(meld["meld"]["cards"])
        table = Counter(game.hand(player)) + Counter(face_up_pile(game))
        for meld in game.melds:
            table.update(meld.cards)
        assert shown == table
        own: Counter[Card] = Counter()
        for name, value in data.items():
            if name not in VIEW_FIELDS:
                for text in strings_in(value):
                    own += cards_in(text)
        assert shown_to(game, player) <= own
