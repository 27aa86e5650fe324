"""Raw HTTP and WebSocket over a socket, for the tests that need the bytes on the wire.

A client library hides what these tests look at: a frame that is not
UTF-8, a frame too large, a version of the protocol other than 13, the
difference between an end of stream and a reset.
"""

from __future__ import annotations

import base64
import os
import socket
import struct


class Wire:
    """One connection from ``source`` to a server on 127.0.0.1, read through a buffer."""

    def __init__(self, port: int, *, source: str = "127.0.0.1", timeout: float = 5.0):
        self.sock = socket.create_connection(
            ("127.0.0.1", port), timeout=timeout, source_address=(source, 0)
        )
        self.buffer = b""

    def close(self) -> None:
        self.sock.close()

    def _more(self) -> None:
        chunk = self.sock.recv(65536)
        if not chunk:
            raise EOFError("the server closed the connection")
        self.buffer += chunk

    def read(self, count: int) -> bytes:
        """Exactly ``count`` bytes."""
        while len(self.buffer) < count:
            self._more()
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def read_head(self) -> bytes:
        """An HTTP answer's head, up to its blank line."""
        while b"\r\n\r\n" not in self.buffer:
            self._more()
        head, _, self.buffer = self.buffer.partition(b"\r\n\r\n")
        return head

    def read_answer(self) -> tuple[int, dict[str, str], bytes]:
        """An HTTP answer: its status, headers (names in lower case) and body."""
        lines = self.read_head().decode("latin-1").split("\r\n")
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        body = self.read(int(headers.get("content-length", "0")))
        return int(lines[0].split()[1]), headers, body

    def at_end(self) -> bool:
        """Whether the server ended the stream (a FIN); a reset raises ConnectionResetError."""
        if self.buffer:
            return False
        return self.sock.recv(65536) == b""

    def upgrade(self, path: str, *, version: str = "13") -> None:
        """Send a WebSocket handshake for ``path``."""
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(
            (
                f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                f"Sec-WebSocket-Version: {version}\r\n\r\n"
            ).encode()
        )

    def send_frame(self, payload: bytes, opcode: int = 1) -> None:
        """Send one whole masked frame (text by default), as a client must."""
        self.sock.sendall(frame(payload, opcode))

    def read_frame(self) -> tuple[int, bytes]:
        """The opcode and payload of the server's next frame (unmasked, as a server sends)."""
        first, second = self.read(2)
        length = second & 0x7F
        if length == 126:
            length = struct.unpack("!H", self.read(2))[0]
        elif length == 127:
            length = struct.unpack("!Q", self.read(8))[0]
        return first & 0x0F, self.read(length)

    def read_close(self) -> tuple[int, str, list[bytes]]:
        """Frames up to the server's close: its code, its reason, and the text frames before it."""
        texts: list[bytes] = []
        while True:
            opcode, payload = self.read_frame()
            if opcode == 8:
                code = struct.unpack("!H", payload[:2])[0]
                return code, payload[2:].decode(), texts
            if opcode == 1:
                texts.append(payload)


def frame(payload: bytes, opcode: int = 1) -> bytes:
    """A whole masked frame of ``payload``."""
    mask = os.urandom(4)
    length = len(payload)
    if length < 126:
        head = struct.pack("!BB", 0x80 | opcode, 0x80 | length)
    elif length < 65536:
        head = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, length)
    else:
        head = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, length)
    masked = bytes(byte ^ mask[index % 4] for index, byte in enumerate(payload))
    return head + mask + masked
