"""What a connection refused for its address's cap costs the server (issue 26.5).

    .venv/bin/python bench/bench_refused.py [--cap 50] [--connections 5000] [--before DIR]
        [--workers N]

A real ``dicehero serve`` (one process, or ``--workers N`` gunicorn workers on a fresh
PostgreSQL database with Redis) with ``CONNECTIONS_PER_ADDRESS = --cap``; one address
(127.0.0.2) holds its cap of connections open (on every worker: each counts its own), then
opens ``--connections`` more, 200 at a time, each refused (429) and closed by the server.
Prints the server's CPU per refused connection (user and system, from /proc, the workers
included), median of three rounds; ``--before DIR`` measures a server from another checkout
first, in the same run.
"""

from __future__ import annotations

import argparse
import os
import select
import socket
import statistics
import sys
import tempfile
from contextlib import ExitStack
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from bench_mixed import tree_cpu
from liveserver import Server
from pgkit import REDIS_URL, fresh_database

LAPTOP = "127.0.0.2"


def _open(port: int, n: int) -> list[socket.socket]:
    socks = []
    for _ in range(n):
        s = socket.socket()
        s.bind((LAPTOP, 0))
        s.connect(("127.0.0.1", port))
        socks.append(s)
    return socks


def _answered(socks: list[socket.socket], timeout: float) -> set[socket.socket]:
    """The sockets with something to read (or closed) within ``timeout`` seconds of the
    first; the others have had it all."""
    poll = select.poll()
    by_fd = {s.fileno(): s for s in socks}
    for fd in by_fd:
        poll.register(fd, select.POLLIN)
    out: set[socket.socket] = set()
    for fd, _ in poll.poll(timeout * 1000):
        out.add(by_fd[fd])
    if out and len(out) < len(socks):  # the rest may be a moment behind
        return out | _answered([s for s in socks if s not in out], 1.0)
    return out


def _hold(port: int, want: int) -> list[socket.socket]:
    """``want`` connections the server holds open (whichever worker took each): those not
    answered within a second are held; the refused ones are closed and opened again.
    Nothing is sent before the answer is known (a refused connection closed with unread
    bytes is reset)."""
    held: list[socket.socket] = []
    while len(held) < want:
        batch = _open(port, want - len(held))
        answered = _answered(batch, 1.0)
        for s in batch:
            if s in answered:
                s.close()
            else:
                s.sendall(b"GET / HTTP/1.1\r\n")  # a request started, never finished
                held.append(s)
    return held


def refused_cost(server: Server, cap: int, connections: int, workers: int) -> list[float]:
    """Server CPU microseconds per refused connection, for three rounds."""
    held = _hold(server.port, cap * max(1, workers))
    out = []
    for _ in range(3):
        cpu = tree_cpu(server.pid)
        refused = 0
        for _ in range(connections // 200):
            batch = _open(server.port, 200)
            answered = _answered(batch, 30)
            for s in batch:
                if s in answered:
                    assert s.recv(4096).startswith(b"HTTP/1.1 429"), "not refused"
                    refused += 1
                    s.close()
                else:  # a worker had room after all (a late refusal taken for a hold)
                    held.append(s)
        out.append((tree_cpu(server.pid) - cpu) / refused * 1e6)
        if refused < connections // 200 * 200:
            print(f"  ({connections // 200 * 200 - refused} held, not refused)")
    for s in held:
        s.close()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cap", type=int, default=50)
    ap.add_argument("--connections", type=int, default=5000)
    ap.add_argument("--before", type=Path, metavar="DIR")
    ap.add_argument("--workers", type=int, default=0,
                    help="gunicorn workers, on PostgreSQL + Redis (default: one process)")
    args = ap.parse_args()
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as tmp:
        for label, root in (("before", args.before), ("after", None)):
            if label == "before" and root is None:
                continue
            instance = Path(tmp) / label
            instance.mkdir()
            # The held connections must outlive the rounds: no header deadline meanwhile.
            (instance / "config.py").write_text(f"CONNECTIONS_PER_ADDRESS = {args.cap}\n"
                                                "HEADER_SECONDS = 600\n")
            with ExitStack() as stack:
                env, extra = {}, ()
                if args.workers:
                    env = {"DATABASE_URL": stack.enter_context(fresh_database()),
                           "REDIS_URL": REDIS_URL}
                    extra = ("--workers", str(args.workers))
                server = Server(instance, env=env, args=extra,
                                **({"root": root.resolve()} if root else {}))
                server.start(timeout=120)
                stack.callback(server.stop)
                runs = refused_cost(server, args.cap, args.connections, args.workers)
            print(f"{label:6s} server CPU per refused connection: median "
                  f"{statistics.median(runs):6.1f} us (rounds: "
                  f"{', '.join(f'{r:.1f}' for r in runs)})")


if __name__ == "__main__":
    main()
