"""The address phones should open: ``PUBLIC_URL`` behind a proxy, else this machine's
address on the local network, never ``localhost`` (a phone's own localhost is the phone).

Its own module, with no Flask, so that the pages, ``dicehero serve`` and ``dicehero print``
all use it without one importing another.
"""

from __future__ import annotations

import os
import socket
from typing import Any
from urllib.parse import urlsplit

from dicehero.i18n import N_

DEFAULT_PORT = 5000
LOOPBACK = ("localhost", "127.0.0.1", "::1")


class AddressError(ValueError):
    """A ``PUBLIC_URL`` that is not an http(s) address: its ``message`` (a msgid) and
    ``params`` are said in the reader's language where it is caught."""

    def __init__(self, message: str, **params: Any) -> None:
        super().__init__(message % params)
        self.message = message
        self.params = params


def lan_ip() -> str:
    """This machine's address on the local network (nothing is sent), or 127.0.0.1."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("10.255.255.255", 1))  # UDP connect only picks a route
        return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        s.close()


def checked_public_url(url: str) -> str:
    """``url`` (``PUBLIC_URL`` or ``--url``) with one trailing slash; AddressError unless it
    is an http or https address with a host."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        # Translators: %(url)s is what was given, quoted; HOST, PORT and PATH stay as written.
        raise AddressError(N_("%(url)s is not an address phones can open: give it as "
                              "http://HOST[:PORT][/PATH] or https://..."), url=repr(url))
    return url.strip().rstrip("/") + "/"


def configured_public_url() -> str | None:
    """``PUBLIC_URL`` from the environment, checked; None when it is not set."""
    url = os.environ.get("PUBLIC_URL", "").strip()
    return checked_public_url(url) if url else None


def public_url(host: str, port: int, configured: str | None = None) -> str:
    """The address phones should open for a server listening on ``host``: ``configured``
    (``PUBLIC_URL``) when set, else this machine's network address."""
    if configured:
        return checked_public_url(configured)
    shown = lan_ip() if host in ("0.0.0.0", "::", "") else host
    return f"http://{shown}:{port}/"


def only_this_machine(listen_host: str | None) -> bool:
    """Whether a server listening on ``listen_host`` can be reached from this machine only."""
    return listen_host in LOOPBACK


def is_loopback(url: str) -> bool:
    """Whether ``url`` leads to this machine's loopback, which no phone can open: what the
    pages fall back to when this machine has no network address (``lan_ip`` gave 127.0.0.1)."""
    return (urlsplit(url).hostname or "localhost") in LOOPBACK


def reachable_base(host_url: str, configured: str | None = None,
                   listen_host: str | None = None) -> str:
    """The base address for join links on a page asked for at ``host_url``: ``configured``
    when set, else ``host_url`` unless it is this machine's loopback (then its LAN address,
    same port). A server that listens on the loopback only keeps the loopback: a LAN
    address would lead phones nowhere."""
    if configured:
        return checked_public_url(configured)
    parts = urlsplit(host_url)
    if (parts.hostname or "localhost") in LOOPBACK and not only_this_machine(listen_host):
        ip = lan_ip()
        if ip != "127.0.0.1":
            port = f":{parts.port}" if parts.port else ""
            return f"{parts.scheme}://{ip}{port}/"
    return host_url.rstrip("/") + "/"
