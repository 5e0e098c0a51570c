"""Another connection holding SQLite's write lock, for the tests of a busy database."""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def write_lock_held(path: str, seconds: float) -> Iterator[None]:
    """Run the block while another connection holds the write lock for ``seconds``."""
    started = threading.Event()

    def hold() -> None:
        con = sqlite3.connect(path, isolation_level=None)
        con.execute("BEGIN IMMEDIATE")
        started.set()
        time.sleep(seconds)
        con.execute("ROLLBACK")
        con.close()

    holder = threading.Thread(target=hold)
    holder.start()
    started.wait()
    try:
        yield
    finally:
        holder.join()
