"""1400, played: the deal and the turn machine (F14-3 … F14-15).

The round opens on the first upcard (``OPENING``, F14-6/7): in turn, each
player takes it and melds it at once, or passes. Then each turn is a draw
(``DRAW``: the stock, or any discard with every card above it, F14-8) and
plays (``PLAY``: melds and lay-offs, then a discard, F14-9/10). A discard
that fits a meld on the table may be claimed out of turn until the next
player draws (F14-12). A player who plays their last card without a
discard hands the next player a last draw and plays (``LAST``, F14-13).

>>> from rummyrules import FourteenHundred
>>> game = FourteenHundred(players=2).new_game(seed=3)
>>> game.phase
<Phase.OPENING: 'opening'>
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final, cast

import attrs

from rummyrules import melds
from rummyrules.core.cards import Card, Rank
from rummyrules.core.errors import IllegalMoveError, OptionError
from rummyrules.core.hands import hand_after, sorted_hand
from rummyrules.game import rummy500
from rummyrules.game.dealing import can_draw, rebuilt_stock
from rummyrules.game.moves import (
    Claim,
    Discard,
    Done,
    Draw,
    LayOff,
    Move,
    NewMeld,
    Pass,
    Take,
)
from rummyrules.game.state import GameState, Phase, Turn, check_player, game_over, mover
from rummyrules.game.turns import check_held, check_kind, own_move
from rummyrules.melds import MeldRules
from rummyrules.melds import search as meld_search

if TYPE_CHECKING:
    from rummyrules.games.fourteen_hundred.rules import FourteenHundred

__all__ = ["MACHINE", "FourteenHundredMachine", "deal", "hand_size", "new_game"]


def hand_size(card: Card, *, ace: int = 15) -> int:
    """How many cards a face-up card deals (F14-3): 2 to 9 face value, 10 to K 10.

    An Ace deals ``ace`` cards: 15 by default, or 16 (F14-R2).

    >>> (
    ...     hand_size(Card.parse("7H")),
    ...     hand_size(Card.parse("QS")),
    ...     hand_size(Card.parse("AS")),
    ... )
    (7, 10, 15)
    """
    if card.rank is None:  # pragma: no cover - 1400 has no WILDCARDs
        raise OptionError("a WILDCARD deals no hand in 1400")
    if card.rank is Rank.ACE:
        return ace
    return min(int(card.rank), 10)


def _rules(state: GameState) -> FourteenHundred:
    # This machine is only ever handed 1400 games.
    return cast("FourteenHundred", state.rules)


def new_game(
    rules: FourteenHundred,
    *,
    seed: int = 0,
    deck: Sequence[Card] | None = None,
    dealer: int = 0,
) -> GameState:
    """Deal the first round, from the seed or from a whole stacked deck (top first).

    >>> from rummyrules import FourteenHundred
    >>> new_game(FourteenHundred(), seed=8) == FourteenHundred().new_game(seed=8)
    True
    """
    return rummy500.start(rules, deal, seed=seed, deck=deck, dealer=dealer)


def deal(  # noqa: PLR0913 - a round is dealt from all of these
    rules: FourteenHundred,
    order: Sequence[Card],
    *,
    seed: int,
    round: int,
    dealer: int,
    scores: tuple[int, ...],
    sheet: tuple[tuple[int, ...], ...],
) -> GameState:
    """Deal one round from the deck order (F14-3, F14-4, F14-5).

    From the dealer's left each player's first card, face up, sets how many
    cards they get, itself included. Then one card, face up, sets the wild
    rank: it is dealt to the player on the dealer's left (F14-R3), or stays
    on the table as a marker. Then one card starts the discard pile.

    >>> from rummyrules import FourteenHundred
    >>> rules = FourteenHundred(players=2)
    >>> game = deal(
    ...     rules, rules.deck(), seed=0, round=1, dealer=0, scores=(0, 0), sheet=()
    ... )
    >>> [len(hand) for hand in game.hands], str(game.wild), str(game.discard_pile[0])
    ([3, 16], '6', '7H')
    """
    players = rules.players
    hands: list[list[Card]] = [[] for _ in range(players)]
    top = 0
    for seat in range(1, players + 1):
        player = (dealer + seat) % players
        count = hand_size(order[top], ace=rules.ace_hand_size)
        hands[player] = list(order[top : top + count])
        top += count
    wild_card, upcard = order[top], order[top + 1]
    left = (dealer + 1) % players
    if rules.wild_card_dealt:
        hands[left].append(wild_card)
    return GameState(
        rules=rules,
        seed=seed,
        round=round,
        dealer=dealer,
        wild=wild_card.rank,
        face_up=wild_card if rules.wild_card_dealt else None,
        face_up_holder=left if rules.wild_card_dealt else None,
        marker=None if rules.wild_card_dealt else wild_card,
        hands=tuple(sorted_hand(hand) for hand in hands),
        stock=tuple(order[top + 2 :]),
        discard_pile=(upcard,),
        scores=scores,
        score_sheet=sheet,
        phase=Phase.OPENING,
        to_move=left,
        melded=(False,) * players,
        had_turn=(False,) * players,
    )


class FourteenHundredMachine:
    """The turn machine of 1400: listing, explaining and playing moves.

    >>> from rummyrules import FourteenHundred
    >>> game = FourteenHundred(players=2).new_game(seed=3)
    >>> [str(m) for m in MACHINE.legal_moves(game)]
    ['take']
    """

    def legal_moves(self, state: GameState) -> tuple[Move, ...]:
        """Every move the player to move may make (ALL-2).

        >>> from rummyrules import FourteenHundred
        >>> len(MACHINE.legal_moves(FourteenHundred(players=2).new_game(seed=3)))
        1
        """
        listing = _LISTS.get(state.phase)
        return tuple(listing(state)) if listing else ()

    def moves_for(self, state: GameState, player: int) -> tuple[Move, ...]:
        """The claims ``player`` may make now, out of turn (F14-12).

        >>> from rummyrules import FourteenHundred
        >>> MACHINE.moves_for(FourteenHundred(players=2).new_game(seed=3), 0)
        ()
        """
        return tuple(_claims(state, player))

    def normalize(self, state: GameState, move: Move) -> Move:
        """The listed move that ``move`` names, or IllegalMoveError saying why none.

        >>> from rummyrules import FourteenHundred
        >>> MACHINE.normalize(FourteenHundred(players=2).new_game(seed=3), Draw())
        Traceback (most recent call last):
        ...
        rummyrules.IllegalMoveError: the round opens on the upcard: take it and meld it at once, or pass (F14-6)
        """
        return _explain(state, move)

    def play(self, state: GameState, move: Move) -> GameState:
        """The state after a listed move.

        >>> from rummyrules import FourteenHundred
        >>> MACHINE.play(
        ...     FourteenHundred(players=2).new_game(seed=3), Take()
        ... ).phase.value
        'play'
        """
        if isinstance(move, Claim):
            return _claim(state, move)
        # Any other move closes the window for claiming the last discard.
        state = (
            attrs.evolve(state, claim=None, discarder=None) if state.claim else state
        )
        if isinstance(move, NewMeld):
            return _after_play(rummy500.play_meld(state, move), move.cards)
        if isinstance(move, LayOff):
            return _after_play(rummy500.lay_off(state, move), (move.card,))
        if isinstance(move, Take):
            return _take(state, move.card)
        if isinstance(move, Discard):
            return _discard(state, move.card)
        return _SIMPLE[type(move)](state)

    def with_page(self, state: GameState, rounds: int) -> GameState:
        """1400 has no page: the game ends at the target total (F14-15).

        >>> from rummyrules import FourteenHundred
        >>> MACHINE.with_page(FourteenHundred().new_game(seed=1), 3)
        Traceback (most recent call last):
        ...
        rummyrules.OptionError: 1400 has no page; the game ends when a total reaches the target (F14-15)
        """
        del state, rounds
        message = (
            "1400 has no page; the game ends when a total reaches the target (F14-15)"
        )
        raise OptionError(message)


MACHINE: Final = FourteenHundredMachine()
"""The one turn machine every 1400 game uses."""

_KINDS: Final[frozenset[type[Move]]] = frozenset(
    {Draw, Take, NewMeld, LayOff, Discard, Pass, Claim, Done}
)
"""The kinds of move 1400 has."""


# --- Listing moves -----------------------------------------------------------


def _uses(
    state: GameState, player: int, card: Card, extra: Sequence[Card]
) -> list[NewMeld]:
    """The new melds that hold ``card`` and can be made with ``extra`` added to the hand."""
    hand = hand_after(state.hands[player], add=extra)
    found = meld_search.find_melds(hand, state.rules.meld_rules, wild=state.wild)
    return [NewMeld.of(meld) for meld in found if card in meld.cards]


def _opening_moves(state: GameState) -> list[Move]:
    player = mover(state)
    upcard = state.discard_pile[0]
    moves: list[Move] = []
    can_use = bool(_uses(state, player, upcard, [upcard]))
    if can_use:
        moves.append(Take())
    if not can_use or _rules(state).pass_freely:  # F14-R5
        moves.append(Pass())
    return moves


def _draw_moves(state: GameState) -> list[Move]:
    player = mover(state)
    # Draw is always there: from an empty stock it rebuilds the stock or ends
    # the round (F14-R10), so a round can always end.
    moves: list[Move] = [*_claims(state, player), Draw()]
    seen: set[Card] = set()
    for depth, card in enumerate(state.discard_pile):
        if card in seen:
            continue
        seen.add(card)
        if _usable(state, player, card, state.discard_pile[: depth + 1]):
            moves.append(Take() if depth == 0 else Take(card=card))
    return moves


def _usable(state: GameState, player: int, card: Card, taken: Sequence[Card]) -> bool:
    """F14-9 with ALL-2: a discard may be taken only if it can then be used."""
    rules, wild = state.rules.meld_rules, state.wild
    if _may_lay_off(state, player) and any(
        meld_search.layoff_options(card, meld.meld, rules, wild) for meld in state.table
    ):
        return True
    if _can_meld(state, player, card, taken):
        return True
    # F14-R7: a player who must meld before laying off may meld first.
    hand = hand_after(hand_after(state.hands[player], add=taken), take=[card])
    return any(
        _meld_then_lay(state, meld, card) for meld in _melds_without(state, hand)
    )


def _melds_without(state: GameState, hand: Sequence[Card]) -> list[NewMeld]:
    """The new melds a player who is not down could lay first, leaving the card."""
    if not _rules(state).lay_off_needs_meld or state.melded[mover(state)]:
        return []
    found = meld_search.find_melds(hand, state.rules.meld_rules, wild=state.wild)
    return [NewMeld.of(meld) for meld in found]


def _meld_then_lay(state: GameState, move: NewMeld, card: Card) -> bool:
    """Whether, once this meld is laid, the card can be laid off (F14-9 with F14-R7)."""
    rules, wild = state.rules.meld_rules, state.wild
    (laid,) = melds.readings(move.cards, rules, wild=wild, declared=move.declared)
    return any(
        meld_search.layoff_options(card, meld, rules, wild)
        for meld in (laid, *(table_meld.meld for table_meld in state.table))
    )


def _can_meld(state: GameState, player: int, card: Card, taken: Sequence[Card]) -> bool:
    """Whether a new meld holding ``card`` can be made from the hand and the cards taken.

    Any meld holding the card holds three cards that are already a meld, so
    it is enough to try the card with pairs of the cards that could sit
    beside it: its rank, its suit near it, and wilds.
    """
    rules, wild = state.rules.meld_rules, state.wild
    if melds.is_wild(card, wild):
        return bool(_uses(state, player, card, taken))  # rare: the full search
    others = list(state.hands[player]) + list(taken)
    others.remove(card)
    near = [
        other
        for other in others
        if melds.is_wild(other, wild)
        or other.rank is card.rank
        or (other.suit is card.suit and _close(other, card, rules))
    ]
    candidates = sorted_hand(near)
    return any(
        melds.readings((card, first, second), rules, wild=wild)
        for i, first in enumerate(candidates)
        for second in candidates[i + 1 :]
    )


def _close(one: Card, other: Card, rules: MeldRules) -> bool:
    """Whether two cards of a suit stand within two places of each other in a run."""
    if one.rank is None or other.rank is None:  # pragma: no cover - naturals only
        return False
    return any(
        abs(p - q) <= 2
        for p in rules.places[one.rank]
        for q in rules.places[other.rank]
    )


def _play_moves(state: GameState) -> list[Move]:
    player = mover(state)
    card = state.turn.must_use
    new = rummy500.meld_moves(state, player)
    if state.turn.must_meld is not None:
        # F14-6: the first upcard goes at once into a new meld.
        return [m for m in new if state.turn.must_meld in m.cards]
    lays = rummy500.layoff_moves(state, player) if _may_lay_off(state, player) else []
    if card is not None:
        # F14-9: the chosen card is played first (a ruling: it is never left
        # stranded behind other plays), unless a player who must meld before
        # laying off (F14-R7) melds first to lay it off after.
        first: list[Move] = [m for m in new if card in m.cards]
        first += [m for m in lays if m.card == card]
        if _rules(state).lay_off_needs_meld and not state.melded[player]:
            first += [
                m for m in new if card not in m.cards and _meld_then_lay(state, m, card)
            ]
        return first
    moves: list[Move] = [*new, *lays]
    if state.phase is Phase.LAST:
        moves.append(Done())
    else:
        moves.extend(Discard(card=c) for c in dict.fromkeys(state.hands[player]))
    return moves


def _last_moves(state: GameState) -> list[Move]:
    """F14-13: one draw from the stock if the player wants it, plays, then done.

    An empty stock is rebuilt for this draw as for any other (F14-R10); with
    nothing to draw, ``done`` is what ends the round.
    """
    may_draw = not state.turn.drew and can_draw(state, _rules(state).stock_out)
    return [Draw(), *_play_moves(state)] if may_draw else _play_moves(state)


def _may_lay_off(state: GameState, player: int) -> bool:
    return state.melded[player] or not _rules(state).lay_off_needs_meld


def _claims(state: GameState, player: int) -> list[Claim]:
    """F14-12: a player who is down may claim the last discard if it fits a meld."""
    card = state.claim
    if card is None or not 0 <= player < state.players:
        return []
    if player == state.discarder or not state.melded[player]:
        return []
    rules, wild = state.rules.meld_rules, state.wild
    return [
        Claim(player=player, card=card, declared=option.stands_for, meld=number)
        for number, meld in enumerate(state.table, start=1)
        for option in meld_search.layoff_options(card, meld.meld, rules, wild)
    ]


_LISTS: Final = {
    Phase.OPENING: _opening_moves,
    Phase.DRAW: _draw_moves,
    Phase.PLAY: _play_moves,
    Phase.LAST: _last_moves,
}


# --- Explaining refusals -----------------------------------------------------


def _explain(state: GameState, move: Move) -> Move:
    mover(state)
    check_kind(state, move, _KINDS)
    if isinstance(move, Claim):
        return _resolve_claim(state, move)
    move = own_move(state, move)
    if move in state.legal_moves():
        return move
    if state.phase is Phase.OPENING:
        return _explain_opening(state, move)
    if isinstance(move, Pass):
        raise IllegalMoveError("pass is only for the first upcard", rule="F14-6")
    if state.phase is Phase.DRAW:
        return _explain_draw(state, move)
    return _explain_play(state, move)


def _explain_opening(state: GameState, move: Move) -> Move:
    upcard = state.discard_pile[0]
    if isinstance(move, Take) and move.card not in {None, upcard}:
        raise IllegalMoveError(
            f"only the upcard {upcard} may be taken now", rule="F14-6"
        )
    if isinstance(move, Take):
        raise IllegalMoveError(
            f"you can make no meld with {upcard}, so you must pass", rule="F14-6"
        )
    if isinstance(move, Pass):
        raise IllegalMoveError(
            f"you can use {upcard} in a meld, so you may not pass", rule="F14-R5"
        )
    raise IllegalMoveError(
        "the round opens on the upcard: take it and meld it at once, or pass",
        rule="F14-6",
    )


def _explain_draw(state: GameState, move: Move) -> Move:
    if not isinstance(move, Take):
        raise IllegalMoveError(
            "draw first: from the stock or the discard pile", rule="F14-8"
        )
    pile = state.discard_pile
    if move.card is not None and move.card not in pile:
        raise IllegalMoveError(
            f"there is no {move.card} in the discard pile", rule="F14-8"
        )
    if not pile:
        raise IllegalMoveError("the discard pile is empty", rule="F14-8")
    chosen = pile[0] if move.card is None else move.card
    raise IllegalMoveError(
        f"you could not use {chosen} in a meld or lay-off this turn, so you may not take it",
        rule="F14-9",
    )


def _explain_play(state: GameState, move: Move) -> Move:
    player = mover(state)
    last = state.phase is Phase.LAST
    if isinstance(move, Draw | Take):
        if last and isinstance(move, Draw) and not state.turn.drew:
            raise IllegalMoveError(
                "the stock is empty and cannot be rebuilt: nothing is left to draw, "
                "so make your last plays and end them with 'done'",
                rule="F14-R10",
            )
        if last:
            raise IllegalMoveError(
                "the last draw is one card from the stock", rule="F14-13"
            )
        raise IllegalMoveError("you have drawn already this turn", rule="F14-8")
    if isinstance(move, NewMeld):
        move = rummy500.resolve_meld(state, move, rule="F14-10")
    elif isinstance(move, LayOff):
        if not _may_lay_off(state, player):
            raise IllegalMoveError(
                "these rules ask for a meld of your own before you lay off",
                rule="F14-R7",
            )
        move = rummy500.resolve_layoff(state, move)
    elif isinstance(move, Discard):
        if last:
            raise IllegalMoveError(
                "the last plays end with 'done', not a discard", rule="F14-13"
            )
        check_held(state.hands[player], [move.card])
    elif isinstance(move, Done):
        raise IllegalMoveError(
            "'done' ends only the last plays; discard to end a turn", rule="F14-13"
        )
    if move not in state.legal_moves():
        _refuse_obligation(state)
    return move


def _refuse_obligation(state: GameState) -> None:
    """Why a valid play is not allowed now: the card taken must come first."""
    card = state.turn.must_use
    if state.turn.must_meld is not None:
        raise IllegalMoveError(
            f"you took the upcard {card}, so you must lay it in a new meld at once",
            rule="F14-6",
        )
    if card is not None:
        raise IllegalMoveError(
            f"you took {card} from the discard pile, so your next play must use it",
            rule="F14-9",
        )


def _resolve_claim(state: GameState, move: Claim) -> Claim:
    """The claim this one names, its wild declared; or why there is none.

    A claim is a lay-off of the last discard (F14-R9): once the claim itself
    is allowed, the card is fitted to the meld exactly as a lay-off is.
    """
    if move.player is None:
        raise IllegalMoveError(
            "a claim names its player, as in '2: claim 7H on 3'", rule="F14-12"
        )
    player = check_player(state, move.player)
    if state.claim is None or move.card != state.claim:
        raise IllegalMoveError(
            f"{move.card} is not the last discard, or its claim has passed",
            rule="F14-R9",
        )
    if player == state.discarder:
        raise IllegalMoveError("you cannot claim your own discard", rule="F14-12")
    if not state.melded[player]:
        raise IllegalMoveError(
            "only a player who is down may claim a discard", rule="F14-12"
        )
    return rummy500.fit_on_meld(state, move)


# --- Playing moves -----------------------------------------------------------


def _pass(state: GameState) -> GameState:
    passes = state.passes + 1
    if passes >= state.players:
        return _all_passed(state)  # F14-7
    return attrs.evolve(
        state, passes=passes, to_move=(mover(state) + 1) % state.players
    )


def _all_passed(state: GameState) -> GameState:
    """F14-7: nobody used the upcard; each player adds their hand's value."""
    value = state.rules.card_value
    row = tuple(
        sum(value(card, wild=state.wild) for card in hand) for hand in state.hands
    )
    return _score(state, row)


