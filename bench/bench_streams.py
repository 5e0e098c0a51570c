"""Catch-up streams against a real ``dicehero serve``: do they stall everyone else?

    .venv/bin/python bench/bench_streams.py [--streams 100] [--events 3000] [--root DIR]

A game's log holds ``--events`` events. While ``--streams`` clients connect at once
with ``Last-Event-ID: 0`` (a page that lost its place, or a script), the benchmark
asks ``GET /scores`` every 10 ms and prints its latency (p50, p99, max) next to the
same request on a quiet server, and the server CPU the streams cost. Target (issue
12): the streams delay ``/scores`` by at most 100 ms. ``--root`` runs the server from
another checkout (an older commit, for a before/after in the same run).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from liveserver import Server, long_game, request


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def stream(port: int, code: str, seconds: float, got: list[int]) -> None:
    """One client: connect from event 0 and read for ``seconds``; count the bytes."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=seconds + 5)
    sock.sendall(f"GET /api/games/{code}/events HTTP/1.1\r\nHost: x\r\n"
                 "Last-Event-ID: 0\r\n\r\n".encode())
    end, n = time.monotonic() + seconds, 0
    sock.settimeout(0.2)
    while time.monotonic() < end:
        try:
            chunk = sock.recv(65536)
        except TimeoutError:
            continue
        if not chunk:
            break
        n += len(chunk)
    got.append(n)
    sock.close()


def streams(port: int, code: str, count: int, seconds: float, out: Any) -> None:
    """``count`` clients at once, in their own process (so they never slow the timing)."""
    got: list[int] = []
    threads = [threading.Thread(target=stream, args=(port, code, seconds, got))
               for _ in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    out.put(got)


def scores_latency(port: int, code: str, seconds: float) -> list[float]:
    """``GET /scores`` every 10 ms for ``seconds``: each request's time in ms."""
    out, end = [], time.monotonic() + seconds
    while time.monotonic() < end:
        t = time.perf_counter()
        status, _ = request(port, "GET", f"/api/games/{code}/scores")
        assert status == 200
        out.append((time.perf_counter() - t) * 1000)
        time.sleep(0.01)
    return out


def summary(ms: list[float]) -> str:
    if len(ms) < 2:
        return f"only {len(ms)} answered, in {max(ms):.0f} ms"
    q = statistics.quantiles(ms, n=100)
    return f"p50 {statistics.median(ms):6.1f} ms  p99 {q[98]:7.1f} ms  max {max(ms):7.1f} ms"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--streams", type=int, default=100)
    ap.add_argument("--events", type=int, default=3000)
    ap.add_argument("--seconds", type=float, default=4.0)
    ap.add_argument("--root", help="run the server from this checkout")
    args = ap.parse_args()
    root = Path(args.root).resolve() if args.root else None
    env = {"PYTHONPATH": str(root)} if root else None
    with tempfile.TemporaryDirectory() as tmp:
        instance = Path(tmp) / "instance"
        instance.mkdir()
        (instance / "config.py").write_text("RATE_LIMITS = {}\nCONNECTIONS_PER_ADDRESS = 0\n")
        srv = (Server(instance, env=env, root=root) if root else Server(instance)).start()
        try:
            code = long_game(srv, args.events)
            quiet = scores_latency(srv.port, code, 1.5)
            cpu = cpu_seconds(srv.pid)
            out: Any = multiprocessing.Queue()
            clients = multiprocessing.Process(
                target=streams, args=(srv.port, code, args.streams, args.seconds, out))
            clients.start()
            busy = scores_latency(srv.port, code, args.seconds)
            got = out.get()
            clients.join()
            cpu = cpu_seconds(srv.pid) - cpu
        finally:
            srv.stop()
    print(f"server from {args.root or 'this checkout'}; {args.events} events, "
          f"{args.streams} streams from Last-Event-ID 0")
    print(f"  GET /scores, quiet:        {summary(quiet)}")
    print(f"  GET /scores, with streams: {summary(busy)}")
    print(f"  worst delay: {max(busy) - statistics.median(quiet):.1f} ms "
          "(target: at most 100 ms)")
    print(f"  server CPU during the streams: {cpu:.2f} s; bytes per stream: "
          f"median {statistics.median(got):,.0f}")


if __name__ == "__main__":
    main()
