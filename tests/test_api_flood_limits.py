"""Every write has a flood limit, keyed on what a flooder cannot vary, shared by processes."""

from __future__ import annotations

import uuid

import pytest
from apikit import error
from limits.storage import storage_from_string
from pgkit import REDIS_URL, require_services

from dicehero.web import create_app
from dicehero.web.guard import Limiter


def _app(tmp_path, limits, **config):
    tmp_path.mkdir(parents=True, exist_ok=True)
    return create_app({"TESTING": True, "RATE_LIMITS": limits,
                       "DATABASE_URL": f"sqlite:///{tmp_path / 'flood.sqlite'}", **config})


def _game(client):
    """A game with one phone player (Ann) and one paper player (Pen): code, host, Ann, Pen."""
    g = client.post("/api/games", json={}).json
    ann = client.post(f"/api/games/{g['code']}/players", json={"name": "Ann"}).json
    pen = client.post(f"/api/games/{g['code']}/players", json={"name": "Pen", "paper": True},
                      headers={"Authorization": "Bearer " + g["host_secret"]}).json
    return g["code"], g["host_secret"], ann, pen


@pytest.mark.parametrize("header", [
    "Bearer {s}", "bearer {s}", "BEARER {s}", "Bearer   {s}", "Bearer {s}   ", "  Bearer {s}"])
def test_the_action_limit_is_one_allowance_however_bearer_is_written(tmp_path, header):
    client = _app(tmp_path, {"action": "3/minute"}).test_client()
    code, _, ann, _ = _game(client)
    url = f"/api/games/{code}/players/{ann['player']['id']}/actions"
    statuses = []
    for i, form in enumerate(["Bearer {s}", header, "Bearer {s}", header]):
        r = client.post(url, json={"action": {"type": "undo"}, "roll": 0,
                                   "idempotency_key": f"k{i}"},
                        headers={"Authorization": form.format(s=ann["secret"])})
        statuses.append(r.status_code)
    assert statuses == [422, 422, 422, 429]  # the rules refuse the undos; the 4th is a flood


def _writes(code, host, ann, pen):
    """One request of each kind of write: (limit, method, path, body, secret)."""
    pid, paper = ann["player"]["id"], pen["player"]["id"]
    g = f"/api/games/{code}"
    return [
        ("paper", "PUT", f"{g}/players/{paper}/paper", {"superpower": None, "rounds": []},
         pen["secret"]),
        ("paper_check", "POST", f"{g}/paper/check", {}, None),
        ("doodle", "PUT", f"{g}/players/{pid}/doodle", {"png": "data:image/png;base64,AA=="},
         ann["secret"]),
        ("host", "POST", f"{g}/timer", {"seconds": 60}, host),
        ("host", "POST", f"{g}/offer", {}, host),
        ("host", "POST", f"{g}/rolls", {}, host),
        ("host", "PATCH", f"{g}/players/{pid}", {"name": "Ann B"}, host),
        ("host", "POST", f"{g}/paper/close", {}, host),
        ("host", "POST", f"{g}/players/{paper}/paper/approve", {}, host),
        ("host", "POST", f"{g}/finish", {}, host),
        ("host", "DELETE", f"{g}/players/{pid}", None, host),
        ("host", "POST", f"{g}/overlay", {"delay": 5}, host),
        ("host", "POST", f"{g}/cohost", {}, host),
        ("host", "POST", f"{g}/host-hero", {"name": "Boss"}, host),
    ]


@pytest.mark.parametrize("index", range(14))
def test_every_write_is_limited(tmp_path, index):
    dummy = {"player": {"id": 1}, "secret": ""}
    limit = _writes("X", "", dummy, dummy)[index][0]
    client = _app(tmp_path, {limit: "2/minute"}).test_client()
    _, method, path, body, secret = _writes(*_game(client))[index]
    headers = {"Authorization": f"Bearer {secret}"} if secret else {}
    got = [client.open(path, method=method, json=body, headers=headers) for _ in range(3)]
    assert [r.status_code == 429 for r in got] == [False, False, True], (method, path)
    assert error(got[2]) == (429, "rate_limited") and int(got[2].headers["Retry-After"]) >= 1


