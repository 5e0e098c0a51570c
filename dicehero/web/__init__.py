"""The web service: ``create_app`` builds the Flask app (Flask tutorial style).

Configuration, lowest to highest: defaults here, ``instance/config.py``,
``test_config``, then the ``DATABASE_URL`` environment variable. The instance
folder is ``instance/`` beside the package, or ``$DICEHERO_INSTANCE``.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from typing import Any

from flask import Flask, current_app

from dicehero.addresses import checked_public_url
from dicehero.i18n import N_
from dicehero.live import Broker, InProcessBus
from dicehero.store import Games, Store, schema
from dicehero.web.pushed import SheetPush


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Create and configure the app; the database schema is upgraded at start."""
    app = configured_app(test_config)

    from dicehero.web import (
        api,
        compress,
        doodles,
        errors,
        events,
        guard,
        json_reply,
        language,
        openapi,
        pages,
        sheets,
        solo,
    )

    json_reply.init_app(app)
    language.init_app(app)
    errors.init_app(app)
    guard.init_app(app)
    compress.init_app(app)
    init_store(app)
    init_live(app)
    api.init_app(app)
    events.init_app(app)
    openapi.init_app(app)
    app.register_blueprint(pages.bp)
    app.register_blueprint(doodles.bp)
    app.register_blueprint(solo.bp)
    app.register_blueprint(sheets.bp)
    # Sheets a killed server accepted as being checked are checked again (issue 26.2).
    app.extensions["dicehero.games"].resume_paper_checks()
    return app


