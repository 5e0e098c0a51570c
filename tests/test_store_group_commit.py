"""Group commit: taps that arrive together share a transaction, each keeps its own outcome."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import text

from dicehero.store import Store, StoreError
from dicehero.store.errors import Refusal
from dicehero.store.group_commit import GroupCommit, Job
from dicehero.store.locks import KeyedLocks

LONG = 30.0  # a window the count bound always ends first (a wait this long is a failure)


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


def _insert(s, jobs: list[Job]):
    for job in jobs:
        s.execute(text("INSERT INTO n (v) VALUES (:v)"), {"v": job.item})
        job.accept(job.item)
    return lambda: None


def _tap_all(gc: GroupCommit, values, work) -> dict[int, object]:
    out: dict[int, object] = {}

    def tap(v: int) -> None:
        try:
            out[v] = gc.submit("G", v, work)
        except StoreError as e:
            out[v] = e.code

    threads = [threading.Thread(target=tap, args=(v,)) for v in values]
    for t in threads:
        t.start()
    for t in threads:
        t.join(LONG)
    return out


def test_taps_that_arrive_together_share_one_transaction_and_refusals_stay_apart(store):
    gc = GroupCommit(store, window=LONG, max_jobs=20)
    batches: list[int] = []

    def work(s, jobs: list[Job]):
        batches.append(len(jobs))
        for job in jobs:
            if job.item % 5 == 0:
                job.refuse(StoreError(Refusal.REFUSED, "five", "No multiples of five."))
                continue
            s.execute(text("INSERT INTO n (v) VALUES (:v)"), {"v": job.item})
            job.accept(job.item)
        return lambda: None

    out = _tap_all(gc, range(1, 21), work)
    assert batches == [20]  # the count bound closed the batch, not the (long) window
    assert out == {v: ("five" if v % 5 == 0 else v) for v in range(1, 21)}
    assert _count(store) == [v for v in range(1, 21) if v % 5]
    assert gc.forming() == 0


def test_a_gathering_batch_holds_no_lock(store):
    gc = GroupCommit(store, window=LONG, max_jobs=2)
    first = threading.Thread(target=gc.submit, args=("G", 1, _insert))
    first.start()
    while not gc.forming():
        threading.Event().wait(0.01)
    # Another writer of the same game gets through while the batch gathers.
    store.write("G", lambda s: s.execute(text("INSERT INTO n (v) VALUES (100)")))
    assert _count(store) == [100]
    assert gc.submit("G", 2, _insert) == 2  # the second job fills the batch: it commits
    first.join(LONG)
    assert _count(store) == [1, 2, 100]


def test_a_job_whose_result_is_none_is_answered_not_refused_as_busy(store):
    gc = GroupCommit(store, window=0.001)

    def work(s, jobs: list[Job]):
        for job in jobs:
            s.execute(text("INSERT INTO n (v) VALUES (:v)"), {"v": job.item})
            job.accept(None)
        return lambda: None

    assert gc.submit("G", 7, work) is None
    assert _count(store) == [7]


def test_a_committed_write_is_answered_even_when_the_work_after_the_commit_fails(store):
    gc = GroupCommit(store, window=0.001)

    def work(s, jobs: list[Job]):
        _insert(s, jobs)

        def after() -> None:
            raise RuntimeError("the cache could not be filled")
        return after

    assert gc.submit("G", 8, work) == 8
    assert _count(store) == [8]


def test_a_batch_whose_transaction_fails_is_run_again_one_job_at_a_time(store):
    gc = GroupCommit(store)
    with store.engine.begin() as conn:
        conn.execute(text("INSERT INTO n (v) VALUES (3)"))  # job 3 will break the batch
    seen: list[list[int]] = []

    def work(s, jobs: list[Job]):
        seen.append([j.item for j in jobs])
        return _insert(s, jobs)

    batch = [Job(v) for v in (1, 2, 3, 4)]
    gc._commit("G", batch, work)
    assert seen == [[1, 2, 3, 4], [1], [2], [3], [4]]
    assert [j.result for j in batch] == [1, 2, None, 4]
    assert batch[2].error is not None and all(j.answered for j in batch)
    assert _count(store) == [1, 2, 3, 4]


def test_a_games_lock_is_kept_only_while_it_is_held():
    locks = KeyedLocks()
    with locks.hold("ABCD"), locks.hold("ABCD"):  # the same writer again, inside
        assert len(locks) == 1
    assert len(locks) == 0
