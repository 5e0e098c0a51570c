"""A tap is never starved by other traffic: a real server answers a hero's tap while
another client floods it with reads (issue 26: the group commit's leader used to wait
for an idle event loop, with the game's write lock held, and a read flood froze it)."""

from __future__ import annotations

import http.client
import threading
from contextlib import closing

import pytest
from liveserver import Server, create_game, hard_paper_sheet, join, request

pytestmark = pytest.mark.slow

FLOODERS = 16
TAP_TIMEOUT = 20  # seconds: a tap not answered by then counts as starved


def _started(tmp_path, config: str):
    """A server whose instance holds ``config``, stopped when the test ends."""
    instance = tmp_path / "instance"
    instance.mkdir()
    (instance / "config.py").write_text(config)
    srv = Server(instance).start()
    yield srv
    srv.stop()


@pytest.fixture
def server(tmp_path):
    """A server without flood limits, so that every read of the flood reaches a handler."""
    yield from _started(tmp_path, "RATE_LIMITS = {}\n")


def _flood(port: int, path: str, stop: threading.Event, reads: list[int]) -> None:
    """Read ``path`` on a kept-alive connection, as fast as the server answers, until told."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        while not stop.is_set():
            conn.request("GET", path)
            conn.getresponse().read()
            reads.append(1)
    except (OSError, http.client.HTTPException):
        pass
    finally:
        conn.close()


def test_a_tap_is_answered_while_another_client_floods_the_server_with_reads(server):
    code, host = create_game(server)
    other, _ = create_game(server)
    server.call("POST", f"/api/games/{code}/offer", {"choices": [1, 2]}, host)
    pid, secret = join(server, code, "Ann")
    path = f"/api/games/{code}/players/{pid}/actions"
    assert server.call("POST", path, {"action": {"type": "choose", "superpower": 1},
                                      "roll": 0, "idempotency_key": "c"}, secret)[0] == 200
    assert server.call("POST", f"/api/games/{code}/rolls", {"dice": [1, 2, 3, 4]}, host)[0] == 201

    stop, reads = threading.Event(), []
    flood = [threading.Thread(target=_flood, args=(server.port, f"/api/games/{other}", stop, reads))
             for _ in range(FLOODERS)]
    for t in flood:
        t.start()
    try:
        while len(reads) < 100 * FLOODERS:  # the flood is in full swing
            stop.wait(0.05)
        tap = http.client.HTTPConnection("127.0.0.1", server.port, timeout=TAP_TIMEOUT)
        with closing(tap):  # not answered in time: TimeoutError, the test fails
            status, reply = request(server.port, "POST", path,
                                    {"action": {"type": "skip", "die": 2}, "roll": 1,
                                     "idempotency_key": "tap"}, secret, tap)
    finally:
        stop.set()
        for t in flood:
            t.join(60)
    assert status == 200, reply
    assert reply["action"]["action"] == {"type": "skip", "die": 2}


@pytest.fixture
def answering_server(tmp_path):
    """A server that answers a sheet sent by its marks at once, its check left to the pool."""
    yield from _started(tmp_path, "RATE_LIMITS = {}\nPAPER_ANSWER_SECONDS = 0\n")


def test_a_tap_is_answered_while_a_hard_sheet_is_being_checked(answering_server):
    server = answering_server
    code, host = create_game(server)
    server.call("POST", f"/api/games/{code}/offer", {"choices": [1, 2]}, host)
    pid, secret = join(server, code, "Ann")
    path = f"/api/games/{code}/players/{pid}/actions"
    assert server.call("POST", path, {"action": {"type": "choose", "superpower": 1},
                                      "roll": 0, "idempotency_key": "c"}, secret)[0] == 200
    assert server.call("POST", f"/api/games/{code}/rolls", {"dice": [1, 2, 3, 4]}, host)[0] == 201
    other, pen, pen_secret, marks = hard_paper_sheet(server)
    sheet = f"/api/games/{other}/players/{pen}/paper"

    status, reply = server.call("PUT", sheet, {"marks": marks}, pen_secret)
    assert (status, reply["checking"]) == (202, {"status": "checking"}), reply
    status, reply = server.call("POST", path, {"action": {"type": "skip", "die": 2}, "roll": 1,
                                               "idempotency_key": "tap"}, secret)
    assert status == 200, reply
    assert server.call("GET", sheet, None, pen_secret)[1]["checking"] == {"status": "checking"}
