"""Seeds and commitments (placeholder until the fairness branch lands).

>>> len(seed_commitment("t", 1))
64
"""

from __future__ import annotations

import hashlib
import secrets

__all__ = ["new_seed", "seed_commitment"]


def new_seed() -> int:
    """128 random bits.

    >>> new_seed() < 2**128
    True
    """
    return secrets.randbits(128)


def seed_commitment(table: str, seed: int) -> str:
    """SHA-256 over the table id and the seed.

    >>> seed_commitment("t", 1) == seed_commitment("t", 1)
    True
    """
    return hashlib.sha256(f"rummyrules-seed:{table}:{seed}".encode()).hexdigest()
