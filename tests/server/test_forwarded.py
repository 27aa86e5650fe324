"""``--forwarded-allow-ips '*'``: refused where other hosts reach the server, warned about where not.

Believing every connection's ``X-Forwarded-For`` lets anyone who connects
directly pass every per-address limit (issue 39 made 25 of 25 tables with
forged headers, and held 80 of 80 connections from one address).
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from rummyrules.cli import main
from rummyrules.server.proxies import forwarded_warning

from .processes import COMMAND, Served, free_port

# 192.0.2.1 is TEST-NET-1: no host of ours has it, so nothing can listen there.
ELSEWHERE = "192.0.2.1"


def serve(tmp_path: Path, *options: str) -> subprocess.CompletedProcess[str]:
    database = f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    return subprocess.run(  # noqa: S603 - our own command, no shell
        [
            *COMMAND,
            "serve",
            "--port",
            str(free_port()),
            "--database",
            database,
            *options,
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_forwarded_allow_ips_star_is_refused_on_an_address_other_hosts_reach(
    tmp_path: Path,
) -> None:
    """Issue 39, item 5: '*' on a reachable address switched every per-address limit off."""
    refused = serve(tmp_path, "--host", ELSEWHERE, "--forwarded-allow-ips", "*")
    assert refused.returncode == 2, refused.stderr
    assert refused.stderr.count("\n") == 1
    assert "--forwarded-allow-ips '*' on 192.0.2.1" in refused.stderr
    assert "name the proxy's address" in refused.stderr
    # Said outright, '*' passes the check (and the address cannot be listened on).
    allowed = serve(
        tmp_path,
        "--host",
        ELSEWHERE,
        "--forwarded-allow-ips",
        "*",
        "--trust-any-proxy",
    )
    assert allowed.returncode == 2, allowed.stderr
    assert "cannot listen on 192.0.2.1" in allowed.stderr


@pytest.mark.slow
def test_forwarded_allow_ips_star_is_warned_about_at_start(tmp_path: Path) -> None:
    """Issue 39, item 5: the server took '*' without a word."""
    database = f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    served = Served(database, tmp_path / "server.log", "--forwarded-allow-ips", "*")
    served.start()
    served.stop()
    warned = [line for line in served.log().splitlines() if "WARNING" in line]
    assert len(warned) == 1, served.log()
    assert "--forwarded-allow-ips '*' believes the X-Forwarded-For" in warned[0]
    assert "name the proxy's address instead" in warned[0]


def test_the_warning_says_what_a_reachable_address_costs() -> None:
    warning = forwarded_warning("0.0.0.0", "10.0.0.5, *")  # noqa: S104 - text only
    assert warning is not None
    assert "listens on 0.0.0.0, which other hosts can reach" in warning
    assert "pass every per-address limit" in warning
    assert forwarded_warning("0.0.0.0", "10.0.0.5") is None  # noqa: S104 - text only


def test_serve_help_warns_about_forwarded_allow_ips_star(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 39, item 5: --help offered '*' without a warning."""
    with pytest.raises(SystemExit) as ended:
        main(["serve", "--help"])
    assert ended.value.code == 0
    shown = " ".join(capsys.readouterr().out.split())
    assert "'*' believes every connection" in shown
    assert "listen on 127.0.0.1" in shown
    assert "--trust-any-proxy" in shown
