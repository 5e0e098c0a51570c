"""A class under hostile load: does a tap still get through? (issue 26)

    .venv/bin/python bench/bench_mixed.py [--phones 100] [--rounds 2] [--before DIR]
                                          [--half-open 20000] [--only NAME ...] [--workers 2]
                                          [--pin]

A real ``dicehero serve`` (one process, SQLite; or ``--workers N`` on PostgreSQL +
Redis). A class of ``--phones`` phones plays whole rounds with think time: each phone
opened the join page (its device cookie), joined, chose a superpower, and after each roll
reads its sheet and taps its dice one by one (0.3-1.2 s apart) and then Done, on a kept-alive
connection; the host rolls when everyone is done. Each load below runs beside the
class for ``--rounds`` rounds of a fresh game, one load after the other, from another
loopback address (127.0.0.2: the server's per-address limits see a laptop apart from
the class's NAT):

    quiet        nothing else (the baseline)
    read-flood   8 threads of GET /api/games/OTHER (another game, no secret)
    solo-flood   4 threads of POST /api/solo/state (a whole game replayed each time)
    paper        a paper hero in another game re-sends a hard sheet by its marks every 2 s
    slow-streams 50 event streams of the class's game that never read (the host sets
                 the timer 5 times a second meanwhile)
    fresh-joins  4 threads joining the class's game, each with a fresh device cookie
    par-flood    4 threads of POST /api/solo/par with fresh seeds
    half-open    --half-open connections whose headers never finish (their own process)
    together     every load above at once

``--pin`` puts the server (and the search processes it starts) on core 0 and the class
and the laptop on the other cores: the server's latency without the load generators'
own CPU.

The loads run in a process of their own ("the laptop"): a flood's client threads must not
hold the class's interpreter lock, or a tap's latency would be the bench's, not the server's.

Per load it prints the taps' p50/p99, timeouts (10 s) and 5xx, what the load itself
got, for the slow streams how many the server closed, and the CPU the server's processes
used meanwhile (and its share of the load's wall time: near 100% of a core, the server's
own work is what delays taps; far below, it waits for a machine that others load).
First, back-to-back GETs on a kept-alive connection (Nagle: the delayed ACK).
``--before DIR`` runs the same against a server from another checkout first (an older
commit), in the same run; the medians over the loads are printed at the end.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import resource
import select
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
import contextlib

from liveserver import Server
from mixed_class import LAPTOP, TIMEOUT, Client, Phone, Taps, new_game, pct, play, ready_text
from pgkit import REDIS_URL, fresh_database

# The half-open connections last: on a server that never closes them they outlast the load.
LOADS = ("quiet", "read-flood", "solo-flood", "paper", "slow-streams", "fresh-joins",
         "par-flood", "half-open", "together")


# -- the hostile loads: each runs until ``stop`` is set, and says what it got -----------------

def _flood(port: int, stop: threading.Event, threads: int,
           request: Any) -> dict[str, int]:
    got: dict[str, int] = {}
    lock = threading.Lock()

    def run(n: int) -> None:
        c = Client(port, LAPTOP)
        i = 0
        while not stop.is_set():
            status = request(c, n, i)
            i += 1
            with lock:
                got[str(status)] = got.get(str(status), 0) + 1
            if status == 429:
                time.sleep(0.01)  # a flooder that is refused just asks again
        c.close()

    ts = [threading.Thread(target=run, args=(n,)) for n in range(threads)]
    for t in ts:
        t.start()
    stop.wait()
    for t in ts:
        t.join()
    return got


def solo_actions() -> list[dict[str, Any]]:
    """A whole solo game's actions (choose, then skip every die and Done each round)."""
    from dicehero.editions import load_edition
    from dicehero.web.solo import dice_for

    edition = load_edition()
    offer, rolls = dice_for("daily:2025-01-31", edition)
    out: list[dict[str, Any]] = [{"type": "choose", "superpower": offer[0]}]
    for dice in rolls:
        out += [{"type": "skip", "die": i} for i in range(len(dice))] + [{"type": "done"}]
    return out


def paper_sheet(port: int) -> tuple[str, str, int, dict[str, Any]]:
    """A game whose dice are those of bot seed 873 (a sheet that is hard to check from its
    marks), with Pen on paper and every round rolled: ``(code, host, pen, marks)``."""
    from dicehero.editions import load_edition
    from dicehero.engine.bots import GreedyBot
    from dicehero.engine.paper import PaperMarks
    from dicehero.engine.simulation import play_game

    game = play_game(load_edition("classic"), [GreedyBot(random.Random(873))], 873)
    code, host = new_game(port)
    c = Client(port)
    c.call("POST", f"/api/games/{code}/offer", {"choices": list(game.offer)}, host)
    status, pen, _ = c.call("POST", f"/api/games/{code}/players", {"name": "Pen",
                                                                   "paper": True}, host)
    assert status == 201, pen
    for dice in game.rolls:
        c.call("POST", f"/api/games/{code}/rolls", {"dice": list(dice), "go_on": True}, host)
    return code, host, pen["player"]["id"], PaperMarks.of(game.players[0].sheet).to_dict()


