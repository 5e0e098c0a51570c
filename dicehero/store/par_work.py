"""Par is worked out off the request path, by the worker pool (:mod:`.work_pool`).

A request never computes par. It asks :class:`ParWork` for a result; if there is none
yet (or it is out of date), a task is queued and the request answers "being worked
out". The pool's worker builds each job (reading the database itself, so the asking
request does not) and hands it to a worker process, which runs
:mod:`dicehero.store.par_jobs`. The engine is deterministic, so the results are only
cached: after a restart the first reader queues the job again and gets the same answer.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from dicehero.store.work_pool import POOL, Job, Task, WorkPool

MakeJob = Callable[[], tuple[int, Job] | None]


@dataclass(frozen=True)
class ParResult:
    """A job's answer, or why there is none; ``version`` says what it was worked out from
    (for a game: how many rolls), so a reader knows whether it is out of date."""

    version: int
    answer: dict[str, Any] | None = None
    error: str | None = None


class ParWork:
    """Par results by key, worked out by the pool; a bounded cache.

    Each ask names its fair key: a class's game its game, a solo ask its address, so one
    address asking for seed after seed waits behind its own asks (at most the pool's
    ``per_key`` of them wait; the asker asks again later).
    """

    def __init__(self, size: int = 512, pool: WorkPool = POOL) -> None:
        self.size = size
        self.pool = pool
        self._results: OrderedDict[Hashable, ParResult] = OrderedDict()
        self._lock = threading.Lock()

    def result(self, key: Hashable) -> ParResult | None:
        """The latest result for ``key``, or None."""
        with self._lock:
            return self._results.get(key)

    def pending(self, key: Hashable) -> bool:
        """Whether a job for ``key`` is queued or running."""
        return self.pool.busy(("par", key))

    def settle(self, timeout: float = 120.0) -> bool:
        """Wait until no job of the pool is queued or running (a test's teardown)."""
        return self.pool.settle(timeout)

    def ask(self, key: Hashable, make_job: MakeJob, fair_key: Hashable = None) -> None:
        """Queue ``make_job`` unless ``key`` is already queued (or ``fair_key``, the game by
        default, has too many waiting); returns at once. The worker runs it to get
        ``(version, job)``, or None for nothing to do."""
        job_key = ("par", key)
        if self.pool.busy(job_key):
            return
        made: list[int] = []

        def make() -> Job | None:
            got = make_job()
            if got is None:
                return None
            made.append(got[0])
            return got[1]

        def done(answer: dict[str, Any] | None, error: str | None) -> None:
            if answer is None and error is None:
                return
            result = ParResult(made[0] if made else -1, answer, error)
            with self._lock:
                self._results[key] = result
                self._results.move_to_end(key)
                while len(self._results) > self.size:
                    self._results.popitem(last=False)

        self.pool.submit(Task(fair_key if fair_key is not None else ("game", key), job_key,
                              make, done))
