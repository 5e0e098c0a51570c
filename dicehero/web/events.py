"""``GET /api/games/{code}/events``: a game's events as Server-Sent Events.

A client first gets every stored event after its ``Last-Event-ID`` (header,
or ``?last_event_id=`` for a fresh page that read ``last_event_id`` from the
game state), then live events as they are committed, and a keep-alive
comment when nothing happened for ``SSE_KEEPALIVE`` seconds. Live events are
the bytes the bus encoded once for every client; ids are checked so a client
never gets an event twice and fills any gap from the store.

A stream must not let one client cost everyone else: a client more than
``SSE_SNAPSHOT_AFTER`` events behind (``Last-Event-ID: 0`` on a long game) gets
one ``snapshot`` event (the game's phase and last event id: re-read the state)
instead of the whole log; the catch-up lets other requests run between events;
an address may hold ``SSE_STREAMS_PER_ADDRESS`` streams of a game (then 429);
and a stream whose reader has taken nothing for ``SSE_STALL_SECONDS`` is closed.
"""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

from flask import Blueprint, Flask, Response, current_app, request

from dicehero.live import KEEPALIVE, Bus, Subscription, encode_event
from dicehero.live.bus import chunk
from dicehero.store import Store
from dicehero.web import games
from dicehero.web.guard import client_address, too_many

bp = Blueprint("events", __name__, url_prefix="/api")

RETRY = b"retry: 2000\n\n"


def _last_event_id() -> int:
    raw = request.headers.get("Last-Event-ID") or request.args.get("last_event_id") or "0"
    try:
        return max(0, min(int(raw.strip()), 2**62))
    except ValueError:
        return 0


class OpenStreams:
    """How many event streams each (client address, game) holds open in this process."""

    def __init__(self) -> None:
        self._open: dict[tuple[str, int], int] = {}
        self._lock = threading.Lock()

    def acquire(self, key: tuple[str, int], limit: int) -> bool:
        """Count one more stream for ``key``; False (nothing counted) if it holds ``limit``."""
        with self._lock:
            n = self._open.get(key, 0)
            if n >= limit:
                return False
            self._open[key] = n + 1
            return True

    def release(self, key: tuple[str, int]) -> None:
        """One stream of ``key`` closed."""
        with self._lock:
            n = self._open.get(key, 0) - 1
            if n > 0:
                self._open[key] = n
            else:
                self._open.pop(key, None)

    def count(self, key: tuple[str, int]) -> int:
        """Streams ``key`` holds open."""
        with self._lock:
            return self._open.get(key, 0)


def snapshot_event(last: int, skipped: int, phase: dict[str, Any]) -> bytes:
    """The event a client far behind gets instead of the events it missed.

    Its id is the game's last event, so the stream (and a reconnect) goes on from
    there; the pages read the game's state again when they see it.
    """
    data = {"type": "snapshot", "data": {"last_event_id": last, "skipped": skipped, **phase}}
    return encode_event(last, json.dumps(data, separators=(",", ":")))


@bp.get("/games/<code>/events")
def events(code: str) -> Response:
    """The event stream of one game."""
    store: Store = current_app.extensions["dicehero.store"]
    bus: Bus = current_app.extensions["dicehero.bus"]
    streams: OpenStreams = current_app.extensions["dicehero.streams"]
    config = current_app.config
    keepalive = float(config["SSE_KEEPALIVE"])
    game_id, last, phase = games().event_position(code)
    key = (client_address(), game_id)
    if not streams.acquire(key, int(config["SSE_STREAMS_PER_ADDRESS"])):
        return too_many(5, "live connections to this game from here (close some tabs)")
    after = _last_event_id()
    # Subscribed before the catch-up reads the store, so nothing falls in between.
    sub = bus.subscribe(game_id)
    snapshot = None
    if last - after > int(config["SSE_SNAPSHOT_AFTER"]):
        snapshot = snapshot_event(last, last - after, phase)
        after = last

    def catch_up(sent: int, upto: int | None = None) -> Iterator[tuple[int, bytes]]:
        while True:
            rows = store.events_after(game_id, sent)
            for row in rows:
                if upto is not None and row.seq >= upto:
                    return
                sent = row.seq
                yield row.seq, encode_event(row.seq, row.data)
                time.sleep(0)  # under gevent: let other requests run between events
            if len(rows) < 1000:
                return

    handler = request.environ.get("dicehero.handler")

    def stream() -> Iterator[bytes]:
        sent = after
        try:
            if handler is not None and getattr(handler, "socket", None) is not None:
                # A reader that takes nothing for this long is gone: free its socket.
                handler.socket.settimeout(float(config["SSE_STALL_SECONDS"]))
            yield RETRY
            time.sleep(0)  # a class reconnecting at once takes turns with other requests
            if snapshot is not None:
                yield snapshot
            for seq, payload in catch_up(after):
                yield payload
                sent = seq
            if handler is not None and getattr(handler, "socket", None) is not None:
                # Drain what queued up meanwhile, then let the broker write to the socket.
                while sub.items:
                    seq, payload = sub.items.popleft()
                    if seq > sent + 1:
                        for old, missed in catch_up(sent, upto=seq):
                            yield missed
                            sent = old
                    if seq > sent:
                        yield payload
                        sent = seq
                if not sub.dropped:
                    _direct(sub, handler, keepalive)
                return
            while True:
                item = sub.get(keepalive)
                if item is None:
                    if sub.dropped:
                        return  # fell behind: the client reconnects and catches up
                    yield KEEPALIVE
                    continue
                seq, payload = item
                if seq <= sent:
                    continue
                if seq > sent + 1:
                    for old, missed in catch_up(sent, upto=seq):
                        yield missed
                        sent = old
                yield payload
                sent = seq
        finally:
            sub.close()

    released = False

    def release() -> None:  # also when the stream never started (the client left at once)
        nonlocal released
        if not released:
            released = True
            sub.close()
            streams.release(key)

    resp = Response(stream(), mimetype="text/event-stream")
    resp.call_on_close(release)
    resp.headers["Cache-Control"] = "no-cache, no-store"
    resp.headers["X-Accel-Buffering"] = "no"  # nginx: do not buffer the stream
    return resp


def _direct(sub: Subscription, handler: Any, keepalive: float) -> None:
    """Serve a client in direct mode until it hangs up or falls behind.

    Everything up to here went through WSGI and is on the wire, and the queue
    is empty (no greenlet switch since it was checked), so the broker's direct
    writes follow in order. This greenlet only flushes what a slow socket could
    not take at once, and sends the keep-alives.
    """
    sock = handler.socket
    sub.chunked = bool(handler.response_use_chunked)
    sub.fd = sock.fileno()
    alive = chunk(KEEPALIVE) if sub.chunked else KEEPALIVE
    try:
        while True:
            sub.ready.clear()
            if not sub.pending and not sub.dropped and not sub.ready.wait(keepalive):
                sub.write_direct(alive)
            if sub.dropped:
                break
            if sub.pending:
                sub.writing = True
                try:
                    while sub.pending and not sub.dropped:
                        sock.sendall(sub.pending.popleft())  # waits for a slow client
                except OSError:
                    break
                finally:
                    sub.writing = False
    finally:
        sub.fd = -1
        # Part of a chunk may be on the wire: the response cannot end cleanly, so
        # close the connection (EventSource reconnects with Last-Event-ID).
        with contextlib.suppress(OSError):
            sock.shutdown(socket.SHUT_RDWR)


def init_app(app: Flask) -> None:
    """Register the event stream."""
    app.extensions["dicehero.streams"] = OpenStreams()
    app.register_blueprint(bp)
