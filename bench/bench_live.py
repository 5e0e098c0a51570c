"""Live benchmark: N SSE clients against a real ``dicehero serve``, and a burst of actions.

    .venv/bin/python bench/bench_live.py [--clients 100 1000 5000] [--players 100]

For each N: N raw-socket EventSource clients (gevent greenlets, cheap) connect
to one game on loopback; the host rolls; we time from just before the roll
request is sent to the moment each client has the roll event (p50, p99, max),
and the server's memory per client (RSS growth / N). Then 100 players each
send a round's 4 actions at the same moment: the time until all are accepted.
Budgets (docs/DESIGN): p99 within 100 ms at 1,000 clients; 400 actions in 1 s.
"""

from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402
import http.client  # noqa: E402
import json  # noqa: E402
import resource  # noqa: E402
import socket  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

import gevent  # noqa: E402
from gevent.event import Event  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from liveserver import Server  # noqa: E402
from scalekit import round_burst, setup_game  # noqa: E402


def raise_nofile() -> int:
    """As many open files as the hard limit allows."""
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return hard


def rss_kb(pid: int) -> int:
    """Resident memory of a process in KiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def call(port, method, path, body=None, secret=None, conn=None):
    """One JSON request; returns (status, reply)."""
    own = conn is None
    conn = conn or http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    headers = {"Content-Type": "application/json"}
    if secret:
        headers["Authorization"] = f"Bearer {secret}"
    conn.request(method, path, body=json.dumps(body or {}) if method != "GET" else None,
                 headers=headers)
    r = conn.getresponse()
    data = r.read()
    if own:
        conn.close()
    return r.status, json.loads(data) if data else None


def pct(values, p):
    """The p-th percentile (nearest rank)."""
    s = sorted(values)
    return s[min(len(s) - 1, max(0, round(p / 100 * len(s)) - 1))]


def sse_clients(port: int, n: int) -> dict:
    """N clients waiting for a roll; returns the roll-to-receipt latencies in ms."""
    status, game = call(port, "POST", "/api/games", {})
    code, host = game["code"], game["host_secret"]
    last = game["game"]["last_event_id"]
    connected = []
    received: dict[int, float] = {}
    all_in = Event()
    all_got = Event()
    request = (f"GET /api/games/{code}/events HTTP/1.1\r\nHost: x\r\n"
               f"Last-Event-ID: {last}\r\n\r\n").encode()

    def client(i):
        s = socket.create_connection(("127.0.0.1", port), timeout=120)
        try:
            s.sendall(request)
            buf = b""
            while b"\r\n\r\n" not in buf:
                buf += s.recv(4096)
            connected.append(i)
            if len(connected) == n:
                all_in.set()
            while b'"type":"roll"' not in buf:
                chunk = s.recv(65536)
                if not chunk:
                    return
                buf += chunk
            received[i] = time.perf_counter()
            if len(received) == n:
                all_got.set()
            gevent.sleep(60)  # stay connected until the round is measured
        finally:
            s.close()

    before = rss_kb(server.pid)
    greenlets = []
    for i in range(n):
        greenlets.append(gevent.spawn(client, i))
        if i % 200 == 199:
            gevent.sleep(0.05)  # do not overflow the listen backlog
    if not all_in.wait(120):
        raise SystemExit(f"only {len(connected)} of {n} clients connected")
    gevent.sleep(1.0)
    after = rss_kb(server.pid)
    t0 = time.perf_counter()
    status, roll = call(port, "POST", f"/api/games/{code}/rolls", {}, host)
    t_reply = time.perf_counter()
    assert status == 201, roll
    all_got.wait(60)
    gevent.killall(greenlets, timeout=10)
    lat = [(t - t0) * 1000 for t in received.values()]
    return {"clients": n, "received": len(lat), "roll_reply_ms": (t_reply - t0) * 1000,
            "p50_ms": pct(lat, 50), "p99_ms": pct(lat, 99), "max_ms": max(lat),
            "kb_per_client": (after - before) / n}


def main() -> int:
    """Run the benchmark and print the figures."""
    global server
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clients", type=int, nargs="+", default=[100, 1000, 3000])
    parser.add_argument("--players", type=int, default=100)
    args = parser.parse_args()
    print(f"open files allowed: {raise_nofile()}")
    with tempfile.TemporaryDirectory() as tmp:
        instance = Path(tmp) / "instance"
        instance.mkdir()
        # Capacity, not the flood limits: a thousand joins from one address are a flood.
        (instance / "config.py").write_text(
            "RATE_LIMITS = {}\nSSE_STREAMS_PER_ADDRESS = 10**6\n"
            "CONNECTIONS_PER_ADDRESS = 0\n")  # every client is 127.0.0.1
        server = Server(instance).start()
        try:
            print(f"server pid {server.pid}, port {server.port}, "
                  f"RSS {rss_kb(server.pid) / 1024:.1f} MiB at start")
            print(f"{'clients':>8} {'got':>6} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} "
                  f"{'KiB/client':>10} {'roll reply ms':>13}")
            for n in args.clients:
                r = sse_clients(server.port, n)
                print(f"{r['clients']:>8} {r['received']:>6} {r['p50_ms']:>8.1f} "
                      f"{r['p99_ms']:>8.1f} {r['max_ms']:>8.1f} {r['kb_per_client']:>10.1f} "
                      f"{r['roll_reply_ms']:>13.1f}", flush=True)
                gevent.sleep(1)
            code, _host, players = setup_game([server.port], args.players)
            b = round_burst(server.port, server.pid, code, players)
            print(f"burst: {b['players']} players x 4 actions = {b['actions']} "
                  f"({b['failed']} refused): all accepted in {b['all_accepted_s'] * 1000:.0f} ms,"
                  f" p50 {b['p50_ms']:.1f} ms, p99 {b['p99_ms']:.1f} ms, "
                  f"{b['actions_per_s']:.0f} actions/s, "
                  f"server CPU {b['server_cpu_ms_per_action']:.2f} ms per action")
        finally:
            server.stop()
    return 0


server: Server

if __name__ == "__main__":
    sys.exit(main())
