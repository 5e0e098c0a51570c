"""``dicehero db current|upgrade|revision``: the database schema's version (docs/DEPLOY.md).

``dicehero serve`` upgrades the schema itself at start; these are for an operator
who wants to see or do it first (``SCHEMA_AUTO_UPGRADE = False``), and for a
developer who changed the models (``revision``).

Exit status: 0 done (``current``: up to date); 1 ``current``: behind the code,
``revision``: nothing to write; 2 a database this code cannot use or reach.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy.exc import SQLAlchemyError

from dicehero.store import Store, schema
from dicehero.store.models import Base
from dicehero.store.schema import Revision, SchemaError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The sub-commands of ``db`` and the database they work on."""
    sub = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    for name, help_text in (("current", "show the database's revision and the code's newest"),
                            ("upgrade", "upgrade the database to the code's newest revision")):
        p = sub.add_parser(name, help=help_text, description=help_text)
        p.add_argument("--instance", metavar="DIR",
                       help="instance folder (default: instance/, or $DICEHERO_INSTANCE)")
        p.add_argument("--database-url", metavar="URL",
                       help="database (default: SQLite in the instance folder, or $DATABASE_URL)")
    p = sub.add_parser("revision", help="(developers) write a migration for what the models "
                                        "added since the newest revision")
    p.add_argument("-m", "--message", required=True, help="what the revision does, in a line")


def run(args: argparse.Namespace) -> int:
    """Do the chosen action; a database that cannot be used is a message, not a traceback."""
    try:
        if args.action == "revision":
            return _revision(args.message)
        return _on_database(args)
    except SchemaError as e:
        print(f"dicehero db: {e}", file=sys.stderr)
        return 2
    except SQLAlchemyError as e:
        print(f"dicehero db: cannot use the database: {getattr(e, 'orig', e)}", file=sys.stderr)
        return 2


def _on_database(args: argparse.Namespace) -> int:
    store = Store(_database_url(args))
    try:
        print(f"database: {store.engine.url.render_as_string(hide_password=True)}")
        if args.action == "upgrade":
            before, after = schema.upgrade(store.engine)
            if before.current == after.current:
                print(f"revision: {after.current} (the newest: nothing to do)")
            else:
                print(f"upgraded from {_describe(before)} to {after.current} (the newest)")
            return 0
        rev = schema.current(store.engine)
        schema.check(rev)
        print(f"revision: {_describe(rev)}")
        if rev.up_to_date:
            print("up to date")
            return 0
        print(f"this dicehero's newest is {rev.head}: the server upgrades it at start, "
              f"or run `{schema.UPGRADE_COMMAND}`")
        return 1
    finally:
        store.engine.dispose()


def _database_url(args: argparse.Namespace) -> str:
    """The database the server would use with the same options."""
    if args.database_url:
        return args.database_url
    from dicehero.web import configured_app

    instance = os.path.abspath(args.instance) if args.instance else None
    return configured_app(instance=instance).config["DATABASE_URL"]


def _describe(rev: Revision) -> str:
    if rev.empty:
        return "none (an empty database)"
    if rev.legacy:
        return "none (tables made before migrations)"
    return str(rev.current)


def _revision(message: str) -> int:
    """Autogenerate the next revision against a scratch database built by the migrations."""
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(f"sqlite:///{Path(tmp) / 'scratch.sqlite'}")
        schema.upgrade_by_migrations(store.engine)
        with store.engine.begin() as conn:
            if not compare_metadata(MigrationContext.configure(conn), Base.metadata):
                print("dicehero db revision: the models and the migrations agree; "
                      "nothing to write", file=sys.stderr)
                return 1
            rev_id = f"{int(schema.head()) + 1:04d}"
            script = command.revision(schema.alembic_config(conn), message=message,
                                      autogenerate=True, rev_id=rev_id)
        store.engine.dispose()
    path = getattr(script, "path", "?")
    print(f"wrote {path}\nRead it before you commit: a column that cannot be null needs a "
          "server_default for the rows already there (docs/DEPLOY.md, 'Adding a column').")
    return 0
