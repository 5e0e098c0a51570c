"""Fair admission (issue 26.1, 26.5): a hero's request goes ahead of a flood's waiting ones,
and addresses take turns, on the gate itself and through the server's own handler."""

from __future__ import annotations

from typing import Any

import gevent
import pytest
from gevent import socket as gsocket
from gevent.event import Event

from dicehero.web.admission import HERO, PUBLIC, Admission, lane
from dicehero.web.direct import Handler, Server


def _queue(gate: Admission, order: list[str], name: str, address: str, lane_: int,
           release: Event | None = None) -> gevent.Greenlet:
    def run() -> None:
        with gate.turn(address, lane_):
            order.append(name)
            if release is not None:
                release.wait()
    g = gevent.spawn(run)
    gevent.sleep(0)  # it reaches the gate (runs, or waits) before the next one is queued
    return g


def test_a_heros_request_goes_ahead_of_public_requests_that_waited_longer():
    gate, order, release = Admission(1), [], Event()
    first = _queue(gate, order, "flood0", "laptop", PUBLIC, release)
    rest = [_queue(gate, order, f"flood{i}", "laptop", PUBLIC) for i in (1, 2, 3)]
    tap = _queue(gate, order, "tap", "class", HERO)
    assert order == ["flood0"] and gate.waiting() == 4
    release.set()
    gevent.joinall([first, *rest, tap], timeout=5, raise_error=True)
    assert order == ["flood0", "tap", "flood1", "flood2", "flood3"]
    assert gate.running == 0 and gate.admitted == [1, 4]


def test_addresses_take_turns_so_a_flood_waits_behind_its_own_requests():
    gate, order, release = Admission(1), [], Event()
    first = _queue(gate, order, "flood0", "laptop", PUBLIC, release)
    rest = [_queue(gate, order, f"flood{i}", "laptop", PUBLIC) for i in (1, 2, 3)]
    read = _queue(gate, order, "sheet", "class", PUBLIC)
    release.set()
    gevent.joinall([first, *rest, read], timeout=5, raise_error=True)
    assert order == ["flood0", "flood1", "sheet", "flood2", "flood3"]


def test_a_waiter_killed_in_the_queue_gives_up_its_place_and_no_slot_is_lost():
    gate, order, release = Admission(1), [], Event()
    first = _queue(gate, order, "a", "x", PUBLIC, release)
    gone = _queue(gate, order, "gone", "y", PUBLIC)
    last = _queue(gate, order, "b", "z", PUBLIC)
    gone.kill()
    release.set()
    gevent.joinall([first, last], timeout=5, raise_error=True)
    assert order == ["a", "b"] and gate.running == 0 and gate.waiting() == 0


@pytest.mark.parametrize(("path", "authorization", "expected"), [
    ("/api/games/ABCD/players/3/actions", "Bearer s", HERO),
    ("/api/games/ABCD/players/3", "Bearer s", HERO),
    ("/api/games/ABCD", None, PUBLIC),
    ("/api/solo/par", "Bearer s", PUBLIC),
    ("/api/games/ABCD/events", "Bearer s", None),
])
def test_the_lane_of_a_request(path, authorization, expected):
    environ: dict[str, Any] = {"PATH_INFO": path}
    if authorization:
        environ["HTTP_AUTHORIZATION"] = authorization
    assert lane(environ) == expected


def test_the_server_runs_a_taps_request_before_the_floods_that_reached_it_first():
    """Through ``Server``/``Handler``: one slot, held by a flood request; three more flood
    requests wait, then a tap arrives; the tap is the next to run."""
    order: list[str] = []
    release = Event()

    def app(environ: dict[str, Any], start_response: Any) -> list[bytes]:
        order.append(environ["PATH_INFO"])
        if environ["PATH_INFO"] == "/api/games/OTHER/0":
            release.wait()
        start_response("200 OK", [("Content-Length", "0")])
        return [b""]

    app.config = {"ADMISSION_SLOTS": 1}  # type: ignore[attr-defined]
    server = Server(("127.0.0.1", 0), app, handler_class=Handler, log=None)
    server.start()
    socks: list[Any] = []
    try:
        def ask(path: str, bearer: bool = False) -> None:
            s = gsocket.create_connection(("127.0.0.1", server.server_port))
            socks.append(s)
            auth = b"Authorization: Bearer s\r\n" if bearer else b""
            s.sendall(b"GET " + path.encode() + b" HTTP/1.1\r\nHost: x\r\n" + auth + b"\r\n")
            with gevent.Timeout(5):
                while len(order) < 1 and path.endswith("/0"):
                    gevent.sleep(0.01)
            gevent.sleep(0.05)  # parsed and waiting at the gate

        for i in range(4):
            ask(f"/api/games/OTHER/{i}")
        ask("/api/games/CLASS/players/1/actions", bearer=True)
        release.set()
        with gevent.Timeout(5):
            while len(order) < 5:
                gevent.sleep(0.01)
        assert order[:2] == ["/api/games/OTHER/0", "/api/games/CLASS/players/1/actions"]
    finally:
        for s in socks:
            s.close()
        server.stop()
