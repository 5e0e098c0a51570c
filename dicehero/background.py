"""Starting work in the background without waiting for it to start.

``threading.Thread.start`` waits until the new thread runs. Under gevent that wait is a
switch to the event loop, and a loop crowded by a flood took 0.1-2.8 s to come back: a
greenlet that started a thread while holding a lock (a game's writer lock, on SQLite
every game's) held it that long, and every tap waited. :func:`run_soon` starts the
thread (a greenlet under gevent) and returns at once.
"""

from __future__ import annotations

import _thread
from collections.abc import Callable
from typing import Any


def run_soon(function: Callable[..., Any], *args: Any) -> None:
    """Run ``function(*args)`` on a new thread (a greenlet under gevent), without waiting.

    Like a daemon thread, it does not keep the process alive at exit; an exception it
    raises is reported by the thread module and ends only that thread.
    """
    _thread.start_new_thread(function, args)  # looked up at call time: gevent patches it
