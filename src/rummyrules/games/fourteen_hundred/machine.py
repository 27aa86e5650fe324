"""1400, played: the deal, the rules of a turn, and what each move does.

The round opens on the first upcard (``opening``, F14-6/7): in turn, each
player takes it and melds it at once, or passes. Then each turn is a draw
(``draw``: the stock, or any discard with every card above it, F14-8) and
plays (``play``: melds and lay-offs, then a discard, F14-9/10). A discard
that fits a meld on the table may be claimed out of turn until the next
player draws (F14-12). A player who plays their last card without a
discard hands the next player a last draw and plays (``last``, F14-13).
Each rule is one function below that both lists and refuses
(:mod:`rummyrules.game.machine`).

>>> from rummyrules import FourteenHundred
>>> game = FourteenHundred(players=2).new_game(seed=3)
>>> game.phase
<FourteenHundredPhase.OPENING: 'opening'>
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import attrs

from rummyrules import melds
from rummyrules.core.cards import Card, Rank
from rummyrules.core.errors import OptionError
from rummyrules.core.hands import hand_after, sorted_hand
from rummyrules.game import rummy500, rummy500_melding
from rummyrules.game.dealing import can_draw, rebuilt_stock
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
    Claim,
    Discard,
    Done,
    Draw,
    LayOff,
    Move,
    NewMeld,
    Pass,
    Take,
    take_of,
)
from rummyrules.game.state import GameState, PlayableRules
from rummyrules.game.turns import discard_options, name_discard
from rummyrules.games.fourteen_hundred.state import (
    FourteenHundredPhase,
    FourteenHundredState,
    FourteenHundredTurn,
    options,
)
from rummyrules.melds import MeldRules
from rummyrules.melds import search as meld_search

__all__ = ["MACHINE", "deal", "hand_size", "new_game"]

State = FourteenHundredState
Phase = FourteenHundredPhase


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


# --- The deal -------------------------------------------------------------------


def new_game(
    rules: PlayableRules[Any],
    *,
    seed: int = 0,
    deck: Sequence[Card] | None = None,
    dealer: int = 0,
) -> State:
    """Deal the first round, from the seed or from a whole stacked deck (top first).

    >>> from rummyrules import FourteenHundred
    >>> new_game(FourteenHundred(), seed=8) == FourteenHundred().new_game(seed=8)
    True
    """
    first = rummy500.start(rules, deal, seed=seed, deck=deck, dealer=dealer)
    if not isinstance(first, State):  # pragma: no cover - deal makes this game's state
        raise TypeError(first)
    return first


def deal(
    rules: Any,
    order: Sequence[Card],
    *,
    seed: int,
    dealer: int,
    sheet: tuple[tuple[int, ...], ...],
) -> State:
    """Deal one round from the deck order (F14-3, F14-4, F14-5).

    From the dealer's left each player's first card, face up, sets how many
    cards they get, itself included. Then one card, face up, sets the wild
    rank: it is dealt to the player on the dealer's left (F14-R3), or stays
    on the table as a marker. Then one card starts the discard pile.

    >>> from rummyrules import FourteenHundred
    >>> rules = FourteenHundred(players=2)
    >>> game = deal(rules, rules.deck(), seed=0, dealer=0, sheet=())
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
    return State(
        rules=rules,
        seed=seed,
        dealer=dealer,
        wild=wild_card.rank,
        face_up=wild_card if rules.wild_card_dealt else None,
        marker=None if rules.wild_card_dealt else wild_card,
        hands=tuple(sorted_hand(hand) for hand in hands),
        stock=tuple(order[top + 2 :]),
        discard_pile=(upcard,),
        score_sheet=sheet,
        phase=Phase.OPENING,
        to_move=left,
    )


# --- The opening (F14-6, F14-7) ---------------------------------------------------


def _can_use_upcard(state: State) -> bool:
    upcard = state.discard_pile[0]
    return bool(_uses(state, state.to_move or 0, upcard, [upcard]))


def _uses(
    state: State, player: int, card: Card, extra: Sequence[Card]
) -> list[NewMeld]:
    """The new melds that hold ``card`` and can be made with ``extra`` added to the hand."""
    hand = hand_after(state.hands[player], add=extra)
    found = meld_search.find_melds(hand, state.rules.meld_rules, wild=state.wild)
    return [NewMeld.of(meld) for meld in found if card in meld.cards]


def _upcard_option(state: State, player: int) -> tuple[Take]:
    del state, player
    return (Take(),)


