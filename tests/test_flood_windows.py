"""The flood limits' moving windows in this process: exact, O(1) a check, nothing in the
background, and idle keys forgotten (issue 26: the ``limits`` library's memory storage walked
every key 100 times a second on the server's event loop)."""

from __future__ import annotations

import threading

from dicehero.web.guard import Limiter
from dicehero.web.windows import SWEEP_AT_LEAST, MovingWindows


def test_a_window_holds_its_amount_and_opens_when_the_oldest_hit_leaves():
    w = MovingWindows()
    for at in (0.0, 1.0, 2.0):
        assert w.wait("k", 3, 10.0, at) == 0.0
        w.hit("k", 3, 10.0, at)
    assert w.wait("k", 3, 10.0, 5.0) == 5.0  # full until the hit at 0.0 is 10 s old
    assert w.wait("k", 3, 10.0, 10.0) == 0.0
    assert w.wait("other", 3, 10.0, 5.0) == 0.0


def test_a_limiter_in_this_process_runs_nothing_in_the_background():
    before = threading.active_count()
    limiter = Limiter({"read": "5/second;100/minute"}, clock=lambda: 1000.0)
    assert [limiter.wait("read", "10.0.0.1") for _ in range(6)] == [0.0] * 5 + [1.0]
    assert limiter.storage is None and threading.active_count() == before


def test_keys_whose_hits_left_their_window_are_forgotten():
    now = [0.0]
    limiter = Limiter({"read": "2/second"}, clock=lambda: now[0])
    for i in range(10 * SWEEP_AT_LEAST):  # one flood of fresh keys, a key a millisecond
        now[0] = i / 1000
        limiter.wait("read", f"10.0.{i}")
    assert len(limiter.windows) < 3 * SWEEP_AT_LEAST  # not the 10,240 keys seen
