"""Upgrades lose nothing: the schema's migrations, on SQLite and on PostgreSQL.

A teacher's database today was made by ``create_all`` at start, with no record of
its version. ``tests/fixtures/legacy-create_all.sqlite`` is one: a finished game, a
game in progress and one in its lobby, made by ``tests/legacy_fixture.py`` on the
last commit before migrations (its docstring says how to make it again). On
PostgreSQL the same rows go into the tables that commit's ``create_all`` made
there (``legacy-create_all.postgresql.sql``), as a restored dump would.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from legacy_fixture import EXPECTED_NAME, FIXTURES, POSTGRESQL_NAME, SQLITE_NAME
from liveserver import free_port, request
from pgkit import fresh_database, require_postgres
from sqlalchemy import MetaData, create_engine, inspect, select, text
from sqlalchemy.engine import Engine

from dicehero.cli import main
from dicehero.store import Store, schema
from dicehero.store.db import normalise_url
from dicehero.store.models import Base
from dicehero.web import create_app

LEGACY = FIXTURES / SQLITE_NAME
EXPECTED: list[dict[str, Any]] = json.loads((FIXTURES / EXPECTED_NAME).read_text())


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_url(request, tmp_path) -> Iterator[str]:
    """An empty database: a new SQLite file, or a new PostgreSQL database."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'dicehero.sqlite'}"
        return
    require_postgres()
    with fresh_database() as url:
        yield url


@pytest.fixture
def legacy_url(empty_url) -> str:
    """A database as ``create_all`` made it before migrations, holding the fixture's games."""
    if empty_url.startswith("sqlite"):
        shutil.copy(LEGACY, empty_url.removeprefix("sqlite:///"))
    else:
        _load_legacy_postgresql(empty_url)
    return empty_url


@pytest.fixture
def engines() -> Iterator[Any]:
    """Open engines on URLs (the store's own setup); all disposed after the test."""
    opened: list[Engine] = []

    def open_(url: str) -> Engine:
        opened.append(Store(url).engine)
        return opened[-1]

    yield open_
    for engine in opened:
        engine.dispose()


def _load_legacy_postgresql(url: str) -> None:
    lite = create_engine(f"sqlite:///{LEGACY}")
    pg = create_engine(normalise_url(url))
    try:
        with pg.begin() as conn:
            ddl = (FIXTURES / POSTGRESQL_NAME).read_text()
            for statement in ddl.split(";\n"):
                if statement.strip("\n -") and "CREATE" in statement:
                    conn.exec_driver_sql(statement)
            source, target = MetaData(), MetaData()
            source.reflect(lite)
            target.reflect(conn)
            with lite.connect() as src:
                for table in target.sorted_tables:
                    rows = [dict(r) for r in src.execute(select(source.tables[table.name]))
                            .mappings()]
                    if rows:
                        conn.execute(table.insert(), rows)
                    if "id" in table.c:  # as pg_dump does: the sequences go on after the rows
                        conn.execute(text(f"SELECT setval(pg_get_serial_sequence('{table.name}',"
                                          f" 'id'), (SELECT max(id) FROM {table.name}))"))
    finally:
        lite.dispose()
        pg.dispose()


def _legacy_columns() -> dict[str, list[str]]:
    with sqlite3.connect(LEGACY) as con:
        tables = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        return {t: [c[1] for c in con.execute(f"PRAGMA table_info({t})")] for t in tables}


def snapshot(engine: Engine) -> dict[str, list[tuple]]:
    """Every row of every table the legacy database had, in its legacy columns, by key."""
    meta = MetaData()
    meta.reflect(engine)
    out = {}
    with engine.connect() as conn:
        for name, columns in _legacy_columns().items():
            table = meta.tables[name]
            key = [table.c[c] for c in inspect(engine).get_pk_constraint(name)
                   ["constrained_columns"]]
            rows = conn.execute(select(*(table.c[c] for c in columns)).order_by(*key))
            out[name] = [tuple(r) for r in rows]
    return out


def differences(engine: Engine) -> list[Any]:
    """What autogenerate would write: the models against the database's tables."""
    with engine.connect() as conn:
        return compare_metadata(MigrationContext.configure(conn), Base.metadata)


def _version_rows(engine: Engine) -> list[str]:
    with engine.connect() as conn:
        return list(conn.execute(text("SELECT version_num FROM alembic_version")).scalars())


