"""Fan-out of game events to live clients.

:class:`Broker` is the in-process part every server needs: per game, the set
of connected clients, each with a bounded queue; an event is encoded once and
the same bytes are queued to every client; a client whose queue is full has
fallen behind and is dropped (its page reconnects and catches up from the
store with ``Last-Event-ID``).

:class:`Bus` is the seam for several processes: ``publish`` an event,
``subscribe`` a client. :class:`InProcessBus` hands published events straight
to its broker. A Redis pub/sub or PostgreSQL LISTEN/NOTIFY bus publishes to
the wire instead, and one listener per process feeds its local broker with
``broker.deliver`` -- clients and the SSE endpoint do not change.
"""

from __future__ import annotations

import os
import threading
from collections import deque
from typing import Protocol

from dicehero.live.sse import format_sse

QUEUE_SIZE = 64


class Subscription:
    """One connected client of one game: a bounded queue of encoded events.

    A deque and an event rather than ``queue.Queue``: a delivery is an append
    and a flag, the cheapest wake-up there is (under gevent, a hub callback).
    """

    def __init__(self, broker: Broker, game_id: int, size: int = QUEUE_SIZE) -> None:
        self.broker = broker
        self.game_id = game_id
        self.size = size
        self.items: deque[tuple[int, bytes]] = deque()
        self.ready = threading.Event()
        self.dropped = False
        # Direct mode (gevent servers): the broker writes each event straight into the
        # client's socket ``fd``; only what the socket could not take waits in ``pending``
        # for the client's own greenlet (``writing`` while it flushes).
        self.fd = -1
        self.chunked = True
        self.pending: deque[bytes] = deque()
        self.writing = False

    def write_direct(self, data: bytes) -> bool:
        """Direct mode: write without waiting; False (and drop the client) if it lags."""
        if self.dropped:
            return False
        if self.pending or self.writing:
            if len(self.pending) >= self.size:
                self.dropped = True
                self.ready.set()
                return False
            self.pending.append(data)
            self.ready.set()
            return True
        try:
            n = os.write(self.fd, data)
        except BlockingIOError:
            n = 0
        except OSError:  # the client hung up
            self.dropped = True
            self.ready.set()
            return False
        if n < len(data):
            self.pending.append(data[n:])
            self.ready.set()
        return True

    def offer(self, item: tuple[int, bytes]) -> bool:
        """Queue an event without waiting; False (and drop the client) if it is full."""
        if len(self.items) >= self.size:
            self.dropped = True
            self.ready.set()
            return False
        self.items.append(item)
        self.ready.set()
        return True

    def get(self, timeout: float) -> tuple[int, bytes] | None:
        """The next ``(event id, bytes)``; None after ``timeout`` seconds or once dropped."""
        if self.dropped:
            return None
        self.ready.clear()  # before looking, so an append after the look sets it again
        if not self.items:
            self.ready.wait(timeout)
        if self.dropped or not self.items:
            return None
        return self.items.popleft()

    def close(self) -> None:
        """Stop receiving events."""
        self.broker.unsubscribe(self)


class Broker:
    """Per-game sets of subscriptions in this process."""

    def __init__(self, queue_size: int = QUEUE_SIZE) -> None:
        self.queue_size = queue_size
        self._subs: dict[int, set[Subscription]] = {}
        self._lock = threading.Lock()

    def subscribe(self, game_id: int) -> Subscription:
        """A new client of the game."""
        sub = Subscription(self, game_id, self.queue_size)
        with self._lock:
            self._subs.setdefault(game_id, set()).add(sub)
        return sub

    def unsubscribe(self, sub: Subscription) -> None:
        """Forget a client (idempotent)."""
        with self._lock:
            subs = self._subs.get(sub.game_id)
            if subs is not None:
                subs.discard(sub)
                if not subs:
                    del self._subs[sub.game_id]

    def count(self, game_id: int | None = None) -> int:
        """Connected clients of a game, or of all games."""
        with self._lock:
            if game_id is not None:
                return len(self._subs.get(game_id, ()))
            return sum(len(s) for s in self._subs.values())

    def game_ids(self) -> list[int]:
        """The games with at least one client in this process."""
        with self._lock:
            return list(self._subs)

    def deliver(self, game_id: int, seq: int, payload: bytes) -> int:
        """Queue already-encoded bytes to every client of the game; drop the laggards."""
        with self._lock:
            subs = list(self._subs.get(game_id, ()))
        framed: dict[bool, bytes] = {}
        laggards = []
        for s in subs:
            if s.fd >= 0:
                if s.chunked not in framed:  # encoded once for every direct client
                    framed[s.chunked] = chunk(payload) if s.chunked else payload
                ok = s.write_direct(framed[s.chunked])
            else:
                ok = s.offer((seq, payload))
            if not ok:
                laggards.append(s)
        for s in laggards:
            self.unsubscribe(s)
        return len(subs) - len(laggards)


def chunk(data: bytes) -> bytes:
    """``data`` as one HTTP/1.1 chunk (a streamed response's framing)."""
    return b"%x\r\n%s\r\n" % (len(data), data)


def encode_event(seq: int, data: str) -> bytes:
    """A stored event as SSE bytes: its per-game id and its JSON text."""
    return format_sse(data, id=seq)


class Bus(Protocol):
    """Publish a game's events; subscribe a client to them (in this process or across)."""

    broker: Broker

    def publish(self, game_id: int, seq: int, data: str) -> None:
        """Send a committed event to every client of the game, wherever it is connected."""
        ...

    def subscribe(self, game_id: int) -> Subscription:
        """A client of this process, fed with the game's events."""
        ...


class InProcessBus:
    """The bus of a single server process: publishing is delivering to the local broker."""

    def __init__(self, broker: Broker | None = None) -> None:
        self.broker = broker or Broker()

    def publish(self, game_id: int, seq: int, data: str) -> None:
        """Encode once, deliver the same bytes to every local client."""
        self.broker.deliver(game_id, seq, encode_event(seq, data))

    def subscribe(self, game_id: int) -> Subscription:
        """A local client."""
        return self.broker.subscribe(game_id)
