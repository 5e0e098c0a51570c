"""One JSON error shape for the whole service: ``{"error": {"code": ..., "message": ...}}``.

Every refusal of the web layer names a :class:`Refusal` kind, never a status: the one
table below turns a kind into its HTTP status (``grep`` finds no other status literal
of a refusal in ``dicehero/web``).
"""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, jsonify, render_template
from flask_babel import gettext
from werkzeug.exceptions import HTTPException

from dicehero import i18n
from dicehero.engine.errors import ActionError
from dicehero.engine.phrase import Phrase
from dicehero.i18n import N_
from dicehero.store.errors import Refusal
from dicehero.web.language import current_language
from dicehero.words import fill, fill_json, say

# Each kind of refusal, from the store or the web layer, as the one HTTP status it is sent with.
STATUS: dict[Refusal, int] = {
    Refusal.MALFORMED: 400,
    Refusal.NO_SECRET: 401,
    Refusal.NOT_YOURS: 403,
    Refusal.NOT_FOUND: 404,
    Refusal.NOT_NOW: 409,
    Refusal.TOO_BIG: 413,
    Refusal.REFUSED: 422,
    Refusal.TOO_MANY: 429,
    Refusal.BUSY: 503,
}


class ApiError(Exception):
    """A refusal of the web layer, sent as JSON: its kind, a stable code and a plain message."""

    def __init__(self, kind: Refusal, code: str, message: str, **params: Any) -> None:
        # As a StoreError's: ``message`` is an English msgid (N_), filled from ``params``.
        text = fill(message, params, i18n.SOURCE)
        super().__init__(text)
        self.kind = kind
        self.code = code
        self.template = message
        self.params = params
        self.message = text


class MissingPage(Exception):
    """A page asked for a game that does not exist: the HTML page that says so."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


# Werkzeug's own refusals, in the reader's language (its words are English only).
HTTP_WORDS = {
    400: N_("The request is not one this server understands."),
    404: N_("There is nothing at this address."),
    405: N_("This address does not take that method."),
    413: N_("The request is too big."),
    415: N_("Send the body as JSON."),
    429: N_("Too many requests: wait a little and try again."),
    500: N_("Something went wrong on the server. Try again."),
}


def said(e: Any) -> str:
    """A refusal's message in the reader's language (its msgid ``template``, ``params``)."""
    return fill(e.template, e.params, current_language())


def said_phrase(p: Phrase | ActionError) -> str:
    """An engine phrase (a refusal's) in the reader's language."""
    return say(p, current_language())


def said_check(checking: dict[str, Any] | None) -> dict[str, Any] | None:
    """A paper sheet's ``checking``: a refusal after its check, worded for this reader (the
    game's log keeps its words as data, ``words``, and its English ``reason``)."""
    if not checking or "words" not in checking:
        return checking
    words = checking["words"]
    return {**{k: v for k, v in checking.items() if k != "words"},
            "reason": fill_json(words, current_language())}


def refusal_details(details: dict[str, Any] | None) -> dict[str, Any]:
    """A refusal's extra fields, any engine phrase among them (a paper sheet's rule) worded."""
    return {k: said_phrase(v) if isinstance(v, Phrase) else v for k, v in (details or {}).items()}


def _reply(status: int, code: str, message: str,
           details: dict[str, Any] | None = None) -> Response:
    """The JSON error body with its status; ``details`` add fields, never replace them."""
    resp = jsonify(error={**refusal_details(details), "code": code, "message": message})
    resp.status_code = status
    return resp


def error_response(kind: Refusal, code: str, message: str,
                   details: dict[str, Any] | None = None) -> Response:
    """The JSON response for a refusal of ``kind``; every refusal of the service goes through here.

    ``details`` adds fields beside ``code`` and ``message`` (a paper sheet's refusal
    names its round and die); they never replace them.
    """
    return _reply(STATUS[kind], code, message, details)


def init_app(app: Flask) -> None:
    """Send every error, ours or Werkzeug's, in the one JSON shape."""

    from dicehero.engine import ActionError, BadAction
    from dicehero.store import StoreError

    @app.errorhandler(ApiError)
    def _api_error(e: ApiError) -> Response:
        return error_response(e.kind, e.code, said(e))

    @app.errorhandler(StoreError)
    def _store_error(e: StoreError) -> Response:
        return error_response(e.kind, e.code, said(e), e.details)

    @app.errorhandler(ActionError)
    def _action_error(e: ActionError) -> Response:
        # A malformed action is a bad request; a well-formed one the rules refuse is 422.
        kind = Refusal.MALFORMED if isinstance(e, BadAction) else Refusal.REFUSED
        return error_response(kind, e.code, said_phrase(e))

    @app.errorhandler(MissingPage)
    def _missing_page(e: MissingPage) -> tuple[str, int]:
        return render_template("missing.html", code=e.code), STATUS[Refusal.NOT_FOUND]

    @app.errorhandler(HTTPException)
    def _http_error(e: HTTPException) -> Response:
        # Werkzeug's own refusals (405, 413 of a body read too big, ...) carry their status.
        code = (e.name or "error").lower().replace(" ", "_")
        message = e.description or e.name
        if e.description == type(e).description and e.code in HTTP_WORDS:
            message = gettext(HTTP_WORDS[e.code])
        return _reply(e.code or 500, code, message)
