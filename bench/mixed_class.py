"""The class of bench_mixed: phones that join, choose, read their sheet and tap their dice
with think time on kept-alive connections, and the host who rolls when they are done; the
taps' latencies and outcomes. Kept apart from the hostile loads that run beside it."""

from __future__ import annotations

import http.client
import json
import os
import random
import threading
import time
from typing import Any

CLASS, LAPTOP = "127.0.0.1", "127.0.0.2"
TIMEOUT = 10.0


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

    def choose(self, taps: Taps) -> None:
        status, view, _ = self.client.call("GET", f"/api/games/{self.code}/players/{self.pid}"
                                                  "?edition=0", secret=self.secret)
        # No offer when the host's offer or this read went unanswered (a hostile load can
        # starve both): the hero plays on without a superpower instead of its thread dying.
        offer = view["sheet"]["legal"]["choose"] if status == 200 and view else []
        if offer:
            self._act({"type": "choose", "superpower": offer[0]}, 0, taps)

    def play_round(self, roll: int, taps: Taps) -> None:
        """Read the sheet after the roll, tap the dice with think time, then Done."""
        status, view, _ = self.client.call(
            "GET", f"/api/games/{self.code}/players/{self.pid}?edition=0", secret=self.secret)
        sheet = view["sheet"] if status == 200 and view else None
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
    for roll in range(1, rounds + 1):
        hostc.call("POST", f"/api/games/{code}/rolls", {"go_on": True}, host)
        threads = [threading.Thread(target=p.play_round, args=(roll, taps)) for p in phones]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=60)
