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
a stream whose reader falls behind is closed (the kernel queues at most about
``SSE_SEND_BUFFER`` bytes for it, the stream ``SSE_QUEUE_SIZE`` events more), and so
is one whose reader has taken nothing for ``SSE_STALL_SECONDS``.
"""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

from flask import Blueprint, Flask, Response, current_app, request

from dicehero.i18n import N_
from dicehero.live import KEEPALIVE, Bus, Subscription, encode_event
from dicehero.live.bus import OWN
from dicehero.live.detached import Detached
from dicehero.live.order import Place, place
from dicehero.store import Store
from dicehero.store.errors import Refusal
from dicehero.store.fields import normalise_code
from dicehero.web import games
from dicehero.web.errors import ApiError
from dicehero.web.guard import client_address, too_many
from dicehero.web.pushed import SheetPush, is_roll

TOO_MANY_STREAMS = N_("Too many live connections to this game from here (close some tabs); try "
                      "again in %(s)s s.")

NOT_YOUR_SHEET = N_("That is another player's sheet.")  # a stream key that is not the hero's

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


class GameIds:
    """Game codes to game ids, for the games followed in this process (a code never changes
    its game; bounded: forgotten all at once when full)."""

    def __init__(self, size: int = 10_000) -> None:
        self.size = size
        self._ids: dict[str, int] = {}

    def get(self, code: str) -> int | None:
        """The id of the game with this code, if known."""
        return self._ids.get(code)

    def put(self, code: str, game_id: int) -> None:
        """Remember a game's id."""
        if len(self._ids) >= self.size:
            self._ids.clear()
        self._ids[code] = game_id


def _hero() -> tuple[int, str] | None:
    """``?hero=ID&key=KEY``: the phone of hero ID, whose sheet comes with each roll (the key
    is the ``stream_key`` of the hero's sheet read); None for any other client."""
    raw, key = request.args.get("hero"), request.args.get("key")
    if raw is None and key is None:
        return None
    if raw is None or not raw.isdigit() or len(raw) > 18 or not key:
        raise ApiError(Refusal.NOT_YOURS, "bad_stream_key", NOT_YOUR_SHEET)
    return int(raw), key


def release_early(sub: Subscription, streams: OpenStreams, key: tuple[str, int]) -> None:
    """A stream refused after it was counted and subscribed: both undone."""
    sub.close()
    streams.release(key)


def _cheap_connect(bus: Bus, code: str, after: int) -> Subscription | None:
    """A subscription for a client that already has the game's last event, with no query.

    The broker knows the game's last event id as long as the game has clients
    here; a client that has it needs nothing from the store. None: take the
    ordinary way (the store).
    """
    ids: GameIds = current_app.extensions["dicehero.game_ids"]
    game_id = ids.get(code)
    if game_id is None or after == 0 or bus.broker.position(game_id) != after:
        return None
    sub = bus.subscribe(game_id)
    if bus.broker.position(game_id) != after:  # an event arrived meanwhile: play safe
        sub.close()
        return None
    return sub


