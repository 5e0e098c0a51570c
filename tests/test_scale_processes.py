"""Two server processes on the real PostgreSQL and Redis: one game, seen and played from both.

Each test gets a fresh database ``dicehero_test_<random>`` (dropped after).
PostgreSQL or Redis unreachable is a failure, never a skip (CI starts them).
"""

from __future__ import annotations

import random
import threading

import pytest
from liveserver import Server, SSEClient, create_game, join, replay_actions
from pgkit import REDIS_URL, fresh_database, require_services

from dicehero.editions import load_edition
from dicehero.engine import apply
from dicehero.engine.bots import RandomBot
from dicehero.engine.view import sheet_view

pytestmark = [pytest.mark.services, pytest.mark.slow]


@pytest.fixture
def pg_url():
    """A fresh PostgreSQL database for this test (PostgreSQL and Redis must be up)."""
    require_services()
    with fresh_database() as url:
        yield url


@pytest.fixture
def two_servers(tmp_path, pg_url):
    """Two ``dicehero serve`` processes on one PostgreSQL database and one Redis."""
    env = {"DATABASE_URL": pg_url, "REDIS_URL": REDIS_URL}
    servers = [Server(tmp_path / f"i{i}", env=env) for i in range(2)]
    try:
        for s in servers:
            s.start()
        yield servers
    finally:
        for s in servers:
            s.stop()




def _until(client, type_):
    while True:
        seq, event = client.next_event()
        if event["type"] == type_:
            return seq, event


def test_a_roll_through_one_process_reaches_the_clients_of_both(two_servers):
    a, b = two_servers
    code, host = create_game(a)
    clients = [SSEClient(srv.port, code, last_event_id=1) for srv in (a, b, a, b)]
    try:
        join(b, code, "Ann")  # joined through b: a's clients see it too
        for c in clients:
            assert _until(c, "player_joined")[1]["data"]["player"]["name"] == "Ann"
        status, roll = a.call("POST", f"/api/games/{code}/rolls", {}, host)
        assert status == 201, roll
        got = [_until(c, "roll") for c in clients]
        assert {seq for seq, _ in got} == {got[0][0]}
        assert all(ev["data"]["dice"] == roll["dice"] for _, ev in got)
    finally:
        for c in clients:
            c.close()


def test_a_phone_on_the_other_process_gets_its_sheet_with_the_roll(two_servers):
    a, b = two_servers
    code, host = create_game(a)
    pid, secret = join(a, code, "Ann")
    status, read = b.call("GET", f"/api/games/{code}/players/{pid}?edition=0", secret=secret)
    assert status == 200, read
    phone = SSEClient(b.port, code, last_event_id=read["game"]["last_event_id"],
                      query=f"?hero={pid}&key={read['player']['stream_key']}")
    try:
        status, roll = a.call("POST", f"/api/games/{code}/rolls", {}, host)  # through a
        assert status == 201, roll
        _until(phone, "roll")
        seq, pushed = phone.next_event()
        assert seq is None and pushed["type"] == "sheet"
        _status, after = b.call("GET", f"/api/games/{code}/players/{pid}?edition=0",
                                secret=secret)
        assert pushed["data"] == after
    finally:
        phone.close()


def test_a_bot_game_played_through_both_processes_is_one_consistentcreate_game(two_servers):
    """Players alternate between the processes; every stored sheet = the engine's replay."""
    rng = random.Random(11)
    edition = load_edition("classic")
    srv = two_servers
    code, host = create_game(srv[0])
    players = [join(srv[i % 2], code, f"Bot {i}") for i in range(8)]
    srv[1].call("POST", f"/api/games/{code}/offer", {}, host)
    watcher = SSEClient(srv[1].port, code, last_event_id=0)
    sent: dict[int, list] = {pid: [] for pid, _ in players}
    rolls: list[list[int]] = []
    bots = {pid: RandomBot(random.Random(rng.random())) for pid, _ in players}
    errors: list = []

    def play(n, pid, secret, roll_no):
        try:
            base = f"/api/games/{code}/players/{pid}"
            view = srv[n % 2].call("GET", base + "?edition=0", secret=secret)[1]
            sheet = replay_actions(edition, tuple(view["sheet"]["offer"]), rolls, sent[pid])
            actions = []
            if sheet.superpower is None:
                actions.append(bots[pid].choose(sheet).to_dict())
                sheet = apply(sheet, actions[-1])
            actions += [a.to_dict() for a in bots[pid].play_round(sheet)]
            for i, action in enumerate(actions):
                # each action through the other process than the last one
                status, reply = srv[(n + i) % 2].call("POST", base + "/actions", {
                    "action": action, "roll": roll_no, "idempotency_key": f"{roll_no}-{i}"},
                    secret)
                assert status == 200, reply
                sent[pid].append((roll_no, action))
        except BaseException as e:  # reported by the main thread
            errors.append(e)

    for roll_no in range(1, 11):
        status, roll = srv[roll_no % 2].call("POST", f"/api/games/{code}/rolls", {}, host)
        assert status == 201, roll
        rolls.append(roll["dice"])
        threads = [threading.Thread(target=play, args=(n, pid, secret, roll_no))
                   for n, (pid, secret) in enumerate(players)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert not errors, errors[0]
    for s in srv:
        state = s.call("GET", f"/api/games/{code}")[1]
        assert state["status"] == "over" and state["done_count"] == 8
    # The watcher on process 1 saw every event once, in order, up to game_over.
    seqs = []
    while True:
        seq, event = watcher.next_event()
        seqs.append(seq)
        if event["type"] == "game_over":
            break
    watcher.close()
    assert seqs == list(range(1, len(seqs) + 1))
    for n, (pid, secret) in enumerate(players):
        for s in srv:  # both processes' projections agree with the engine
            view = s.call("GET", f"/api/games/{code}/players/{pid}?edition=0",
                          secret=secret)[1]
            expected = sheet_view(replay_actions(edition, tuple(view["sheet"]["offer"]), rolls,
                                          sent[pid]))
            got = dict(view["sheet"])
            got.pop("missed_rounds"), got.pop("forfeited")
            expected["legal"] = got["legal"]  # over: nothing is legal any more
            assert got == expected, (n, pid)

