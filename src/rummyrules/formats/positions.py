"""Positions: a game state as one line of text, as FEN is for chess.

A position sets up a ruling in one line instead of by playing a stacked deck
to it. It starts with the rules line (the variant's class name and its
options, as ``rummyrules.game.registry.rules_text`` writes it), then
``|``-separated sections, each a key and its value: whose turn it is and in
which phase, the wild rank, every hand, the melds, the piles, the score
sheet and the obligations of the turn in force.
Sections at their default are left out, and the stock may be left out too:
it is then the rest of the deck, in the deck's own order.

>>> from rummyrules import EndOfThePage
>>> game = read_position(
...     "EndOfThePage | dealer 1 | wild 3 | face_up 3S | to_move 1 draw"
...     " | hands 4C 9S KC / 3S 9D JD | melds 0: 4H 4D 3H=4 | pile 6C 10D"
... )
>>> [str(move) for move in game.legal_moves()], len(game.stock)
(['draw', 'take', 'take 10D'], 37)
>>> read_position(write_position(game)) == game
True

:func:`read_position` checks everything a played game would show: every card
is the deck's and none is lost or copied (ALL-1), each meld is one the rules
allow as declared, the players and phase fit together. A position that fails
raises :class:`~rummyrules.PositionError` with a sentence saying what is wrong.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Final

from rummyrules import melds
from rummyrules.core.cards import Card, Rank
from rummyrules.core.errors import PositionError, RummyRulesError, StateError
from rummyrules.core.hands import some_cards, sorted_hand
from rummyrules.core.inputs import brief, close_up, expect, whole_number
from rummyrules.formats.checks import check_state
from rummyrules.formats.reachable import dealt_holder, melded_by, round_of
from rummyrules.game.registry import parse_rules, rules_text
from rummyrules.game.rules import PlayableRules
from rummyrules.game.state import GameState, Phase, Turn
from rummyrules.game.table import TableMeld
from rummyrules.games.end_of_the_page.rules import EndOfThePage
from rummyrules.games.fourteen_hundred.rules import FourteenHundred
from rummyrules.games.going_out.rules import GoingOutRummy
from rummyrules.melds import Declaration, Meld

__all__ = ["read_position", "write_position"]


# --- Writing -------------------------------------------------------------------


def write_position(state: GameState) -> str:
    """The state as one line of text, which :func:`read_position` reads back.

    Sections at their default are left out; the stock is written only as far
    as it differs from the rest of the deck in the deck's own order.

    >>> from rummyrules import EndOfThePage
    >>> rules = EndOfThePage()
    >>> deck = rules.stacked_deck("4H 4D 3H 9S  3S KC 4C  QD  7D 3D 6C AC 10H")
    >>> print(write_position(rules.new_game(deck=deck, dealer=1)))
    EndOfThePage | dealer 1 | wild 3 | face_up 3S | to_move 0 draw | hands 3H 4H 4D 9S / 3S 4C KC | pile QD | stock 7D 3D 6C AC 10H +
    """
    written = (f"{key} {value}".rstrip() for key, value in _sections_of(state))
    return " | ".join([rules_text(state.rules), *written])


def _sections_of(state: GameState) -> list[tuple[str, object]]:
    """Each section of the state's position that is not at its default, in order."""
    rules, sheet, players = state.rules, state.score_sheet, state.players
    over = state.phase is Phase.OVER and state.to_move is None
    sections: list[tuple[str, object | None]] = [
        ("seed", state.seed or None),
        ("dealer", state.dealer or None),
        ("wild", state.wild),
        ("face_up", _face_up_text(state)),
        ("marker", state.marker),
        ("over", "" if over else None),
        ("to_move", None if over else f"{_or_dash(state.to_move)} {state.phase.value}"),
        ("turn", _turn_text(state.turn) or None),
        ("claim", _claim_text(state)),
        ("passes", state.passes or None),
        ("hands", " / ".join(_cards(hand) for hand in state.hands)),
        ("melds", " / ".join(_meld_text(meld) for meld in state.table) or None),
        ("pile", _cards(state.discard_pile) if state.discard_pile else None),
        ("sheet", " / ".join(" ".join(map(str, row)) for row in sheet) or None),
        (
            "scores",
            None
            if state.scores == _totals(sheet, players)
            else " ".join(map(str, state.scores)),
        ),
        (
            "round",
            None
            if state.round == round_of(rules, sheet, over=state.is_over)
            else state.round,
        ),
        (
            "melded",
            None
            if state.melded == melded_by(rules, state.table, players)
            else _who(state.melded),
        ),
        ("had_turn", _who(state.had_turn) if any(state.had_turn) else None),
        ("out", state.out),
        ("turns", state.turns or None),
        ("reshuffles", state.reshuffles or None),
        ("winner", state.winner),
        ("dropped", " ".join(map(str, state.dropped)) or None),
        ("out_of_play", _cards(state.out_of_play) if state.out_of_play else None),
        ("stock", _stock_text(state)),
    ]
    return [(key, value) for key, value in sections if value is not None]


