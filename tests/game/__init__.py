"""Tests of rummyrules.game: moves and their notation, refusals, views, results, selection and grouping, the rules classes' options."""
