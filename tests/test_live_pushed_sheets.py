"""After a roll each hero's phone gets its sheet on its event stream, exactly what its sheet
read gives, so no phone has to ask for it (issue 26.6). Against a real server (its streams
written by the broker straight into their sockets) and through the test client (a stream
that reads its queue)."""

from __future__ import annotations

import json
import socket
import threading
import time

import pytest
from apikit import bearer
from liveserver import Server, SSEClient, create_game, join

from dicehero.live.bus import Broker, encode_event
from dicehero.web.pushed import SheetPush

slow = pytest.mark.slow


@pytest.fixture
def server(tmp_path):
    """A running server on a temporary instance folder; stopped after the test."""
    srv = Server(tmp_path / "instance").start()
    yield srv
    srv.stop()


def sheet_read(server: Server, code: str, pid: int, secret: str) -> dict:
    status, reply = server.call("GET", f"/api/games/{code}/players/{pid}?edition=0",
                                secret=secret)
    assert status == 200, reply
    return reply


def phone(server: Server, code: str, pid: int, secret: str) -> SSEClient:
    """A hero's phone following the game, with the stream key of its sheet read."""
    read = sheet_read(server, code, pid, secret)
    return SSEClient(server.port, code, last_event_id=read["game"]["last_event_id"],
                     query=f"?hero={pid}&key={read['player']['stream_key']}")


def after_roll(client: SSEClient) -> list[tuple[int | None, dict]]:
    """What the client gets up to and including the message after the roll event."""
    got = []
    while True:
        got.append(client.next_event())
        if len(got) > 1 and got[-2][1]["type"] == "roll":
            return got


@slow
def test_each_phone_gets_its_own_sheet_right_after_the_roll(server):
    code, host = create_game(server)
    ann, ben = join(server, code, "Ann"), join(server, code, "Ben")
    phones = {ann[0]: phone(server, code, *ann), ben[0]: phone(server, code, *ben)}
    status, _ = server.call("POST", f"/api/games/{code}/rolls", {"dice": [1, 2, 3, 6]}, host)
    assert status == 201
    for pid, secret in (ann, ben):
        got = after_roll(phones[pid])
        seq, pushed = got[-1]
        assert seq is None and pushed["type"] == "sheet"  # no event id: for this phone alone
        assert pushed["data"]["player"]["id"] == pid
        assert pushed["data"] == sheet_read(server, code, pid, secret)
        assert [d["value"] for d in pushed["data"]["sheet"]["dice"]] == [1, 2, 3, 6]
        phones[pid].close()


@slow
def test_a_stream_without_a_key_gets_the_events_and_no_sheet(server):
    code, host = create_game(server)
    ann = join(server, code, "Ann")
    mine = phone(server, code, *ann)
    projector = SSEClient(server.port, code, last_event_id=2)
    server.call("POST", f"/api/games/{code}/rolls", {}, host)
    server.call("POST", f"/api/games/{code}/timer", {"seconds": 60}, host)
    kinds = []
    while not kinds or kinds[-1] != "timer":
        kinds.append(projector.next_event()[1]["type"])
    assert "sheet" not in kinds and "roll" in kinds
    assert [e["type"] for _, e in after_roll(mine)][-1] == "sheet"
    mine.close()
    projector.close()


@slow
@pytest.mark.parametrize("query", ["?hero={pid}&key=0123456789abcdef0123456789abcdef",
                                   "?hero={other}&key={key}", "?hero=abc&key={key}",
                                   "?hero={pid}"])
def test_a_stream_key_that_is_not_the_heros_is_refused(server, query):
    code, _host = create_game(server)
    ann, ben = join(server, code, "Ann"), join(server, code, "Ben")
    key = sheet_read(server, code, *ann)["player"]["stream_key"]
    path = query.format(pid=ann[0], other=ben[0], key=key)
    status, reply = server.call("GET", f"/api/games/{code}/events{path}")
    assert status == 403 and reply["error"]["code"] == "bad_stream_key", reply


