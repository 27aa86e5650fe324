"""Schemathesis over a real server on loopback: every answer as the OpenAPI document declares.

The server runs on 127.0.0.1 over a fresh SQLite file; schemathesis makes
requests from the document the server serves (random tables and tokens,
then a real table with its seat's token, valid and invalid bodies) and
checks each answer: no 5xx, a declared status, content type and headers,
and a body of the declared shape. Bounded: a few hundred requests, each
with a timeout.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from extras import need
from rummyrules.server import Limits, running

schemathesis = need("schemathesis")  # [dev]: without it this module skips, saying so
checks = schemathesis.checks

pytestmark = pytest.mark.slow

# Short waits and quick bots: a long poll or a search bot must not hold a request.
LIMITS = Limits(wait=0.2, max_wait=0.5, bot_time=0.5, search_seconds=0.05)

CHECKS = [
    checks.not_a_server_error,
    checks.status_code_conformance,
    checks.content_type_conformance,
    checks.response_headers_conformance,
    checks.response_schema_conformance,
]


def test_schemathesis_finds_every_answer_as_the_openapi_document_says(
    tmp_path: Path,
) -> None:
    database = f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    with running(limits=LIMITS, database=database) as url:
        document = httpx.get(url + "/api/openapi.json", timeout=10).json()
        made = httpx.post(
            url + "/api/tables",
            json={"variant": "FourteenHundred", "seats": ["human", "greedy"] * 2},
            timeout=10,
        ).json()
        table, token = made["table"], made["seats"][0]["token"]
        schema = schemathesis.openapi.from_dict(document)
        seat = {"path_parameters": {"table": table}}
        auth = {"Authorization": f"Bearer {token}"}
        create = schema["/api/tables"]["POST"]
        new = {"variant": "GinRummy", "seats": ["human", "random"]}
        cases = st.one_of(
            schema.as_strategy(),
            st.integers(0, 2**64).flatmap(  # 201s, then the address's 429s
                lambda seed: create.as_strategy(body=new | {"seed": seed})
            ),
            schema.as_strategy(**seat),  # without the token: 401 and 403
            schema.as_strategy(**seat, headers=auth),
            schema.as_strategy(
                schemathesis.GenerationMode.NEGATIVE, **seat, headers=auth
            ),
        )
        answered: list[int] = []

        @settings(
            max_examples=300,
            deadline=None,
            database=None,
            phases=[Phase.explicit, Phase.generate],
            suppress_health_check=list(HealthCheck),
        )
        @given(cases)
        def call(case: Any) -> None:  # a schemathesis.Case
            response = case.call_and_validate(base_url=url, checks=CHECKS, timeout=10)
            answered.append(response.status_code)

        call()
    assert {200, 201} <= set(answered)  # tables made, a seat served: not only refusals
