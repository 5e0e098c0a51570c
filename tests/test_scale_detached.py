"""Detached event streams: a caught-up client is a socket the broker writes to, no greenlet.

The first tests drive :class:`Detached` on a socket pair in this process (gevent's
hub runs while a test sleeps with ``gevent.sleep``); the last ones run both real
servers (``dicehero serve`` on gevent's pywsgi, and gunicorn's gevent worker on
PostgreSQL and Redis) and watch a detached stream from outside.
"""

from __future__ import annotations

import contextlib
import os
import socket
import time

import gevent
import pytest
from liveserver import Server, SSEClient, create_game, join
from pgkit import REDIS_URL, fresh_database, require_services

from dicehero.live import bus
from dicehero.live.bus import Broker, chunk
from dicehero.live.detached import Detached
from dicehero.live.sse import KEEPALIVE


class _Pair:
    """A detached client on one end of a socket pair; the test reads the other end."""

    def __init__(self, detached: Detached, broker: Broker, size: int = 4, sent: int = 0,
                 rcvbuf: int | None = None) -> None:
        self.server, self.client = socket.socketpair()
        if rcvbuf:
            self.client.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
            self.server.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, rcvbuf)
        self.server.setblocking(False)
        self.closed = 0
        self.sub = broker.subscribe(1)
        self.sub.size = size
        detached.adopt(self.sub, self.server.detach(), True, sent, self._on_close)

    def _on_close(self) -> None:
        self.closed += 1

    def read(self, timeout: float = 2.0) -> bytes:
        """What the server wrote so far (waits for something, lets the hub run)."""
        self.client.setblocking(False)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                return self.client.recv(1 << 20)
            except BlockingIOError:
                gevent.sleep(0.01)
        return b""


@pytest.fixture
def pairs():
    made: list[_Pair] = []
    yield made
    for p in made:
        p.client.close()


def test_a_detached_client_gets_later_events_and_closes_on_hang_up(pairs):
    broker, detached = Broker(), Detached(keepalive=60, stall=60)
    p = _Pair(detached, broker, sent=3)
    pairs.append(p)
    assert broker.deliver(1, 4, b"id: 4\ndata: {}\n\n") == 1
    assert p.read() == chunk(b"id: 4\ndata: {}\n\n")
    p.client.close()  # the page went away
    deadline = time.monotonic() + 2
    while not p.closed and time.monotonic() < deadline:
        gevent.sleep(0.01)
    assert p.closed == 1  # noticed by its read watcher, no event needed
    assert broker.count(1) == 0 and not detached.clients and p.sub.fd == -1
    detached.close(p.sub)
    assert p.closed == 1  # once only


def test_events_delivered_together_go_out_in_one_write_from_the_first_a_client_lacks(
        pairs, monkeypatch):
    broker, detached = Broker(), Detached(keepalive=60, stall=60)
    behind = _Pair(detached, broker, sent=3)
    ahead = _Pair(detached, broker, sent=4)  # caught up through the store meanwhile
    pairs += [behind, ahead]
    writes = []

    class CountingOs:
        @staticmethod
        def write(fd, data):
            writes.append(fd)
            return os.write(fd, data)

    monkeypatch.setattr(bus, "os", CountingOs)
    for seq in (4, 5):
        broker.deliver(1, seq, b"e%d" % seq)  # one transaction's events: the offer, the roll
    assert writes == []  # nothing yet: the delivering greenlet has not yielded
    assert behind.read() == chunk(b"e4") + chunk(b"e5")
    assert ahead.read() == chunk(b"e5")  # it had event 4 already
    assert len(writes) == 2 and behind.sub.sent == ahead.sub.sent == 5


def test_a_quiet_detached_client_gets_keepalives_and_a_busy_one_does_not(pairs):
    broker, detached = Broker(), Detached(keepalive=0.2, stall=60)
    quiet = _Pair(detached, broker)
    busy = _Pair(detached, broker)
    pairs += [quiet, busy]
    deadline = time.monotonic() + 0.6
    seq = 0
    while time.monotonic() < deadline:
        seq += 1
        busy.sub.deliver_direct(seq, b"e")  # written to more often than every 0.2 s
        gevent.sleep(0.02)
    got = quiet.read()
    assert got.startswith(chunk(KEEPALIVE)) and got.count(chunk(KEEPALIVE)) >= 2
    assert chunk(KEEPALIVE) not in busy.read()


