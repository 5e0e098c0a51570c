"""The worker processes: every search a request must not run itself (issue 26.2).

The process that answers taps runs no search: par (a class's game, a solo ask, the
coach's round) and the witness search of a paper sheet are :class:`Task` s for the one
:data:`POOL` of this server process. A request queues its task and answers at once; the
task's ``done`` hands the result on (a cache, the game's log and its stream).

* **Processes.** ``processes`` child processes (:mod:`dicehero.store.par_child`, a job a
  JSON line in, its answer a line out), each fed by one worker thread (a greenlet under
  gevent, which waits on the pipe without holding the loop). The children run at a
  lower priority than the server, and may pause their own garbage collector: the
  server's never is. Under ``--workers N`` each server process has its own pool,
  started after the fork by the first task it gets.
* **Fair.** Tasks wait per *fair key* (a game, or the address of a solo asker) and the
  workers take the keys in turn, one task each (round robin): a flood from one key
  waits behind itself. At most ``per_key`` tasks wait per key (a game's paper sheets
  may ask for more: one per hero), ``size`` in all
  (:meth:`WorkPool.submit` says no beyond). A task under a job key already waiting
  replaces it (a paper sheet sent again: only the newest is checked).
* **A deadline per job.** A task may give its job ``seconds``; a job cut short by them
  answers ``{"cut_short": true}`` and is queued again at the end of its key's queue, with
  twice the time (none once that reaches ``JOB_SECONDS``: the search's own state cap
  bounds it). So a hard sheet gets a turn like any other key however long others flood
  the pool, its tries cost at most about twice its last one, and load decides when a
  verdict comes, never which. A task sent again while its job waits keeps the time the
  job has earned. Any job's answer is given up on after ``JOB_SECONDS`` and its process
  replaced, so a hung child cannot stall the pool.
"""

from __future__ import annotations

import atexit
import json
import logging
import selectors
import subprocess
import sys
import threading
import time
from collections import Counter, OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
from typing import Any

from dicehero.background import run_soon

log = logging.getLogger(__name__)

Job = tuple[str, dict[str, Any]]  # (kind, keyword arguments) of a par_jobs.JOBS function
Done = Callable[[dict[str, Any] | None, str | None], None]  # (answer, error)
IDLE_SECONDS = 30.0  # a worker thread with nothing to do for this long ends (one is made again)
# A job's answer is given up on after this long and its process killed, so a child that
# hangs cannot stall the queue (a whole game's par takes seconds, a hard sheet's check more).
JOB_SECONDS = 120.0
CHILD = (sys.executable, "-m", "dicehero.store.par_child")


class WorkerError(RuntimeError):
    """The worker process died or answered nonsense."""


class _Child:
    """One worker process, started when its first job comes (and again after it died)."""

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
        """One job's answer (raises :class:`WorkerError` if the process failed)."""
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
                    raise WorkerError(f"the worker process gave no answer in "
                                      f"{self.job_seconds:g} s")
                line = proc.stdout.readline()
            except OSError as e:
                raise WorkerError(f"the worker process stopped: {e}") from None
            if not line:
                raise WorkerError("the worker process stopped")
        reply = json.loads(line)
        if "error" in reply:
            raise WorkerError(reply["error"])
        return reply["ok"]


@dataclass
class Task:
    """A job for the pool: ``make`` builds it in the worker thread (it may read the
    database; None: nothing to do), ``done`` gets its answer or error there."""

    fair_key: Hashable
    job_key: Hashable
    make: Callable[[], Job | None]
    done: Done
    seconds: float | None = None  # this try's deadline, if the job takes one


# Held only while a Condition is made (nothing in it yields): a real lock is safe here.
_MAKING = threading.Lock()


