"""Faults: SIGKILL in the middle of a burst, Redis restarted mid-game, a busy SQLite.

The SIGKILL test runs on the default (one process, SQLite) and on two gunicorn
workers with PostgreSQL and Redis; the Redis restart really restarts the
machine's Redis (and makes sure it runs again, even when the test fails).
"""

from __future__ import annotations

import threading
import time

import pytest
from liveserver import Server, SSEClient
from pgkit import REDIS_URL, fresh_database, require_services, start_redis, stop_redis
from scalekit import burst, kill_tree, request, resend_in_flight, setup_game, stored_actions
from sqlitekit import write_lock_held


def _sigkill_round_trip(srv: Server) -> None:
    # Durability, not the flood limits: twenty heroes tapping from one address as fast as
    # the server answers are a flood by design, and with group commit they reach the
    # per-hero action limit within the burst (then even the last 'done' gets a 429).
    srv.instance.mkdir(parents=True, exist_ok=True)
    (srv.instance / "config.py").write_text("RATE_LIMITS = {}\n")
    srv.start()
    try:
        code, host, players = setup_game([srv.port], 20)
        stop = threading.Event()
        t = threading.Thread(target=burst, args=([srv.port], code, players, 30, stop))
        t.start()
        time.sleep(1.5)
        kill_tree(srv)  # mid-burst: requests are in flight
        stop.set()
        t.join()
        before = sum(len(p.accepted) for p in players)
        assert before > 0
        srv.start()
        stored = stored_actions(srv.port, code)
        for p in players:  # everything accepted is there; at most the cut-off one more
            extra = stored[p.pid] - len(p.accepted)
            assert extra == 0 or (extra == 1 and p.in_flight is not None), (p.pid, extra)
        resend_in_flight(srv.port, code, players)
        burst([srv.port], code, players, 1.0, tag="b")
        after = sum(len(p.accepted) for p in players) - before
        assert after > 0
        stored = stored_actions(srv.port, code)
        assert stored == {p.pid: len(p.accepted) for p in players}
        for p in players:  # skip/undo pairs: die 0 is spent after an odd number
            status, view = request(srv.port, "GET", f"/api/games/{code}/players/{p.pid}"
                                   "?edition=0", secret=p.secret)
            assert status == 200
            assert bool(view["sheet"]["dice"][0]["used"]) == (len(p.accepted) % 2 == 1)
        for p in players:
            status, _ = request(srv.port, "POST", f"/api/games/{code}/players/{p.pid}/actions",
                                {"action": {"type": "done"}, "roll": 1,
                                 "idempotency_key": "done"}, p.secret)
            assert status == 200
        status, roll = request(srv.port, "POST", f"/api/games/{code}/rolls", {}, host)
        assert status == 201 and roll["number"] == 2
    finally:
        kill_tree(srv)


@pytest.mark.slow
def test_sigkill_during_a_burst_loses_no_accepted_action_on_sqlite(tmp_path):
    _sigkill_round_trip(Server(tmp_path / "instance"))


@pytest.mark.slow
@pytest.mark.services
def test_sigkill_during_a_burst_loses_no_accepted_action_on_gunicorn_pg_redis(tmp_path):
    require_services()
    with fresh_database() as url:
        _sigkill_round_trip(Server(tmp_path / "instance", args=("--workers", "2"),
                                   env={"DATABASE_URL": url, "REDIS_URL": REDIS_URL}))


@pytest.mark.slow
@pytest.mark.services
def test_redis_restarted_mid_game_the_game_goes_on_and_clients_get_later_events(tmp_path):
    require_services()
    with fresh_database() as url:
        env = {"DATABASE_URL": url, "REDIS_URL": REDIS_URL}
        a, b = Server(tmp_path / "a", env=env), Server(tmp_path / "b", env=env)
        clients = []
        try:
            a.start(), b.start()
            code, host, players = setup_game([a.port, b.port], 4)
            clients = [SSEClient(s.port, code, last_event_id=0) for s in (a, b)]
            for c in clients:
                _until(c, "roll")
            stop_redis()
            # Redis is away: actions and the next roll through either process still work.
            for n, p in enumerate(players):
                status, reply = request((a, b)[n % 2].port, "POST",
                                        f"/api/games/{code}/players/{p.pid}/actions",
                                        {"action": {"type": "done"}, "roll": 1,
                                         "idempotency_key": "done"}, p.secret)
                assert status == 200, reply
            status, roll2 = request(a.port, "POST", f"/api/games/{code}/rolls", {}, host)
            assert status == 201, roll2
            start_redis()
            # The clients of both processes get the roll made while Redis was down ...
            for c in clients:
                assert _until(c, "roll")[1]["data"]["number"] == 2
            # ... and the events after it, through Redis again.
            for n, p in enumerate(players):
                status, _ = request((b, a)[n % 2].port, "POST",
                                    f"/api/games/{code}/players/{p.pid}/actions",
                                    {"action": {"type": "done"}, "roll": 2,
                                     "idempotency_key": "done2"}, p.secret)
                assert status == 200
            status, roll3 = request(b.port, "POST", f"/api/games/{code}/rolls", {}, host)
            assert status == 201
            for c in clients:
                assert _until(c, "roll")[1]["data"]["dice"] == roll3["dice"]
        finally:
            for c in clients:
                c.close()
            start_redis()  # whatever happened, the machine's Redis runs again
            a.stop(), b.stop()


def _until(client, type_):
    while True:
        seq, event = client.next_event()
        if event["type"] == type_:
            return seq, event


def _busy_game(api, app):
    game = api.create()
    api.join(game, "Ann")
    api.roll(game, dice=[1, 2, 3, 4])
    api.choose_first(game, "Ann")
    path = app.config["DATABASE_URL"].removeprefix("sqlite:///")
    return game, path


def test_a_busy_sqlite_is_waited_for_and_the_action_accepted(api, app):
    if not app.config["DATABASE_URL"].startswith("sqlite"):
        pytest.skip("SQLite only")
    game, path = _busy_game(api, app)
    with write_lock_held(path, 1.5):
        r = api.act_raw(game, "Ann", {"type": "skip", "die": 0}, roll=1)
    assert r.status_code == 200, r.json


def test_a_sqlite_that_stays_busy_is_503_never_500_and_nothing_is_stored(api, app,
                                                                         monkeypatch):
    if not app.config["DATABASE_URL"].startswith("sqlite"):
        pytest.skip("SQLite only")
    monkeypatch.setattr("dicehero.store.db.RETRIES", 2)
    game, path = _busy_game(api, app)
    with write_lock_held(path, 4):
        r = api.act_raw(game, "Ann", {"type": "skip", "die": 0}, roll=1)
    assert r.status_code == 503 and r.json["error"]["code"] == "busy"
    assert not api.sheet(game, "Ann")["dice"][0]["used"]  # None: the skip was not stored
