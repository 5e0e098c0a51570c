"""A big class's roll and round, as its phones see them (issue 26.6, 26.9, 26.10).

    .venv/bin/python bench/bench_fanout.py [--phones 100 1000 5000] [--rolls 3]
        [--done 500 5000] [--push | --pushed-only | --events-only] [--played R]
        [--before DIR]
        [--workers 2] [--close 1000 5000 [--before-read phone|scores]]

A real ``dicehero serve`` (one process, SQLite; or ``--workers N`` gunicorn gevent workers
on a fresh PostgreSQL database with Redis as the bus). For each N a fresh game with N REAL
heroes (rows of the game's database, each with its own secret and its superpower chosen, as
N joins and choices would leave them: the store folds and counts them like any others),
each with a phone: an event stream and a kept-alive connection for its requests.

* Roll to ready to tap: the host rolls (``go_on``: nobody pressed Done); each phone, on
  the roll event, reads its sheet (the legal places of each die), as the phone page did;
  with ``--push`` also (any checkout since issue 26.6) phones whose stream carries their
  hero and stream key: ready when their sheet arrives on the stream after the roll, nothing read.
  Per roll, from just before the roll request: when each phone has the roll event, and
  when it has its sheet ("ready to tap"). ``--events-only``: the roll event alone to
  the streams of N real heroes, no sheet read or pushed (issue 26.10: a game without
  heroes hides what a roll costs per hero). Prints p50/p99 of both over every phone and
  roll, the roll request's reply, and the server's CPU per roll (until every phone is
  ready). ``--played R``: the heroes have played R rounds first, each by a random bot of
  its own, so their sheets differ as a class's do (blank sheets share every situation).
* Done: N heroes, every stream open, all press Done at once (each on its own
  connection); the server's CPU for the round, from the first Done sent until every
  stream has every ready count (``player_done``, coalesced since issue 26.9) and the
  server is idle, and the time it took. Target: 5,000 heroes at most 10x the CPU of 500.

* Close (``--close``, issue 25): N heroes press Done at once, each phone then reading its
  sheet and its place as its page does; the server's CPU for the round and each phone's
  wait for them, then the next roll's ready to tap (sheets pushed). The ``--before``
  server's phones read as that checkout's page did (``--before-read``).

``--before DIR`` runs the same against a server from another checkout (an older
commit) first, in the same run. Load average is printed at the start and end.
"""

from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402
import contextlib  # noqa: E402
import hashlib  # noqa: E402
import http.client  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

import gevent  # noqa: E402
import gevent.pool  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_scale import cpu_s, pct, raise_nofile, wait_idle  # noqa: E402
from fanout_class import class_of  # noqa: E402
from hostroll import HostReply, roll_request  # noqa: E402
from liveserver import Server, request  # noqa: E402
from pgkit import REDIS_URL, fresh_database  # noqa: E402
from scalekit import kill_tree  # noqa: E402

epoll = monkey.get_original("select", "epoll")
raw_socket = monkey.get_original("socket", "socket")
perf = time.perf_counter
EPOLLIN = 1


def connect(port: int) -> object:
    s = raw_socket()
    s.connect(("127.0.0.1", port))
    return s


def open_streams(port: int, code: str, n: int,
                 phones: list[tuple[int, str]] | None = None) -> list:
    """``n`` event streams of the game, each past its headers (a plain loop: no greenlets);
    with ``phones``, each stream is its hero's, with its stream key (the sheet is pushed)."""
    from dicehero.store.actions import stream_key

    _status, state = request(port, "GET", f"/api/games/{code}")
    socks = []
    for i in range(n):
        query = ""
        if phones:
            pid, secret = phones[i]
            query = f"?hero={pid}&key={stream_key(hashlib.sha256(secret.encode()).hexdigest())}"
        s = connect(port)
        s.sendall((f"GET /api/games/{code}/events{query} HTTP/1.1\r\nHost: x\r\n"
                   f"Last-Event-ID: {state['last_event_id']}\r\n\r\n").encode())
        socks.append(s)
        if i % 200 == 199:
            time.sleep(0.05)  # within the listen backlog
    for s in socks:
        buf = b""
        while b"\r\n\r\n" not in buf:
            buf += s.recv(4096)
        s.setblocking(False)
    return socks


def drain(socks: list) -> None:
    for s in socks:
        try:
            while s.recv(65536):
                pass
        except BlockingIOError:
            pass


