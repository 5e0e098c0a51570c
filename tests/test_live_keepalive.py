"""Requests one after another on one kept-alive connection, on both servers: headers are
read by our own reader (dicehero.web.http_headers) under pywsgi and under gunicorn, whose
access log reads them too."""

from __future__ import annotations

import socket
from contextlib import ExitStack

import pytest
from liveserver import Server
from pgkit import REDIS_URL, fresh_database, require_services

pytestmark = pytest.mark.slow


def _more(s: socket.socket) -> bytes:
    data = s.recv(65536)
    if not data:
        raise ConnectionError("the server closed the connection")
    return data


def _replies(port: int, count: int) -> list[bytes]:
    """The status lines of ``count`` requests sent one after another on one connection."""
    body = b"{}"
    out = []
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        buf = b""
        for _ in range(count):
            s.sendall(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                      b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
            while b"\r\n\r\n" not in buf:
                buf += _more(s)
            head, buf = buf.split(b"\r\n\r\n", 1)
            length = int(next(line.split(b":", 1)[1] for line in head.split(b"\r\n")
                              if line.lower().startswith(b"content-length:")))
            while len(buf) < length:
                buf += _more(s)
            buf = buf[length:]
            out.append(head.split(b"\r\n", 1)[0])
    return out


@pytest.mark.parametrize("workers", [0, 2], ids=["serve", "gunicorn"])
def test_every_request_on_a_kept_alive_connection_is_answered(tmp_path, workers):
    with ExitStack() as stack:
        env, args = {}, ()
        if workers:
            require_services()
            env = {"DATABASE_URL": stack.enter_context(fresh_database()), "REDIS_URL": REDIS_URL}
            args = ("--workers", str(workers))
        srv = Server(tmp_path / "instance", env=env, args=args).start()
        stack.callback(srv.stop)
        assert [line.split(b" ", 2)[1] for line in _replies(srv.port, 3)] == [b"201"] * 3