@pytest.fixture
def apps() -> Iterator[Any]:
    """Open apps on URLs; after the test each one's par work is settled and its engine
    disposed. Par's worker reads the database after a roll: disposing under it left its
    connection open on a dropped PostgreSQL database, an unraisable warning at exit."""
    opened: list[Any] = []

    def open_(url: str, **config: Any) -> Any:
        opened.append(create_app({"TESTING": True, "DATABASE_URL": url, **config}))
        return opened[-1]

    yield open_
    for app in opened:
        assert app.extensions["dicehero.games"].par_work.settle()
        app.extensions["dicehero.store"].engine.dispose()

# -- the migrations and the models --------------------------------------------------------------


def test_the_migrations_build_exactly_what_the_models_describe(empty_url, engines):
    engine = engines(empty_url)
    schema.upgrade_by_migrations(engine)
    diff = differences(engine)
    assert diff == [], ("the models changed without a migration: run "
                        f"`dicehero db revision -m '...'` (docs/DEPLOY.md). Differences: {diff}")


def test_the_migrations_have_one_head():
    assert len(schema.scripts().get_heads()) == 1


def test_an_empty_database_gets_every_table_and_is_stamped_head(empty_url, engines):
    engine = engines(empty_url)
    before, after = schema.upgrade(engine)
    assert before.empty and after.current == schema.head()
    assert differences(engine) == [] and _version_rows(engine) == [schema.head()]


# -- a teacher's database from before migrations ------------------------------------------------


def test_a_database_made_before_migrations_is_upgraded_with_nothing_lost(legacy_url, engines,
                                                                         apps):
    engine = engines(legacy_url)
    rows = snapshot(engine)
    assert len(rows["games"]) == 3 and rows["actions"] and rows["events"] and rows["doodles"]
    before, after = apps(legacy_url).extensions["dicehero.schema"]
    assert before.legacy and after.current == schema.head()
    assert snapshot(engine) == rows
    assert differences(engine) == []


def test_after_the_upgrade_every_game_reads_as_before(legacy_url, apps):
    app = apps(legacy_url)
    client = app.test_client()
    for game in EXPECTED:
        state = client.get(f"/api/games/{game['code']}").json
        assert (state["status"], state["roll"], state["last_event_id"]) == (
            game["status"], game["roll"], game["last_event_id"])
        assert [r["dice"] for r in state["rolls"]] == game["rolls"]
        board = client.get(f"/api/games/{game['code']}/scores").json["leaderboard"]
        assert [[e["name"], e["total"], e["rank"]] for e in board] == game["leaderboard"]


def test_after_the_upgrade_the_game_in_progress_goes_on(legacy_url, apps):
    app = apps(legacy_url)
    client = app.test_client()
    game = next(g for g in EXPECTED if g["status"] == "playing")
    code, host = game["code"], {"Authorization": f"Bearer {game['host_secret']}"}
    for n, (pid, secret) in enumerate(game["players"].values()):
        r = client.post(f"/api/games/{code}/players/{pid}/actions",
                        json={"action": {"type": "done"}, "roll": 2,
                              "idempotency_key": f"after-upgrade-{n}"},
                        headers={"Authorization": f"Bearer {secret}"})
        assert r.status_code == 200, r.json
    r = client.post(f"/api/games/{code}/rolls", json={}, headers=host)
    assert r.status_code == 201 and r.json["number"] == 3
    r = client.post(f"/api/games/{code}/players", json={"name": "Newcomer"})
    assert r.status_code == 201 and r.json["player"]["id"] > 9  # new rows get new ids
    assert client.get(f"/api/games/{code}").json["last_event_id"] > game["last_event_id"]
    assert client.post("/api/games", json={}).status_code == 201


def test_a_second_start_finds_nothing_to_upgrade(legacy_url, engines):
    schema.upgrade(engines(legacy_url))
    before, after = schema.upgrade(engines(legacy_url))
    assert before == after and after.up_to_date


# -- several processes, and databases the code cannot use ---------------------------------------

_RACER = """
import pathlib, sys, time
from dicehero.store import Store, schema
store = Store(sys.argv[1])
ready, go = pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3])
ready.touch()
while not go.exists():
    time.sleep(0.005)
before, after = schema.upgrade(store.engine)
print(before.current == after.current)
"""


