"""Guards in front of the API: foreign-origin writes (403) and floods of writes (429).

Secrets travel only as ``Authorization: Bearer`` (never in a cookie: the one
cookie, the join page's device id, grants nothing), so a foreign page cannot act
for anyone; the Origin check is a second wall. Browsers send ``Origin`` on every
cross-site write; when it names a site other than this server's own addresses
(``PUBLIC_URL``, ``ALLOWED_ORIGINS``, the addresses it serves on; never the
request's ``Host``), or ``null``, the write is refused before any handler runs.

Every write has a flood limit, checked before its handler runs, with the
``limits`` library (the engine under Flask-Limiter): moving windows (each hit's
time kept, so "2/minute" is never a third in any 60 s; the sliding-window counter
let a third through right after a window's edge), kept in this process
(:mod:`dicehero.web.windows`: no background timer on the event loop), or in Redis
when ``REDIS_URL`` is set so that every process counts against the same
allowance. Each limit is a ``limits`` string such as
``"200/10second;300/minute"`` (a burst and a rate) in ``RATE_LIMITS``, keyed on
what cannot be changed at will: the game, the *parsed* bearer secret (however
"Bearer" is written or padded, it is one allowance), the device cookie the join
page gives a phone, or the client's address. ``RATE_LIMITS = {}`` turns them off.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import math
import socket
import threading
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, Response, current_app, request
from flask_babel import gettext
from limits import RateLimitItem, parse_many
from limits.storage import Storage, storage_from_string
from limits.strategies import MovingWindowRateLimiter
from werkzeug.middleware.proxy_fix import ProxyFix

from dicehero.addresses import lan_ip
from dicehero.i18n import N_
from dicehero.store.errors import Refusal
from dicehero.web.device import device_id
from dicehero.web.errors import error_response
from dicehero.web.request import bearer
from dicehero.web.windows import MovingWindows

# A class of 100 behind one school NAT joins within a minute, each phone from the
# join page with its own device cookie; a script without one shares its address's
# allowance (so a junk-join flood cannot starve a classmate's phone), and a script
# with a fresh cookie each time still shares the address's joins of the game. A player
# taps a few times a second at most; a bot 20 times a second is still allowed.
# Reads are counted per address: after each roll every phone reads its sheet, and at
# the end each asks for the scores every 1.5 s while par is worked out (100 phones:
# ~70 a second for a minute); a laptop's flood of reads is held to about 100 a second.
DEFAULT_LIMITS: dict[str, str] = {
    "join_game": "500/10second;1200/minute",  # joins of one game, from anywhere
    "join_address": "200/minute;400/hour",  # joins of one game per address, any cookie
    "join_device": "20/minute",  # joins from one phone (device cookie) to one game
    "join_anonymous": "30/10second;60/minute",  # joins without a device cookie, per address
    "read": "1000/10second;6000/minute",  # every GET (pages, state, sheets, streams, the
                                          # OpenAPI document), per address
    "solo": "1000/10second;6000/minute",  # solo taps and par asks, per address
    "solo_par_new": "100/10second;300/minute",  # par searches a solo asker starts, per address
    "action": "120/10second;1200/minute",  # a player's actions, per secret
    "paper": "30/minute",  # paper sheets sent, per secret and player
    "paper_check": "100/10second;600/minute",  # paper entry taps (public), per address
    "doodle": "10/minute",  # costume drawings, per secret
    "host": "60/10second;600/minute",  # the host's writes, per secret and game
    "create_ip": "60/minute",  # new games, per address
}

log = logging.getLogger(__name__)

WRITE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})

# Which limit each write endpoint counts against, and what it calls the flood.
_HOST_WRITES = frozenset({"api.offer", "api.roll", "api.finish", "api.timer", "api.rename",
                          "api.remove", "api.paper_approve", "api.paper_close",
                          "api.remove_players", "api.roster", "api.ban", "api.unban",
                          "api.room", "api.overlay_delay", "api.cohost", "api.host_hero",
                          "api.hero_settings"})


class Limiter:
    """The app's named limits, in this process or over a ``limits`` storage (Redis, shared by
    processes). ``clock`` is the time now (``time.time`` when None)."""

    def __init__(self, limits: dict[str, str], storage: Storage | None = None,
                 clock: Callable[[], float] | None = None) -> None:
        self.items: dict[str, list[RateLimitItem]] = {
            name: parse_many(spec) for name, spec in limits.items()}
        self.storage = storage
        self.strategy = MovingWindowRateLimiter(storage) if storage is not None else None
        self.windows = MovingWindows()
        self._lock = threading.Lock()  # never held across a yield: a real lock is as good
        self.clock = clock

    def wait(self, name: str, *key: Any) -> float:
        """Count one request of ``key`` against limit ``name``: 0.0 to go ahead, else seconds.

        Every window of the limit is checked before any is spent, so a refused
        request uses up nothing.
        """
        items = self.items.get(name)
        if not items:
            return 0.0
        ident = [str(k) for k in key]
        now = self.clock() if self.clock is not None else time.time()
        if self.strategy is None:
            return self._wait_here(items, ident, now)
        try:
            for item in items:
                if not self.strategy.test(item, *ident):
                    reset = self.strategy.get_window_stats(item, *ident).reset_time
                    return max(1.0, reset - now)
            for item in items:
                self.strategy.hit(item, *ident)
        except Exception as e:  # Redis down: a flood limit must never stop a class
            log.warning("flood limit %s not counted (%s: %s); letting it through",
                        name, type(e).__name__, e)
        return 0.0

    def _wait_here(self, items: list[RateLimitItem], ident: list[str], now: float) -> float:
        windows = self.windows
        keys = [(item.key_for(*ident), item.amount, item.get_expiry()) for item in items]
        with self._lock:
            for k, amount, seconds in keys:
                if wait := windows.wait(k, amount, seconds, now):
                    return max(1.0, wait)
            for k, amount, seconds in keys:
                windows.hit(k, amount, seconds, now)
        return 0.0


def client_address() -> str:
    """The client's address (the proxy's X-Forwarded-For when ``TRUSTED_PROXIES`` is set)."""
    return request.remote_addr or "?"


def _secret() -> str:
    """The parsed bearer secret, hashed (never kept as it is); "-" for none."""
    secret = bearer()
    return hashlib.sha256(secret.encode()).hexdigest()[:32] if secret else "-"


TOO_MANY_READS = N_("Too many requests from here; try again in %(s)s s.")


def too_many(wait: float, message: str) -> Response:
    """A 429 in the error shape, with ``Retry-After`` in whole seconds; ``message`` is a msgid
    with ``%(s)s`` for the seconds (``Too many actions; try again in %(s)s s.``)."""
    seconds = max(1, math.ceil(wait))
    resp = error_response(Refusal.TOO_MANY, "rate_limited", gettext(message, s=seconds))
    resp.headers["Retry-After"] = str(seconds)
    return resp


def limit(name: str, *key: Any) -> float:
    """Count one request against the app's limit ``name``: 0.0 to go on, else seconds."""
    limiter: Limiter = current_app.extensions["dicehero.limiter"]
    return limiter.wait(name, *key)


