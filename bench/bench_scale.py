"""Scale benchmark: how many SSE players one machine holds, a 1,000-player burst, SIGKILL.

    .venv/bin/python bench/bench_scale.py [--clients 1000 5000 10000] [--rolls 3]
        [--workers 2] [--burst 1000] [--sigkill 100] [--skip-sse] [--root DIR]

The server runs in its own process(es) (``dicehero serve``, or with
``--workers N`` gunicorn gevent workers on a fresh PostgreSQL database and
Redis); the clients run here, as gevent greenlets on raw sockets, on loopback.

* SSE: for each N, N clients connect to one game; the host rolls ``--rolls``
  times; latency is from just before the roll request to the moment a client
  has the roll event. Prints p50/p99/max over every client and roll (and each
  roll's p50/p99), and the server's RSS per client (1 s after the last client
  got its headers). Target (issue 13): p99 at most 100 ms at 10,000, at most
  10 KiB per client.

  Method: before each roll the clients read what they left unread (the
  stream's first ``retry`` chunk), so the roll's receipts are not queued behind
  10,000 stale reads in this process. Then the benchmark waits until the server
  is idle (under 5 % of a core for 0.5 s) before the first roll: it measures the
  fan-out, not the tail of the connection backlog. ``--no-idle`` rolls 1 s
  after the last client got its headers, as before (compare both).
* Burst: ``--burst`` players each send a round's 4 actions at the same moment,
  each on its own connection: actions per second, p50/p99 latency, refusals.
* SIGKILL: ``--sigkill`` players act back to back; the server is killed with
  SIGKILL and restarted; counts of 2xx actions before and after, and stored.

``--root DIR`` runs the server from another checkout (an older commit): run the
benchmark once with it and once without, one after the other, for a before/after.
"""

from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import resource  # noqa: E402
import socket  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402
from contextlib import ExitStack  # noqa: E402
from pathlib import Path  # noqa: E402

import gevent  # noqa: E402
from gevent.event import Event  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from hostroll import HostReply, roll_request  # noqa: E402
from liveserver import Server  # noqa: E402
from scalekit import (  # noqa: E402
    burst,
    children,
    kill_tree,
    request,
    resend_in_flight,
    round_burst,
    setup_game,
    stored_actions,
)


def raise_nofile() -> int:
    """As many open files as the hard limit allows."""
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return hard


def rss_kb(pid: int) -> int:
    """Resident memory of a server: the process and its workers, in KiB."""
    total = 0
    for p in [pid, *children(pid)]:
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total


def pct(values, p):
    """The p-th percentile (nearest rank)."""
    s = sorted(values)
    return s[min(len(s) - 1, max(0, round(p / 100 * len(s)) - 1))]


def listen_counters() -> dict[str, int]:
    """The machine's TCP listen-queue counters (/proc/net/netstat): overflows of the accept
    queue, and SYN-queue overflows answered with cookies."""
    try:
        lines = Path("/proc/net/netstat").read_text().splitlines()
    except OSError:
        return {}
    out: dict[str, int] = {}
    for names, values in zip(lines[::2], lines[1::2], strict=False):
        if names.startswith("TcpExt:"):
            row = dict(zip(names.split()[1:], map(int, values.split()[1:]), strict=False))
            for key in ("ListenOverflows", "TCPReqQFullDoCookies"):
                out[key] = row.get(key, 0)
    return out


def cpu_s(pid: int) -> float:
    """CPU seconds (user + system) a server and its workers have used so far."""
    total = 0
    for p in [pid, *children(pid)]:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        except (OSError, IndexError):
            pass
    return total / os.sysconf("SC_CLK_TCK")


def wait_idle(pid: int, limit: float = 60.0) -> float:
    """Wait until the server used under 5 % of a core for half a second; the seconds waited."""
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < limit:
        before = cpu_s(pid)
        gevent.sleep(0.5)
        if cpu_s(pid) - before < 0.025:
            break
    return time.perf_counter() - t0


def _overflows(before: dict[str, int]) -> str:
    now = listen_counters()
    return ", ".join(f"{k} +{now[k] - before[k]}" for k in before) or "unknown"


def _drain(fds: list[int]) -> None:
    """Read what the clients left unread (the stream's first ``retry`` chunk, keep-alives):
    the epoll loop would otherwise read 10,000 stale chunks before the roll's."""
    for fd in fds:
        try:
            while os.read(fd, 65536):
                pass
        except BlockingIOError:
            pass


