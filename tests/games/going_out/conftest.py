"""Going Out Rummy's scenarios' deals, shared by the files here.

Positions are dealt from stacked decks written as card text. With dealer 0
and two players, the deck's cards 0, 2, 4, … go to player 1 (who plays
first) and 1, 3, 5, … to player 0; :func:`new` does that interleaving from
each player's hand.
"""

from collections import Counter

from rummyrules import GameState, GoingOutRummy, GoingOutState, parse_cards
from scenarios import every_card, listed

TWO = GoingOutRummy()
THREES = GoingOutRummy(hand_size=3, wildcards=9)


def new(
    rules: GoingOutRummy,
    *hands: str,
    stock: str = "",
    dealer: int = 0,
    seed: int = 0,
) -> GoingOutState:
    """Deal ``hands[p]`` to player p, one card at a time from the dealer's left.

    ``stock`` names the top of the stock; the rest follows in deck order.
    """
    cards = [parse_cards(hand) for hand in hands]
    assert len(cards) == rules.players
    assert all(len(hand) == rules.hand_size for hand in cards)
    first = (dealer + 1) % rules.players
    order = [
        cards[(first + seat) % rules.players][index]
        for index in range(rules.hand_size)
        for seat in range(rules.players)
    ]
    top = " ".join([*map(str, order), stock])
    return rules.new_game(deck=rules.stacked_deck(top), dealer=dealer, seed=seed)


def outs(game: GameState) -> list[str]:
    return [move for move in listed(game) if move.startswith("out")]


def whole_deck(game: GameState) -> bool:
    return every_card(game) == Counter(game.rules.deck())