def check_rate() -> Response | None:
    """429 for a request over its flood limit; None to go on."""
    limiter: Limiter = current_app.extensions["dicehero.limiter"]
    endpoint = request.endpoint
    if request.method not in WRITE_METHODS:
        if endpoint == "static" or request.method == "OPTIONS":
            return None
        wait = limiter.wait("read", client_address())
        return too_many(wait, TOO_MANY_READS) if wait else None
    args = request.view_args or {}
    code = str(args.get("code", "")).strip().upper()
    player = args.get("player_id")
    if endpoint in ("api.join", "api.name_offers"):  # offers are made per device, like joins
        device = device_id()
        address = client_address()
        # The narrow allowance first: a flood it refuses uses up nothing of the wider ones.
        wait = (limiter.wait("join_device", code, device) if device
                else limiter.wait("join_anonymous", code, address)
                ) or limiter.wait("join_address", code, address) or limiter.wait(
                    "join_game", code)
        what = N_("Too many players joining this game; try again in %(s)s s.")
    elif endpoint in ("solo.state", "solo.par"):
        wait = limiter.wait("solo", client_address())
        what = N_("Too many solo requests from here; try again in %(s)s s.")
    elif endpoint == "api.act":
        wait = limiter.wait("action", code, player, _secret())
        what = N_("Too many actions; try again in %(s)s s.")
    elif endpoint == "api.paper_put":
        wait = limiter.wait("paper", code, player, _secret())
        what = N_("Too many paper sheets; try again in %(s)s s.")
    elif endpoint == "api.paper_check":
        wait = limiter.wait("paper_check", code, client_address())
        what = N_("Too many paper marks from here; try again in %(s)s s.")
    elif endpoint == "doodles.put_doodle":
        wait = limiter.wait("doodle", code, player, _secret())
        what = N_("Too many drawings; try again in %(s)s s.")
    elif endpoint in _HOST_WRITES:
        wait = limiter.wait("host", code, _secret())
        what = N_("Too many host requests; try again in %(s)s s.")
    elif endpoint == "api.create_game":
        wait = limiter.wait("create_ip", client_address())
        what = N_("Too many new games from here; try again in %(s)s s.")
    else:
        return None
    return too_many(wait, what) if wait else None


