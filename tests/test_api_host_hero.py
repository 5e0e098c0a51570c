"""The host plays along (issue 28.6): the host's own hero is a hero like any other, ranked
with the class, with its own secret; the host's secret is never the hero's."""

from __future__ import annotations

from apikit import bearer, error


def _host_hero(client, game, name="Boss"):
    r = client.post(f"/api/games/{game.code}/host-hero", json={"name": name},
                    headers=bearer(game.host))
    assert r.status_code == 200, r.json
    return r.json


def test_the_hosts_hero_joins_as_a_hero_and_ranks_like_one(api, client):
    game = api.create(rounds=1)
    api.join(game, "Ann")
    hero = _host_hero(client, game)
    game.players["Boss"] = (hero["player"]["id"], hero["secret"])
    api.host_post(game, "offer", {"choices": [3, 4]})
    api.roll(game, dice=[3, 3, 3, 3])
    for name in ("Ann", "Boss"):
        api.choose_first(game, name)
    api.act(game, "Boss", {"type": "move", "die": 0, "to": 3})
    api.act(game, "Boss", {"type": "help", "die": 1})
    board = client.get(f"/api/games/{game.code}/scores").json["leaderboard"]
    assert (board[0]["name"], board[0]["rank"]) == ("Boss", 1)
    assert board[0]["total"] > board[1]["total"]


def test_the_hosts_hero_has_its_own_secret_not_the_hosts(api, client):
    game = api.create()
    hero = _host_hero(client, game)
    assert hero["secret"] != game.host
    assert hero["path"] == f"/play/{game.code}#hero={hero['player']['id']}&key={hero['secret']}"
    me = client.get(f"/api/games/{game.code}/me", headers=bearer(hero["secret"])).json
    assert me["role"] == "player" and me["player"]["id"] == hero["player"]["id"]


def test_asking_again_gives_the_same_hero_a_new_key(api, client):
    game = api.create()
    first = _host_hero(client, game)
    again = _host_hero(client, game, name="Ignored")
    assert again["player"]["id"] == first["player"]["id"] and again["returning"] is True
    assert again["secret"] != first["secret"]
    r = client.get(f"/api/games/{game.code}/me", headers=bearer(first["secret"]))
    assert error(r)[0] == 401
    assert len(client.get(f"/api/games/{game.code}").json["players"]) == 1


def test_the_hosts_hero_joins_by_the_rules_of_the_list(api, client):
    game = api.create()
    assert api.host_post(game, "roster", {"locked": True}).status_code == 200
    r = client.post(f"/api/games/{game.code}/host-hero", json={"name": "Boss"},
                    headers=bearer(game.host))
    assert error(r) == (409, "roster_locked")
    assert client.get(f"/api/games/{game.code}").json["players"] == []


def test_only_the_host_plays_along_as_the_host(api, client):
    game = api.create()
    api.join(game, "Ann")
    r = client.post(f"/api/games/{game.code}/host-hero", json={"name": "Boss"},
                    headers=bearer(game.players["Ann"][1]))
    assert error(r)[0] == 403


def test_asking_again_with_a_name_that_is_not_text_is_refused(api, client):
    game = api.create()
    first = _host_hero(client, game)
    r = client.post(f"/api/games/{game.code}/host-hero", json={"name": 114},
                    headers=bearer(game.host))
    assert error(r) == (422, "bad_name")
    r = client.get(f"/api/games/{game.code}/me", headers=bearer(first["secret"]))
    assert r.status_code == 200  # the hero's key is the one it had
