"""One lock per key (a game's code), kept only while someone holds it or waits for it.

A map of a lock per game would grow by one entry for every game the process ever
wrote to; here an entry goes when its last user lets go, so the map holds only the
games being written right now.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager


class _Entry:
    """A key's lock and how many hold it or wait for it."""

    __slots__ = ("lock", "users")

    def __init__(self) -> None:
        self.lock = threading.RLock()  # made when used: under gevent, threading is patched
        self.users = 0


class KeyedLocks:
    """Re-entrant locks by key; ``hold(key)`` is the context that holds one."""

    def __init__(self) -> None:
        self._mutex = threading.Lock()
        self._entries: dict[str, _Entry] = {}

    @contextmanager
    def hold(self, key: str) -> Iterator[None]:
        """Hold the lock of ``key`` (the same thread may hold it again inside)."""
        with self._mutex:
            entry = self._entries.get(key)
            if entry is None:
                entry = self._entries[key] = _Entry()
            entry.users += 1
        try:
            with entry.lock:
                yield
        finally:
            with self._mutex:
                entry.users -= 1
                if not entry.users:
                    del self._entries[key]

    def __len__(self) -> int:
        """How many keys are held or waited for now."""
        return len(self._entries)
