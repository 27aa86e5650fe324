"""What each move of Gin Rummy does to the state, once the rules allow it (GIN-3 … GIN-9, GIN-R2).

>>> from rummyrules import GinRummy
>>> from rummyrules.game.moves import Pass
>>> game = pass_(GinRummy().new_game(seed=3), Pass())
>>> game.passes, game.to_move
(1, 1)
"""

from __future__ import annotations

from typing import Any, Final

from rummyrules import melds
from rummyrules.core.cards import Card
from rummyrules.core.hands import hand_after
from rummyrules.core.shuffle import shuffled
from rummyrules.game.moves import Discard, Done, Draw, LayOff, NewMeld, Pass, Take
from rummyrules.game.results import RoundResult
from rummyrules.game.table import TableMeld, played_by_each
from rummyrules.games.gin_rummy.deadwood import card_points, min_deadwood
from rummyrules.games.gin_rummy.deal import deal_hand
from rummyrules.games.gin_rummy.moves import Knock
from rummyrules.games.gin_rummy.state import GinRummyPhase, GinRummyState, options
from rummyrules.melds import search as meld_search

__all__ = [
    "GAME_BONUS",
    "UPCARD_LIMIT",
    "WALL",
    "discard",
    "done",
    "draw",
    "knock",
    "knock_score",
    "lay_off",
    "meld",
    "pass_",
    "scored",
    "take",
]

State = GinRummyState
Phase = GinRummyPhase

WALL: Final = 2
"""Cards left in the stock that make the wall (GIN-8)."""
GAME_BONUS: Final = 100
"""Points for the player who reaches the ``target`` (GIN-R2)."""
UPCARD_LIMIT: Final = 50
"""Upcards drawn in a hand after which it is a draw (GIN-9, OpenSpiel's bound)."""


def draw(state: State, move: Draw) -> State:
    """Draw the top card of the stock into the hand (GIN-4).

    >>> from rummyrules import GinRummy
    >>> game = GinRummy().new_game(seed=3).apply("pass").apply("pass")
    >>> after = draw(game, Draw())
    >>> after.phase.value, len(after.hand(0)), len(after.stock) == len(game.stock) - 1
    ('play', 11, True)
    """
    del move
    return _drawn(state, state.stock[0], stock=state.stock[1:], taken=None)


def take(state: State, move: Take) -> State:
    """Take the upcard into the hand; the fiftieth upcard taken ends the hand (GIN-4, GIN-9).

    >>> from rummyrules import GinRummy
    >>> game = GinRummy().new_game(seed=3)
    >>> after = take(game, Take())
    >>> str(after.taken), after.discard_pile
    ('QH', ())
    """
    del move
    card = state.discard_pile[0]
    if state.phase is Phase.DRAW:
        upcards = state.upcards + 1
        if upcards >= UPCARD_LIMIT:  # GIN-9: the hand ends on this take
            return scored(state.replace(upcards=upcards), None, rule="GIN-9")
        state = state.replace(upcards=upcards)
    return _drawn(state, card, discard_pile=state.discard_pile[1:], taken=card)


def pass_(state: State, move: Pass) -> State:
    """GIN-3: pass the first upcard to the other player; or, at the wall, end the hand."""
    del move
    if state.phase is Phase.WALL:
        return scored(state, None, rule="GIN-8")  # a pass at the wall is a draw
    passes = state.passes + 1
    if passes == 1:
        return state.replace(passes=1, to_move=1)
    return state.replace(passes=passes, to_move=0, phase=Phase.DRAW)


def _drawn(state: State, card: Card, *, taken: Card | None, **changes: Any) -> State:
    player = state.to_move or 0
    hands = list(state.hands)
    hands[player] = hand_after(hands[player], add=[card])
    return state.replace(phase=Phase.PLAY, hands=tuple(hands), taken=taken, **changes)


def knock(state: State, move: Knock) -> State:
    """Knock: the knocker discards next; at the wall the upcard joins the hand first (GIN-5, GIN-8).

    >>> from rummyrules import GinRummy
    >>> game = GinRummy(hand_size=3).position(
    ...     "to_move 0 play | hands 7S 8S 9S KD / 2C 5D 9H | pile 4H"
    ... )
    >>> after = knock(game, Knock())
    >>> after.phase.value, after.knocker
    ('knock', 0)
    """
    del move
    player = state.to_move or 0
    if state.phase is Phase.WALL:  # GIN-8: the upcard joins the hand
        state = _drawn(
            state,
            state.discard_pile[0],
            discard_pile=state.discard_pile[1:],
            taken=None,
        )
    # The take this turn matters no more: the knocker's discard is no bounce (GIN-9).
    return state.replace(phase=Phase.KNOCK, knocker=player, taken=None)


def discard(state: State, move: Discard) -> State:
    """Discard a card: after a knock, the knocker's discard; else the turn ends (GIN-4, GIN-8, GIN-9).

    >>> from rummyrules import GinRummy
    >>> from rummyrules.game.moves import Discard
    >>> game = GinRummy().new_game(seed=3).apply("take")
    >>> after = discard(game, Discard(card=game.hand(0)[0]))
    >>> after.to_move, after.phase.value
    (1, 'draw')
    """
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
        return scored(state.replace(turns=state.turns + 1), None, rule="GIN-9")
    state = state.replace(bounced=bounced, taken=None, turns=state.turns + 1)
    limit = options(state).max_turns
    if limit is not None and state.turns >= limit:
        return scored(state, None, rule="ALL-5", last=True)  # the limit ends the game
    phase = Phase.WALL if len(state.stock) <= WALL else Phase.DRAW  # GIN-8
    return state.replace(phase=phase, to_move=1 - player)