def sse(server: Server, n: int, rolls: int, idle: bool = True) -> dict:
    """N SSE clients of one game; the host rolls ``rolls`` times; latencies in ms."""
    port = server.port
    _status, game = request(port, "POST", "/api/games", {})
    code, host = game["code"], game["host_secret"]
    last = game["game"]["last_event_id"]
    req = (f"GET /api/games/{code}/events HTTP/1.1\r\nHost: x\r\n"
           f"Last-Event-ID: {last}\r\n\r\n").encode()
    connected = [0]
    all_in = Event()
    socks = []
    failures = [0]

    def failed():
        failures[0] += 1
        if connected[0] + failures[0] == n:
            all_in.set()  # every client has an answer: no need to wait any longer

    def client():
        try:
            s = socket.create_connection(("127.0.0.1", port), timeout=300)
        except OSError:
            failed()
            return
        socks.append(s)
        buf = b""
        try:
            s.sendall(req)
            while b"\r\n\r\n" not in buf:
                chunk = s.recv(4096)
                if not chunk:
                    failed()
                    return
                buf += chunk
        except OSError:  # reset by the server
            failed()
            return
        connected[0] += 1
        if connected[0] + failures[0] == n:
            all_in.set()

    before = rss_kb(server.pid)
    counters = listen_counters()
    greenlets = []
    t_connect = time.perf_counter()
    for i in range(n):
        greenlets.append(gevent.spawn(client))
        if i % 250 == 249:
            gevent.sleep(0.02)  # do not overflow the listen backlog
    if not all_in.wait(300) or connected[0] < n:
        log = (server.instance / "server.log").read_text(errors="replace").splitlines()
        print("\n".join(log[-30:]), file=sys.stderr)  # why: the server's last words
        raise SystemExit(f"only {connected[0]} of {n} clients connected "
                         f"({failures[0]} failed; listen queue: {_overflows(counters)})")
    connect_s = time.perf_counter() - t_connect
    overflows = _overflows(counters)
    gevent.sleep(1.0)
    after = rss_kb(server.pid)
    idle_s = wait_idle(server.pid) if idle else 0.0
    lat: list[float] = []
    reply_ms = []
    per_roll = []
    missing = 0
    for _r in range(rolls):
        # The receipts are read by one plain epoll loop, not N greenlets: the
        # client's own cost per socket must stay well below the server's.
        fds = [s.fileno() for s in socks]
        _drain(fds)
        t0, t_reply, stamps = _roll_and_wait(port, code, host, fds)
        reply_ms.append((t_reply - t0) * 1000)
        missing += n - len(stamps)
        these = [(t - t0) * 1000 for t in stamps]
        lat += these
        per_roll.append((pct(these, 50), pct(these, 99)) if these else (0.0, 0.0))
        gevent.sleep(0.5)
    for s in socks:
        s.close()
    gevent.killall(greenlets, timeout=10)
    return {"clients": n, "received": len(lat), "missing": missing, "connect_s": connect_s,
            "roll_reply_ms": pct(reply_ms, 50), "p50_ms": pct(lat, 50), "p99_ms": pct(lat, 99),
            "max_ms": max(lat), "kb_per_client": (after - before) / n, "per_roll": per_roll,
            "idle_s": idle_s, "overflows": overflows}


def _roll_and_wait(port: int, code: str, host: str, fds: list[int]):
    """Roll over a blocking socket and read the receipts with epoll, outside gevent."""
    epoll = monkey.get_original("select", "epoll")
    raw_socket = monkey.get_original("socket", "socket")
    perf = time.perf_counter
    ep = epoll(sizehint=len(fds))
    for fd in fds:
        ep.register(fd, 1)  # EPOLLIN
    req = roll_request(code, host, b"{}")
    hs = raw_socket()
    hs.connect(("127.0.0.1", port))
    ep.register(hs.fileno(), 1)
    waiting = set(fds)
    stamps = []
    reply = HostReply(hs, ep)
    t0 = perf()
    hs.sendall(req)
    deadline = t0 + 30
    while (waiting or reply.at is None) and perf() < deadline:
        for fd, _ev in ep.poll(1.0):
            if reply.read(fd):
                continue
            try:
                data = os.read(fd, 65536)
            except BlockingIOError:
                continue
            if b'"type":"roll"' in data and fd in waiting:
                stamps.append(perf())
                waiting.discard(fd)
            if not data:
                ep.unregister(fd)
                waiting.discard(fd)
    ep.close()
    hs.close()
    reply.created()
    return t0, reply.at or perf(), stamps


def sigkill(server: Server, players: int) -> dict:
    """Act back to back, SIGKILL, restart, act again: 2xx counts and what is stored."""
    port = server.port
    code, _host, ps = setup_game([port], players)
    stop = threading.Event()
    t = threading.Thread(target=burst, args=([port], code, ps, 60, stop))
    t.start()
    time.sleep(2.0)
    kill_tree(server)
    stop.set()
    t.join()
    before = sum(len(p.accepted) for p in ps)
    cut = sum(1 for p in ps if p.in_flight is not None)
    t_restart = time.perf_counter()
    server.start()
    restart_s = time.perf_counter() - t_restart
    stored_before = sum(stored_actions(port, code).values())
    resent = resend_in_flight(port, code, ps)
    burst([port], code, ps, 2.0, tag="b")
    total = sum(len(p.accepted) for p in ps)
    stored = sum(stored_actions(port, code).values())
    return {"before": before, "in_flight_at_kill": cut, "stored_after_restart": stored_before,
            "resent": resent, "after": total - before - resent, "accepted_total": total,
            "stored_total": stored, "lost": total - stored, "restart_s": restart_s}


