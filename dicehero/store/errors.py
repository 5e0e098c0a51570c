"""Refusals raised by the store: what kind of refusal, a stable code and a plain message.

The store knows nothing of HTTP: it says what went wrong (the request is malformed, the
caller may not do this, the game is not in a state for it, the rules refuse it), and the
web layer maps each kind to its status once (``dicehero.web.errors``).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from dicehero.engine.phrase import Phrase
from dicehero.words import fill


class Refusal(StrEnum):
    """The kinds of refusal; each is one HTTP status in the web layer."""

    MALFORMED = "malformed"            # the request itself is not well formed
    NO_SECRET = "no_secret"            # it needs a secret and has none (or a wrong one)
    NOT_YOURS = "not_yours"            # the secret is someone else's: not the host, not you
    NOT_FOUND = "not_found"            # no such game or player
    NOT_NOW = "not_now"                # the game is not in a state for it (over, locked, ...)
    TOO_BIG = "too_big"                # more than the store takes at once
    REFUSED = "refused"                # well formed, but not a value the game can take
    TOO_MANY = "too_many"              # over a flood limit: wait, then try again
    BUSY = "busy"                      # the database stayed busy: try again


class StoreError(Exception):
    """A request the game cannot accept now; the stored state is unchanged."""

    def __init__(self, kind: Refusal, code: str, message: str | Phrase,
                 details: dict[str, Any] | None = None, **params: Any) -> None:
        # ``message`` is an English msgid (marked N_) with its %(name)s placeholders filled
        # from ``params`` (an engine phrase among them said too), or an engine refusal's
        # phrase: the web layer says it in the reader's language; ``message`` is English.
        text = fill(message, params, "en")
        super().__init__(text)
        self.kind = kind
        self.code = code
        self.template = message
        self.params = params
        self.message = text
        self.details = details  # extra fields for the error object (where a refusal is)