def _half_open(port: int, target: int, stop: Any, out: Any) -> None:
    """Keep ``target`` connections open whose request never ends (in its own process: its
    own file limit)."""
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    target = min(target, hard - 100)
    socks: dict[int, socket.socket] = {}  # by file descriptor
    opened = 0
    poller = select.epoll()
    while not stop.is_set():
        while len(socks) < target and not stop.is_set():
            s = socket.socket()
            s.setblocking(False)
            s.bind((LAPTOP, 0))
            try:
                s.connect(("127.0.0.1", port))
            except BlockingIOError:
                pass
            except OSError:
                s.close()
                break
            socks[s.fileno()] = s
            poller.register(s.fileno(), select.EPOLLIN | select.EPOLLOUT)
            opened += 1
            if opened % 500 == 0:
                break
        for fd, ev in poller.poll(0.05):
            if (s := socks.get(fd)) is None:
                continue
            if ev & select.EPOLLOUT:
                with contextlib.suppress(OSError):
                    s.send(b"GET /api/openapi.json HTTP/1.1\r\nHost: x\r\n")
                poller.modify(fd, select.EPOLLIN)
            elif ev & (select.EPOLLIN | select.EPOLLHUP | select.EPOLLERR):
                poller.unregister(fd)
                socks.pop(fd).close()  # the server closed it (or refused it): open another
    out.put({"opened": opened, "open at the end": len(socks)})
    for s in socks.values():
        s.close()


