"""The database: engine, sessions and write transactions that retry instead of failing.

SQLite (the default) runs in WAL mode so readers never wait for the writer.
Writes take ``BEGIN IMMEDIATE`` (no lock upgrade, so no deadlock between two
writers) and, in one process, a lock: under gevent every greenlet shares one
thread, and a greenlet waiting inside SQLite's busy handler would block the
very greenlet holding the lock. "database is locked" from another process is
retried with a backoff, then refused with 503; it never becomes a 500.
PostgreSQL (``DATABASE_URL``) locks the game row with ``SELECT ... FOR UPDATE``.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import stat
import threading
import time
from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, TypeVar

from sqlalchemy import create_engine, event, select
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import DBAPIError, OperationalError
from sqlalchemy.orm import Session, sessionmaker

from dicehero.i18n import N_
from dicehero.store.errors import Refusal, StoreError
from dicehero.store.locks import KeyedLocks
from dicehero.store.models import EventRow, Game

T = TypeVar("T")

log = logging.getLogger(__name__)

RETRIES = 8
SQLITE_BUSY_MS = 1000  # then a write is retried by ``Store.write``, not left waiting


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """A committed game event: the game, its per-game id, its type and its JSON text."""

    game_id: int
    code: str
    seq: int
    type: str
    data: str


def normalise_url(url: str) -> str:
    """Use psycopg 3 for a plain ``postgresql://`` (or ``postgres://``) URL."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def _retryable(exc: BaseException) -> bool:
    text = str(getattr(exc, "orig", exc)).lower()
    return any(s in text for s in ("database is locked", "database is busy", "deadlock",
                                   "could not serialize"))


class Store:
    """Sessions on one database; ``write`` runs a transaction, retries it, then publishes."""

    def __init__(self, url: str, echo: bool = False) -> None:
        self.url = normalise_url(url)
        self.is_sqlite = self.url.startswith("sqlite")
        kwargs: dict[str, Any] = {"echo": echo}
        if self.is_sqlite:
            _private_sqlite_file(self.url)
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 1.0,
                                      "isolation_level": None}
            if ":memory:" not in self.url and self.url != "sqlite://":
                kwargs.update(pool_size=10, max_overflow=20)
        else:
            kwargs.update(pool_size=10, max_overflow=20, pool_pre_ping=True)
        self.engine: Engine = create_engine(self.url, **kwargs)
        if self.is_sqlite:
            _sqlite_setup(self.engine)
        self._read = sessionmaker(self.engine, expire_on_commit=False)
        self._write = sessionmaker(self.engine.execution_options(immediate=True),
                                   expire_on_commit=False)
        self._global_lock = threading.RLock()
        self.game_locks = KeyedLocks()  # PostgreSQL: writers of one game; gone when unused
        self.listeners: list[Callable[[StoredEvent], None]] = []  # under the writer lock
        self.after_commit: list[Callable[[StoredEvent], None]] = []  # after it

    def read(self) -> Session:
        """A session for reading (use as a context manager)."""
        return self._read()

    def writer_lock(self, key: str | None) -> AbstractContextManager[Any]:
        """The lock that serialises this process's writers of game ``key`` (of all, on SQLite)."""
        if self.is_sqlite or key is None:
            return self._global_lock
        return self.game_locks.hold(key)

    def write(self, key: str | None, work: Callable[[Session], T]) -> T:
        """Run ``work`` in one transaction, committed before returning; then publish its events.

        ``key`` (a game code) serialises writers of one game in this process, so
        events are published in the order of their ids: ``listeners`` are told of each
        event under the writer lock, and must not wait there (a wait is a switch to a
        crowded event loop, with every writer queued behind it); ``after_commit`` are
        told once the lock is let go, for what needs no order (asking for work).
        """
        delay = 0.01
        for attempt in range(RETRIES):
            with self.writer_lock(key):
                try:
                    with self._write() as session, session.begin():
                        result = work(session)
                        events: list[StoredEvent] = session.info.pop("events", [])
                except (OperationalError, DBAPIError) as e:
                    if not _retryable(e):
                        raise
                    if attempt == RETRIES - 1:
                        raise StoreError(Refusal.BUSY, "busy",
                                         N_("The server is busy right now; try again.")) from None
                else:
                    for ev in events:
                        for listener in self.listeners:
                            listener(ev)
                    break
            time.sleep(delay)  # outside the lock; cooperative under gevent
            delay = min(delay * 2, 0.5)
        for ev in events:
            for listener in self.after_commit:
                listener(ev)
        return result

    def events_after(self, game_id: int, after: int, limit: int = 1000) -> list[EventRow]:
        """Stored events of a game with ids above ``after``, oldest first."""
        with self.read() as s:
            rows = s.scalars(select(EventRow).where(EventRow.game_id == game_id,
                                                    EventRow.seq > after)
                             .order_by(EventRow.seq).limit(limit)).all()
            return list(rows)

    def latest_event_ids(self, game_ids: Iterable[int]) -> dict[int, int]:
        """The last event id of each game (one query, for a bus catching up)."""
        ids = list(game_ids)
        if not ids:
            return {}
        with self.read() as s:
            return dict(s.execute(select(Game.id, Game.last_event_id)
                                  .where(Game.id.in_(ids))).tuples().all())


def emit(session: Session, game: Game, type_: str, data: dict[str, Any]) -> StoredEvent:
    """Append an event to the game's log in this transaction; published after the commit."""
    game.last_event_id += 1
    text = json.dumps({"type": type_, "data": data}, separators=(",", ":"),
                      ensure_ascii=False)
    session.add(EventRow(game_id=game.id, seq=game.last_event_id, type=type_, data=text))
    ev = StoredEvent(game.id, game.code, game.last_event_id, type_, text)
    session.info.setdefault("events", []).append(ev)
    return ev


def _private_sqlite_file(url: str) -> None:
    """Create the SQLite file readable by its owner only (0600), or tighten one that is not.

    The database holds each game's seed, secret until the game ends: anyone who can
    read the file could know every roll in advance. SQLite gives its ``-wal`` and
    ``-shm`` files the main file's permissions.
    """
    path = make_url(url).database
    if not path or path == ":memory:" or path.startswith("file:"):
        return
    try:
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
    except FileExistsError:
        mode = stat.S_IMODE(os.stat(path).st_mode)
        if mode & 0o077:
            os.chmod(path, mode & 0o700)
            log.warning("%s was readable by others (%o); it is now %o", path, mode, mode & 0o700)


def _wal(cur: Any, wait: float = 30.0) -> None:
    """Put the database file in WAL mode (once: it stays so). Switching needs the file to
    itself, and SQLite answers "locked" at once, without the busy wait, while another
    process sets up the same new file (servers started together): so wait here."""
    deadline = time.monotonic() + wait
    while True:
        try:
            if cur.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
                cur.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as e:
            if "locked" not in str(e) or time.monotonic() > deadline:
                raise
            time.sleep(0.02)


def _sqlite_setup(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn: Any, _record: Any) -> None:
        cur = dbapi_conn.cursor()
        cur.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_MS}")
        _wal(cur)
        # NORMAL in WAL mode: a commit survives a killed process (only power loss can
        # lose the last commits), and no fsync per action.
        cur.execute("PRAGMA synchronous=NORMAL")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Any) -> None:
        immediate = conn.get_execution_options().get("immediate")
        conn.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")
