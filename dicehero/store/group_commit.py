"""Group commit: writes of one game that arrive together share one transaction.

A thousand heroes tapping after a roll would otherwise each open, check and
commit a transaction of their own, one after the other. Here the first writer
of a game to find nobody committing becomes the leader: it lets every request
already read reach the queue, takes the whole queue, runs it in one transaction
and commits it; only then does any of them get its reply. So every 2xx is still
durable before it is sent, and the fixed cost of a transaction (the lock, the
game row, the commit) is paid once per batch instead of once per action.

Each job of a batch succeeds or is refused on its own (a refusal is recorded on
the job, not raised). If the transaction itself fails, the jobs are run again
one by one, so one bad job cannot take its neighbours down with it.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from dicehero.store.db import Store
from dicehero.store.errors import Refusal, StoreError

AfterCommit = Callable[[], None]
"""Run once the batch is committed (e.g. the accepted sheets go into the cache)."""

BatchWork = Callable[[Session, list["Job"]], AfterCommit]
"""Runs a batch in a transaction: records each job's result or refusal, returns what to do
after the commit. It may run more than once (a busy database is retried), so it sets every
job's outcome afresh each time."""


@dataclass(slots=True)
class Job:
    """One write waiting for its batch: what it asks, then its outcome."""

    item: Any
    result: Any = None
    error: BaseException | None = None
    done: bool = False

    def outcome(self) -> Any:
        """The result, or the refusal raised."""
        if self.error is not None:
            raise self.error
        return self.result


def _gevent_patched() -> bool:
    monkey = sys.modules.get("gevent.monkey")
    return monkey is not None and monkey.is_module_patched("threading")


def _gather() -> None:
    """Let every request already read reach the queue before the leader takes it.

    Under gevent a request runs until it blocks, and SQLite never yields: without
    a pause every batch would hold one job. ``gevent.idle`` returns once the loop
    has nothing else ready (at once when the server is quiet). With real threads,
    batches form while the leader is inside the database.
    """
    if _gevent_patched():
        import gevent

        gevent.idle()


class GroupCommit:
    """The queue of writes per game, committed a batch at a time."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._pending: dict[str, list[Job]] = {}
        self._mutex = threading.Lock()

    def submit(self, key: str, item: Any, work: BatchWork) -> Any:
        """Queue ``item`` for game ``key``; return its result once its batch is committed."""
        job = Job(item)
        with self._mutex:
            self._pending.setdefault(key, []).append(job)
        with self.store.writer_lock(key):
            if not job.done:  # nobody took it: lead the next batch
                _gather()
                with self._mutex:
                    batch = self._pending.pop(key, [])
                self._commit(key, batch, work)
        return job.outcome()

    def _commit(self, key: str, batch: list[Job], work: BatchWork) -> None:
        try:
            try:
                after = self.store.write(key, lambda s: work(s, batch))
            except Exception as e:
                if len(batch) == 1:
                    batch[0].result, batch[0].error = None, e
                    return
                for job in batch:  # find the one that failed; the others still get in
                    self._commit(key, [job], work)
                return
            after()
        finally:
            for job in batch:
                if job.result is None and job.error is None:  # the leader was interrupted
                    job.error = StoreError(Refusal.BUSY, "busy",
                                           "The server is busy right now; try again.")
                job.done = True
