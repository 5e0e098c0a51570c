"""The round's ready count, coalesced, so that a round of Done is linear in the class.

Each Done used to be an event of its own to every stream (``player_done`` with the hero's
name): N heroes pressing Done meant N events to N streams, O(N²), 3.4 ms of CPU a hero at
5,000. Now a Done only records itself, and the game's count (``player_done`` with
``done_count`` and ``player_count``) goes out at most once per ``INTERVAL`` per game: the
first Done of a quiet spell at once, the last of a burst when the interval has passed,
and always at once when the round is complete (the projector then shows the standings).
Each count is a write to every phone following the game, so a big class's counts come
less often: at most ``WRITES_PER_SECOND`` of those writes a second per game (every 0.5 s
up to 1,000 phones, every 2.5 s at 5,000), and the counts of a round of Done cost the same
per hero however big the class.
The host's screen reads who is done from the game's state, which each event tells it to
read again; a phone only needs the count.

The ticker is per process: with several processes each sends its own, at most
``INTERVAL`` apart, and a count is read from the database when it is sent, so whichever
goes out last is right.
"""

from __future__ import annotations

import heapq
import itertools
import logging
import threading
import time
from collections.abc import Callable
from typing import Protocol

from dicehero.background import run_soon

log = logging.getLogger(__name__)

class Cancel(Protocol):
    """A timer that may be stopped before it runs."""

    def cancel(self) -> None: ...


INTERVAL = 0.5  # seconds between two counts of one game, at least
WRITES_PER_SECOND = 2_000  # a game's count written to its phones, at most (2% of a core)
PRUNE_AT = 1024  # games remembered before the ones quiet for an interval are forgotten


class ProgressTicker:
    """When each game's ready count may go out: now, or from a timer when the interval ends.

    ``flush(code)`` sends a game's count in a transaction of its own; ``later(delay, run)``
    runs it for the count a burst left unsent (by default an :class:`Alarm`: one timer
    thread, a greenlet under gevent); ``clock`` tells the time. Tests give their own clock
    and timer. ``audience(code)``, set by the live part, is how many clients follow the game
    in this process (none by default).
    """

    def __init__(self, flush: Callable[[str], None], interval: float = INTERVAL,
                 clock: Callable[[], float] = time.monotonic,
                 later: Callable[[float, Callable[[], None]], Cancel] | None = None) -> None:
        self._flush = flush
        self._interval = interval
        self._clock = clock
        self._later = later or Alarm()
        # An RLock: a Condition on a plain lock asks, in every notify, whether it holds it by
        # trying to take it, and under gevent a failed try yields to the event loop. The
        # alarm's greenlet was switched away from while holding this lock, and a Done asking
        # ``now`` under the game's writer lock waited for the loop to come back (160-611 ms).
        self._lock = threading.RLock()
        self._idle = threading.Condition(self._lock)  # no timer is sending a count
        self._sending = 0  # counts a timer is sending now (settle waits for them)
        self._last: dict[str, float] = {}  # game code -> when its count last went out
        self._due: dict[str, Cancel] = {}  # games whose count a timer will send
        self.audience: Callable[[str], int] = lambda code: 0

    def now(self, code: str) -> bool:
        """Whether the game's count goes out with this transaction (True), or a timer will
        send it once the interval since the last one has passed (False)."""
        t = self._clock()
        gap = max(self._interval, self.audience(code) / WRITES_PER_SECOND)
        with self._lock:
            last = self._last.get(code)
            if last is None or t - last >= gap:
                self._sent(code, t)
                return True
            if code not in self._due:
                self._due[code] = self._later(last + gap - t, lambda: self._fire(code))
            return False

    def settle(self, timeout: float = 60.0) -> bool:
        """Send now every count a timer was to send, stop those timers, and wait for a timer
        already sending one (before the database goes away, as in a test's teardown: a
        count sent after it would open a connection nobody closes); whether that
        happened within ``timeout``."""
        with self._lock:
            due, self._due = self._due, {}
        for code, timer in due.items():
            timer.cancel()
            self._send(code)
        with self._idle:
            return self._idle.wait_for(lambda: not self._sending, timeout)

    def sent(self, code: str) -> None:
        """The game's count went out anyway (the round is complete): a timer due to send
        one is stopped, or every phone would get the same count again."""
        with self._lock:
            timer = self._due.pop(code, None)
            self._sent(code, self._clock())
        if timer is not None:
            timer.cancel()

    def _sent(self, code: str, t: float) -> None:
        self._last[code] = t
        if len(self._last) > PRUNE_AT:  # a long-running server must not keep every game
            quiet = t - self._interval
            self._last = {c: at for c, at in self._last.items() if at > quiet or c in self._due}

    def _fire(self, code: str) -> None:
        with self._lock:
            if self._due.pop(code, None) is None:
                return  # settled already
            self._sent(code, self._clock())
            self._sending += 1
        try:
            self._send(code)
        finally:
            with self._idle:
                self._sending -= 1
                self._idle.notify_all()

    def _send(self, code: str) -> None:
        try:
            self._flush(code)
        except Exception:  # a timer has nobody to answer: the next event carries the count
            log.exception("the ready count of game %s could not be sent", code)


class Alarm:
    """Runs each scheduled call after its delay, on one thread of its own.

    Scheduling never waits: the count's timer is set inside the transaction of a Done,
    under the game's writer lock (on SQLite, every game's), and starting a thread waits
    until the new thread runs. Under gevent that is a switch to the event loop, which,
    crowded by a flood, took 0.1-2.8 s to come back, and every tap of every game waited
    on the lock meanwhile. So the one thread is started without waiting for it (the
    first time it is needed), and later calls only add to its heap. A call that raises
    is logged and the thread goes on with the next.
    """

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._heap: list[tuple[float, int, _Call]] = []
        self._order = itertools.count()  # calls due at the same time run in their order
        self._running = False

    def __call__(self, delay: float, run: Callable[[], None]) -> Cancel:
        call = _Call(run)
        with self._cond:
            heapq.heappush(self._heap, (time.monotonic() + delay, next(self._order), call))
            if not self._running:
                self._running = True
                run_soon(self._loop)
            self._cond.notify()
        return call

    def _loop(self) -> None:
        while True:
            with self._cond:
                while not self._heap or self._heap[0][0] > time.monotonic():
                    self._cond.wait(self._heap[0][0] - time.monotonic() if self._heap
                                    else None)
                _, _, call = heapq.heappop(self._heap)
            try:
                call.run()
            except Exception:  # one failed call must not stop the calls after it
                log.exception("a scheduled call failed")


class _Call:
    """A scheduled call of :class:`Alarm`, which ``cancel`` turns into nothing."""

    __slots__ = ("_run",)

    def __init__(self, run: Callable[[], None]) -> None:
        self._run: Callable[[], None] | None = run

    def cancel(self) -> None:
        self._run = None

    def run(self) -> None:
        if self._run is not None:
            self._run()