def _name_upcard(state: State, move: Take, player: int) -> list[Take]:
    del player
    upcard = state.discard_pile[0]
    if move.card not in {None, upcard}:
        raise refuse(f"only the upcard {upcard} may be taken now", "F14-6")
    return [Take()]


def _upcard_usable(state: State) -> Test[Take] | None:
    """F14-6: the first upcard is taken only to meld it at once."""
    if state.memo(_can_use_upcard):
        return None
    refusal = Refusal(
        f"you can make no meld with {state.discard_pile[0]}, so you must pass", "F14-6"
    )
    return refuses_all(refusal)


def _may_pass(state: State) -> Test[Pass] | None:
    """F14-R5: a player who can use the first upcard must (unless any may pass)."""
    if options(state).pass_freely or not state.memo(_can_use_upcard):
        return None
    refusal = Refusal(
        f"you can use {state.discard_pile[0]} in a meld, so you may not pass", "F14-R5"
    )
    return refuses_all(refusal)


# --- The draw (F14-8, F14-9) --------------------------------------------------------


def _take_options(state: State, player: int) -> list[Take]:
    del player
    seen: set[Card] = set()
    found: list[Take] = []
    for depth, card in enumerate(state.discard_pile):
        if card not in seen:
            seen.add(card)
            found.append(take_of(None if depth == 0 else card))
    return found


def _name_take(state: State, move: Take, player: int) -> list[Take]:
    del player
    pile = state.discard_pile
    if move.card is not None and move.card not in pile:
        raise refuse(f"there is no {move.card} in the discard pile", "F14-8")
    if not pile:
        raise refuse("the discard pile is empty", "F14-8")
    if move.card is None or move.card == pile[0]:
        return [Take()]
    return [move]


def _usable(state: State) -> Test[Take]:
    """F14-9 with ALL-2: a discard is taken only if it can then be used this turn."""
    meld_first = _needs_meld(state, state.to_move or 0) is not None

    def _melds_first(hand: Sequence[Card]) -> list[NewMeld]:
        """The new melds a player who is not down could lay first, leaving the card."""
        found = meld_search.find_melds(hand, state.rules.meld_rules, wild=state.wild)
        return [NewMeld.of(meld) for meld in found]

    def test(move: Take) -> Refusal | None:
        player = state.to_move or 0
        pile = state.discard_pile
        depth = 0 if move.card is None else pile.index(move.card)
        card = pile[depth]
        taken = pile[: depth + 1]
        if _fits_table(state, player, card) or _can_meld(state, player, card, taken):
            return None
        # F14-R7: a player who must meld before laying off may meld first.
        if meld_first:
            hand = hand_after(hand_after(state.hands[player], add=taken), take=[card])
            if any(_meld_then_lay(state, meld, card) for meld in _melds_first(hand)):
                return None
        return Refusal(
            f"you could not use {card} in a meld or lay-off this turn, so you may not "
            "take it",
            "F14-9",
        )

    return test


def _fits_table(state: State, player: int, card: Card) -> bool:
    if _needs_meld(state, player) is not None:
        return False
    meld_rules, wild = state.rules.meld_rules, state.wild
    return any(
        meld_search.layoff_options(card, meld.meld, meld_rules, wild)
        for meld in state.melds
    )


def _meld_then_lay(state: State, move: NewMeld, card: Card) -> bool:
    """Whether, once this meld is laid, the card can be laid off (F14-9 with F14-R7)."""
    meld_rules, wild = state.rules.meld_rules, state.wild
    (laid,) = melds.readings(move.cards, meld_rules, wild=wild, declared=move.declared)
    return any(
        meld_search.layoff_options(card, meld, meld_rules, wild)
        for meld in (laid, *(table_meld.meld for table_meld in state.melds))
    )


def _can_meld(state: State, player: int, card: Card, taken: Sequence[Card]) -> bool:
    """Whether a new meld holding ``card`` can be made from the hand and the cards taken.

    Any meld holding the card holds three cards that are already a meld, so
    it is enough to try the card with pairs of the cards that could sit
    beside it: its rank, its suit near it, and wilds.
    """
    meld_rules, wild = state.rules.meld_rules, state.wild
    if melds.is_wild(card, wild):
        return bool(_uses(state, player, card, taken))  # rare: the full search
    others = list(state.hands[player]) + list(taken)
    others.remove(card)
    near = [
        other
        for other in others
        if melds.is_wild(other, wild)
        or other.rank is card.rank
        or (other.suit is card.suit and _close(other, card, meld_rules))
    ]
    candidates = sorted_hand(near)
    return any(
        melds.readings((card, first, second), meld_rules, wild=wild)
        for i, first in enumerate(candidates)
        for second in candidates[i + 1 :]
    )


