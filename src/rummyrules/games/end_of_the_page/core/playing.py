"""End of the Page's moves played on the core value, as :mod:`..plays` plays them on a state.

Each function takes a core value and gives the next one, a new tuple; the
old one stays valid. What a move does is the turn machine's, move for move
(EOP-5 … EOP-17), on bits: a state made by actions equals the state
``apply`` makes. The end of a round, once a round, is played by the
library's own scoring and deal on a state built for it (EOP-16, EOP-17,
EOP-R1), so that the seed's later shuffles are the library's.

>>> from rummyrules import EndOfThePage
>>> from rummyrules.games.end_of_the_page.core.codes import DRAW
>>> from rummyrules.games.end_of_the_page.core.layout import encode, fields
>>> game = EndOfThePage().new_game(seed=3)
>>> fields(play(encode(game), DRAW, 1))["hands"] == game.apply("draw").hands
True
"""

from __future__ import annotations

from typing import Any, Final

from rummyrules.core.cards import BY_CODE, Card
from rummyrules.core.options import StockOut
from rummyrules.core.shuffle import shuffled
from rummyrules.game.results import RoundResult
from rummyrules.game.state import Phase
from rummyrules.game.table import TableMeld
from rummyrules.games.end_of_the_page import plays
from rummyrules.games.end_of_the_page.core.cards import (
    REPL,
    Hand,
    added,
    cards_of,
    rank_of,
    removed,
)
from rummyrules.games.end_of_the_page.core.codes import (
    DISCARD,
    DRAW,
    KINDS,
    LAY,
    TAKE,
    meld_of,
)
from rummyrules.games.end_of_the_page.core.fits import TableFits, card_lays, with_meld
from rummyrules.games.end_of_the_page.core.layout import (
    DEALER,
    FACE_UP,
    HAD_TURN,
    HANDS,
    KNOWN,
    MELDS,
    OUT,
    PHASE,
    PILE,
    RESHUFFLES,
    RESULTS,
    RULES,
    SEED,
    SHEET,
    STOCK,
    STOCK_AT,
    TABLE,
    TO_MOVE,
    TURN,
    TURNS,
    WILD,
    WILD_RANK,
    Turn,
    encode,
)
from rummyrules.melds.codes import code_meld

__all__ = ["play"]

# The phases read once: an enum member read off its class costs as much
# as a small listing step.
_PLAY: Final = Phase.PLAY
_DRAW: Final = Phase.DRAW
_OVER: Final = Phase.OVER
_ACES: Final = (1 << 14) * REPL  # the core's card bits of each rank, in every suit
_EIGHT_TO_KING: Final = 0x3F00 * REPL
_THREE_TO_SEVEN: Final = 0x00F8 * REPL
_DECKS: dict[Any, tuple[Card, ...]] = {}
"""Each rules' deck, made once: the seed's shuffle of it deals each round (EOP-R1)."""
_DECK_LIMIT: Final = 64


def play(core: tuple[Any, ...], action: int, player: int) -> tuple[Any, ...]:
    """The core value after ``player`` takes ``action``, one listed for them.

    What is known of the hands (cards taken face up, ALL-3) is brought up
    to date as :meth:`~rummyrules.GameState.apply` does.
    """
    kind = action & KINDS
    new = list(core)
    if kind == DISCARD:
        card = BY_CODE[action >> 3]
        _discard(new, card, player)
        return _played(core, new, player, (card,))
    if kind == DRAW:
        _draw(new, player)
        return _played(core, new, player, ())
    if kind == TAKE:
        gained = _take(new, action >> 3, player)
        return _taken(core, new, player, gained)
    if kind == LAY:
        card = BY_CODE[action >> 3 & 63]
        _lay_off(new, action, card, player)
        return _played(core, new, player, (card,))
    return _played(core, new, player, _meld(new, action, player))


# --- The draw (EOP-5, EOP-6, EOP-R4) ---------------------------------------------


def _draw(new: list[Any], player: int) -> None:
    stock: tuple[Card, ...] = new[STOCK]
    at: int = new[STOCK_AT]
    if at >= len(stock):
        how: StockOut = new[RULES].stock_out
        pile: tuple[Card, ...] = new[PILE]
        if how is StockOut.END_ROUND or len(pile) < 2:
            _end_round(new)  # EOP-R4: nothing left to draw
            return
        rest = pile[1:]
        reshuffles: int = new[RESHUFFLES] + 1
        if how is StockOut.RESHUFFLE:
            rounds = len(new[SHEET]) + 1
            stock = shuffled(rest, new[SEED], "round", rounds, "reshuffle", reshuffles)
        else:
            stock = tuple(reversed(rest))  # the pile turned over
        at = 0
        new[STOCK] = stock
        new[PILE] = pile[:1]
        new[RESHUFFLES] = reshuffles
    hands = list(new[HANDS])
    hands[player] = added(hands[player], stock[at])
    new[HANDS] = tuple(hands)
    new[STOCK_AT] = at + 1
    new[HAD_TURN] |= 1 << player
    new[PHASE] = _PLAY


