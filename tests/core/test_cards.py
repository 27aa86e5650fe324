"""Card text and decks (MELD-1)."""

import pytest

from rummyrules import (
    WILDCARD,
    Card,
    CardParseError,
    EndOfThePage,
    Rank,
    Suit,
    make_deck,
    parse_cards,
)


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("AS", Rank.ACE, Suit.SPADES),
        ("10h", Rank.TEN, Suit.HEARTS),
        ("Th", Rank.TEN, Suit.HEARTS),
        ("qd", Rank.QUEEN, Suit.DIAMONDS),
        ("7♣", Rank.SEVEN, Suit.CLUBS),
        ("K♠", Rank.KING, Suit.SPADES),
        ("2♡", Rank.TWO, Suit.HEARTS),
        (" j♦ ", Rank.JACK, Suit.DIAMONDS),
    ],
)
def test_meld_1_card_text(text: str, rank: Rank, suit: Suit) -> None:
    assert Card.parse(text) == Card(rank=rank, suit=suit)


def test_meld_1_str_writes_ten_as_10() -> None:
    assert str(Card.parse("TS")) == "10S"
    assert [str(card) for card in parse_cards("as kh 2c")] == ["AS", "KH", "2C"]


def test_meld_1_wildcard_text() -> None:
    assert Card.parse("*") is WILDCARD
    assert WILDCARD.is_wildcard
    assert str(WILDCARD) == "*"
    assert repr(WILDCARD) == "WILDCARD"
    assert WILDCARD.rank is None
    assert WILDCARD.suit is None


@pytest.mark.parametrize("token", ["1S", "11H", "7X", "S7", "", "**", "7", "10"])
def test_meld_1_bad_card_text_quotes_the_token(token: str) -> None:
    with pytest.raises(CardParseError) as caught:
        Card.parse(token)
    assert repr(token.strip()) in str(caught.value)


def test_meld_1_bad_token_in_a_list_is_named() -> None:
    with pytest.raises(CardParseError, match="'8X' is not a card"):
        parse_cards("7S 8X 9S")


def test_meld_1_card_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="not a card"):
        Card.parse("ZZ")


def test_meld_1_card_needs_both_rank_and_suit_or_neither() -> None:
    with pytest.raises(CardParseError, match="both a rank and a suit"):
        Card(rank=Rank.ACE, suit=None)


def test_meld_1_parse_cards_takes_cards_and_text() -> None:
    seven = Card(rank=Rank.SEVEN, suit=Suit.SPADES)
    assert parse_cards([seven, "8S", "*"]) == (seven, Card.parse("8S"), WILDCARD)
    assert parse_cards("7S,8S , 9S") == parse_cards("7S 8S 9S")


def test_meld_1_deck_order_is_fixed() -> None:
    deck = make_deck()
    assert len(deck) == len(set(deck)) == 52
    assert [str(card) for card in deck[:3]] == ["AS", "2S", "3S"]
    assert str(deck[-1]) == "KC"
    assert make_deck(decks=2, wildcards=1)[-1] is WILDCARD


def test_meld_1_one_object_for_each_distinct_card() -> None:
    deck = make_deck(decks=3, wildcards=4)
    assert len({id(card) for card in deck}) == 53
    assert Card(rank=Rank.SEVEN, suit=Suit.HEARTS) is Card.parse("7h")
    assert Card(rank=None, suit=None) is WILDCARD


def test_meld_1_cards_sort_in_the_order_the_library_shows_them() -> None:
    # Rank first (Ace low), then suit S H D C, WILDCARDs last.
    shuffled = parse_cards("* KC 2S AH AS 10D 10S")
    assert sorted(shuffled) == list(parse_cards("AS AH 2S 10S 10D KC *"))


def test_meld_1_a_card_stays_a_value() -> None:
    card = Card.parse("QS")
    with pytest.raises(AttributeError):
        card.rank = Rank.KING
    assert card.rank is Rank.QUEEN
    assert f"{card}" == str(card) == "QS"


def test_meld_1_a_card_is_not_taken_for_a_seed_or_a_player() -> None:
    # A card is a small int inside the library; it is still no seed or player.
    card = Card.parse("AS")
    with pytest.raises(TypeError, match="seed must be"):
        EndOfThePage().new_game(seed=card)
    with pytest.raises(TypeError, match="player must be"):
        EndOfThePage().new_game(seed=1).legal_moves(player=card)
