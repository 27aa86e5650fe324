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
from rummyrules.game.moves import Move
from rummyrules.game.playable_rules import PlayableRules
from rummyrules.melds import Declaration

__all__ = [
    "CARD_SLOTS",
    "ActionRange",
    "Actions",
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
        self.words: Final = _words_of(rules)
        """The word action of each kind of move (the library's fixed, a game's own the next free)."""
        self.take_card: Final = len(Word) + sum(
            1 for word in self.words.values() if word >= len(Word)
        )
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
        rows += [
            ActionRange(
                word, word, move.verb, f"start a move {move.verb} ({move.kind})"
            )
            for move, word in self.words.items()
            if word >= len(Word)
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
        if action < len(Word):
            return Word(action).name.lower()
        if action < self.take_card:
            return next(m.verb for m, word in self.words.items() if word == action)
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
        # Take and discard spell their card in blocks of their own; every other
        # move starts with its word, and its form says what follows.
        kind, played = move.kind, move.played()
        if kind == "take" and played:
            return (self.take_card + card_slot(played[0][0]),)
        if kind == "discard":
            return (self.discard + card_slot(played[0][0]),)
        word = self.words.get(type(move), type(move).action)
        if word is None:
            message = f"the actions have no way to make a {kind!r} move ({move})"
            raise ValueError(message)
        form = "word" if kind == "take" else move.form
        if form == "word":
            return (word,)
        if form == "card_on_meld":
            target = move.target_meld
            if target is None or not 1 <= target <= self.meld_slots:
                message = f"{move} lays onto a meld beyond the {self.meld_slots} slots"
                raise ValueError(message)
            return (word, *self._picks(played), self.onto + target - 1)
        if form == "melds":
            melds = sorted(
                (*self._picks(group), int(Word.END)) for group in move.groups()
            )
            last = move.discarded
            end = int(Word.FINISH) if last is None else self.discard + card_slot(last)
            return (word, *(a for meld in melds for a in meld), end)
        # "cards" (a meld), or "card" (a game's own move naming one card)
        return (word, *self._picks(played), *([int(Word.END)] * (form == "cards")))

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


def _words_of(rules: PlayableRules[Any]) -> dict[type[Move], int]:
    """Each kind of move the game lists, with its word action.

    The library's moves declare theirs (:attr:`Move.action`, the :class:`Word`
    numbers); a game's own move without one takes the next free number, in
    the order the game's machine lists its kinds, so a new game's moves
    leave the numbering of every other game as it was.
    """
    machine = rules.machine
    kinds = [kind for phase in machine.phases.values() for kind in phase.kinds]
    words: dict[type[Move], int] = {}
    for kind in (*kinds, *machine.out_of_turn):
        move = kind.move
        if move not in words and move.kind not in {"take", "discard"}:
            fixed = move.action
            words[move] = (
                len(Word) + sum(1 for word in words.values() if word >= len(Word))
                if fixed is None
                else fixed
            )
    return words


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
