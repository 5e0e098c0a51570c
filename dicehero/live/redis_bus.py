"""The event bus of several server processes: Redis pub/sub, backed by the store.

Every process publishes each committed event once, already encoded as SSE
bytes, on one channel. One listener per process (a thread, i.e. a greenlet
under gevent) receives every event and hands it to the local
:class:`~dicehero.live.bus.Broker`, which fans it out in memory.

Redis is only the doorbell; the store is the truth. The listener keeps, per
game with local clients, the last event id it delivered, and delivers in
order: a gap (events published out of order by two processes, or lost while
Redis was away) is filled from the store with one query for the whole
process, not one per client. After every (re)connection, and every
``SWEEP`` seconds, it compares with the store's counters and fills whatever
is missing, so nothing is lost when Redis restarts. While Redis is down,
publishing falls back to this process's own clients and the action still
succeeds; its other processes catch up once Redis is back.

This module imports nothing of the store: the web layer passes two functions,
``fetch(game_id, after) -> [(seq, data)]`` and ``latest(game_ids) -> {id: seq}``.
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
import time
from collections.abc import Callable, Iterable

from dicehero.live.bus import QUEUE_SIZE, Broker, Subscription, encode_event
from dicehero.live.order import Place, place

log = logging.getLogger(__name__)

CHANNEL = "dicehero:events"
SWEEP = 2.0  # seconds between checks against the store
BACKOFF_MAX = 2.0
PUBLISH_PAUSE = 1.0  # after a failed publish, deliver locally only for this long

Fetch = Callable[[int, int], list[tuple[int, str]]]
Latest = Callable[[Iterable[int]], dict[int, int]]


def pack(game_id: int, seq: int, payload: bytes) -> bytes:
    """A message on the channel: ``"<game> <seq>\\n"`` then the SSE bytes."""
    return b"%d %d\n" % (game_id, seq) + payload


def unpack(message: bytes) -> tuple[int, int, bytes]:
    """The game id, event id and SSE bytes of a channel message."""
    head, _, payload = message.partition(b"\n")
    game, seq = head.split(b" ")
    return int(game), int(seq), payload


class RedisBus:
    """Publish on Redis; one listener per process feeds the local broker in event order."""

    def __init__(self, url: str, fetch: Fetch, latest: Latest, broker: Broker | None = None,
                 channel: str = CHANNEL, queue_size: int = QUEUE_SIZE) -> None:
        import redis

        self.broker = broker or Broker(queue_size)
        self.url = url
        self.channel = channel
        self.fetch = fetch
        self.latest = latest
        self._redis_mod = redis
        self._client = redis.Redis.from_url(url, socket_connect_timeout=1.0,
                                            socket_timeout=2.0)
        self._seen: dict[int, int | None] = {}  # game -> last delivered id (None: unknown)
        self._lock = threading.RLock()  # one delivery at a time: events stay in order
        self._pid = 0
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._pause_until = 0.0
        self.connected = threading.Event()
        self.reconnects = 0

    # -- the Bus interface ---------------------------------------------------------------

    def publish(self, game_id: int, seq: int, data: str) -> None:
        """Encode once and publish; if Redis is away, deliver to this process's clients."""
        payload = encode_event(seq, data)
        if time.monotonic() >= self._pause_until:
            try:
                self._client.publish(self.channel, pack(game_id, seq, payload))
                return
            except (self._redis_mod.RedisError, OSError) as e:
                # Never fail the request: the event is committed. Others catch up later.
                log.warning("redis publish failed (%s); delivering locally", e)
                self._pause_until = time.monotonic() + PUBLISH_PAUSE
        self.deliver(game_id, seq, payload)

    def subscribe(self, game_id: int) -> Subscription:
        """A client of this process; the first of a game makes the listener track it."""
        self._ensure_listener()
        sub = self.broker.subscribe(game_id)
        with self._lock:
            known = game_id in self._seen
            if not known:
                self._seen[game_id] = None
        if not known:
            last = self.latest([game_id]).get(game_id, 0)
            with self._lock:
                current = self._seen.get(game_id)
                self._seen[game_id] = last if current is None else max(current, last)
        return sub

    # -- delivery in order ---------------------------------------------------------------

    def deliver(self, game_id: int, seq: int, payload: bytes) -> None:
        """Hand one event to the local broker, after any it missed; repeats are dropped."""
        with self._lock:
            if game_id not in self._seen:
                return  # no client of this game here
            seen = self._seen[game_id]
            where = Place.NEXT if seen is None else place(seq, seen)
            if where is Place.HAVE:
                return
            if where is Place.GAP:
                self._fill(game_id, seen, seq)
            self._seen[game_id] = seq
            self.broker.deliver(game_id, seq, payload)

    def _fill(self, game_id: int, after: int, upto: int) -> None:
        """Deliver events ``after < seq < upto`` from the store (caller holds the lock)."""
        while after < upto - 1:
            rows = [(s, d) for s, d in self.fetch(game_id, after) if s < upto]
            if not rows:
                return
            for s, d in rows:
                self.broker.deliver(game_id, s, encode_event(s, d))
                after = s
            self._seen[game_id] = after

    def catch_up(self) -> int:
        """Compare with the store and deliver whatever was missed; returns how many."""
        with self._lock:
            live = set(self.broker.game_ids())
            for gone in [g for g in self._seen if g not in live]:
                del self._seen[gone]
            games = [g for g, s in self._seen.items() if s is not None]
        if not games:
            return 0
        latest = self.latest(games)
        n = 0
        with self._lock:
            for g in games:
                seen = self._seen.get(g)
                top = latest.get(g, 0)
                if seen is not None and top > seen:
                    self._fill(g, seen, top + 1)
                    n += top - seen
        return n

    # -- the listener --------------------------------------------------------------------

    def _ensure_listener(self) -> None:
        pid = os.getpid()
        if self._pid == pid and self._thread is not None:
            return
        with self._lock:
            if self._pid == pid and self._thread is not None:
                return
            self._pid = pid  # after a fork the parent's listener does not exist here
            self._stop.clear()
            self._thread = threading.Thread(target=self._listen, name="dicehero-redis-bus",
                                            daemon=True)
            self._thread.start()

    def close(self) -> None:
        """Stop listening (for tests)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5)

    def _listen(self) -> None:
        backoff = 0.05
        while not self._stop.is_set():
            pubsub = None
            try:
                client = self._redis_mod.Redis.from_url(
                    self.url, socket_connect_timeout=1.0, health_check_interval=5)
                pubsub = client.pubsub()
                pubsub.subscribe(self.channel)
                next_sweep = time.monotonic() + SWEEP
                while not self._stop.is_set():
                    msg = pubsub.get_message(timeout=SWEEP)
                    if msg is not None:
                        if msg["type"] == "subscribe":
                            # Subscribed: from now on nothing passes us by, so fill
                            # what was published while we were away.
                            self.connected.set()
                            backoff = 0.05
                            self._safe_catch_up()
                        elif msg["type"] == "message":
                            self.deliver(*unpack(msg["data"]))
                    if time.monotonic() >= next_sweep:
                        self._safe_catch_up()
                        next_sweep = time.monotonic() + SWEEP
            except (self._redis_mod.RedisError, OSError) as e:
                if self.connected.is_set():
                    log.warning("redis bus lost its connection (%s); reconnecting", e)
                self.connected.clear()
                self.reconnects += 1
            except Exception:  # pragma: no cover - keep listening whatever happens
                log.exception("redis bus listener failed; restarting it")
                self.connected.clear()
            finally:
                if pubsub is not None:
                    with contextlib.suppress(Exception):  # closing a dead connection
                        pubsub.close()
            self._stop.wait(backoff)
            backoff = min(backoff * 2, BACKOFF_MAX)

    def _safe_catch_up(self) -> None:
        try:
            self.catch_up()
        except Exception:  # the database may be briefly away too; the next sweep retries
            log.exception("redis bus catch-up failed")
