"""The class of bench_mixed: phones that join, choose, follow the game on their event
stream, get their sheet after each roll and tap their dice with think time on kept-alive
connections, and the host who rolls when they are done; the taps' latencies and outcomes,
and each roll's wait until a phone can tap. Kept apart from the hostile loads beside it."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import random
import socket
import threading
import time
from typing import Any

CLASS, LAPTOP = "127.0.0.1", "127.0.0.2"
TIMEOUT = 10.0
PUSH_WAIT = 4.0  # the phone page's wait for its sheet on the stream before it reads it


class Client:
    """One kept-alive HTTP connection from ``source``; JSON in and out, cookies kept."""

    def __init__(self, port: int, source: str = CLASS) -> None:
        self.port, self.source = port, source
        self.conn: http.client.HTTPConnection | None = None
        self.cookie = ""

    def call(self, method: str, path: str, body: Any = None,
             secret: str | None = None) -> tuple[int, Any, float]:
        """``(status, reply, seconds)``; status 0 for a timeout, -1 for a broken connection."""
        headers = {"Content-Type": "application/json"}
        if secret:
            headers["Authorization"] = f"Bearer {secret}"
        if self.cookie:
            headers["Cookie"] = self.cookie
        data = None if body is None else json.dumps(body)
        t = time.perf_counter()
        for attempt in range(2):  # a kept-alive connection the server closed: once more
            if self.conn is None:
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=TIMEOUT,
                                                       source_address=(self.source, 0))
            try:
                self.conn.request(method, path, body=data, headers=headers)
                resp = self.conn.getresponse()
                raw = resp.read()
                cookie = resp.getheader("Set-Cookie")
                if cookie:
                    self.cookie = cookie.split(";", 1)[0]
                if resp.getheader("Connection", "").lower() == "close":
                    self.close()
                try:
                    reply = json.loads(raw) if raw else None
                except ValueError:
                    reply = None
                return resp.status, reply, time.perf_counter() - t
            except TimeoutError:
                self.close()
                return 0, None, time.perf_counter() - t
            except (OSError, http.client.HTTPException):
                self.close()
                if attempt:
                    return -1, None, time.perf_counter() - t
        raise AssertionError("unreachable")

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None


class Taps:
    """Every tap's latency and outcome during one load."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.seconds: list[float] = []
        self.timeouts = self.errors5 = self.failed = 0
        self.ready: list[float] = []  # seconds from the host's roll to a phone able to tap
        self.unpushed = 0  # phones that read their sheet: none came on the stream in time

    def add(self, status: int, seconds: float) -> None:
        with self.lock:
            if status == 0:
                self.timeouts += 1
            elif status < 0:
                self.failed += 1
            else:
                self.seconds.append(seconds)
                if status >= 500:
                    self.errors5 += 1


def pct(values: list[float], p: float) -> float:
    """The p-th percentile (nearest rank); nan for none."""
    s = sorted(values)
    return s[min(len(s) - 1, int(len(s) * p / 100))] if s else float("nan")


def ready_text(result: dict[str, Any]) -> str:
    """A load's roll -> ready to tap over every phone and roll, and how many phones had to
    read their sheet (none came on their stream within the page's wait)."""
    ready = result.get("ready", [])
    return (f"roll -> ready to tap p50 {pct(ready, 50) * 1000:.0f} p99 "
            f"{pct(ready, 99) * 1000:.0f} ms (read {result.get('unpushed', 0)})")


def new_game(port: int) -> tuple[str, str]:
    """A new game (asked again for up to a minute: the last load may still hold the server)."""
    deadline = time.monotonic() + 60
    while True:
        status, g, _ = Client(port).call("POST", "/api/games", {})
        if status == 201:
            return g["code"], g["host_secret"]
        if time.monotonic() > deadline:
            raise RuntimeError(f"the server does not create a game ({status})")
        time.sleep(1)


class Stream:
    """A phone's event stream with its hero and stream key, as the page follows the game:
    each sheet the server pushes after a roll is kept with the moment it came."""

    def __init__(self, port: int, code: str, view: dict[str, Any]) -> None:
        me = view["player"]
        self.path = f"/api/games/{code}/events?hero={me['id']}&key={me['stream_key']}"
        self.port, self.last = port, view["game"]["last_event_id"]
        self.sheets: dict[int, tuple[float, dict[str, Any]]] = {}  # roll: (when, sheet)
        self.came = threading.Condition()
        self.sock: socket.socket | None = None
        self.closed = False
        self.opened = threading.Event()
        threading.Thread(target=self._follow, daemon=True).start()
        self.opened.wait(TIMEOUT)  # a sheet is pushed to the streams open at the roll

    def _follow(self) -> None:
        while not self.closed:  # a stream the server closed is opened again, as a page does
            conn = http.client.HTTPConnection("127.0.0.1", self.port,
                                              source_address=(CLASS, 0))
            try:
                conn.request("GET", self.path, headers={"Last-Event-ID": str(self.last)})
                self.sock = conn.sock
                resp = conn.getresponse()
                self.opened.set()
                while line := resp.readline():
                    if line.startswith(b"id: "):
                        with self.came:
                            self.last = int(line[4:])
                            self.came.notify_all()
                    elif line.startswith(b"data: ") and b'"type":"sheet"' in line:
                        view = json.loads(line[6:])["data"]  # keys sorted: "data" first
                        with self.came:
                            self.sheets[view["game"]["roll"]] = (time.perf_counter(), view)
                            self.came.notify_all()
            except (OSError, ValueError, http.client.HTTPException):
                pass
            finally:
                conn.close()
            time.sleep(0.5)

    def has(self, seq: int, seconds: float) -> bool:
        """Whether the stream has had event ``seq`` (or waits for it up to ``seconds``)."""
        with self.came:
            return self.came.wait_for(lambda: self.last >= seq, seconds)

    def wait(self, roll: int, seconds: float) -> tuple[float, dict[str, Any]] | None:
        """When this roll's sheet came and the sheet, if it comes within ``seconds``."""
        with self.came:
            self.came.wait_for(lambda: roll in self.sheets, seconds)
            return self.sheets.get(roll)

    def close(self) -> None:
        self.closed = True
        if self.sock is not None:
            with contextlib.suppress(OSError):
                self.sock.shutdown(socket.SHUT_RDWR)