def _take(new: list[Any], which: int, player: int) -> tuple[Card, ...]:
    """Take the top card, or one from below it (EOP-5, EOP-6, EOP-R2); the cards gained."""
    pile: tuple[Card, ...] = new[PILE]
    hand: Hand = new[HANDS][player]
    if which == 0:
        taken = pile[0]
        gained: tuple[Card, ...] = (taken,)
        new[PILE] = pile[1:]
        new[TURN] = (taken, None, (), bool(hand[3] >> taken & 1))
    else:
        taken = BY_CODE[which - 1]
        depth = pile.index(taken)
        if new[RULES].take_cards_above:  # EOP-R2
            gained, new[PILE] = (*pile[:depth], taken), pile[depth + 1 :]
        else:
            gained, new[PILE] = (taken,), (*pile[:depth], *pile[depth + 1 :])
        wild = new[WILD]
        naturals = tuple([card for card in cards_of(hand) if card.rank is not wild])
        new[TURN] = (taken, taken, naturals, bool(hand[3] >> taken & 1))
    for card in gained:
        hand = added(hand, card)
    hands = list(new[HANDS])
    hands[player] = hand
    new[HANDS] = tuple(hands)
    new[HAD_TURN] |= 1 << player
    new[PHASE] = _PLAY
    return gained


# --- Plays (EOP-7 … EOP-13) ------------------------------------------------------


def _meld(new: list[Any], action: int, player: int) -> tuple[Card, ...]:
    code = meld_of(action)
    meld = code_meld(code)
    hand: Hand = new[HANDS][player]
    cards = meld.cards
    for card in cards:
        hand = removed(hand, card)
    _set_hand(new, player, hand)
    melds = new[MELDS]
    new[MELDS] = (*melds, TableMeld.laid(meld, owner=player))
    rules = new[RULES].meld_rules
    number = len(melds) + 1
    new[TABLE] = with_meld(
        new[TABLE], code, number, owner=player, meld_rules=rules, wild=new[WILD]
    )
    turn: Turn | None = new[TURN]
    if turn is not None and turn[1] is not None:  # EOP-6 is met
        new[TURN] = (turn[0], None, turn[2], turn[3])
    _after_play(new, player)
    return cards


def _lay_off(new: list[Any], action: int, card: Card, player: int) -> None:
    number = action >> 9 & 0xFFFF
    table = list(new[MELDS])
    old: TableMeld = table[number - 1]
    tables: TableFits = new[TABLE]
    # The code of the meld the lay-off makes, kept beside its action (:mod:`.fits`).
    actions, afters, credits = card_lays(tables, number, card)
    option = actions.index(action)
    after = afters[option]
    played = old.played_by
    table[number - 1] = TableMeld(
        meld=code_meld(after),
        owner=old.owner,
        played_by=tuple(
            [player if place < 0 else played[place] for place in credits[option]]
        ),
    )
    new[MELDS] = tuple(table)
    rules = new[RULES].meld_rules
    new[TABLE] = with_meld(
        tables, after, number, owner=old.owner, meld_rules=rules, wild=new[WILD]
    )
    _set_hand(new, player, removed(new[HANDS][player], card))
    _after_play(new, player)


def _set_hand(new: list[Any], player: int, hand: Hand) -> None:
    """The player's hand after cards left it; EOP-3: the face-up card goes with the last copy."""
    hands = list(new[HANDS])
    hands[player] = hand
    new[HANDS] = tuple(hands)
    face_up: Card | None = new[FACE_UP]
    if face_up is not None and player == new[DEALER] and not hand[3] >> face_up & 1:
        new[FACE_UP] = None


def _after_play(new: list[Any], player: int) -> None:
    if not new[HANDS][player][4]:
        _end_turn(new, player)  # EOP-13: floating


# --- The discard and the end of a turn (EOP-10, EOP-11, EOP-14, ALL-5) -------------


def _discard(new: list[Any], card: Card, player: int) -> None:
    hand = removed(new[HANDS][player], card)
    _set_hand(new, player, hand)
    if not hand[4] and new[OUT] is None:
        new[OUT] = player  # EOP-11: discarding the last card goes out
    new[PILE] = (card, *new[PILE])
    _end_turn(new, player)


def _end_turn(new: list[Any], player: int) -> None:
    players = len(new[HANDS])
    turns = new[TURNS] + 1
    following: int | None = (player + 1) % players
    if new[OUT] is not None:
        # EOP-14: everyone who has not had a turn yet has one, in order.
        had_turn: int = new[HAD_TURN]
        following = None
        for step in range(1, players):
            seat = (player + step) % players
            if not had_turn >> seat & 1:
                following = seat
                break
    else:
        limit = new[RULES].max_turns
        if limit is not None and turns >= limit:
            following = None  # ALL-5
    new[TURNS] = turns
    new[TURN] = None
    if following is None:
        _end_round(new)
        return
    new[PHASE] = _DRAW
    new[TO_MOVE] = following


