"""What the server says about games, options and moves, and how it refuses: the API's documents.

These are the JSON bodies that describe rather than play: every registered
game with its table sizes and options (``GET /api/games``), the rules a
table request names, checked as a rules line is, and a group of legal moves
as a table shows it. :class:`ApiError` is a refusal: an HTTP status, a
sentence and, when a rule refuses, its ID. Nothing here knows HTTP or
tables: the web app (:mod:`rummyrules.server.app`) answers with these, and
the tables (:mod:`rummyrules.server.tables`) use them.

>>> rules_from_request("GinRummy", {"oklahoma": True}).oklahoma
True
"""

from __future__ import annotations

import enum
import ipaddress
import json
from collections.abc import Mapping, Sequence
from typing import Any, Final

import attrs

from rummyrules.core.errors import RummyRulesError
from rummyrules.formats.json import document, dumps
from rummyrules.game.grouping import MoveGroup, group_moves
from rummyrules.game.registry import VARIANTS, option_text, parse_rules
from rummyrules.game.state import GameState, PlayableRules
from rummyrules.server.storage import TableRow

__all__ = [
    "ApiError",
    "Json",
    "SeatView",
    "address_key",
    "games_document",
    "group_document",
    "rules_from_request",
    "seats_document",
    "status_document",
    "token_of",
    "view_document",
]

Json = dict[str, Any]


class ApiError(Exception):
    """A request the server refuses: an HTTP status, a sentence, maybe a rule ID.

    A refusal that passes (429, 503) says in ``retry_after`` when to ask again.

    >>> error = ApiError(409, "draw first", "EOP-5")
    >>> error.status, error.body()
    (409, {'error': 'draw first', 'rule': 'EOP-5'})
    """

    def __init__(
        self,
        status: int,
        message: str,
        rule: str | None = None,
        *,
        retry_after: int | None = None,
    ) -> None:
        super().__init__(message)
        self.status, self.message, self.rule = status, message, rule
        self.retry_after = retry_after  # seconds, for 429 and 503: Retry-After

    def headers(self) -> dict[str, str]:
        """The answer's headers: ``Retry-After`` when the client may try again later.

        >>> ApiError(429, "slow down", retry_after=3).headers()
        {'Retry-After': '3'}
        """
        if self.retry_after is None:
            return {}
        return {"Retry-After": str(self.retry_after)}

    def body(self) -> Json:
        """The JSON body of the answer: ``{"error": sentence, "rule": id or null}``.

        >>> ApiError(404, "there is no such table").body()["rule"] is None
        True
        """
        return {"error": self.message, "rule": self.rule}


def _players_range(cls: type[PlayableRules[Any]]) -> tuple[int, int]:
    if "players" not in attrs.fields_dict(cls):  # a game for a fixed number (Gin Rummy)
        return cls().players, cls().players
    allowed = []
    for players in range(1, 33):
        try:
            cls(players=players)  # type: ignore[call-arg]  # every playable variant has players
        except RummyRulesError:
            continue  # not a table size this game allows
        allowed.append(players)
    return min(allowed), max(allowed)


def _option(cls: type[PlayableRules[Any]], field: attrs.Attribute[Any]) -> Json:
    """One option as the lobby shows it, from the rules class's own metadata."""
    default = getattr(cls(), field.name)
    kind, choices = "str", None
    if isinstance(default, bool):
        kind = "bool"
    elif isinstance(default, enum.Enum):
        kind, choices = "enum", [str(member.value) for member in type(default)]
    elif isinstance(default, int) or "int" in str(field.type):
        kind = "int"
    return {
        "name": field.name,
        "default": default.value if isinstance(default, enum.Enum) else default,
        "type": kind,
        "choices": choices,
        "nullable": "None" in str(field.type),
        "rule": field.metadata.get("rule"),
        "doc": field.metadata.get("doc", ""),
    }


def games_document() -> Json:
    """Every registered game with its table sizes and options: ``GET /api/games``.

    >>> games = games_document()["games"]
    >>> eop = games[0]
    >>> eop["variant"], eop["short_name"], eop["players"]
    ('EndOfThePage', 'eop', {'min': 2, 'max': 8, 'default': 2})
    >>> [o for o in eop["options"] if o["name"] == "stock_out"][0]["choices"]
    ['end_round', 'reshuffle', 'flip']
    """
    games = []
    for name, cls in VARIANTS.items():
        low, high = _players_range(cls)
        games.append(
            {
                "variant": name,
                "name": cls.name,
                "short_name": cls.short_name,
                "players": {"min": low, "max": high, "default": cls().players},
                "options": [_option(cls, field) for field in attrs.fields(cls)],
            }
        )
    return {"games": games}


