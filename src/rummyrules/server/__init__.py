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
  saved before answering, waited on; ``answers`` what a seat is told;
- ``app``: the Starlette app (``create_app``), its routes declared in
  ``openapi`` with their shapes in ``shapes``; ``sockets`` its WebSocket,
  ``origins`` the pages that may open it, ``headers`` the security headers,
  ``stopping`` the long polls answered at a stop;
- ``protocol`` and ``socket_protocol``: uvicorn's protocols with the bounds
  they lack (a deadline per request, connections per address, head and
  frame sizes); ``rates`` each address's request rate;
- ``running``: uvicorn's configuration, one server's process, and
  ``running`` (a server in a thread, for tests and benchmarks);
- ``workers``: ``serve`` (``rummyrules serve``): one process, or several
  on one socket sharing PostgreSQL, which stop with their parent;
  ``proxies`` when ``--forwarded-allow-ips '*'`` is refused;
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
