"""A burst of actions against real servers, for the fault tests and the scale benchmark.

Every player alternates ``skip`` die 0 and ``undo`` (always legal, each one a
stored action) with fresh idempotency keys, and remembers which replies were
2xx. The stored log is then counted through ``export.json``.
"""

from __future__ import annotations

import http.client
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from liveserver import request

ACTIONS = ({"type": "skip", "die": 0}, {"type": "undo"})


@dataclass
class Player:
    """One player of the burst: what was accepted, and the request in flight when cut off."""

    pid: int
    secret: str
    accepted: list[str] = field(default_factory=list)
    in_flight: tuple[str, dict[str, Any]] | None = None
    latencies: list[float] = field(default_factory=list)


def setup_game(ports: list[int], players: int) -> tuple[str, str, list[Player]]:
    """A game in its first round with ``players`` players who chose a superpower."""
    port = ports[0]
    status, game = request(port, "POST", "/api/games", {})
    assert status == 201, game
    code, host = game["code"], game["host_secret"]
    request(port, "POST", f"/api/games/{code}/offer", {"choices": [1, 2]}, host)
    out = []
    for i in range(players):
        status, j = request(ports[i % len(ports)], "POST", f"/api/games/{code}/players",
                            {"name": f"P{i}"})
        assert status == 201, j
        p = Player(j["player"]["id"], j["secret"])
        status, reply = request(port, "POST", f"/api/games/{code}/players/{p.pid}/actions",
                                {"action": {"type": "choose", "superpower": 1}, "roll": 0,
                                 "idempotency_key": "choose"}, p.secret)
        assert status == 200, reply
        out.append(p)
    status, reply = request(port, "POST", f"/api/games/{code}/rolls", {"dice": [1, 2, 3, 4]},
                            host)
    assert status == 201, reply
    return code, host, out


def burst(ports: list[int], code: str, players: list[Player], seconds: float,
          stop: threading.Event | None = None, tag: str = "a") -> None:
    """Every player sends actions back to back for ``seconds`` (or until ``stop``)."""
    stop = stop or threading.Event()
    deadline = time.monotonic() + seconds

    def run(n: int, p: Player) -> None:
        port = ports[n % len(ports)]
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        i = len(p.accepted)
        try:
            while time.monotonic() < deadline and not stop.is_set():
                key = f"{tag}{i}"
                body = {"action": ACTIONS[i % 2], "roll": 1, "idempotency_key": key}
                p.in_flight = (key, body)
                t = time.perf_counter()
                status, _reply = request(port, "POST",
                                         f"/api/games/{code}/players/{p.pid}/actions",
                                         body, p.secret, conn)
                p.latencies.append(time.perf_counter() - t)
                if 200 <= status < 300:
                    p.accepted.append(key)
                    p.in_flight = None
                    i += 1
        except (OSError, http.client.HTTPException):
            return  # the server went away: ``in_flight`` may or may not be stored
        finally:
            conn.close()

    threads = [threading.Thread(target=run, args=(n, p)) for n, p in enumerate(players)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def stored_actions(port: int, code: str) -> dict[int, int]:
    """How many actions each player has in the stored log (the superpower choice excluded)."""
    status, export = request(port, "GET", f"/api/games/{code}/export.json")
    assert status == 200, export
    return {p["id"]: sum(1 for a in p["actions"] if a["action"]["type"] != "choose")
            for p in export["players"]}


def resend_in_flight(port: int, code: str, players: list[Player]) -> int:
    """Send again each request cut off by the kill (same key: stored once); how many."""
    n = 0
    for p in players:
        if p.in_flight is not None:
            key, body = p.in_flight
            status, reply = request(port, "POST", f"/api/games/{code}/players/{p.pid}/actions",
                                    body, p.secret)
            assert status == 200, reply
            p.accepted.append(key)
            p.in_flight = None
            n += 1
    return n


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (gunicorn's workers)."""
    from pathlib import Path

    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.append(int(stat.parent.name))
    return out


def kill_tree(server: Any) -> None:
    """SIGKILL a server and, for gunicorn, every worker at the same moment."""
    import os
    import signal

    for child in children(server.pid):
        os.kill(child, signal.SIGKILL)
    server.kill()
