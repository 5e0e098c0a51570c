"""Checking what a request carries: secrets, join codes and typed fields (names: ``names``).

Each check raises :class:`StoreError` with a 4xx status and a plain message, so
a bad field never reaches the database.
"""

from __future__ import annotations

import hashlib
from typing import Any

from dicehero.i18n import N_
from dicehero.store.errors import Refusal, StoreError


def hash_secret(secret: str) -> str:
    """The stored form of a secret: its SHA-256 (secrets are 256-bit random, no salt needed)."""
    return hashlib.sha256(secret.encode("utf-8", "replace")).hexdigest()


def normalise_code(code: str) -> str:
    """The join code as stored (codes are typed in any case); 404 for what cannot be one.

    Checked before any query: PostgreSQL refuses text with a NUL byte outright, and
    a code of odd characters is simply no game.
    """
    wanted = code.strip().upper()
    if not (wanted.isascii() and wanted.isalnum() and len(wanted) <= 16):
        raise StoreError(Refusal.NOT_FOUND, "unknown_game",
                         N_("There is no game %(game)s. Check the join code."),
                         game=repr(code))
    return wanted


def int_field(body: dict[str, Any], key: str, lo: int, hi: int, default: int | None = None,
               required: bool = False) -> int | None:
    value = body.get(key, default)
    if value is None and key in body:  # an explicit null is not "use the default"
        raise StoreError(Refusal.REFUSED, "bad_field",
                         N_("'%(field)s' must be a whole number from %(lo)s to %(hi)s."),
                         field=key, lo=lo, hi=hi)
    if value is None:
        if required:
            raise StoreError(Refusal.REFUSED, "missing_field", N_("'%(field)s' is required."),
                             field=key)
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise StoreError(Refusal.REFUSED, "bad_field",
                         N_("'%(field)s' must be a whole number from %(lo)s to %(hi)s."),
                         field=key, lo=lo, hi=hi)
    return value


def bool_field(body: dict[str, Any], key: str) -> bool:
    value = body.get(key, False)
    if not isinstance(value, bool):
        raise StoreError(Refusal.REFUSED, "bad_field", N_("'%(field)s' must be true or false."),
                         field=key)
    return value


def no_null(body: dict[str, Any], key: str, code: str) -> None:
    # Leaving a field out means "roll it"; an explicit null is a mistake, not the same thing.
    if key in body and body[key] is None:
        raise StoreError(Refusal.REFUSED, code,
                         N_("'%(field)s' is a list of numbers (leave it out to roll)."),
                         field=key)


def only(body: dict[str, Any], *keys: str) -> None:
    extra = set(body) - set(keys)
    if extra:
        raise StoreError(Refusal.REFUSED, "bad_field",
                         N_("Unknown field %(fields)s; expected %(known)s."),
                         fields=", ".join(sorted(extra)), known=", ".join(keys) or "none")
