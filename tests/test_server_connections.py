"""Against a real ``dicehero serve``: what one hostile client can hold of the server's
connections, and how strictly a request's framing is read (RFC 9112)."""

from __future__ import annotations

import json
import socket

import pytest
from liveserver import Server, SSEClient, create_game


def _server(path, **config) -> Server:
    path.mkdir(parents=True, exist_ok=True)
    (path / "config.py").write_text(
        "".join(f"{k} = {v!r}\n" for k, v in {"RATE_LIMITS": {}, **config}.items()))
    return Server(path).start()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A server whose request deadlines are short, so that a test need not wait long."""
    srv = _server(tmp_path_factory.mktemp("conn") / "instance", HEADER_SECONDS=0.5,
                  BODY_SECONDS=0.5)
    yield srv
    srv.stop()


def _connect(port: int) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=10)


def _until_closed(sock: socket.socket) -> bytes:
    """Everything the server sends up to closing the connection (a timeout if it never does)."""
    out = b""
    while chunk := sock.recv(65536):
        out += chunk
    return out


def _status(reply: bytes) -> int:
    return int(reply.split(b" ", 2)[1])


@pytest.mark.parametrize("headers", [
    b"Content-Length: 2\r\nContent-Length: 3\r\n",
    b"Content-Length: 2\r\nContent-Length: 2\r\n",
    b"Content-Length: 2\r\nTransfer-Encoding: chunked\r\n",
    b"Transfer-Encoding: gzip\r\n",
    b"Transfer-Encoding: chunked, gzip\r\n",
    b"Content-Length: 2\r\nX-A: a\rb\r\n",
    b"Content-Length: 2\r\nX-A: a\x00b\r\n",
], ids=["conflicting-length", "duplicate-length", "te-and-length", "unknown-te",
        "chunked-not-final", "bare-cr", "nul"])
def test_a_request_whose_framing_is_ambiguous_gets_400_and_is_closed(server, headers):
    """RFC 9112 6.3: a server must not guess a body's length a proxy may have read otherwise
    (request smuggling); it answers 400 and closes the connection."""
    with _connect(server.port) as s:
        s.sendall(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  + headers + b"\r\n{}")
        reply = _until_closed(s)
    assert _status(reply) == 400


def test_a_request_whose_headers_never_finish_is_closed(server):
    with _connect(server.port) as s:
        s.sendall(b"GET /api/openapi.json HTTP/1.1\r\nHost: x\r\n")  # and nothing more
        reply = _until_closed(s)
    assert reply == b"" or _status(reply) == 400


def test_a_request_whose_client_hung_up_before_its_headers_ended_is_not_run(server):
    """A half-open flood ends with its clients closing: headers cut off by the end of the
    stream are not a request (the server ran thousands of them at the end of bench_mixed's
    half-open load, 8% of its samples in the OpenAPI document alone)."""
    with _connect(server.port) as s:
        s.sendall(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n")
        s.shutdown(socket.SHUT_WR)  # the end of the stream, with no blank line
        reply = _until_closed(s)
    assert reply == b"" or _status(reply) == 400


def test_a_connection_that_never_sends_a_request_is_closed(server):
    with _connect(server.port) as s:
        assert _until_closed(s) == b""


def test_a_body_that_never_arrives_is_answered_408_and_closed(server):
    with _connect(server.port) as s:
        s.sendall(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  b"Content-Length: 10\r\n\r\n{}")  # 8 bytes short
        reply = _until_closed(s)
    assert _status(reply) == 408
    assert json.loads(reply.split(b"\r\n\r\n", 1)[1])["error"]["code"] == "request_timeout"


def test_a_small_answer_reaches_the_client_in_one_piece(server):
    """Headers and body in one write: with Nagle, a body written after its headers waits
    for the client's delayed ACK (~40 ms for every request on a kept-alive connection)."""
    with _connect(server.port) as s:
        for _ in range(3):
            s.sendall(b"GET /api/editions/classic HTTP/1.1\r\nHost: x\r\n\r\n")
            first = s.recv(1 << 20)
            head, _, body = first.partition(b"\r\n\r\n")
            length = int(next(line.split(b":")[1] for line in head.split(b"\r\n")
                              if line.lower().startswith(b"content-length:")))
            assert len(body) == length


def test_an_address_holds_at_most_its_share_of_connections(tmp_path):
    """Past ``CONNECTIONS_PER_ADDRESS`` a connection is answered 429 and closed at once;
    the streams already open go on."""
    srv = _server(tmp_path / "instance", CONNECTIONS_PER_ADDRESS=3)
    try:
        code, _ = create_game(srv)
        streams = [SSEClient(srv.port, code) for _ in range(3)]
        with _connect(srv.port) as s:
            reply = _until_closed(s)
        assert _status(reply) == 429
        assert json.loads(reply.split(b"\r\n\r\n", 1)[1])["error"]["code"] == \
            "too_many_connections"
        for stream in streams:
            stream.close()
    finally:
        srv.stop()


def test_a_stream_whose_reader_falls_behind_is_closed(tmp_path):
    """A reader that never reads holds a bounded amount in the server: the kernel's send
    buffer (``SSE_SEND_BUFFER``), then ``SSE_QUEUE_SIZE`` events; then it is closed (its
    page reconnects with Last-Event-ID)."""
    srv = _server(tmp_path / "instance", SSE_SEND_BUFFER=4096, SSE_QUEUE_SIZE=8)
    try:
        code, host = create_game(srv)
        lazy = socket.socket()
        lazy.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        lazy.settimeout(10)
        lazy.connect(("127.0.0.1", srv.port))
        lazy.sendall(f"GET /api/games/{code}/events HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        for i in range(400):  # about 40 KB of events, never read
            status, _ = srv.call("POST", f"/api/games/{code}/timer", {"seconds": 60 + i}, host)
            assert status == 200
        received = _until_closed(lazy)
        assert b"event" in received or b"data" in received
        lazy.close()
    finally:
        srv.stop()