@pytest.mark.parametrize("kind", ["empty", "legacy"])
def test_servers_starting_at_once_upgrade_the_database_once(kind, empty_url, tmp_path, engines):
    url = empty_url if kind == "empty" else _to_legacy(empty_url)
    go = tmp_path / "go"
    racers = [subprocess.Popen([sys.executable, "-c", _RACER, url, str(tmp_path / f"ready{i}"),
                                str(go)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True) for i in range(3)]
    deadline = time.monotonic() + 60
    while not all((tmp_path / f"ready{i}").exists() for i in range(3)):
        assert time.monotonic() < deadline, "the racers did not start"
        time.sleep(0.01)
    go.touch()
    results = [r.communicate(timeout=120) for r in racers]
    assert [r.returncode for r in racers] == [0, 0, 0], results
    assert sorted(out.strip() for out, _ in results) == ["False", "True", "True"], results
    engine = engines(url)
    assert _version_rows(engine) == [schema.head()] and differences(engine) == []
    if kind == "legacy":
        assert len(snapshot(engine)["actions"]) == 67


def _to_legacy(url: str) -> str:
    if url.startswith("sqlite"):
        shutil.copy(LEGACY, url.removeprefix("sqlite:///"))
    else:
        _load_legacy_postgresql(url)
    return url


def test_a_database_from_a_newer_dicehero_is_refused_and_left_alone(empty_url, engines, apps):
    engine = engines(empty_url)
    schema.upgrade(engine)
    with engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    with pytest.raises(schema.SchemaError, match="a newer dicehero upgraded it"):
        apps(empty_url)
    assert _version_rows(engine) == ["9999"]


def test_without_auto_upgrade_a_database_behind_is_refused_with_the_command(legacy_url, engines,
                                                                           apps):
    with pytest.raises(schema.SchemaError, match="Upgrade it first: dicehero db upgrade"):
        apps(legacy_url, SCHEMA_AUTO_UPGRADE=False)
    assert not inspect(engines(legacy_url)).has_table("alembic_version")


def test_without_auto_upgrade_a_database_at_head_starts(empty_url, engines, apps):
    schema.upgrade(engines(empty_url))
    app = apps(empty_url, SCHEMA_AUTO_UPGRADE=False)
    assert app.test_client().post("/api/games", json={}).status_code == 201


# -- the commands --------------------------------------------------------------------------------


def test_db_on_a_version_table_of_two_rows_is_a_message_not_a_traceback(tmp_path, capsys):
    url = f"sqlite:///{tmp_path / 'two.sqlite'}"
    engine = create_engine(url)
    try:
        schema.upgrade(engine)
        with engine.begin() as conn:
            conn.execute(text("INSERT INTO alembic_version (version_num) VALUES ('0002')"))
    finally:
        engine.dispose()
    for action in ("current", "upgrade"):
        assert main(["db", action, "--database-url", url]) == 2
        err = capsys.readouterr().err
        assert ("dicehero db: The database's table alembic_version holds several revisions "
                "(0002, ") in err, err
        assert "Traceback" not in err


def test_db_current_then_upgrade_on_a_database_made_before_migrations(tmp_path, capsys):
    db = tmp_path / "old.sqlite"
    shutil.copy(LEGACY, db)
    url = f"sqlite:///{db}"
    assert main(["db", "current", "--database-url", url]) == 1
    assert "none (tables made before migrations)" in capsys.readouterr().out
    assert main(["db", "upgrade", "--database-url", url]) == 0
    assert (f"upgraded from none (tables made before migrations) to {schema.head()}"
            in capsys.readouterr().out)
    assert main(["db", "current", "--database-url", url]) == 0
    assert "up to date" in capsys.readouterr().out


def test_db_upgrade_finds_the_instance_database_like_the_server(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("DATABASE_URL", raising=False)
    shutil.copy(LEGACY, tmp_path / "dicehero.sqlite")
    assert main(["db", "upgrade", "--instance", str(tmp_path)]) == 0
    assert str(tmp_path / "dicehero.sqlite") in capsys.readouterr().out


def test_db_current_on_an_unreachable_database_is_a_message_not_a_traceback(capsys):
    assert main(["db", "current", "--database-url",
                 "postgresql://nobody@127.0.0.1:9/none"]) == 2
    assert capsys.readouterr().err.startswith("dicehero db: cannot use the database:")


def test_db_revision_with_the_models_unchanged_writes_nothing(capsys):
    versions = sorted(p.name for p in (schema.MIGRATIONS / "versions").glob("*.py"))
    assert main(["db", "revision", "-m", "nothing"]) == 1
    assert "nothing to write" in capsys.readouterr().err
    assert sorted(p.name for p in (schema.MIGRATIONS / "versions").glob("*.py")) == versions


def test_serve_refuses_a_database_from_a_newer_dicehero_with_a_message(tmp_path, engines):
    url = f"sqlite:///{tmp_path / 'new.sqlite'}"
    engine = engines(url)
    schema.upgrade(engine)
    with engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    r = subprocess.run([sys.executable, "-m", "dicehero.cli", "serve", "--no-qr", "--port", "0",
                        "--host", "127.0.0.1", "--database-url", url],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "a newer dicehero upgraded it" in r.stderr
    assert "Traceback" not in r.stderr



@pytest.mark.slow
def test_a_teacher_starts_the_new_version_on_the_old_instance_and_every_game_is_there(tmp_path):
    shutil.copy(LEGACY, tmp_path / "dicehero.sqlite")
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "dicehero.cli", "serve", "--no-qr",
                               "--host", "127.0.0.1", "--port", str(port),
                               "--instance", str(tmp_path)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        said = [server.stdout.readline() for _ in range(3)]
        assert said[0].startswith(f"The database was upgraded to revision {schema.head()}")
        assert said[2].startswith(f"Only this computer can open: http://127.0.0.1:{port}/")
        for game in EXPECTED:
            status, board = request(port, "GET", f"/api/games/{game['code']}/scores")
            assert status == 200
            assert [[e["name"], e["total"], e["rank"]] for e in board["leaderboard"]] == (
                game["leaderboard"])
    finally:
        server.terminate()
        server.communicate(timeout=10)


def test_db_refuses_a_database_from_a_newer_dicehero_in_dicehero_lang(tmp_path, monkeypatch,
                                                                      capsys):
    url = f"sqlite:///{tmp_path / 'newer.sqlite'}"
    engine = create_engine(url)
    try:
        schema.upgrade(engine)
        with engine.begin() as conn:
            conn.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    finally:
        engine.dispose()
    monkeypatch.setenv("DICEHERO_LANG", "fr")
    assert main(["db", "upgrade", "--database-url", url]) == 2
    err = capsys.readouterr().err
    assert "La base de données est à la révision 9999, que ce dicehero ne connaît pas" in err
    assert "newer dicehero" not in err



def test_0013_adds_paper_waits_and_takes_them_away_again(empty_url, engines):
    from alembic import command

    engine = engines(empty_url)
    schema.upgrade_by_migrations(engine)
    assert "paper_waits" in inspect(engine).get_table_names()
    with engine.connect() as conn, conn.begin():
        command.downgrade(schema.alembic_config(conn), "0012")
    assert "paper_waits" not in inspect(engine).get_table_names()
    assert _version_rows(engine) == ["0012"]
    schema.upgrade_by_migrations(engine)
    assert differences(engine) == [] and _version_rows(engine) == [schema.head()]


def test_0014_adds_the_refusal_of_a_check_and_takes_it_away_again(empty_url, engines):
    from alembic import command

    engine = engines(empty_url)
    schema.upgrade_by_migrations(engine)
    with engine.connect() as conn, conn.begin():
        command.downgrade(schema.alembic_config(conn), "0013")
    columns = [c["name"] for c in inspect(engine).get_columns("paper_waits")]
    assert "refusal" not in columns and "token" in columns
    schema.upgrade_by_migrations(engine)
    assert differences(engine) == [] and _version_rows(engine) == [schema.head()]


def test_0015_adds_generated_names_and_takes_them_away_again(empty_url, engines):
    from alembic import command

    engine = engines(empty_url)
    schema.upgrade_by_migrations(engine)
    assert "name_offers" in inspect(engine).get_table_names()
    with engine.connect() as conn, conn.begin():
        command.downgrade(schema.alembic_config(conn), "0014")
    assert "name_offers" not in inspect(engine).get_table_names()
    assert "generated_names" not in {c["name"] for c in inspect(engine).get_columns("games")}
    assert _version_rows(engine) == ["0014"]
    schema.upgrade_by_migrations(engine)
    assert differences(engine) == [] and _version_rows(engine) == [schema.head()]