def configured_app(test_config: Mapping[str, Any] | None = None,
                   instance: str | None = None) -> Flask:
    """The bare app with its configuration read (``dicehero db`` needs no more)."""
    instance = instance or os.environ.get("DICEHERO_INSTANCE")
    app = Flask(__name__, instance_relative_config=True,
                instance_path=os.path.abspath(instance) if instance else None)
    app.config.from_mapping(
        DATABASE_URL="sqlite:///" + os.path.join(app.instance_path, "dicehero.sqlite"),
        MAX_CONTENT_LENGTH=64 * 1024,
        MAX_PLAYERS=5000,
        SSE_KEEPALIVE=15.0,
        SSE_QUEUE_SIZE=64,
        # A client further behind than this gets a snapshot instead of every event.
        SSE_SNAPSHOT_AFTER=100,
        # Open streams per client address and game (a class behind one NAT, with spare).
        SSE_STREAMS_PER_ADDRESS=250,
        # A stream whose reader has not taken a byte for this long is closed.
        SSE_STALL_SECONDS=30.0,
        # Bytes the kernel may queue for one stream (Linux doubles it); 0: the kernel's own.
        SSE_SEND_BUFFER=16 * 1024,
        # Connections (dicehero.web.connections): deadlines in seconds, a cap per address.
        HEADER_SECONDS=10.0,
        BODY_SECONDS=10.0,
        KEEPALIVE_SECONDS=30.0,
        CONNECTIONS_PER_ADDRESS=1000,
        LIVE_BUS="memory",
        REDIS_URL=None,
        # The address phones open, when the server is behind a proxy (QR codes, sheets).
        PUBLIC_URL=None,
        # The address `dicehero serve` listens on (None: unknown, as under gunicorn).
        LISTEN_HOST=None,
        SCHEMA_AUTO_UPGRADE=True,
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.from_mapping(test_config)
    if os.environ.get("DATABASE_URL") and (test_config is None
                                           or "DATABASE_URL" not in test_config):
        app.config["DATABASE_URL"] = os.environ["DATABASE_URL"]
    # Several processes: REDIS_URL in the environment switches the bus to Redis.
    for key in ("REDIS_URL", "LIVE_BUS", "PUBLIC_URL"):
        if os.environ.get(key) and (test_config is None or key not in test_config):
            app.config[key] = os.environ[key]
    if app.config["REDIS_URL"] and "LIVE_BUS" not in os.environ and (
            test_config is None or "LIVE_BUS" not in test_config):
        app.config["LIVE_BUS"] = "redis"
    if app.config["PUBLIC_URL"]:
        app.config["PUBLIC_URL"] = checked_public_url(app.config["PUBLIC_URL"])
    os.makedirs(app.instance_path, exist_ok=True)
    return app


def init_store(app: Flask) -> None:
    """Open the database, bring its schema up to date, and the games on it.

    A teacher never opens a terminal, so the schema is upgraded at start (under a
    lock: several workers starting at once upgrade it once). With
    ``SCHEMA_AUTO_UPGRADE = False`` a database behind the code is refused instead,
    with the command that upgrades it (docs/DEPLOY.md).
    """
    store = Store(app.config["DATABASE_URL"])
    try:
        app.extensions["dicehero.schema"] = _bring_schema_up_to_date(app, store)
    except BaseException:
        store.engine.dispose()
        raise
    app.extensions["dicehero.store"] = store
    app.extensions["dicehero.games"] = Games(store, max_players=app.config["MAX_PLAYERS"])


def games() -> Games:
    """The app's games, as :func:`init_store` opened them: what every route asks."""
    return current_app.extensions["dicehero.games"]


def _bring_schema_up_to_date(app: Flask, store: Store) -> tuple[schema.Revision, ...]:
    if app.config["SCHEMA_AUTO_UPGRADE"]:
        return schema.upgrade(store.engine)
    rev = schema.current(store.engine)
    schema.check(rev)
    if not rev.up_to_date:
        # Translators: %(current)s and %(head)s are revision numbers, as 0011; %(command)s
        # is a command to type, as it is.
        message = (N_("The database is at revision %(current)s, this dicehero needs "
                      "%(head)s. Upgrade it first: %(command)s (with the same --instance or "
                      "--database-url as the server).") if rev.current else
                   # Translators: %(head)s is a revision number, as 0011; %(command)s a
                   # command to type, as it is.
                   N_("The database was made before migrations, this dicehero needs "
                      "%(head)s. Upgrade it first: %(command)s (with the same --instance or "
                      "--database-url as the server)."))
        raise schema.SchemaError(message, current=rev.current, head=rev.head,
                                 command=schema.UPGRADE_COMMAND)
    return rev, rev


def init_live(app: Flask) -> None:
    """The event bus; every committed event of the store is published on it."""
    kind = app.config["LIVE_BUS"]
    if kind == "memory":
        bus = InProcessBus()
        bus.broker.queue_size = app.config["SSE_QUEUE_SIZE"]
    elif kind == "redis":
        bus = _redis_bus(app)
    elif callable(kind):  # a factory, for buses that live in other modules (Redis, PG)
        bus = kind(app)
    else:
        raise ValueError(f"unknown LIVE_BUS {kind!r}")
    app.extensions["dicehero.bus"] = bus
    # After a roll, each hero's phone following the game here gets its sheet pushed.
    games = app.extensions["dicehero.games"]
    push = app.extensions["dicehero.sheet_push"] = SheetPush(bus.broker, games)
    bus.broker.delivered = push.delivered
    # A big class's ready count goes out less often: each is a write to every phone here.
    games.progress.audience = _audience(app, bus.broker)
    # Under the writer lock, in the order of the events' ids; first, so that a
    # transaction's events reach the clients together (Broker.defer).
    app.extensions["dicehero.store"].listeners.insert(
        0, lambda ev: bus.publish(ev.game_id, ev.seq, ev.data))


def _audience(app: Flask, broker: Broker) -> Callable[[str], int]:
    """How many clients follow a game (its code) in this process."""
    def audience(code: str) -> int:
        game_id = app.extensions["dicehero.game_ids"].get(code)
        return broker.count(game_id) if game_id is not None else 0
    return audience


def _redis_bus(app: Flask) -> Any:
    """A Redis pub/sub bus that fills its gaps from this app's store."""
    from dicehero.live.redis_bus import CHANNEL, RedisBus

    store: Store = app.extensions["dicehero.store"]
    url = app.config["REDIS_URL"] or "redis://127.0.0.1:6379/0"

    def fetch(game_id: int, after: int) -> list[tuple[int, str]]:
        return [(r.seq, r.data) for r in store.events_after(game_id, after)]

    # One channel per database: the processes of one deployment share it, and another
    # database on the same Redis (a second deployment, a test next door) does not
    # mix its game ids and event ids into this one's.
    database = store.engine.url.database or ""
    return RedisBus(url, fetch, store.latest_event_ids, channel=f"{CHANNEL}:{database}",
                    queue_size=app.config["SSE_QUEUE_SIZE"])
