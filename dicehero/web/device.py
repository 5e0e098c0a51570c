"""A browser's device id: a random cookie the phone page gives it, read by joins.

It lets "each" mode give a browser its hero back instead of a second one (no
shopping for superpower offers), and lets join limits tell a classmate's phone
from a script flooding the same school address: a phone that opened the join
page has its own allowance. It proves nothing about who is asking: a script can
keep a cookie too, and then it has one phone's allowance.
"""

from __future__ import annotations

import secrets

from flask import Response, request

DEVICE_COOKIE = "dicehero_device"
DEVICE_COOKIE_SECONDS = 24 * 3600


def device_id() -> str | None:
    """This browser's device id, if it sent a well-formed one."""
    value = request.cookies.get(DEVICE_COOKIE, "")
    if 16 <= len(value) <= 64 and value.isascii() and value.isprintable():
        return value
    return None


def this_device() -> str:
    """This browser's device id, or the new one :func:`give_device` will give it (the join
    page of a generated-names game offers names to it before the cookie is set)."""
    return device_id() or secrets.token_urlsafe(24)


def give_device(resp: Response, device: str | None = None) -> Response:
    """Give a browser that has no device id a new one (``device``, or a fresh one) on the
    join page."""
    if device_id() is None:
        resp.set_cookie(DEVICE_COOKIE, device or secrets.token_urlsafe(24),
                        max_age=DEVICE_COOKIE_SECONDS,
                        httponly=True, samesite="Lax", path="/")
    return resp
