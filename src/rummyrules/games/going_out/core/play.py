"""What each Going Out Rummy action does to a core value: the turn machine's moves, over tuples.

One function a kind of move, each building the next value and nothing else:
a draw or a take (GOR-4), a discard and the turn's end (GOR-4, GOR-9,
GOR-R4), going out (GOR-7), a drop (GOR-10, GOR-R3). Each does what the
move's function in :mod:`~rummyrules.games.going_out.machine` and
:mod:`~rummyrules.games.going_out.state` does to a state, and keeps the
cards known to be held as :meth:`~rummyrules.GameState.apply` does
(:func:`~rummyrules.game.events.known_after`): a card taken from the pile is
known until it is played, and the game's end forgets them all.

>>> from rummyrules import GoingOutRummy
>>> from rummyrules.games.going_out.core.listing import DRAW
>>> from rummyrules.games.going_out.core.value import encode, fields
>>> game = GoingOutRummy().new_game(seed=3)
>>> after = apply_action(encode(game), DRAW, 1)
>>> fields(after)["hands"] == game.apply("draw").hands
True
"""

from __future__ import annotations

from rummyrules import melds
from rummyrules.core.cards import BY_CODE, Card
from rummyrules.core.shuffle import shuffled
from rummyrules.game.results import RoundResult
from rummyrules.game.table import TableMeld
from rummyrules.game.to_move import Phase
from rummyrules.games.going_out.core.listing import (
    DISCARD,
    DRAW,
    DROP,
    KIND_BITS,
    KIND_MASK,
    OUT,
    TAKE,
    action_to_move,
)
from rummyrules.games.going_out.core.value import (
    AT,
    DROPPED,
    DROPPED_CARDS,
    HANDS,
    KNOWN,
    MELDS,
    PHASE,
    PILE,
    RARE,
    RESHUFFLES,
    RESULTS,
    RULES,
    SEED,
    STOCK,
    TO_MOVE,
    TURNS,
    WINNER,
    Value,
    with_card,
    without_card,
)
from rummyrules.games.going_out.state import GoOut

__all__ = ["apply_action"]

Hand = tuple[Card, ...]


def apply_action(value: Value, action: int, player: int) -> Value:
    """The value after ``player`` takes ``action``, an action listed for them.

    >>> from rummyrules import GoingOutRummy
    >>> from rummyrules.games.going_out.core.listing import DROP
    >>> from rummyrules.games.going_out.core.value import encode, fields
    >>> game = GoingOutRummy().new_game(seed=3)
    >>> fields(apply_action(encode(game), DROP, 0))["winner"]
    1
    """
    kind = action & KIND_MASK
    if kind == DRAW:
        return _drawn(value, player)
    if kind == TAKE:
        return _taken(value, player)
    if kind == DISCARD:
        return _discarded(value, player, BY_CODE[action >> KIND_BITS])
    if kind == OUT:
        move = action_to_move(value, action, player)
        if not isinstance(move, GoOut):  # a listed action names its move
            raise AssertionError(f"action {action} names no way out")
        return _gone_out(value, player, move)
    if kind == DROP:
        return _dropped(value, player)
    raise AssertionError(f"action {action} names no move")


def _with_hand(hands: tuple[Hand, ...], player: int, hand: Hand) -> tuple[Hand, ...]:
    """The hands with ``player``'s replaced."""
    return (*hands[:player], hand, *hands[player + 1 :])


# --- The draw (GOR-4) ----------------------------------------------------------


def _drawn(value: Value, player: int) -> Value:
    """The top card of the stock in the hand; the player plays on (GOR-4)."""
    hands = value[HANDS]
    at = value[AT]
    card = value[STOCK][at]
    return (
        _with_hand(hands, player, with_card(hands[player], card)),
        value[STOCK],
        at + 1,
        value[PILE],
        Phase.PLAY,
        *value[TO_MOVE:],
    )


def _taken(value: Value, player: int) -> Value:
    """The top card of the pile in the hand, known to be there (GOR-4, known_after)."""
    hands = value[HANDS]
    pile = value[PILE]
    card = pile[0]
    known = list(value[KNOWN] or ((),) * len(hands))
    known[player] = tuple(sorted((*known[player], card)))
    return (
        _with_hand(hands, player, with_card(hands[player], card)),
        value[STOCK],
        value[AT],
        pile[1:],
        Phase.PLAY,
        *value[TO_MOVE:KNOWN],
        tuple(known),
        value[RARE],
    )


# --- What is known of the hands (known_after) ----------------------------------


def _known_played(
    known: tuple[Hand, ...], player: int, played: Hand
) -> tuple[Hand, ...]:
    """``known`` once ``player`` has played these cards from the hand, the game going on.

    Each card played that was known is known no more.
    """
    if not known or not known[player]:
        return known
    kept = list(known[player])
    for card in played:
        if card in kept:
            kept.remove(card)
    if len(kept) == len(known[player]):
        return known
    found = list(known)
    found[player] = tuple(kept)
    return tuple(found) if any(found) else ()


