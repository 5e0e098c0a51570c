"""A stream rehearsal: 2,000 viewers join while 50 trolls misbehave, and a co-host takes
the trolls out (issue 28).

    .venv/bin/python bench/bench_stream.py [--viewers 2000] [--trolls 50] [--streams 2000]

A real ``dicehero serve`` (one process, SQLite, the default flood limits). The host makes
a game and shares a co-host link. ``--viewers`` viewers join it, each from the join page
(its device cookie), ten to a home address (127.1.x.y), in a game with names from the
generator: each asks for its offered names (``POST .../names``) and joins with the first,
a joining game's pace being the server's own join limits (a 429 is waited out as its
Retry-After says); ``--streams`` of them follow the game's event stream (read and
dropped by one thread). ``--trolls`` trolls, each from its own address (127.2.0.x),
join as heroes (with an offered name too) and misbehave within the limits, about 5
requests a second each: junk joins (empty, markup, unknown fields, not JSON), rude names
(refused: no name but an offered one is taken), and once the dice are out a
flood of taps (skip a die, then undo, again and again).

The host rolls once the joins are done; every viewer then chooses a superpower, taps
their four dice with think time (0.2-1 s) and says Done. Five seconds into the round the
co-host bans the trolls one by one (``POST .../players/ID/ban``, their devices, as the
co-host's Ban button does); each troll goes on trying for three seconds more.

Printed: the joins (accepted, waited out, what the others got), the trolls' junk and
what it got, for each troll the time from the co-host's ban to that troll's last
accepted action (sent before the ban: negative; an action accepted after the ban's
reply would be a hole), and the class's taps: p50/p99 over the whole round and while the
co-host was at work.
"""

from __future__ import annotations

import argparse
import os
import queue
import random
import resource
import selectors
import socket
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from liveserver import Server
from mixed_class import Client, Tapper, Taps, pct

RUDE = ("Poop Head", "Stupid Idiot", "Butt Face", "Loser Brain")
JUNK = ({"name": ""}, {"name": "<script>alert(1)</script>"}, {"nom": "x"}, {"name": 7})


class RoundTaps(Taps):
    """The class's taps, and when each was answered (to pick out the co-host's window)."""

    def __init__(self) -> None:
        super().__init__()
        self.at: list[tuple[float, float]] = []

    def add(self, status: int, seconds: float) -> None:
        super().add(status, seconds)
        if status > 0:
            with self.lock:
                self.at.append((time.monotonic(), seconds))


def offered_name(client: Client, code: str) -> str:
    """The first of the names the server offers this phone (a game with names from the
    generator takes no other)."""
    status, j, _ = call_waiting(client, "POST", f"/api/games/{code}/names", {})
    assert status == 200 and j["names"], (status, j)
    return j["names"][0]


def home(i: int) -> str:
    """The address viewer ``i`` comes from: ten viewers to a home."""
    return f"127.1.{i // 10 // 250}.{i // 10 % 250 + 1}"


def call_waiting(client: Client, method: str, path: str, body: Any = None,
                 secret: str | None = None, patience: float = 300) -> tuple[int, Any, float]:
    """A request asked again after each 429 or no answer in 10 s (as the page does); the
    last answer."""
    deadline = time.monotonic() + patience
    while True:
        status, reply, took = client.call(method, path, body, secret)
        if status not in (0, 429) or time.monotonic() > deadline:
            return status, reply, took
        time.sleep(1 + random.random())


class Viewer(Tapper):
    """A viewer's phone: its connection, its hero."""

    def __init__(self, port: int, code: str, i: int) -> None:
        self.client = Client(port, home(i))
        self.code, self.i = code, i
        self.pid = 0
        self.secret = ""
        self.waited = 0
        self.status = 0
        self.rng = random.Random(i)

    def join(self) -> bool:
        self.client.call("GET", f"/play/{self.code}")
        name = offered_name(self.client, self.code)
        while True:
            status, j, _ = self.client.call("POST", f"/api/games/{self.code}/players",
                                            {"name": name})
            if status not in (0, 429):  # no answer in 10 s: the phone asks again too
                break
            self.waited += 1
            time.sleep(1 + self.rng.random())
        self.client.close()
        self.status = status
        if status != 201:
            return False
        self.pid, self.secret = j["player"]["id"], j["secret"]
        return True

    def play_round(self, taps: RoundTaps) -> None:
        """Choose a superpower, tap the four dice with think time, say Done."""
        _, view, _ = call_waiting(self.client, "GET",
                                  f"/api/games/{self.code}/players/{self.pid}?edition=0",
                                  secret=self.secret)
        sheet = view["sheet"] if view and "sheet" in view else None
        if sheet and sheet["legal"]["choose"]:
            sheet = self._act({"type": "choose", "superpower": sheet["legal"]["choose"][0]},
                              1, taps) or sheet
        for _ in range(4):
            time.sleep(self.rng.uniform(0.2, 1.0))
            options = [o for o in (sheet["legal"]["dice"] if sheet else []) if o]
            if not options:
                break
            sheet = self._act(self.rng.choice(options[0]), 1, taps) or sheet
        self._act({"type": "done"}, 1, taps)
        self.client.close()


