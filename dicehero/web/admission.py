"""Fair admission: which waiting request runs next on a gevent server (issue 26.1, 26.5).

The event loop serves whichever connection is ready, and a flood's connections always
are: with every hostile load at once, a tap queued behind tens of flood requests, each
running the app in turn. So at most ``ADMISSION_SLOTS`` requests run the app at once;
the others wait (a parked greenlet, no CPU) for their turn, and a turn goes

- first to a hero's or host's request in a game (``Authorization: Bearer`` on
  ``/api/games/...``: taps, Done, the host's roll, the phone's sheet), then to the
  rest (public reads, joins, solo and par asks, pages);
- within each of the two lanes, to the client addresses in turn, one request each:
  one address's flood waits behind its own requests, not in front of a classmate's.

A bearer that is made up still gets its address only its turn in the first lane, so
a class behind one NAT address keeps at least half of that lane against one laptop.
Event streams run outside the gate (they last as long as the page). The gate holds a
request until the app has returned its answer, not while the answer is written to a
slow reader. ``0`` slots turns it off.
"""

from __future__ import annotations

from collections import OrderedDict, deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from gevent.event import Event

HERO, PUBLIC = 0, 1  # the two lanes, served in this order

DEFAULT_SLOTS = 8


def lane(environ: dict[str, Any]) -> int | None:
    """The lane of a request: HERO, PUBLIC, or None for one outside the gate (a stream)."""
    path = environ.get("PATH_INFO", "")
    if path.endswith("/events"):
        return None
    if environ.get("HTTP_AUTHORIZATION") and path.startswith("/api/games/"):
        return HERO
    return PUBLIC


class Admission:
    """Slots for running the app, given out by lane and then by address in turn.

    Used from one event loop's greenlets only (no lock: nothing here yields but
    the wait itself).
    """

    def __init__(self, slots: int = DEFAULT_SLOTS) -> None:
        self.slots = slots
        self.running = 0
        # Per lane: address -> its waiting requests, addresses in the order of their turns.
        self._waiting: tuple[OrderedDict[str, deque[Event]], ...] = (OrderedDict(),
                                                                      OrderedDict())
        self.admitted = [0, 0]  # requests let in, per lane (for tests and the operator)

    def waiting(self) -> int:
        """Requests waiting for a turn."""
        return sum(len(q) for lane_ in self._waiting for q in lane_.values())

    @contextmanager
    def turn(self, address: str, lane_: int) -> Iterator[None]:
        """Wait for a slot (when none is free), run, give the slot to the next in turn."""
        if self.running < self.slots and not self.waiting():
            self.running += 1
        else:
            ready = Event()
            self._waiting[lane_].setdefault(address, deque()).append(ready)
            try:
                ready.wait()  # the slot is handed over with the event: running already counts it
            except BaseException:
                if not self._drop(lane_, address, ready):
                    self._next()  # handed over just as it was killed: pass it on
                raise
        self.admitted[lane_] += 1
        try:
            yield
        finally:
            self._next()

    def _drop(self, lane_: int, address: str, ready: Event) -> bool:
        """Take a waiter out of its queue; False if it was no longer there."""
        queue = self._waiting[lane_].get(address)
        if queue is None or ready not in queue:
            return False
        queue.remove(ready)
        if not queue:
            del self._waiting[lane_][address]
        return True

    def _next(self) -> None:
        """A slot is free: hand it to the next waiter in turn, or free it."""
        for waiting in self._waiting:
            if waiting:
                address, queue = next(iter(waiting.items()))
                ready = queue.popleft()
                del waiting[address]
                if queue:
                    waiting[address] = queue  # to the back: the next address goes first
                ready.set()
                return
        self.running -= 1

    def wrap(self, app: Callable[..., Iterable[bytes]], address: str, lane_: int
             ) -> Callable[..., Iterable[bytes]]:
        """``app`` run in a turn of ``address`` in ``lane_``."""
        def admitted(environ: dict[str, Any], start_response: Callable[..., Any]
                     ) -> Iterable[bytes]:
            with self.turn(address, lane_):
                return app(environ, start_response)
        return admitted
