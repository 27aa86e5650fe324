"""OpenSpiel's ``gin_rummy`` dealt from a fixed deck order and played in rummyrules' move text.

:class:`OpenSpielGin` deals an OpenSpiel game from a deck order by applying
the chance actions itself, lists the legal actions of its state as move
texts, applies a move text, and says at the end how the hand ended.

Deck order (GIN-1, and OpenSpiel's chance order): ``deck[0:n]`` is player
0's hand, ``deck[n:2n]`` player 1's (``n`` the hand size), ``deck[2n]`` the
first upcard and ``deck[2n+1:]`` the stock, top card first: every later
chance node, a draw from the stock, is given the next stock card. That is
the order :meth:`GinRummy.new_game <rummyrules.GinRummy.new_game>` deals.

Moves, by OpenSpiel phase (OpenSpiel's one "Pass" action is ``pass`` where
it declines and ``done`` where it ends laying):

- FirstUpcard: ``take``, ``pass``; after both passed, ``draw``;
- Draw: ``take``, ``draw``; Discard: ``discard 7H``, ``knock``;
- Knock: ``discard 7H`` (the knocker's eleventh card), ``meld 7S 8S 9S``,
  ``done``;
- Layoff: ``lay 7H``, ``done``, then ``meld …`` and ``done``;
- Wall: ``knock`` (the upcard taken in), ``pass`` (the hand is a draw).

OpenSpiel's lay-off names no meld: ``lay 7H on N`` is read too, its target
checked against GIN-6 and dropped, and :meth:`OpenSpielGin.legal` lists
``lay 7H``.

>>> from rummyrules import GinRummy
>>> rules = GinRummy()
>>> game = rules.new_game(seed=3)
>>> deck = [*game.hands[0], *game.hands[1], *game.discard_pile, *game.stock]
>>> theirs = OpenSpielGin([str(card) for card in deck])
>>> theirs.legal(), [str(move) for move in game.legal_moves()]
(['take', 'pass'], ['take', 'pass'])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

import attrs

from rummyrules.core.errors import OptionError
from rummyrules.games.gin_rummy.rules import GinRummy

from .cards import (
    card_id,
    card_key,
    card_text,
    fits,
    meld_cards,
    meld_id_of,
    meld_text,
)
from .openspiel import (
    DRAW_STOCK,
    DRAW_UPCARD,
    KNOCK,
    MELD_BASE,
    PASS,
    PHASE,
    pyspiel,
)

__all__ = ["OpenSpielGin", "Outcome", "game_parameters"]

_WORDS = {"take": DRAW_UPCARD, "draw": DRAW_STOCK, "knock": KNOCK}


def game_parameters(rules: GinRummy) -> dict[str, int | bool]:
    """OpenSpiel's ``gin_rummy`` parameters for our rules; an option it lacks is refused.

    >>> game_parameters(GinRummy(knock_card=7))["knock_card"]
    7
    >>> game_parameters(GinRummy(target=100))
    Traceback (most recent call last):
    ...
    rummyrules.OptionError: OpenSpiel plays one hand: target must be None beside it, not 100 (GIN-R2)
    """
    for name, rule in (("target", "GIN-R2"), ("max_turns", "ALL-5")):
        value = getattr(rules, name)
        if value is not None:
            message = (
                f"OpenSpiel plays one hand: {name} must be None beside it, "
                f"not {value} ({rule})"
            )
            raise OptionError(message)
    if rules.undercut_on_equal:
        message = (
            "OpenSpiel scores equal deadwood as no undercut: undercut_on_equal "
            "must be False beside it (GIN-R1)"
        )
        raise OptionError(message)
    return {
        "hand_size": rules.hand_size,
        "knock_card": rules.knock_card,
        "gin_bonus": rules.gin_bonus,
        "undercut_bonus": rules.undercut_bonus,
        "oklahoma": rules.oklahoma,
    }


@attrs.frozen
class Outcome:
    """How an OpenSpiel hand ended.

    Attributes:
        returns: OpenSpiel's score of each player.
        knocker: Who knocked, or None.
        gin: Whether the knocker went gin.
        undercut: Whether the knocker was undercut.
        draw_reason: Why nobody knocked: ``"wall"``, ``"repeated upcard"``
            or ``"50 upcards"`` (GIN-8, GIN-9); None after a knock.

    >>> Outcome((0.0, 0.0), None, gin=False, undercut=False, draw_reason="wall").knocker
    """

    returns: tuple[float, float]
    knocker: int | None
    gin: bool
    undercut: bool
    draw_reason: Literal["wall", "repeated upcard", "50 upcards"] | None


class OpenSpielGin:
    """One OpenSpiel ``gin_rummy`` hand dealt from a fixed deck order; a driver that changes as it plays.

    Args:
        deck: The 52 cards, as OpenSpiel ids or our texts, in deal order
            (see the module's docstring).
        **params: OpenSpiel's game parameters: ``knock_card``,
            ``gin_bonus``, ``undercut_bonus``, ``hand_size``, ``oklahoma``
            (:func:`game_parameters` makes them from our rules).

    >>> theirs = OpenSpielGin(list(range(52)), hand_size=3)
    >>> theirs.hands(), theirs.phase, theirs.to_move
    ([['AS', '2S', '3S'], ['4S', '5S', '6S']], 'FirstUpcard', 0)
    """

    def __init__(self, deck: Sequence[int | str], **params: int | bool) -> None:
        ids = [card_id(c) if isinstance(c, str) else int(c) for c in deck]
        if sorted(ids) != list(range(52)):
            raise ValueError("the deck must hold each of the 52 cards once")
        self.game: Any = pyspiel.load_game("gin_rummy", dict(params))
        """OpenSpiel's game."""
        self.state: Any = self.game.new_initial_state()
        """OpenSpiel's state, which :meth:`apply` changes in place."""
        self.hand_size = int(self.game.get_parameters()["hand_size"])
        dealt = 2 * self.hand_size + 1
        for card in ids[:dealt]:
            self.state.apply_action(card)
        self.stock: list[int] = ids[dealt:]
        """The stock, top first; it shrinks as the chance nodes are given its cards."""
        self.moves: list[str] = []
        """The moves played, as text."""
        self._last_phase: Any = None

    @property
    def phase(self) -> str:
        """OpenSpiel's phase name, ``"Draw"``, ``"Knock"`` and so on.

        >>> OpenSpielGin(list(range(52))).phase
        'FirstUpcard'
        """
        name = str(self.state.current_phase()).split(".")[-1]
        return name.title().replace("_", "")

    @property
    def to_move(self) -> int:
        """The player to move; below 0 once the hand is over.

        >>> OpenSpielGin(list(range(52))).to_move
        0
        """
        return int(self.state.current_player())

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended.

        >>> OpenSpielGin(list(range(52))).is_over
        False
        """
        return bool(self.state.is_terminal())

    def hands(self) -> list[list[str]]:
        """Both hands, each as card texts in our order.

        >>> OpenSpielGin(list(range(52)), hand_size=2).hands()
        [['AS', '2S'], ['3S', '4S']]
        """
        return [
            [card_text(c) for c in sorted(hand, key=card_key)]
            for hand in self.state.hands()
        ]

    def knocker_melds(self) -> list[list[int]]:
        """The knocker's melds as card ids, in the order laid; none before a knock.

        >>> OpenSpielGin(list(range(52))).knocker_melds()
        []
        """
        knocked = list(self.state.knocked())
        if not any(knocked):
            return []
        laid = self.state.layed_melds()[knocked.index(True)]
        return [meld_cards(meld) for meld in laid]

    def text_of(self, action: int) -> str:
        """The move text of OpenSpiel ``action`` in the current state.

        >>> theirs = OpenSpielGin(list(range(52)))
        >>> [theirs.text_of(action) for action in theirs.state.legal_actions()]
        ['take', 'pass']
        """
        phase = self.state.current_phase()
        if action >= MELD_BASE:
            return meld_text(action - MELD_BASE)
        if 0 <= action < 52:
            verb = "lay" if phase == PHASE.LAYOFF else "discard"
            return f"{verb} {card_text(action)}"
        for word, number in _WORDS.items():
            if action == number:
                return word
        if action == PASS:
            return "pass" if phase in (PHASE.FIRST_UPCARD, PHASE.WALL) else "done"
        raise ValueError(f"unknown action {action}")

    def action_of(self, text: str) -> int:
        """The OpenSpiel action of move ``text`` in the current state.

        A text that is no legal move here raises ValueError.

        >>> theirs = OpenSpielGin(list(range(52)))
        >>> theirs.action_of("pass")
        54
        >>> theirs.action_of("draw")
        Traceback (most recent call last):
        ...
        ValueError: 'draw' is not legal here (phase FirstUpcard)
        """
        words = text.split()
        verb, args = (words[0], words[1:]) if words else ("", [])
        if verb in (*_WORDS, "pass", "done") and not args:
            action = _WORDS.get(verb, PASS)
        elif verb in ("discard", "lay") and len(args) in (1, 3):
            action = card_id(args[0])
            if len(args) == 3:
                self._check_target(action, args, verb)
        elif verb == "meld" and args:
            action = MELD_BASE + meld_id_of([card_id(a) for a in args])
        else:
            raise ValueError(f"cannot read move {text!r}")
        if action not in self.state.legal_actions():
            raise ValueError(f"{text!r} is not legal here (phase {self.phase})")
        said = self.text_of(action)
        if verb != "meld" and said != " ".join([verb, *args[:1]]):
            raise ValueError(f"{text!r} is not the word for this here; say {said!r}")
        return int(action)

    def _check_target(self, card: int, args: list[str], verb: str) -> None:
        """Check ``lay C on N`` against GIN-6 (OpenSpiel itself takes no N)."""
        melds = self.knocker_melds()
        if verb != "lay" or args[1] != "on" or not args[2].isdigit():
            raise ValueError("say 'lay 7H on N', N a number")
        number = int(args[2])
        if not 1 <= number <= len(melds):
            raise ValueError(f"no meld {number}: the knocker laid {len(melds)}")
        meld = list(melds[number - 1])
        grown = True
        while grown:  # the meld with every earlier lay-off that chains onto it
            grown = False
            for laid in self.state.layoffs():
                if laid not in meld and fits(laid, meld):
                    meld.append(laid)
                    grown = True
        if not fits(card, meld):
            raise ValueError(f"{card_text(card)} does not extend meld {number}")

    def legal(self) -> list[str]:
        """The legal moves of the player to move, in OpenSpiel's action order.

        >>> OpenSpielGin(list(range(52))).legal()
        ['take', 'pass']
        """
        if self.is_over:
            return []
        return [self.text_of(action) for action in self.state.legal_actions()]

    def apply(self, move: str) -> None:
        """Apply one move text, then give any chance node its stock card.

        >>> theirs = OpenSpielGin(list(range(52)))
        >>> theirs.apply("pass")
        >>> theirs.to_move, theirs.moves
        (1, ['pass'])
        """
        self.apply_action(self.action_of(move))

    def apply_action(self, action: int) -> None:
        """Apply a legal OpenSpiel action, then give any chance node its stock card.

        >>> theirs = OpenSpielGin(list(range(52)))
        >>> theirs.apply_action(52)
        >>> theirs.moves, theirs.phase
        (['take'], 'Discard')
        """
        self.moves.append(self.text_of(action))
        self._last_phase = self.state.current_phase()
        self.state.apply_action(action)
        while self.state.is_chance_node():
            self.state.apply_action(self.stock.pop(0))

    def outcome(self) -> Outcome:
        """OpenSpiel's returns, and how the hand ended; only once it is over.

        >>> theirs = OpenSpielGin(list(range(52)))
        >>> theirs.outcome()
        Traceback (most recent call last):
        ...
        ValueError: the hand is not over
        """
        if not self.is_over:
            raise ValueError("the hand is not over")
        first, second = (float(r) for r in self.state.returns())
        knocked = list(self.state.knocked())
        if any(knocked):
            knocker = knocked.index(True)
            gin = self.state.deadwood()[knocker] == 0
            undercut = (first, second)[knocker] < 0
            return Outcome((first, second), knocker, gin, undercut, None)
        reason: Literal["wall", "repeated upcard", "50 upcards"]
        if self._last_phase == PHASE.WALL:
            reason = "wall"
        elif self.moves[-1] == "take":
            reason = "50 upcards"
        else:
            reason = "repeated upcard"
        return Outcome(
            (first, second), None, gin=False, undercut=False, draw_reason=reason
        )
