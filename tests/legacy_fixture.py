"""The database a teacher has today: made by the code before migrations, kept under tests/fixtures.

``tests/fixtures/legacy-create_all.sqlite`` was made by this script on commit 0052e1b (the last
schema made by ``Base.metadata.create_all`` at start, before Alembic), and
``legacy-create_all.postgresql.sql`` is the DDL that same ``create_all`` issued on PostgreSQL;
``legacy-create_all.expected.json`` has each game's secrets, state and leaderboard as that
code served them.
The upgrade tests (``tests/test_store_migrations.py``) upgrade copies of them to head.

To make them again, run this file with THAT commit's code (it uses only ``create_app`` and
the JSON API, so it runs on any version)::

    git worktree add /tmp/legacy 0052e1b
    cd /tmp/legacy && python3 -m venv .venv && .venv/bin/pip install -q -e .
    .venv/bin/python /path/to/tests/legacy_fixture.py /path/to/tests/fixtures

What it holds: a finished game (three rounds, three heroes of whom one was renamed and one
removed, a doodle, a paper hero's sheet), a game in progress (typed dice, a timer, half a
round played, an undo, a latecomer) and a game still in its lobby.
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
import tempfile
from pathlib import Path
from typing import Any

FIXTURES = Path(__file__).parent / "fixtures"
SQLITE_NAME = "legacy-create_all.sqlite"
POSTGRESQL_NAME = "legacy-create_all.postgresql.sql"
EXPECTED_NAME = "legacy-create_all.expected.json"

PNG = ("data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4"
       "nGP4DwABAQEAG7buVgAAAABJRU5ErkJggg==")


def _preference(action: dict[str, Any]) -> int:
    # Actions that score first, so the leaderboard has something to keep.
    order = ("help", "minion", "power", "move")
    kind = action.get("type")
    return order.index(kind) if kind in order else len(order)


class _Play:
    """The JSON API through a test client, playing the first legal move of each die."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self.keys = 0

    def post(self, path: str, body: dict[str, Any], secret: str | None = None,
             method: str = "post") -> dict[str, Any]:
        headers = {"Authorization": f"Bearer {secret}"} if secret else {}
        r = getattr(self.client, method)(path, json=body, headers=headers)
        assert r.status_code in (200, 201), (path, r.status_code, r.get_json())
        return r.get_json()

    def create(self, **body: Any) -> tuple[str, str]:
        r = self.post("/api/games", body)
        return r["code"], r["host_secret"]

    def join(self, code: str, name: str, paper: bool = False,
             host: str | None = None) -> tuple[int, str]:
        body: dict[str, Any] = {"name": name, "paper": True} if paper else {"name": name}
        r = self.post(f"/api/games/{code}/players", body, host if paper else None)
        return r["player"]["id"], r["secret"]

    def sheet(self, code: str, pid: int, secret: str) -> dict[str, Any]:
        r = self.client.get(f"/api/games/{code}/players/{pid}?edition=0",
                            headers={"Authorization": f"Bearer {secret}"})
        assert r.status_code == 200, r.get_json()
        return r.get_json()["sheet"]

    def act(self, code: str, pid: int, secret: str, action: dict[str, Any]) -> None:
        self.keys += 1
        roll = self.client.get(f"/api/games/{code}").get_json()["roll"]
        self.post(f"/api/games/{code}/players/{pid}/actions",
                  {"action": action, "roll": roll, "idempotency_key": f"fixture-{self.keys}"},
                  secret)

    def play_round(self, code: str, pid: int, secret: str, dice: int = 4,
                   done: bool = True) -> None:
        """Choose a superpower if asked, spend up to ``dice`` dice, then say done."""
        sheet = self.sheet(code, pid, secret)
        if sheet["legal"].get("choose"):
            self.act(code, pid, secret, {"type": "choose",
                                         "superpower": sheet["legal"]["choose"][0]})
        for _ in range(dice):
            sheet = self.sheet(code, pid, secret)
            options = [a for per_die in sheet["legal"].get("dice", []) for a in per_die]
            if not options:
                break
            self.act(code, pid, secret, min(options, key=_preference))
        if done:
            self.act(code, pid, secret, {"type": "done"})


