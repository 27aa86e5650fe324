"""Tests of each game of rummyrules.games, one package a game."""
