"""A real ``dicehero serve`` process for tests and the benchmark, and a tiny HTTP client."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from dicehero.engine import Edition, Sheet, new_sheet
from dicehero.engine.replay import Replay

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """``dicehero serve`` on 127.0.0.1 with its own instance folder."""

    def __init__(self, instance: Path, port: int | None = None,
                 env: dict[str, str] | None = None, args: tuple[str, ...] = (),
                 root: Path = ROOT) -> None:
        self.instance = instance
        self.root = root  # the checkout whose dicehero runs (another commit, for a benchmark)
        self.port = port or free_port()
        self.env = env or {}  # e.g. DATABASE_URL and REDIS_URL for the scale-out tests
        self.args = args  # e.g. ("--workers", "2")
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 60) -> Server:
        """Start the process and wait until it accepts connections.

        The wait is long because a loaded 2-core machine (CI beside other work) can take
        tens of seconds to import and fork gunicorn's workers; a server that does not
        answer in time is stopped before the error is raised, so no process outlives the
        test that started it."""
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        env.pop("DATABASE_URL", None)
        env.pop("REDIS_URL", None)
        env.update(self.env)
        self.instance.mkdir(parents=True, exist_ok=True)
        log = self.instance / "server.log"
        with open(log, "ab") as err:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "dicehero.cli", "serve", "--host", "127.0.0.1",
                 "--port", str(self.port), "--instance", str(self.instance), "--no-qr",
                 *self.args],
                cwd=self.root, env=env, stdout=subprocess.DEVNULL, stderr=err,
                start_new_session=True)  # its own process group: gunicorn's workers too
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                self.proc.wait()
                raise RuntimeError(log.read_text())
            if self._answers():
                return self
            time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"server did not start in {timeout:.0f} s:\n{log.read_text()}")

    def _answers(self) -> bool:
        """Whether the server answers HTTP. A bare connect is not enough: with no listener,
        a connect from an ephemeral port equal to ours connects the socket to itself (after
        a burst has walked the ephemeral ports), and gunicorn's master listens before any
        worker can answer."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
        try:
            conn.request("GET", "/favicon.ico")
            return conn.getresponse().status < 500
        except (OSError, http.client.HTTPException):
            return False
        finally:
            conn.close()

    def kill(self) -> None:
        """SIGKILL: no clean shutdown at all."""
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()

    def stop(self) -> None:
        """Stop the process (SIGTERM, then SIGKILL)."""
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.kill()

    @property
    def pid(self) -> int:
        """The server's process id."""
        assert self.proc is not None
        return self.proc.pid

    def call(self, method: str, path: str, body: Any = None,
             secret: str | None = None) -> tuple[int, Any]:
        """One request on a fresh connection; returns ``(status, decoded JSON)``."""
        return request(self.port, method, path, body, secret)


class SSEClient:
    """A raw-socket EventSource: connects, then reads events one by one."""

    def __init__(self, port: int, code: str, last_event_id: int | None = None,
                 query: str = "") -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        extra = f"Last-Event-ID: {last_event_id}\r\n" if last_event_id is not None else ""
        self.sock.sendall(f"GET /api/games/{code}/events{query} HTTP/1.1\r\nHost: x\r\n"
                          f"Accept: text/event-stream\r\n{extra}\r\n".encode())
        self.buf = b""
        head = self._until(b"\r\n\r\n")
        assert b" 200 " in head.split(b"\r\n", 1)[0], head

    def _until(self, sep: bytes) -> bytes:
        while sep not in self.buf:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("closed")
            self.buf += chunk
        out, self.buf = self.buf.split(sep, 1)
        return out

    def next_event(self) -> tuple[int | None, dict[str, Any]]:
        """The next event's id (None for a message to this client alone) and JSON (chunk
        framing and comments are skipped)."""
        while True:
            block = self._until(b"\n\n")
            fields = {}
            for line in block.split(b"\n"):
                if b": " in line and not line.startswith(b":"):
                    k, v = line.split(b": ", 1)
                    fields[k.split(b"\r\n")[-1]] = v
            if b"data" in fields:
                seq = int(fields[b"id"]) if b"id" in fields else None
                return seq, json.loads(fields[b"data"])

    def close(self) -> None:
        """Hang up."""
        self.sock.close()


