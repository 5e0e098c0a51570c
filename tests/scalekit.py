"""A burst of actions against real servers, for the fault tests and the scale benchmark.

Every player alternates ``skip`` die 0 and ``undo`` (always legal, each one a
stored action) with fresh idempotency keys, and remembers which replies were
2xx. The stored log is then counted through ``export.json``.
"""

from __future__ import annotations

import http.client
import os
import signal
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
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


def _proc_stats() -> Iterator[tuple[int, list[str]]]:
    """Each process's id and the fields of its /proc stat after the command name."""
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            yield int(stat.parent.name), stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (gunicorn's workers)."""
    return [p for p, fields in _proc_stats() if int(fields[1]) == pid]


def kill_tree(server: Any, timeout: float = 10) -> None:
    """SIGKILL a server and, for gunicorn, every worker at the same moment, and return
    once every one of them is gone: the whole process group in one signal (the master
    cannot spawn a worker in between), then a wait until none of them holds the port."""
    if server.proc is None or server.proc.poll() is not None:
        return
    group = server.proc.pid
    os.killpg(group, signal.SIGKILL)
    server.proc.wait()
    deadline = time.monotonic() + timeout
    while any(int(fields[2]) == group and fields[0] != "Z" for _, fields in _proc_stats()):
        if time.monotonic() > deadline:
            raise RuntimeError(f"the processes of group {group} did not die")
        time.sleep(0.01)


ROUND = ({"type": "move", "die": 0, "to": 1}, {"type": "minion", "die": 1},
         {"type": "skip", "die": 2}, {"type": "skip", "die": 3})  # legal on the dice 1 2 3 4


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p / 100))] if ordered else 0.0


def round_burst(port: int, server_pid: int, code: str, players: list[Player]) -> dict[str, Any]:
    """Every player sends the round's 4 actions at the same moment (game from ``setup_game``).

    Returns how long until all were accepted, latencies, and the server's CPU per action.
    """
    start = threading.Event()
    latencies: list[float] = []
    failures: list[tuple[int, Any]] = []

    def run(p: Player) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        conn.connect()
        start.wait()
        for d, action in enumerate(ROUND):
            t = time.perf_counter()
            status, reply = request(port, "POST", f"/api/games/{code}/players/{p.pid}/actions",
                                    {"action": action, "roll": 1, "idempotency_key": f"r{d}"},
                                    p.secret, conn)
            latencies.append((time.perf_counter() - t) * 1000)
            if status != 200:
                failures.append((status, reply))
        conn.close()

    threads = [threading.Thread(target=run, args=(p,)) for p in players]
    for t in threads:
        t.start()
    time.sleep(1.0)  # every player connected and waiting
    cpu0 = _cpu_seconds(server_pid)
    t0 = time.perf_counter()
    start.set()
    for t in threads:
        t.join()
    total = time.perf_counter() - t0
    cpu = _cpu_seconds(server_pid) - cpu0
    return {"players": len(players), "actions": len(latencies), "failed": len(failures),
            "first_failure": failures[0] if failures else None,
            "all_accepted_s": total, "p50_ms": _pct(latencies, 50),
            "p99_ms": _pct(latencies, 99), "actions_per_s": len(latencies) / total,
            "server_cpu_ms_per_action": cpu * 1000 / max(1, len(latencies))}
