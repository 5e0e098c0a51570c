"""What a connection refused for its address's cap costs the server (issue 26.5).

    .venv/bin/python bench/bench_refused.py [--cap 50] [--connections 5000] [--before DIR]

A real ``dicehero serve`` (one process) with ``CONNECTIONS_PER_ADDRESS = --cap``; one
address (127.0.0.2) holds its cap of connections open, then opens ``--connections`` more,
200 at a time, each refused (429) and closed by the server. Prints the server's CPU per
refused connection (user and system, from /proc), median of three rounds; ``--before DIR``
measures a server from another checkout first, in the same run.
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from bench_mixed import tree_cpu
from liveserver import Server

LAPTOP = "127.0.0.2"


def _open(port: int, n: int) -> list[socket.socket]:
    socks = []
    for _ in range(n):
        s = socket.socket()
        s.bind((LAPTOP, 0))
        s.connect(("127.0.0.1", port))
        socks.append(s)
    return socks


def refused_cost(server: Server, cap: int, connections: int) -> list[float]:
    """Server CPU microseconds per refused connection, for three rounds."""
    held = _open(server.port, cap)
    for s in held:  # a request started, never finished: each holds its place
        s.sendall(b"GET / HTTP/1.1\r\n")
    out = []
    for _ in range(3):
        cpu = tree_cpu(server.pid)
        for _ in range(connections // 200):
            batch = _open(server.port, 200)
            for s in batch:
                s.settimeout(30)
                assert s.recv(4096).startswith(b"HTTP/1.1 429"), "not refused"
                s.close()
        out.append((tree_cpu(server.pid) - cpu) / connections * 1e6)
    for s in held:
        s.close()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cap", type=int, default=50)
    ap.add_argument("--connections", type=int, default=5000)
    ap.add_argument("--before", type=Path, metavar="DIR")
    args = ap.parse_args()
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as tmp:
        for label, root in (("before", args.before), ("after", None)):
            if label == "before" and root is None:
                continue
            instance = Path(tmp) / label
            instance.mkdir()
            (instance / "config.py").write_text(f"CONNECTIONS_PER_ADDRESS = {args.cap}\n")
            server = Server(instance, **({"root": root.resolve()} if root else {}))
            server.start()
            try:
                runs = refused_cost(server, args.cap, args.connections)
            finally:
                server.stop()
            print(f"{label:6s} server CPU per refused connection: median "
                  f"{statistics.median(runs):6.1f} us (rounds: "
                  f"{', '.join(f'{r:.1f}' for r in runs)})")


if __name__ == "__main__":
    main()
