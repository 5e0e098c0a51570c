"""Kick and ban: a banned hero leaves the game, and their phone stays out of it
(by its device, and by its address when the host chooses), even after a restart."""

from __future__ import annotations

from apikit import bearer, error
from sqlalchemy import select

from dicehero.store.models import ModerationRow
from dicehero.web import create_app
from dicehero.web.device import DEVICE_COOKIE

PHONE = "phone-cookie-of-the-rude-one"
HOME = {"REMOTE_ADDR": "10.1.1.7"}
SCHOOL = {"REMOTE_ADDR": "10.9.9.9"}


def _join(client, code, name, cookie=None, where=None):
    client.delete_cookie(DEVICE_COOKIE)
    if cookie:
        client.set_cookie(DEVICE_COOKIE, cookie)
    return client.post(f"/api/games/{code}/players", json={"name": name},
                       environ_base=where or HOME)


def _ban(client, game, pid, **body):
    return client.post(f"/api/games/{game.code}/players/{pid}/ban", json=body,
                       headers=bearer(game.host))


def _joined(client, game, name, cookie=None, where=None):
    r = _join(client, game.code, name, cookie, where)
    assert r.status_code == 201, r.json
    return r.json["player"]["id"], r.json["secret"]


def test_a_banned_hero_leaves_the_game_and_their_phone_is_told(client, api):
    game = api.create()
    pid, secret = _joined(client, game, "Rude", PHONE)
    assert _ban(client, game, pid).status_code == 200
    assert api.state(game)["players"] == []
    r = client.get(f"/api/games/{game.code}/players/{pid}", headers=bearer(secret))
    assert r.json["player"]["removed"] is True  # the phone page shows its calm notice


def test_a_banned_phone_cannot_join_again_under_another_name(client, api):
    game = api.create()
    pid, _ = _joined(client, game, "Rude", PHONE)
    _ban(client, game, pid)
    assert error(_join(client, game.code, "Nice", PHONE)) == (403, "banned")


def test_a_device_ban_lets_a_classmate_on_the_same_network_join(client, api):
    game = api.create()
    pid, _ = _joined(client, game, "Rude", PHONE, SCHOOL)
    _ban(client, game, pid)
    assert _join(client, game.code, "Classmate", "a-classmates-own-cookie", SCHOOL
                 ).status_code == 201


def test_an_address_ban_refuses_a_fresh_cookie_from_that_address(client, api):
    game = api.create()
    pid, _ = _joined(client, game, "Rude", PHONE)
    assert _ban(client, game, pid, address=True).json["ban"]["address"] is True
    assert error(_join(client, game.code, "Nice", "a-fresh-cookie-after-clearing")
                 ) == (403, "banned")
    assert error(_join(client, game.code, "Nice")) == (403, "banned")  # no cookie at all
    assert _join(client, game.code, "Nice", "elsewhere-phone-cookie", SCHOOL).status_code == 201


def test_a_ban_survives_a_server_restart(client, api, database_url):
    game = api.create()
    pid, _ = _joined(client, game, "Rude", PHONE)
    _ban(client, game, pid, address=True)
    restarted = create_app({"TESTING": True, "DATABASE_URL": database_url})
    again = restarted.test_client()
    try:
        assert error(_join(again, game.code, "Back", PHONE)) == (403, "banned")
        assert error(_join(again, game.code, "Back", "fresh-cookie-after-restart")) == (403,
                                                                                    "banned")
    finally:  # the restarted server's connections closed, as the app fixture closes its own
        restarted.extensions["dicehero.store"].engine.dispose()


def test_a_lifted_ban_lets_the_phone_join_again_as_a_new_hero(client, api):
    game = api.create()
    pid, _ = _joined(client, game, "Rude", PHONE)
    ban = _ban(client, game, pid).json["ban"]
    bans = client.get(f"/api/games/{game.code}/bans", headers=bearer(game.host)).json["bans"]
    assert [(b["id"], b["name"], b["lifted"]) for b in bans] == [(ban["id"], "Rude", False)]
    r = client.delete(f"/api/games/{game.code}/bans/{ban['id']}", headers=bearer(game.host))
    assert r.json["ban"]["lifted"] is True
    assert _join(client, game.code, "Sorry", PHONE).json["player"]["id"] != pid


def test_only_the_host_bans_or_lifts_a_ban(client, api):
    game = api.create()
    pid, _ = _joined(client, game, "Rude", PHONE)
    _, other = _joined(client, game, "Ann", "anns-phone-cookie-123")
    r = client.post(f"/api/games/{game.code}/players/{pid}/ban", json={},
                    headers=bearer(other))
    assert error(r) == (403, "not_host")
    ban = _ban(client, game, pid).json["ban"]
    r = client.delete(f"/api/games/{game.code}/bans/{ban['id']}", headers=bearer(other))
    assert error(r) == (403, "not_host")
    assert error(client.get(f"/api/games/{game.code}/bans")) == (401, "no_secret")


def test_a_ban_of_an_unknown_hero_or_with_a_bad_field_changes_nothing(client, api):
    game = api.create()
    pid, _ = _joined(client, game, "Rude", PHONE)
    assert error(_ban(client, game, pid + 99)) == (404, "unknown_player")
    assert error(_ban(client, game, pid, address="yes"))[0] == 422
    assert error(_ban(client, game, pid, device=True))[0] in (400, 422)
    assert [p["name"] for p in api.state(game)["players"]] == ["Rude"]


def test_no_screen_shows_a_banned_name_again(client, api):
    game = api.create(power_mode="each")
    pid, _ = _joined(client, game, "Rude", PHONE)
    api.join(game, "Ann")
    api.choose_first(game, "Ann")
    api.roll(game)
    _ban(client, game, pid)
    api.host_post(game, "finish", {"go_on": True})
    for path in ("", "/scores", "/export.csv", "/rounds/1/decisions"):
        r = client.get(f"/api/games/{game.code}{path}")
        assert r.status_code == 200 and "Rude" not in r.get_data(as_text=True), path
    assert "Rude" not in client.get(f"/play/{game.code}").get_data(as_text=True)


def test_every_ban_and_lifting_is_in_the_moderation_log(app, client, api):
    game = api.create()
    pid, _ = _joined(client, game, "Rude", PHONE)
    ban = _ban(client, game, pid, address=True).json["ban"]
    client.delete(f"/api/games/{game.code}/bans/{ban['id']}", headers=bearer(game.host))
    with app.extensions["dicehero.store"].read() as s:
        rows = [(r.by, r.step, r.player_id, r.detail) for r in s.scalars(
            select(ModerationRow).order_by(ModerationRow.id))]
    assert rows == [("host", "ban", pid, {"address": True}),
                    ("host", "unban", pid, {"ban": ban["id"]})]
