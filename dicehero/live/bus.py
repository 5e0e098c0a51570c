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

import itertools
import os
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any, Protocol

from dicehero.live.order import Place, place
from dicehero.live.sse import format_sse

QUEUE_SIZE = 64
OWN = -1  # the queued "event id" of a message for one client alone (Subscription.send_own)


class Subscription:
    """One connected client of one game: a bounded queue of encoded events.

    A deque and an event rather than ``queue.Queue``: a delivery is an append
    and a flag, the cheapest wake-up there is (under gevent, a hub callback).

    Direct mode (gevent servers, see :mod:`dicehero.live.detached`): once the
    client is caught up, the broker writes each event straight into its socket
    ``fd``; only what the socket could not take at once waits in ``pending``,
    and ``kick`` is called to flush it (or to close the client once dropped).
    Event ids are checked there too: an event the client has is skipped, and a
    gap drops the client (its page reconnects and catches up from the store).
    """

    __slots__ = ("broker", "chunked", "dropped", "fd", "game_id", "hero", "items", "kick",
                 "on_close", "pending", "quiet", "ready", "sent", "since", "size", "watchers")

    def __init__(self, broker: Broker, game_id: int, size: int = QUEUE_SIZE) -> None:
        self.broker = broker
        self.game_id = game_id
        self.size = size
        self.items: deque[tuple[int, bytes]] = deque()
        self.ready = threading.Event()
        self.dropped = False
        self.fd = -1
        self.chunked = True
        self.pending: deque[bytes] | None = None
        self.sent = 0  # direct mode: the last event id the client has
        self.kick: Callable[[Subscription], None] | None = None
        self.quiet = 0  # direct mode: keep-alive ticks since the last write
        self.since = 0.0  # direct mode: when ``pending`` last made progress
        self.watchers: Any = None  # direct mode: the owner's event-loop watchers
        self.on_close: Callable[[], None] | None = None
        self.hero = 0  # the hero whose phone this is (their sheet is pushed with a roll)

    def go_direct(self, fd: int, chunked: bool, sent: int,
                  kick: Callable[[Subscription], None]) -> None:
        """Hand the client's socket to the broker: from now on events are written into ``fd``.

        The caller has written everything up to event ``sent`` and emptied the queue.
        """
        self.fd = fd
        self.chunked = chunked
        self.sent = sent
        self.kick = kick
        self.items = _NO_ITEMS  # a connected idle client keeps as little as possible
        self.ready = _NO_EVENT

    def deliver_direct(self, seq: int, data: bytes, last: int | None = None) -> bool:
        """Direct mode: events ``seq`` to ``last`` (one event if None), framed, into the socket;
        False if the client is dropped."""
        where = place(seq, self.sent)
        if where is Place.HAVE:
            return not self.dropped
        if where is Place.GAP:  # never skip an event: reconnect and catch up
            self.drop()
            return False
        self.sent = seq if last is None else last
        return self.write_direct(data)

    def write_direct(self, data: bytes) -> bool:
        """Direct mode: write without waiting; False (and drop the client) if it lags."""
        if self.dropped:
            return False
        self.quiet = 0
        pending = self.pending
        if pending:
            if len(pending) >= self.size:
                self.drop()
                return False
            pending.append(data)
            return True
        try:
            n = os.write(self.fd, data)
        except BlockingIOError:
            n = 0
        except OSError:  # the client hung up
            self.drop()
            return False
        if n < len(data):
            if pending is None:
                self.pending = pending = deque()
            pending.append(data[n:] if n else data)
            self.since = time.monotonic()
            if self.kick is not None:
                self.kick(self)
        return True

    def send_own(self, message: bytes) -> bool:
        """A message for this client alone, with no event id, after the events it has (a
        hero's sheet after a roll); False if the client is dropped."""
        if self.fd >= 0:
            return self.write_direct(chunk(message) if self.chunked else message)
        return self.offer((OWN, message))

    def drop(self) -> None:
        """The client fell behind or hung up: it gets nothing more (the page reconnects)."""
        if not self.dropped:
            self.dropped = True
            self.ready.set()
            if self.kick is not None:
                self.kick(self)

    def offer(self, item: tuple[int, bytes]) -> bool:
        """Queue an event without waiting; False (and drop the client) if it is full."""
        if self.dropped:
            return False
        if len(self.items) >= self.size:
            self.drop()
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


class _NoItems(deque):
    """The queue of a client in direct mode: always empty."""

    def append(self, item: Any) -> None:  # pragma: no cover - deliver never offers to it
        raise AssertionError("a direct client has no queue")


class _NoEvent:
    """The wake-up flag of a client in direct mode: nobody waits on it."""

    def set(self) -> None:
        pass


_NO_ITEMS = _NoItems()
_NO_EVENT: Any = _NoEvent()