def _netloc(url: str) -> str | None:
    """``host:port`` of an origin, with the scheme's default port left out; None if unusable."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return None
    if not parts.scheme or not parts.hostname:
        return None
    default = {"http": 80, "https": 443}.get(parts.scheme)
    host = parts.hostname.lower()
    if ":" in host:
        host = f"[{host}]"
    return host if port is None or port == default else f"{host}:{port}"


def _served_origins(port: int) -> set[str | None]:
    """The origins this server's own pages have on ``port``: ``PUBLIC_URL``, the
    ``ALLOWED_ORIGINS``, the loopback, this machine's network address and names, and the
    address the connection came in on. Never the request's ``Host`` header: a page on
    another site whose name a DNS-rebinding attack points at this machine sends its own
    name there (and as its Origin), and must not create or join games."""
    cache = current_app.extensions.setdefault("dicehero.origins", {})
    at, known = cache.get(port, (0.0, set()))
    if time.monotonic() - at > 60:  # a laptop may change networks: look again each minute
        config = current_app.config
        known = {_netloc(o) for o in config["ALLOWED_ORIGINS"]}
        if config.get("PUBLIC_URL"):
            known.add(_netloc(config["PUBLIC_URL"]))
        host = socket.gethostname()
        for name in ("localhost", "127.0.0.1", "[::1]", lan_ip(), host, f"{host}.local"):
            known.add(_netloc(f"http://{name}:{port}"))
        cache[port] = (time.monotonic(), known)
    allowed = set(known)
    handler = request.environ.get("dicehero.handler")
    sock = getattr(handler, "socket", None)
    if sock is not None:
        with contextlib.suppress(OSError):
            ip = sock.getsockname()[0]
            allowed.add(_netloc(f"http://{f'[{ip}]' if ':' in ip else ip}:{port}"))
    return allowed


def check_origin() -> Response | None:
    """403 for a write whose ``Origin`` is not one of this server's own; None to go on."""
    if request.method not in WRITE_METHODS:
        return None
    origin = request.headers.get("Origin")
    if origin is None:
        return None  # not a browser (bots, curl) or a same-origin form in an old browser
    seen = _netloc(origin)
    try:
        port = int(request.environ.get("SERVER_PORT") or 80)
    except ValueError:
        port = 80
    if seen is not None and seen in _served_origins(port):
        return None
    return error_response(Refusal.NOT_YOURS, "foreign_origin",
                          gettext("This request came from another website; it was refused."))


def check_size() -> Response | None:
    """413 before anything else when ``Content-Length`` is over the limit.

    Werkzeug refuses a big body only when a handler reads it, after any check
    of who is asking; a declared size is refused up front, for every route. A
    body sent without a length is cut off while it is read (also 413).
    """
    limit = current_app.config.get("MAX_CONTENT_LENGTH")
    if limit is not None and (request.content_length or 0) > limit:
        return error_response(Refusal.TOO_BIG, "request_entity_too_large",
                              gettext("The body is over %(kib)s KiB.", kib=limit // 1024))
    return None


def no_sniff(resp: Response) -> Response:
    """Browsers must take every reply as the type it says (a JSON name is never HTML)."""
    resp.headers.setdefault("X-Content-Type-Options", "nosniff")
    return resp


def _storage(redis_url: str | None) -> Storage | None:
    """Redis when the processes share one (their limits are then one allowance)."""
    return storage_from_string(redis_url) if redis_url else None


def init_app(app: Flask) -> None:
    """Install the guards (and ``ProxyFix`` when ``TRUSTED_PROXIES`` says how many)."""
    app.config.setdefault("RATE_LIMITS", DEFAULT_LIMITS)
    app.config.setdefault("ALLOWED_ORIGINS", [])
    app.config.setdefault("TRUSTED_PROXIES", 0)
    proxies = int(app.config["TRUSTED_PROXIES"])
    if proxies > 0:  # behind nginx: the client address and host come from X-Forwarded-*
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies,  # type: ignore[method-assign]
                                x_host=proxies, x_port=proxies)
    app.extensions["dicehero.limiter"] = Limiter(dict(app.config["RATE_LIMITS"]),
                                                 _storage(app.config.get("REDIS_URL")))
    app.before_request(check_size)
    app.before_request(check_origin)
    app.before_request(check_rate)
    app.after_request(no_sniff)
