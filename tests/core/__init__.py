"""Tests of rummyrules.core: cards and their text, decks, the seeded shuffle."""
