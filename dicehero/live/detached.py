"""Detached event streams: on a gevent server, a caught-up client costs a socket, not a greenlet.

Once an event stream has sent its headers and caught up through WSGI, the
request hands its socket to :class:`Detached` and its greenlet ends (the
WSGI environ, the request objects, the read buffer and the saved stack go
with it; see :func:`dicehero.web.direct.detach`). From then on the broker
writes each event straight into the socket (:meth:`Subscription.deliver_direct`)
and this class does the rest without a greenlet per client:

* a read watcher per socket (an event-loop callback, no greenlet) notices a
  hang-up at once and closes the client;
* what a socket cannot take at once waits in the client's bounded ``pending``
  queue and a write watcher flushes it when the socket drains; a client whose
  queue is full is dropped and closed (its page reconnects with
  ``Last-Event-ID`` and catches up from the store);
* one timer for all clients sends a keep-alive to each client nothing was
  written to for ``keepalive`` seconds (three quarters of it, at least), and closes a
  client whose reader took nothing for ``stall`` seconds.

Closing a client calls its ``on_close`` (the stream frees its place in the
per-address count). Everything runs in the one thread of the gevent hub.
"""

from __future__ import annotations

import contextlib
import logging
import os
import time
from collections.abc import Callable
from typing import Any

from dicehero.live.bus import Subscription, chunk
from dicehero.live.sse import KEEPALIVE

log = logging.getLogger(__name__)

READ, WRITE = 1, 2
TICKS = 4  # timer ticks per keep-alive period


class Detached:
    """The detached clients of this process: their watchers and the one keep-alive timer."""

    def __init__(self, keepalive: float, stall: float) -> None:
        self.keepalive = keepalive
        self.stall = stall
        self.interval = max(0.05, min(keepalive, stall) / TICKS)
        self.every = max(1, round(keepalive / self.interval))  # quiet ticks before a keep-alive
        self.clients: set[Subscription] = set()
        self._writers: dict[Subscription, Any] = {}
        self._timer: Any = None
        self._loop: Any = None

    def adopt(self, sub: Subscription, fd: int, chunked: bool, sent: int,
              on_close: Callable[[], None]) -> None:
        """Take over a client whose socket ``fd`` has every event up to ``sent`` and nothing
        half-written; ``on_close`` runs once when it is closed."""
        if self._loop is None:
            from gevent import get_hub

            self._loop = get_hub().loop
        if sub.broker.defer is None:  # events delivered together go out in one write
            sub.broker.defer = self._loop.run_callback
        sub.on_close = on_close
        sub.go_direct(fd, chunked, sent, self._kick)
        reader = self._loop.io(fd, READ)
        sub.watchers = reader
        self.clients.add(sub)
        reader.start(self._readable, sub)
        if self._timer is None:
            self._timer = self._loop.timer(self.interval, self.interval)
            self._timer.start(self._tick)

    def close(self, sub: Subscription) -> None:
        """Close a client's connection and forget it (idempotent)."""
        fd = sub.fd
        if fd < 0:
            return
        sub.dropped = True
        sub.fd = -1
        self.clients.discard(sub)
        for watcher in (self._writers.pop(sub, None), sub.watchers):
            if watcher is not None:
                watcher.stop()
                watcher.close()
        sub.watchers = None
        sub.pending = None
        with contextlib.suppress(OSError):  # part of a chunk may be on the wire: no clean
            os.close(fd)                     # end; the page reconnects with Last-Event-ID
        sub.close()
        on_close, sub.on_close = sub.on_close, None
        if on_close is not None:
            on_close()

    # -- event-loop callbacks (in the hub: they must not block) ---------------------------

    def _kick(self, sub: Subscription) -> None:
        """The broker dropped the client, or left bytes in its ``pending`` queue."""
        if sub.dropped:
            self.close(sub)
        elif sub.pending and sub not in self._writers and sub.fd >= 0:
            writer = self._loop.io(sub.fd, WRITE)
            self._writers[sub] = writer
            writer.start(self._writable, sub)

    def _writable(self, sub: Subscription) -> None:
        pending = sub.pending
        try:
            while pending:
                data = pending[0]
                try:
                    n = os.write(sub.fd, data)
                except BlockingIOError:
                    return
                sub.since = time.monotonic()
                if n < len(data):
                    pending[0] = data[n:]
                    return
                pending.popleft()
        except OSError:  # the client hung up
            self.close(sub)
            return
        writer = self._writers.pop(sub, None)
        if writer is not None:
            writer.stop()
            writer.close()

    def _readable(self, sub: Subscription) -> None:
        try:
            data = os.read(sub.fd, 4096)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:  # the client hung up (an SSE client sends nothing after its request)
            self.close(sub)

    def _tick(self) -> None:
        try:
            now = time.monotonic()
            alive = {True: chunk(KEEPALIVE), False: KEEPALIVE}
            for sub in list(self.clients):
                if sub.pending:
                    if now - sub.since >= self.stall:  # its reader took nothing for so long
                        self.close(sub)
                    continue
                sub.quiet += 1
                if sub.quiet >= self.every and not sub.write_direct(alive[sub.chunked]):
                    self.close(sub)
        except Exception:  # pragma: no cover - the timer must go on
            log.exception("keep-alive tick failed")
