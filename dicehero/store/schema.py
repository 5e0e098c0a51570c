"""The database schema's version: Alembic migrations in ``store/migrations``, applied at start.

``upgrade`` brings any database to the newest revision (head), under a lock so that
several processes starting at once upgrade it once:

- an empty database gets every table from the models and is stamped head (the
  migrations would build the same tables: a test compares them);
- a database made before migrations (tables, no ``alembic_version``: every
  teacher's ``instance/`` today) runs from the first revision, which keeps the
  tables it finds;
- any other database runs the revisions it lacks.

The lock is the database's own: SQLite's write lock (``BEGIN IMMEDIATE``), or on
PostgreSQL a transaction-scoped advisory lock per schema. The whole upgrade is
one transaction (both databases roll DDL back), so a failed upgrade leaves the
database as it was.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.util import CommandError
from sqlalchemy import Connection, inspect, text
from sqlalchemy.engine import Engine

from dicehero.i18n import N_
from dicehero.store.db import SQLITE_BUSY_MS
from dicehero.store.models import Base

MIGRATIONS = Path(__file__).with_name("migrations")
# How long a process waits for another one's upgrade of the same SQLite file.
SQLITE_LOCK_WAIT_MS = 120_000
UPGRADE_COMMAND = "dicehero db upgrade"


class SchemaError(RuntimeError):
    """The database cannot be used by this code as it is; the message says what to do.

    ``message`` is a catalog msgid (English) and ``params`` fill it, so the edge that prints
    it (``dicehero db``, ``dicehero serve``) says it in the reader's language; ``str()`` is
    the English, for logs.
    """

    def __init__(self, message: str, **params: object) -> None:
        super().__init__(message % params)
        self.message, self.params = message, params


@dataclass(frozen=True, slots=True)
class Revision:
    """Where a database stands: its revision, the code's head, and what kind it is."""

    current: str | None  # None: no alembic_version (empty, or made before migrations)
    head: str
    empty: bool  # no dicehero tables at all

    @property
    def legacy(self) -> bool:
        """Made by ``create_all`` before migrations existed."""
        return self.current is None and not self.empty

    @property
    def up_to_date(self) -> bool:
        return self.current == self.head


def alembic_config(connection: Connection | None = None) -> Config:
    """Alembic's configuration in code (no alembic.ini), on an open connection."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("file_template", "%%(rev)s_%%(slug)s")
    cfg.attributes["connection"] = connection
    return cfg


@cache
def scripts() -> ScriptDirectory:
    """The revisions shipped with this code (read once per process)."""
    return ScriptDirectory.from_config(alembic_config())


def head() -> str:
    """The newest revision this code knows."""
    heads = scripts().get_heads()
    if len(heads) != 1:
        # Translators: for developers; %(heads)s lists revision numbers, as 0010, 0011.
        raise SchemaError(N_("The migrations have more than one head (%(heads)s); a new "
                             "revision must name the previous head as down_revision."),
                          heads=", ".join(heads))
    return heads[0]


def revision(conn: Connection) -> Revision:
    """Where the database on ``conn`` stands."""
    heads = MigrationContext.configure(conn).get_current_heads()
    if len(heads) > 1:  # a hand-edited or half-restored table: which one is true is unknown
        # Translators: %(revisions)s lists revision numbers, as 0002, 0011; alembic_version
        # is a table's name and the folder a path: keep both as they are.
        raise SchemaError(N_(
            "The database's table alembic_version holds several revisions (%(revisions)s) "
            "where it holds one; nothing was changed. Keep the row of the revision the "
            "database is really at (check its tables against "
            "dicehero/store/migrations/versions/), delete the others, and try again."),
            revisions=", ".join(sorted(heads)))
    current = heads[0] if heads else None
    empty = current is None and not inspect(conn).has_table("games")
    return Revision(current, head(), empty)


def check(rev: Revision) -> None:
    """Refuse a database whose revision this code does not know (a newer dicehero's)."""
    if rev.current is not None:
        try:
            scripts().get_revision(rev.current)
        except CommandError:
            # Translators: %(current)s and %(head)s are revision numbers, as 0011.
            raise SchemaError(N_(
                "The database is at revision %(current)s, which this dicehero does not know "
                "(its newest is %(head)s): a newer dicehero upgraded it. Run that version or "
                "a newer one; this one would not understand the data."),
                current=rev.current, head=rev.head) from None


def current(engine: Engine) -> Revision:
    """Where the database stands, read without changing anything."""
    with engine.connect() as conn:
        return revision(conn)


def upgrade(engine: Engine) -> tuple[Revision, Revision]:
    """Bring the database to head under the lock; returns where it was and where it is."""
    with _locked(engine) as conn:
        before = revision(conn)
        check(before)
        if before.empty:
            Base.metadata.create_all(conn)
            MigrationContext.configure(conn).stamp(scripts(), "head")
        elif not before.up_to_date:
            command.upgrade(alembic_config(conn), "head")
        return before, revision(conn)


def upgrade_by_migrations(engine: Engine, target: str = "head") -> None:
    """Run the migrations themselves up to ``target``, even on an empty database.

    ``upgrade`` builds an empty database from the models; this is what the tests
    compare that with, and what ``dicehero db revision`` generates against.
    """
    with _locked(engine) as conn:
        command.upgrade(alembic_config(conn), target)


@contextmanager
def _locked(engine: Engine) -> Iterator[Connection]:
    """A connection in a transaction that holds the database's upgrade lock."""
    sqlite = engine.dialect.name == "sqlite"
    with engine.connect() as conn:
        if sqlite:
            # SQLite's own recipe for changing tables (batch operations copy a table and
            # drop the old one): foreign keys off outside the transaction, checked before
            # the commit. The store's BEGIN IMMEDIATE takes the write lock before any read.
            _sqlite_pragmas(conn, busy_timeout=SQLITE_LOCK_WAIT_MS, foreign_keys="OFF")
            conn.execution_options(immediate=True)
        try:
            with conn.begin():
                if engine.dialect.name == "postgresql":
                    schema = conn.execute(text("SELECT current_schema()")).scalar_one()
                    key = zlib.crc32(f"dicehero schema upgrade {schema}".encode())
                    conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": key})
                yield conn
                if sqlite and (broken := conn.exec_driver_sql("PRAGMA foreign_key_check")
                               .all()):
                    # Translators: %(n)s is a count; %(first)s a row the database names.
                    raise SchemaError(N_("The upgrade would break references between the "
                                         "tables (%(n)s, the first: %(first)s); nothing was "
                                         "changed."), n=len(broken), first=tuple(broken[0]))
        finally:
            if sqlite:
                _sqlite_pragmas(conn, busy_timeout=SQLITE_BUSY_MS, foreign_keys="ON")


def _sqlite_pragmas(conn: Connection, **pragmas: object) -> None:
    # On the driver's connection: through SQLAlchemy a pragma would begin a transaction.
    for name, value in pragmas.items():
        conn.connection.dbapi_connection.execute(f"PRAGMA {name}={value}")