class StreamReader:
    """Phones reading their streams in the background, as a page does: none is closed by the
    server as a slow reader while the bench waits for something else."""

    def __init__(self, streams: list) -> None:
        self.streams = streams
        self.reading = True
        self.greenlet = gevent.spawn(self._read)

    def _read(self) -> None:
        ep = epoll(sizehint=len(self.streams))
        for s in self.streams:
            ep.register(s.fileno(), EPOLLIN)
        while self.reading:
            for fd, _ev in ep.poll(0):
                with contextlib.suppress(BlockingIOError, ConnectionError):
                    os.read(fd, 65536)
            gevent.sleep(0.005)
        ep.close()

    def stop(self) -> None:
        self.reading = False
        self.greenlet.join()


class Reply:
    """One HTTP response read off a kept-alive socket, a piece at a time."""

    def __init__(self) -> None:
        self.buf = b""

    def feed(self, data: bytes) -> bool:
        """True once the whole response is in."""
        self.buf += data
        head, sep, body = self.buf.partition(b"\r\n\r\n")
        if not sep:
            return False
        for line in head.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                return len(body) >= int(value)
        return False


def roll_to_ready(port: int, code: str, host: str, phones: list[tuple[int, str]],
                  streams: list, sheets: list, go_on: bool, push: bool = False,
                  events_only: bool = False) -> dict:
    """One roll: when each phone has the event, and when it has its sheet after it (with
    ``events_only``, the event is all a phone waits for)."""
    drain(streams)
    ep = epoll(sizehint=2 * len(phones) + 1)
    by_fd = {}
    for i, s in enumerate(streams):
        ep.register(s.fileno(), EPOLLIN)
        by_fd[s.fileno()] = ("stream", i)
    for i, s in enumerate(sheets):
        s.setblocking(False)
        ep.register(s.fileno(), EPOLLIN)
        by_fd[s.fileno()] = ("sheet", i)
    body = json.dumps({"go_on": go_on}).encode()
    hs = connect(port)
    ep.register(hs.fileno(), EPOLLIN)
    event_at, ready_at, replies = {}, {}, {}
    reply = HostReply(hs, ep)
    cpu0 = cpu_s(SERVER_PID[0])
    t0 = perf()
    hs.sendall(roll_request(code, host, body))
    deadline = t0 + 120
    while (len(ready_at) < len(phones) or reply.at is None) and perf() < deadline:
        for fd, _ev in ep.poll(1.0):
            if reply.read(fd):
                continue
            kind, i = by_fd[fd]
            try:
                data = os.read(fd, 65536)
            except BlockingIOError:
                continue
            if kind == "stream" and events_only:
                if b'"type":"roll"' in data and i not in event_at:
                    event_at[i] = ready_at[i] = perf()
            elif kind == "stream" and push:
                if b'"type":"roll"' in data and i not in event_at:
                    event_at[i] = perf()
                if b'"type":"sheet"' in data and i not in ready_at:
                    ready_at[i] = perf()  # the sheet came with the roll: nothing to ask
            elif kind == "stream":
                if b'"type":"roll"' in data and i not in event_at:
                    event_at[i] = perf()
                    pid, key = phones[i]
                    replies[i] = Reply()
                    sheets[i].send((f"GET /api/games/{code}/players/{pid}?edition=0 HTTP/1.1"
                                    f"\r\nHost: x\r\nAuthorization: Bearer {key}\r\n\r\n")
                                   .encode())
            elif i in replies and replies[i].feed(data):
                ready_at[i] = perf()
                assert b" 200 " in replies.pop(i).buf.split(b"\r\n", 1)[0]
    cpu = cpu_s(SERVER_PID[0]) - cpu0
    ep.close()
    hs.close()
    reply.created()
    return {"event": [(t - t0) * 1000 for t in event_at.values()],
            "ready": [(t - t0) * 1000 for t in ready_at.values()],
            "reply_ms": ((reply.at or perf()) - t0) * 1000, "cpu_s": cpu,
            "missing": len(phones) - len(ready_at)}


SERVER_PID = [0]
AT_ONCE = 1000  # --close: phones pressing Done at the same moment, at most


def ready_run(server: Server, n: int, rolls: int, push: bool = False,
              events_only: bool = False, played: int = 0) -> dict:
    code, host, phones = class_of(server, n, played)
    streams = open_streams(server.port, code, n, phones if push else None)
    # Pushed, or the event alone: no sheet is read.
    sheets = [] if push or events_only else [connect(server.port) for _ in range(n)]
    wait_idle(server.pid)
    out: dict = {"event": [], "ready": [], "reply": [], "cpu": [], "missing": 0}
    for r in range(rolls):
        go_on = r > 0 or played > 0  # nobody presses Done
        got = roll_to_ready(server.port, code, host, phones, streams, sheets, go_on=go_on,
                            push=push, events_only=events_only)
        out["event"] += got["event"]
        out["ready"] += got["ready"]
        out["reply"].append(got["reply_ms"])
        out["cpu"].append(got["cpu_s"])
        out["missing"] += got["missing"]
        wait_idle(server.pid)
    for s in streams + sheets:
        s.close()
    return out


