"""JSON replies are written by orjson with the meaning Flask's own encoder gives them."""

from __future__ import annotations

import json
from datetime import datetime

from flask import Flask, jsonify

from dicehero.web import json_reply


def _app() -> Flask:
    app = Flask(__name__)
    json_reply.init_app(app)
    return app


def test_a_reply_has_its_keys_sorted_and_ends_with_a_newline():
    with _app().app_context():
        data = jsonify({"b": 1, "a": [1, 2], "c": {"z": None, "y": "é"}}).get_data()
    assert data == '{"a":[1,2],"b":1,"c":{"y":"é","z":null}}\n'.encode()


def test_whole_number_keys_are_written_as_text():
    with _app().app_context():
        assert json.loads(jsonify({1: "one", 2: "two"}).get_data()) == {"1": "one", "2": "two"}


def test_a_date_is_written_as_flask_writes_it():
    app = _app()
    when = datetime(2026, 11, 25, 9, 30)
    with app.app_context():
        ours = jsonify({"at": when}).get_json()
    plain = Flask("plain")
    with plain.app_context():
        assert ours == jsonify({"at": when}).get_json()


def test_an_integer_over_64_bits_falls_back_to_the_standard_encoder():
    app = _app()
    with app.app_context():
        assert jsonify({"n": 10**30}).get_json() == {"n": 10**30}
        assert json.loads(app.json.dumps({"n": 10**30})) == {"n": 10**30}
