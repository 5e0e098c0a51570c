"""JSON replies encoded by orjson.

Every tap's reply carries the hero's whole sheet view (about 2 KB); Flask's default
provider (the standard library's encoder, keys sorted) took some 37 µs of it, orjson
a few. The output keeps Flask's meaning: keys sorted, non-string keys written as
strings, dates, dataclasses and the rest left to Flask's own ``default``; what orjson
cannot write at all (an integer over 64 bits) goes to the standard encoder.
"""

from __future__ import annotations

import json
from typing import Any

import orjson
from flask import Flask, Response
from flask.json.provider import DefaultJSONProvider

_OPTIONS = (orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATETIME
            | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_SUBCLASS)


def compact(obj: Any) -> str:
    """``obj`` as compact JSON text, as a reply would encode it, without an app (the sheets
    pushed after a roll are encoded on the push's own thread, some 5,000 at a time)."""
    try:
        return orjson.dumps(obj, option=_OPTIONS).decode()
    except (orjson.JSONEncodeError, TypeError):  # an integer over 64 bits
        return json.dumps(obj, separators=(",", ":"), sort_keys=True)


class OrjsonProvider(DefaultJSONProvider):
    """Flask's JSON provider with orjson doing the encoding."""

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        """JSON text; a caller asking for the standard encoder's options gets it."""
        if kwargs:
            return super().dumps(obj, **kwargs)
        try:
            return orjson.dumps(obj, default=self.default, option=_OPTIONS).decode()
        except orjson.JSONEncodeError:  # what orjson cannot write (an integer over 64 bits)
            return super().dumps(obj)

    def response(self, *args: Any, **kwargs: Any) -> Response:
        """``jsonify``: the reply as compact JSON bytes and a final newline, like Flask's."""
        obj = self._prepare_response_obj(args, kwargs)
        try:
            data = orjson.dumps(obj, default=self.default,
                                option=_OPTIONS | orjson.OPT_APPEND_NEWLINE)
        except orjson.JSONEncodeError:
            return super().response(obj)
        return self._app.response_class(data, mimetype=self.mimetype)


def init_app(app: Flask) -> None:
    """Encode the app's JSON with orjson, the pages' ``tojson`` too.

    Jinja calls ``dumps(obj, sort_keys=True)`` by default; those keyword arguments sent it to
    the standard encoder with its ", " and ": " (some 500 bytes of spaces in every phone
    page's edition data). orjson sorts the keys itself, and Jinja still makes the text safe
    inside ``<script>``.
    """
    app.json = OrjsonProvider(app)
    app.jinja_env.policies["json.dumps_kwargs"] = {}
