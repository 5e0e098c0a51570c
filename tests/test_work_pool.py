"""The worker pool (issue 26.2, 26.3): fair between games and addresses, bounded, a job sent
again replaces the one waiting, and a job cut short by its deadline is run again when the
workers are free (so load decides when an answer comes, never which)."""

from __future__ import annotations

import sys
import threading

from dicehero.store.work_pool import Task, WorkPool

# A stand-in worker process: answers each job with its arguments; a job given a deadline
# (``seconds``) is cut short, as a witness search on a loaded machine would be.
ECHO = (sys.executable, "-c", """
import json, sys
for line in sys.stdin:
    args = json.loads(line)["args"]
    ok = {"cut_short": True} if "seconds" in args else {"args": args}
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


def test_a_job_cut_short_by_its_deadline_runs_again_without_one_when_the_pool_is_free():
    jobs = Jobs()
    jobs.submit(("game", 7), ("paper", 7, 1), "hard sheet", seconds=0.5)
    jobs.submit(("game", 8), ("paper", 8, 1), "easy sheet")
    assert jobs.release() == ["easy sheet", "hard sheet"]  # retried after the waiting one
    assert dict(jobs.answered)["hard sheet"] == {"args": {"name": "hard sheet"}}  # not cut


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
