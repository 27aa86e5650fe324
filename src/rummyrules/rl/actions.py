"""Fixed integer actions: every move of a game as a short sequence of small steps.

A move of the library is one action or a few, always in the same order (a
*token sequence*): a word that starts it, then its cards, what each wild card
stands for, and where it goes. Every index means the same thing in every
state of a game; only the meld slots' number depends on the game (one per
three cards of its deck, more than can ever lie on the table).

==========================  ===================================================
move                        actions
==========================  ===================================================
``draw``                    ``draw``
``take`` (the top card)     ``take``
``take 7H`` (1400, EOP)     ``take card 7H``
``discard 7H``              ``discard 7H``
``pass``, ``done``,         one word each
``knock``, ``drop``
``meld 7S 5H=8S 9S``        ``meld``, ``pick 5H``, ``declare card 8S``,
                            ``pick 7S``, ``pick 9S``, ``end``
``lay 3C on 2``             ``lay``, ``pick 3C``, ``onto meld 2``
``2: claim 7H on 3``        ``claim``, ``pick 7H``, ``onto meld 3``
``out 7S 7H 7D / …``        ``out``, each meld's picks then ``end``, then
                            ``discard KC`` or ``finish``
(out of turn) let it go     ``decline``
==========================  ===================================================

Cards are picked in the order of their codes (:func:`card_slot`), a wild
card's declaration right after it; the melds of a going out in the order of
their own action sequences. Because every sequence ends with an action that
ends no shorter one (``end`` of a meld, ``onto meld``, a discard, a word),
the legal moves of a state form a tree, and
:class:`Decision` walks it: its mask is the set of next actions that lead to
at least one legal move, so the mask is exact and a move is made only when
its last action is taken.

>>> from rummyrules.rl import Actions
>>> from rummyrules import GoingOutRummy, parse_move
>>> actions = Actions(GoingOutRummy())
>>> [actions.name(a) for a in actions.tokens(parse_move("out AH 2H *=3H discard KC"))]
['out', 'pick AH', 'pick 2H', 'pick *', 'declare 3H', 'end', 'discard KC']
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Any, Final

import attrs

from rummyrules.core.cards import STANDARD_CARDS, WILDCARD, WILDCARD_CODE, Card, Rank
from rummyrules.game.moves import GoOut, Move, NewMeld
from rummyrules.game.playable import PlayableRules
from rummyrules.melds import Declaration

__all__ = [
    "CARD_SLOTS",
    "ActionRange",
    "Actions",
    "Decision",
    "Word",
    "card_of_slot",
    "card_slot",
]

CARD_SLOTS: Final = 53
"""Card slots: the 52 cards of a pack by code (AS AH AD AC 2S …), then the WILDCARD."""

_LOWEST_CODE: Final = 4 * min(Rank)
if (
    WILDCARD_CODE - _LOWEST_CODE != CARD_SLOTS - 1
):  # pragma: no cover - cards.py's codes
    message = "the WILDCARD's code must follow the King of clubs'"
    raise ImportError(message)


def card_slot(card: Card) -> int:
    """The slot of a card among the :data:`~rummyrules.rl.CARD_SLOTS`: its code less 4; the WILDCARD last.

    >>> from rummyrules.rl import card_slot
    >>> from rummyrules import WILDCARD, Card
    >>> card_slot(Card.parse("AS")), card_slot(Card.parse("2H")), card_slot(WILDCARD)
    (0, 5, 52)
    """
    return int(card) - _LOWEST_CODE


_BY_SLOT: Final = (*sorted(STANDARD_CARDS, key=int), WILDCARD)


def card_of_slot(slot: int) -> Card:
    """The card in a slot: the inverse of :func:`card_slot`.

    >>> from rummyrules.rl import card_of_slot
    >>> str(card_of_slot(51)), str(card_of_slot(52))
    ('KC', '*')
    """
    return _BY_SLOT[slot]


class Word(enum.IntEnum):
    """The actions that are one word: the first 13 indices of every game.

    >>> from rummyrules.rl import Word
    >>> Word.DRAW, Word.FINISH
    (<Word.DRAW: 0>, <Word.FINISH: 12>)
    """

    DRAW = 0
    """Draw the top card of the stock."""
    TAKE = 1
    """Take the top card of the discard pile (the move ``take``)."""
    PASS = 2
    """Pass (1400's first upcard, Gin Rummy's upcard)."""
    DONE = 3
    """End a turn with no discard."""
    KNOCK = 4
    """Knock (Gin Rummy)."""
    DROP = 5
    """Drop out (Going Out Rummy), on one's own turn."""
    DECLINE = 6
    """Let a chance to move out of turn go by (a 1400 claim)."""
    MELD = 7
    """Start a new meld; picks follow, then ``end``."""
    LAY = 8
    """Start laying off; one pick follows, then ``onto meld k``."""
    CLAIM = 9
    """Start claiming the last discard (1400); one pick follows, then ``onto meld k``."""
    OUT = 10
    """Start going out; melds of picks follow, each closed by ``end``, then a discard or ``finish``."""
    END = 11
    """Close the meld being built."""
    FINISH = 12
    """Go out with no card left to discard."""


