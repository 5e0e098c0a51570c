"""Against a real ``dicehero serve`` process: fan-out, SIGKILL and restart, a whole bot game."""

from __future__ import annotations

import contextlib
import random
import socket
import threading
import time

import pytest
from liveserver import Server, SSEClient, create_game, join, long_game, replay_actions

from dicehero.editions import load_edition
from dicehero.engine import apply
from dicehero.engine.bots import RandomBot
from dicehero.engine.view import sheet_view

pytestmark = pytest.mark.slow


@pytest.fixture
def server(tmp_path):
    """A running server on a temporary instance folder; stopped after the test."""
    srv = Server(tmp_path / "instance").start()
    yield srv
    srv.stop()




def test_several_sse_clients_receive_the_same_roll(server):
    code, host = create_game(server)
    clients = [SSEClient(server.port, code, last_event_id=1) for _ in range(5)]
    status, roll = server.call("POST", f"/api/games/{code}/rolls", {}, host)
    assert status == 201
    got = []
    for c in clients:
        while True:
            seq, event = c.next_event()
            if event["type"] == "roll":
                got.append((seq, event["data"]["dice"]))
                break
        c.close()
    assert got == [(got[0][0], roll["dice"])] * 5


def test_a_client_reconnecting_with_last_event_id_gets_what_it_missed(server):
    code, host = create_game(server)
    first = SSEClient(server.port, code)
    assert first.next_event()[0] == 1
    first.close()
    join(server, code, "Ann")
    server.call("POST", f"/api/games/{code}/rolls", {}, host)
    again = SSEClient(server.port, code, last_event_id=1)
    types = [again.next_event()[1]["type"] for _ in range(3)]
    again.close()
    assert types == ["player_joined", "offer", "roll"]


def test_sigkill_mid_round_loses_no_accepted_action_and_the_game_goes_on(tmp_path):
    srv = Server(tmp_path / "instance").start()
    try:
        code, host = create_game(srv)
        players = [join(srv, code, f"P{i}") for i in range(5)]
        srv.call("POST", f"/api/games/{code}/rolls", {"dice": [1, 2, 3, 4]}, host)
        accepted = {}
        for pid, secret in players:
            base = f"/api/games/{code}/players/{pid}"
            pick = srv.call("GET", base, secret=secret)[1]["sheet"]["legal"]["choose"][0]
            for i, action in enumerate([{"type": "choose", "superpower": pick},
                                        {"type": "move", "die": 0, "to": 1}]):
                status, reply = srv.call("POST", base + "/actions", {
                    "action": action, "roll": 1, "idempotency_key": f"{pid}-{i}"}, secret)
                assert status == 200, reply
            accepted[pid] = srv.call("GET", base, secret=secret)[1]["sheet"]
        srv.kill()
        srv.start()
        for pid, secret in players:
            status, view = srv.call("GET", f"/api/games/{code}/players/{pid}", secret=secret)
            assert status == 200 and view["sheet"] == accepted[pid]
        for pid, secret in players:
            status, _ = srv.call("POST", f"/api/games/{code}/players/{pid}/actions", {
                "action": {"type": "done"}, "roll": 1, "idempotency_key": f"{pid}-done"},
                secret)
            assert status == 200
        status, roll = srv.call("POST", f"/api/games/{code}/rolls", {}, host)
        assert status == 201 and roll["number"] == 2
    finally:
        srv.stop()


def test_whole_game_with_20_bots_over_http_matches_the_enginereplay_actions(server):
    rng = random.Random(7)
    edition = load_edition("classic")
    code, host = create_game(server)
    players = [join(server, code, f"Bot {i}") for i in range(20)]
    server.call("POST", f"/api/games/{code}/offer", {}, host)
    sent = {pid: [] for pid, _ in players}  # (roll, action) as accepted

    def play(pid, secret, roll_no, bot):
        base = f"/api/games/{code}/players/{pid}"
        view = server.call("GET", base + "?edition=0", secret=secret)[1]
        sheet = replay_actions(edition, view_offer(view), rolls, sent[pid])
        actions = []
        if sheet.superpower is None:
            actions.append(bot.choose(sheet).to_dict())
            sheet = apply(sheet, actions[-1])
        actions += [a.to_dict() for a in bot.play_round(sheet)]
        for i, action in enumerate(actions):
            status, reply = server.call("POST", base + "/actions", {
                "action": action, "roll": roll_no, "idempotency_key": f"{roll_no}-{i}"},
                secret)
            assert status == 200, reply
            sent[pid].append((roll_no, action))

    def view_offer(view):
        return tuple(view["sheet"]["offer"])

    rolls: list[list[int]] = []
    bots = {pid: RandomBot(random.Random(rng.random())) for pid, _ in players}
    for roll_no in range(1, 11):
        status, roll = server.call("POST", f"/api/games/{code}/rolls", {}, host)
        assert status == 201, roll
        rolls.append(roll["dice"])
        threads = [threading.Thread(target=play, args=(pid, secret, roll_no, bots[pid]))
                   for pid, secret in players]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    state = server.call("GET", f"/api/games/{code}")[1]
    assert state["status"] == "over"
    for pid, secret in players:
        view = server.call("GET", f"/api/games/{code}/players/{pid}?edition=0",
                           secret=secret)[1]
        expected = replay_actions(edition, view_offer(view), rolls, sent[pid])
        got = dict(view["sheet"])
        got.pop("missed_rounds"), got.pop("forfeited")
        want = sheet_view(expected)
        want["legal"] = got["legal"]  # the game is over: nothing is legal any more
        assert got == want



def test_a_stream_whose_reader_stopped_reading_is_closed(tmp_path):
    instance = tmp_path / "instance"
    instance.mkdir()
    (instance / "config.py").write_text(
        "SSE_STALL_SECONDS = 1.0\nSSE_SNAPSHOT_AFTER = 10**9\nRATE_LIMITS = {}\n")
    srv = Server(instance).start()
    try:
        code = long_game(srv, events=8000, size=1000)  # 8 MB: more than any socket buffer
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.connect(("127.0.0.1", srv.port))
        sock.sendall(f"GET /api/games/{code}/events HTTP/1.1\r\nHost: x\r\n"
                     "Last-Event-ID: 0\r\n\r\n".encode())
        time.sleep(4)  # the reader takes nothing; the server gives up after 1 s
        sock.settimeout(10)
        received = 0
        with contextlib.suppress(ConnectionResetError):
            while chunk := sock.recv(65536):
                received += len(chunk)
        sock.close()
        assert received < 4_000_000  # the stream was cut, not sent to the end
        status, _ = srv.call("GET", f"/api/games/{code}/scores")
        assert status == 200
    finally:
        srv.stop()


def test_a_request_with_a_folded_header_gets_400_and_a_plain_one_is_served(server):
    def ask(extra: bytes) -> bytes:
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as s:
            s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n" + extra
                      + b"Connection: close\r\n\r\n")
            reply = b""
            while chunk := s.recv(65536):
                reply += chunk
        return reply.split(b"\r\n", 1)[0]

    assert b" 400 " in ask(b"X-Folded: a\r\n b\r\n")
    assert b" 200 " in ask(b"X-Plain: a\r\n")
