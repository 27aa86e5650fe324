"""What some cards of a hand would make: the moves that play exactly them, and why the others are refused.

A player picks cards before choosing a move. :func:`explain_selection` asks
the game about those cards, the way a player would, through its notation
and :meth:`~rummyrules.GameState.apply`, for the player who picked them:

* the *moves*: the listed legal moves (:meth:`~rummyrules.GameState.legal_moves`
  for that player) whose cards from the hand are exactly the ones picked;
* the *refusals*: each *candidate* move built from the cards, in the
  notation (one card: lay it off on each meld on the table, numbered as the
  notation numbers them, discard it, and knock, which discards it next;
  more: meld them, and go out with them), that the game refuses, with the
  library's sentence and rule ID. A text the game has no move for (``out``
  in End of the Page, ``knock`` but in Gin Rummy) is no candidate of that
  game; a candidate the game accepts is no refusal;
* the *check*: whether the cards are a meld under this game's meld rules
  and the round's wild (:meth:`~rummyrules.Rules.check_meld`).

Nothing here knows which game it is playing: a game is asked, never
recognised. Each candidate is read and tried like a move the player sent,
so a meld played out of turn is refused with the turn's rule, and a wild
left undeclared is refused (or accepted) as typed.

>>> from rummyrules import EndOfThePage
>>> game = EndOfThePage().position(
...     "wild 5 | to_move 0 play | hands 9S 5H 5D QS KS 7S 8S / 3C 3D 4H | pile QH"
...     " | had_turn 0"
... )
>>> found = explain_selection(game, 0, ["7S", "8S", "9S"])
>>> [str(move) for move in found.moves], found.refusals, found.check.ok
(['meld 7S 8S 9S'], (), True)
>>> found = explain_selection(game, 0, "9S 5H 5D QS KS")
>>> found.moves, [(str(r.move), r.rule) for r in found.refusals]
((), [('meld 5H 5D 9S QS KS', 'EOP-8')])
>>> print(found.refusals[0].reason)
wild cards 5H and 5D have only 0 natural cards between them; End of the Page needs 2
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

import attrs

from rummyrules.core.cards import Card, read_cards
from rummyrules.core.errors import IllegalMoveError, MoveParseError, RummyRulesError
from rummyrules.core.hands import lacking, sorted_hand
from rummyrules.game.moves import Move
from rummyrules.game.notation import parse_move
from rummyrules.game.state import GameState
from rummyrules.game.to_move import seated_player
from rummyrules.melds import MeldCheck

__all__ = [
    "RefusedMove",
    "Selection",
    "SelectionError",
    "explain_selection",
    "hand_cards",
    "verb_of",
]


class SelectionError(RummyRulesError):
    """Cards that are no selection from the player's hand: too many, or some not held.

    ``rule`` is the rule ID the sentence rests on, if any (a card not held
    is ALL-1: no move makes a card out of nothing).

    >>> error = SelectionError("you do not hold 7S", rule="ALL-1")
    >>> str(error), error.rule
    ('you do not hold 7S (ALL-1)', 'ALL-1')
    """

    def __init__(self, reason: str, *, rule: str | None = None) -> None:
        super().__init__(reason if rule is None else f"{reason} ({rule})")
        self.reason = reason
        self.rule = rule


@attrs.frozen(kw_only=True)
class RefusedMove:
    """A candidate move of a selection, and why the game refuses it.

    Attributes:
        move: The candidate, as the player would send it (no player's
            number: the player who picked the cards makes it).
        reason: The library's sentence, without the rule ID.
        rule: The ID of the rule that refuses it.

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=1)  # player 1 draws first
    >>> (refused,) = explain_selection(game, 1, ["3H"]).refusals
    >>> str(refused.move), refused.rule
    ('discard 3H', 'EOP-5')
    """

    move: Move
    reason: str
    rule: str


@attrs.frozen(kw_only=True)
class Selection:
    """What a player's selected cards would make (see :func:`explain_selection`).

    Attributes:
        player: Who selected them.
        cards: The cards selected, in the order given.
        moves: The listed legal moves whose cards from the hand are exactly
            these (:func:`~rummyrules.game.selection.hand_cards`), in the listing's order.
        refusals: Each candidate move of these cards that the game refuses,
            in the order tried: of one card, lay it off on meld 1, 2, …,
            discard it and knock; of more, meld them and go out with them.
        check: Whether the cards make a meld under the game's meld rules
            and the round's wild, and if not, why not.

    >>> from rummyrules import GinRummy
    >>> game = GinRummy(hand_size=4).position(
    ...     "to_move 0 play | hands 7S 8S 9S 2C KD / AH 5D 9H JC | pile 4H"
    ... )
    >>> found = explain_selection(game, 0, ["7S", "8S", "9S"])
    >>> found.moves, found.check.ok, [r.rule for r in found.refusals]
    ((), True, ['GIN-4'])
    >>> print(found.refusals[0].reason)  # melds are laid once knocked
    you have drawn already: discard, or knock
    """

    player: int
    cards: tuple[Card, ...]
    moves: tuple[Move, ...]
    refusals: tuple[RefusedMove, ...]
    check: MeldCheck


def hand_cards(move: Move) -> tuple[Card, ...]:
    """The cards of the mover's hand that a move plays: what it lays and discards.

    A take's card and a claim's card come from the discard pile, not the
    hand (F14-8, F14-12); going out plays its melds' cards and the card it
    discards (GOR-7).

    >>> from rummyrules import parse_move
    >>> [str(c) for c in hand_cards(parse_move("out 7S 7H 7D discard KC"))]
    ['7S', '7H', '7D', 'KC']
    >>> hand_cards(parse_move("1: claim 7H on 3")), hand_cards(parse_move("take 7H"))
    ((), ())
    """
    return move.moved() if move.from_hand else ()


def verb_of(move: Move) -> str:
    """The first word of a move's text, after any player's number: ``meld``, ``lay``, ``out``.

    >>> from rummyrules import parse_move
    >>> verb_of(parse_move("2: claim 7H on 3")), verb_of(parse_move("lay 3C on 1"))
    ('claim', 'lay')
    """
    return str(attrs.evolve(move, player=None)).split(maxsplit=1)[0]


def explain_selection(
    state: GameState, player: int, cards: str | Sequence[Card | str]
) -> Selection:
    """What ``player``'s selected ``cards`` would make now, and why each candidate move is refused.

    ``cards`` are cards of the player's hand, as Cards or card text, each
    copy at most as often as the hand holds it. More cards than the hand
    holds, none at all, or a card the hand lacks raises
    :class:`SelectionError`; text that is no card raises
    :class:`~rummyrules.CardParseError`. The state is not changed (states
    never are): each candidate is tried and its outcome kept. The work is a
    pass over the listed moves and one try of each candidate, whose number
    grows with the melds on the table, not with the selection.

    >>> from rummyrules import FourteenHundred
    >>> game = FourteenHundred(players=2).position(
    ...     "wild 3 | to_move 1 play | hands 7S 8S 9S / 2C 7D 8D 9D 10D | melds 0: 4C 5C 6C"
    ...     " | pile KD"
    ... )
    >>> found = explain_selection(game, 1, ["2C"])
    >>> [str(move) for move in found.moves], [str(r.move) for r in found.refusals]
    (['discard 2C'], ['lay 2C on 1'])
    >>> found.refusals[0].rule, found.check.rule
    ('MELD-3', 'F14-10')
    >>> explain_selection(game, 1, ["7S"])
    Traceback (most recent call last):
    ...
    rummyrules.SelectionError: you do not hold 7S (ALL-1)
    """
    seat = seated_player(state, player)
    hand = state.hands[seat]
    picked = _read(cards, hand)
    ordered = sorted_hand(picked)  # the notation writes cards as hands are shown
    wanted = Counter(picked)
    moves = tuple(
        move
        for move in state.legal_moves(seat)
        if len(played := hand_cards(move)) == len(picked) and Counter(played) == wanted
    )
    refusals = tuple(
        refused
        for candidate in _candidates(state, seat, ordered)
        if (refused := _try(state, seat, candidate)) is not None
    )
    check = state.rules.check_meld(ordered, wild=state.wild)
    return Selection(
        player=seat, cards=picked, moves=moves, refusals=refusals, check=check
    )


def _read(cards: str | Sequence[Card | str], hand: Sequence[Card]) -> tuple[Card, ...]:
    """The cards selected, refused before any is read when there are more than the hand."""
    count = len(cards.split()) if isinstance(cards, str) else len(cards)
    if count > len(hand):
        raise SelectionError(
            f"{count} cards are selected, but the hand holds {len(hand)}"
        )
    picked = read_cards(cards, name="cards")
    if not picked:
        raise SelectionError("select at least one card of the hand")
    missing = lacking(hand, picked)
    if missing is not None:
        raise SelectionError(f"you do not hold {missing}", rule="ALL-1")
    return picked


def _candidates(state: GameState, player: int, cards: Sequence[Card]) -> Iterator[Move]:
    """The moves the game's notation makes of the cards, those this game has."""
    text = " ".join(map(str, cards))
    if len(cards) == 1:  # one card is laid off or discarded, never a meld alone
        texts = [f"lay {text} on {number}" for number in range(1, len(state.melds) + 1)]
        texts.append(f"discard {text}")
    else:
        texts = [f"meld {text}", f"out {text}"]
    machine = state.rules.machine
    for each in texts:
        try:
            move = parse_move(each)
        except MoveParseError:  # pragma: no cover - every text above is notation
            continue
        if type(move) in machine.moves:
            yield move
    phase = machine.phases.get(state.phase)
    if len(cards) == 1 and phase is not None and player == state.to_move:
        # A knock plays no card but discards one next (GIN-5): a candidate
        # of one card where this phase of the game takes one, not elsewhere.
        knock = parse_move("knock")
        if type(knock) in phase.by_move:
            yield knock


def _try(state: GameState, player: int, move: Move) -> RefusedMove | None:
    """The refusal of the move sent by ``player``; None if the game accepts it."""
    try:
        state.apply(move, player=player)
    except IllegalMoveError as error:
        return RefusedMove(move=move, reason=error.reason, rule=error.rule)
    return None