class WorkPool:
    """Worker processes fed by a fair, bounded queue (see the module's docstring)."""

    def __init__(self, processes: int = 1, per_key: int = 8, size: int = 2000,
                 command: tuple[str, ...] = CHILD) -> None:
        self.processes = processes
        self.per_key = per_key
        self.size = size
        self.command = command
        self._waiting: OrderedDict[Hashable, OrderedDict[Hashable, Task]] = OrderedDict()
        self._running: Counter[Hashable] = Counter()
        self._made: threading.Condition | None = None
        self._children: list[_Child] = []
        self._threads: dict[int, object] = {}  # worker index -> its thread's token, while it runs

    @property
    def _cond(self) -> threading.Condition:
        """The pool's lock and signal, made when first used (as store/locks.py's): the
        server process imports this module before ``dicehero serve`` patches threading
        for gevent, and a Condition made then holds a real lock, on which a worker
        greenlet waking from ``wait`` blocked the whole event loop (a solo coaching ask
        froze the server)."""
        if self._made is None:
            with _MAKING:
                if self._made is None:
                    self._made = threading.Condition()
        return self._made

    def submit(self, task: Task, per_key: int | None = None) -> bool:
        """Queue ``task``; False (nothing queued) when its key (at most ``per_key``
        waiting, the pool's own by default) or the pool is full."""
        with self._cond:
            waiting = self._waiting.get(task.fair_key)
            if waiting is not None and task.job_key in waiting:
                # The newer one is the one to do, with the time its job has earned.
                seconds = _longer(task.seconds, waiting[task.job_key].seconds)
                waiting[task.job_key] = replace(task, seconds=seconds)
                return True
            cap = self.per_key if per_key is None else per_key
            if ((waiting is not None and len(waiting) >= cap)
                    or self._count() >= self.size):
                return False
            self._waiting.setdefault(task.fair_key, OrderedDict())[task.job_key] = task
            self._start_workers()
            self._cond.notify()
        return True

    def busy(self, job_key: Hashable) -> bool:
        """Whether a task under ``job_key`` is waiting, to be retried or running."""
        with self._cond:
            return (job_key in self._running
                    or any(job_key in w for w in self._waiting.values()))

    def waiting(self, fair_key: Hashable) -> int:
        """How many tasks of ``fair_key`` wait (not counting one running)."""
        with self._cond:
            return len(self._waiting.get(fair_key, ()))

    def settle(self, timeout: float = 120.0) -> bool:
        """Wait until no task waits or runs, so nothing reads a database after its owner
        let it go (a test's teardown); whether that happened within ``timeout``."""
        end = time.monotonic() + timeout
        with self._cond:
            while self._count() + sum(self._running.values()):
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(min(left, 0.05))
        return True

    def close(self) -> None:
        """Stop the worker processes (at the server's exit)."""
        for child in self._children:
            child.close()

    def _count(self) -> int:
        return sum(len(w) for w in self._waiting.values())

    def _start_workers(self) -> None:
        """Start the worker threads that are not running (under the pool's lock). Without
        ``Thread.start`` or ``is_alive``: under gevent both switch to the event loop (the
        second by a failed non-blocking acquire), with the pool's lock held meanwhile."""
        while len(self._children) < self.processes:
            self._children.append(_Child(self.command))
        for i in range(self.processes):
            if i not in self._threads:
                self._threads[i] = token = object()
                run_soon(self._work, i, token)

    def _next(self) -> Task | None:
        """The next task, keys in turn."""
        if not self._waiting:
            return None
        fair_key, waiting = next(iter(self._waiting.items()))
        _, task = waiting.popitem(last=False)
        if waiting:
            self._waiting.move_to_end(fair_key)
        else:
            del self._waiting[fair_key]
        return task

    def _again(self, task: Task) -> None:
        """Queue ``task``, cut short by its deadline, at the end of its key's queue with twice
        the time, a second at least (or give the time to the newer task of its job already
        waiting)."""
        assert task.seconds is not None
        longer = max(task.seconds * 2, 1.0)
        seconds = longer if longer < JOB_SECONDS else None
        with self._cond:
            waiting = self._waiting.setdefault(task.fair_key, OrderedDict())
            newer = waiting.get(task.job_key)
            if newer is not None:
                waiting[task.job_key] = replace(newer, seconds=_longer(newer.seconds, seconds))
            else:
                waiting[task.job_key] = replace(task, seconds=seconds)
            self._cond.notify()

    def _work(self, index: int, token: object) -> None:
        try:
            self._serve(index, token)
        finally:  # failed: the next task starts another
            with self._cond:
                if self._threads.get(index) is token:
                    del self._threads[index]

    def _serve(self, index: int, token: object) -> None:
        """Run tasks on worker process ``index`` until none comes for ``IDLE_SECONDS``."""
        child = self._children[index]
        while True:
            with self._cond:
                task = self._next()
                while task is None:
                    if not self._cond.wait(IDLE_SECONDS) and not self._count():
                        if self._threads.get(index) is token:  # in this lock: a task
                            del self._threads[index]  # queued from now on starts another
                        return
                    task = self._next()
                self._running[task.job_key] += 1
            try:
                self._run(child, task)
            finally:
                with self._cond:
                    self._running[task.job_key] -= 1
                    if not self._running[task.job_key]:
                        del self._running[task.job_key]
                    self._cond.notify_all()

    def _run(self, child: _Child, task: Task) -> None:
        answer: dict[str, Any] | None = None
        error = None
        try:
            job = task.make()
            if job is not None:
                kind, args = job
                if task.seconds is not None:
                    args = {**args, "seconds": task.seconds}
                answer = child.run((kind, args))
        except Exception as e:  # a failed job must not stop the pool
            log.exception("job %r failed", task.job_key)
            error = str(e)
        if answer is not None and answer.get("cut_short") and task.seconds is not None:
            self._again(task)
            return
        try:
            task.done(answer, error)
        except Exception:
            log.exception("the answer of job %r was not taken", task.job_key)


def _longer(a: float | None, b: float | None) -> float | None:
    """The longer of two deadlines (None: none)."""
    return None if a is None or b is None else max(a, b)


POOL = WorkPool()
atexit.register(POOL.close)
