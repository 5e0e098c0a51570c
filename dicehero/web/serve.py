"""``dicehero serve``: the live server on gevent, holding thousands of open connections.

gevent's WSGI server runs every request, SSE streams included, as a greenlet:
an idle phone costs a socket and a few kilobytes, not a thread. Importing this
module imports :mod:`dicehero.web` and with it the whole app, so ``dicehero``
(:mod:`dicehero.cli`) monkey-patches the standard library before it imports this
module. (Under ``--workers`` gunicorn's master imports the app with the worker
class and each worker patches after the fork: the app makes its locks when first
used, see :mod:`dicehero.store.locks`.)
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
from typing import TYPE_CHECKING

from dicehero.addresses import (
    AddressError,
    configured_public_url,
    only_this_machine,
    public_url,
)
from dicehero.i18n import cli_gettext as _
from dicehero.i18n import cli_ngettext as ngettext
from dicehero.i18n import cli_pgettext as pgettext

if TYPE_CHECKING:
    from dicehero.store.schema import Revision


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``dicehero serve``."""
    parser.add_argument("--host", default="0.0.0.0", metavar=pgettext("metavar", "HOST"),
                        help=_("the address to listen on (default %(default)s)"))
    parser.add_argument("--port", type=int, default=5000, metavar=pgettext("metavar", "PORT"),
                        help=_("the port (default %(default)s)"))
    parser.add_argument("--instance", metavar=pgettext("metavar", "DIR"),
                        help=_("instance folder: database and config.py "
                               "(default: instance/, or $DICEHERO_INSTANCE)"))
    parser.add_argument("--database-url", metavar="URL",
                        help=_("database (default: SQLite in the instance folder, "
                               "or $DATABASE_URL)"))
    parser.add_argument("--no-qr", action="store_true", help=_("do not print the QR code"))
    parser.add_argument("--access-log", action="store_true", help=_("log every request"))
    parser.add_argument("--workers", type=int, default=0, metavar="N",
                        help=_("run N gunicorn gevent processes (needs DATABASE_URL on "
                               "PostgreSQL and REDIS_URL; see docs/DEPLOY.md)"))
    parser.add_argument("--redis-url", metavar="URL",
                        help=_("Redis for live events across processes (or $REDIS_URL)"))


def raise_file_limit() -> int:
    """Allow as many open sockets as the hard limit permits; return the new soft limit."""
    try:
        import resource
    except ImportError:  # pragma: no cover - not on Windows
        return 0
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = hard if hard != resource.RLIM_INFINITY else 65536
    if soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass
    return soft


def run(args: argparse.Namespace) -> int:
    """Start the server and serve until interrupted."""
    if getattr(args, "redis_url", None):
        os.environ["REDIS_URL"] = args.redis_url
    if getattr(args, "workers", 0) > 0:
        return run_gunicorn(args)
    from gevent import monkey

    if not monkey.is_module_patched("threading"):  # run() called without the cli: late, but patched
        monkey.patch_all()

    if args.instance:
        os.environ["DICEHERO_INSTANCE"] = os.path.abspath(args.instance)
    if args.database_url:
        os.environ["DATABASE_URL"] = args.database_url

    from dicehero.store.schema import SchemaError
    from dicehero.web import create_app

    try:
        app = create_app()
    except SchemaError as e:
        print(f"dicehero serve: {_(e.message, **e.params)}", file=sys.stderr)
        return 2
    except AddressError as e:
        print(f"dicehero serve: PUBLIC_URL {_(e.message, **e.params)}", file=sys.stderr)
        return 2
    app.config["LISTEN_HOST"] = args.host
    _say_upgraded(app.extensions["dicehero.schema"])
    raise_file_limit()
    from dicehero.web.direct import Handler, Server

    server = Server((args.host, args.port), app, backlog=4096, handler_class=Handler,
                    log=sys.stderr if args.access_log else None, error_log=sys.stderr)
    server.init_socket()
    port = server.server_port
    url = public_url(args.host, port, app.config["PUBLIC_URL"])
    listen = f"{args.host}:{port}"
    print(_("dicehero is serving on %(listen)s", listen=listen), flush=True)
    _say_address(args.host, url, bool(app.config["PUBLIC_URL"]))
    if not args.no_qr:
        import segno

        segno.make(url, error="m").terminal(compact=True)
    sys.stdout.flush()
    from dicehero.web.collector import settle

    settle()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        server.stop(timeout=1)
    return 0


def _say_address(host: str, url: str, public: bool) -> None:
    """The address to open, as the host page shows it; a server on the loopback says that
    phones cannot reach it."""
    if only_this_machine(host) and not public:
        # Translators: %(host)s is the address the server listens on, as 127.0.0.1.
        print(_("Only this computer can open: %(url)s (phones cannot: start it without "
                "--host %(host)s to let them join)", url=url, host=host), flush=True)
    else:
        print(_("Phones on the same network open: %(url)s", url=url), flush=True)


def _say_upgraded(upgrade: tuple[Revision, Revision]) -> None:
    """One line when this start upgraded the database (the teacher may wonder why it paused)."""
    if upgrade[0].current != upgrade[1].current and not upgrade[0].empty:
        # Translators: %(name)s is the database revision's name, as 0006.
        print(_("The database was upgraded to revision %(name)s; nothing was lost.",
                name=upgrade[1].current), flush=True)


def run_gunicorn(args: argparse.Namespace) -> int:
    """Replace this process with gunicorn: ``args.workers`` gevent workers, one port."""
    if importlib.util.find_spec("gunicorn") is None:
        print(_("error: --workers needs gunicorn, PostgreSQL and Redis support: "
                "pip install -e '.[scale]' (see docs/DEPLOY.md)"), file=sys.stderr)
        return 2
    if args.instance:
        os.environ["DICEHERO_INSTANCE"] = os.path.abspath(args.instance)
    if args.database_url:
        os.environ["DATABASE_URL"] = args.database_url
    if args.workers > 1 and not os.environ.get("REDIS_URL"):
        print(_("warning: several workers without REDIS_URL: a client only sees the events "
                "of the worker it is connected to"), file=sys.stderr)
    os.environ["DICEHERO_BIND"] = f"{args.host}:{args.port}"
    os.environ["DICEHERO_WORKERS"] = str(args.workers)
    if args.access_log:
        os.environ["DICEHERO_ACCESS_LOG"] = "-"
    listen = f"{args.host}:{args.port}"
    print(ngettext("dicehero is serving on %(listen)s with %(n)s worker",
                   "dicehero is serving on %(listen)s with %(n)s workers", args.workers,
                   listen=listen), flush=True)
    try:
        url = public_url(args.host, args.port, configured_public_url())
    except AddressError as e:
        print(f"dicehero serve: PUBLIC_URL {_(e.message, **e.params)}", file=sys.stderr)
        return 2
    _say_address(args.host, url, bool(os.environ.get("PUBLIC_URL")))
    argv = [sys.executable, "-m", "gunicorn", "-c", "python:dicehero.web.gunicorn_conf",
            "dicehero.web.wsgi:app"]
    os.execv(sys.executable, argv)
    return 0  # pragma: no cover - execv does not return
