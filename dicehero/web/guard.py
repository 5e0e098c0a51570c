"""Guards in front of the API: foreign-origin writes (403) and join/action floods (429).

Secrets travel only as ``Authorization: Bearer`` (no cookies), so a foreign page
cannot act for anyone; the Origin check is a second wall that also covers any
cookie added later. Browsers send ``Origin`` on every cross-site write; when it
names another site (or ``null``) the write is refused before any handler runs.

Floods are limited with in-memory token buckets, one per key: joins per game
and per client address and game, actions per player secret, new games per
client address. A bucket holds ``burst`` tokens and refills ``per_minute``
every minute, so a burst of a whole classroom passes and only a script that
keeps going is refused. Limits live in the app config (``RATE_LIMITS``) so
tests and benchmarks can raise them; ``RATE_LIMITS = {}`` turns them off.
Buckets are per process: with N processes a client gets up to N times the
limit, which still stops a flood.
"""

from __future__ import annotations

import hashlib
import math
import threading
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, Response, current_app, request
from werkzeug.middleware.proxy_fix import ProxyFix

from dicehero.web.errors import error_response

# (per_minute, burst). A class of 100 behind one school NAT joins within a
# minute, so one address may join a game 200 times at once and 300 more a
# minute; a game takes 500 at once (a hall) and 1,200 a minute. A player taps
# a few times a second at most; a bot 20 times a second is still allowed.
DEFAULT_LIMITS: dict[str, tuple[float, float]] = {
    "join_game": (1200, 500),
    "join_ip": (300, 200),
    "action": (1200, 120),
    "create_ip": (60, 60),
}

WRITE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


class Buckets:
    """Token buckets by key; :meth:`take` answers 0 (allowed) or seconds until a token."""

    MAX_KEYS = 100_000  # then buckets that have refilled completely are forgotten

    def __init__(self, per_minute: float, burst: float,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = per_minute / 60.0
        self.burst = float(burst)
        self.clock = clock
        self._tokens: dict[Any, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def take(self, key: Any) -> float:
        """Spend one token of ``key``'s bucket; 0.0 if there was one, else the wait in seconds."""
        now = self.clock()
        with self._lock:
            tokens, last = self._tokens.get(key, (self.burst, now))
            tokens = min(self.burst, tokens + (now - last) * self.rate)
            if tokens >= 1.0:
                self._tokens[key] = (tokens - 1.0, now)
                if len(self._tokens) > self.MAX_KEYS:
                    self._forget_full(now)
                return 0.0
            self._tokens[key] = (tokens, now)
            return (1.0 - tokens) / self.rate if self.rate > 0 else 3600.0

    def _forget_full(self, now: float) -> None:
        full = [k for k, (t, last) in self._tokens.items()
                if t + (now - last) * self.rate >= self.burst]
        for k in full:
            del self._tokens[k]
        if len(self._tokens) > self.MAX_KEYS:  # a flood of distinct keys: start over
            self._tokens.clear()


class Guard:
    """The app's buckets, built from ``RATE_LIMITS``."""

    def __init__(self, limits: dict[str, tuple[float, float]],
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.buckets = {name: Buckets(per_minute, burst, clock)
                        for name, (per_minute, burst) in limits.items()}

    def wait(self, name: str, key: Any) -> float:
        """Seconds to wait before ``key`` may do ``name`` again (0.0: go ahead)."""
        bucket = self.buckets.get(name)
        return bucket.take(key) if bucket is not None else 0.0


def client_address() -> str:
    """The client's address (the proxy's X-Forwarded-For when ``TRUSTED_PROXIES`` is set)."""
    return request.remote_addr or "?"


def _secret_key() -> str:
    # Keyed by the secret (hashed), not the player id: a stranger sending bad
    # secrets for someone's id must not use up that player's allowance.
    header = request.headers.get("Authorization", "")
    return hashlib.sha256(header.encode("utf-8", "replace")).hexdigest()[:32]


def too_many(wait: float, what: str) -> Response:
    """A 429 in the error shape, with ``Retry-After`` in whole seconds."""
    seconds = max(1, math.ceil(wait))
    resp, status = error_response(429, "rate_limited",
                                  f"Too many {what}; try again in {seconds} s.")
    resp.status_code = status
    resp.headers["Retry-After"] = str(seconds)
    return resp


def check_rate() -> Response | None:
    """429 for a join, action or new game over its limit; None to go on."""
    guard: Guard = current_app.extensions["dicehero.guard"]
    endpoint = request.endpoint
    args = request.view_args or {}
    if endpoint == "api.join":
        code = str(args.get("code", "")).strip().upper()
        wait = max(guard.wait("join_ip", (client_address(), code)), guard.wait("join_game", code))
        return too_many(wait, "players joining this game") if wait else None
    if endpoint == "api.act":
        code = str(args.get("code", "")).strip().upper()
        wait = guard.wait("action", (code, args.get("player_id"), _secret_key()))
        return too_many(wait, "actions") if wait else None
    if endpoint == "api.create_game":
        wait = guard.wait("create_ip", client_address())
        return too_many(wait, "new games from here") if wait else None
    return None


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


def check_origin() -> Response | None:
    """403 for a write whose ``Origin`` is another site; None to go on."""
    if request.method not in WRITE_METHODS:
        return None
    origin = request.headers.get("Origin")
    if origin is None:
        return None  # not a browser (bots, curl) or a same-origin form in an old browser
    own = _netloc(request.host_url)
    allowed = {own} | {_netloc(o) for o in current_app.config["ALLOWED_ORIGINS"]}
    seen = _netloc(origin)
    if seen is not None and seen in allowed:
        return None
    resp, status = error_response(403, "foreign_origin",
                                  "This request came from another website; it was refused.")
    resp.status_code = status
    return resp


def check_size() -> Response | None:
    """413 before anything else when ``Content-Length`` is over the limit.

    Werkzeug refuses a big body only when a handler reads it, after any check
    of who is asking; a declared size is refused up front, for every route. A
    body sent without a length is cut off while it is read (also 413).
    """
    limit = current_app.config.get("MAX_CONTENT_LENGTH")
    if limit is not None and (request.content_length or 0) > limit:
        resp, status = error_response(413, "request_entity_too_large",
                                      f"The body is over {limit // 1024} KiB.")
        resp.status_code = status
        return resp
    return None


def no_sniff(resp: Response) -> Response:
    """Browsers must take every reply as the type it says (a JSON name is never HTML)."""
    resp.headers.setdefault("X-Content-Type-Options", "nosniff")
    return resp


def init_app(app: Flask) -> None:
    """Install the guards (and ``ProxyFix`` when ``TRUSTED_PROXIES`` says how many)."""
    app.config.setdefault("RATE_LIMITS", DEFAULT_LIMITS)
    app.config.setdefault("ALLOWED_ORIGINS", [])
    app.config.setdefault("TRUSTED_PROXIES", 0)
    proxies = int(app.config["TRUSTED_PROXIES"])
    if proxies > 0:  # behind nginx: the client address and host come from X-Forwarded-*
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies,  # type: ignore[method-assign]
                                x_host=proxies, x_port=proxies)
    app.extensions["dicehero.guard"] = Guard(dict(app.config["RATE_LIMITS"]))
    app.before_request(check_size)
    app.before_request(check_origin)
    app.before_request(check_rate)
    app.after_request(no_sniff)