class Broker:
    """Per-game sets of subscriptions in this process.

    It also knows, per game with clients here, the last event id it has seen
    (delivered, or read from the store by a client after subscribing): a new
    client already at that id needs no catch-up from the store.

    With ``defer`` set (a gevent server: the event loop's ``run_callback``), the
    direct clients' writes wait in an outbox until the delivering greenlet
    yields, and then every event delivered meanwhile goes to each client in one
    write: the two events of a game's first roll (offer, roll) cost one system
    call per client, not two, and the roll's reply is not held up by the fan-out.
    """

    def __init__(self, queue_size: int = QUEUE_SIZE) -> None:
        self.queue_size = queue_size
        self._subs: dict[int, set[Subscription]] = {}
        self._last: dict[int, int] = {}
        self._lock = threading.Lock()
        self.defer: Callable[[Callable[[], None]], Any] | None = None
        self._outbox: dict[int, list[tuple[int, bytes]]] = {}
        self._flushing: set[int] = set()  # games whose outbox a flush is writing now
        # Told of each event once it is on its way to every client (game, id, bytes).
        self.delivered: Callable[[int, int, bytes], None] | None = None

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
                    # Nobody here follows the game: events may now pass unseen.
                    self._last.pop(sub.game_id, None)

    def position(self, game_id: int) -> int | None:
        """The last event id of the game, if this broker has followed it since it was that."""
        with self._lock:
            return self._last.get(game_id)

    def seen(self, sub: Subscription, seq: int) -> None:
        """``sub`` read from the store, after it subscribed, that the game's last event is ``seq``.

        Every later event reaches this broker while the game has clients here,
        so from now on the broker knows the game's position by itself.
        """
        with self._lock:
            if sub in self._subs.get(sub.game_id, ()) and seq > self._last.get(sub.game_id, 0):
                self._last[sub.game_id] = seq

    def count(self, game_id: int | None = None) -> int:
        """Connected clients of a game, or of all games."""
        with self._lock:
            if game_id is not None:
                return len(self._subs.get(game_id, ()))
            return sum(len(s) for s in self._subs.values())

    def heroes(self, game_id: int) -> list[Subscription]:
        """The game's clients here that are a hero's phone."""
        with self._lock:
            return [s for s in self._subs.get(game_id, ()) if s.hero]

    def unflushed(self, game_id: int) -> bool:
        """Whether events of the game wait in the outbox for the direct clients' writes."""
        return game_id in self._outbox or game_id in self._flushing

    def game_ids(self) -> list[int]:
        """The games with at least one client in this process."""
        with self._lock:
            return list(self._subs)

    def deliver(self, game_id: int, seq: int, payload: bytes) -> int:
        """Queue already-encoded bytes to every client of the game; drop the laggards."""
        with self._lock:
            subs = list(self._subs.get(game_id, ()))
            if subs and seq > self._last.get(game_id, 0):
                self._last[game_id] = seq
        defer = self.defer
        framed: bytes | None = None
        laggards = []
        later = False
        for s in subs:
            if s.fd >= 0:
                if defer is not None:
                    later = True
                    continue
                if s.chunked:  # framed once for every direct client
                    if framed is None:
                        framed = chunk(payload)
                    ok = s.deliver_direct(seq, framed)
                else:
                    ok = s.deliver_direct(seq, payload)
            else:
                ok = s.offer((seq, payload))
            if not ok:
                laggards.append(s)
        for s in laggards:
            self.unsubscribe(s)
        if later and defer is not None:
            box = self._outbox.get(game_id)
            if box is None:
                if not self._outbox:
                    defer(self.flush)
                self._outbox[game_id] = [(seq, payload)]
            else:
                box.append((seq, payload))
        if subs and self.delivered is not None:
            self.delivered(game_id, seq, payload)
        return len(subs) - len(laggards)

    def flush(self) -> None:
        """Write what waits in the outbox to the direct clients: one write per client and game."""
        # A game stays "unflushed" until its clients are written: marked before the outbox is
        # taken, so a thread asking in between never sees it as done (the sheet push waits).
        self._flushing = flushing = set(self._outbox)
        outbox, self._outbox = self._outbox, {}
        for game_id, events in outbox.items():
            with self._lock:
                subs = [s for s in self._subs.get(game_id, ()) if s.fd >= 0]
            framed: dict[tuple[int, bool], bytes] = {}  # (first event, chunked): the bytes
            laggards = [s for s in subs if not self._write_batch(s, events, framed)]
            for s in laggards:
                self.unsubscribe(s)
            flushing.discard(game_id)

    @staticmethod
    def _write_batch(sub: Subscription, events: list[tuple[int, bytes]],
                     framed: dict[tuple[int, bool], bytes]) -> bool:
        """Events (in id order) to one direct client, in one write, from the first it does not
        have; False if it was dropped. ``framed`` caches the bytes for every client."""
        sent = sub.sent
        start = 0
        while start < len(events) and place(events[start][0], sent) is Place.HAVE:
            start += 1
        if start == len(events):
            return not sub.dropped  # it has them all
        key = (start, sub.chunked)
        data = framed.get(key)
        if data is None:
            todo = events[start:]
            if any(place(b[0], a[0]) is not Place.NEXT for a, b in itertools.pairwise(todo)):
                # A gap inside the batch: up to it, then the gap drops the client.
                for seq, payload in todo:
                    if not sub.deliver_direct(seq, chunk(payload) if sub.chunked else payload):
                        return False
                return True
            frame = chunk if sub.chunked else bytes
            data = framed[key] = b"".join(frame(p) for _, p in todo)
        return sub.deliver_direct(events[start][0], data, last=events[-1][0])


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
