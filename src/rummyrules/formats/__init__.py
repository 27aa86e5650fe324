"""The formats: positions, game records, JSON, and the checks of what they read.

Each reads and writes any registered game, asking the game for what is its
own (its position sections, its state checks).

>>> from rummyrules import EndOfThePage
>>> from rummyrules.formats.json import dumps, loads
>>> game = EndOfThePage().new_game(seed=1)
>>> loads(dumps(game)) == game
True
"""