def _draw(state: GameState) -> GameState:
    if not state.stock:
        state = rebuilt_stock(state, _rules(state).stock_out)
        if not state.stock:
            return _end_round(state)  # F14-R10: nothing left to draw
    player = mover(state)
    hands = list(state.hands)
    hands[player] = hand_after(hands[player], add=state.stock[:1])
    phase = Phase.LAST if state.phase is Phase.LAST else Phase.PLAY
    turn = Turn(drew=True)
    return attrs.evolve(
        state, hands=tuple(hands), stock=state.stock[1:], phase=phase, turn=turn
    )


def _take(state: GameState, card: Card | None) -> GameState:
    player = mover(state)
    pile = state.discard_pile
    depth = 0 if card is None else pile.index(card)
    chosen = pile[depth]
    hands = list(state.hands)
    hands[player] = hand_after(hands[player], add=pile[: depth + 1])
    if state.phase is Phase.OPENING:
        turn = Turn(taken=chosen, must_meld=chosen, must_use=chosen)
    else:
        turn = Turn(taken=chosen, must_use=chosen)
    return attrs.evolve(
        state,
        hands=tuple(hands),
        discard_pile=pile[depth + 1 :],
        phase=Phase.PLAY,
        turn=turn,
    )


def _after_play(state: GameState, played: Sequence[Card]) -> GameState:
    turn = state.turn
    if turn.must_use is not None and turn.must_use in played:
        state = attrs.evolve(
            state, turn=attrs.evolve(turn, must_use=None, must_meld=None)
        )
    player = mover(state)
    if state.hands[player]:
        return state
    if state.phase is Phase.LAST:
        return _end_round(state)
    # F14-13: out without a discard; the next player has a last draw and plays.
    # No max_turns check here (a ruling): those plays are owed even past the
    # limit, and they are one turn that always ends the round (ALL-5).
    return attrs.evolve(
        state,
        out=player,
        phase=Phase.LAST,
        to_move=(player + 1) % state.players,
        turn=Turn(),
        turns=state.turns + 1,
    )