def slow_streams(port: int, code: str, n: int = 50) -> list[socket.socket]:
    """``n`` event streams of the game that never read."""
    out = []
    for _ in range(n):
        s = socket.socket()
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        s.bind((LAPTOP, 0))
        s.connect(("127.0.0.1", port))
        s.sendall(f"GET /api/games/{code}/events HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        out.append(s)
    return out


def closed_by_server(socks: list[socket.socket]) -> int:
    """How many of ``socks`` the server has closed (their data read off to see)."""
    n = 0
    for s in socks:
        s.setblocking(False)
        try:
            while chunk := s.recv(1 << 20):
                del chunk
            n += 1  # b"": the end
        except BlockingIOError:
            pass  # still open
        except OSError:
            n += 1
        s.close()
    return n


def start_load(name: str, port: int, code: str, host: str, stop: threading.Event,
               result: dict[str, Any], half_open: int) -> Any:
    """Start load ``name`` beside the class's game ``code``; what ends it once ``stop`` is
    set (None for the quiet class). What the load got goes into ``result``."""
    worker: Any = None
    if name == "read-flood":
        other, _ = new_game(port)
        worker = threading.Thread(target=lambda: result.update(_flood(
            port, stop, 8, lambda c, n, i: c.call("GET", f"/api/games/{other}")[0])))
    elif name == "solo-flood":
        body = {"mode": "daily", "date": "2025-01-31", "actions": solo_actions()}
        worker = threading.Thread(target=lambda: result.update(_flood(
            port, stop, 4, lambda c, n, i: c.call("POST", "/api/solo/state", body)[0])))
    elif name == "par-flood":
        worker = threading.Thread(target=lambda: result.update(_flood(
            port, stop, 4, lambda c, n, i: c.call("POST", "/api/solo/par", {
                "mode": "random", "seed": os.urandom(8).hex(), "actions": []})[0])))
    elif name == "fresh-joins":
        def join(c: Client, n: int, i: int) -> int:
            c.cookie = ""
            c.call("GET", f"/play/{code}")
            return c.call("POST", f"/api/games/{code}/players", {"name": f"J{n}x{i}"})[0]
        worker = threading.Thread(target=lambda: result.update(_flood(port, stop, 4, join)))
    elif name == "paper":
        pcode, phost, pen, marks = paper_sheet(port)

        def resend() -> None:  # and when the first verdict came (known at the next PUT)
            c, got, t0, verdict = Client(port, LAPTOP), [], time.perf_counter(), "none"
            while not stop.is_set():
                status, reply, took = c.call("PUT", f"/api/games/{pcode}/players/{pen}/paper",
                                             {"marks": marks}, phost)
                got.append(((reply or {}).get("paper") or {}).get("check") or status)
                if isinstance(got[-1], str) and verdict == "none":
                    verdict = f"{time.perf_counter() - t0:.1f} s"
                stop.wait(max(0.0, 2.0 - took))
            result.update({**{str(k): got.count(k) for k in set(got)}, "verdict in": verdict})
        worker = threading.Thread(target=resend)
    elif name == "half-open":
        mstop, queue = multiprocessing.Event(), multiprocessing.Queue()
        proc = multiprocessing.Process(target=_half_open, args=(port, half_open, mstop, queue))
        proc.start()

        def end_half_open() -> None:
            mstop.set()
            result.update(queue.get(timeout=60))
            proc.join()
        return end_half_open
    elif name == "slow-streams":
        def timer() -> None:  # the host's timer, 5 a second (a tenth of its flood limit)
            c, i = Client(port), 0
            while not stop.wait(0.2):
                i += 1
                c.call("POST", f"/api/games/{code}/timer", {"seconds": 60 + i % 100}, host)
        worker = threading.Thread(target=timer)
    if worker is None:
        return None
    worker.start()
    return worker.join


def laptop(port: int, code: str, host: str, names: list[str], half_open: int,
           started: Any, stop: Any, out: Any) -> None:
    """The hostile loads ``names`` beside game ``code``, in this process (the laptop's own
    CPU and interpreter lock); once ``stop`` is set, what each load got goes to ``out``."""
    halt = threading.Event()
    got: dict[str, dict[str, Any]] = {n: {} for n in names}
    ends = [start_load(n, port, code, host, halt, got[n], half_open) for n in names]
    started.set()
    stop.wait()
    halt.set()
    for end in ends:
        if end is not None:
            end()
    out.put(got)


def run_load(name: str, port: int, phones_n: int, rounds: int, half_open: int,
             pid: int) -> dict:
    """One load beside a fresh class game (``together``: every hostile load at once); the
    taps' figures and what the load got."""
    code, host = new_game(port)
    taps = Taps()
    names = [n for n in LOADS if n not in ("quiet", "together")] if name == "together" \
        else [name]
    got: dict[str, dict[str, Any]] = {n: {} for n in names}
    # Before the class joins: every join, roll, Done and host timer is an event they lag.
    streams = slow_streams(port, code) if "slow-streams" in names else []
    phones = [Phone(port, code, i) for i in range(phones_n)]
    hostile = [n for n in names if n != "quiet"]
    if hostile:
        began, halt, queue = (multiprocessing.Event(), multiprocessing.Event(),
                              multiprocessing.Queue())
        proc = multiprocessing.Process(target=laptop, args=(port, code, host, hostile,
                                                            half_open, began, halt, queue))
        proc.start()
        began.wait(120)
        time.sleep(5 if "half-open" in names else 1)  # let the half-open ones be opened
    started, cpu = time.monotonic(), tree_cpu(pid)
    play(port, phones, code, host, rounds, taps)
    took, cpu = time.monotonic() - started, tree_cpu(pid) - cpu
    if hostile:
        halt.set()
        got.update(queue.get(timeout=120))
        proc.join()
    if streams:
        got["slow-streams"]["closed by the server"] = \
            f"{closed_by_server(streams)}/{len(streams)}"
    for p in phones:
        p.close()
    result = got[name] if name != "together" else {n: g for n, g in got.items() if g}
    return {"load": name, "taps": len(taps.seconds), "p50": pct(taps.seconds, 50) * 1000,
            "p99": pct(taps.seconds, 99) * 1000, "timeouts": taps.timeouts,
            "5xx": taps.errors5, "failed": taps.failed, "seconds": took, "cpu": cpu,
            "got": result, "ready": taps.ready, "unpushed": taps.unpushed}


def pin(pid: int, cores: set[int]) -> None:
    """Run process ``pid`` (every thread of it, and what it starts later) on ``cores`` only:
    in "together" on two cores the server waited for a core about as long as it ran
    (/proc/PID/schedstat), taken by the floods and phones that a class runs elsewhere."""
    for task in os.listdir(f"/proc/{pid}/task"):
        os.sched_setaffinity(int(task), cores)


def tree_cpu(pid: int) -> float:
    """CPU seconds (user and system) used so far by process ``pid`` and every process under
    it (the server's workers and search processes; those already reaped count in their
    parent's children's times)."""
    times: dict[int, int] = {}
    kids: dict[int, list[int]] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            fields = Path(f"/proc/{name}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # gone meanwhile
        times[int(name)] = sum(int(f) for f in fields[11:15])  # utime stime cutime cstime
        kids.setdefault(int(fields[1]), []).append(int(name))
    total, todo = 0, [pid]
    while todo:
        p = todo.pop()
        total += times.get(p, 0)
        todo += kids.get(p, [])
    return total / os.sysconf("SC_CLK_TCK")


def keepalive_gets(port: int, n: int = 50) -> float:
    """Median ms of back-to-back GETs on one kept-alive connection."""
    code, _ = new_game(port)
    c = Client(port)
    times = [c.call("GET", f"/api/games/{code}")[2] for _ in range(n)]
    c.close()
    return statistics.median(times) * 1000


def one_server(label: str, root: Path | None, args: argparse.Namespace, tmp: Path) -> dict:
    """Every load against one server (``--workers N``: on a fresh PostgreSQL database, with
    Redis, as an operator scales out)."""
    with (fresh_database() if args.workers else contextlib.nullcontext()) as pg:
        env = {"DATABASE_URL": pg, "REDIS_URL": REDIS_URL} if pg else {}
        workers = ("--workers", str(args.workers)) if args.workers else ()
        return _loads(label, Server(tmp / label, env=env, args=workers,
                                    **({"root": root} if root else {})), args)


def _loads(label: str, server: Server, args: argparse.Namespace) -> dict:
    server.start(timeout=60)
    if args.pin:
        pin(server.pid, {0})
    print(f"\n== {label}: {server.root} (pid {server.pid})", flush=True)
    out: dict[str, Any] = {}
    try:
        out["keepalive"] = keepalive_gets(server.port)
        print(f"back-to-back GETs on a kept-alive connection: median "
              f"{out['keepalive']:.1f} ms", flush=True)
        for name in args.only or LOADS:
            try:
                r = run_load(name, server.port, args.phones, args.rounds, args.half_open,
                             server.pid)
            except (RuntimeError, AssertionError, TypeError, KeyError) as e:
                print(f"{name:13s} could not be measured: the class could not play ({e!r})",
                      flush=True)
                r = {"load": name, "taps": 0, "p50": float("nan"), "p99": float("nan"), "5xx": 0,
                     "timeouts": 0, "failed": 0, "seconds": 0.0, "cpu": 0.0, "got": {}}
            out[name] = r
            print(f"{name:13s} taps {r['taps']:4d}  p50 {r['p50']:7.1f} ms  p99 "
                  f"{r['p99']:8.1f} ms  timeouts {r['timeouts']:3d}  5xx {r['5xx']:3d}  "
                  f"failed {r['failed']:3d}  ({r['seconds']:.0f} s, server CPU {r['cpu']:.1f} s "
                  f"= {100 * r['cpu'] / max(r['seconds'], 1e-9):.0f}%)  {ready_text(r)}  "
                  f"load got {r['got']}", flush=True)
    finally:
        server.stop()
    return out


def _or_timeout(ms: float) -> float:
    return TIMEOUT * 1000 if ms != ms else ms  # nan: no tap was answered


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--phones", type=int, default=100)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--half-open", type=int, default=20000)
    ap.add_argument("--before", metavar="DIR", type=Path, help="another checkout, run first")
    ap.add_argument("--only", nargs="+", choices=LOADS)
    ap.add_argument("--workers", type=int, default=0,
                    help="gunicorn workers, on PostgreSQL + Redis (default: one process, SQLite)")
    ap.add_argument("--pin", action="store_true",
                    help="the server on core 0, the class and the laptop on the others")
    args = ap.parse_args()
    if args.pin and (os.cpu_count() or 1) < 2:
        ap.error("--pin needs two cores: one for the server, one for the class and laptop")
    if args.pin:  # what the bench and its laptop start from now on runs on the other cores
        os.sched_setaffinity(0, set(range(1, os.cpu_count() or 2)))
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} on "
          f"{os.cpu_count()} cores; {args.phones} phones, {args.rounds} rounds per load; "
          + (f"--workers {args.workers}, PostgreSQL + Redis" if args.workers
             else "one process, SQLite"))
    runs = {}
    with tempfile.TemporaryDirectory() as tmp:
        if args.before:
            runs["before"] = one_server("before", args.before.resolve(), args, Path(tmp))
        runs["after"] = one_server("after", None, args, Path(tmp))
    if args.before:
        print("\nbefore -> after")
        for name in args.only or LOADS:
            b, a = runs["before"][name], runs["after"][name]
            print(f"{name:13s} tap p50 {b['p50']:7.1f} -> {a['p50']:7.1f} ms, p99 "
                  f"{b['p99']:8.1f} -> {a['p99']:8.1f} ms, timeouts {b['timeouts']} -> "
                  f"{a['timeouts']}, 5xx {b['5xx']} -> {a['5xx']}")
        names = args.only or LOADS
        for key in ("p50", "p99"):  # a load under which no tap got through counts as 10 s
            print(f"median over the loads of the tap {key}: " + " -> ".join(
                f"{statistics.median(_or_timeout(runs[r][n][key]) for n in names):.1f}"
                for r in ("before", "after")) + " ms")
        print(f"back-to-back GETs: {runs['before']['keepalive']:.1f} -> "
              f"{runs['after']['keepalive']:.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
