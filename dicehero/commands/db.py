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

from dicehero.i18n import N_
from dicehero.i18n import cli_gettext as _
from dicehero.i18n import cli_pgettext as pgettext
from dicehero.store import Store, schema
from dicehero.store.models import Base
from dicehero.store.schema import Revision, SchemaError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The sub-commands of ``db`` and the database they work on."""
    sub = parser.add_subparsers(dest="action", required=True, metavar=pgettext("metavar", "ACTION"))
    for name, help_text in (("current", N_("show the database's revision and the code's newest")),
                            ("upgrade", N_("upgrade the database to the code's newest revision"))):
        p = sub.add_parser(name, help=_(help_text), description=_(help_text))
        p.add_argument("--instance", metavar=pgettext("metavar", "DIR"),
                       help=_("instance folder (default: instance/, or $DICEHERO_INSTANCE)"))
        p.add_argument("--database-url", metavar="URL",
                       help=_("database (default: SQLite in the instance folder, "
                              "or $DATABASE_URL)"))
    help_text = _("(developers) write a migration for what the models added since the newest "
                  "revision")
    p = sub.add_parser("revision", help=help_text, description=help_text)
    p.add_argument("-m", "--message", required=True, metavar=pgettext("metavar", "TEXT"),
                   help=_("what the revision does, in a line"))


def run(args: argparse.Namespace) -> int:
    """Do the chosen action; a database that cannot be used is a message, not a traceback."""
    try:
        if args.action == "revision":
            return _revision(args.message)
        return _on_database(args)
    except SchemaError as e:
        # Translators: %(error)s is what is wrong with the database.
        print(_("dicehero db: %(error)s", error=_(e.message, **e.params)), file=sys.stderr)
        return 2
    except SQLAlchemyError as e:
        # Translators: %(error)s is the database's own message.
        print(_("dicehero db: cannot use the database: %(error)s", error=getattr(e, "orig", e)),
              file=sys.stderr)
        return 2


def _on_database(args: argparse.Namespace) -> int:
    store = Store(_database_url(args))
    try:
        print(_("database: %(url)s", url=store.engine.url.render_as_string(hide_password=True)))
        if args.action == "upgrade":
            before, after = schema.upgrade(store.engine)
            if before.current == after.current:
                # Translators: %(name)s is a schema revision's name, as 0007.
                print(_("revision: %(name)s (the newest: nothing to do)", name=after.current))
            else:
                # Translators: %(before)s is a revision (or "none (...)"); %(after)s the newest.
                print(_("upgraded from %(before)s to %(after)s (the newest)",
                        before=_describe(before), after=after.current))
            return 0
        rev = schema.current(store.engine)
        schema.check(rev)
        # Translators: %(name)s is a schema revision's name, as 0007, or "none (...)".
        print(_("revision: %(name)s", name=_describe(rev)))
        if rev.up_to_date:
            print(_("up to date"))
            return 0
        # Translators: %(head)s is a revision's name; %(command)s a command to type.
        print(_("this dicehero's newest is %(head)s: the server upgrades it at start, "
                "or run `%(command)s`", head=rev.head, command=schema.UPGRADE_COMMAND))
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
        return _("none (an empty database)")
    if rev.legacy:
        return _("none (tables made before migrations)")
    return str(rev.current)


def _revision(message: str) -> int:
    """Autogenerate the next revision against a scratch database built by the migrations."""
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(f"sqlite:///{Path(tmp) / 'scratch.sqlite'}")
        schema.upgrade_by_migrations(store.engine)
        with store.engine.begin() as conn:
            if not compare_metadata(MigrationContext.configure(conn), Base.metadata):
                print(_("dicehero db revision: the models and the migrations agree; "
                        "nothing to write"), file=sys.stderr)
                return 1
            rev_id = f"{int(schema.head()) + 1:04d}"
            script = command.revision(schema.alembic_config(conn), message=message,
                                      autogenerate=True, rev_id=rev_id)
        store.engine.dispose()
    path = getattr(script, "path", "?")
    print(_("wrote %(file)s", file=path))
    print(_("Read it before you commit: a column that cannot be null needs a server_default "
            "for the rows already there (docs/DEPLOY.md, 'Adding a column')."))
    return 0
