"""Direct writes of the fan-out: bytes framed once, a slow socket waits, a laggard is cut off."""

from __future__ import annotations

import contextlib
import socket

from dicehero.live.bus import Broker, chunk


def _direct(broker: Broker, size: int = 4, sent: int = 0):
    a, b = socket.socketpair()
    a.setblocking(False)
    sub = broker.subscribe(1)
    sub.size = size
    sub.go_direct(a.fileno(), True, sent, lambda s: None)
    return sub, a, b


def test_chunk_is_the_http_chunk_framing():
    assert chunk(b"hello") == b"5\r\nhello\r\n"
    assert chunk(b"x" * 26) == b"1a\r\n" + b"x" * 26 + b"\r\n"


def test_an_event_is_written_straight_into_every_direct_client_socket():
    broker = Broker()
    clients = [_direct(broker, sent=6) for _ in range(3)]
    assert broker.deliver(1, 7, b"id: 7\ndata: {}\n\n") == 3
    for sub, a, b in clients:
        assert b.recv(100) == chunk(b"id: 7\ndata: {}\n\n")
        assert not sub.items and not sub.pending
        a.close(), b.close()


def test_a_socket_that_is_full_keeps_the_rest_then_the_client_is_dropped():
    broker = Broker()
    sub, a, b = _direct(broker, size=3)
    other, oa, ob = _direct(broker, size=100)
    try:
        broker.deliver(1, 1, b"x" * 1_000_000)  # more than a socket buffer takes
        assert sub.pending and not sub.dropped
        assert ob.recv(10) == b"f4240\r\nxxx"  # the other client was written to all the same
        for seq in range(2, 6):
            broker.deliver(1, seq, b"y")
        assert sub.dropped and broker.count(1) == 1  # the other, bigger queue is left
        assert not other.dropped
    finally:
        for s in (a, b, oa, ob):
            s.close()


def test_a_client_that_hung_up_is_dropped():
    broker = Broker()
    sub, a, b = _direct(broker)
    b.close()
    broker.deliver(1, 1, b"z")
    assert sub.dropped and broker.count(1) == 0
    a.close()


def test_a_direct_client_skips_an_event_it_has_and_is_dropped_at_a_gap():
    broker = Broker()
    sub, a, b = _direct(broker, sent=5)
    try:
        assert broker.deliver(1, 5, b"old") == 1  # it has event 5 already
        broker.deliver(1, 6, b"new")
        assert b.recv(100) == chunk(b"new")
        broker.deliver(1, 8, b"gap")  # event 7 never came: reconnect and catch up
        assert sub.dropped and broker.count(1) == 0
        b.setblocking(False)
        with contextlib.suppress(BlockingIOError):  # nothing was written
            assert b.recv(100) == b""
    finally:
        a.close(), b.close()


def test_the_broker_knows_a_game_position_only_while_it_has_clients():
    broker = Broker()
    assert broker.position(1) is None
    sub = broker.subscribe(1)
    broker.seen(sub, 4)
    assert broker.position(1) == 4
    broker.deliver(1, 5, b"x")
    assert broker.position(1) == 5
    sub.close()
    assert broker.position(1) is None  # nobody followed it: events may pass unseen
    broker.deliver(1, 6, b"y")
    assert broker.position(1) is None