def _face_up_text(state: GameState) -> str | None:
    """The face-up card, and its holder where the deal did not give it to them.

    Left out once the card has been played: then nobody holds it.
    """
    if state.face_up is None and state.face_up_holder is None:
        return None
    card = _or_dash(state.face_up)
    if state.face_up_holder == dealt_holder(state.rules, state.dealer):
        return card
    return f"{card}@{_or_dash(state.face_up_holder)}"


def _claim_text(state: GameState) -> str | None:
    if state.claim is None and state.discarder is None:
        return None
    return f"{_or_dash(state.claim)}@{_or_dash(state.discarder)}"


def _or_dash(value: object) -> str:
    return "-" if value is None else str(value)


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(map(str, cards)) or "-"


def _who(flags: Sequence[bool]) -> str:
    return " ".join(str(player) for player, flag in enumerate(flags) if flag) or "-"


def _turn_text(turn: Turn) -> str:
    words: list[str] = []
    for key in ("taken", "must_meld"):
        card = getattr(turn, key)
        if card is not None:
            words += [key, str(card)]
    if turn.support:
        words += ["support", *map(str, turn.support)]
    if turn.held_copy:
        words.append("held_copy")
    if turn.must_use is not None:
        words += ["must_use", str(turn.must_use)]
    if turn.drew:
        words.append("drew")
    return " ".join(words)


def _meld_text(laid: TableMeld) -> str:
    words = []
    for card, meaning, player in zip(
        laid.meld.cards, laid.meld.stands_for, laid.played_by, strict=True
    ):
        word = str(card) if meaning is None else f"{card}={meaning}"
        words.append(word if player == laid.owner else f"{word}@{player}")
    return f"{laid.owner}: {' '.join(words)}"


def _stock_text(state: GameState) -> str | None:
    """The stock as written: None when it is all the rest of the deck in order.

    Only the top of the stock is written, down to where the rest lies in the
    deck's own order (see :func:`_in_deck_order`), which ``+`` stands for.
    Those cards are the last copies of each card in the deck, so going up
    from the bottom, each card must stand before the one below it.
    """
    stock = state.stock
    if not stock:
        return "-"
    deck = state.rules.deck()
    places: dict[Card, list[int]] = {}
    for place, card in enumerate(deck):
        places.setdefault(card, []).append(place)
    named, below = len(stock), len(deck)
    for card in reversed(stock):
        spots = places.get(card)
        if not spots or spots[-1] >= below:
            break
        below = spots.pop()
        named -= 1
    if named == 0:
        return None
    shown = _cards(stock[:named])
    return shown if named == len(stock) else f"{shown} +"


def _in_deck_order(deck: Sequence[Card], rest: Counter[Card]) -> tuple[Card, ...]:
    """These cards in the deck's own order, as :meth:`~rummyrules.Rules.stacked_deck` leaves them.

    The cards named elsewhere are taken out of the deck, the first copies
    first, and what is left keeps its place.
    """
    removed = Counter(deck) - rest
    kept: list[Card] = []
    for card in deck:
        if removed[card] > 0:
            removed[card] -= 1
        else:
            kept.append(card)
    return tuple(kept)


def _totals(sheet: Sequence[Sequence[int]], players: int) -> tuple[int, ...]:
    return tuple(sum(row[p] for row in sheet) for p in range(players))


