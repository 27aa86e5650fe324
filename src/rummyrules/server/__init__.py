"""The game server: tables of people and bots, over HTTP and WebSocket.

``rummyrules serve`` runs it (extra ``rummyrules[server]``: Starlette and
uvicorn); docs/server.rst describes the API. The library below it never
imports Starlette: this package is the only one that does.

- ``storage``: what a table is in the database, and the storage interface;
  ``sql`` its queries, ``schema`` its relations' versions and migrations,
  ``sqlite`` and ``postgres`` its two databases, ``databases`` which one a
  URL names, ``upkeep`` what an operator does to one (migrate, back up,
  restore);
- ``tables``: a table at one version: seats, tokens, bots, moves (no HTTP,
  no database);
- ``lobby``: the tables a server serves (``TableStore``): read, played,
  saved before answering, waited on;
- ``app``: the Starlette app (``create_app``); ``sockets`` its WebSocket;
- ``protocol``: uvicorn's protocols with the bounds it lacks (a deadline
  per request, connections per address);
- ``running``: uvicorn's configuration, one server's process, and
  ``running`` (a server in a thread, for tests and benchmarks);
- ``workers``: ``serve`` (``rummyrules serve``): one process, or several
  on one socket sharing PostgreSQL;
- ``limits``: every bound, in ``Limits``.

>>> from starlette.testclient import TestClient
>>> TestClient(create_app()).get("/api/tables/nope").json()
{'error': "there is no table 'nope'", 'rule': None}
"""

from rummyrules.server.app import create_app
from rummyrules.server.documents import ApiError
from rummyrules.server.limits import Limits
from rummyrules.server.lobby import TableStore
from rummyrules.server.running import running
from rummyrules.server.storage import Storage
from rummyrules.server.tables import Table
from rummyrules.server.workers import serve

__all__ = [
    "ApiError",
    "Limits",
    "Storage",
    "Table",
    "TableStore",
    "create_app",
    "running",
    "serve",
]
