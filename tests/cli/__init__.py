"""Tests of rummyrules.cli: the rummyrules command."""
