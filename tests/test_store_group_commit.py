"""Group commit: taps that arrive together share a transaction, each keeps its own outcome."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import text

from dicehero.store import Store, StoreError
from dicehero.store.errors import Refusal
from dicehero.store.group_commit import GroupCommit, Job


@pytest.fixture
def store(tmp_path):
    """A bare SQLite store with one table of numbers."""
    s = Store(f"sqlite:///{tmp_path / 'g.sqlite'}")
    with s.engine.begin() as conn:
        conn.execute(text("CREATE TABLE n (v INTEGER UNIQUE)"))
    yield s
    s.engine.dispose()


def _count(store: Store) -> list[int]:
    with store.engine.connect() as conn:
        return sorted(v for (v,) in conn.execute(text("SELECT v FROM n")))


def test_jobs_waiting_for_the_leader_are_committed_together_and_refusals_stay_apart(store):
    gc = GroupCommit(store)
    batches: list[int] = []
    inside = threading.Event()
    release = threading.Event()

    def work(s, jobs: list[Job]):
        batches.append(len(jobs))
        if len(batches) == 1:  # the first leader holds the lock until the others queue
            inside.set()
            release.wait(5)
        for job in jobs:
            if job.item % 5 == 0:
                job.error = StoreError(Refusal.REFUSED, "five", "No multiples of five.")
                continue
            s.execute(text("INSERT INTO n (v) VALUES (:v)"), {"v": job.item})
            job.result = job.item
        return lambda: None

    out: dict[int, object] = {}

    def tap(v: int) -> None:
        try:
            out[v] = gc.submit("G", v, work)
        except StoreError as e:
            out[v] = e.code

    first = threading.Thread(target=tap, args=(1,))
    first.start()
    assert inside.wait(5)
    rest = [threading.Thread(target=tap, args=(v,)) for v in range(2, 21)]
    for t in rest:
        t.start()
    while sum(len(q) for q in gc._pending.values()) < 19:
        threading.Event().wait(0.01)
    release.set()
    for t in [first, *rest]:
        t.join(5)
    assert batches == [1, 19]  # everyone who came while the first committed: one transaction
    assert out == {v: ("five" if v % 5 == 0 else v) for v in range(1, 21)}
    assert _count(store) == [v for v in range(1, 21) if v % 5]


def test_a_batch_whose_transaction_fails_is_run_again_one_job_at_a_time(store):
    gc = GroupCommit(store)
    with store.engine.begin() as conn:
        conn.execute(text("INSERT INTO n (v) VALUES (3)"))  # job 3 will break the batch
    seen: list[list[int]] = []

    def work(s, jobs: list[Job]):
        seen.append([j.item for j in jobs])
        for job in jobs:
            s.execute(text("INSERT INTO n (v) VALUES (:v)"), {"v": job.item})
            job.result = job.item
        return lambda: None

    batch = [Job(v) for v in (1, 2, 3, 4)]
    gc._commit("G", batch, work)
    assert seen == [[1, 2, 3, 4], [1], [2], [3], [4]]
    assert [j.result for j in batch] == [1, 2, None, 4]
    assert batch[2].error is not None and all(j.done for j in batch)
    assert _count(store) == [1, 2, 3, 4]
