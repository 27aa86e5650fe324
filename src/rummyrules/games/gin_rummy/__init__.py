"""The game of Gin Rummy: its rules class, its state, its turn machine (``GIN-*``)."""

from rummyrules.games.gin_rummy.rules import GinRummy
from rummyrules.games.gin_rummy.state import GinRummyPhase, GinRummyState, GinRummyView

__all__ = ["GinRummy", "GinRummyPhase", "GinRummyState", "GinRummyView"]
