"""What a browser is told to keep the page safe: which pages may open the WebSocket, and the page's headers.

Real servers on loopback: a handshake from another site's page is refused
(403, the JSON refusal) before it is accepted; the page and every answer
carry a Content-Security-Policy, X-Frame-Options and X-Content-Type-Options.
"""

from __future__ import annotations

import json
from urllib.parse import urlsplit

import httpx
import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from rummyrules.server import Limits, running
from rummyrules.server.origins import refusal


def new_seat(url: str) -> str:
    """The WebSocket URL of a new table's first seat."""
    made = httpx.post(
        url + "/api/tables",
        json={"variant": "GinRummy", "seats": ["human", "greedy"]},
        timeout=10,
    ).json()
    token = made["seats"][0]["token"]
    return f"ws{url[4:]}/api/tables/{made['table']}/ws?token={token}"


def opens(socket_url: str, origin: str | None) -> tuple[int, str | None]:
    """101 and None when the handshake is accepted and an update comes; else the status and the refusal."""
    headers = {} if origin is None else {"Origin": origin}
    try:
        with connect(socket_url, additional_headers=headers, open_timeout=10) as ws:
            assert json.loads(ws.recv(timeout=10))["type"] == "update"
            return 101, None
    except InvalidStatus as refused:
        response = refused.response
    body = json.loads(response.body or b"{}")
    assert body["rule"] is None
    return response.status_code, body["error"]


OPEN = (101, None)


def test_a_websocket_from_another_sites_page_is_refused_before_accept() -> None:
    """Issue 39, item 7: the WebSocket accepted any Origin."""
    with running() as url:
        socket_url = new_seat(url)
        evil = "https://evil.example"
        assert opens(socket_url, evil) == (403, refusal(evil))
        assert opens(socket_url, "null") == (403, refusal("null"))  # a file, a sandbox
        assert opens(socket_url, url) == OPEN  # the server's own page
        assert opens(socket_url, None) == OPEN  # a program, not a browser


def test_an_origin_the_server_is_told_may_open_the_websocket() -> None:
    limits = Limits(origins=("https://app.example/",))
    with running(limits=limits) as url:
        socket_url = new_seat(url)
        assert opens(socket_url, "https://app.example") == OPEN
        assert opens(socket_url, "https://other.example")[0] == 403
        assert opens(socket_url, f"http://{urlsplit(url).netloc}") == OPEN


def test_an_origin_that_is_no_origin_is_refused_by_the_limits() -> None:
    with pytest.raises(ValueError, match="scheme://host"):
        Limits(origins=("app.example",))


@pytest.mark.parametrize(
    "path", ["/", "/static/app.js", "/static/style.css", "/api/games"]
)
def test_the_page_and_every_answer_send_the_security_headers(path: str) -> None:
    """Issue 39, item 7: / sent no Content-Security-Policy, X-Frame-Options or X-Content-Type-Options."""
    with running() as url:
        answer = httpx.get(url + path, timeout=10)
    assert answer.status_code == 200
    policy = answer.headers["content-security-policy"]
    assert "script-src 'self'" in policy
    assert "frame-ancestors 'none'" in policy
    assert "unsafe-inline" not in policy
    assert answer.headers["x-frame-options"] == "DENY"
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert answer.headers["referrer-policy"] == "no-referrer"


APP = "http://127.0.0.1:8001"  # a page on another port: another origin
PREFLIGHT = {
    "Origin": APP,
    "Access-Control-Request-Method": "POST",
    "Access-Control-Request-Headers": "authorization, content-type",
}


def test_an_origin_the_server_is_told_may_call_the_api_and_read_its_refusals() -> None:
    """Issue 42: a page served elsewhere (the offline dist) could open the WebSocket but read no HTTP answer."""
    with running(limits=Limits(origins=(APP,))) as url:
        made = httpx.post(
            url + "/api/tables",
            json={"variant": "GinRummy", "seats": ["human", "greedy"]},
            headers={"Origin": APP},
            timeout=10,
        )
        assert made.headers["access-control-allow-origin"] == APP
        selection = f"{url}/api/tables/{made.json()['table']}/selection"
        asked = httpx.options(selection, headers=PREFLIGHT, timeout=10)
        assert asked.status_code == 200
        assert asked.headers["access-control-allow-origin"] == APP
        assert "POST" in asked.headers["access-control-allow-methods"]
        allowed = asked.headers["access-control-allow-headers"].lower()
        assert "authorization" in allowed
        assert "content-type" in allowed
        token = made.json()["seats"][0]["token"]
        refused = httpx.post(
            selection,
            json={"cards": ["1S"]},
            headers={"Origin": APP, "Authorization": f"Bearer {token}"},
            timeout=10,
        )
        assert refused.status_code == 400
        assert refused.headers["access-control-allow-origin"] == APP
        other = httpx.options(
            selection, headers={**PREFLIGHT, "Origin": "https://evil.example"}
        )
        assert "access-control-allow-origin" not in other.headers


def test_without_allowed_origins_the_api_sends_no_cors_headers() -> None:
    with running() as url:
        answer = httpx.get(url + "/api/games", headers={"Origin": APP}, timeout=10)
        asked = httpx.options(url + "/api/tables", headers=PREFLIGHT, timeout=10)
    assert answer.status_code == 200
    assert "access-control-allow-origin" not in answer.headers
    assert "access-control-allow-origin" not in asked.headers