def _close(one: Card, other: Card, meld_rules: MeldRules) -> bool:
    """Whether two cards of a suit stand within two places of each other in a run."""
    if one.rank is None or other.rank is None:  # pragma: no cover - naturals only
        return False
    return any(
        abs(p - q) <= 2
        for p in meld_rules.places[one.rank]
        for q in meld_rules.places[other.rank]
    )


# --- Claims (F14-12, F14-R9) ------------------------------------------------------


def _may_claim(state: State, player: int, card: Card) -> Refusal | None:
    """F14-12, F14-R9: the last discard, claimed by a player who is down and did not discard it."""
    if state.claim is None or card != state.claim:
        return Refusal(
            f"{card} is not the last discard, or its claim has passed", "F14-R9"
        )
    if player == state.discarder:
        return Refusal("you cannot claim your own discard", "F14-12")
    if not state.melded[player]:
        return Refusal("only a player who is down may claim a discard", "F14-12")
    return None


def _claim_options(state: State, player: int) -> list[Claim]:
    card = state.claim
    if card is None or _may_claim(state, player, card) is not None:
        return []
    meld_rules, wild = state.rules.meld_rules, state.wild
    return [
        Claim(player=player, card=card, declared=option.stands_for, meld=number)
        for number, meld in enumerate(state.melds, start=1)
        for option in meld_search.layoff_options(card, meld.meld, meld_rules, wild)
    ]


def _name_claim(state: State, move: Claim, player: int) -> list[Claim]:
    """The claim a move names: a lay-off of the last discard (F14-R9)."""
    if move.player is None:
        raise refuse("a claim names its player, as in '2: claim 7H on 3'", "F14-12")
    refusal = _may_claim(state, player, move.card)
    if refusal is not None:
        raise refusal.error()
    return rummy500_melding.fit_on_meld(state, move)


# --- Plays (F14-6, F14-9, F14-10, F14-R7) ------------------------------------------


def _needs_meld(state: State, player: int) -> Refusal | None:
    """F14-R7: under the option, a player lays off only once down."""
    if state.melded[player] or not options(state).lay_off_needs_meld:
        return None
    return Refusal(
        "these rules ask for a meld of your own before you lay off", "F14-R7"
    )


def _upcard_pending(state: State, player: int) -> Refusal | None:
    """F14-6: the first upcard taken goes into a new meld before anything else."""
    del player
    card = state.turn.must_meld
    if card is None:
        return None
    return Refusal(
        f"you took the upcard {card}, so you must lay it in a new meld at once", "F14-6"
    )


def _card_pending(state: State, player: int) -> Refusal | None:
    """F14-9: the card chosen from the pile is played before the turn ends."""
    del player
    card = state.turn.must_use
    if card is None:
        return None
    return Refusal(
        f"you took {card} from the discard pile, so your next play must use it",
        "F14-9",
    )


def _upcard_meld(state: State) -> Test[NewMeld] | None:
    """F14-6: while the first upcard waits, only a new meld holding it may be laid."""
    card = state.turn.must_meld
    refusal = _upcard_pending(state, state.to_move or 0)
    if card is None or refusal is None:
        return None
    return lambda move: None if card in move.cards else refusal


def _uses_card(state: State) -> Test[NewMeld | LayOff] | None:
    """F14-9: the next play uses the card chosen from the pile.

    A ruling: it is never left behind other plays, except that a player who
    must meld before laying off (F14-R7) melds first to lay it off after.
    """
    card = state.turn.must_use
    refusal = _card_pending(state, state.to_move or 0)
    if card is None or refusal is None:
        return None
    meld_first = _needs_meld(state, state.to_move or 0) is not None

    def test(move: NewMeld | LayOff) -> Refusal | None:
        if isinstance(move, NewMeld):
            if card in move.cards or (meld_first and _meld_then_lay(state, move, card)):
                return None
        elif move.card == card:
            return None
        return refusal

    return test


def _last_draw(state: State) -> Test[Draw] | None:
    """F14-13 with F14-R10: one last draw, when there is a card to draw."""
    if state.turn.drew:
        refusal = Refusal("the last draw is one card from the stock", "F14-13")
    elif not can_draw(state, options(state).stock_out):
        refusal = Refusal(
            "the stock is empty and cannot be rebuilt: nothing is left to draw, "
            "so make your last plays and end them with 'done'",
            "F14-R10",
        )
    else:
        return None
    return refuses_all(refusal)


# --- What each move does ----------------------------------------------------------


