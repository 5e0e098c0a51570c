"""Refusals raised by the store: an HTTP status, a stable code and a plain message.

The store knows nothing of Flask; the web layer turns these into the one JSON
error shape (``dicehero.web.errors.error_response``).
"""

from __future__ import annotations

from typing import Any


class StoreError(Exception):
    """A request the game cannot accept now; the stored state is unchanged."""

    def __init__(self, status: int, code: str, message: str,
                 details: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.details = details  # extra fields for the error object (where a refusal is)
