"""How long and how many connections a client may hold on a gevent server (``dicehero serve``
and the gunicorn workers), read from the app's configuration.

One laptop must not hold a class's server: a request whose request line and headers
have not arrived within ``HEADER_SECONDS`` (``KEEPALIVE_SECONDS`` for the next request
on a kept-alive connection), or whose body has not within ``BODY_SECONDS``, is closed;
an address holds at most ``CONNECTIONS_PER_ADDRESS`` connections at once (a school's
NAT with 100 phones, each with its event stream and a few kept-alive connections, fits
many times over; the next one is answered 429 and closed at once). Behind a proxy
(``TRUSTED_PROXIES``) every connection comes from the proxy: the cap is the proxy's to
set (nginx's ``limit_conn``), not ours. ``0`` turns a rule off.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import gevent
from werkzeug.exceptions import RequestTimeout

DEFAULTS: dict[str, float] = {
    "HEADER_SECONDS": 10.0,
    "BODY_SECONDS": 10.0,
    "KEEPALIVE_SECONDS": 30.0,
    "CONNECTIONS_PER_ADDRESS": 1000,
}

TOO_MANY = (b"HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json\r\n"
            b"Retry-After: 5\r\nConnection: close\r\nContent-Length: %d\r\n\r\n%s")
TOO_MANY_BODY = (b'{"error":{"code":"too_many_connections","message":'
                 b'"Too many connections from here; try again in 5 s."}}')


@dataclass(frozen=True)
class Rules:
    """The connection rules of one server (seconds; 0 is no limit)."""

    header_seconds: float = DEFAULTS["HEADER_SECONDS"]
    body_seconds: float = DEFAULTS["BODY_SECONDS"]
    keepalive_seconds: float = DEFAULTS["KEEPALIVE_SECONDS"]
    per_address: int = int(DEFAULTS["CONNECTIONS_PER_ADDRESS"])

    @classmethod
    def of(cls, application: Any) -> Rules:
        """The rules of the app a server runs (the defaults for an app without a config)."""
        config = getattr(application, "config", None) or {}
        per_address = int(config.get("CONNECTIONS_PER_ADDRESS",
                                     DEFAULTS["CONNECTIONS_PER_ADDRESS"]))
        if int(config.get("TRUSTED_PROXIES", 0) or 0) > 0:
            per_address = 0  # every connection is the proxy's
        return cls(float(config.get("HEADER_SECONDS", DEFAULTS["HEADER_SECONDS"])),
                   float(config.get("BODY_SECONDS", DEFAULTS["BODY_SECONDS"])),
                   float(config.get("KEEPALIVE_SECONDS", DEFAULTS["KEEPALIVE_SECONDS"])),
                   per_address)


class OpenConnections:
    """How many connections each client address holds open on one server."""

    def __init__(self) -> None:
        self._open: dict[str, int] = {}
        self._lock = threading.Lock()

    def acquire(self, address: str, limit: int) -> bool:
        """Count one more connection of ``address``; False (nothing counted) at ``limit``."""
        with self._lock:
            n = self._open.get(address, 0)
            if limit and n >= limit:
                return False
            self._open[address] = n + 1
            return True

    def release(self, address: str) -> None:
        """One connection of ``address`` closed."""
        with self._lock:
            n = self._open.get(address, 0) - 1
            if n > 0:
                self._open[address] = n
            else:
                self._open.pop(address, None)

    def count(self, address: str) -> int:
        """Connections ``address`` holds open."""
        with self._lock:
            return self._open.get(address, 0)


def within(seconds: float, read: Callable[[], Any], default: Any) -> Any:
    """``read()``, or ``default`` if it takes longer than ``seconds`` (0: no deadline)."""
    if seconds <= 0:
        return read()
    with gevent.Timeout(seconds, False):
        return read()
    return default


class DeadlineInput:
    """A request body that must arrive within a deadline (``wsgi.input`` and pywsgi's own).

    Past it a read raises 408 (the app answers it in the error shape) and the
    connection is closed after the answer; pywsgi's discard of an unread body
    stops there too instead of waiting on a client that sends nothing.
    """

    def __init__(self, raw: Any, seconds: float, on_timeout: Callable[[], None]) -> None:
        self.raw = raw
        self.deadline = time.monotonic() + seconds if seconds > 0 else None
        self.on_timeout = on_timeout

    def _timed(self, read: Callable[[], Any]) -> Any:
        if self.deadline is None:
            return read()
        left = self.deadline - time.monotonic()
        if left > 0:
            with gevent.Timeout(left, False):
                return read()
        self.on_timeout()
        raise RequestTimeout("The request's body did not arrive in time.")

    def read(self, length: int | None = None) -> bytes:
        """Read up to ``length`` bytes of the body (all of it with None)."""
        return self._timed(lambda: self.raw.read(length))

    def readline(self, size: int | None = None) -> bytes:
        """Read one line of the body."""
        return self._timed(lambda: self.raw.readline(size))

    def readlines(self, hint: int | None = None) -> list[bytes]:
        """Read the body's lines."""
        return self._timed(lambda: self.raw.readlines(hint))

    def __iter__(self) -> Iterator[bytes]:
        return iter(self.readline, b"")

    def _discard(self) -> None:
        with contextlib.suppress(RequestTimeout):  # closed: nothing to keep in step with
            self._timed(self.raw._discard)
