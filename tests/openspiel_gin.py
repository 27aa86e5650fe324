"""Drive OpenSpiel's ``gin_rummy`` from a fixed deck order, in rummyrules' notation.

Prototype for checking a future ``rummyrules`` Gin Rummy move by move against
OpenSpiel (open_spiel 2.0.2). It

(a) deals an OpenSpiel game from a given deck order (52 card ids or texts such
    as ``"7H"``/``"10H"``) by applying the chance actions itself;
(b) lists the legal actions of the current state as move texts;
(c) applies a move given as a move text;
(d) reports the returns (and why the hand ended) at the end.

Deck order (GIN-1, and OpenSpiel's chance order): ``deck[0:n]`` is player 0's
hand, ``deck[n:2n]`` player 1's (``n = hand_size``, default 10), ``deck[2n]`` the
first upcard, and ``deck[2n+1:]`` the stock, top card first. Every later chance
node (a ``draw`` from the stock) is given the next stock card.

Card texts are ours: rank ``A 2 .. 10 J Q K`` then suit ``S H D C``. OpenSpiel's
card id is ``suit * 13 + rank`` with rank 0 = Ace .. 12 = King and its suit
order ``s c d h`` (``0..12`` spades, ``13..25`` clubs, ``26..38`` diamonds,
``39..51`` hearts); OpenSpiel writes ``"Th"`` where we write ``"10H"``.

Move notation, by OpenSpiel phase (``54`` is OpenSpiel's single "Pass"
action; it is ``pass`` where it declines something and ``done`` where it ends
a declaration):

=============  ===========================================================
phase          moves
=============  ===========================================================
FirstUpcard    ``take`` (52), ``pass`` (54); after both passed only ``draw`` (53)
Draw           ``take`` (52), ``draw`` (53)
Discard        ``discard 7H`` (card id), ``knock`` (55)
Knock          11 cards: ``discard 7H`` (the knocker's discard, after ``knock``);
               then ``meld 7S 8S 9S`` (56 + meld id) and ``done`` (54)
Layoff         before the opponent is done laying off: ``lay 7H`` (card id),
               ``done`` (54); then ``meld ...`` and ``done`` (54, ends the hand)
Wall           ``knock`` (55, takes the upcard in), ``pass`` (54, ends a draw)
=============  ===========================================================

``lay 7H on N`` is also accepted: ``N`` (1-based) names one of the knocker's
melds in the order they were laid. OpenSpiel's lay-off has no target (the
action is just the card), so the target is checked here against GIN-6 and
then dropped; ``legal()`` lists ``lay 7H`` only.

Run ``python openspiel_driver.py`` to play 200 seeded games through the driver
and check that every legal action round-trips (action -> text -> action).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from extras import peer

# OpenSpiel is a compiled module without type stubs: Any to mypy. Without the
# [peers] extra this module (collected for its doctests) skips, saying so.
pyspiel: Any = peer("pyspiel")


GR: Any = pyspiel.gin_rummy

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
OUR_SUITS = "SHDC"
"""Our suit order (for sorting meld texts)."""
OS_SUITS = "SCDH"
"""OpenSpiel's suit order: card id = OS_SUITS.index(suit) * 13 + rank."""

DRAW_UPCARD: int = GR.DRAW_UPCARD_ACTION  # 52
DRAW_STOCK: int = GR.DRAW_STOCK_ACTION  # 53
PASS: int = GR.PASS_ACTION  # 54
KNOCK: int = GR.KNOCK_ACTION  # 55
MELD_BASE: int = GR.MELD_ACTION_BASE  # 56
NUM_MELDS: int = GR.NUM_MELD_ACTIONS  # 185
PHASE: Any = GR.Phase

_UTILS: Any = GR.GinRummyUtils(13, 4, 10)


def card_id(text: str) -> int:
    """OpenSpiel's card id for one of our card texts (``"10H"`` -> 48)."""
    rank, suit = text[:-1], text[-1:]
    if rank not in RANKS or suit not in OS_SUITS or not suit:
        raise ValueError(f"not a card: {text!r}")
    return OS_SUITS.index(suit) * 13 + RANKS.index(rank)


