"""Write benchmark: N players each send a round's 4 actions at the same moment.

    .venv/bin/python bench/bench_writes.py [--players 1000] [--runs 3] [--before DIR]
                                           [--workers 2]

Against a real ``dicehero serve`` (one process on SQLite; with ``--workers 2``,
gunicorn on a fresh PostgreSQL database and Redis). Every player holds a
keep-alive connection; on "go" each sends move, minion, skip, skip, the next as
soon as the last is answered. Prints actions/s (accepted actions over the time
until the last reply), p50/p99 of each request's latency, and the server's CPU
per action (user + system of the server and its workers, from /proc). After the
burst the stored log is counted through ``export.json``: every 2xx must be
stored (the benchmark fails otherwise).

``--before DIR`` runs a server from another checkout (an older commit) too, the
two alternating run by run, so both see the same machine; medians are printed
at the end. The clients are gevent greenlets on raw sockets with the requests
encoded once, so the client process takes as little of the machine as it can.
"""

from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import socket  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from contextlib import ExitStack  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import gevent  # noqa: E402
from gevent.event import Event  # noqa: E402
from gevent.pool import Pool  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from liveserver import Server, request  # noqa: E402
from scalekit import ROUND, children  # noqa: E402


def cpu_seconds(pid: int) -> float:
    """User + system CPU of a process and its children that are still alive (workers)."""
    total = 0.0
    for p in [pid, *children(pid)]:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def pct(values: list[float], p: float) -> float:
    """The p-th percentile (nearest rank)."""
    s = sorted(values)
    return s[min(len(s) - 1, max(0, round(p / 100 * len(s)) - 1))]


def setup(port: int, players: int) -> tuple[str, list[tuple[int, str]]]:
    """A game in round 1 (dice 1 2 3 4) with ``players`` heroes who chose a superpower."""
    status, game = request(port, "POST", "/api/games", {})
    assert status == 201, game
    code, host = game["code"], game["host_secret"]
    request(port, "POST", f"/api/games/{code}/offer", {"choices": [1, 2]}, host)

    def one(i: int) -> tuple[int, str]:
        status, j = request(port, "POST", f"/api/games/{code}/players", {"name": f"P{i}"})
        assert status == 201, j
        pid, secret = j["player"]["id"], j["secret"]
        status, reply = request(port, "POST", f"/api/games/{code}/players/{pid}/actions",
                                {"action": {"type": "choose", "superpower": 1}, "roll": 0,
                                 "idempotency_key": "choose"}, secret)
        assert status == 200, reply
        return pid, secret

    out = sorted(Pool(20).map(one, range(players)))
    status, reply = request(port, "POST", f"/api/games/{code}/rolls", {"dice": [1, 2, 3, 4]},
                            host)
    assert status == 201, reply
    return code, out


def _requests(code: str, pid: int, secret: str) -> list[bytes]:
    out = []
    for d, action in enumerate(ROUND):
        body = json.dumps({"action": action, "roll": 1, "idempotency_key": f"r{d}"}).encode()
        out.append(f"POST /api/games/{code}/players/{pid}/actions HTTP/1.1\r\nHost: x\r\n"
                   f"Content-Type: application/json\r\nAuthorization: Bearer {secret}\r\n"
                   f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
    return out


def _reply(sock: socket.socket, buf: bytes) -> tuple[int, bytes, bytes]:
    """Read one HTTP reply with a Content-Length: (status, body, what follows)."""
    while b"\r\n\r\n" not in buf:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError("closed")
        buf += chunk
    head, rest = buf.split(b"\r\n\r\n", 1)
    status = int(head.split(b" ", 2)[1])
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value)
    while len(rest) < length:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError("closed")
        rest += chunk
    return status, rest[:length], rest[length:]


def burst(port: int, server_pid: int, code: str, players: list[tuple[int, str]]
          ) -> dict[str, Any]:
    """Every player sends the round's 4 actions at once; the figures of one burst."""
    go = Event()
    latencies: list[float] = []
    refused: list[tuple[int, bytes]] = []
    accepted: dict[int, int] = {}
    ready: list[int] = []

    def player(pid: int, secret: str) -> None:
        reqs = _requests(code, pid, secret)
        sock = socket.create_connection(("127.0.0.1", port), timeout=120)
        ready.append(pid)
        buf = b""
        try:
            go.wait()
            for req in reqs:
                t = time.perf_counter()
                sock.sendall(req)
                status, body, buf = _reply(sock, buf)
                latencies.append((time.perf_counter() - t) * 1000)
                if 200 <= status < 300:
                    accepted[pid] = accepted.get(pid, 0) + 1
                else:
                    refused.append((status, body[:200]))
        finally:
            sock.close()

    greenlets = []
    for i, (pid, secret) in enumerate(players):
        greenlets.append(gevent.spawn(player, pid, secret))
        if i % 200 == 199:
            gevent.sleep(0.05)  # do not overflow the listen backlog
    while len(ready) < len(players):
        gevent.sleep(0.05)
    gevent.sleep(1.0)  # the server has read every connection's nothing yet; it is idle
    cpu0 = cpu_seconds(server_pid)
    t0 = time.perf_counter()
    go.set()
    gevent.joinall(greenlets, raise_error=True)
    elapsed = time.perf_counter() - t0
    cpu = cpu_seconds(server_pid) - cpu0
    n = sum(accepted.values())
    return {"accepted": n, "refused": len(refused), "first_refusal": refused[:1],
            "seconds": elapsed, "actions_per_s": n / elapsed,
            "p50_ms": pct(latencies, 50), "p99_ms": pct(latencies, 99),
            "cpu_ms_per_action": cpu * 1000 / max(1, n), "per_player": accepted}