def test_a_queued_stream_gets_the_sheet_after_the_roll_too(api, client):
    game = api.create()
    pid = api.join(game, "Ann")
    secret = game.players["Ann"][1]
    read = client.get(f"/api/games/{game.code}/players/{pid}?edition=0",
                      headers=bearer(secret)).json
    resp = client.get(f"/api/games/{game.code}/events?last_event_id="
                      f"{read['game']['last_event_id']}&hero={pid}"
                      f"&key={read['player']['stream_key']}", buffered=False)
    chunks = iter(resp.response)
    assert next(chunks) == b"retry: 2000\n\n"
    api.roll(game)
    messages = []
    while len(messages) < 3:  # the offer, the roll, then the sheet
        block = next(chunks)
        if not block.startswith(b":"):
            messages.append(block)
    resp.close()
    assert not messages[2].startswith(b"id:")
    pushed = json.loads(messages[2].split(b"data: ", 1)[1])
    after = client.get(f"/api/games/{game.code}/players/{pid}?edition=0",
                       headers=bearer(secret)).json
    assert pushed == {"type": "sheet", "data": after}


def _messages(resp, n: int) -> list[bytes]:
    """The first ``n`` messages of a stream read through the test client (no keepalives):
    fewer if they do not come within 25 keepalives (5 s)."""
    chunks, out, idle = iter(resp.response), [], 0
    while len(out) < n and idle < 25:
        block = next(chunks)
        if block.startswith(b":"):
            idle += 1
        elif not block.startswith(b"retry:"):
            out.append(block)
    return out


def test_a_phone_away_at_the_roll_gets_its_sheet_after_catching_up(api, client):
    """Its stream was reconnecting when the dice were rolled, so the push after the roll did
    not reach it: the catch-up brings the roll, then the sheet, without a read."""
    game = api.create()
    pid = api.join(game, "Ann")
    secret = game.players["Ann"][1]
    read = client.get(f"/api/games/{game.code}/players/{pid}?edition=0",
                      headers=bearer(secret)).json
    api.roll(game)  # nobody follows the game now
    resp = client.get(f"/api/games/{game.code}/events?hero={pid}"
                      f"&key={read['player']['stream_key']}",
                      headers={"Last-Event-ID": str(read["game"]["last_event_id"])},
                      buffered=False)
    try:
        got = _messages(resp, 3)  # the offer, the roll, then the sheet
    finally:
        resp.close()
    assert len(got) == 3 and b'"type":"roll"' in got[1], got
    sheet = got[2]
    after = client.get(f"/api/games/{game.code}/players/{pid}?edition=0",
                       headers=bearer(secret)).json
    assert json.loads(sheet.split(b"data: ", 1)[1]) == {"type": "sheet", "data": after}


def test_a_catch_up_without_a_roll_brings_no_sheet(api, client):
    game = api.create()
    api.roll(game)
    pid = api.join(game, "Ann")
    read = client.get(f"/api/games/{game.code}/players/{pid}?edition=0",
                      headers=bearer(game.players["Ann"][1])).json
    api.join(game, "Bob")  # the one event the catch-up brings
    resp = client.get(f"/api/games/{game.code}/events?hero={pid}"
                      f"&key={read['player']['stream_key']}",
                      headers={"Last-Event-ID": str(read["game"]["last_event_id"])},
                      buffered=False)
    try:
        got = _messages(resp, 1)
        api.join(game, "Cy")  # the next thing on the stream is this, not a sheet
        got += _messages(resp, 1)
    finally:
        resp.close()
    assert len(got) == 2 and all(b'"type":"player_joined"' in m for m in got), got


