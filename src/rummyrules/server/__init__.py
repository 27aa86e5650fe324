"""The game server: tables of people and bots, over HTTP and WebSocket.

``rummyrules serve`` runs it (extra ``rummyrules[server]``: Starlette and
uvicorn); docs/server.rst describes the API. The library below it never
imports Starlette: this package is the only one that does.

- ``tables``: tables, seats, tokens, bots, versions, event logs (no HTTP);
- ``app``: the Starlette app (``create_app``);
- ``protocol``: uvicorn's protocols with the bounds it lacks (a deadline
  per request, connections per address);
- ``running``: ``serve`` (``rummyrules serve``) and ``running`` (a server
  in a thread, for tests and benchmarks);
- ``limits``: every bound, in ``Limits``.

>>> from starlette.testclient import TestClient
>>> TestClient(create_app()).get("/api/tables/nope").json()
{'error': "there is no table 'nope'", 'rule': None}
"""

from rummyrules.server.app import create_app
from rummyrules.server.documents import ApiError
from rummyrules.server.limits import Limits
from rummyrules.server.running import running, serve
from rummyrules.server.tables import Table, TableStore

__all__ = [
    "ApiError",
    "Limits",
    "Table",
    "TableStore",
    "create_app",
    "running",
    "serve",
]
