"""Bad input on every write: a clear 4xx in the one error shape, never a 500, nothing stored."""

from __future__ import annotations

from typing import Any

import pytest
from apikit import bearer, error
from test_api_fuzz import snapshot

from dicehero.web import create_app

BIG = 10**30


@pytest.fixture(scope="module")
def bad_app(tmp_path_factory):
    """One app for the table, flood limits off."""
    path = tmp_path_factory.mktemp("bad")
    return create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{path / 'b.sqlite'}",
                       "RATE_LIMITS": {}})


@pytest.fixture(scope="module")
def world(bad_app) -> dict[str, Any]:
    """A game in round 1 with Ada, who chose her superpower."""
    c = bad_app.test_client()
    g = c.post("/api/games", json={}).json
    j = c.post(f"/api/games/{g['code']}/players", json={"name": "Ada"}).json
    c.post(f"/api/games/{g['code']}/rolls", json={}, headers=bearer(g["host_secret"]))
    pid, secret = j["player"]["id"], j["secret"]
    sheet = c.get(f"/api/games/{g['code']}/players/{pid}", headers=bearer(secret)).json
    c.post(f"/api/games/{g['code']}/players/{pid}/actions", headers=bearer(secret), json={
        "action": {"type": "choose", "superpower": sheet["sheet"]["legal"]["choose"][0]},
        "roll": 1, "idempotency_key": "setup"})
    return {"code": g["code"], "host": g["host_secret"], "pid": pid, "secret": secret}


def _act(**over: Any) -> dict[str, Any]:
    return {"action": {"type": "done"}, "roll": 1, "idempotency_key": "x", **over}


# (who, method, path, raw body or JSON, content type, status, code)
CASES: list[tuple[str, str, str, Any, str | None, int, str]] = [
    ("host", "POST", "/rolls", b"{not json", "application/json", 400, "bad_json"),
    ("host", "POST", "/rolls", b"[1, 2]", "application/json", 400, "bad_json"),
    ("host", "POST", "/rolls", b'"text"', "application/json", 400, "bad_json"),
    ("host", "POST", "/rolls", b"\xff\xfe\x00", "application/json", 400, "bad_json"),
    ("host", "POST", "/rolls", b"dice=1", "application/x-www-form-urlencoded", 400, "bad_json"),
    ("host", "POST", "/rolls", b'{"dice": [1, 2, 3]}', "text/plain", 422, "bad_roll"),
    ("host", "POST", "/rolls", {"dice": [1, 2, 3, 4], "extra": 1}, None, 422, "bad_field"),
    ("host", "POST", "/rolls", {"number": BIG}, None, 422, "bad_field"),
    ("host", "POST", "/rolls", {"number": -1}, None, 422, "bad_field"),
    ("host", "POST", "/rolls", {"number": 2.5}, None, 422, "bad_field"),
    ("host", "POST", "/rolls", {"number": None}, None, 422, "bad_field"),
    ("host", "POST", "/rolls", {"dice": [BIG, 1, 1, 1]}, None, 422, "bad_roll"),
    ("host", "POST", "/rolls", {"dice": "1234"}, None, 422, "bad_roll"),
    ("host", "POST", "/rolls", {"go_on": "yes"}, None, 422, "bad_field"),
    ("host", "POST", "/timer", {"seconds": BIG}, None, 422, "bad_field"),
    ("host", "POST", "/timer", {"seconds": -5}, None, 422, "bad_field"),
    ("host", "POST", "/timer", {"seconds": True}, None, 422, "bad_field"),
    ("host", "POST", "/timer", {}, None, 422, "missing_field"),
    ("host", "POST", "/offer", {"choices": [1, 1]}, None, 409, "offer_rolled"),
    ("host", "POST", "/offer", {"choices": None}, None, 422, "bad_offer"),
    ("host", "POST", "/rolls", {"dice": None}, None, 422, "bad_roll"),
    ("host", "POST", "/finish", {"go_on": 1}, None, 422, "bad_field"),
    ("anyone", "POST", "/players", {"name": ""}, None, 422, "bad_name"),
    ("anyone", "POST", "/players", {"name": "\u0000\u200b\u202e"}, None, 422, "blank_name"),
    ("anyone", "POST", "/players", {"name": "x" * 25}, None, 422, "bad_name"),
    ("anyone", "POST", "/players", {"name": ["Ada"]}, None, 422, "bad_name"),
    ("anyone", "POST", "/players", {"name": "Ada"}, None, 409, "name_taken"),
    ("anyone", "POST", "/players", {"name": "ADA"}, None, 409, "name_taken"),
    ("anyone", "POST", "/players", {"name": "Cy", "admin": True}, None, 422, "bad_field"),
    ("player", "POST", "/players/{pid}/actions", _act(roll=BIG), None, 422, "bad_field"),
    ("player", "POST", "/players/{pid}/actions", _act(roll=-1), None, 422, "bad_field"),
    ("player", "POST", "/players/{pid}/actions", _act(roll=0), None, 409, "stale_roll"),
    ("player", "POST", "/players/{pid}/actions", _act(idempotency_key=""), None, 422,
     "bad_idempotency_key"),
    ("player", "POST", "/players/{pid}/actions", _act(idempotency_key="k" * 101), None, 422,
     "bad_idempotency_key"),
    # PostgreSQL refuses a NUL byte in text: refused before it reaches the database.
    ("player", "POST", "/players/{pid}/actions", _act(idempotency_key="a\x00b"), None, 422,
     "bad_idempotency_key"),
    ("player", "POST", "/players/{pid}/actions", _act(action="done"), None, 400, "bad_action"),
    ("player", "POST", "/players/{pid}/actions", _act(action={"type": "fly"}), None, 400,
     "unknown_action"),
    ("player", "POST", "/players/{pid}/actions",
     _act(action={"type": "move", "die": BIG, "to": 1}), None, 400, "bad_die"),
    ("player", "POST", "/players/{pid}/actions",
     _act(action={"type": "move", "die": -1, "to": 1}), None, 400, "bad_die"),
    ("player", "POST", "/players/{pid}/actions",
     _act(action={"type": "done", "hack": 1}), None, 400, "bad_field"),
    ("player", "POST", "/players/{pid}/actions", {"roll": 1, "idempotency_key": "x"}, None, 422,
     "missing_field"),
    ("player", "POST", "/players/-1/actions", _act(), None, 404, "not_found"),
    ("player", "POST", "/players/99999999999999999999999/actions", _act(), None, 404,
     "unknown_player"),
    ("player", "POST", "/players/0/actions", _act(), None, 404, "unknown_player"),
    ("player", "PUT", "/players/{pid}/doodle", {"png": 5}, None, 422, "bad_doodle"),
    ("player", "PUT", "/players/{pid}/doodle", {"png": "x", "svg": "<svg/>"}, None, 422,
     "bad_field"),
    ("host", "PATCH", "/players/{pid}", {"name": "<b>\u0000"}, None, 200, ""),
    ("anyone", "POST", "/../../games", {}, None, 404, "not_found"),
]