def rules_from_request(variant: object, options: object) -> PlayableRules[Any]:
    """The rules a table request names, every option checked as a rules line is.

    ``options`` maps option names to JSON values (numbers, true/false, null,
    a choice's text). A bad value raises :class:`ApiError` 400 with the
    library's own sentence.

    >>> rules_from_request("FourteenHundred", {"players": 4}).players
    4
    >>> rules_from_request("EndOfThePage", {"players": 1})
    Traceback (most recent call last):
    ...
    rummyrules.server.documents.ApiError: players must be from 2 to 8 in End of the Page, not 1 (EOP-1)
    """
    if not isinstance(variant, str) or variant not in VARIANTS:
        known = ", ".join(VARIANTS)
        raise ApiError(400, f"name a variant: one of {known}")
    if not isinstance(options, Mapping):
        raise ApiError(400, 'send the options as an object, as {"players": 3}')
    words = [variant]
    for name, value in options.items():
        if not isinstance(value, bool | int | str | None) or isinstance(value, float):
            message = f"option {name!r} takes a number, true, false, null or a word"
            raise ApiError(400, message)
        text = option_text(value)
        if not name.isidentifier() or not text or any(c in text for c in " \t\n="):
            raise ApiError(400, f"option {name!r} takes one word, not {text!r}")
        words.append(f"{name}={text}")
    try:
        return parse_rules(" ".join(words))
    except RummyRulesError as error:
        raise ApiError(400, str(error)) from error


def group_document(group: MoveGroup) -> Json:
    """A group of legal moves as JSON: what a table shows, then each way to play it.

    ``choices`` are the moves' texts, to send as they are; a group of more
    than one asks the player what the wild cards stand for.

    >>> from rummyrules import group_moves, parse_move
    >>> (group,) = group_moves(
    ...     [parse_move("lay 5H=7C on 2"), parse_move("lay 5H=10C on 2")]
    ... )
    >>> group_document(group)
    {'kind': 'lay_off', 'player': None, 'cards': ['5H'], 'meld': 2, 'discard': None, 'choices': ['lay 5H=7C on 2', 'lay 5H=10C on 2']}
    """
    return {
        "kind": group.kind,
        "player": group.player,
        "cards": [str(card) for card in group.cards],
        "meld": group.meld,
        "discard": None if group.discard is None else str(group.discard),
        "choices": [str(move) for move in group.choices],
    }


def seats_document(
    row: TableRow, tokens: Mapping[int, str] | None = None
) -> list[Json]:
    """Each seat's kind, with the tokens given (to the table's creator, once).

    >>> from rummyrules import parse_rules
    >>> from rummyrules.server.tables import new_table
    >>> table, tokens = new_table(
    ...     "t", parse_rules("GinRummy"), ["human", "random"],
    ...     seed=1, chosen=False, creator="::1", now=0.0,
    ... )  # fmt: skip
    >>> seats_document(table.row) == [
    ...     {"seat": 0, "kind": "human"},
    ...     {"seat": 1, "kind": "random"},
    ... ]
    True
    >>> seats_document(table.row, tokens)[0]["token"] == tokens[0]
    True
    """
    tokens = tokens or {}
    return [
        {"seat": seat, "kind": kind}
        | ({"token": tokens[seat]} if seat in tokens else {})
        for seat, kind in enumerate(row.seats)
    ]


def status_document(row: TableRow, game: GameState) -> Json:
    """What anyone may know of a table without a token: ``GET /api/tables/{id}``.

    ``seed`` says who chose it and gives the commitment to it from the
    start; the seed itself (as text: JSON numbers lose 128-bit seeds in
    JavaScript) and the secret salt committed with it only once the game is
    over.

    >>> from rummyrules import parse_rules
    >>> from rummyrules.server.tables import new_table
    >>> table, _ = new_table(
    ...     "t", parse_rules("GinRummy"), ["human", "greedy"],
    ...     seed=1, chosen=True, creator="::1", now=0.0,
    ... )  # fmt: skip
    >>> status = status_document(table.row, table.game)
    >>> sorted(status)
    ['name', 'over', 'phase', 'players', 'seats', 'seed', 'to_move', 'variant', 'version', 'winners']
    >>> status["seed"]["chosen_by"], len(status["seed"]["commitment"])
    ('creator', 64)
    """
    seed: Json = {
        "chosen_by": "creator" if row.chosen else "server",
        "commitment": row.commitment,
    }
    if game.is_over:
        seed["seed"] = str(row.seed)
        if row.salt:
            seed["salt"] = row.salt
    return {
        "variant": type(game.rules).__name__,
        "name": game.rules.name,
        "players": game.players,
        "seats": list(row.seats),
        "to_move": game.to_move,
        "phase": str(game.phase.value),
        "over": game.is_over,
        "winners": list(game.winners),
        "version": row.version,
        "seed": seed,
    }


