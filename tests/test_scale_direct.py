"""Direct writes of the fan-out: bytes framed once, a slow socket waits, a laggard is cut off."""

from __future__ import annotations

import socket

from dicehero.live.bus import Broker, chunk


def _direct(broker: Broker, size: int = 4):
    a, b = socket.socketpair()
    a.setblocking(False)
    sub = broker.subscribe(1)
    sub.size = size
    sub.fd = a.fileno()
    return sub, a, b


def test_chunk_is_the_http_chunk_framing():
    assert chunk(b"hello") == b"5\r\nhello\r\n"
    assert chunk(b"x" * 26) == b"1a\r\n" + b"x" * 26 + b"\r\n"


def test_an_event_is_written_straight_into_every_direct_client_socket():
    broker = Broker()
    clients = [_direct(broker) for _ in range(3)]
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