@pytest.mark.services
def test_limits_are_one_allowance_across_processes_with_redis(tmp_path):
    require_services()
    address = f"10.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}.7"  # fresh in Redis
    apps = [_app(tmp_path / name, {"create_ip": "3/minute"}, REDIS_URL=REDIS_URL,
                 LIVE_BUS="memory") for name in ("one", "two")]
    for a in apps:
        assert type(a.extensions["dicehero.limiter"].storage).__name__ == "RedisStorage"
    one, two = (a.test_client() for a in apps)
    env = {"REMOTE_ADDR": address}
    got = [c.post("/api/games", json={}, environ_base=env).status_code
           for c in (one, two, one, two)]
    assert got == [201, 201, 201, 429]  # without Redis each process would allow 3


def test_a_limit_whose_redis_is_down_lets_requests_through(caplog):
    limiter = Limiter({"join": "1/minute"}, storage_from_string("redis://127.0.0.1:1/0"))
    assert [limiter.wait("join", "k") for _ in range(3)] == [0.0, 0.0, 0.0]
    assert "not counted" in caplog.text


def _reads(code, ann):
    """One request of each kind of read (a path), a game's and the service's."""
    g = f"/api/games/{code}"
    return [g, f"{g}/scores", f"{g}/me", f"{g}/players/{ann['player']['id']}?edition=0",
            f"{g}/export.json", f"{g}/export.csv", f"{g}/decisions.csv",
            "/api/openapi.json", "/api/editions/classic", f"/play/{code}", "/solo"]


@pytest.mark.parametrize("index", range(11))
def test_every_read_is_limited_per_address(tmp_path, index):
    """Reads of a game's state need no secret: a laptop flooding them (another game's
    state, ~560 a second) is held to the address's allowance."""
    client = _app(tmp_path, {"read": "2/minute"}).test_client()
    code, _, ann, _ = _game(client)
    path = _reads(code, ann)[index]
    headers = {"Authorization": f"Bearer {ann['secret']}"}
    got = [client.get(path, headers=headers) for _ in range(3)]
    assert [r.status_code == 429 for r in got] == [False, False, True], path
    assert error(got[2]) == (429, "rate_limited") and int(got[2].headers["Retry-After"]) >= 1
    other = client.get(path, headers=headers, environ_base={"REMOTE_ADDR": "10.0.0.2"})
    assert other.status_code != 429  # another address has its own allowance


@pytest.mark.parametrize("path", ["/api/solo/state", "/api/solo/par"])
def test_solo_requests_are_limited_per_address(tmp_path, path):
    app = _app(tmp_path, {"solo": "2/minute"})
    client = app.test_client()
    body = {"mode": "daily", "date": "2025-01-31", "actions": []}
    got = [client.post(path, json=body).status_code for _ in range(3)]
    assert got[:2] != [429, 429] and got[2] == 429
    assert app.extensions["dicehero.games"].par_work.settle()


def test_fresh_seeds_for_par_are_limited_but_asking_again_is_not(tmp_path):
    """Every new seed costs a par search: a flood of fresh seeds from one address would
    keep a real solo player's par "being worked out"; the same game asked again is free."""
    app = _app(tmp_path, {"solo_par_new": "2/minute"})
    client = app.test_client()

    def par(seed):
        return client.post("/api/solo/par", json={"mode": "random", "seed": seed, "actions": []})

    assert [par(s).status_code for s in ("a1a1a1a1", "b2b2b2b2")] == [200, 200]
    flood = par("c3c3c3c3")
    assert error(flood) == (429, "rate_limited") and int(flood.headers["Retry-After"]) >= 1
    assert par("a1a1a1a1").status_code == 200  # asked before: no new search
    assert app.extensions["dicehero.games"].par_work.settle()


def test_a_fresh_device_cookie_per_join_buys_no_new_allowance(tmp_path):
    """Each join from a new "phone" (a fresh join page, so a fresh device id) still counts
    against the address's joins of the game."""
    app = _app(tmp_path, {"join_address": "3/minute"})
    code = app.test_client().post("/api/games", json={}).json["code"]
    statuses = []
    for i in range(4):
        phone = app.test_client()
        phone.get(f"/play/{code}")  # a fresh device cookie
        statuses.append(phone.post(f"/api/games/{code}/players",
                                   json={"name": f"Junk {i}"}).status_code)
    assert statuses == [201, 201, 201, 429]
    other = app.test_client()
    other.get(f"/play/{code}")
    r = other.post(f"/api/games/{code}/players", json={"name": "Kid"},
                   environ_base={"REMOTE_ADDR": "10.0.0.3"})
    assert r.status_code == 201  # another school's address is not held up
