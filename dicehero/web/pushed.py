"""Each hero's sheet pushed on their phone's event stream after a roll (issue 26.6).

After a roll every phone needs its sheet (the legal places of each die, from the
engine) before it can tap. Asked for by every phone at once, that was one request
per phone per roll, ~1.65 ms of the server's CPU each: a second and a half before
the last of 1,000 phones could tap. Instead, once the roll event is on its way,
this process reads the sheets of the heroes whose phones follow the game here
(``?hero=ID&key=KEY`` on the stream), a batch at a time in a few queries, and
writes each phone its own as a ``sheet`` message without an event id: exactly
what the phone's sheet read gives, without the edition. Other requests run
between batches. A phone whose stream was away at the roll (reconnecting) gets its
sheet after its catch-up passes the roll (:meth:`SheetPush.sheet_message`). A phone
that gets no sheet (a stream without a key) reads it as before.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

from dicehero.background import run_soon
from dicehero.live.bus import Broker, Subscription
from dicehero.live.sse import format_sse
from dicehero.web.json_reply import compact

log = logging.getLogger(__name__)

BATCH = 200  # heroes read and written between two turns of other requests
FLUSH_WAIT = 1.0  # seconds the push waits, at most, for the roll event's writes
ROLL = b'"type":"roll"'


class SheetPush:
    """Pushes the heroes' sheets of a game after each of its rolls delivered here."""

    def __init__(self, broker: Broker, games: Any, flush_wait: float = FLUSH_WAIT) -> None:
        self.broker = broker
        self.games = games
        self.flush_wait = flush_wait
        # An RLock: under gevent a Condition on a plain lock yields in every notify (see
        # dicehero.store.progress), and ``delivered`` takes it under the writer lock.
        self._idle = threading.Condition(threading.RLock())
        self._pushing = 0  # pushes started and not ended (settle waits for them)

    def delivered(self, game_id: int, seq: int, payload: bytes) -> None:
        """The broker's hook: after a roll, the sheets go out from a worker of their own, so
        the roll's reply and its event to every client are not held up by them. It runs
        under the game's writer lock: the worker is started without waiting for it."""
        if is_roll(payload) and self.broker.heroes(game_id):
            with self._idle:
                self._pushing += 1
            run_soon(self._push_then_end, game_id, seq)

    def settle(self, timeout: float = 60.0) -> bool:
        """Wait for the pushes under way (before the database goes away, as in a test's
        teardown: a push reading after it would leave a connection nobody closes);
        whether they ended within ``timeout``."""
        with self._idle:
            return self._idle.wait_for(lambda: not self._pushing, timeout)

    def _push_then_end(self, game_id: int, seq: int) -> None:
        try:
            self.push(game_id, seq)
        finally:
            with self._idle:
                self._pushing -= 1
                self._idle.notify_all()

    def push(self, game_id: int, seq: int) -> None:
        """Every hero's phone of the game here gets its sheet after event ``seq``."""
        try:
            # The roll event goes out to every client before any sheet is read: under gevent
            # the outbox's flush was queued on the loop before this thread started.
            time.sleep(0)
            deadline = time.monotonic() + self.flush_wait
            while self.broker.unflushed(game_id) and time.monotonic() < deadline:
                time.sleep(0.001)
            phones = self.broker.heroes(game_id)
            for start in range(0, len(phones), BATCH):
                self._batch(game_id, seq, phones[start:start + BATCH])
                time.sleep(0)  # let taps and other requests run between batches
        except Exception:  # pragma: no cover - a phone without its sheet reads it itself
            log.exception("pushing the sheets of game %s failed", game_id)

    def _batch(self, game_id: int, seq: int, phones: list[Subscription]) -> None:
        views = self.games.pushed_sheets(game_id, {s.hero for s in phones})
        for sub in phones:
            view = views.get(sub.hero)
            if view is None or sub.dropped or view["game"]["last_event_id"] < seq:
                continue
            if sub.fd >= 0 and sub.sent < seq:
                continue  # the roll is not written to it yet: the sheet may not go first
            sub.send_own(_message(view))

    def sheet_message(self, game_id: int, hero: int) -> bytes | None:
        """The hero's sheet as the message the push sends (None if the hero is gone)."""
        view = self.games.pushed_sheets(game_id, {hero}).get(hero)
        return None if view is None else _message(view)


def is_roll(payload: bytes) -> bool:
    """Whether an encoded event is a roll (its type comes first, in the first bytes)."""
    return ROLL in payload[:64]


def _message(view: dict[str, Any]) -> bytes:
    return format_sse(compact({"type": "sheet", "data": view}))