def _pass(state: State, move: Pass) -> State:
    del move
    passes = state.passes + 1
    if passes >= state.players:
        return _all_passed(state)  # F14-7
    return state.replace(
        passes=passes, to_move=((state.to_move or 0) + 1) % state.players
    )


def _all_passed(state: State) -> State:
    """F14-7: nobody used the upcard; each player adds their hand's value."""
    value = state.rules.card_value
    row = tuple(
        sum(value(card, wild=state.wild) for card in hand) for hand in state.hands
    )
    return _score(state, row)


def _draw(state: State, move: Draw) -> State:
    del move
    state = _closed(state)
    if not state.stock:
        state = rebuilt_stock(state, options(state).stock_out)
        if not state.stock:
            return _end_round(state)  # F14-R10: nothing left to draw
    player = state.to_move or 0
    hands = list(state.hands)
    hands[player] = hand_after(hands[player], add=state.stock[:1])
    phase = Phase.LAST if state.phase == Phase.LAST else Phase.PLAY
    return state.replace(
        hands=tuple(hands),
        stock=state.stock[1:],
        phase=phase,
        turn=FourteenHundredTurn(drew=True),
    )


def _take(state: State, move: Take) -> State:
    state = _closed(state)
    player = state.to_move or 0
    pile = state.discard_pile
    depth = 0 if move.card is None else pile.index(move.card)
    chosen = pile[depth]
    hands = list(state.hands)
    hands[player] = hand_after(hands[player], add=pile[: depth + 1])
    opening = state.phase == Phase.OPENING
    turn = FourteenHundredTurn(
        taken=chosen, must_meld=chosen if opening else None, must_use=chosen
    )
    return state.replace(
        hands=tuple(hands), discard_pile=pile[depth + 1 :], phase=Phase.PLAY, turn=turn
    )


def _closed(state: State) -> State:
    """Any move but a claim closes the window for claiming the last discard (F14-R9)."""
    if state.claim is None:
        return state
    return state.replace(claim=None, discarder=None)


def _meld(state: State, move: NewMeld) -> State:
    after = rummy500_melding.play_meld(state, move, state.to_move or 0)
    return _after_play(after, move.cards)


def _lay(state: State, move: LayOff) -> State:
    return _after_play(
        rummy500_melding.lay_off(state, move, state.to_move or 0), (move.card,)
    )


def _after_play(state: State, played: Sequence[Card]) -> State:
    turn = state.turn
    if turn.must_use is not None and turn.must_use in played:
        state = state.replace(turn=attrs.evolve(turn, must_use=None, must_meld=None))
    player = state.to_move or 0
    if state.hands[player]:
        return state
    if state.phase == Phase.LAST:
        return _end_round(state)
    # F14-13: out without a discard; the next player has a last draw and plays.
    # No max_turns check here (a ruling): those plays are owed even past the
    # limit, and they are one turn that always ends the round (ALL-5).
    return state.replace(
        out=player,
        phase=Phase.LAST,
        to_move=(player + 1) % state.players,
        turn=FourteenHundredTurn(),
        turns=state.turns + 1,
    )


def _discard(state: State, move: Discard) -> State:
    player = state.to_move or 0
    card = move.card
    hands = list(state.hands)
    hands[player] = hand_after(hands[player], take=[card])
    pile = (card, *state.discard_pile)
    face_up = rummy500.face_up_after(state, hands)
    if not hands[player]:  # F14-13: out with a discard ends the round at once
        return _end_round(
            state.replace(
                hands=tuple(hands), discard_pile=pile, out=player, face_up=face_up
            )
        )
    meld_rules, wild = state.rules.meld_rules, state.wild
    fits = any(
        meld_search.layoff_options(card, meld.meld, meld_rules, wild)
        for meld in state.melds
    )
    return _next_turn(
        state,
        hands=tuple(hands),
        discard_pile=pile,
        claim=card if fits else None,
        discarder=player if fits else None,
        face_up=face_up,
    )


def _next_turn(state: State, **changes: Any) -> State:
    turns = state.turns + 1
    limit = options(state).max_turns
    if limit is not None and turns >= limit:
        return _end_round(state.replace(turns=turns, **changes))  # ALL-5
    return state.replace(
        phase=Phase.DRAW,
        to_move=((state.to_move or 0) + 1) % state.players,
        turn=FourteenHundredTurn(),
        turns=turns,
        **changes,
    )