def main() -> int:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clients", type=int, nargs="*", default=[1000, 5000, 10000])
    parser.add_argument("--rolls", type=int, default=3)
    parser.add_argument("--workers", type=int, default=0,
                        help="gunicorn workers on PostgreSQL + Redis (0: one process, SQLite)")
    parser.add_argument("--burst", type=int, default=1000)
    parser.add_argument("--sigkill", type=int, default=100)
    parser.add_argument("--root", help="run the server from this checkout")
    parser.add_argument("--no-idle", action="store_true",
                        help="roll 1 s after the last client connected, busy server or not "
                             "(the method before the idle wait)")
    args = parser.parse_args()
    print(f"open files allowed: {raise_nofile()}; cores: {os.cpu_count()}")
    with ExitStack() as stack:
        tmp = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        root = Path(args.root).resolve() if args.root else None
        env: dict[str, str] = {"PYTHONPATH": str(root)} if root else {}
        extra: tuple[str, ...] = ()
        if args.workers:
            from pgkit import REDIS_URL, fresh_database

            env.update(DATABASE_URL=stack.enter_context(fresh_database()),
                       REDIS_URL=REDIS_URL)
            extra = ("--workers", str(args.workers))
            print(f"{args.workers} gunicorn gevent workers, PostgreSQL + Redis")
        else:
            print("one process (dicehero serve), SQLite")
        (tmp / "instance").mkdir()
        # Capacity, not the flood limits: 1,000 joins from one address are a flood.
        (tmp / "instance" / "config.py").write_text(
            "RATE_LIMITS = {}\nSSE_STREAMS_PER_ADDRESS = 10**6\n"
            "CONNECTIONS_PER_ADDRESS = 0\n")  # every client is 127.0.0.1
        server = Server(tmp / "instance", env=env, args=extra,
                        **({"root": root} if root else {})).start(timeout=30)
        print(f"server from {root or 'this checkout'}")
        stack.callback(kill_tree, server)
        time.sleep(1.0)
        print(f"server pid {server.pid}, RSS {rss_kb(server.pid) / 1024:.1f} MiB at start")
        if args.clients:
            print(f"{'clients':>8} {'got':>7} {'miss':>5} {'p50 ms':>8} {'p99 ms':>8} "
                  f"{'max ms':>8} {'KiB/cl':>7} {'connect s':>9} {'roll reply ms':>13}")
        for n in args.clients:
            r = sse(server, n, args.rolls, idle=not args.no_idle)
            print(f"{r['clients']:>8} {r['received']:>7} {r['missing']:>5} {r['p50_ms']:>8.1f} "
                  f"{r['p99_ms']:>8.1f} {r['max_ms']:>8.1f} {r['kb_per_client']:>7.1f} "
                  f"{r['connect_s']:>9.1f} {r['roll_reply_ms']:>13.1f}   idle wait "
                  f"{r['idle_s']:.1f} s; each roll p50/p99 ms: "
                  + ", ".join(f"{a:.0f}/{b:.0f}" for a, b in r["per_roll"])
                  + f"; listen queue: {r['overflows']}", flush=True)
            gevent.sleep(2)
        if args.burst:
            code, _host, players = setup_game([server.port], args.burst)
            b = round_burst(server.port, server.pid, code, players)
            why = ": " + json.dumps(b["first_failure"])[:200] if b["failed"] else ""
            print(f"burst: {b['players']} players x 4 actions = {b['actions']} "
                  f"({b['failed']} refused{why}): "
                  f"all accepted in {b['all_accepted_s']:.2f} s, {b['actions_per_s']:.0f} "
                  f"actions/s, p50 {b['p50_ms']:.0f} ms, p99 {b['p99_ms']:.0f} ms, "
                  f"server CPU {b['server_cpu_ms_per_action']:.2f} ms per action", flush=True)
        if args.sigkill:
            k = sigkill(server, args.sigkill)
            print(f"sigkill: {args.sigkill} players; 2xx before the kill {k['before']} "
                  f"({k['in_flight_at_kill']} requests cut off), stored after restart "
                  f"{k['stored_after_restart']}; resent {k['resent']}; 2xx after restart "
                  f"{k['after']}; accepted {k['accepted_total']}, stored {k['stored_total']}, "
                  f"lost {k['lost']}; restart {k['restart_s']:.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