# --- Reading -------------------------------------------------------------------

_COMMON: Final = frozenset(
    {
        "seed", "dealer", "round", "to_move", "over", "hands", "melds", "pile",
        "stock", "out", "turns", "reshuffles",
    }
)  # fmt: skip
_RUMMY500: Final = _COMMON | {"wild", "face_up", "turn", "sheet", "scores", "melded"}
_KEYS: Final[dict[type[PlayableRules], frozenset[str]]] = {
    EndOfThePage: _RUMMY500 | {"had_turn"},
    FourteenHundred: _RUMMY500 | {"marker", "passes", "claim"},
    GoingOutRummy: _COMMON | {"winner", "dropped", "out_of_play"},
}
_ALL_KEYS: Final = frozenset().union(*_KEYS.values())
_PHASES: Final[dict[type[PlayableRules], tuple[Phase, ...]]] = {
    EndOfThePage: (Phase.DRAW, Phase.PLAY),
    FourteenHundred: (Phase.OPENING, Phase.DRAW, Phase.PLAY, Phase.LAST),
    GoingOutRummy: (Phase.DRAW, Phase.PLAY),
}
_OWNER: Final = re.compile(r"^\s*(\S+?)\s*:(.*)$", re.S)
_FILL: Final = frozenset({"+", "…", "..."})
_SHOWN: Final = 24  # the cards of a meld a message lists at most


def read_position(text: str, *, rules: PlayableRules | None = None) -> GameState:
    """The game state a position describes, checked as fully as a played game.

    The text starts with the rules line; with ``rules`` given it must name
    those rules, or may leave them out. Raises :class:`~rummyrules.PositionError` for
    text that is no position, or a position no game could reach, and
    TypeError for anything but text.

    >>> from rummyrules import GoingOutRummy
    >>> rules = GoingOutRummy(hand_size=3)
    >>> game = read_position("to_move 1 draw | hands 7S 7H 9C / 7D 8D 9D", rules=rules)
    >>> [str(card) for card in game.stock[:3]], game.apply("draw").phase.value
    (['AS', '2S', '3S'], 'play')
    >>> read_position("EndOfThePage | to_move 1 draw", rules=rules)
    Traceback (most recent call last):
    ...
    rummyrules.PositionError: the position is for EndOfThePage, not GoingOutRummy hand_size=3
    """
    expect(text, str, name="position", what="a position's text")
    expect(rules, (PlayableRules, type(None)), name="rules", what="rules or None")
    sections = [part.strip() for part in text.split("|")]
    sections = [part for part in sections if part]
    rules = _rules(sections, rules)
    return _Reader(rules, _sections(rules, sections)).state()


def _rules(sections: list[str], given: PlayableRules | None) -> PlayableRules:
    """The rules the position names (its first section), checked against ``given``."""
    first = sections[0].split()[0] if sections else ""
    if not first or first.lower().rstrip(":") in _ALL_KEYS:
        if given is None:
            raise PositionError(
                "a position starts with its rules, as in 'EndOfThePage players=3 | "
                "to_move 1 draw | …'"
            )
        return given
    line = sections.pop(0)
    try:
        named = parse_rules(line)
    except RummyRulesError as error:
        raise PositionError(f"rules: {error}") from None
    if given is not None and named != given:
        raise PositionError(
            f"the position is for {rules_text(named)}, not {rules_text(given)}"
        )
    return named


def _sections(rules: PlayableRules, sections: list[str]) -> dict[str, str]:
    allowed = _KEYS[type(rules)]
    found: dict[str, str] = {}
    for section in sections:
        key, _, value = section.partition(" ")
        key = key.lower().rstrip(":")
        if key not in _ALL_KEYS:
            names = ", ".join(sorted(_ALL_KEYS))
            raise PositionError(
                f"{brief(section.split()[0])} is not a section of a position; the "
                f"sections are {names}"
            )
        if key not in allowed:
            raise PositionError(f"{key}: there is no such thing in {rules.name}")
        if key in found:
            raise PositionError(f"{key}: the section is given twice")
        found[key] = value.strip()
    return found


