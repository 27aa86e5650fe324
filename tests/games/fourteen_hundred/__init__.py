"""1400 (rummyrules.games.fourteen_hundred), rule by rule (F14-*)."""