def build(client: Any) -> list[dict[str, Any]]:
    """Play the three games through the API; returns what each looks like afterwards."""
    p = _Play(client)
    games: list[dict[str, Any]] = []

    def keep(code: str, host: str, heroes: dict[str, tuple[int, str]]) -> None:
        games.append({"code": code, "host_secret": host,
                      "players": {n: [i, s] for n, (i, s) in heroes.items()}})

    # A finished game: rolled from the seed, ended by itself when all were done.
    code, host = p.create(rounds=3)
    heroes = {name: p.join(code, name) for name in ("Ann", "Bo", "Zoë ✨", "Gone")}
    pen = p.join(code, "Pen", paper=True, host=host)  # the host writes a paper hero in
    p.post(f"/api/games/{code}/players/{heroes['Bo'][0]}", {"name": "Bob"}, host,
           method="patch")
    p.post(f"/api/games/{code}/players/{heroes['Gone'][0]}", {}, host, method="delete")
    del heroes["Gone"]
    p.post(f"/api/games/{code}/players/{heroes['Ann'][0]}/doodle", {"png": PNG},
           heroes["Ann"][1], method="put")
    p.post(f"/api/games/{code}/offer", {}, host)
    for _ in range(3):
        p.post(f"/api/games/{code}/rolls", {}, host)
        for pid, secret in heroes.values():
            p.play_round(code, pid, secret)
    p.post(f"/api/games/{code}/players/{pen[0]}/paper",
           {"superpower": None, "rounds": [[], [], []]}, pen[1], method="put")
    keep(code, host, {**heroes, "Pen": pen})

    # A game in progress: typed dice, one superpower offer each, a timer, half a round.
    code, host = p.create(rounds=5, power_mode="each")
    heroes = {name: p.join(code, name) for name in ("Kim", "Lee")}
    p.post(f"/api/games/{code}/rolls", {"dice": [1, 2, 3, 4]}, host)
    for pid, secret in heroes.values():
        p.play_round(code, pid, secret)
    p.post(f"/api/games/{code}/rolls", {"dice": [6, 5, 4, 3]}, host)
    kim, lee = heroes["Kim"], heroes["Lee"]
    p.play_round(code, *kim, dice=2, done=False)
    p.act(code, *kim, {"type": "undo"})
    p.play_round(code, *lee, dice=1, done=False)
    late = p.join(code, "Late")
    p.play_round(code, *late, dice=1, done=False)
    p.post(f"/api/games/{code}/timer", {"seconds": 90}, host)
    keep(code, host, {**heroes, "Late": late})

    # A game still in its lobby.
    code, host = p.create(rounds=2)
    keep(code, host, {"Solo": p.join(code, "Solo")})

    for game in games:
        state = client.get(f"/api/games/{game['code']}").get_json()
        board = client.get(f"/api/games/{game['code']}/scores").get_json()["leaderboard"]
        game.update(status=state["status"], roll=state["roll"],
                    rolls=[r["dice"] for r in state["rolls"]],
                    last_event_id=state["last_event_id"],
                    leaderboard=[[e["name"], e["total"], e["rank"]] for e in board])
    return games


def main(out: Path) -> None:
    """Write both fixtures into ``out``."""
    from sqlalchemy.dialects import postgresql
    from sqlalchemy.schema import CreateIndex, CreateTable

    from dicehero.store.models import Base
    from dicehero.web import create_app

    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "legacy.sqlite"
        app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{db}"})
        expected = build(app.test_client())
        app.extensions["dicehero.store"].engine.dispose()
        con = sqlite3.connect(db)
        con.execute("PRAGMA journal_mode=DELETE")  # one self-contained file, no -wal beside
        con.execute("VACUUM")
        con.close()
        target = out / SQLITE_NAME
        target.write_bytes(db.read_bytes())
    dialect = postgresql.dialect()
    ddl = []
    for table in Base.metadata.sorted_tables:
        ddl.append(str(CreateTable(table).compile(dialect=dialect)).strip() + ";")
        ddl.extend(str(CreateIndex(ix).compile(dialect=dialect)).strip() + ";"
                   for ix in sorted(table.indexes, key=lambda ix: ix.name or ""))
    header = ("-- The tables that Base.metadata.create_all made on PostgreSQL before migrations\n"
              "-- (commit 0052e1b); written by tests/legacy_fixture.py.\n")
    (out / POSTGRESQL_NAME).write_text(header + "\n\n".join(ddl) + "\n")
    (out / EXPECTED_NAME).write_text(json.dumps(expected, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    os.environ.pop("DATABASE_URL", None)
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else FIXTURES)
