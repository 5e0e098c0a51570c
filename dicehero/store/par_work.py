"""Par is worked out off the request path: in a separate process, one job at a time.

A request never computes par. It asks :class:`ParWork` for a result; if there is none
yet (or it is out of date), the job is queued and the request answers "being worked
out". A worker thread (a greenlet under gevent) takes the queue in turn, builds each
job (reading the database itself, so the asking request does not), and hands it to a
child process (:mod:`dicehero.store.par_child`, running :mod:`dicehero.store.par_jobs`):
the bot's search never holds the server's interpreter, and the child runs at a lower
priority than the server, so a class's taps come first on a busy machine. The engine is
deterministic, so the results are only cached: after a restart the first reader queues
the job again and gets the same answer.

The child speaks JSON lines on stdin/stdout (``{"kind", "args"}`` in, ``{"ok"}`` or
``{"error"}`` out) and exits when stdin closes, i.e. when the server does.
"""

from __future__ import annotations

import atexit
import itertools
import json
import logging
import queue
import selectors
import subprocess
import sys
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

log = logging.getLogger(__name__)

Job = tuple[str, dict[str, Any]]  # (kind, keyword arguments) of a par_jobs function
MakeJob = Callable[[], tuple[int, Job] | None]
IDLE_SECONDS = 30.0  # a worker thread with nothing to do for this long ends (one is made again)
# A job's answer is given up on after this long and its process killed, so a par process
# that hangs cannot stall the queue (a whole game's par takes seconds, a round's far less).
JOB_SECONDS = 120.0
CHILD = (sys.executable, "-m", "dicehero.store.par_child")


class ParWorkerError(RuntimeError):
    """The par process died or answered nonsense."""


@dataclass(frozen=True)
class ParResult:
    """A job's answer, or why there is none; ``version`` says what it was worked out from
    (for a game: how many rolls), so a reader knows whether it is out of date."""

    version: int
    answer: dict[str, Any] | None = None
    error: str | None = None


class _Child:
    """The par process shared by every :class:`ParWork` of this server process."""

    def __init__(self, command: tuple[str, ...] = CHILD, job_seconds: float = JOB_SECONDS) -> None:
        self.command = command
        self.job_seconds = job_seconds
        self._lock = threading.Lock()
        self._proc: subprocess.Popen[bytes] | None = None

    def close(self) -> None:
        """Close its pipes (it exits when stdin closes) and wait for it: at the server's
        exit, or after it died. Not under the lock: at exit a job may still hold it."""
        proc, self._proc = self._proc, None
        if proc is not None:
            for pipe in (proc.stdin, proc.stdout):
                if pipe is not None:
                    pipe.close()
            try:
                proc.wait(5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()

    def run(self, job: Job) -> dict[str, Any]:
        """One job's answer (raises :class:`ParWorkerError` if the process failed)."""
        kind, args = job
        with self._lock:
            if self._proc is not None and self._proc.poll() is not None:
                self.close()  # it died (killed, out of memory): a new one takes over
            if self._proc is None:
                self._proc = subprocess.Popen(self.command, stdin=subprocess.PIPE,
                                              stdout=subprocess.PIPE)
            proc = self._proc
            assert proc.stdin is not None and proc.stdout is not None
            try:
                proc.stdin.write(json.dumps({"kind": kind, "args": args}).encode() + b"\n")
                proc.stdin.flush()
                # A selector, not select.select: a server holding over 1,024 connections
                # has file descriptors select() cannot take (ValueError).
                with selectors.DefaultSelector() as waiting:
                    waiting.register(proc.stdout, selectors.EVENT_READ)
                    answered = waiting.select(self.job_seconds)
                if not answered:
                    proc.kill()  # hung: the next job gets a new process
                    raise ParWorkerError(f"the par process gave no answer in "
                                         f"{self.job_seconds:g} s")
                line = proc.stdout.readline()
            except OSError as e:
                raise ParWorkerError(f"the par process stopped: {e}") from None
            if not line:
                raise ParWorkerError("the par process stopped")
        reply = json.loads(line)
        if "error" in reply:
            raise ParWorkerError(reply["error"])
        return reply["ok"]


_child = _Child()
atexit.register(_child.close)


class ParWork:
    """Par results by key, worked out in the background; a bounded cache.

    A class's games go first (priority 0); solo asks (anyone can send any number of seeds)
    wait behind them, and at most ``solo_pending`` of them are queued at once.
    """

    def __init__(self, size: int = 512, solo_pending: int = 16) -> None:
        self.size = size
        self.solo_pending = solo_pending
        self._results: OrderedDict[Hashable, ParResult] = OrderedDict()
        self._pending: dict[Hashable, int] = {}  # key -> its priority
        self._order = itertools.count()  # first come, first served within a priority
        self._queue: queue.PriorityQueue[tuple[int, int, Hashable, MakeJob]] = \
            queue.PriorityQueue()
        self._lock = threading.Lock()
        self._worker: threading.Thread | None = None

    def result(self, key: Hashable) -> ParResult | None:
        """The latest result for ``key``, or None."""
        with self._lock:
            return self._results.get(key)

    def pending(self, key: Hashable) -> bool:
        """Whether a job for ``key`` is queued or running."""
        with self._lock:
            return key in self._pending

    def settle(self, timeout: float = 30.0) -> bool:
        """Wait until no job is queued or running, so nothing reads the database after its
        owner lets it go (a test's teardown); whether that happened within ``timeout``."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            with self._lock:
                if not self._pending:
                    return True
            time.sleep(0.02)
        return False

    def ask(self, key: Hashable, make_job: MakeJob, solo: bool = False) -> None:
        """Queue ``make_job`` unless ``key`` is already queued (or, for ``solo``, too many
        solo asks are); returns at once. The worker runs it to get ``(version, job)``, or
        None for nothing to do."""
        priority = 1 if solo else 0
        with self._lock:
            if key in self._pending:
                return
            if solo and sum(self._pending.values()) >= self.solo_pending:
                return  # the asker asks again later
            self._pending[key] = priority
            self._queue.put((priority, next(self._order), key, make_job))
            if self._worker is None or not self._worker.is_alive():
                self._worker = threading.Thread(target=self._work, name="par-work",
                                                daemon=True)
                self._worker.start()

    def _work(self) -> None:
        while True:
            try:
                _, _, key, make_job = self._queue.get(timeout=IDLE_SECONDS)
            except queue.Empty:
                with self._lock:
                    if self._queue.empty():
                        self._worker = None
                        return
                continue
            made = None
            try:
                made = make_job()
                result = ParResult(made[0], _child.run(made[1])) if made else None
            except Exception as e:  # a failed job must not stop the queue
                log.exception("par job %r failed", key)
                result = ParResult(made[0] if made else -1, error=str(e))
            with self._lock:
                del self._pending[key]
                if result is not None:
                    self._results[key] = result
                    self._results.move_to_end(key)
                    while len(self._results) > self.size:
                        self._results.popitem(last=False)
