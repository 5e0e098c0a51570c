"""The worker pool (issue 26.2, 26.3): fair between games and addresses, bounded, a job sent
again replaces the one waiting, and a job cut short by its deadline is run again at its
key's next turn with more time (so load decides when an answer comes, never which)."""

from __future__ import annotations

import subprocess
import sys
import threading
import time

from dicehero.store.work_pool import Task, WorkPool

# A stand-in worker process: answers each job with its arguments; a job given a deadline
# (``seconds``) under 4 s is cut short, as a hard sheet's witness search would be.
ECHO = (sys.executable, "-c", """
import json, sys
for line in sys.stdin:
    args = json.loads(line)["args"]
    ok = {"cut_short": True} if args.get("seconds", 4) < 4 else {"args": args}
    sys.stdout.write(json.dumps({"ok": ok}) + "\\n")
    sys.stdout.flush()
""")


class Jobs:
    """A pool of one echo process held by a first job until :meth:`release`; the order in
    which the jobs after it were answered."""

    def __init__(self, per_key: int = 8) -> None:
        self.pool = WorkPool(processes=1, per_key=per_key, command=ECHO)
        self.answered: list[tuple[str, dict | None]] = []
        self._gate = threading.Event()
        started = threading.Event()

        def held():
            started.set()
            self._gate.wait(30)
            return None

        self.pool.submit(Task("gate", "gate", held, lambda answer, error: None))
        assert started.wait(30)

    def submit(self, fair_key, job_key, name: str, seconds: float | None = None) -> bool:
        return self.pool.submit(Task(fair_key, job_key, lambda: ("echo", {"name": name}),
                                     lambda answer, error: self.answered.append((name, answer)),
                                     seconds))

    def release(self) -> list[str]:
        self._gate.set()
        assert self.pool.settle(60)
        self.pool.close()
        return [name for name, _ in self.answered]


def test_a_flood_from_one_address_does_not_starve_another_games_check():
    jobs = Jobs()
    for i in range(20):  # fresh solo par asks, one address
        jobs.submit(("address", "10.0.0.1"), ("par", i), f"flood {i}")
    jobs.submit(("game", 7), ("paper", 7, 1), "sheet")
    order = jobs.release()
    assert order.index("sheet") == 1  # one of the flood's, then the game's turn


def test_a_key_holds_at_most_its_share_of_the_queue():
    jobs = Jobs(per_key=3)
    queued = [jobs.submit(("address", "10.0.0.1"), ("par", i), f"flood {i}") for i in range(5)]
    assert queued == [True, True, True, False, False]
    assert jobs.submit(("address", "10.0.0.2"), ("par", "mine"), "mine")  # another address
    assert jobs.release() == ["flood 0", "mine", "flood 1", "flood 2"]


def test_a_paper_sheet_sent_again_while_waiting_replaces_the_waiting_check():
    jobs = Jobs()
    for i in range(30):  # a paper hero re-sending their sheet
        assert jobs.submit(("game", 7), ("paper", 7, 1), f"sheet {i}")
    jobs.submit(("game", 8), ("paper", 8, 1), "other game")
    assert jobs.release() == ["sheet 29", "other game"]


def test_a_job_cut_short_by_its_deadline_runs_again_with_twice_the_time():
    jobs = Jobs()
    jobs.submit(("game", 7), ("paper", 7, 1), "hard sheet", seconds=0.5)
    jobs.submit(("game", 8), ("paper", 8, 1), "easy sheet")
    assert jobs.release() == ["easy sheet", "hard sheet"]  # retried after the waiting one
    # 0.5, 1 and 2 s were cut short; 4 s was enough: an answer, never a cut-short one
    assert dict(jobs.answered)["hard sheet"] == {"args": {"name": "hard sheet", "seconds": 4}}


def test_a_job_cut_short_is_retried_at_its_keys_turn_while_another_key_floods_the_pool():
    """Load never keeps a verdict from coming: a hard sheet cut short waits its game's next
    turn, not for an idle pool, which a flood of solo asks never leaves (issue 26.3)."""
    jobs = Jobs()
    jobs.submit(("game", 7), ("paper", 7, 1), "hard sheet", seconds=0.5)
    for i in range(20):  # fresh solo par asks, one address
        jobs.submit(("address", "10.0.0.1"), ("par", i), f"flood {i}")
    order = jobs.release()
    assert order.index("hard sheet") == 3  # its four tries take turns with the flood


