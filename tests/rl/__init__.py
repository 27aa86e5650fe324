"""Tests of rummyrules.rl: actions, observations, environments."""
