"""``rummyrules serve`` in a child process, as an operator runs it: started, killed, started again.

Each server listens on a free port of 127.0.0.1 and writes its log to a
file the test reads; :meth:`Served.kill` sends SIGKILL, as a crash would.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

COMMAND = (
    sys.executable,
    "-c",
    "from rummyrules.cli import main; raise SystemExit(main())",
)


def free_port() -> int:
    """A port of 127.0.0.1 nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Served:
    """One ``rummyrules serve`` process and its log."""

    def __init__(self, database: str, log: Path, *options: str, port: int = 0) -> None:
        self.database, self.log_path = database, log
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.options = options
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 20.0) -> Served:
        """Start the server and wait until it answers."""
        arguments = ["serve", "--port", str(self.port), "--database", self.database]
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(  # noqa: S603 - our own command, no shell
                [*COMMAND, *arguments, *self.options],
                stdout=log,
                stderr=subprocess.STDOUT,
                env={**os.environ, "PYTHONUNBUFFERED": "1"},
                start_new_session=True,
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                message = (
                    f"the server exited with {self.process.returncode}: {self.log()}"
                )
                raise RuntimeError(message)
            try:
                httpx.get(self.url + "/api/games", timeout=1.0)
            except httpx.TransportError:
                time.sleep(0.1)
                continue
            return self
        self.stop()
        message = f"the server did not answer within {timeout} s: {self.log()}"
        raise RuntimeError(message)

    def kill(self) -> None:
        """SIGKILL the server and every worker it started, as a crash would."""
        if self.process is not None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)
            self.process = None

    def stop(self) -> None:
        """Stop the server as Ctrl-C would (SIGKILL if it lingers)."""
        if self.process is not None:
            os.killpg(self.process.pid, signal.SIGINT)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)
            self.process = None

    def log(self) -> str:
        """Everything the server wrote."""
        return self.log_path.read_text(encoding="utf-8", errors="replace")
