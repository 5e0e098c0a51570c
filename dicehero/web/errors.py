"""One JSON error shape for the whole service: ``{"error": {"code": ..., "message": ...}}``."""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, jsonify
from werkzeug.exceptions import HTTPException

from dicehero.store.errors import Refusal

# Each kind of refusal the store raises, as the one HTTP status it is sent with.
STATUS: dict[Refusal, int] = {
    Refusal.MALFORMED: 400,
    Refusal.NO_SECRET: 401,
    Refusal.NOT_YOURS: 403,
    Refusal.NOT_FOUND: 404,
    Refusal.NOT_NOW: 409,
    Refusal.TOO_BIG: 413,
    Refusal.REFUSED: 422,
    Refusal.BUSY: 503,
}


class ApiError(Exception):
    """An error to send as JSON with a 4xx status, a stable code and a plain message."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


def error_response(status: int, code: str, message: str,
                   details: dict[str, Any] | None = None) -> tuple[Response, int]:
    """The JSON response for an error; every error of the service goes through here.

    ``details`` adds fields beside ``code`` and ``message`` (a paper sheet's refusal
    names its round and die); they never replace them.
    """
    return jsonify(error={**(details or {}), "code": code, "message": message}), status


def init_app(app: Flask) -> None:
    """Send every error, ours or Werkzeug's, in the one JSON shape."""

    from dicehero.engine import ActionError, BadAction
    from dicehero.store import StoreError

    @app.errorhandler(ApiError)
    def _api_error(e: ApiError) -> tuple[Response, int]:
        return error_response(e.status, e.code, e.message)

    @app.errorhandler(StoreError)
    def _store_error(e: StoreError) -> tuple[Response, int]:
        return error_response(STATUS[e.kind], e.code, e.message, e.details)

    @app.errorhandler(ActionError)
    def _action_error(e: ActionError) -> tuple[Response, int]:
        # A malformed action is a bad request; a well-formed one the rules refuse is 422.
        return error_response(400 if isinstance(e, BadAction) else 422, e.code, e.message)

    @app.errorhandler(HTTPException)
    def _http_error(e: HTTPException) -> tuple[Response, int]:
        code = (e.name or "error").lower().replace(" ", "_")
        return error_response(e.code or 500, code, e.description or e.name)
