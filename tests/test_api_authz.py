"""Who may do what: every API endpoint as the host, the player, another player and nobody.

Each cell runs on a fresh game (a lobby with Ada and Bo, the table's
superpowers rolled, Ada's doodle drawn) so one cell's write cannot decide
another's answer. The player of a per-player route is always Ada; "other" is
Bo, a real player of the same game with a valid secret. Refusals must be the
one error shape and change nothing stored.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from apikit import bearer, error
from test_api_fuzz import snapshot

from dicehero.web import create_app

ROLES = ("host", "player", "other", "none")
PNG = ("data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4"
       "nGP4DwABAQEAG7buVgAAAABJRU5ErkJggg==")


def _choose(world: dict[str, Any]) -> dict[str, Any]:
    return {"action": {"type": "choose", "superpower": world["offer"][0]}, "roll": 0,
            "idempotency_key": "k1"}


# method, path ({code}, {pid} = Ada), body (or a function of the world), expected per role.
MATRIX: list[tuple[str, str, Any, dict[str, int]]] = [
    ("POST", "/api/games", {}, dict.fromkeys(ROLES, 201)),
    ("GET", "/api/games/{code}", None, dict.fromkeys(ROLES, 200)),
    ("GET", "/api/games/{code}/me", None, {"host": 200, "player": 200, "other": 200,
                                          "none": 401}),
    ("POST", "/api/games/{code}/players", {"name": "Cy"}, dict.fromkeys(ROLES, 201)),
    ("GET", "/api/games/{code}/players/{pid}", None,
     {"host": 200, "player": 200, "other": 403, "none": 401}),
    ("PATCH", "/api/games/{code}/players/{pid}", {"name": "Ace"},
     {"host": 200, "player": 403, "other": 403, "none": 401}),
    ("DELETE", "/api/games/{code}/players/{pid}", None,
     {"host": 200, "player": 403, "other": 403, "none": 401}),
    ("POST", "/api/games/{code}/players/{pid}/actions", _choose,
     {"host": 403, "player": 200, "other": 403, "none": 401}),
    ("PUT", "/api/games/{code}/players/{pid}/doodle", {"png": PNG},
     {"host": 403, "player": 200, "other": 403, "none": 401}),
    ("GET", "/api/games/{code}/players/{pid}/doodle.png", None, dict.fromkeys(ROLES, 200)),
    ("POST", "/api/games/{code}/offer", {}, {"host": 409, "player": 403, "other": 403,
                                            "none": 401}),  # host: rolled already
    ("POST", "/api/games/{code}/rolls", {}, {"host": 201, "player": 403, "other": 403,
                                            "none": 401}),
    ("POST", "/api/games/{code}/finish", {"go_on": True},
     {"host": 200, "player": 403, "other": 403, "none": 401}),
    ("POST", "/api/games/{code}/timer", {"seconds": 60},
     {"host": 200, "player": 403, "other": 403, "none": 401}),
    ("POST", "/api/games/{code}/roster", {"locked": True},
     {"host": 200, "player": 403, "other": 403, "none": 401}),
    ("POST", "/api/games/{code}/players/remove", {"never_chose": True},
     {"host": 200, "player": 403, "other": 403, "none": 401}),
    ("POST", "/api/games/{code}/players/{pid}/ban", {"address": True},
     {"host": 200, "player": 403, "other": 403, "none": 401}),
    ("POST", "/api/games/{code}/names", {}, dict.fromkeys(ROLES, 200)),
    ("POST", "/api/games/{code}/room", {"stream": True},
     {"host": 200, "player": 403, "other": 403, "none": 401}),
    ("GET", "/api/games/{code}/room", None,
     {"host": 200, "player": 403, "other": 403, "none": 401}),
    ("PUT", "/api/games/{code}/players/{pid}/settings", {"big_text": True},
     {"host": 200, "player": 200, "other": 403, "none": 401}),
    ("PUT", "/api/games/{code}/players/{pid}/settings", {"extra_time": 50},
     {"host": 200, "player": 403, "other": 403, "none": 401}),
    ("GET", "/api/games/{code}/settings", None,
     {"host": 200, "player": 403, "other": 403, "none": 401}),
    ("GET", "/api/games/{code}/bans", None,
     {"host": 200, "player": 403, "other": 403, "none": 401}),
    ("DELETE", "/api/games/{code}/bans/1", None,  # host: this game has no ban 1
     {"host": 404, "player": 403, "other": 403, "none": 401}),
    ("POST", "/api/games/{code}/overlay", {"delay": 5},
     {"host": 200, "player": 403, "other": 403, "none": 401}),
    ("GET", "/api/games/{code}/overlay", None, dict.fromkeys(ROLES, 200)),
    ("POST", "/api/games/{code}/host-hero", {"name": "Boss"},
     {"host": 200, "player": 403, "other": 403, "none": 401}),
    ("POST", "/api/games/{code}/cohost", {},
     {"host": 200, "player": 403, "other": 403, "none": 401}),
    ("GET", "/api/games/{code}/scores", None, dict.fromkeys(ROLES, 200)),
    ("GET", "/api/games/{code}/players/{pid}/place", None, dict.fromkeys(ROLES, 200)),
    ("GET", "/api/games/{code}/export.json", None, dict.fromkeys(ROLES, 200)),
    ("GET", "/api/games/{code}/export.csv", None, dict.fromkeys(ROLES, 200)),
    ("GET", "/api/games/{code}/rounds/1/decisions", None,
     dict.fromkeys(ROLES, 404)),  # public, and nothing rolled yet
    ("GET", "/api/games/{code}/decisions.csv", None, dict.fromkeys(ROLES, 200)),
    ("GET", "/api/games/{code}/sheets.pdf", None,
     {"host": 200, "player": 403, "other": 403, "none": 401}),
    ("GET", "/api/games/{code}/events", None, dict.fromkeys(ROLES, 200)),
    ("GET", "/api/editions/classic", None, dict.fromkeys(ROLES, 200)),
    ("GET", "/api/openapi.json", None, dict.fromkeys(ROLES, 200)),
    ("POST", "/api/solo/state", {"mode": "daily", "date": "2025-01-31"},
     dict.fromkeys(ROLES, 200)),
    ("POST", "/api/solo/par", {"mode": "daily", "date": "2025-01-31"},
     dict.fromkeys(ROLES, 200)),
]
# The host's offer on a fresh lobby (the matrix world has it rolled already).
FRESH_OFFER = ("POST", "/api/games/{code}/offer", {},
               {"host": 200, "player": 403, "other": 403, "none": 401})


@pytest.fixture(scope="module")
def matrix_app(tmp_path_factory):
    """One app for the whole matrix (each cell makes its own game), flood limits off."""
    path = tmp_path_factory.mktemp("authz")
    return create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{path / 'a.sqlite'}",
                       "RATE_LIMITS": {}})


def _world(client, offer: bool = True) -> dict[str, Any]:
    g = client.post("/api/games", json={}).json
    w: dict[str, Any] = {"code": g["code"], "host": g["host_secret"]}
    for name in ("Ada", "Bo"):
        j = client.post(f"/api/games/{w['code']}/players", json={"name": name}).json
        w[name] = (j["player"]["id"], j["secret"])
    if offer:
        r = client.post(f"/api/games/{w['code']}/offer", json={}, headers=bearer(w["host"]))
        w["offer"] = r.json["choices"]
        r = client.put(f"/api/games/{w['code']}/players/{w['Ada'][0]}/doodle",
                       json={"png": PNG}, headers=bearer(w["Ada"][1]))
        assert r.status_code == 200, r.json
    return w


def _secret(w: dict[str, Any], role: str) -> str | None:
    return {"host": w["host"], "player": w["Ada"][1], "other": w["Bo"][1], "none": None}[role]


def _cells():
    for method, path, body, expected in [*MATRIX, FRESH_OFFER]:
        for role in ROLES:
            fresh = (method, path, body, expected) == FRESH_OFFER
            yield pytest.param(method, path, body, role, expected[role], fresh,
                               id=f"{method} {path} as {role}{' (fresh)' if fresh else ''}")


@pytest.mark.parametrize(("method", "path", "body", "role", "want", "fresh"), list(_cells()))
def test_authorization_matrix(matrix_app, method, path, body, role, want, fresh):
    client = matrix_app.test_client()
    w = _world(client, offer=not fresh)
    url = path.format(code=w["code"], pid=w["Ada"][0])
    kwargs: dict[str, Any] = {"headers": bearer(_secret(w, role))}
    if body is not None:
        kwargs["json"] = body(w) if callable(body) else body
    before = snapshot(matrix_app)
    r = client.open(url, method=method, buffered=not url.endswith("/events"), **kwargs)
    try:
        assert r.status_code == want, (r.status_code, r.get_data()[:300] if
                                       not url.endswith("/events") else "")
        if want >= 400:
            assert error(r)[0] == want
            assert snapshot(matrix_app) == before
    finally:
        r.close()


def test_the_matrix_covers_every_api_route(matrix_app):
    covered = set()
    for method, path, _, _ in MATRIX:
        covered.add((method, re.sub(r"\{[a-z]+\}|classic|(?<=/rounds/)\d+|(?<=/bans/)\d+",
                                    "*", path)))
    for rule in matrix_app.url_map.iter_rules():
        if not rule.rule.startswith("/api/") or "/paper" in rule.rule:
            continue  # paper routes: tests/test_api_paper.py checks who may send a sheet
        path = re.sub(r"<[^>]+>", "*", rule.rule)
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            assert (method, path) in covered, (method, rule.rule)


def test_a_removed_player_secret_is_refused_everywhere_it_was_allowed(matrix_app):
    client = matrix_app.test_client()
    w = _world(client)
    pid, secret = w["Ada"]
    assert client.delete(f"/api/games/{w['code']}/players/{pid}",
                         headers=bearer(w["host"])).status_code == 200
    base = f"/api/games/{w['code']}/players/{pid}"
    for method, url, body in (("POST", base + "/actions", _choose(w)),
                              ("PUT", base + "/doodle", {"png": PNG})):
        r = client.open(url, method=method, json=body, headers=bearer(secret))
        assert error(r) == (403, "player_removed"), url


def test_a_secret_from_another_game_is_nobody_here(matrix_app):
    client = matrix_app.test_client()
    w, elsewhere = _world(client), _world(client)
    for secret in (elsewhere["host"], elsewhere["Ada"][1]):
        r = client.post(f"/api/games/{w['code']}/rolls", json={}, headers=bearer(secret))
        assert error(r) == (401, "bad_secret")
        r = client.get(f"/api/games/{w['code']}/players/{w['Ada'][0]}", headers=bearer(secret))
        assert error(r) == (401, "bad_secret")
