"""Going Out Rummy's integer core: its turn over tuples and ints (issue 40, :mod:`rummyrules.game.cores`).

A position is a tuple (:mod:`~rummyrules.games.going_out.core.value`), a
move an int (:mod:`~rummyrules.games.going_out.core.listing`), and one
function a kind of move plays it (:mod:`~rummyrules.games.going_out.core.play`);
:mod:`~rummyrules.games.going_out.core.game` puts them together as the game's
``core``. Going out laid another way than the one listed has no action:
:meth:`~rummyrules.GameState.apply` plays it on the turn machine (GOR-7).
"""
