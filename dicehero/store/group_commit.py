"""Group commit: writes of one game that arrive together share one transaction.

A thousand heroes tapping after a roll would otherwise each open, check and
commit a transaction of their own, one after the other. Here the first write of
a game to find no batch forming starts one and leads it: it waits a short window
(``WINDOW`` seconds, or until ``MAX_JOBS`` writes have joined), holding no lock,
then takes the game's writer lock; the batch stays open to newcomers until the
lock is won (while the batch before commits), then it runs in one transaction
and commits; only then does any of its writes get its reply. So every 2xx is
still durable before it is sent, and the fixed cost of a transaction (the lock,
the game row, the commit) is paid once per batch instead of once per action.

The window is a time, never "until the server is idle": under a flood of reads
an event loop is never idle, and a tap must still be answered.

Each job of a batch succeeds or is refused on its own (a refusal is recorded on
the job, not raised). If the transaction itself fails, the jobs are run again
one by one, so one bad job cannot take its neighbours down with it.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from dicehero.i18n import N_
from dicehero.store.db import Store
from dicehero.store.errors import Refusal, StoreError

log = logging.getLogger(__name__)

WINDOW = 0.002  # seconds a batch gathers before its leader asks for the lock
MAX_JOBS = 500  # a batch this big stops gathering at once

AfterCommit = Callable[[], None]
"""Run once the batch is committed (e.g. the accepted sheets go into the cache)."""

BatchWork = Callable[[Session, list["Job"]], AfterCommit]
"""Runs a batch in a transaction: calls ``accept`` or ``refuse`` on each job, returns what
to do after the commit. It may run more than once (a busy database is retried); each
run starts from jobs with no outcome."""


@dataclass(slots=True)
class Job:
    """One write waiting for its batch: what it asks, then its outcome.

    ``accept``/``refuse`` record what the batch's work decided; the outcome is final
    (``answered``) only once the transaction committed, or the job was refused on
    its own. A job left unanswered (its leader was interrupted) is refused as busy.
    """

    item: Any
    result: Any = None
    error: BaseException | None = None
    decided: bool = False
    answered: bool = False

    def accept(self, result: Any) -> None:
        """The job's write is in the transaction; ``result`` is its reply (None is one)."""
        self.result, self.error, self.decided = result, None, True

    def refuse(self, error: BaseException) -> None:
        """The job is refused; nothing of it is written."""
        self.result, self.error, self.decided = None, error, True

    def undecide(self) -> None:
        """Forget an outcome of a transaction that did not commit."""
        self.result, self.error, self.decided = None, None, False

    def outcome(self) -> Any:
        """The result, or the refusal raised."""
        if self.error is not None:
            raise self.error
        return self.result


class _Batch:
    """Jobs gathering for one transaction; ``full`` ends the gathering, ``done`` the batch."""

    __slots__ = ("done", "full", "jobs")

    def __init__(self) -> None:
        self.jobs: list[Job] = []
        # made when used, not when imported: under gevent, threading is patched by then
        self.full = threading.Event()
        self.done = threading.Event()


def _busy() -> StoreError:
    return StoreError(Refusal.BUSY, "busy", N_("The server is busy right now; try again."))


class GroupCommit:
    """The batch forming per game, committed a batch at a time."""

    def __init__(self, store: Store, window: float = WINDOW, max_jobs: int = MAX_JOBS) -> None:
        self.store = store
        self.window = window
        self.max_jobs = max_jobs
        self._forming: dict[str, _Batch] = {}  # only games with a batch gathering now
        self._mutex = threading.Lock()

    def submit(self, key: str, item: Any, work: BatchWork) -> Any:
        """Queue ``item`` for game ``key``; return its result once its batch is committed."""
        job = Job(item)
        with self._mutex:
            batch = self._forming.get(key)
            lead = batch is None
            if batch is None:
                batch = self._forming[key] = _Batch()
            batch.jobs.append(job)
            if len(batch.jobs) >= self.max_jobs:
                self._close(key, batch)
        if lead:
            self._lead(key, batch, work)
        else:
            batch.done.wait()
        return job.outcome()

    def forming(self) -> int:
        """How many games have a batch gathering now."""
        return len(self._forming)

    def _close(self, key: str, batch: _Batch) -> None:
        """No job joins ``batch`` any more (call with the mutex held)."""
        if self._forming.get(key) is batch:
            del self._forming[key]
        batch.full.set()

    def _lead(self, key: str, batch: _Batch, work: BatchWork) -> None:
        """Gather for the window, then commit the batch; every job answered at the end."""
        try:
            batch.full.wait(self.window)
            with self.store.writer_lock(key):
                with self._mutex:
                    self._close(key, batch)
                self._commit(key, batch.jobs, work)
        finally:
            with self._mutex:
                self._close(key, batch)
            for job in batch.jobs:
                if not job.answered:  # the leader was interrupted before it committed
                    job.refuse(_busy())
                    job.answered = True
            batch.done.set()

    def _commit(self, key: str, jobs: list[Job], work: BatchWork) -> None:
        """Run ``jobs`` in one transaction; if it fails, each job in a transaction of its own."""
        try:
            after = self.store.write(key, lambda s: self._run(s, jobs, work))
        except Exception as e:
            if len(jobs) == 1:
                jobs[0].refuse(e)
                jobs[0].answered = True
                return
            for job in jobs:  # find the one that failed; the others still get in
                self._commit(key, [job], work)
            return
        for job in jobs:
            if not job.decided:  # the work forgot it: never answer it as if it were done
                job.refuse(_busy())
            job.answered = True
        try:
            after()
        except Exception:  # the writes are committed: their replies stand
            log.exception("after the commit of a batch of game %s", key)

    @staticmethod
    def _run(s: Session, jobs: list[Job], work: BatchWork) -> AfterCommit:
        for job in jobs:
            job.undecide()
        return work(s, jobs)