def _end_round(new: list[Any]) -> None:
    """Score the round (EOP-15, EOP-16), then deal the next or end the game (EOP-17).

    The next round is the library's deal from the seed's shuffle (EOP-R1), as
    ``rummy500.next_round`` deals it.
    """
    rules = new[RULES]
    result = _counted(new)
    sheet = (*new[SHEET], result.net)
    if len(sheet) >= rules.rounds:
        new[SHEET] = sheet
        new[RESULTS] = (result,)
        new[PHASE] = _OVER
        new[TO_MOVE] = None
        new[TURN] = None
        return
    seed: int = new[SEED]
    deck = _DECKS.get(rules)
    if deck is None:
        if len(_DECKS) >= _DECK_LIMIT:
            _DECKS.clear()
        deck = _DECKS[rules] = rules.deck()
    order = shuffled(deck, seed, "round", len(sheet) + 1)
    dealer = (new[DEALER] + 1) % len(new[HANDS])
    dealt = plays.deal(rules, order, seed=seed, dealer=dealer, sheet=sheet)
    new[:] = encode(dealt)
    new[RESULTS] = (result,)


def _counted(new: list[Any]) -> RoundResult:
    """The round counted as the hands lie: cards played minus cards in hand (EOP-16).

    A card laid off on another player's meld counts for the player who laid it.
    """
    wild = rank_of(new[WILD])
    hands = tuple([cards_of(hand) for hand in new[HANDS]])
    players = len(hands)
    played = [0] * players
    for meld in new[MELDS]:
        for card, player in zip(meld.cards, meld.played_by, strict=True):
            played[player] += _value(card, wild)
    in_hand = tuple([_hand_value(hand, new[WILD_RANK]) for hand in new[HANDS]])
    return RoundResult(
        round=len(new[SHEET]) + 1,
        hands=hands,
        melded=tuple(played),
        in_hand=in_hand,
        bonus=(0,) * players,
        net=tuple([gain - cost for gain, cost in zip(played, in_hand, strict=True)]),
        went_out=new[OUT],
        rule="EOP-16",
    )


def _hand_value(hand: Hand, wild: int) -> int:
    """EOP-15 on a hand's bits: wilds and Aces 100, 8 to K 10, 3 to 7 5 (``wild`` the core's rank)."""
    wilds = (1 << wild) * REPL if wild else 0
    high = _ACES | wilds
    middle = _EIGHT_TO_KING & ~wilds
    low = _THREE_TO_SEVEN & ~wilds
    total = 0
    for copies in hand[:3]:
        total += (
            100 * (copies & high).bit_count()
            + 10 * (copies & middle).bit_count()
            + 5 * (copies & low).bit_count()
        )
    return total


def _value(card: Card, wild: int) -> int:
    """EOP-15: wilds and Aces 100, 8 to K 10, 3 to 7 5 (a card's rank is its code // 4)."""
    rank = card >> 2
    if rank in (1, wild):
        return 100
    return 10 if rank >= 8 else 5


# --- What is known of the hands (ALL-3) ----------------------------------------


def _taken(
    core: tuple[Any, ...], new: list[Any], player: int, gained: tuple[Card, ...]
) -> tuple[Any, ...]:
    """After a take: the cards taken face up are known to be in the taker's hand."""
    known: tuple[tuple[Card, ...], ...] = core[KNOWN]
    held = known[player] if known else ()
    found = list(known or ((),) * len(new[HANDS]))
    found[player] = tuple(sorted((*held, *gained)))
    new[KNOWN] = tuple(found)
    return tuple(new)


def _played(
    core: tuple[Any, ...], new: list[Any], player: int, left: tuple[Card, ...]
) -> tuple[Any, ...]:
    """After a play: the known cards that left the hand are known no more (``events.known_after``)."""
    known: tuple[tuple[Card, ...], ...] = core[KNOWN]
    if not known or not known[player]:
        return tuple(new)
    before: Hand = core[HANDS][player]
    after: Hand = new[HANDS][player]
    if len(new[SHEET]) > len(core[SHEET]):
        if after[4] < before[4]:
            new[KNOWN] = ()  # the hands were counted: a new deal, or the game's end
        return tuple(new)
    held = known[player]
    kept = list(held)
    for card in left:
        if card in kept:
            kept.remove(card)
    if len(kept) == len(held):
        return tuple(new)
    found = list(known)
    found[player] = tuple(kept)
    new[KNOWN] = () if not any(found) else tuple(found)
    return tuple(new)