class _Reader:
    """Reads the sections of one position, in an order where each can be checked."""

    def __init__(self, rules: PlayableRules, sections: dict[str, str]) -> None:
        self.rules = rules
        self.sections = sections
        self.players: int = getattr(rules, "players")  # noqa: B009 - every playable rules class has it
        self.deck = rules.deck()
        self.copies = Counter(self.deck)
        self.on_table: Counter[Card] = Counter()

    # -- Pieces ---------------------------------------------------------------

    def get(self, key: str) -> str | None:
        return self.sections.get(key)

    def count(self, key: str) -> int:
        text = self.get(key)
        if text is None:
            return 0
        number = whole_number(text)
        if number is None or number < 0:
            raise PositionError(
                f"{key}: {brief(text)} is not a whole number of 0 or more"
            )
        return number

    def player(self, key: str, text: str) -> int:
        number = whole_number(text)
        if number is None or not 0 <= number < self.players:
            raise PositionError(
                f"{key}: there is no player {brief(text, quote=False)}: the players "
                f"are 0 to {self.players - 1}"
            )
        return number

    def optional_player(self, key: str) -> int | None:
        text = self.get(key)
        return None if text is None else self.player(key, text)

    def who(self, key: str) -> list[int]:
        text = self.get(key) or "-"
        return [] if text == "-" else [self.player(key, word) for word in text.split()]

    def card(self, key: str, text: str) -> Card:
        try:
            card = Card.parse(text)
        except RummyRulesError as error:
            raise PositionError(f"{key}: {error}") from None
        return self.known(key, card)

    def known(self, key: str, card: Card) -> Card:
        if card not in self.copies:
            raise PositionError(
                f"{key}: there is no {card} in the {self.rules.name} deck"
            )
        return card

    def cards(self, key: str, text: str) -> tuple[Card, ...]:
        words = text.replace(",", " ").split()
        if words == ["-"]:
            return ()
        return tuple(self.card(key, word) for word in words)

    def groups(self, key: str) -> list[str]:
        text = self.get(key)
        return [] if text is None else [group.strip() for group in text.split("/")]

    # -- The state ----------------------------------------------------------------

    def state(self) -> GameState:
        rules = self.rules
        dealer = self.optional_player("dealer") or 0
        wild = self.wild()
        phase, to_move = self.phase()
        hands = self.hands()
        table = tuple(
            self.meld(number, group, wild)
            for number, group in enumerate(self.groups("melds"), start=1)
        )
        pile = self.cards("pile", self.get("pile") or "-")
        face_up, holder = self.face_up(dealer, wild)
        marker = self.marker(wild)
        claim, discarder = self.claim()
        sheet = self.sheet()
        over = phase is Phase.OVER
        scores = _totals(sheet, self.players)
        if "scores" in self.sections:
            self.agrees("scores", self.scores(), scores)
        round_number = round_of(rules, sheet, over=over)
        if "round" in self.sections:
            self.agrees("round", self.count("round"), round_number)
        melded = melded_by(rules, table, self.players)
        if "melded" in self.sections:
            self.agrees("melded", self.flags("melded"), melded)
        out_of_play = self.cards("out_of_play", self.get("out_of_play") or "-")
        placed = [card for hand in hands for card in hand]
        placed += [
            *pile,
            *out_of_play,
            *(card for meld in table for card in meld.cards),
        ]
        placed += [] if marker is None else [marker]
        state = GameState(
            rules=rules,
            seed=self.seed(),
            round=round_number,
            dealer=dealer,
            wild=wild,
            face_up=face_up,
            face_up_holder=holder,
            marker=marker,
            hands=hands,
            stock=self.stock(placed),
            discard_pile=pile,
            table=table,
            scores=scores,
            score_sheet=sheet,
            phase=phase,
            to_move=to_move,
            turn=self.turn(),
            melded=melded,
            had_turn=self.flags("had_turn"),
            out=self.optional_player("out"),
            turns=self.count("turns"),
            reshuffles=self.count("reshuffles"),
            passes=self.count("passes"),
            claim=claim,
            discarder=discarder,
            winner=self.optional_player("winner"),
            dropped=tuple(self.who("dropped")),
            out_of_play=out_of_play,
        )
        try:
            check_state(state)
        except StateError as error:
            raise PositionError(str(error)) from None
        return state

    def agrees(self, key: str, given: object, settled: object) -> None:
        """A section the rest of the position settles: given, it must agree."""
        if given != settled:
            why = _SETTLED_BY[key]
            raise PositionError(
                f"{key}: {brief(self.sections[key])} does not agree with {why}"
            )

    def scores(self) -> tuple[int, ...]:
        scores = [whole_number(word) for word in self.sections["scores"].split()]
        if len(scores) != self.players or None in scores:
            raise PositionError(
                f"scores: give {self.players} whole numbers, one for each player"
            )
        return tuple(score for score in scores if score is not None)

    def seed(self) -> int:
        text = self.get("seed")
        if text is None:
            return 0
        seed = whole_number(text)
        if seed is None:
            raise PositionError(f"seed: {brief(text)} is not a whole number")
        return seed

    def wild(self) -> Rank | None:
        text = self.get("wild")
        if text is None:
            if self.rules.wild_ranks:
                raise PositionError(
                    f"wild: a round of {self.rules.name} has a wild rank; name it, "
                    "as in 'wild 5'"
                )
            return None
        try:
            return self.rules.wild_rank(text)
        except RummyRulesError as error:
            raise PositionError(f"wild: {error}") from None

    def phase(self) -> tuple[Phase, int | None]:
        text = self.get("to_move")
        if "over" in self.sections:
            if text is not None:
                raise PositionError("over: a game over has nobody to move")
            if self.sections["over"]:
                raise PositionError("over: the section takes nothing after it")
            return Phase.OVER, None
        if text is None:
            raise PositionError(
                "to_move: say who is to move and in which phase, as in "
                "'to_move 1 draw', or that the game is 'over'"
            )
        words = text.split()
        phases = _PHASES[type(self.rules)]
        names = " or ".join(phase.value for phase in phases)
        if len(words) != 2:
            raise PositionError(
                f"to_move: give the player and the phase ({names}), as in 'to_move 1 draw'"
            )
        player = self.player("to_move", words[0])
        phase = next((p for p in phases if p.value == words[1].lower()), None)
        if phase is None:
            raise PositionError(
                f"to_move: {brief(words[1])} is not a phase of {self.rules.name}; it has {names}"
            )
        return phase, player

    def hands(self) -> tuple[tuple[Card, ...], ...]:
        groups = self.groups("hands")
        if not groups:
            raise PositionError(
                "hands: give every player's hand, separated by '/', '-' for an empty one"
            )
        if len(groups) != self.players:
            raise PositionError(
                f"hands: {len(groups)} hands for {self.players} players"
            )
        return tuple(sorted_hand(self.cards("hands", group or "-")) for group in groups)

    def meld(self, number: int, text: str, wild: Rank | None) -> TableMeld:
        key = f"melds: meld {number}"
        owned = _OWNER.match(text)
        if owned is None:
            raise PositionError(f"{key} needs its owner, as in '0: 7S 8S 9S'")
        owner = self.player(key, owned.group(1))
        given: list[tuple[Card, Declaration | None, int]] = []
        for word in close_up(owned.group(2), "=@").replace(",", " ").split():
            card_text, at, by = word.partition("@")
            try:
                cards, declared = melds.parse_declared(card_text)
            except RummyRulesError as error:
                raise PositionError(f"{key}: {error}") from None
            if len(cards) != 1:
                raise PositionError(f"{key}: {brief(word)} is not a card")
            self.laid(key, self.known(key, cards[0]))
            player = self.player(key, by) if at else owner
            given.append((cards[0], declared[0], player))
        meld = self.reading(key, given, wild)
        return TableMeld(meld=meld, owner=owner, played_by=_credits(meld, given))

    def laid(self, key: str, card: Card) -> None:
        """Count a card of the melds: no more of it than the deck holds (ALL-1).

        Counted as each card is read, so that a position with more melds than
        any deck could make is refused before each is read (reading is what
        takes time).
        """
        self.on_table[card] += 1
        if self.on_table[card] > self.copies[card]:
            raise PositionError(
                f"{key} makes {self.on_table[card]} of {card} on the table, and the "
                f"{self.rules.name} deck has {self.copies[card]} (ALL-1)"
            )

    def reading(
        self,
        key: str,
        given: list[tuple[Card, Declaration | None, int]],
        wild: Rank | None,
    ) -> Meld:
        """The one reading of the meld that its declarations name (MELD-5)."""
        cards = [card for card, _, _ in given]
        declared = [meaning for _, meaning, _ in given]
        rules = self.rules.meld_rules
        found = melds.readings(cards, rules, wild=wild, declared=declared)
        exact = [m for m in found if _declares_every_wild(m, given)]
        if exact:
            return exact[0]
        if len(found) == 1:
            return found[0]
        words = [str(card) if d is None else f"{card}={d}" for card, d, _ in given]
        shown = " ".join(words[:_SHOWN])
        if len(words) > _SHOWN:  # a message stays short, however long the text
            shown += f" and {len(words) - _SHOWN} more"
        if not found:
            result = melds.check(cards, rules, wild=wild, declared=declared)
            raise PositionError(
                f"{key} ({shown}) is no meld: {result.reason} ({result.rule})"
            )
        listed = " or ".join(f"'{meld}'" for meld in found)
        raise PositionError(
            f"{key} ({shown}) can be read more than one way; declare its wild cards: {listed}"
        )

    def face_up(self, dealer: int, wild: Rank | None) -> tuple[Card | None, int | None]:
        text = self.get("face_up")
        if text is None:
            return None, None
        holder = dealt_holder(self.rules, dealer)
        card_text, at, player_text = close_up(text, "=@").partition("@")
        card = (
            None
            if card_text.strip() == "-"
            else self.card("face_up", card_text.strip())
        )
        if at:
            holder = (
                None
                if player_text.strip() == "-"
                else self.player("face_up", player_text.strip())
            )
        if card is not None and card.rank is not wild:
            raise PositionError(
                f"face_up: {card} is not of the wild rank {wild}; the face-up card "
                "is the one that set it (EOP-3, F14-4)"
            )
        return card, holder

    def marker(self, wild: Rank | None) -> Card | None:
        text = self.get("marker")
        dealt = getattr(self.rules, "wild_card_dealt", True)
        if text is None:
            if not dealt:
                raise PositionError(
                    "marker: with wild_card_dealt=false the wild-rank card lies on "
                    "the table; name it, as in 'marker 7H' (F14-R3)"
                )
            return None
        if dealt:
            raise PositionError(
                "marker: the wild-rank card is dealt to a player under these rules, "
                "so there is no marker (F14-R3)"
            )
        card = self.card("marker", text)
        if card.rank is not wild:
            raise PositionError(
                f"marker: {card} is not of the wild rank {wild} (F14-R3)"
            )
        return card

    def claim(self) -> tuple[Card | None, int | None]:
        text = self.get("claim")
        if text is None:
            return None, None
        card_text, at, player_text = close_up(text, "=@").partition("@")
        if not at:
            raise PositionError(
                "claim: name the card and who discarded it, as in 'claim 7H@2' (F14-12)"
            )
        return self.card("claim", card_text.strip()), self.player(
            "claim", player_text.strip()
        )

    def sheet(self) -> tuple[tuple[int, ...], ...]:
        rows: list[tuple[int, ...]] = []
        for number, group in enumerate(self.groups("sheet"), start=1):
            words = group.split()
            if len(words) != self.players:
                raise PositionError(
                    f"sheet: row {number} has {len(words)} scores for {self.players} players"
                )
            row: list[int] = []
            for word in words:
                score = whole_number(word)
                if score is None:
                    raise PositionError(f"sheet: {brief(word)} is not a whole number")
                row.append(score)
            rows.append(tuple(row))
        return tuple(rows)

    def flags(self, key: str) -> tuple[bool, ...]:
        chosen = self.who(key)
        if len(set(chosen)) != len(chosen):
            raise PositionError(f"{key}: a player is named twice")
        return tuple(player in chosen for player in range(self.players))

    def turn(self) -> Turn:
        text = self.get("turn")
        if text is None:
            return Turn()
        allowed = self.rules.turn_fields
        found: dict[str, list[str]] = {}
        current: list[str] | None = None
        for word in text.split():
            key = word.lower()
            if key in _TURN_WORDS:
                if key not in allowed:
                    raise PositionError(f"turn: there is no {key} in {self.rules.name}")
                if key in found:
                    raise PositionError(f"turn: {key} is given twice")
                current = found[key] = []
            elif current is None:
                known = ", ".join(sorted(allowed))
                raise PositionError(f"turn: {brief(word)} is not one of {known}")
            else:
                current.append(word)
        cards: dict[str, Card | None] = {}
        for key in ("taken", "must_meld", "must_use"):
            words = found.get(key)
            if words is not None and len(words) != 1:
                raise PositionError(f"turn: {key} names one card, as in '{key} 7H'")
            cards[key] = None if words is None else self.card("turn", words[0])
        for key in ("held_copy", "drew"):
            if found.get(key):
                raise PositionError(f"turn: {key} takes nothing after it")
        return Turn(
            taken=cards["taken"],
            must_meld=cards["must_meld"],
            support=tuple(self.card("turn", word) for word in found.get("support", [])),
            held_copy="held_copy" in found,
            must_use=cards["must_use"],
            drew="drew" in found,
        )

    def stock(self, placed: list[Card]) -> tuple[Card, ...]:
        """The stock as given, or filled in with the rest of the deck, in its order."""
        text = self.get("stock")
        words = (text or "+").replace(",", " ").split()
        fill = bool(words) and words[-1] in _FILL
        named = self.cards("stock", " ".join(words[:-1] if fill else words) or "-")
        have = Counter(placed) + Counter(named)
        extra = have - self.copies
        if extra:  # every card is the deck's, but some are there too often
            card = next(iter(extra))
            raise PositionError(
                f"the position holds {have[card]} of {card}, and the {self.rules.name} "
                f"deck has {self.copies[card]} (ALL-1)"
            )
        rest = self.copies - have
        if fill:
            return (*named, *_in_deck_order(self.deck, rest))
        if rest:
            raise PositionError(
                f"stock: the position lacks {some_cards(rest.elements())} of the deck (ALL-1); "
                "end the stock with '+' to fill in the rest"
            )
        return named


