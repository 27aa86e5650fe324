"""Property tests of cards and card text (MELD-1)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummyrules import WILDCARD, Card, CardParseError, Rank, Suit, parse_cards
from strategies import ALL_CARDS, STANDARD_CARDS, bad_tokens, card_texts, cards

SEPARATORS = st.sampled_from([" ", "  ", ",", ", ", " ,", "\t", "\n", " , "])


def test_there_are_52_cards_and_the_wildcard() -> None:
    assert len(set(STANDARD_CARDS)) == 52
    assert WILDCARD in ALL_CARDS
    assert WILDCARD.is_wildcard
    assert not any(card.is_wildcard for card in STANDARD_CARDS)


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_every_card_text_round_trips(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert Card.parse(str(card).lower()) == card


@given(cards())
def test_card_text_round_trips(card: Card) -> None:
    """Reading a card's text gives the card back: Card.parse(str(card)) == card."""
    assert Card.parse(str(card)) == card
    assert str(Card.parse(str(card))) == str(card)


@given(st.lists(cards()), st.data())
def test_parse_cards_round_trips(hand: list[Card], data: st.DataObject) -> None:
    """parse_cards reads back a sequence of cards from its text, whatever the separators, and from the cards or their texts."""
    text = ""
    for card in hand:
        text += data.draw(SEPARATORS) + str(card)
    text += data.draw(st.sampled_from(["", " ", ","]))
    assert parse_cards(text) == tuple(hand)
    assert parse_cards(hand) == tuple(hand)
    assert parse_cards([str(card) for card in hand]) == tuple(hand)
    mixed = [card if data.draw(st.booleans()) else str(card) for card in hand]
    assert parse_cards(mixed) == tuple(hand)


@given(st.data())
def test_card_text_is_case_free_and_takes_signs_and_t(data: st.DataObject) -> None:
    """Every spelling of a card (any case, T or 10, S H D C or ♠ ♥ ♦ ♣, spaces around) reads as that card."""
    card = data.draw(cards(), label="card")
    text = data.draw(card_texts(card), label="text")
    assert Card.parse(text) == card
    assert parse_cards(text) == (card,)


@given(st.sampled_from(Rank), st.sampled_from(Suit))
def test_rank_and_suit_text_round_trip(rank: Rank, suit: Suit) -> None:
    """A rank's and a suit's text, or a suit's sign, reads back as itself."""
    assert Rank.parse(str(rank)) is rank
    assert Rank.parse(str(rank).lower()) is rank
    assert Suit.parse(str(suit)) is suit
    assert Suit.parse(suit.symbol) is suit
    assert Card.parse(f"{rank}{suit.symbol}") == Card(rank=rank, suit=suit)


@given(bad_tokens(), st.sampled_from(["", " ", "  "]))
def test_bad_card_text_is_refused_and_quoted(token: str, space: str) -> None:
    """Text that is no card raises CardParseError, and the message quotes it."""
    with pytest.raises(CardParseError) as raised:
        Card.parse(space + token + space)
    assert repr(token) in str(raised.value)


@given(st.lists(cards()), bad_tokens(), st.lists(cards()))
def test_parse_cards_quotes_the_bad_token(
    before: list[Card], token: str, after: list[Card]
) -> None:
    """parse_cards refuses text with a token that is no card, and its message quotes that token."""
    text = " ".join([*map(str, before), token, *map(str, after)])
    with pytest.raises(CardParseError) as raised:
        parse_cards(text)
    assert repr(token) in str(raised.value)
    with pytest.raises(CardParseError) as raised:
        parse_cards([*before, token, *after])
    assert repr(token) in str(raised.value)