def test_a_sheet_sent_again_while_its_check_waits_keeps_the_time_the_check_earned():
    """A hero who sends the same hard sheet again and again must not restart its check
    with the first try's deadline each time, or no try would ever be long enough."""
    jobs = Jobs()
    jobs.submit(("game", 7), ("paper", 7, 1), "hard sheet", seconds=0.5)
    other_runs, go_on = threading.Event(), threading.Event()

    def other_game():  # runs once the hard sheet's first try was cut short and queued again
        other_runs.set()
        go_on.wait(30)
        return ("echo", {"name": "other game"})

    jobs.pool.submit(Task(("game", 8), ("paper", 8, 1), other_game,
                          lambda answer, error: jobs.answered.append(("other game", answer))))
    jobs._gate.set()
    assert other_runs.wait(30)
    tries: list[int] = []

    def sent_again():
        tries.append(1)
        return ("echo", {"name": "sent again"})

    jobs.pool.submit(Task(("game", 7), ("paper", 7, 1), sent_again,
                          lambda answer, error: jobs.answered.append(("sent again", answer)),
                          seconds=0.5))
    go_on.set()
    assert jobs.release() == ["other game", "sent again"]
    assert len(tries) == 3  # 1, 2 and 4 s: it goes on from the time earned, not from 0.5 s
    assert dict(jobs.answered)["sent again"] == {"args": {"name": "sent again", "seconds": 4}}


def test_the_witness_search_leaves_the_garbage_collector_of_its_caller_running():
    """Only the worker process pauses its collector (around its job): a server that called
    the search would otherwise run every request meanwhile without one."""
    import gc

    from witnesskit import bot_game

    from dicehero.editions import load_edition
    from dicehero.engine.bots import GreedyBot
    from dicehero.engine.paper import find_witness

    classic = load_edition("classic")
    game, paper = bot_game(classic, 3, GreedyBot)
    seen = []
    assert find_witness(classic, game.offer, game.rolls, paper,
                        pause=lambda: seen.append(gc.isenabled()) or True).verified
    assert seen and all(seen)


def test_no_greenlet_is_switched_away_from_while_it_holds_the_pools_lock():
    """Queueing a task starts the pool's worker under the pool's lock: a thread's start, or
    asking whether it is alive, switches to the event loop under gevent, and every asker
    (a roll's par, a solo ask, a paper sheet) and the worker itself would wait for the
    loop to come back (issue 26.1)."""
    script = """
from gevent import monkey
monkey.patch_all()
import sys, gevent, greenlet
from dicehero.store.work_pool import Task, WorkPool
pool = WorkPool(processes=1, command=tuple(sys.argv[1:]))
lock = pool._cond._lock
lock = getattr(lock, "_block", lock)  # an RLock's own lock: taken or not
held, answered = [], []
greenlet.settrace(lambda event, args: held.append(event) if lock.locked() else None)
for i in range(5):
    pool.submit(Task("game", i, lambda: ("echo", {}), lambda a, e: answered.append(a)))
    gevent.sleep(0.01)
assert pool.settle(30)
greenlet.settrace(None)
pool.close()
print(len(answered), len(held))
"""
    out = subprocess.run([sys.executable, "-c", script, *ECHO], capture_output=True,
                         text=True, timeout=60, check=True)
    assert out.stdout.split() == ["5", "0"], out.stdout + out.stderr


def test_a_worker_that_ended_idle_is_started_again_by_the_next_task(monkeypatch):
    monkeypatch.setattr("dicehero.store.work_pool.IDLE_SECONDS", 0.05)
    pool, answered = WorkPool(processes=1, command=ECHO), []
    for round_ in range(2):
        pool.submit(Task("game", round_, lambda: ("echo", {}),
                         lambda answer, error: answered.append(answer)))
        assert pool.settle(30)
        time.sleep(0.3)  # the worker has nothing to do and ends
    pool.close()
    assert len(answered) == 2
