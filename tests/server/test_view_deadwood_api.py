"""Gin Rummy's deadwood reaches the page: the server's view documents carry the view's own fields.

The page reads ``view.data.deadwood`` and ``view.data.shown_deadwood``
(GIN-2, GIN-5, GIN-7): each is the library's view's, as ``dumps`` writes it.
"""

from __future__ import annotations

from starlette.testclient import TestClient

from rummyrules import GinRummy, GinRummyView

from .conftest import Seat, new_table


def test_gin_5_a_seats_view_document_carries_its_deadwood(client: TestClient) -> None:
    table, tokens = new_table(client, "GinRummy", ["human", "human"], seed=1)
    game = GinRummy().new_game(seed=1)
    for seat, move in ((0, "pass"), (1, "pass"), (0, "draw")):
        Seat(client, table, tokens[seat]).move(move)
        game = game.apply(move)
    for seat in (0, 1):
        data = Seat(client, table, tokens[seat]).answer()["view"]["data"]
        view = game.view(seat)
        assert isinstance(view, GinRummyView)
        assert (data["deadwood"], data["shown_deadwood"]) == (view.deadwood, [])
        assert len(data["hand"]) == 11 - seat  # player 0 holds the card drawn
