"""Costume doodles: the small PNG a hero draws when joining, stored and served back.

The player's phone sends it as a data URL; the host screen shows it beside the
hero's name. Only the hero may set their own (the store checks, as for every sheet);
anyone in the game may see it. Here the bytes are checked to be a small PNG.
"""

from __future__ import annotations

import base64
import binascii
import struct
from typing import Any

from flask import Blueprint, Response, request

from dicehero.i18n import N_
from dicehero.store.errors import Refusal
from dicehero.web import games
from dicehero.web.errors import ApiError
from dicehero.web.request import bearer, body

bp = Blueprint("doodles", __name__)

DOODLE_MAX_BYTES = 24 * 1024
DOODLE_MAX_SIDE = 256
_PNG = b"\x89PNG\r\n\x1a\n"


def check_png(data: bytes) -> tuple[int, int]:
    """The width and height of a small PNG; :class:`ApiError` if it is not one."""
    if len(data) > DOODLE_MAX_BYTES:
        raise ApiError(Refusal.TOO_BIG, "doodle_too_big",
                       N_("A doodle is at most %(kb)s KB."), kb=DOODLE_MAX_BYTES // 1024)
    if len(data) < 33 or not data.startswith(_PNG) or data[12:16] != b"IHDR":
        raise ApiError(Refusal.REFUSED, "bad_doodle", N_("A doodle is a PNG image."))
    width, height = struct.unpack(">II", data[16:24])
    if not (0 < width <= DOODLE_MAX_SIDE and 0 < height <= DOODLE_MAX_SIDE):
        raise ApiError(Refusal.REFUSED, "bad_doodle",
                       N_("A doodle is at most %(side)s pixels on a side."),
                       side=DOODLE_MAX_SIDE)
    return width, height


@bp.put("/api/games/<code>/players/<int:player_id>/doodle")
def put_doodle(code: str, player_id: int) -> dict[str, Any]:
    """The player: store their costume doodle (a small PNG data URL)."""
    data = body()
    if set(data) - {"png"}:
        raise ApiError(Refusal.REFUSED, "bad_field", N_("A doodle body has only 'png'."))
    raw = data.get("png")
    prefix = "data:image/png;base64,"
    if not isinstance(raw, str) or not raw.startswith(prefix):
        raise ApiError(Refusal.REFUSED, "bad_doodle",
                       N_("Send 'png': a data:image/png;base64 URL."))
    try:
        png = base64.b64decode(raw[len(prefix):], validate=True)
    except (binascii.Error, ValueError):
        raise ApiError(Refusal.REFUSED, "bad_doodle",
                       N_("The doodle is not valid base64.")) from None
    width, height = check_png(png)
    games().draw(code, bearer(), player_id, png)  # only the hero, still in the game
    return {"width": width, "height": height, "bytes": len(png)}


@bp.get("/api/games/<code>/players/<int:player_id>/doodle.png")
def get_doodle(code: str, player_id: int) -> Response:
    """A player's costume doodle (404 when they drew none); revalidated by its ETag."""
    found = games().doodle(code, player_id)
    if found is None:
        raise ApiError(Refusal.NOT_FOUND, "no_doodle", N_("This hero has no doodle."))
    png, digest = found
    resp = Response(png, mimetype="image/png")
    resp.set_etag(digest)
    resp.headers["Cache-Control"] = "no-cache"
    resp.headers["X-Content-Type-Options"] = "nosniff"
    return resp.make_conditional(request)
