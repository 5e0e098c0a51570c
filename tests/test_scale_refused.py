"""A connection over its address's cap on ``dicehero serve --workers N`` (gunicorn): refused
in the worker's accept loop as on one process (issue 26.5), with one write of the 429."""

from __future__ import annotations

import json
import socket
from contextlib import ExitStack

import pytest
from flask import Flask
from liveserver import Server
from pgkit import REDIS_URL, fresh_database, require_services

from dicehero.web.direct import _server_rules
from dicehero.web.gunicorn_worker import GunicornWorker


def _until_closed(sock: socket.socket) -> bytes:
    out = b""
    while chunk := sock.recv(65536):
        out += chunk
    return out


def test_a_gunicorn_worker_refuses_over_the_cap_before_any_handler_is_made():
    """The worker's server answers 429 and closes in ``do_handle`` itself: no greenlet is
    spawned and no handler made for a refused connection."""
    app = Flask("cap")
    app.config["CONNECTIONS_PER_ADDRESS"] = 2
    spawned = []
    server = GunicornWorker.server_class(("127.0.0.1", 0), application=app,
                                         spawn=lambda *a: spawned.append(a))
    try:
        _rules, connections = _server_rules(server)
        for _ in range(2):
            assert connections.acquire("10.0.0.7", 2)
        ours, theirs = socket.socketpair()
        with ours, theirs:
            theirs.settimeout(5)  # a connection handed to a handler is never answered here
            server.do_handle(ours, ("10.0.0.7", 40000))
            reply = _until_closed(theirs)
        assert spawned == []
        assert reply.startswith(b"HTTP/1.1 429 ")
        assert json.loads(reply.split(b"\r\n\r\n", 1)[1])["error"]["code"] == \
            "too_many_connections"
    finally:
        server.close()


@pytest.mark.slow
@pytest.mark.services
def test_two_gunicorn_workers_refuse_an_address_over_its_cap(tmp_path):
    """Each worker counts the connections it holds per address: with a cap of 3, the
    address's connection after at most 2 x 3 held ones is answered 429 and closed, and the
    held ones are still served. (Nothing is sent before the answer is known: a refused
    connection closed with unread bytes would be reset, and its 429 lost.)"""
    require_services()
    with ExitStack() as stack:
        instance = tmp_path / "instance"
        instance.mkdir()
        (instance / "config.py").write_text("RATE_LIMITS = {}\nCONNECTIONS_PER_ADDRESS = 3\n"
                                           "HEADER_SECONDS = 120\n")
        env = {"DATABASE_URL": stack.enter_context(fresh_database()), "REDIS_URL": REDIS_URL}
        srv = Server(instance, env=env, args=("--workers", "2")).start()
        stack.callback(srv.stop)
        opened: list[socket.socket] = []
        stack.callback(lambda: [s.close() for s in opened])
        held, reply = [], b""
        for _ in range(2 * 3 + 1):
            s = socket.create_connection(("127.0.0.1", srv.port), timeout=2.0)
            opened.append(s)
            try:
                reply = s.recv(65536)
            except TimeoutError:  # held: its worker waits for a request
                held.append(s)
                continue
            s.settimeout(10)
            reply += _until_closed(s)
            break
        assert reply.startswith(b"HTTP/1.1 429 "), (len(held), reply)
        assert json.loads(reply.split(b"\r\n\r\n", 1)[1])["error"]["code"] == \
            "too_many_connections"
        for s in held:
            s.settimeout(10)
            s.sendall(b"GET /api/editions/classic HTTP/1.1\r\nHost: x\r\n\r\n")
            assert s.recv(65536).startswith(b"HTTP/1.1 200 ")