def _claim(state: State, move: Claim) -> State:
    """F14-12, F14-R9: the claimant lays the discard off; the turn order stays."""
    claimant = state.to_move if move.player is None else move.player
    hands = list(state.hands)
    hands[claimant or 0] = hand_after(hands[claimant or 0], add=[move.card])
    taken = state.replace(
        hands=tuple(hands),
        discard_pile=state.discard_pile[1:],
        claim=None,
        discarder=None,
    )
    lay = LayOff(card=move.card, declared=move.declared, meld=move.meld)
    return rummy500_melding.lay_off(taken, lay, claimant or 0)


def _done(state: State, move: Done) -> State:
    del move
    return _end_round(state)


def _end_round(state: State) -> State:
    """Score the round: played minus hand (F14-14)."""
    return _score(state, rummy500.round_scores(state))


def _score(state: State, row: tuple[int, ...]) -> State:
    """Add a row to the score sheet; end the game at the target (F14-15) or deal again."""
    state = rummy500.add_row(state, row)
    if max(state.scores) >= options(state).target:
        return state.replace(
            phase=Phase.OVER,
            to_move=None,
            turn=FourteenHundredTurn(),
            claim=None,
            discarder=None,
        )
    following = rummy500.next_round(state, deal)  # F14-R4
    if not isinstance(
        following, State
    ):  # pragma: no cover - deal makes this game's state
        raise TypeError(following)
    return following


# --- The machine ------------------------------------------------------------------


def _opening_only(state: GameState, move: Move) -> Refusal:
    del state, move
    return Refusal(
        "the round opens on the upcard: take it and meld it at once, or pass", "F14-6"
    )


def _draw_first(state: GameState, move: Move) -> Refusal:
    del state
    if isinstance(move, Pass):
        return Refusal("pass is only for the first upcard", "F14-6")
    return Refusal("draw first: from the stock or the discard pile", "F14-8")


def _drawn_already(state: GameState, move: Move) -> Refusal:
    del state
    if isinstance(move, Pass):
        return Refusal("pass is only for the first upcard", "F14-6")
    if isinstance(move, Done):
        return Refusal(
            "'done' ends only the last plays; discard to end a turn", "F14-13"
        )
    return Refusal("you have drawn already this turn", "F14-8")


def _last_plays(state: GameState, move: Move) -> Refusal:
    del state
    if isinstance(move, Pass):
        return Refusal("pass is only for the first upcard", "F14-6")
    if isinstance(move, Discard):
        return Refusal("the last plays end with 'done', not a discard", "F14-13")
    return Refusal("the last draw is one card from the stock", "F14-13")


_CLAIM: Final = Kind(
    move=Claim,
    options=_claim_options,
    name=_name_claim,
    play=_claim,
    anyone=True,
)
_DRAW: Final = Kind.single(
    Draw,
    play=_draw,
)
_MELD: Final = Kind(
    move=NewMeld,
    options=rummy500_melding.meld_options,
    name=rummy500_melding.name_meld,
    play=_meld,
    checks=(_upcard_meld, _uses_card),
)
_LAY_OFF: Final = Kind(
    move=LayOff,
    options=rummy500_melding.lay_off_options,
    name=rummy500_melding.name_lay_off,
    play=_lay,
    gates=(_needs_meld, _upcard_pending),
    checks=(_uses_card,),
)

MACHINE: Final = Machine[State](
    game="1400",
    phases={
        Phase.OPENING: PhaseRules(
            kinds=(
                Kind(
                    move=Take,
                    options=_upcard_option,
                    name=_name_upcard,
                    play=_take,
                    checks=(_upcard_usable,),
                ),
                Kind.single(
                    Pass,
                    play=_pass,
                    checks=(_may_pass,),
                ),
            ),
            refuse=_opening_only,
        ),
        Phase.DRAW: PhaseRules(
            kinds=(
                _CLAIM,
                _DRAW,
                Kind(
                    move=Take,
                    options=_take_options,
                    name=_name_take,
                    play=_take,
                    checks=(_usable,),
                ),
            ),
            refuse=_draw_first,
        ),
        Phase.PLAY: PhaseRules(
            kinds=(
                _MELD,
                _LAY_OFF,
                Kind(
                    move=Discard,
                    options=discard_options,
                    name=name_discard,
                    play=_discard,
                    gates=(_upcard_pending, _card_pending),
                ),
            ),
            refuse=_drawn_already,
        ),
        Phase.LAST: PhaseRules(
            kinds=(
                Kind.single(
                    Draw,
                    play=_draw,
                    checks=(_last_draw,),
                ),
                _MELD,
                _LAY_OFF,
                Kind.single(
                    Done,
                    play=_done,
                ),
            ),
            refuse=_last_plays,
        ),
    },
    anyone=(_CLAIM,),
)
"""The one turn machine every 1400 game uses."""
