"""The address phones should open: this machine's address on the local network.

Its own module so that the pages and ``dicehero serve`` both use it without the
pages importing the server (an import loop: web -> pages -> serve -> web).
"""

from __future__ import annotations

import socket


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


def public_url(host: str, port: int) -> str:
    """The address phones should open for a server listening on ``host``."""
    shown = lan_ip() if host in ("0.0.0.0", "::", "") else host
    return f"http://{shown}:{port}/"