def _known_at_end(known: tuple[Hand, ...], player: int) -> tuple[Hand, ...]:
    """``known`` once ``player``'s move has ended the game.

    The result counted forgets every card; but, as GameState.apply asks
    known_after only when the player was known to hold a card, nothing
    changes when they were not.
    """
    return () if known and known[player] else known


# --- The discard and the turn's end (GOR-4, GOR-9, GOR-R4) -------------------


def _discarded(value: Value, player: int, card: Card) -> Value:
    """Discard ``card``: it tops the pile, and the turn passes left."""
    hands = value[HANDS]
    after = (
        _with_hand(hands, player, without_card(hands[player], card)),
        value[STOCK],
        value[AT],
        (card, *value[PILE]),
        *value[PHASE:KNOWN],
        _known_played(value[KNOWN], player, (card,)),
        value[RARE],
    )
    return _turn_ended(value, player, after)


def _turn_ended(before: Value, player: int, after: Value) -> Value:
    """The turn's end: the game over at the turn limit (GOR-R4), else an empty stock rebuilt (GOR-9) and the next player still at the table.

    ``after`` is the value with the player's move made, the known cards
    worked out as if the game went on.
    """
    rare = after[RARE]
    turns = before[TURNS] + 1
    limit = rare[RULES].max_turns
    if limit is not None and turns >= limit:
        known = _known_at_end(before[KNOWN], player)
        over = (*after[:TURNS], turns, after[RESHUFFLES], known, rare)
        return _over(over, None, "GOR-R4")
    stock = after[STOCK]
    at = after[AT]
    pile = after[PILE]
    reshuffles = after[RESHUFFLES]
    if at >= len(stock) and len(pile) >= 2:
        # GOR-9: the pile but its top card, shuffled from the seed, is the
        # new stock (game/dealing.rebuilt_stock, round 1: one hand a game).
        reshuffles += 1
        stock = shuffled(pile[1:], rare[SEED], "round", 1, "reshuffle", reshuffles)
        at = 0
        pile = pile[:1]
    hands = after[HANDS]
    players = len(hands)
    dropped = rare[DROPPED]
    following = (player + 1) % players
    while following in dropped:
        following = (following + 1) % players
    known = after[KNOWN]
    return (
        hands,
        stock,
        at,
        pile,
        Phase.DRAW,
        following,
        turns,
        reshuffles,
        known,
        rare,
    )


def _over(value: Value, winner: int | None, rule: str) -> Value:
    """The game over, won by ``winner`` or nobody: the hands are shown as they lie, with no points counted (state.game_over)."""
    result = RoundResult(
        round=1,
        hands=value[HANDS],
        melded=(),
        in_hand=(),
        bonus=(),
        net=(),
        went_out=winner,
        rule=rule,
    )
    rare = value[RARE]
    rare = (*rare[:RESULTS], (result,), winner, *rare[WINNER + 1 :])
    return (*value[:PHASE], Phase.OVER, None, *value[TURNS:RARE], rare)


# --- Going out (GOR-7, GOR-8) -----------------------------------------------------


def _gone_out(value: Value, player: int, move: GoOut) -> Value:
    """Lay the whole hand down and win; the card left over is discarded (GOR-7, GOR-R1)."""
    rare = value[RARE]
    meld_rules = rare[RULES].meld_rules
    laid = tuple(
        TableMeld.laid(
            melds.readings(meld.cards, meld_rules, declared=meld.declared)[0],
            owner=player,
        )
        for meld in move.melds
    )
    pile = value[PILE]
    if move.discard is not None:
        pile = (move.discard, *pile)
    over = (
        _with_hand(value[HANDS], player, ()),
        value[STOCK],
        value[AT],
        pile,
        *value[PHASE:TURNS],
        value[TURNS] + 1,
        value[RESHUFFLES],
        _known_at_end(value[KNOWN], player),
        (*rare[:MELDS], (*rare[MELDS], *laid), *rare[MELDS + 1 :]),
    )
    return _over(over, player, "GOR-7")


# --- Dropping out (GOR-10, GOR-R3) --------------------------------------------------


def _dropped(value: Value, player: int) -> Value:
    """The player's cards go face down out of play; the turn passes on if it was theirs (GOR-10).

    The last player left wins, unless the rules say the game ends with no
    winner (GOR-R3).
    """
    rare = value[RARE]
    hands = value[HANDS]
    gone = hands[player]
    dropped = (*rare[DROPPED], player)
    rare = (*rare[:DROPPED], dropped, (*rare[DROPPED_CARDS], *gone))
    hands = _with_hand(hands, player, ())
    players = len(hands)
    if players - len(dropped) == 1:  # GOR-R3
        known = _known_at_end(value[KNOWN], player)
        over = (hands, *value[STOCK:KNOWN], known, rare)
        staying = next(p for p in range(players) if p not in dropped)
        return _over(over, staying if rare[RULES].last_player_wins else None, "GOR-R3")
    after = (
        hands,
        *value[STOCK:KNOWN],
        _known_played(value[KNOWN], player, gone),
        rare,
    )
    if player != value[TO_MOVE]:  # out of turn: the turn goes on
        return after
    return _turn_ended(value, player, after)
