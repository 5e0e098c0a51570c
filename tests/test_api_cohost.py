"""Co-hosts (issue 28.4): the host shares a link with a helper who may remove, rename,
approve paper sheets and lock the list, but not roll, type dice or end the game; every
moderation step is logged with who took it, and the log is in the game's export."""

from __future__ import annotations

import pytest
from apikit import bearer, error
from test_api_fuzz import snapshot
from test_api_paper import join_paper, legal_sheet, put
from test_api_paper_fair_play import _paper_game


def _cohost(client, game, renew: bool = False) -> str:
    r = client.post(f"/api/games/{game.code}/cohost", json={"renew": renew} if renew else {},
                    headers=bearer(game.host))
    assert r.status_code == 200, r.json
    assert r.json["path"] == f"/host/{game.code}#cohost={r.json['secret']}"
    return r.json["secret"]


def _lobby(api):
    game = api.create(rounds=2)
    for name in ("Ann", "Bob", "Cleo"):
        api.join(game, name)
    api.host_post(game, "offer", {"choices": [3, 4]})
    return game


def test_the_cohost_link_makes_its_holder_a_cohost(api, client):
    game = _lobby(api)
    key = _cohost(client, game)
    assert client.get(f"/api/games/{game.code}/me", headers=bearer(key)).json["role"] == "cohost"


def test_the_cohost_link_is_the_same_each_time_the_host_asks(api, client):
    game = _lobby(api)
    assert _cohost(client, game) == _cohost(client, game)


def test_a_renewed_cohost_link_retires_the_old_one(api, client):
    game = _lobby(api)
    old = _cohost(client, game)
    new = _cohost(client, game, renew=True)
    assert new != old
    assert error(client.get(f"/api/games/{game.code}/me", headers=bearer(old)))[0] == 401
    assert client.get(f"/api/games/{game.code}/me", headers=bearer(new)).json["role"] == "cohost"


# What a co-host may do: the moderation of the heroes and the list.
MODERATION = [
    ("PATCH", "/players/{ann}", {"name": "Annie"}),
    ("DELETE", "/players/{ann}", None),
    ("POST", "/players/{ann}/ban", {"address": True}),
    ("GET", "/bans", None),
    ("POST", "/players/remove", {"ids": ["{ann}"]}),
    ("POST", "/roster", {"locked": True}),
    ("POST", "/roster", {"cap": 3}),
]


def _call(client, game, method, path, body, secret):
    ann = game.players["Ann"][0]
    path = path.replace("{ann}", str(ann))
    if isinstance(body, dict) and body.get("ids"):
        body = {"ids": [ann]}
    return client.open(f"/api/games/{game.code}{path}", method=method, json=body,
                       headers=bearer(secret))


@pytest.mark.parametrize(("method", "path", "body"), MODERATION,
                         ids=[f"{m} {p} {b}" for m, p, b in MODERATION])
def test_a_cohost_may_moderate(api, client, method, path, body):
    game = _lobby(api)
    r = _call(client, game, method, path, body, _cohost(client, game))
    assert r.status_code == 200, r.json


def test_a_cohost_may_approve_a_paper_sheet(api, client):
    game = _paper_game(api, client)
    key = _cohost(client, game)
    assert put(client, game, "Pen", legal_sheet(client, game, rounds=1)).status_code == 200
    pid = game.players["Pen"][0]
    seen = client.get(f"/api/games/{game.code}/players/{pid}/paper", headers=bearer(key))
    assert seen.status_code == 200 and seen.json["paper"]["approved"] is False
    r = client.post(f"/api/games/{game.code}/players/{pid}/paper/approve", json={},
                    headers=bearer(key))
    assert r.status_code == 200 and r.json["paper"]["approved"] is True


# What only the host does: the dice, the superpower offer, the timer, the end, the co-host
# link itself, writing in or typing a paper hero's sheet, the printed sheets.
HOST_ONLY = [
    ("POST", "/rolls", {}),
    ("POST", "/rolls", {"dice": [1, 2, 3, 4]}),
    ("POST", "/finish", {"go_on": True}),
    ("POST", "/offer", {"choices": [1, 2]}),
    ("POST", "/timer", {"seconds": 60}),
    ("POST", "/cohost", {"renew": True}),
    ("POST", "/host-hero", {"name": "Boss"}),
    ("POST", "/overlay", {"delay": 5}),
    ("POST", "/players", {"name": "Pat", "paper": True}),
    ("GET", "/sheets.pdf", None),
]


@pytest.mark.parametrize(("method", "path", "body"), HOST_ONLY,
                         ids=[f"{m} {p} {b}" for m, p, b in HOST_ONLY])
def test_a_cohost_cannot_roll_type_dice_or_end_the_game(app, api, client, method, path, body):
    game = api.create(rounds=2)
    api.join(game, "Ann")
    key = _cohost(client, game)
    before = snapshot(app)
    r = _call(client, game, method, path, body, key)
    assert error(r) == (403, "not_host") and "co-host" in r.json["error"]["message"]
    assert snapshot(app) == before


def test_a_cohost_cannot_play_a_heros_sheet(api, client):
    game = _lobby(api)
    api.roll(game, dice=[1, 2, 3, 4])
    key = _cohost(client, game)
    ann = game.players["Ann"][0]
    r = client.post(f"/api/games/{game.code}/players/{ann}/actions",
                    json={"action": {"type": "done"}, "roll": 1, "idempotency_key": "x"},
                    headers=bearer(key))
    assert r.status_code == 403
    r = client.get(f"/api/games/{game.code}/players/{ann}", headers=bearer(key))
    assert r.status_code == 403


def test_a_cohost_cannot_type_a_paper_heros_sheet(api, client):
    game = _paper_game(api, client)
    key = _cohost(client, game)
    r = put(client, game, "Pen", legal_sheet(client, game, rounds=1), secret=key)
    assert r.status_code == 403


def test_every_moderation_step_is_in_the_export_with_who_took_it(api, client):
    game = _lobby(api)
    join_paper(client, game)
    key = _cohost(client, game)
    ann, bob = game.players["Ann"][0], game.players["Bob"][0]
    assert client.patch(f"/api/games/{game.code}/players/{ann}", json={"name": "Annie"},
                        headers=bearer(key)).status_code == 200
    assert client.delete(f"/api/games/{game.code}/players/{bob}",
                         headers=bearer(game.host)).status_code == 200
    assert api.host_post(game, "roster", {"locked": True}, secret=key).status_code == 200
    log = client.get(f"/api/games/{game.code}/export.json").json["moderation"]
    assert [(m["by"], m["step"], m["player_id"], m["detail"]) for m in log] == [
        ("host", "cohost_link", None, {"renewed": False}),
        ("cohost", "rename", ann, {"from": "Ann", "to": "Annie"}),
        ("host", "remove", bob, {}),
        ("cohost", "lock", None, {}),
    ]
    assert all(isinstance(m["at"], float) for m in log)


def test_a_refused_moderation_step_is_not_logged(api, client):
    game = _lobby(api)
    key = _cohost(client, game)
    ann = game.players["Ann"][0]
    r = client.patch(f"/api/games/{game.code}/players/{ann}", json={"name": "Bob"},
                     headers=bearer(key))
    assert r.status_code == 409
    log = client.get(f"/api/games/{game.code}/export.json").json["moderation"]
    assert [m["step"] for m in log] == ["cohost_link"]