def card_text(card: int) -> str:
    """Our card text for an OpenSpiel card id (48 -> ``"10H"``)."""
    if not 0 <= card < 52:
        raise ValueError(f"not a card id: {card}")
    return RANKS[card % 13] + OS_SUITS[card // 13]


def card_key(card: int) -> tuple[int, int]:
    """Our sort order: rank (Ace low), then suit S H D C."""
    return card % 13, OUR_SUITS.index(OS_SUITS[card // 13])


def meld_cards(meld_id: int) -> list[int]:
    """The cards of OpenSpiel meld id ``0..184`` (action ``56 + meld_id``)."""
    return list(_UTILS.int_to_meld[meld_id])


def meld_text(meld_id: int) -> str:
    """``meld 7S 8S 9S`` for a meld id, cards in our order."""
    return "meld " + " ".join(
        card_text(c) for c in sorted(meld_cards(meld_id), key=card_key)
    )


def meld_id_of(cards: Sequence[int]) -> int:
    """OpenSpiel's meld id for a set of 3-4 or a run of 3-5 (order free).

    Runs of 6 or more have no single OpenSpiel action: they are laid as two
    melds (e.g. ``3S 4S 5S`` then ``6S 7S 8S``).
    """
    cards = sorted(cards)
    if len(set(cards)) != len(cards):
        raise ValueError("a meld repeats a card")
    if not (_UTILS.is_rank_meld(cards) or _UTILS.is_suit_meld(cards)):
        raise ValueError("not a set of 3-4 or a run of 3-5 of one suit")
    return int(_UTILS.meld_to_int(cards))


def _fits(card: int, meld: list[int]) -> bool:
    """GIN-6: does ``card`` extend ``meld`` (a set or a run)?"""
    if len({c % 13 for c in meld}) == 1:  # a set: only the missing suit(s)
        return card % 13 == meld[0] % 13 and card not in meld
    suit, ranks = meld[0] // 13, [c % 13 for c in meld]
    return card // 13 == suit and card % 13 in (min(ranks) - 1, max(ranks) + 1)


@dataclass(frozen=True)
class Outcome:
    """How a finished hand ended."""

    returns: tuple[float, float]
    knocker: int | None
    gin: bool
    undercut: bool
    draw_reason: str | None
    """``"wall"``, ``"repeated upcard"`` or ``"50 upcards"`` when nobody knocked."""


class OpenSpielGin:
    """One OpenSpiel ``gin_rummy`` hand dealt from a fixed deck order.

    Args:
        deck: 52 distinct cards, as OpenSpiel ids or our texts, in deal order
            (see the module docstring).
        **params: OpenSpiel game parameters: ``knock_card``, ``gin_bonus``,
            ``undercut_bonus``, ``hand_size``, ``oklahoma`` (52-card deck only).
    """

    def __init__(self, deck: Sequence[int | str], **params: int | bool) -> None:
        ids = [card_id(c) if isinstance(c, str) else int(c) for c in deck]
        if sorted(ids) != list(range(52)):
            raise ValueError("the deck must hold each of the 52 cards once")
        self.game: Any = pyspiel.load_game("gin_rummy", dict(params))
        self.state: Any = self.game.new_initial_state()
        self.hand_size = int(self.game.get_parameters()["hand_size"])
        dealt = 2 * self.hand_size + 1
        for card in ids[:dealt]:
            self.state.apply_action(card)
        self.stock: list[int] = ids[dealt:]
        """The stock, top first; shrinks as chance nodes are resolved."""
        self.moves: list[str] = []
        self._last_phase: Any = None

    # -- reading the state -------------------------------------------------
    @property
    def phase(self) -> str:
        """OpenSpiel's phase name, e.g. ``"Draw"``, ``"Knock"``."""
        return str(self.state.current_phase()).split(".")[-1].title().replace("_", "")

    @property
    def to_move(self) -> int:
        """The player to move (``-4`` when the hand is over)."""
        return int(self.state.current_player())

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended."""
        return bool(self.state.is_terminal())

    def hands(self) -> list[list[str]]:
        """Both hands, each in our card order."""
        return [
            [card_text(c) for c in sorted(h, key=card_key)] for h in self.state.hands()
        ]

    def knocker_melds(self) -> list[list[int]]:
        """The knocker's laid melds, in laying order (``[]`` before a knock)."""
        knocked = self.state.knocked()
        if not any(knocked):
            return []
        return [meld_cards(m) for m in self.state.layed_melds()[knocked.index(True)]]

    # -- action <-> text -----------------------------------------------------
    def text_of(self, action: int) -> str:
        """The move text of OpenSpiel ``action`` in the current state."""
        phase = self.state.current_phase()
        if action >= MELD_BASE:
            return meld_text(action - MELD_BASE)
        if action < 52:
            verb = "lay" if phase == PHASE.LAYOFF else "discard"
            return f"{verb} {card_text(action)}"
        if action == DRAW_UPCARD:
            return "take"
        if action == DRAW_STOCK:
            return "draw"
        if action == KNOCK:
            return "knock"
        if action == PASS:
            return "pass" if phase in (PHASE.FIRST_UPCARD, PHASE.WALL) else "done"
        raise ValueError(f"unknown action {action}")

    def action_of(self, text: str) -> int:
        """The OpenSpiel action of move ``text`` in the current state.

        Raises ``ValueError`` for a text that is not a legal move here.
        """
        words = text.split()
        verb, args = (words[0], words[1:]) if words else ("", [])
        action: int
        if verb in ("take", "draw", "knock", "pass", "done") and not args:
            action = {
                "take": DRAW_UPCARD,
                "draw": DRAW_STOCK,
                "knock": KNOCK,
                "pass": PASS,
                "done": PASS,
            }[verb]
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
        if self.text_of(action) != " ".join([verb, *args[:1]]) and verb != "meld":
            word = self.text_of(action)
            raise ValueError(f"{text!r} is not the word for this here; say {word!r}")
        return action

    def _check_target(self, card: int, args: list[str], verb: str) -> None:
        """Check ``lay C on N`` against GIN-6 (OpenSpiel itself ignores N)."""
        melds = self.knocker_melds()
        if verb != "lay" or args[1] != "on" or not args[2].isdigit():
            raise ValueError("say 'lay 7H on N', N a number")
        n = int(args[2])
        if not 1 <= n <= len(melds):
            raise ValueError(f"no meld {n}: the knocker laid {len(melds)}")
        meld = list(melds[n - 1])
        grown = True
        while grown:  # extend meld N by earlier lay-offs that fit it (full chain)
            grown = False
            for done in self.state.layoffs():
                if done not in meld and _fits(done, meld):
                    meld.append(done)
                    grown = True
        if not _fits(card, meld):
            raise ValueError(f"{card_text(card)} does not extend meld {n}")

    def legal(self) -> list[str]:
        """The legal moves of the player to move, in OpenSpiel's action order."""
        if self.is_over:
            return []
        return [self.text_of(a) for a in self.state.legal_actions()]

    # -- playing -------------------------------------------------------------
    def apply(self, move: str) -> None:
        """Apply one move text; resolves a following chance node from the stock."""
        action = self.action_of(move)
        self.apply_action(action)

    def apply_action(self, action: int) -> None:
        """Apply a raw OpenSpiel action (a legal one), then any chance node."""
        self.moves.append(self.text_of(action))
        self._last_phase = self.state.current_phase()
        self.state.apply_action(action)
        while self.state.is_chance_node():
            card = self.stock.pop(0)
            self.state.apply_action(card)

    def outcome(self) -> Outcome:
        """The returns and the way the hand ended (only once it is over)."""
        if not self.is_over:
            raise ValueError("the hand is not over")
        returns = tuple(float(r) for r in self.state.returns())
        knocked = self.state.knocked()
        if any(knocked):
            k = knocked.index(True)
            dead = self.state.deadwood()
            return Outcome(
                (returns[0], returns[1]), k, dead[k] == 0, returns[k] < 0, None
            )
        if self._last_phase == PHASE.WALL:
            reason = "wall"
        elif self.moves[-1] == "take":
            reason = "50 upcards"
        else:
            reason = "repeated upcard"
        return Outcome(
            (returns[0], returns[1]),
            None,
            gin=False,
            undercut=False,
            draw_reason=reason,
        )