def check_stored(port: int, code: str, accepted: dict[int, int]) -> None:
    """Every 2xx of the burst is in the stored log (the superpower choice aside)."""
    status, export = request(port, "GET", f"/api/games/{code}/export.json")
    assert status == 200, export
    stored = {p["id"]: sum(1 for a in p["actions"] if a["action"]["type"] != "choose")
              for p in export["players"]}
    lost = {pid: (n, stored.get(pid, 0)) for pid, n in accepted.items() if stored.get(pid) != n}
    if lost:
        raise SystemExit(f"accepted but not stored (player: accepted, stored): {lost}")


def one_run(label: str, root: Path | None, players: int, workers: int, tmp: Path) -> dict:
    """A fresh server (and database), a game, one burst, the stored log checked."""
    instance = tmp / f"{label}-{time.monotonic_ns()}"
    instance.mkdir()
    # Capacity, not the flood limits: a thousand joins from one address are a flood.
    (instance / "config.py").write_text("RATE_LIMITS = {}\nCONNECTIONS_PER_ADDRESS = 0\n")
    env: dict[str, str] = {"PYTHONPATH": str(root)} if root else {}
    args: tuple[str, ...] = ()
    with ExitStack() as stack:
        if workers:
            from pgkit import REDIS_URL, fresh_database

            env.update(DATABASE_URL=stack.enter_context(fresh_database()), REDIS_URL=REDIS_URL)
            args = ("--workers", str(workers))
        srv = Server(instance, env=env, args=args, **({"root": root} if root else {}))
        srv.start(timeout=60)
        try:
            code, heroes = setup(srv.port, players)
            result = burst(srv.port, srv.pid, code, heroes)
            check_stored(srv.port, code, result["per_player"])
            return result
        finally:
            srv.stop()


def main() -> int:
    """Run the bursts, alternating the checkouts, and print each run and the medians."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--before", metavar="DIR", help="also run the server of this checkout")
    parser.add_argument("--workers", type=int, default=0,
                        help="gunicorn workers on PostgreSQL + Redis (default: one process "
                             "on SQLite)")
    args = parser.parse_args()
    here = Path(__file__).resolve().parent.parent
    sides: list[tuple[str, Path | None]] = [("this", None)]
    if args.before:
        sides.insert(0, ("before", Path(args.before).resolve()))
    where = f"--workers {args.workers}, PostgreSQL + Redis" if args.workers else "SQLite"
    print(f"{args.players} players x 4 actions, {where}; load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    print(f"{'server':>8} {'run':>3} {'accepted':>8} {'refused':>7} {'actions/s':>9} "
          f"{'p50 ms':>8} {'p99 ms':>8} {'CPU ms/action':>13}")
    results: dict[str, list[dict]] = {label: [] for label, _ in sides}
    with tempfile.TemporaryDirectory() as tmp:
        for run in range(1, args.runs + 1):
            for label, root in sides:
                r = one_run(label, root, args.players, args.workers, Path(tmp))
                results[label].append(r)
                print(f"{label:>8} {run:>3} {r['accepted']:>8} {r['refused']:>7} "
                      f"{r['actions_per_s']:>9.0f} {r['p50_ms']:>8.1f} {r['p99_ms']:>8.1f} "
                      f"{r['cpu_ms_per_action']:>13.2f}", flush=True)
                if r["refused"]:
                    print(f"         first refusal: {r['first_refusal']}", flush=True)
    print(f"medians ({args.runs} runs; load average now "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}):")
    for label, root in sides:
        rs = results[label]
        med = {k: statistics.median(r[k] for r in rs)
               for k in ("actions_per_s", "p50_ms", "p99_ms", "cpu_ms_per_action")}
        print(f"{label:>8} ({root or here}): {med['actions_per_s']:.0f} actions/s, "
              f"p50 {med['p50_ms']:.0f} ms, p99 {med['p99_ms']:.0f} ms, "
              f"{med['cpu_ms_per_action']:.2f} ms CPU per action")
    return 0


if __name__ == "__main__":
    sys.exit(main())
