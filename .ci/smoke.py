"""Smoke test of a running server, as a teacher and one phone would first meet it.

Usage: python3 .ci/smoke.py http://127.0.0.1:5000 [INSTANCE_DIR]
Standard library only: it runs before (and without) the project's virtual environment.
Creates a game, joins a hero, and fetches the home, host and phone pages. With INSTANCE_DIR
(the instance folder of the server meant to answer), it also checks that the game went into
that server's database: another server on the same port would pass every other step.
"""

from __future__ import annotations

import json
import sqlite3
import sys
import time
import urllib.request
from contextlib import closing
from pathlib import Path


def call(base: str, method: str, path: str, body: dict | None = None) -> tuple[int, bytes]:
    """One request; the status and the body."""
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, method=method,
                                 headers={"Content-Type": "application/json"} if data else {})
    with urllib.request.urlopen(req, timeout=10) as resp:
        return resp.status, resp.read()


def wait_up(base: str, seconds: float = 120) -> None:
    """Wait until the server answers (the install before it may take a while)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            call(base, "GET", "/")
            return
        except OSError:
            if time.monotonic() > deadline:
                sys.exit(f"smoke: nothing answers at {base} after {seconds:.0f} s")
            time.sleep(0.5)


def stored_in(instance: Path, code: str) -> bool:
    """Whether the game ``code`` is in the SQLite database of the instance folder."""
    db = instance / "dicehero.sqlite"
    if not db.exists():
        return False
    with closing(sqlite3.connect(f"{db.as_uri()}?mode=ro", uri=True, timeout=10)) as conn:
        return conn.execute("SELECT 1 FROM games WHERE code = ?", (code,)).fetchone() is not None


def main(base: str, instance: Path | None = None) -> None:
    """Every step must answer 2xx with what a page or phone needs."""
    wait_up(base)
    status, raw = call(base, "POST", "/api/games", {})
    game = json.loads(raw)
    code = game["code"]
    assert status == 201 and game["host_secret"], (status, raw[:200])
    status, raw = call(base, "POST", f"/api/games/{code}/players", {"name": "Smoke Hero"})
    assert status == 201 and json.loads(raw)["secret"], (status, raw[:200])
    for path, needle in (("/", b"<html"), ("/host", b"<html"), (f"/host/{code}", code.encode()),
                         (f"/play/{code}", code.encode())):
        status, raw = call(base, "GET", path)
        assert status == 200 and needle in raw, (path, status, raw[:200])
    if instance is not None and not stored_in(instance, code):
        sys.exit(f"smoke: the server at {base} is not the one meant: game {code} is not in "
                 f"{instance / 'dicehero.sqlite'} (is another server on that port?)")
    print(f"smoke: game {code} created, a hero joined, /, /host, /host/{code} and "
          f"/play/{code} served" + (f"; the game is in {instance}" if instance else ""))


if __name__ == "__main__":
    main(sys.argv[1].rstrip("/"), Path(sys.argv[2]) if len(sys.argv) > 2 else None)
