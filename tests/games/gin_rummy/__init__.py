"""Gin Rummy (rummyrules.games.gin_rummy): its rules, deadwood, checks, and OpenSpiel's engine beside it."""