def _discard(state: GameState, card: Card) -> GameState:
    player = mover(state)
    hands = list(state.hands)
    hands[player] = hand_after(hands[player], take=[card])
    pile = (card, *state.discard_pile)
    face_up = rummy500.face_up_after(state, hands)
    if not hands[player]:  # F14-13: out with a discard ends the round at once
        return _end_round(
            attrs.evolve(
                state, hands=tuple(hands), discard_pile=pile, out=player, **face_up
            )
        )
    fits = any(
        meld_search.layoff_options(card, meld.meld, state.rules.meld_rules, state.wild)
        for meld in state.table
    )
    return _next_turn(
        state,
        hands=tuple(hands),
        discard_pile=pile,
        claim=card if fits else None,
        discarder=player if fits else None,
        **face_up,
    )


def _next_turn(state: GameState, **changes: Any) -> GameState:
    turns = state.turns + 1
    limit = _rules(state).max_turns
    if limit is not None and turns >= limit:
        return _end_round(attrs.evolve(state, turns=turns, **changes))  # ALL-5
    return attrs.evolve(
        state,
        phase=Phase.DRAW,
        to_move=(mover(state) + 1) % state.players,
        turn=Turn(),
        turns=turns,
        **changes,
    )


def _claim(state: GameState, move: Claim) -> GameState:
    """F14-12, F14-R9: the claimant lays the discard off; the turn order stays."""
    claimant = move.player if move.player is not None else mover(state)
    old = state.table[move.meld - 1]
    layoff = LayOff(card=move.card, declared=move.declared, meld=move.meld)
    after = rummy500.meld_after(state, layoff)
    table = list(state.table)
    table[move.meld - 1] = old.with_card(after, player=claimant)
    return attrs.evolve(
        state,
        table=tuple(table),
        discard_pile=state.discard_pile[1:],
        claim=None,
        discarder=None,
    )


def _end_round(state: GameState) -> GameState:
    """Score the round: played minus hand (F14-14)."""
    return _score(state, rummy500.round_scores(state))


def _score(state: GameState, row: tuple[int, ...]) -> GameState:
    """Add a row to the score sheet; end the game at the target (F14-15) or deal again."""
    state = rummy500.add_row(state, row)
    if max(state.scores) >= _rules(state).target:
        return game_over(state)
    return rummy500.next_round(state, deal)  # F14-R4


# The moves whose play needs nothing but the state.
_SIMPLE: Final[dict[type[Move], Callable[[GameState], GameState]]] = {
    Pass: _pass,
    Draw: _draw,
    Done: _end_round,
}
