"""What a request carries, read once for every route: its JSON body and its bearer secret."""

from __future__ import annotations

import json
from typing import Any

from flask import current_app, request

from dicehero.i18n import N_
from dicehero.store.errors import Refusal
from dicehero.web.errors import ApiError


def bearer() -> str | None:
    """The secret from ``Authorization: Bearer <secret>``, or None.

    "Bearer" in any case, the secret with any padding around it: the same secret
    however it is written (flood limits are keyed on this, not on the raw header).
    """
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.strip().partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


def body() -> dict[str, Any]:
    """The request's JSON object (an empty body is ``{}``); 400 otherwise."""
    raw = request.get_data(cache=False)  # honours MAX_CONTENT_LENGTH: 413
    limit = current_app.config.get("MAX_CONTENT_LENGTH")
    if request.content_length is None and limit is not None and len(raw) >= limit:
        # A chunked body is cut at the limit without an error (Werkzeug): refuse it.
        raise ApiError(Refusal.TOO_BIG, "request_entity_too_large",
                       N_("The body is over %(kib)s KiB."), kib=limit // 1024)
    if not raw.strip():
        return {}
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):  # RecursionError: nested deeper than the parser goes
        raise ApiError(Refusal.MALFORMED, "bad_json", N_("The body is not valid JSON.")) from None
    if not isinstance(data, dict):
        raise ApiError(Refusal.MALFORMED, "bad_json", N_("The body must be a JSON object."))
    return data