class Troll:
    """A viewer who misbehaves within the limits until well after the co-host's step."""

    def __init__(self, port: int, code: str, i: int) -> None:
        self.client = Client(port, f"127.2.0.{i + 1}")
        self.code, self.i = code, i
        self.pid, self.secret = 0, ""
        self.accepted: list[float] = []  # when each accepted action was sent
        self.got: dict[str, int] = {}
        self.removed_at: float | None = None  # when the co-host's step was sent
        self.stop = threading.Event()

    def _count(self, what: str, status: int) -> None:
        key = f"{what} {status}"
        self.got[key] = self.got.get(key, 0) + 1

    def join(self) -> None:
        self.client.call("GET", f"/play/{self.code}")
        status, j, _ = call_waiting(self.client, "POST", f"/api/games/{self.code}/players",
                                    {"name": offered_name(self.client, self.code)})
        assert status == 201, (status, j)
        self.pid, self.secret = j["player"]["id"], j["secret"]

    def misbehave(self, rolled: threading.Event) -> None:
        """Junk joins, rude names and (once the dice are out) a flood of taps, ~5 a second."""
        rng = random.Random(1000 + self.i)
        path = f"/api/games/{self.code}/players"
        undo = chosen = False
        while not self.stop.is_set():
            kind = rng.choice(("junk", "rude", "tap", "tap", "tap") if rolled.is_set()
                              else ("junk", "rude"))
            if kind == "junk":
                status, _, _ = self.client.call("POST", path, rng.choice(JUNK))
            elif kind == "rude":
                status, _, _ = self.client.call("POST", path, {
                    "name": f"{rng.choice(RUDE)} {rng.randrange(1000)}"})
            else:
                if not chosen:  # a hero's first action of the game: the superpower
                    _, view, _ = self.client.call(
                        "GET", f"{path}/{self.pid}?edition=0", secret=self.secret)
                    offer = view["sheet"]["legal"]["choose"] if view and "sheet" in view else [1]
                    action = {"type": "choose", "superpower": offer[0]}
                else:
                    action = {"type": "undo"} if undo else {"type": "skip", "die": 0}
                sent = time.monotonic()
                status, _, _ = self.client.call(
                    "POST", f"{path}/{self.pid}/actions",
                    {"action": action, "roll": 1, "idempotency_key": os.urandom(8).hex()},
                    self.secret)
                if status == 200:
                    self.accepted.append(sent)
                    undo = chosen and not undo
                    chosen = True
            self._count(kind, status)
            time.sleep(rng.uniform(0.1, 0.3))
        self.client.close()


class Streams:
    """``n`` viewers' event streams, read and dropped by one thread."""

    def __init__(self, port: int, code: str, n: int) -> None:
        self.sel = selectors.DefaultSelector()
        self.bytes = 0
        self.closed = 0
        for i in range(n):
            s = socket.socket()
            s.bind((home(i), 0))
            s.connect(("127.0.0.1", port))
            s.sendall(f"GET /api/games/{code}/events HTTP/1.1\r\nHost: x\r\n\r\n".encode())
            s.setblocking(False)
            self.sel.register(s, selectors.EVENT_READ)
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        while not self.stop.is_set():
            for key, _ in self.sel.select(0.5):
                try:
                    data = key.fileobj.recv(1 << 16)
                except OSError:
                    data = b""
                if not data:
                    self.sel.unregister(key.fileobj)
                    key.fileobj.close()
                    self.closed += 1
                self.bytes += len(data)

    def close(self) -> None:
        self.stop.set()
        self.thread.join()
        for key in list(self.sel.get_map().values()):
            key.fileobj.close()


def pool(jobs: list[Any], threads: int) -> None:
    """Run the callables ``jobs`` on ``threads`` threads; return when all are done."""
    q: queue.Queue[Any] = queue.Queue()
    for j in jobs:
        q.put(j)

    def work() -> None:
        while True:
            try:
                job = q.get_nowait()
            except queue.Empty:
                return
            job()

    ts = [threading.Thread(target=work) for _ in range(threads)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--viewers", type=int, default=2000)
    ap.add_argument("--trolls", type=int, default=50)
    ap.add_argument("--streams", type=int, default=2000)
    ap.add_argument("--threads", type=int, default=16, help="viewers' requests at once")
    args = ap.parse_args()
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} on "
          f"{os.cpu_count()} cores; {args.viewers} viewers, {args.trolls} trolls, "
          f"{args.streams} event streams", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp) / "stream").start(timeout=120)
        try:
            return rehearse(server.port, args)
        finally:
            server.stop()


