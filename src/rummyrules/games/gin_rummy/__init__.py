"""Gin Rummy (GIN), being built: so far only its deadwood arithmetic.

The game is not registered yet; :mod:`rummyrules.games.gin_rummy.deadwood`
counts a hand's deadwood (GIN-1, GIN-2) and the discards that let a player
knock (GIN-5).
"""