def done_round(server: Server, n: int) -> dict:
    """N heroes press Done at once with every stream open: the server's CPU for it."""
    code, host, phones = class_of(server, n)
    streams = open_streams(server.port, code, n)
    request(server.port, "POST", f"/api/games/{code}/rolls", {}, host)
    wait_idle(server.pid)
    drain(streams)
    cpu0, t0 = cpu_s(server.pid), perf()

    def done(pid: int, key: str) -> int:
        status, _ = request(server.port, "POST", f"/api/games/{code}/players/{pid}/actions",
                            {"action": {"type": "done"}, "roll": 1,
                             "idempotency_key": "done"}, key)
        return status

    reader = StreamReader(streams)
    pool = [gevent.spawn(done, pid, key) for pid, key in phones]
    gevent.joinall(pool)
    refused = sum(g.value != 200 for g in pool)
    answered = perf() - t0
    wait_idle(server.pid, limit=900)  # until the events reached every stream
    cpu, took = cpu_s(server.pid) - cpu0, perf() - t0
    reader.stop()
    for s in streams:
        s.close()
    return {"cpu_s": cpu, "answered_s": answered, "took_s": took, "refused": refused}


def close_round(server: Server, n: int, read: str) -> dict:
    """A round closed with each phone's place (issue 25): N heroes, every stream its hero's
    (sheets pushed), press Done at once (``AT_ONCE`` at a time); each phone then does what
    its page does after its Done: reads its sheet, and its place (``read``: ``sheet``, with
    the sheet read; ``scores``, the whole class, as the phone did up to 100 heroes;
    ``none``, as it did above). The server's CPU from the first Done until idle, and each
    phone's wait for its sheet and place; then the host rolls the next round: when each
    phone has its pushed sheet."""
    code, host, phones = class_of(server, n)
    streams = open_streams(server.port, code, n, phones)
    request(server.port, "POST", f"/api/games/{code}/rolls", {}, host)
    wait_idle(server.pid)
    drain(streams)
    url = f"/api/games/{code}"
    waits: list[float] = []
    wrong = [0]
    why: dict[str, int] = {}

    def phone(pid: int, key: str) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=600)
        try:
            status, _ = request(server.port, "POST", f"{url}/players/{pid}/actions",
                                {"action": {"type": "done"}, "roll": 1,
                                 "idempotency_key": "done"}, key, conn)
            t = perf()
            sheet, mine = request(server.port, "GET", f"{url}/players/{pid}?edition=0", None,
                                  key, conn)
            if read == "sheet":  # the place comes with the sheet read (issue 25)
                ok = mine["place"]["rank"] is not None
            elif read == "scores":
                got, board = request(server.port, "GET", f"{url}/scores", None, None, conn)
                ok = got == 200 and any(e["player_id"] == pid for e in board["leaderboard"])
            else:
                ok = True
            waits.append((perf() - t) * 1000)
            if not (ok and status == 200 and sheet == 200):
                wrong[0] += 1
                why[f"{status}/{sheet}"] = why.get(f"{status}/{sheet}", 0) + 1
        except (OSError, http.client.HTTPException) as e:
            wrong[0] += 1  # a connection the server dropped (counted, not waited for)
            why[type(e).__name__] = why.get(type(e).__name__, 0) + 1
        finally:
            conn.close()

    reader = StreamReader(streams)
    cpu0, t0 = cpu_s(server.pid), perf()
    pool = gevent.pool.Pool(AT_ONCE)  # 5,000 connecting in one go are dropped, here
    gevent.joinall([pool.spawn(phone, pid, key) for pid, key in phones])
    wait_idle(server.pid, limit=900)
    cpu, took = cpu_s(server.pid) - cpu0, perf() - t0
    reader.stop()
    roll = roll_to_ready(server.port, code, host, phones, streams, [], go_on=False, push=True)
    for s in streams:
        s.close()
    return {**roll, "close_cpu_s": cpu, "took_s": took, "wait": waits, "wrong": wrong[0],
            "why": why}


def one_server(label: str, root: Path | None, args: argparse.Namespace, tmp: Path) -> None:
    """Every measure against one server (``--workers N``: on a fresh PostgreSQL database)."""
    with fresh_database() if args.workers else contextlib.nullcontext() as pg:
        env = {"DATABASE_URL": pg, "REDIS_URL": REDIS_URL} if pg else {}
        measure(label, root, args, tmp, env)


