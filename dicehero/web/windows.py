"""Moving windows of a flood limit kept in this process: each hit's time, and nothing running
in the background.

The ``limits`` library's ``MemoryStorage`` starts a timer that runs every 10 ms while any
key holds a hit and walks every key, copying each key's list of hits: on the server's one
event loop that walk ran between requests, and under a flood of reads (each a hit kept a
minute) it took most of the server's time (issue 26: three quarters of the samples in a
profile of the hostile loads). Here a window of ``amount`` hits in ``seconds`` keeps the
last ``amount`` hits of a key, oldest first, so a check is O(1): the window is full when it
holds ``amount`` hits and the oldest is younger than ``seconds``. A key whose last hit has
left its window is forgotten by a sweep that runs once the number of keys has doubled
since the last one (its cost is shared by the keys that made it run).
"""

from __future__ import annotations

from collections import deque

SWEEP_AT_LEAST = 1024  # keys before the first sweep: a small server never sweeps


class MovingWindows:
    """Hits per key, each key with its window (``amount`` hits in ``seconds``)."""

    def __init__(self) -> None:
        self._hits: dict[str, tuple[deque[float], float]] = {}
        self._sweep_at = SWEEP_AT_LEAST

    def wait(self, key: str, amount: int, seconds: float, now: float) -> float:
        """0.0 if one more hit of ``key`` fits in its window at ``now``, else the seconds
        until it would (when the oldest hit counted leaves the window)."""
        kept = self._hits.get(key)
        if kept is None or len(kept[0]) < amount:
            return 0.0
        oldest = kept[0][0]
        return 0.0 if oldest <= now - seconds else oldest + seconds - now

    def hit(self, key: str, amount: int, seconds: float, now: float) -> None:
        """Count one hit of ``key`` at ``now`` (only the last ``amount`` are kept)."""
        kept = self._hits.get(key)
        if kept is not None:
            kept[0].append(now)
            return
        self._hits[key] = (deque([now], maxlen=max(1, amount)), seconds)
        if len(self._hits) >= self._sweep_at:
            self._sweep(now)

    def __len__(self) -> int:
        return len(self._hits)

    def _sweep(self, now: float) -> None:
        """Forget the keys whose every hit has left its window."""
        self._hits = {key: kept for key, kept in self._hits.items()
                      if kept[0] and kept[0][-1] > now - kept[1]}
        self._sweep_at = max(SWEEP_AT_LEAST, 2 * len(self._hits))