def test_a_detached_client_that_stops_reading_is_dropped_when_its_queue_is_full(pairs):
    broker, detached = Broker(), Detached(keepalive=60, stall=60)
    slow = _Pair(detached, broker, size=3, rcvbuf=4096)
    fast = _Pair(detached, broker, size=3)
    pairs += [slow, fast]
    big = b"x" * 200_000  # more than the slow socket takes
    for seq in range(1, 6):
        broker.deliver(1, seq, big)
        fast.read()  # the other client reads, so it keeps up
    assert slow.closed == 1 and slow.sub.dropped  # its page reconnects and catches up
    assert not fast.closed and broker.count(1) == 1


def test_a_detached_client_whose_reader_takes_nothing_is_closed_after_the_stall_time(pairs):
    broker, detached = Broker(), Detached(keepalive=60, stall=0.3)
    p = _Pair(detached, broker, size=100, rcvbuf=4096)
    pairs.append(p)
    broker.deliver(1, 1, b"x" * 200_000)
    gevent.sleep(0)  # the broker writes once the delivering greenlet yields
    assert p.sub.pending and not p.closed
    gevent.sleep(0.8)
    assert p.closed == 1 and broker.count(1) == 0


def test_a_slow_detached_client_that_catches_up_gets_everything_in_order(pairs):
    broker, detached = Broker(), Detached(keepalive=60, stall=60)
    p = _Pair(detached, broker, size=100, rcvbuf=4096)
    pairs.append(p)
    events = [b"%d:" % seq + b"y" * 50_000 for seq in range(1, 6)]
    for seq, data in enumerate(events, 1):
        broker.deliver(1, seq, data)
        gevent.sleep(0)
    assert p.sub.pending  # the socket could not take it all at once
    want = b"".join(chunk(e) for e in events)
    got = b""
    deadline = time.monotonic() + 5
    while len(got) < len(want) and time.monotonic() < deadline:
        got += p.read()  # the write watcher flushes as the reader drains
    assert got == want and not p.closed


# -- the real servers ------------------------------------------------------------------------

@pytest.fixture(params=["serve", pytest.param("gunicorn", marks=pytest.mark.services)])
def server(request, tmp_path):
    """``dicehero serve``, or gunicorn's gevent worker on PostgreSQL + Redis; quick keep-alives,
    one stream per address and game."""
    instance = tmp_path / "instance"
    instance.mkdir()
    (instance / "config.py").write_text(
        "SSE_KEEPALIVE = 0.4\nSSE_STREAMS_PER_ADDRESS = 1\nRATE_LIMITS = {}\n")
    with contextlib.ExitStack() as stack:
        env, args = {}, ()
        if request.param == "gunicorn":
            require_services()
            env = {"DATABASE_URL": stack.enter_context(fresh_database()),
                   "REDIS_URL": REDIS_URL}
            args = ("--workers", "1")
        srv = Server(instance, env=env, args=args).start()
        stack.callback(srv.stop)
        yield srv


def _last_event_id(srv: Server, code: str) -> int:
    status, game = srv.call("GET", f"/api/games/{code}")
    assert status == 200
    return game["last_event_id"]


def test_a_caught_up_stream_gets_later_events_and_keepalives(server):
    code, _host = create_game(server)
    client = SSEClient(server.port, code, last_event_id=_last_event_id(server, code))
    try:
        join(server, code, "Ada")
        seq, event = client.next_event()
        assert event["type"] == "player_joined" and seq == _last_event_id(server, code)
        client.sock.settimeout(5)
        time.sleep(1.0)  # quiet: keep-alive comments, and the response does not end
        client.buf += client.sock.recv(65536)
        assert KEEPALIVE in client.buf and b"0\r\n\r\n" not in client.buf
        join(server, code, "Bea")
        seq2, event = client.next_event()
        assert (seq2, event["type"]) == (seq + 1, "player_joined")
    finally:
        client.close()


def _stream_status(srv: Server, code: str, last: int) -> int:
    """The status of one more event stream of the game from this address (then closed)."""
    with socket.create_connection(("127.0.0.1", srv.port), timeout=10) as sock:
        sock.sendall(f"GET /api/games/{code}/events HTTP/1.1\r\nHost: x\r\n"
                     f"Last-Event-ID: {last}\r\n\r\n".encode())
        return int(sock.recv(4096).split(b" ", 2)[1])


def test_a_hang_up_frees_the_place_of_a_detached_stream(server):
    code, _host = create_game(server)
    last = _last_event_id(server, code)
    first = SSEClient(server.port, code, last_event_id=last)
    assert _stream_status(server, code, last) == 429  # one stream per address and game
    first.close()
    time.sleep(0.3)  # the server notices the hang-up by itself, with no event to write
    again = SSEClient(server.port, code, last_event_id=last)
    join(server, code, "Cy")
    assert again.next_event()[1]["type"] == "player_joined"
    again.close()