@pytest.mark.parametrize(("who", "method", "path", "body", "ctype", "status", "code"), CASES,
                         ids=[f"{c[1]} {c[2]} {str(c[3])[:40]}" for c in CASES])
def test_bad_input_is_a_clear_4xx_and_changes_nothing(bad_app, world, who, method, path, body,
                                                      ctype, status, code):
    client = bad_app.test_client()
    url = f"/api/games/{world['code']}" + path.format(pid=world["pid"])
    secret = {"host": world["host"], "player": world["secret"], "anyone": None}[who]
    kwargs: dict[str, Any] = {"headers": bearer(secret)}
    if isinstance(body, bytes):
        kwargs.update(data=body, content_type=ctype)
    else:
        kwargs.update(json=body)
    before = snapshot(bad_app)
    r = client.open(url, method=method, **kwargs)
    if status == 200:
        assert r.status_code == 200, r.json
        return
    assert error(r) == (status, code), r.json
    assert r.json["error"]["message"]
    assert snapshot(bad_app) == before


@pytest.mark.parametrize("code", ["ÄÖÜ123", "日本語", "\u0000", "%00", "a" * 300, "' OR 1=1 --",
                                  "..%2F..%2Fetc", "😀😀😀😀"])
def test_odd_join_codes_are_404_everywhere(client, code):
    for method, path in (("GET", ""), ("GET", "/scores"), ("POST", "/players"),
                         ("POST", "/rolls"), ("GET", "/export.csv"), ("GET", "/events"),
                         ("GET", "/players/1/doodle.png")):
        body = {"name": "A"} if path == "/players" else {}
        r = client.open(f"/api/games/{code}{path}", method=method, json=body,
                        headers=bearer("x"))
        assert r.status_code in (404, 401), (code, path, r.status_code)
        assert error(r)[0] == r.status_code


def test_a_json_body_that_nests_deeply_is_a_400_not_a_crash(client):
    deep = b"[" * 100_000 + b"]" * 100_000  # over 64 KiB: 413 before parsing
    assert client.post("/api/games", data=deep, content_type="application/json").status_code \
        == 413
    deep = b'{"a":' * 5000 + b"1" + b"}" * 5000  # under 64 KiB, deeper than the parser allows
    r = client.post("/api/games", data=deep, content_type="application/json")
    assert r.status_code in (400, 422) and error(r)[0] == r.status_code


@pytest.mark.parametrize("body", [{"rounds": None}, {"rounds": BIG}, {"rounds": 0},
                                  {"edition": None}, {"edition": "../../etc/passwd"},
                                  {"power_mode": None}, {"power_mode": "<b>"}])
def test_bad_game_settings_are_422_and_create_nothing(bad_app, body):
    # {"rounds": null} was a 500 (NOT NULL constraint): an explicit null is now refused.
    before = snapshot(bad_app)
    r = bad_app.test_client().post("/api/games", json=body)
    assert error(r)[0] == 422 and r.json["error"]["message"]
    assert snapshot(bad_app) == before