def request(port: int, method: str, path: str, body: Any = None, secret: str | None = None,
            conn: http.client.HTTPConnection | None = None) -> tuple[int, Any]:
    """One JSON request (on ``conn`` if given); ``(status, reply)``."""
    own = conn is None
    conn = conn or http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Content-Type": "application/json"}
    if secret:
        headers["Authorization"] = f"Bearer {secret}"
    try:
        conn.request(method, path, body=None if body is None else json.dumps(body),
                     headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        return resp.status, json.loads(data) if data else None
    finally:
        if own:
            conn.close()


def create_game(srv: Server, **body: Any) -> tuple[str, str]:
    """A new game on ``srv``: ``(code, host secret)``."""
    status, reply = srv.call("POST", "/api/games", body)
    assert status == 201, reply
    return reply["code"], reply["host_secret"]


def long_game(srv: Server, events: int, size: int = 60) -> str:
    """A new game on ``srv`` whose log holds ``events`` timer events of ``size`` more bytes.

    Written straight into the server's SQLite file with the standard library (a long
    game without playing it through the API, on this commit's schema or an older
    one); the events are stored, not published, as a reconnecting client finds them.
    """
    import sqlite3
    from datetime import UTC, datetime

    code, _ = create_game(srv)
    db = sqlite3.connect(srv.instance / "dicehero.sqlite", timeout=10)
    try:
        with db:
            game_id, last = db.execute("SELECT id, last_event_id FROM games WHERE code = ?",
                                       (code,)).fetchone()
            now = datetime.now(UTC).replace(tzinfo=None).isoformat(sep=" ")
            db.executemany(
                "INSERT INTO events (game_id, seq, type, data, created_at) VALUES (?, ?, ?, ?, ?)",
                [(game_id, last + i, "timer", json.dumps(
                    {"type": "timer", "data": {"seconds": i, "ends_at": None,
                                               "note": "x" * size}}, separators=(",", ":")),
                  now) for i in range(1, events + 1)])
            db.execute("UPDATE games SET last_event_id = ? WHERE id = ?",
                       (last + events, game_id))
    finally:
        db.close()
    return code


def join(srv: Server, code: str, name: str) -> tuple[int, str]:
    """A new player of game ``code``: ``(player id, secret)``."""
    status, reply = srv.call("POST", f"/api/games/{code}/players", {"name": name})
    assert status == 201, reply
    return reply["player"]["id"], reply["secret"]


def replay_actions(edition: Edition, offer: tuple[int, ...], rolls: list[list[int]],
                   actions: list[tuple[int, dict[str, Any]]]) -> Sheet:
    """The engine's own fold of one player's ``(roll, action)`` pairs over the rolls."""
    steps = Replay(new_sheet(edition, offer))
    for roll, action in sorted(actions, key=lambda pair: pair[0]):
        steps.catch_up(rolls, roll)
        steps.act(action)
    return steps.catch_up(rolls, len(rolls))


def hard_paper_sheet(server: Server) -> tuple[str, int, str, dict]:
    """A game on the dice of witnesskit's greedy game 7, whose sheet takes the witness search
    some 20,000 states (seconds of CPU): ``(code, paper hero, their secret, the marks)``."""
    from witnesskit import bot_game

    from dicehero.editions import load_edition
    from dicehero.engine.bots import GreedyBot

    played, paper = bot_game(load_edition("classic"), 7, GreedyBot)
    code, host = create_game(server)
    status, pen = server.call("POST", f"/api/games/{code}/players",
                              {"name": "Pen", "paper": True}, host)
    assert status == 201, pen
    assert server.call("POST", f"/api/games/{code}/offer",
                       {"choices": list(played.offer)}, host)[0] == 200
    for dice in played.rolls:
        assert server.call("POST", f"/api/games/{code}/rolls", {"dice": dice}, host)[0] == 201
    return code, pen["player"]["id"], pen["secret"], paper.to_dict()