class Tapper:
    """A hero's phone that taps: its connection, game, hero and secret."""

    client: Client
    code: str
    pid: int
    secret: str

    def _act(self, action: dict[str, Any], roll: int, taps: Taps) -> dict[str, Any] | None:
        body = {"action": action, "roll": roll, "idempotency_key": os.urandom(8).hex()}
        status, reply, took = self.client.call(
            "POST", f"/api/games/{self.code}/players/{self.pid}/actions", body, self.secret)
        taps.add(status, took)
        return reply.get("sheet") if status == 200 and reply else None


class Phone(Tapper):
    """A phone of the class: its hero, its connection and what it may do now."""

    def __init__(self, port: int, code: str, i: int) -> None:
        self.client = Client(port)
        self.code = code
        self.client.call("GET", f"/play/{code}")  # the join page: a device cookie
        status, j, _ = self.client.call("POST", f"/api/games/{code}/players",
                                        {"name": f"Kid {i}"})
        assert status == 201, j
        self.pid, self.secret = j["player"]["id"], j["secret"]
        self.rng = random.Random(i)
        self.stream: Stream | None = None

    def close(self) -> None:
        self.client.close()
        if self.stream:
            self.stream.close()

    def choose(self, taps: Taps) -> None:
        status, view, _ = self.client.call("GET", f"/api/games/{self.code}/players/{self.pid}"
                                                  "?edition=0", secret=self.secret)
        # No offer when the host's offer or this read went unanswered (a hostile load can
        # starve both): the hero plays on without a superpower instead of its thread dying.
        offer = view["sheet"]["legal"]["choose"] if status == 200 and view else []
        if status == 200 and view and "stream_key" in view["player"]:  # else: read at once
            self.stream = Stream(self.client.port, self.code, view)
        if offer:  # read, thought over (the whole class sees the offer at once), tapped
            time.sleep(self.rng.uniform(0.3, 1.2))
            self._act({"type": "choose", "superpower": offer[0]}, 0, taps)

    def play_round(self, roll: int, taps: Taps, rolled: float) -> None:
        """Get the sheet after the roll (pushed on the stream, or read after a wait as the page
        does), tap the dice with think time, then Done. ``rolled``: when the host rolled."""
        pushed = self.stream.wait(roll, PUSH_WAIT) if self.stream else None
        if pushed:
            at, view = pushed
        else:
            status, view, _ = self.client.call(
                "GET", f"/api/games/{self.code}/players/{self.pid}?edition=0", secret=self.secret)
            at, view = time.perf_counter(), view if status == 200 else None
        sheet = view["sheet"] if view else None
        with taps.lock:
            taps.unpushed += not pushed
            if sheet:
                taps.ready.append(at - rolled)
        for _ in range(12):
            time.sleep(self.rng.uniform(0.3, 1.2))
            options = [opts for opts in (sheet["legal"]["dice"] if sheet else []) if opts]
            action = self.rng.choice(options[0]) if options else {"type": "done"}
            after = self._act(action, roll, taps)
            if action["type"] == "done":
                return
            sheet = after


def play(port: int, phones: list[Phone], code: str, host: str, rounds: int,
         taps: Taps) -> None:
    """The class plays ``rounds`` rounds; the host rolls once everyone is done (or 30 s)."""
    hostc = Client(port)
    hostc.call("POST", f"/api/games/{code}/offer", {}, host)
    threads = [threading.Thread(target=p.choose, args=(taps,)) for p in phones]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    # A page reconnects a stream that fell behind in the burst of joins: all are caught up
    # before the first roll, as a class that joined over minutes would be.
    _, game, _ = hostc.call("GET", f"/api/games/{code}")
    for p in phones:
        if p.stream and game:
            p.stream.has(game["last_event_id"], TIMEOUT)
    for roll in range(1, rounds + 1):
        rolled = time.perf_counter()
        hostc.call("POST", f"/api/games/{code}/rolls", {"go_on": True}, host)
        threads = [threading.Thread(target=p.play_round, args=(roll, taps, rolled))
                   for p in phones]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=60)
