"""The game layer: what every game shares, over the melds and the cards.

Moves and their notation, the melds on the table, the game state and the
view every game's own derive from, the rules classes' base, dealing and the
stock, the turn machine's skeleton, and the registry of games.

>>> from rummyrules.game.notation import parse_move
>>> str(parse_move("LAY 3c on 1"))
'lay 3C on 1'
"""
