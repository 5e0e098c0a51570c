"""Real PostgreSQL and Redis for tests: fresh databases and schemas, and a loud failure.

Tests marked ``services`` need both on 127.0.0.1 (CI starts them). They never
skip: an unreachable service fails the test with the command that starts it.
"""

from __future__ import annotations

import os
import secrets
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import quote

import pytest

PG_ADMIN = os.environ.get("DICEHERO_PG_ADMIN", "postgresql://postgres@127.0.0.1:5432/postgres")
REDIS_URL = os.environ.get("DICEHERO_TEST_REDIS", "redis://127.0.0.1:6379/0")
REDIS_START = ["redis-server", "--daemonize", "yes", "--bind", "127.0.0.1", "-::1",
               "--port", "6379", "--save", "", "--appendonly", "no", "--dir",
               "/var/lib/redis", "--logfile", "/var/log/redis/ci.log"]


def _connect(url: str):
    import psycopg

    return psycopg.connect(url, autocommit=True, connect_timeout=3)


def require_postgres() -> None:
    """Fail (never skip) with a clear message if PostgreSQL is not reachable."""
    try:
        _connect(PG_ADMIN).close()
    except Exception as e:
        pytest.fail(f"PostgreSQL is not reachable at {PG_ADMIN} ({e}); start it with "
                    "`pg_ctlcluster <version> main start` (.ci/run does).", pytrace=False)


def require_services() -> None:
    """Fail (never skip) with a clear message if PostgreSQL or Redis is not reachable."""
    require_postgres()
    if not redis_up():
        pytest.fail(f"Redis is not reachable at {REDIS_URL}; start it with "
                    f"`{' '.join(REDIS_START)}` (.ci/run does).", pytrace=False)


def redis_up() -> bool:
    """True if Redis answers PING."""
    import redis

    try:
        return bool(redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1).ping())
    except (redis.RedisError, OSError):
        return False


def start_redis(timeout: float = 10) -> None:
    """Start the machine's Redis if it is down, and wait until it answers."""
    if not redis_up():
        subprocess.run(REDIS_START, check=False, capture_output=True)
    deadline = time.monotonic() + timeout
    while not redis_up():
        if time.monotonic() > deadline:
            raise RuntimeError("redis did not come back")
        time.sleep(0.1)


def stop_redis() -> None:
    """Shut the machine's Redis down without saving (the test restarts it)."""
    subprocess.run(["redis-cli", "-u", REDIS_URL, "shutdown", "nosave"], check=False,
                   capture_output=True)
    deadline = time.monotonic() + 10
    while redis_up() and time.monotonic() < deadline:
        time.sleep(0.05)


def _with_db(url: str, name: str) -> str:
    base, _, _old = url.rpartition("/")
    return f"{base}/{name}"


@contextmanager
def fresh_database() -> Iterator[str]:
    """A new database ``dicehero_test_<random>`` for one test; dropped afterwards."""
    name = f"dicehero_test_{secrets.token_hex(4)}"
    with _connect(PG_ADMIN) as con:
        con.execute(f'CREATE DATABASE "{name}"')
    try:
        yield _with_db(PG_ADMIN, name)
    finally:
        with _connect(PG_ADMIN) as con:
            con.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@contextmanager
def fresh_schema(url: str) -> Iterator[str]:
    """A new schema in the database at ``url``; the URL that uses it; dropped afterwards."""
    name = f"t_{secrets.token_hex(5)}"
    with _connect(url) as con:
        con.execute(f'CREATE SCHEMA "{name}"')
    try:
        sep = "&" if "?" in url else "?"
        yield f"{url}{sep}options={quote(f'-csearch_path={name}')}"
    finally:
        with _connect(url) as con:
            con.execute(f'DROP SCHEMA IF EXISTS "{name}" CASCADE')
