"""Tests of rummyrules.bots: the greedy, random and search bots."""
