"""Fair deals you can check: a seed nobody can guess, and a commitment to it.

A server that chooses a table's seed draws it with :func:`new_seed` (128
bits from the operating system's random source). Whoever chose the seed, the
server also draws a secret **salt** for the table with :func:`new_salt` (128
bits, written as 32 lowercase hex digits) and, as soon as the table exists,
publishes :func:`seed_commitment`: the SHA-256 of one line of text made of
the table id, the salt and the seed, in UTF-8::

    rummyrules-salted-seed:{table}:{salt}:{seed}

``{table}`` is the table id as given, ``{salt}`` the 32 hex digits in lower
case and ``{seed}`` the seed in decimal, no sign, no leading zeros (Python's
``str(seed)``). No newline follows. Anyone can recompute it, with Python:

>>> import hashlib
>>> salt = "0123456789abcdef0123456789abcdef"
>>> text = f"rummyrules-salted-seed:t1:{salt}:42"
>>> hashlib.sha256(text.encode()).hexdigest()
'016327ec3c6ebd08f76039eef9e86422f1897396c82c5d74c102e74ccb8c7ceb'
>>> seed_commitment("t1", 42, salt) == hashlib.sha256(text.encode()).hexdigest()
True

or in a shell: ``printf '%s' "rummyrules-salted-seed:t1:$SALT:42" | sha256sum``.
The salt is what makes a seed the table's creator chose (``2026``, a
birthday) safe: without it, anyone could hash the small seeds one after the
other until one gives the commitment, and know every hand. With it, they
would have to guess 128 secret bits as well.

The seed and the salt are revealed with the game record when the game is
over (its ``[Seed]``, ``[Salt]``, ``[Table]`` and ``[Commitment]`` tags),
and :func:`check_commitment` (which :func:`~rummyrules.replay` and
``rummyrules replay --commitment`` ask) says whether they match. The text
cannot be read two ways: the seed is digits only and the salt exactly 32 hex
digits, so the last two ``:`` end the table id, whatever it holds.

A commitment made without a salt (``salt=None``) is the SHA-256 of
``rummyrules-seed:{table}:{seed}``: records of tables made before the salt
carry no ``[Salt]`` tag and are checked that way.

>>> hashlib.sha256("rummyrules-seed:t1:42".encode()).hexdigest()
'536c1e543086de9908c6c942d583fc186aedf78c7b4f458d7ece66f43eea7885'
>>> seed_commitment("t1", 42)
'536c1e543086de9908c6c942d583fc186aedf78c7b4f458d7ece66f43eea7885'

A table id is text a record can carry in its ``[Table]`` tag: printable,
without ``"``, ``;``, ``{`` or ``}``, and without spaces at either end (the
game server's ids are letters, digits, ``-`` and ``_``).
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from typing import Final, cast

from rummyrules.core.errors import RummyRulesError
from rummyrules.core.inputs import MAX_DIGITS, brief, expect, too_many_digits

__all__ = [
    "SALT_BITS",
    "SEED_BITS",
    "CommitmentError",
    "check_commitment",
    "check_hex",
    "check_salt",
    "check_table",
    "commitment_fault",
    "commitment_text",
    "new_salt",
    "new_seed",
    "seed_commitment",
]

SEED_BITS: Final = 128
"""How many random bits :func:`new_seed` draws: far beyond any search."""

SALT_BITS: Final = 128
"""How many random bits :func:`new_salt` draws: a chosen seed hides behind them."""

_PREFIX: Final = "rummyrules-seed"
_SALTED: Final = "rummyrules-salted-seed"
_HEX: Final = re.compile(r"[0-9a-fA-F]{64}")
_SALT: Final = re.compile(r"[0-9a-fA-F]{32}")
_UNFIT: Final = frozenset('";{}')
"""What a record's tag cannot carry: a quote ends the value, ``;`` and braces start comments."""


class CommitmentError(RummyRulesError):
    """A table id, seed or commitment no commitment can be made or checked with.

    >>> seed_commitment("", 42)
    Traceback (most recent call last):
    ...
    rummyrules.formats.records.fairness.CommitmentError: a table id must not be empty
    """