@bp.get("/games/<code>/events")
def events(code: str) -> Response:
    """The event stream of one game."""
    store: Store = current_app.extensions["dicehero.store"]
    bus: Bus = current_app.extensions["dicehero.bus"]
    streams: OpenStreams = current_app.extensions["dicehero.streams"]
    config = current_app.config
    keepalive = float(config["SSE_KEEPALIVE"])
    limit = int(config["SSE_STREAMS_PER_ADDRESS"])
    after = _last_event_id()
    code = normalise_code(code)
    hero = _hero()
    snapshot = None
    caught_up = False  # the client has the game's last event: no catch-up to read
    sub = _cheap_connect(bus, code, after)
    if sub is not None:
        game_id = sub.game_id
        key = (client_address(), game_id)
        if not streams.acquire(key, limit):
            sub.close()
            return too_many(5, TOO_MANY_STREAMS)
        caught_up = real = True
    else:
        game_id, last, phase = games().event_position(code)
        current_app.extensions["dicehero.game_ids"].put(code, game_id)
        key = (client_address(), game_id)
        if not streams.acquire(key, limit):
            return too_many(5, TOO_MANY_STREAMS)
        # Subscribed before the catch-up reads the store, so nothing falls in between.
        sub = bus.subscribe(game_id)
        if last - after > int(config["SSE_SNAPSHOT_AFTER"]):
            snapshot = snapshot_event(last, last - after, phase)
            after = last
        real = after <= last  # ``after`` is an event of the game (not a made-up id)
    if hero is not None:
        if not games().stream_hero(game_id, *hero):
            release_early(sub, streams, key)
            raise ApiError(Refusal.NOT_YOURS, "bad_stream_key", NOT_YOUR_SHEET)
        sub.hero = hero[0]

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

    def in_order(seq: int, payload: bytes, sent: int) -> Iterator[tuple[int, bytes]]:
        """A live event for a client that has up to ``sent``: any it missed, then it (a
        message for this client alone, its hero's sheet, has no id: it goes as it is)."""
        if seq == OWN:
            yield sent, payload
            return
        where = place(seq, sent)
        if where is Place.GAP:
            yield from catch_up(sent, upto=seq)
        if where is not Place.HAVE:
            yield seq, payload

    push: SheetPush = current_app.extensions["dicehero.sheet_push"]
    handler = request.environ.get("dicehero.handler")
    direct = handler is not None and getattr(handler, "socket", None) is not None
    detached = _detached_clients() if direct else None
    state = {"detached": False, "released": False}

    def release() -> None:  # also when the stream never started (the client left at once)
        if not state["released"] and not state["detached"]:
            state["released"] = True
            sub.close()
            streams.release(key)

    def stream() -> Iterator[bytes]:
        sent = after
        try:
            if direct:
                # A reader that takes nothing for this long is gone: free its socket.
                handler.socket.settimeout(float(config["SSE_STALL_SECONDS"]))
                _bound_send_buffer(handler.socket, int(config["SSE_SEND_BUFFER"]))
            yield RETRY
            if not caught_up:  # nothing to read for one that is: it detaches at once
                time.sleep(0)  # a class reconnecting at once takes turns with other requests
            if snapshot is not None:
                yield snapshot
            if not caught_up:
                rolled = False
                for seq, payload in catch_up(after):
                    yield payload
                    sent = seq
                    rolled = rolled or is_roll(payload)
                if real or sent > after:
                    # Read after subscribing: from here on the broker knows the position.
                    bus.broker.seen(sub, sent)
                if rolled and sub.hero:
                    # The roll came while this phone's stream was away: the push after it
                    # did not reach the phone, whose page would read its sheet in 4 s.
                    sheet = push.sheet_message(game_id, sub.hero)
                    if sheet is not None:
                        yield sheet
            while direct:
                # Drain what queued up meanwhile, then hand the socket to the broker.
                if sub.dropped:
                    return
                if not sub.items:
                    # Nothing half-written, nothing queued, no greenlet switch since the look.
                    _detach(sub, handler, detached, sent, lambda: streams.release(key))
                    state["detached"] = True
                    return
                for seq, payload in in_order(*sub.items.popleft(), sent):
                    yield payload
                    sent = seq
            while True:
                item = sub.get(keepalive)
                if item is None:
                    if sub.dropped:
                        return  # fell behind: the client reconnects and catches up
                    yield KEEPALIVE
                    continue
                for seq, payload in in_order(*item, sent):
                    yield payload
                    sent = seq
        finally:
            if not state["detached"]:
                sub.close()

    resp = Response(stream(), mimetype="text/event-stream")
    resp.call_on_close(release)
    resp.headers["Cache-Control"] = "no-cache, no-store"
    resp.headers["X-Accel-Buffering"] = "no"  # nginx: do not buffer the stream
    return resp


def _bound_send_buffer(sock: Any, size: int) -> None:
    """Bound what the kernel queues for a stream (the stream's queue holds the rest).

    Left to itself Linux grows a socket's send buffer to megabytes, so a reader that
    never reads would hold every event in the server's memory, unseen; with a bound,
    its queue fills after ``SSE_QUEUE_SIZE`` more events and it is closed (its page
    reconnects with ``Last-Event-ID``).
    """
    if size > 0:
        with contextlib.suppress(OSError):  # not TCP: nothing to bound
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, size)


def _detached_clients() -> Detached:
    """This process's detached clients (made on first use: in the worker, after any fork)."""
    detached: Detached | None = current_app.extensions.get("dicehero.detached")
    if detached is None:
        config = current_app.config
        detached = current_app.extensions["dicehero.detached"] = Detached(
            float(config["SSE_KEEPALIVE"]), float(config["SSE_STALL_SECONDS"]))
    return detached


def _detach(sub: Subscription, handler: Any, detached: Detached, sent: int,
            on_close: Callable[[], None]) -> None:
    """Hand a caught-up client's connection to this process's :class:`Detached` clients.

    Everything up to event ``sent`` went through WSGI and is on the wire and the
    queue is empty, so the broker's direct writes follow in order. The request's
    greenlet then ends; the connection stays open.
    """
    from dicehero.web.direct import detach  # gevent: only on the servers that run it

    release = handler.release_connection()  # its place among its address's connections
    fd, chunked = detach(handler)

    def closed() -> None:
        on_close()
        release()

    detached.adopt(sub, fd, chunked, sent, closed)


def init_app(app: Flask) -> None:
    """Register the event stream."""
    app.extensions["dicehero.streams"] = OpenStreams()
    app.extensions["dicehero.game_ids"] = GameIds()
    app.register_blueprint(bp)