def meld(state: State, move: NewMeld) -> State:
    """Lay a meld from the hand on the table (GIN-5, GIN-6).

    >>> from rummyrules import GinRummy, parse_move
    >>> game = GinRummy(hand_size=3).position(
    ...     "to_move 0 laydown | knocker 0 | hands 7S 8S 9S / 2C 5D 9H | pile KD"
    ... )
    >>> str(meld(game, parse_move("meld 7S 8S 9S")).melds[0])
    '7S 8S 9S'
    """
    player = state.to_move or 0
    (meld,) = melds.readings(move.cards, state.rules.meld_rules, declared=move.declared)
    hands = list(state.hands)
    hands[player] = hand_after(hands[player], take=move.cards)
    return state.replace(
        hands=tuple(hands), melds=(*state.melds, TableMeld.laid(meld, owner=player))
    )


def lay_off(state: State, move: LayOff) -> State:
    """Lay a card off on one of the knocker's melds, credited to the opponent (GIN-6).

    >>> from rummyrules import GinRummy, parse_move
    >>> game = GinRummy(hand_size=4).position(
    ...     "to_move 1 layoff | knocker 0 | hands 2C / 10S 5D 6S 9H"
    ...     " | melds 0: 7S 8S 9S | pile 4H"
    ... )
    >>> str(lay_off(game, parse_move("lay 10S on 1")).melds[0])
    '7S 8S 9S 10S'
    """
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


def done(state: State, move: Done) -> State:
    """End a step after the knock: the knocker's melds, the lay-offs, the opponent's melds (GIN-5, GIN-6).

    >>> from rummyrules import GinRummy
    >>> game = GinRummy(hand_size=4).position(
    ...     "to_move 0 laydown | knocker 0 | hands 2C / AH 5D 9H JC | melds 0: 7S 8S 9S"
    ...     " | pile KD"
    ... )
    >>> after = done(game, Done())
    >>> after.phase.value, after.to_move
    ('layoff', 1)
    """
    del move
    if state.phase is Phase.LAY_DOWN:
        gin = min_deadwood(state.hands[state.knocker or 0]) == 0
        # GIN-6: nobody lays off on gin.
        phase = Phase.MELD if gin else Phase.LAY_OFF
        return state.replace(phase=phase, to_move=state.opponent)
    if state.phase is Phase.LAY_OFF:
        return state.replace(phase=Phase.MELD)
    return scored(state, state.knocker, rule="GIN-7")


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


def scored(
    state: State, knocker: int | None, *, rule: str, last: bool = False
) -> State:
    """End the hand: the knocker's score and its opposite, or 0 each for a draw.

    One hand is the game, unless the rules set a ``target``: then the next
    hand is dealt from the seed, until a player's total reaches the target,
    and that player adds the game bonus (GIN-R2). ``last`` ends the game
    even short of the target: ``max_turns`` counts the turns of every hand
    (ALL-5), so that a game to a target ends too.
    """
    row = [0, 0]
    bonus = [0, 0]
    if knocker is not None:
        score = knock_score(state)
        row = [score, -score] if knocker == 0 else [-score, score]
        bonus = _bonuses(state, knocker)
    target = options(state).target
    sheet = (*state.score_sheet, tuple(row))
    if target is not None:
        totals = [sum(scores) for scores in zip(*sheet, strict=True)]
        if max(totals) >= target:
            winner = totals.index(max(totals))  # totals sum to 0: one is ahead
            row[winner] += GAME_BONUS
            bonus[winner] += GAME_BONUS
            sheet = (*state.score_sheet, tuple(row))
        elif not last:
            order = shuffled(state.rules.deck(), state.seed, "round", len(sheet) + 1)
            dealt = deal_hand(
                state.rules,
                order,
                seed=state.seed,
                score_sheet=sheet,
                turns=state.turns,
            )
            result = _result(state, knocker, row, bonus, rule)
            return dealt.replace(round_results=(result,))  # the last hand's only
    result = _result(state, knocker, row, bonus, rule)
    return state.replace(
        phase=Phase.OVER,
        to_move=None,
        score_sheet=sheet,
        taken=None,
        round_results=(result,),
    )


def _bonuses(state: State, knocker: int) -> list[int]:
    """The gin or undercut bonus in the knock's score, to whom it goes (GIN-7, GIN-R1)."""
    rules = options(state)
    bonus = [0, 0]
    own = min_deadwood(state.hands[knocker])
    other = min_deadwood(state.hands[1 - knocker])
    if own == 0:
        bonus[knocker] = rules.gin_bonus
    elif other < own or (other == own and rules.undercut_on_equal):
        bonus[1 - knocker] = rules.undercut_bonus
    return bonus


def _result(
    state: State, knocker: int | None, row: list[int], bonus: list[int], rule: str
) -> RoundResult:
    """The hand as it was counted: each hand's deadwood and the points laid (GIN-7)."""
    played = played_by_each(state.melds, 2, card_points)
    return RoundResult(
        round=len(state.score_sheet) + 1,
        hands=state.hands,
        melded=tuple(played),
        in_hand=tuple(min_deadwood(hand) for hand in state.hands),
        bonus=tuple(bonus),
        net=tuple(row),
        went_out=knocker,
        rule=rule,
    )