def test_no_sheet_is_read_before_the_roll_event_is_written_to_every_stream():
    """The roll's event reaches every stream before any work on the pushed sheets starts (issue
    26.10): on a server the broker writes it on the event loop's next turn, and the push waits
    for that turn."""
    broker = Broker()
    later: list = []
    broker.defer = later.append  # the event loop's next turn, run by the test
    pairs = [socket.socketpair() for _ in range(3)]
    for hero, (ours, theirs) in enumerate(pairs, start=1):
        ours.setblocking(False)
        theirs.setblocking(False)
        sub = broker.subscribe(7)
        sub.hero = hero
        sub.go_direct(ours.fileno(), False, 1, lambda s: None)
    seen: list[list[bytes]] = []

    class Games:
        def pushed_sheets(self, game_id: int, heroes: set[int]) -> dict:
            had = []
            for _ours, theirs in pairs:  # what each phone had when the sheets were read
                try:
                    had.append(theirs.recv(4096))
                except BlockingIOError:
                    had.append(b"")
            seen.append(had)
            return {}

    broker.delivered = SheetPush(broker, Games(), flush_wait=60).delivered
    try:
        broker.deliver(7, 2, encode_event(2, '{"type":"roll","data":{"number":1}}'))
        time.sleep(0.05)  # the push's thread has started and waits
        assert seen == []
        later.pop()()  # the loop's turn: the event is written to every stream
        for _ in range(500):
            if seen:
                break
            time.sleep(0.01)
        assert len(seen) == 1 and all(b'"type":"roll"' in had for had in seen[0]), seen
    finally:
        for ours, theirs in pairs:
            ours.close()
            theirs.close()


def test_a_roll_starts_its_sheet_push_without_waiting_for_a_thread(monkeypatch):
    """The broker tells the push of a roll under the game's writer lock: starting a thread
    there waits until it runs (under gevent, for the crowded event loop, while every tap
    waits on the lock), so the push's worker is started without that wait."""
    broker, pushed = Broker(), threading.Event()
    broker.subscribe(7).hero = 1

    class Games:
        def pushed_sheets(self, game_id: int, heroes: set[int]) -> dict:
            pushed.set()
            return {}

    started: list[object] = []
    monkeypatch.setattr(threading.Thread, "start", lambda self: started.append(self))
    broker.delivered = SheetPush(broker, Games()).delivered
    broker.deliver(7, 2, encode_event(2, '{"type":"roll","data":{"number":1}}'))
    assert pushed.wait(5)
    assert started == []


def test_settling_waits_for_a_push_under_way():
    """A test's teardown settles the push before its database goes away: a push still
    reading the sheets would open a connection nobody closes."""
    broker, reading, release = Broker(), threading.Event(), threading.Event()
    broker.subscribe(7).hero = 1

    class Games:
        def pushed_sheets(self, game_id: int, heroes: set[int]) -> dict:
            reading.set()
            release.wait(10)
            return {}

    push = SheetPush(broker, Games())
    broker.delivered = push.delivered
    broker.deliver(7, 2, encode_event(2, '{"type":"roll","data":{"number":1}}'))
    assert reading.wait(5)
    assert push.settle(timeout=0.05) is False  # still reading
    release.set()
    assert push.settle(timeout=5) is True


def test_a_game_is_unflushed_until_every_client_of_it_is_written():
    """The push (a thread) may ask while the loop is writing the outbox: the game is done only
    once its last client has the bytes, not once the outbox is taken."""
    broker = Broker()
    broker.defer = lambda callback: None  # the test runs the flush itself
    asked: list[bool] = []
    pairs = [socket.socketpair() for _ in range(2)]
    try:
        for ours, _theirs in pairs:
            ours.setblocking(False)
            broker.subscribe(7).go_direct(ours.fileno(), False, 1, lambda s: None)
        broker.deliver(7, 2, encode_event(2, '{"type":"roll","data":{"number":1}}'))
        assert broker.unflushed(7)
        write = Broker._write_batch

        def asking(sub, events, framed):  # what a thread sees while each client is written
            asked.append(broker.unflushed(7))
            return write(sub, events, framed)

        broker._write_batch = asking
        broker.flush()
        assert asked == [True, True] and not broker.unflushed(7)
    finally:
        for ours, theirs in pairs:
            ours.close()
            theirs.close()