_SETTLED_BY: Final = {
    "scores": "the totals of the score sheet",
    "round": "the score sheet, which makes it the round after the last one scored",
    "melded": "the melds, whose owners are the players who have melded (EOP-9)",
}
_TURN_WORDS: Final = frozenset(
    {"taken", "must_meld", "support", "held_copy", "must_use", "drew"}
)


def _as_written(
    meld: Meld, given: list[tuple[Card, Declaration | None, int]]
) -> list[tuple[Card, Declaration | None, int]]:
    """The cards as written, each declaration in the form the meld writes it.

    A set's wild may be written as a card of its rank and a run's as a bare
    rank (MELD-5); the meld reads both its own way.
    """
    return [
        (card, melds.canonical_declaration(meaning, meld), player)
        for card, meaning, player in given
    ]


def _declares_every_wild(
    meld: Meld, given: list[tuple[Card, Declaration | None, int]]
) -> bool:
    """Whether the cards as written name exactly this reading, every wild declared."""
    written = Counter((card, meaning) for card, meaning, _ in _as_written(meld, given))
    return written == Counter(zip(meld.cards, meld.stands_for, strict=True))


def _credits(
    meld: Meld, given: list[tuple[Card, Declaration | None, int]]
) -> tuple[int, ...]:
    """Who played each card of the meld, in table order, from the cards as written.

    Each card takes the first written card that matches it exactly, else the
    first same card written without a declaration. The reading agrees with
    every declaration written, so one of the two is always left.
    """
    # Who wrote each card, by what it was written as, the first written last.
    waiting: dict[tuple[Card, Declaration | None], list[int]] = {}
    for card, meaning, player in reversed(_as_written(meld, given)):
        waiting.setdefault((card, meaning), []).append(player)
    credited: list[int] = []
    for card, meaning in zip(meld.cards, meld.stands_for, strict=True):
        exact = waiting.get((card, meaning))
        credited.append((exact or waiting[card, None]).pop())
    return tuple(credited)
