"""``GET /api/games/{code}/events``: a game's events as Server-Sent Events.

A client first gets every stored event after its ``Last-Event-ID`` (header,
or ``?last_event_id=`` for a fresh page that read ``last_event_id`` from the
game state), then live events as they are committed, and a keep-alive
comment when nothing happened for ``SSE_KEEPALIVE`` seconds. Live events are
the bytes the bus encoded once for every client; ids are checked so a client
never gets an event twice and fills any gap from the store.
"""

from __future__ import annotations

import contextlib
import socket
from collections.abc import Iterator
from typing import Any

from flask import Blueprint, Flask, Response, current_app, request

from dicehero.live import KEEPALIVE, Bus, Subscription, encode_event
from dicehero.live.bus import chunk
from dicehero.store import Games, Store

bp = Blueprint("events", __name__, url_prefix="/api")

RETRY = b"retry: 2000\n\n"


def _last_event_id() -> int:
    raw = request.headers.get("Last-Event-ID") or request.args.get("last_event_id") or "0"
    try:
        return max(0, min(int(raw.strip()), 2**62))
    except ValueError:
        return 0


@bp.get("/games/<code>/events")
def events(code: str) -> Response:
    """The event stream of one game."""
    games: Games = current_app.extensions["dicehero.games"]
    store: Store = current_app.extensions["dicehero.store"]
    bus: Bus = current_app.extensions["dicehero.bus"]
    keepalive = float(current_app.config["SSE_KEEPALIVE"])
    with store.read() as s:
        game_id = games._game(s, code).id
    after = _last_event_id()
    sub = bus.subscribe(game_id)  # before reading the store, so nothing falls in between

    def catch_up(sent: int, upto: int | None = None) -> Iterator[tuple[int, bytes]]:
        while True:
            rows = store.events_after(game_id, sent)
            for row in rows:
                if upto is not None and row.seq >= upto:
                    return
                sent = row.seq
                yield row.seq, encode_event(row.seq, row.data)
            if len(rows) < 1000:
                return

    handler = request.environ.get("dicehero.handler")

    def stream() -> Iterator[bytes]:
        sent = after
        try:
            yield RETRY
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

    resp = Response(stream(), mimetype="text/event-stream")
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
    app.register_blueprint(bp)