def measure(label: str, root: Path | None, args: argparse.Namespace, tmp: Path,
            env: dict[str, str]) -> None:
    inst = tmp / label
    inst.mkdir()
    (inst / "config.py").write_text("RATE_LIMITS = {}\nSSE_STREAMS_PER_ADDRESS = 10**6\n"
                                    "CONNECTIONS_PER_ADDRESS = 0\nMAX_PLAYERS = 10**6\n"
                                    # --close: N phones connect at once, and this one process
                                    # may send a request later than a phone would
                                    + ("HEADER_SECONDS = 0\nKEEPALIVE_SECONDS = 0\n"
                                       if args.close else ""))
    env = {**env, "PYTHONPATH": str(root)} if root else env
    workers = ("--workers", str(args.workers)) if args.workers else ()
    server = Server(inst, env=env, args=workers,
                    **({"root": root} if root else {})).start(timeout=120)
    SERVER_PID[0] = server.pid
    try:
        print(f"== {label}: server from {root or 'this checkout'}"
              + (f", {args.workers} workers, PostgreSQL + Redis" if args.workers else
                 ", one process, SQLite"), flush=True)
        modes = ([False] if args.events_only else [True] if args.pushed_only
                 else [False, True] if args.push else [False])
        for n, push in ((n, push) for n in args.phones for push in modes):
            r = ready_run(server, n, args.rolls, push, args.events_only, args.played)
            how = "events only" if args.events_only else "pushed" if push else "read"
            print(f"{label} {n:>6} phones ({how}): roll event p50 {pct(r['event'], 50):7.0f} p99 "
                  f"{pct(r['event'], 99):7.0f} ms | ready to tap p50 {pct(r['ready'], 50):7.0f}"
                  f" p99 {pct(r['ready'], 99):7.0f} ms | roll reply p50 "
                  f"{pct(r['reply'], 50):5.0f} ms | server CPU per roll "
                  + "/".join(f"{c:.2f}" for c in r["cpu"]) + f" s | missing {r['missing']}",
                  flush=True)
        for n in args.close:
            read = ("sheet" if label == "after" else "scores"
                    if args.before_read == "scores" or n <= 100 else "none")
            c = close_round(server, n, read)
            print(f"{label} {n:>6} heroes close a round, place read: {read:6} | server CPU "
                  f"{c['close_cpu_s']:6.1f} s ({c['close_cpu_s'] / n * 1000:.2f} ms a hero), "
                  f"idle after "
                  f"{c['took_s']:.1f} s | sheet+place p50 {pct(c['wait'], 50):6.1f} p99 "
                  f"{pct(c['wait'], 99):7.1f} ms | next roll: ready to tap p50 "
                  f"{pct(c['ready'], 50):6.0f} p99 {pct(c['ready'], 99):6.0f} ms, server CPU "
                  f"{c['cpu_s']:.2f} s | wrong {c['wrong']} {c['why'] or ''} missing "
                  f"{c['missing']}", flush=True)
        for n in args.done:
            d = done_round(server, n)
            print(f"{label} {n:>6} heroes press Done: server CPU {d['cpu_s']:6.1f} s "
                  f"({d['cpu_s'] / n * 1000:.2f} ms a hero), all answered in "
                  f"{d['answered_s']:.1f} s, idle after {d['took_s']:.1f} s, refused "
                  f"{d['refused']}", flush=True)
    finally:
        kill_tree(server)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--phones", type=int, nargs="*", default=[100, 1000, 5000])
    ap.add_argument("--rolls", type=int, default=3)
    ap.add_argument("--done", type=int, nargs="*", default=[500, 5000])
    ap.add_argument("--close", type=int, nargs="*", default=[],
                    help="heroes closing a round with each phone's place, e.g. 1000 5000")
    ap.add_argument("--before-read", choices=("phone", "scores"), default="phone",
                    help="the --before server's phones: as its page (/scores up to 100 heroes,"
                         " no place above), or /scores at any size")
    ap.add_argument("--push", action="store_true",
                    help="also: phones that get their sheet with the roll (this checkout)")
    ap.add_argument("--pushed-only", action="store_true",
                    help="only the pushed phones (no read connections: 10,000 phones fit)")
    ap.add_argument("--events-only", action="store_true",
                    help="only the roll event to each hero's stream (no sheet read or pushed)")
    ap.add_argument("--played", type=int, default=0, metavar="R",
                    help="roll to ready: R rounds already played by every hero (random bots)")
    ap.add_argument("--before", metavar="DIR", type=Path, help="another checkout, run first")
    ap.add_argument("--workers", type=int, default=0,
                    help="gunicorn workers, on PostgreSQL + Redis (default: one process, SQLite)")
    args = ap.parse_args()
    print(f"open files allowed: {raise_nofile()}; cores: {os.cpu_count()}; load average "
          f"{os.getloadavg()}")
    with tempfile.TemporaryDirectory() as t:
        if args.before:
            one_server("before", args.before.resolve(), args, Path(t))
        one_server("after", None, args, Path(t))
    print(f"load average at the end {os.getloadavg()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
