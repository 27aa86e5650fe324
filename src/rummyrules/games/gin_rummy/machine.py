"""Gin Rummy, played: the deal, the rules of a turn and of the knock, what each move does.

Decision points follow OpenSpiel's ``gin_rummy``, so that the two engines can
be compared step by step: take or pass the first upcard; draw or take; discard
or ``knock``; after a knock, the knocker's discard, then one meld at a time,
then ``done``; the opponent's lay-offs one card at a time, then ``done``, then
their own melds, then ``done``. Each rule is one function that both lists and
refuses (:mod:`rummyrules.game.machine`).

>>> from rummyrules import GinRummy
>>> game = GinRummy().new_game(seed=3)
>>> [str(move) for move in game.legal_moves()]
['take', 'pass']
>>> game.apply("draw")
Traceback (most recent call last):
...
rummyrules.IllegalMoveError: the first upcard is taken or passed: 'take' or 'pass' (GIN-3)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import attrs

from rummyrules import melds
from rummyrules.core.cards import Card, Rank
from rummyrules.core.hands import hand_after, sorted_hand
from rummyrules.core.shuffle import shuffled
from rummyrules.game.dealing import first_order
from rummyrules.game.machine import (
    Kind,
    Machine,
    PhaseRules,
    Refusal,
    Test,
    refuse,
    refuses_all,
)
from rummyrules.game.moves import (
    Discard,
    Done,
    Draw,
    LayOff,
    Move,
    NewMeld,
    Pass,
    Take,
    register_bare_move,
)
from rummyrules.game.playable import PlayableRules
from rummyrules.game.table import TableMeld
from rummyrules.game.turns import check_held, discard_options, name_discard
from rummyrules.games.gin_rummy.deadwood import (
    card_points,
    knock_discards,
    min_deadwood,
)
from rummyrules.games.gin_rummy.state import (
    GinRummyPhase,
    GinRummyState,
    options,
    options_of,
)
from rummyrules.melds import search as meld_search

__all__ = ["GAME_BONUS", "MACHINE", "UPCARD_LIMIT", "WALL", "Knock", "new_game"]

State = GinRummyState
Phase = GinRummyPhase

WALL: Final = 2
"""Cards left in the stock that make the wall (GIN-8)."""
GAME_BONUS: Final = 100
"""Points for the player who reaches the ``target`` (GIN-R2)."""
UPCARD_LIMIT: Final = 50
"""Upcards drawn in a hand after which it is a draw (GIN-9, OpenSpiel's bound)."""


@attrs.frozen(kw_only=True)
class Knock(Move):
    """Knock instead of discarding, or at the wall with the upcard (GIN-5, GIN-8).

    >>> from rummyrules import parse_move
    >>> parse_move("knock"), str(Knock(player=1))
    (Knock(player=None), '1: knock')
    """

    def _body(self) -> str:
        return "knock"


register_bare_move("knock", Knock)


# --- The deal (GIN-1, GIN-10) ------------------------------------------------------


def new_game(
    rules: PlayableRules[Any],
    *,
    seed: int = 0,
    deck: Sequence[Card] | None = None,
    dealer: int = 0,
) -> State:
    """Deal a hand from the seed or a whole stacked deck (top card first).

    Player 0's cards first, then player 1's, then the upcard (GIN-1), as
    OpenSpiel deals. With ``oklahoma`` the upcard sets the knock card
    (GIN-10).

    >>> from rummyrules import GinRummy
    >>> rules = GinRummy(hand_size=2, oklahoma=True)
    >>> game = new_game(rules, deck=rules.stacked_deck("7S 8S 9H 9D 4C"))
    >>> [" ".join(map(str, hand)) for hand in game.hands], game.knock_card
    (['7S 8S', '9H 9D'], 4)
    """
    order = first_order(rules, players=2, seed=seed, deck=deck, dealer=dealer)
    return _dealt(rules, order, seed=seed, dealer=dealer, score_sheet=())


def _dealt(
    rules: PlayableRules[Any],
    order: Sequence[Card],
    *,
    seed: int,
    dealer: int,
    score_sheet: tuple[tuple[int, ...], ...],
) -> State:
    """A hand dealt from a deck order, after the hands already on the score sheet."""
    rule_options = options_of(rules)
    size = rule_options.hand_size
    upcard = order[2 * size]
    knock_card = rule_options.knock_card
    if rule_options.oklahoma:
        knock_card = 0 if upcard.rank is Rank.ACE else card_points(upcard)
    return State(
        rules=rules,
        seed=seed,
        dealer=dealer,
        hands=(sorted_hand(order[:size]), sorted_hand(order[size : 2 * size])),
        stock=tuple(order[2 * size + 1 :]),
        discard_pile=(upcard,),
        phase=Phase.UPCARD,
        to_move=0,
        knock_card=knock_card,
        score_sheet=score_sheet,
    )


# --- The first upcard (GIN-3) and the draw (GIN-4, GIN-9) --------------------------


def _upcard_options(state: State, player: int) -> tuple[Take]:
    del state, player
    return (Take(),)


def _name_take(state: State, move: Take, player: int) -> list[Take]:
    """GIN-4: only the upcard, the top of the discard pile, may be taken."""
    del player
    pile = state.discard_pile
    if move.card is None or (pile and move.card == pile[0]):
        return [Take()]
    raise refuse(f"only the upcard, {pile[0]}, may be taken", "GIN-4")


def both_passed(state: State) -> Test[Take] | None:
    """GIN-3: once both players passed the first upcard, player 0 draws from the stock.

    >>> from rummyrules import GinRummy
    >>> game = GinRummy().new_game(seed=3).apply("pass").apply("pass")
    >>> [str(move) for move in game.legal_moves()]
    ['draw']
    """
    if state.passes < 2 or state.turns:
        return None
    return refuses_all(
        Refusal(
            "both players passed the first upcard: player 0 draws from the stock",
            "GIN-3",
        )
    )


def _draw(state: State, move: Draw) -> State:
    del move
    return _drawn(state, state.stock[0], stock=state.stock[1:], taken=None)


def _take(state: State, move: Take) -> State:
    del move
    card = state.discard_pile[0]
    if state.phase is Phase.DRAW:
        upcards = state.upcards + 1
        if upcards >= UPCARD_LIMIT:  # GIN-9: the hand ends on this take
            return _scored(state.replace(upcards=upcards), None)
        state = state.replace(upcards=upcards)
    return _drawn(state, card, discard_pile=state.discard_pile[1:], taken=card)


def _pass(state: State, move: Pass) -> State:
    """GIN-3: pass the first upcard to the other player; or, at the wall, end the hand."""
    del move
    if state.phase is Phase.WALL:
        return _scored(state, None)  # GIN-8: a pass at the wall is a draw
    passes = state.passes + 1
    if passes == 1:
        return state.replace(passes=1, to_move=1)
    return state.replace(passes=passes, to_move=0, phase=Phase.DRAW)


def _drawn(state: State, card: Card, *, taken: Card | None, **changes: Any) -> State:
    player = state.to_move or 0
    hands = list(state.hands)
    hands[player] = hand_after(hands[player], add=[card])
    return state.replace(phase=Phase.PLAY, hands=tuple(hands), taken=taken, **changes)


# --- The discard and the knock (GIN-4, GIN-5, GIN-8, GIN-9) -----------------------


def may_knock(state: State) -> Test[Knock] | None:
    """GIN-5: a knock needs a discard that leaves deadwood at most the knock card.

    At the wall (GIN-8) the upcard joins the hand first.

    >>> from rummyrules import GinRummy
    >>> game = GinRummy().new_game(seed=3).apply("take")
    >>> print(may_knock(game)(Knock()))
    your deadwood after any discard is over the knock card, 10 (GIN-5)
    """
    hand = state.hands[state.to_move or 0]
    if state.phase is Phase.WALL:
        hand = (*hand, state.discard_pile[0])
    if knock_discards(hand, state.knock_card):
        return None
    return refuses_all(
        Refusal(
            "your deadwood after any discard is over the knock card, "
            f"{state.knock_card}",
            "GIN-5",
        )
    )


def _knock(state: State, move: Knock) -> State:
    del move
    player = state.to_move or 0
    if state.phase is Phase.WALL:  # GIN-8: the upcard joins the hand
        state = _drawn(
            state,
            state.discard_pile[0],
            discard_pile=state.discard_pile[1:],
            taken=None,
        )
    return state.replace(phase=Phase.KNOCK, knocker=player)


def keeps_knock(state: State) -> Test[Discard] | None:
    """GIN-5: the knocker's discard must leave deadwood at most the knock card.

    >>> from rummyrules import GinRummy, parse_move
    >>> game = GinRummy(hand_size=3).position(
    ...     "to_move 0 knock | knocker 0 | hands 7S 8S 9S KD / 2C 5D 9H | pile 4H"
    ... )
    >>> [str(move) for move in game.legal_moves()]
    ['discard KD']
    """
    if state.phase is not Phase.KNOCK:
        return None
    allowed = knock_discards(state.hands[state.to_move or 0], state.knock_card)

    def test(move: Discard) -> Refusal | None:
        if move.card in allowed:
            return None
        return Refusal(
            f"discarding {move.card} leaves deadwood over the knock card, "
            f"{state.knock_card}",
            "GIN-5",
        )

    return test


def _discard(state: State, move: Discard) -> State:
    player = state.to_move or 0
    hands = list(state.hands)
    hands[player] = hand_after(hands[player], take=[move.card])
    state = state.replace(
        hands=tuple(hands), discard_pile=(move.card, *state.discard_pile)
    )
    if state.phase is Phase.KNOCK:
        return state.replace(phase=Phase.LAY_DOWN, taken=None)
    # GIN-9: the upcard taken and discarded at once, twice in a row, is a draw.
    bounced = int(move.card == state.taken)
    if bounced and state.bounced:
        return _scored(state.replace(turns=state.turns + 1), None)
    state = state.replace(bounced=bounced, taken=None, turns=state.turns + 1)
    limit = options(state).max_turns
    if limit is not None and state.turns >= limit:
        return _scored(state, None)  # ALL-5
    phase = Phase.WALL if len(state.stock) <= WALL else Phase.DRAW  # GIN-8
    return state.replace(phase=phase, to_move=1 - player)


# --- Laying down, laying off, the opponent's melds (GIN-5, GIN-6) ----------------


def _meld_options(state: State, player: int) -> list[NewMeld]:
    """The melds the player may lay from their hand, one at a time.

    The knocker lays only melds that keep the knock good: some arrangement of
    what is left still has deadwood at most the knock card (GIN-5); the
    opponent lays any meld (GIN-6).
    """
    hand = state.hands[player]
    found = meld_search.find_melds(hand, state.rules.meld_rules)
    if state.phase is Phase.LAY_DOWN:
        limit = state.knock_card
        found = tuple(
            meld
            for meld in found
            if min_deadwood(hand_after(hand, take=meld.cards)) <= limit
        )
    return [NewMeld.of(meld) for meld in found]


def _name_meld(state: State, move: NewMeld, player: int) -> list[NewMeld]:
    """The meld the move names, once its cards are held (ALL-1) and make one (GIN-2)."""
    check_held(state.hands[player], move.cards)
    found = melds.check(move.cards, state.rules.meld_rules, declared=move.declared)
    if not found:
        raise refuse(found.reason, found.rule or "GIN-2")
    if state.phase is Phase.LAY_DOWN:
        left = hand_after(state.hands[player], take=move.cards)
        if min_deadwood(left) > state.knock_card:
            raise refuse(
                "laying that meld leaves deadwood over the knock card, "
                f"{state.knock_card}",
                "GIN-5",
            )
    return [NewMeld.of(meld) for meld in found.melds]


def _meld(state: State, move: NewMeld) -> State:
    player = state.to_move or 0
    (meld,) = melds.readings(move.cards, state.rules.meld_rules, declared=move.declared)
    hands = list(state.hands)
    hands[player] = hand_after(hands[player], take=move.cards)
    return state.replace(
        hands=tuple(hands), melds=(*state.melds, TableMeld.laid(meld, owner=player))
    )


def knocker_done(state: State) -> Test[Done] | None:
    """GIN-5: the knocker is done once the deadwood left is at most the knock card.

    >>> from rummyrules import GinRummy
    >>> game = GinRummy(hand_size=3).position(
    ...     "to_move 0 laydown | knocker 0 | hands 7S 8S 9S / 2C 5D 9H | pile KD"
    ... )
    >>> print(knocker_done(game))
    None
    >>> stuck = game.replace(hands=(game.hands[1], game.hands[0]))
    >>> print(knocker_done(stuck)(Done()))
    your deadwood, 16, is still over the knock card, 10: lay your melds first (GIN-5)
    """
    if state.phase is not Phase.LAY_DOWN:
        return None
    left = min_deadwood(state.hands[state.to_move or 0])
    if left <= state.knock_card:
        return None
    return refuses_all(
        Refusal(
            f"your deadwood, {left}, is still over the knock card, {state.knock_card}: "
            "lay your melds first",
            "GIN-5",
        )
    )


def _lay_off_options(state: State, player: int) -> list[LayOff]:
    """GIN-6: a card of the opponent's hand that extends one of the knocker's melds."""
    meld_rules = state.rules.meld_rules
    found: list[LayOff] = []
    for number, table_meld in enumerate(state.melds, start=1):
        if table_meld.owner != state.knocker:
            continue
        found.extend(
            LayOff(card=card, meld=number)
            for card in dict.fromkeys(state.hands[player])
            if meld_search.lay_off_options(card, table_meld.meld, meld_rules, None)
        )
    return found


def _name_lay_off(state: State, move: LayOff, player: int) -> list[LayOff]:
    """The lay-off, once the card is held (ALL-1) and extends the knocker's meld (GIN-6)."""
    if not 1 <= move.meld <= len(state.melds):
        raise refuse(f"there is no meld {move.meld} on the table", "GIN-6")
    table_meld = state.melds[move.meld - 1]
    if table_meld.owner != state.knocker:
        raise refuse("cards are laid off only on the knocker's melds", "GIN-6")
    check_held(state.hands[player], [move.card])
    fits = meld_search.lay_off_options(
        move.card, table_meld.meld, state.rules.meld_rules, None
    )
    if not fits:
        raise refuse(f"{move.card} does not extend meld {move.meld}", "GIN-6")
    return [LayOff(card=move.card, meld=move.meld)]


def _lay_off(state: State, move: LayOff) -> State:
    player = state.to_move or 0
    number = move.meld - 1
    table_meld = state.melds[number]
    (option, *_) = meld_search.lay_off_options(
        move.card, table_meld.meld, state.rules.meld_rules, None
    )
    hands = list(state.hands)
    hands[player] = hand_after(hands[player], take=[move.card])
    on_table = list(state.melds)
    on_table[number] = table_meld.with_card(option.meld, player=player)
    return state.replace(hands=tuple(hands), melds=tuple(on_table))


def _done(state: State, move: Done) -> State:
    del move
    if state.phase is Phase.LAY_DOWN:
        gin = min_deadwood(state.hands[state.knocker or 0]) == 0
        # GIN-6: nobody lays off on gin.
        phase = Phase.MELD if gin else Phase.LAY_OFF
        return state.replace(phase=phase, to_move=state.opponent)
    if state.phase is Phase.LAY_OFF:
        return state.replace(phase=Phase.MELD)
    return _scored(state, state.knocker)


# --- The score (GIN-7, GIN-R1) ----------------------------------------------------


def knock_score(state: State) -> int:
    """What the knocker scores (GIN-7): the opponent's deadwood less their own, gin and undercut bonuses.

    Deadwood is counted for each hand's best arrangement (GIN-2). Equal
    deadwood is no undercut unless ``undercut_on_equal`` (GIN-R1).

    >>> from rummyrules import GinRummy
    >>> game = GinRummy(hand_size=3).position(
    ...     "to_move 1 meld | knocker 0 | hands / 2C 5D 9H | melds 0: 7S 8S 9S | pile KD"
    ... )
    >>> knock_score(game)
    41
    """
    rules = options(state)
    knocker = state.knocker or 0
    own = min_deadwood(state.hands[knocker])
    other = min_deadwood(state.hands[1 - knocker])
    score = other - own
    if own == 0:
        return score + rules.gin_bonus  # gin is never undercut
    if score < 0 or (score == 0 and rules.undercut_on_equal):
        return score - rules.undercut_bonus
    return score


def _scored(state: State, knocker: int | None) -> State:
    """End the hand: the knocker's score and its opposite, or 0 each for a draw.

    One hand is the game, unless the rules set a ``target``: then the next
    hand is dealt from the seed, until a player's total reaches the target,
    and that player adds the game bonus (GIN-R2).
    """
    row = [0, 0]
    if knocker is not None:
        score = knock_score(state)
        row = [score, -score] if knocker == 0 else [-score, score]
    target = options(state).target
    sheet = (*state.score_sheet, tuple(row))
    if target is not None:
        totals = [sum(scores) for scores in zip(*sheet, strict=True)]
        if max(totals) < target:
            order = shuffled(state.rules.deck(), state.seed, "round", len(sheet) + 1)
            return _dealt(
                state.rules,
                order,
                seed=state.seed,
                dealer=state.dealer,
                score_sheet=sheet,
            )
        winner = totals.index(max(totals))  # totals sum to 0: one player is ahead
        row[winner] += GAME_BONUS
        sheet = (*state.score_sheet, tuple(row))
    return state.replace(phase=Phase.OVER, to_move=None, score_sheet=sheet, taken=None)


# --- The machine ----------------------------------------------------------------


def _upcard_first(state: State, move: Move) -> Refusal:
    del state, move
    return Refusal("the first upcard is taken or passed: 'take' or 'pass'", "GIN-3")


def _draw_first(state: State, move: Move) -> Refusal:
    del state, move
    return Refusal("draw first: a turn begins with 'draw' or 'take'", "GIN-4")


def _drawn_already(state: State, move: Move) -> Refusal:
    del state, move
    return Refusal("you have drawn already: discard, or knock", "GIN-4")


def _knocked(state: State, move: Move) -> Refusal:
    del move
    if state.phase is Phase.KNOCK:
        return Refusal("after a knock, the knocker discards", "GIN-5")
    return Refusal("the knocker lays melds, then is 'done'", "GIN-5")


def _laying_off(state: State, move: Move) -> Refusal:
    del state, move
    return Refusal("lay off on the knocker's melds, then 'done'", "GIN-6")


def _melding(state: State, move: Move) -> Refusal:
    del state, move
    return Refusal("lay your melds, then 'done'", "GIN-6")


def _at_the_wall(state: State, move: Move) -> Refusal:
    del state, move
    return Refusal("at the wall, 'knock' with the upcard or 'pass'", "GIN-8")


_DISCARD: Final = Kind(
    move=Discard,
    options=discard_options,
    name=name_discard,
    play=_discard,
    checks=(keeps_knock,),
)
_MELD: Final = Kind(move=NewMeld, options=_meld_options, name=_name_meld, play=_meld)

MACHINE: Final = Machine[State](
    game="Gin Rummy",
    phases={
        Phase.UPCARD: PhaseRules(
            kinds=(
                Kind(move=Take, options=_upcard_options, name=_name_take, play=_take),
                Kind.single(Pass, play=_pass),
            ),
            refuse=_upcard_first,
        ),
        Phase.DRAW: PhaseRules(
            kinds=(
                Kind.single(Draw, play=_draw),
                Kind(
                    move=Take,
                    options=_upcard_options,
                    name=_name_take,
                    play=_take,
                    checks=(both_passed,),
                ),
            ),
            refuse=_draw_first,
        ),
        Phase.PLAY: PhaseRules(
            kinds=(_DISCARD, Kind.single(Knock, play=_knock, checks=(may_knock,))),
            refuse=_drawn_already,
        ),
        Phase.KNOCK: PhaseRules(kinds=(_DISCARD,), refuse=_knocked),
        Phase.LAY_DOWN: PhaseRules(
            kinds=(_MELD, Kind.single(Done, play=_done, checks=(knocker_done,))),
            refuse=_knocked,
        ),
        Phase.LAY_OFF: PhaseRules(
            kinds=(
                Kind(
                    move=LayOff,
                    options=_lay_off_options,
                    name=_name_lay_off,
                    play=_lay_off,
                ),
                Kind.single(Done, play=_done),
            ),
            refuse=_laying_off,
        ),
        Phase.MELD: PhaseRules(
            kinds=(_MELD, Kind.single(Done, play=_done)),
            refuse=_melding,
        ),
        Phase.WALL: PhaseRules(
            kinds=(
                Kind.single(Knock, play=_knock, checks=(may_knock,)),
                Kind.single(Pass, play=_pass),
            ),
            refuse=_at_the_wall,
        ),
    },
)
"""The one turn machine every game of Gin Rummy uses."""