_ENCODE: Final = json.JSONEncoder(
    ensure_ascii=False, allow_nan=False, separators=(",", ":"), check_circular=False
).encode
"""JSON as the answers write it: Starlette's ``JSONResponse``, compact and in UTF-8."""


class SeatView:
    """A seat's view, its move groups and its duties as JSON text, written once a version and seat.

    Every answer of that version and seat is then written around them,
    with no view built or encoded again. The duties are the obligations in
    force for the seat (:meth:`~rummyrules.GameState.duties`), each
    ``{"rule", "text"}``: they go beside the view, whose saved form has a
    published schema of its own.

    >>> import json
    >>> from rummyrules import GinRummy
    >>> game = GinRummy().new_game(seed=1)
    >>> body = json.loads(SeatView.of(game, 0).answer("v1", 0, [], earlier=False))
    >>> (body["view"], body["groups"]) == view_document(game, 0)
    True
    """

    __slots__ = ("duties", "groups", "view")

    def __init__(self, view: str, groups: str, duties: str) -> None:
        self.view, self.groups, self.duties = view, groups, duties

    @classmethod
    def of(cls, game: GameState, seat: int) -> SeatView:
        """The view of ``seat`` in ``game``, its move groups and its duties, as text."""
        view = game.view(seat)
        groups = [group_document(group) for group in group_moves(view.legal_moves)]
        duties = [{"rule": duty.rule, "text": duty.text} for duty in game.duties(seat)]
        return cls(_ENCODE(document(view)), _ENCODE(groups), _ENCODE(duties))

    def answer(
        self, version: str, seat: int, events: Sequence[Json], *, earlier: bool
    ) -> bytes:
        """A seat's answer as ``JSONResponse`` writes it: version, seat, view, events, earlier, groups, duties.

        >>> from rummyrules import GinRummy
        >>> seen = SeatView.of(GinRummy().new_game(seed=1), 0)
        >>> view, groups = view_document(GinRummy().new_game(seed=1), 0)
        >>> document = {"version": "v1", "seat": 0, "view": view, "events": [],
        ...             "earlier": False, "groups": groups, "duties": []}  # fmt: skip
        >>> seen.answer("v1", 0, [], earlier=False) == _ENCODE(document).encode()
        True
        """
        text = (
            f'{{"version":{_ENCODE(version)},"seat":{seat},"view":{self.view},'
            f'"events":{_ENCODE(events)},"earlier":{"true" if earlier else "false"},'
            f'"groups":{self.groups},"duties":{self.duties}}}'
        )
        return text.encode("utf-8")


def view_document(game: GameState, seat: int) -> tuple[Json, list[Json]]:
    """A seat's view as JSON (``json.loads(dumps(view))``) and its move groups.

    >>> from rummyrules import GinRummy
    >>> view, groups = view_document(GinRummy().new_game(seed=1), 0)
    >>> view["kind"], all(group["choices"] for group in groups)
    ('view', True)
    """
    view = game.view(seat)
    groups = [group_document(group) for group in group_moves(view.legal_moves)]
    return json.loads(dumps(view)), groups


def token_of(authorization: str | None, query_token: str | None) -> str | None:
    """The seat token a request carries: ``Authorization: Bearer T`` (any case) or ``?token=T``.

    >>> token_of("bearer abc", None), token_of(None, "xyz"), token_of("Basic abc", None)
    ('abc', 'xyz', None)
    """
    if authorization:
        scheme, _, token = authorization.strip().partition(" ")
        if scheme.lower() == "bearer" and token.strip():
            return token.strip()
    return query_token or None


def address_key(host: str | None) -> str:
    """The address a client's limits are counted under: IPv4 whole, IPv6 by its /64.

    One IPv6 host commonly holds a whole /64, so counting each of its
    addresses apart would give it billions of allowances.

    >>> address_key("203.0.113.7"), address_key("2001:db8:1:2:3:4:5:6")
    ('203.0.113.7', '2001:db8:1:2::/64')
    >>> address_key("testclient"), address_key(None)
    ('testclient', '')
    """
    if not host:
        return ""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host[:100]
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)