_BARE_WORDS: Final = {
    "draw": Word.DRAW,
    "take": Word.TAKE,
    "pass": Word.PASS,
    "done": Word.DONE,
    "knock": Word.KNOCK,
    "drop": Word.DROP,
}
_STARTS: Final = {
    "meld": Word.MELD,
    "lay_off": Word.LAY,
    "claim": Word.CLAIM,
    "go_out": Word.OUT,
}
BUILDING_WORDS: Final = (Word.MELD, Word.LAY, Word.CLAIM, Word.OUT)
"""The words that start a move built over several actions."""


@attrs.frozen
class ActionRange:
    """A block of actions of one meaning: indices ``first`` to ``last``, what they do.

    >>> from rummyrules.rl import Actions
    >>> from rummyrules import GinRummy
    >>> print(Actions(GinRummy()).ranges()[13])
    13–65  take card c: take the topmost copy of card slot c - 13 from the discard pile
    """

    first: int
    last: int
    name: str
    meaning: str

    def __str__(self) -> str:
        span = (
            str(self.first) if self.first == self.last else f"{self.first}–{self.last}"
        )
        return f"{span}  {self.name}: {self.meaning}"


class Actions:
    """A game's actions: what each index means, and the actions of each move.

    The blocks, in order: the :class:`Word` actions, then ``take card c``,
    ``discard c`` and ``pick c`` for each of the :data:`~rummyrules.rl.CARD_SLOTS`, then
    ``declare rank r`` (13, Ace first) and ``declare card c`` (52) for the
    wild card picked last, then ``onto meld k`` for each meld slot (meld
    ``k + 1`` of the table).

    >>> from rummyrules.rl import Actions
    >>> from rummyrules import FourteenHundred, GinRummy
    >>> Actions(GinRummy()).size, Actions(FourteenHundred()).size
    (254, 271)
    """

    def __init__(self, rules: PlayableRules[Any]) -> None:
        self.meld_slots: Final = max(1, len(rules.deck()) // 3)
        """How many melds the table may hold at most, one per three cards of the deck."""
        self.take_card: Final = len(Word)
        """The first ``take card c`` action."""
        self.discard: Final = self.take_card + CARD_SLOTS
        """The first ``discard c`` action."""
        self.pick: Final = self.discard + CARD_SLOTS
        """The first ``pick c`` action."""
        self.declare_rank: Final = self.pick + CARD_SLOTS
        """The first ``declare rank r`` action (Ace first)."""
        self.declare_card: Final = self.declare_rank + len(Rank)
        """The first ``declare card c`` action (the 52 cards of a pack)."""
        self.onto: Final = self.declare_card + CARD_SLOTS - 1
        """The first ``onto meld k`` action."""
        self.size: Final = self.onto + self.meld_slots
        """How many actions there are."""
        # The turn machines share their move values (take_of, discard_of), so
        # most moves' actions are worked out once.
        self._memo: dict[Move, tuple[int, ...]] = {}

    def ranges(self) -> list[ActionRange]:
        """Every block of actions with its meaning: the table of the docs.

        >>> from rummyrules.rl import Actions
        >>> from rummyrules import GinRummy
        >>> print(Actions(GinRummy()).ranges()[-1])
        237–253  onto meld k: lay the card picked onto meld k - 237 + 1 of the table (meld slot k - 237)
        """
        rows = [
            ActionRange(int(word), int(word), word.name.lower(), _WORD_DOCS[word])
            for word in Word
        ]
        blocks = (
            (self.take_card, CARD_SLOTS, "take card c", "take the topmost copy of card slot {c} from the discard pile"),
            (self.discard, CARD_SLOTS, "discard c", "discard card slot {c} (ends the turn, or a going out)"),
            (self.pick, CARD_SLOTS, "pick c", "put card slot {c} into the move being built"),
            (self.declare_rank, len(Rank), "declare rank r", "the wild picked last stands for rank {c} + 1 (Ace = 1)"),
            (self.declare_card, CARD_SLOTS - 1, "declare card c", "the wild picked last stands for card slot {c}"),
            (self.onto, self.meld_slots, "onto meld k", "lay the card picked onto meld k - {first} + 1 of the table (meld slot {c})"),
        )  # fmt: skip
        for first, count, name, meaning in blocks:
            offset = f"{name[-1]} - {first}"
            text = meaning.format(c=offset, first=first)
            rows.append(ActionRange(first, first + count - 1, name, text))
        return rows

    def name(self, action: int) -> str:
        """One action's meaning in a few words.

        >>> from rummyrules.rl import Actions
        >>> from rummyrules import GinRummy
        >>> actions = Actions(GinRummy())
        >>> [actions.name(a) for a in (0, 13, 66 + 5, 119, 172, 185, 237)]
        ['draw', 'take AS', 'discard 2H', 'pick AS', 'declare rank A', 'declare AS', 'onto meld 1']
        """
        if not 0 <= action < self.size:
            message = f"there is no action {action}: actions are 0 to {self.size - 1}"
            raise ValueError(message)
        if action < self.take_card:
            return Word(action).name.lower()
        blocks = (
            (self.onto, "onto meld "),
            (self.declare_card, "declare "),
            (self.declare_rank, "declare rank "),
            (self.pick, "pick "),
            (self.discard, "discard "),
            (self.take_card, "take "),
        )
        for first, text in blocks:
            if action >= first:
                index = action - first
                if first == self.onto:
                    return f"{text}{index + 1}"
                if first == self.declare_rank:
                    return f"{text}{Rank(index + 1)}"
                return f"{text}{card_of_slot(index)}"
        raise AssertionError(action)  # pragma: no cover - the blocks cover every index

    def tokens(self, move: Move) -> tuple[int, ...]:
        """The actions that make a move, in order.

        >>> from rummyrules.rl import Actions
        >>> from rummyrules import EndOfThePage, parse_move
        >>> actions = Actions(EndOfThePage())
        >>> [actions.name(a) for a in actions.tokens(parse_move("lay 5H=7C on 2"))]
        ['lay', 'pick 5H', 'declare 7C', 'onto meld 2']
        >>> [actions.name(a) for a in actions.tokens(parse_move("take 7H"))]
        ['take 7H']
        """
        found = self._memo.get(move)
        if found is None:
            if len(self._memo) > _MEMO_SIZE:
                self._memo.clear()
            found = self._memo[move] = self._tokens(move)
        return found

    def _tokens(self, move: Move) -> tuple[int, ...]:
        kind = move.kind
        if kind == "take" and move.played():
            return (self.take_card + card_slot(move.played()[0][0]),)
        if kind in _BARE_WORDS:
            return (int(_BARE_WORDS[kind]),)
        if kind == "discard":
            return (self.discard + card_slot(move.played()[0][0]),)
        if kind in {"lay_off", "claim"}:
            target = move.target_meld
            if target is None or not 1 <= target <= self.meld_slots:
                message = f"{move} lays onto a meld beyond the {self.meld_slots} slots"
                raise ValueError(message)
            return (
                int(_STARTS[kind]),
                *self._picks(move.played()),
                self.onto + target - 1,
            )
        if isinstance(move, NewMeld):
            return (int(Word.MELD), *self._picks(move.played()), int(Word.END))
        if isinstance(move, GoOut):
            melds = sorted(
                (*self._picks(meld.played()), int(Word.END)) for meld in move.melds
            )
            last = (
                int(Word.FINISH)
                if move.discard is None
                else self.discard + card_slot(move.discard)
            )
            return (int(Word.OUT), *(a for meld in melds for a in meld), last)
        message = f"the actions have no way to make a {kind!r} move ({move})"
        raise ValueError(message)

    def _picks(self, played: Sequence[tuple[Card, Declaration | None]]) -> list[int]:
        picks: list[int] = []
        for card, meaning in sorted(played, key=_pick_order):
            picks.append(self.pick + card_slot(card))
            if isinstance(meaning, Card):
                picks.append(self.declare_card + card_slot(meaning))
            elif meaning is not None:
                picks.append(self.declare_rank + int(meaning) - 1)
        return picks


_MEMO_SIZE: Final = 100_000


def _pick_order(pair: tuple[Card, Declaration | None]) -> tuple[int, int]:
    card, meaning = pair
    if meaning is None:
        return card_slot(card), -1
    if isinstance(meaning, Card):
        return card_slot(card), 100 + int(meaning)
    return card_slot(card), int(meaning)


_WORD_DOCS: Final = {
    Word.DRAW: "draw the top card of the stock",
    Word.TAKE: "take the top card of the discard pile",
    Word.PASS: "pass (1400's first upcard, Gin Rummy's upcard)",
    Word.DONE: "end a turn with no discard",
    Word.KNOCK: "knock (Gin Rummy)",
    Word.DROP: "drop out (Going Out Rummy), on one's own turn only",
    Word.DECLINE: "let a chance to move out of turn go by (a 1400 claim)",
    Word.MELD: "start a new meld: picks, then end",
    Word.LAY: "start a lay-off: one pick, then onto meld k",
    Word.CLAIM: "start a claim of the last discard: one pick, then onto meld k (1400)",
    Word.OUT: "start going out: each meld's picks closed by end, then discard c or finish",
    Word.END: "close the meld being built",
    Word.FINISH: "go out with no card left to discard",
}


class Decision:
    """One seat's choice at one state, walked one action at a time.

    It holds the legal moves' action sequences and the actions taken so far
    (the move being built). :meth:`mask` says which actions lead to a legal
    move; :meth:`take` takes one and returns the move once its last action
    is taken. With ``can_decline`` (a chance to move out of turn) the first
    action may also be ``decline``, which :meth:`take` returns as None.

    >>> from rummyrules.rl import Actions, Decision, Word
    >>> from rummyrules import GinRummy
    >>> game = GinRummy().new_game(seed=1)
    >>> actions = Actions(GinRummy())
    >>> decision = Decision(actions, game.legal_moves())
    >>> [actions.name(a) for a in decision.allowed()]
    ['take', 'pass']
    >>> print(decision.take(int(Word.PASS)))
    pass
    """

    def __init__(
        self, actions: Actions, moves: Sequence[Move], *, can_decline: bool = False
    ) -> None:
        self.actions: Final = actions
        self.can_decline: Final = can_decline
        self.taken: list[int] = []
        """The actions taken so far towards a move (empty when nothing is begun)."""
        self.declined = False
        """Whether the seat declined its chance to move out of turn."""
        seen: set[tuple[int, ...]] = set()
        candidates: list[tuple[tuple[int, ...], Move]] = []
        for move in moves:
            sequence = actions.tokens(move)
            if sequence not in seen:  # the same cards, meanings and target
                seen.add(sequence)
                candidates.append((sequence, move))
        self._candidates = candidates
        self._allowed: list[int] | None = None

    def allowed(self) -> list[int]:
        """The actions that lead to at least one legal move, in index order.

        >>> from rummyrules.rl import Actions, Decision
        >>> from rummyrules import GinRummy
        >>> Decision(Actions(GinRummy()), [], can_decline=True).allowed()
        [6]
        """
        allowed = self._allowed
        if allowed is None:
            depth = len(self.taken)
            found = {sequence[depth] for sequence, _ in self._candidates}
            if self.can_decline and not self.taken:
                found.add(int(Word.DECLINE))
            allowed = self._allowed = sorted(found)
        return list(allowed)

    def mask(self) -> list[bool]:
        """One flag per action: whether it is allowed now.

        >>> from rummyrules.rl import Actions, Decision
        >>> from rummyrules import GinRummy
        >>> mask = Decision(Actions(GinRummy()), [], can_decline=True).mask()
        >>> len(mask), [i for i, ok in enumerate(mask) if ok]
        (254, [6])
        """
        flags = [False] * self.actions.size
        for action in self.allowed():
            flags[action] = True
        return flags

    def take(self, action: int) -> Move | None:
        """Take one action: the move once it is whole, else None with the move still being built.

        ``decline`` returns None too; :attr:`declined` tells it apart.
        An action the mask does not allow raises ValueError, and nothing
        changes.

        >>> from rummyrules.rl import Actions, Decision
        >>> from rummyrules import GinRummy
        >>> decision = Decision(
        ...     Actions(GinRummy()), GinRummy().new_game(seed=1).legal_moves()
        ... )
        >>> decision.take(0)
        Traceback (most recent call last):
        ...
        ValueError: action 0 (draw) is not allowed now: the allowed actions are 1, 2
        """
        if self.can_decline and not self.taken and action == Word.DECLINE:
            self.declined = True
            return None
        depth = len(self.taken)
        left = [pair for pair in self._candidates if pair[0][depth] == action]
        if not left:
            allowed = ", ".join(map(str, self.allowed()))
            name = self.actions.name(action) if 0 <= action < self.actions.size else "?"
            message = f"action {action} ({name}) is not allowed now: the allowed actions are {allowed}"
            raise ValueError(message)
        self.taken.append(action)
        self._candidates = left
        self._allowed = None
        for sequence, move in left:
            if len(sequence) == depth + 1:
                return move
        return None
