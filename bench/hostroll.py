"""The host's roll as the fan-out benches send it: one raw HTTP request, its reply read
in the same epoll loop as the phones' streams, so the roll's reply time and the phones'
receipts are measured on one clock, outside gevent (bench_scale, bench_fanout)."""

from __future__ import annotations

import time


def roll_request(code: str, host: str, body: bytes) -> bytes:
    """The host's ``POST /rolls``, whole, on a connection the server closes after it."""
    return (f"POST /api/games/{code}/rolls HTTP/1.1\r\nHost: x\r\nContent-Type: "
            f"application/json\r\nAuthorization: Bearer {host}\r\nContent-Length: "
            f"{len(body)}\r\nConnection: close\r\n\r\n").encode() + body


class HostReply:
    """The roll's reply on the host's socket, registered in ``ep`` beside the streams.

    ``at`` is when its head had come (or the socket closed); from then on the socket is
    out of the poll, so the loop only waits for the phones."""

    def __init__(self, sock, ep) -> None:
        self.sock, self.ep = sock, ep
        self.data = b""
        self.at: float | None = None

    def read(self, fd: int) -> bool:
        """Read the reply if ``fd`` is the host's socket; whether it was."""
        if fd != self.sock.fileno():
            return False
        data = self.sock.recv(65536)
        self.data += data
        if not data or b"\r\n\r\n" in self.data:
            self.at = self.at or time.perf_counter()
            self.ep.unregister(fd)
        return True

    def created(self) -> None:
        """Fail the run unless the roll was taken (201): a refused roll gives no figures."""
        assert b" 201 " in self.data.split(b"\r\n", 1)[0], self.data[:300]