def rehearse(port: int, args: argparse.Namespace) -> int:
    host = Client(port)
    status, g, _ = host.call("POST", "/api/games", {"rounds": 3, "generated_names": True})
    code, host_secret = g["code"], g["host_secret"]
    _, link, _ = host.call("POST", f"/api/games/{code}/cohost", {}, host_secret)
    cohost_secret = link["secret"]

    trolls = [Troll(port, code, i) for i in range(args.trolls)]
    for t in trolls:
        t.join()
    rolled = threading.Event()
    troll_threads = [threading.Thread(target=t.misbehave, args=(rolled,), daemon=True)
                     for t in trolls]
    for t in troll_threads:
        t.start()

    viewers = [Viewer(port, code, i) for i in range(args.viewers)]
    t0 = time.monotonic()
    joined = []
    pool([lambda v=v: joined.append(v) if v.join() else None for v in viewers], args.threads)
    took = time.monotonic() - t0
    print(f"joins: {len(joined)} of {args.viewers} viewers in {took:.0f} s "
          f"({len(joined) / took:.0f}/s), {sum(v.waited for v in viewers)} asked again (a 429 "
          f"or no answer in 10 s); "
          f"the others got {dict(Counter(v.status for v in viewers if v.status != 201))} "
          f"(0: no answer in 10 s)", flush=True)
    streams = Streams(port, code, min(args.streams, len(joined)))

    call_waiting(host, "POST", f"/api/games/{code}/offer", {}, host_secret)
    status, _, _ = call_waiting(host, "POST", f"/api/games/{code}/rolls", {"number": 1},
                                host_secret)
    assert status in (201, 409), status  # 409: a roll asked again had gone through
    rolled.set()
    taps = RoundTaps()
    round_started = time.monotonic()
    playing = threading.Thread(target=pool, args=(
        [lambda v=v: v.play_round(taps) for v in joined], args.threads))
    playing.start()

    time.sleep(5)
    cohost = Client(port, "127.3.0.1")
    step_start = time.monotonic()
    replies: dict[int, float] = {}
    for t in trolls:
        t.removed_at = time.monotonic()
        status, _, _ = call_waiting(cohost, "POST", f"/api/games/{code}/players/{t.pid}/ban",
                                    {"address": False}, cohost_secret)
        assert status == 200, status
        replies[t.i] = time.monotonic()
    step_end = time.monotonic()
    time.sleep(3)
    for t in trolls:
        t.stop.set()
    for t in troll_threads:
        t.join()
    playing.join()
    round_took = time.monotonic() - round_started
    streams.close()

    print(f"co-host: {len(trolls)} trolls banned one by one in "
          f"{step_end - step_start:.1f} s", flush=True)
    got: dict[str, int] = {}
    for t in trolls:
        for k, n in t.got.items():
            got[k] = got.get(k, 0) + n
    print("trolls' requests and what they got: " + ", ".join(
        f"{k}: {n}" for k, n in sorted(got.items())))
    gaps = []
    late = 0
    for t in trolls:
        last = max(t.accepted) if t.accepted else None
        if last is not None:
            gaps.append((last - t.removed_at) * 1000)
            late += sum(1 for a in t.accepted if a > replies[t.i])
    gaps.sort()
    if gaps:
        print(f"co-host's step -> that troll's last accepted action (ms; <0: sent before "
              f"the step): min {gaps[0]:.0f}, median {gaps[len(gaps) // 2]:.0f}, max "
              f"{gaps[-1]:.0f}; actions accepted after the step's reply: {late}")
    during = [s for when, s in taps.at if step_start <= when <= step_end]
    print(f"class taps: {len(taps.seconds)} in {round_took:.0f} s, p50 "
          f"{pct(taps.seconds, 50) * 1000:.0f} ms, p99 {pct(taps.seconds, 99) * 1000:.0f} ms, "
          f"timeouts {taps.timeouts}, 5xx {taps.errors5}, failed {taps.failed}; while the "
          f"co-host worked: {len(during)} taps, p99 {pct(during, 99) * 1000:.0f} ms")
    print(f"event streams: {streams.bytes / 1e6:.1f} MB read, {streams.closed} closed by "
          f"the server; load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