def new_seed() -> int:
    """A new seed for a table: 128 random bits (at least) from :mod:`secrets`.

    Nobody can guess it, or find it by trying seeds against the cards they
    see: there are 2**128 of them. It is the one source of chance the
    library has, for the game server to call; every game itself stays a pure
    function of its seed.

    >>> seed = new_seed()
    >>> 0 <= seed < 2**SEED_BITS, new_seed() != seed
    (True, True)
    """
    return secrets.randbits(SEED_BITS)


def new_salt() -> str:
    """A new secret salt for a table: 128 random bits from :mod:`secrets`, as 32 hex digits.

    Committed with the seed and kept secret until the game is over, it
    keeps a seed the creator chose from being found by trying small seeds.

    >>> salt = new_salt()
    >>> len(salt), check_salt(salt) == salt, new_salt() != salt
    (32, True, True)
    """
    return secrets.token_hex(SALT_BITS // 8)


def check_salt(salt: object) -> str:
    """A salt's text in lower case, refused unless it is 32 hex digits.

    >>> check_salt("0123456789ABCDEF" * 2)
    '0123456789abcdef0123456789abcdef'
    >>> check_salt("2026")
    Traceback (most recent call last):
    ...
    rummyrules.formats.records.fairness.CommitmentError: a salt is 32 hexadecimal digits (128 bits), not '2026'
    """
    expect(salt, str, name="salt", what="32 hexadecimal digits (str)")
    text = cast("str", salt)
    if _SALT.fullmatch(text) is None:
        message = f"a salt is 32 hexadecimal digits (128 bits), not {brief(text)}"
        raise CommitmentError(message)
    return text.lower()


def check_table(table: object) -> str:
    """The table id, refused (TypeError, :class:`CommitmentError`) when no record could carry it.

    >>> check_table("k3Jx_9-a")
    'k3Jx_9-a'
    >>> check_table("table; one")
    Traceback (most recent call last):
    ...
    rummyrules.formats.records.fairness.CommitmentError: a table id must be printable text without '"', ';', '{' or '}' and without spaces at either end, not 'table; one'
    """
    expect(table, str, name="table", what="a table id (str)")
    text = cast("str", table)
    if not text:
        raise CommitmentError("a table id must not be empty")
    if text != text.strip() or not text.isprintable() or not _UNFIT.isdisjoint(text):
        message = (
            "a table id must be printable text without '\"', ';', '{' or '}' "
            f"and without spaces at either end, not {brief(text)}"
        )
        raise CommitmentError(message)
    return text


def _check_seed(seed: object) -> int:
    expect(seed, int, name="seed", what="a whole number (int)")
    number = cast("int", seed)
    if number < 0 or too_many_digits(number):
        message = (
            f"a committed seed must be a whole number from 0, of at most "
            f"{MAX_DIGITS} digits, not {brief(number)}"
        )
        raise CommitmentError(message)
    return number


def commitment_text(table: str, seed: int, salt: str | None = None) -> str:
    """The text whose SHA-256 is the commitment: ``rummyrules-salted-seed:{table}:{salt}:{seed}``.

    Without a salt (a table made before salts), ``rummyrules-seed:{table}:{seed}``.

    >>> commitment_text("t1", 42, "0123456789ABCDEF" * 2)
    'rummyrules-salted-seed:t1:0123456789abcdef0123456789abcdef:42'
    >>> commitment_text("t1", 42)
    'rummyrules-seed:t1:42'
    """
    if salt is None:
        return f"{_PREFIX}:{check_table(table)}:{_check_seed(seed)}"
    return f"{_SALTED}:{check_table(table)}:{check_salt(salt)}:{_check_seed(seed)}"


def seed_commitment(table: str, seed: int, salt: str | None = None) -> str:
    """The commitment to a table's seed: the SHA-256 of :func:`commitment_text`, 64 lowercase hex digits.

    A table id that is no text, a seed that is no int (``True`` is none),
    or a salt that is no text raises TypeError; an empty or unfit table id,
    a negative seed, or a salt that is not 32 hex digits raises
    :class:`CommitmentError` (a ValueError).

    >>> seed_commitment("t1", 2**128 - 1)
    '6997f025a6d295b14ec7951b74d3e2da9a26bdf58776ad5bfa6e3c3b249d2420'
    >>> seed_commitment("t1", -1)
    Traceback (most recent call last):
    ...
    rummyrules.formats.records.fairness.CommitmentError: a committed seed must be a whole number from 0, of at most 100 digits, not -1
    """
    return hashlib.sha256(commitment_text(table, seed, salt).encode()).hexdigest()


def check_hex(commitment: object) -> str:
    """A commitment's text in lower case, refused unless it is 64 hex digits.

    >>> check_hex(seed_commitment("t1", 42).upper())[:8]
    '536c1e54'
    >>> check_hex("a3dd")
    Traceback (most recent call last):
    ...
    rummyrules.formats.records.fairness.CommitmentError: a commitment is 64 hexadecimal digits (a SHA-256), not 'a3dd'
    """
    expect(commitment, str, name="commitment", what="64 hexadecimal digits (str)")
    text = cast("str", commitment)
    if _HEX.fullmatch(text) is None:
        message = (
            f"a commitment is 64 hexadecimal digits (a SHA-256), not {brief(text)}"
        )
        raise CommitmentError(message)
    return text.lower()


def check_commitment(
    table: str, seed: int, commitment: str, salt: str | None = None
) -> bool:
    """Whether ``commitment`` is the table's commitment to this seed and salt (compared in constant time).

    The commitment is read case-free; one that is not 64 hex digits, and a
    table id, seed or salt :func:`seed_commitment` refuses, raise as it does.

    >>> salt = "0123456789abcdef" * 2
    >>> salted = seed_commitment("t1", 42, salt)
    >>> check_commitment("t1", 42, salted, salt), check_commitment("t1", 42, salted)
    (True, False)

    >>> kept = seed_commitment("t1", 42)
    >>> check_commitment("t1", 42, kept), check_commitment("t1", 43, kept)
    (True, False)
    >>> check_commitment("t2", 42, kept), check_commitment("t1", 42, kept.upper())
    (False, True)
    """
    given = check_hex(commitment)
    return hmac.compare_digest(seed_commitment(table, seed, salt), given)


def commitment_fault(
    *,
    table: str | None,
    seed: int,
    commitment: str | None,
    stacked: bool = False,
    salt: str | None = None,
) -> str | None:
    """What is wrong with a record's commitment, as a sentence; None when it holds or there is none.

    A commitment needs its table id, and a first deal the seed shuffled (not
    a ``stacked`` deck); then it must be the table's commitment to the seed
    and the ``salt`` (None for a table made before salts).
    :func:`~rummyrules.replay` raises this sentence as a
    :class:`~rummyrules.ReplayError`.

    >>> kept = seed_commitment("t1", 42)
    >>> commitment_fault(table="t1", seed=42, commitment=kept) is None
    True
    >>> print(commitment_fault(table="t1", seed=43, commitment=kept))
    the seed does not match the table's commitment: the commitment is 536c1e543086de9908c6c942d583fc186aedf78c7b4f458d7ece66f43eea7885, but seed 43 at table 't1' gives ee27f7e7dad333bcf6df6877206e8016a40431ee14bfdd22e88f3c3f35891421
    >>> print(commitment_fault(table=None, seed=42, commitment=kept))
    a commitment needs the table's id, and the record has no [Table] tag
    """
    if commitment is None:
        return None
    if table is None:
        return "a commitment needs the table's id, and the record has no [Table] tag"
    if stacked:
        return (
            "the first deal is a stacked deck, not the seed's shuffle, so no "
            "commitment to the seed vouches for it"
        )
    try:
        if check_commitment(table, seed, commitment, salt):
            return None
    except RummyRulesError as error:
        return f"the commitment cannot be checked: {error}"
    salted = "" if salt is None else f" with salt {salt.lower()}"
    return (
        f"the seed does not match the table's commitment: the commitment is "
        f"{commitment.lower()}, but seed {brief(seed)} at table {brief(table)}"
        f"{salted} gives {seed_commitment(table, seed, salt)}"
    )
