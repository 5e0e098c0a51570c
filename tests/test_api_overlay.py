"""The stream overlay's view (issue 28.5): what a streaming program shows of a game, public
and without a secret, and the host's delay for it."""

from __future__ import annotations

from apikit import bearer


def _class(api, n: int = 3, **settings):
    game = api.create(**settings)
    for name in ("Ann", "Bob", "Cleo")[:n]:
        api.join(game, name)
    api.host_post(game, "offer")
    return game


def _choose_all(api, game):
    for name in game.players:
        pick = api.sheet(game, name)["legal"]["choose"][0]
        api.act(game, name, {"type": "choose", "superpower": pick})


def test_the_overlay_shows_the_round_dice_and_how_many_are_ready(api, client):
    game = _class(api)
    api.roll(game, dice=[1, 2, 3, 4])
    _choose_all(api, game)
    api.act(game, "Ann", {"type": "done"})
    v = client.get(f"/api/games/{game.code}/overlay").json
    assert (v["roll"], v["dice"], v["typed"]) == (1, [1, 2, 3, 4], True)
    assert (v["ready"], v["heroes"], v["between"], v["standings"]) == (1, 3, False, [])


def test_the_overlay_shows_the_standings_once_the_round_is_closed(api, client):
    game = _class(api)
    api.roll(game, dice=[3, 3, 3, 3])
    _choose_all(api, game)
    for name in game.players:
        api.act(game, name, {"type": "done"})
    v = client.get(f"/api/games/{game.code}/overlay").json
    assert v["between"] is True
    assert sorted(e["name"] for e in v["standings"]) == ["Ann", "Bob", "Cleo"]
    assert set(v["standings"][0]) == {"rank", "name", "total"}


def test_the_overlay_shows_the_podium_when_the_game_is_over(api, client):
    game = _class(api)
    api.roll(game, dice=[3, 3, 3, 3])
    _choose_all(api, game)
    assert api.host_post(game, "finish", {"go_on": True}).status_code == 200
    v = client.get(f"/api/games/{game.code}/overlay").json
    assert v["status"] == "over" and [e["rank"] for e in v["standings"]] == [1, 1, 1]


def test_the_overlay_carries_no_secret(api, client):
    game = _class(api)
    api.roll(game)
    _choose_all(api, game)
    seed_hash = client.get(f"/api/games/{game.code}").json["seed_sha256"]
    view = client.get(f"/api/games/{game.code}/overlay").get_data(as_text=True)
    page = client.get(f"/overlay/{game.code}").get_data(as_text=True)
    secrets = [game.host, *(s for _, s in game.players.values())]
    for text in (view, page):
        assert not any(s in text for s in secrets)
        assert "seed" not in text and seed_hash not in text


def test_a_stream_game_keeps_its_join_code_off_the_overlay(api, client):
    game = _class(api)
    assert api.host_post(game, "room", {"stream": True}).status_code == 200
    assert client.get(f"/api/games/{game.code}/overlay").json["stream"] is True
    page = client.get(f"/overlay/{game.code}").get_data(as_text=True)
    assert 'id="o-join" aria-labelledby="o-join-h" hidden>' in page


def test_the_host_sets_the_overlay_delay_and_everyone_hears_of_it(api, client):
    game = _class(api)
    r = api.host_post(game, "overlay", {"delay": 8})
    assert r.status_code == 200 and r.json == {"delay": 8}
    assert client.get(f"/api/games/{game.code}/overlay").json["delay"] == 8
    assert client.get(f"/api/games/{game.code}").json["overlay_delay"] == 8


def test_a_hero_cannot_set_the_overlay_delay(api, client):
    game = _class(api)
    r = client.post(f"/api/games/{game.code}/overlay", json={"delay": 5},
                    headers=bearer(game.players["Ann"][1]))
    assert r.status_code == 403 and r.json["error"]["message"]
    assert client.get(f"/api/games/{game.code}/overlay").json["delay"] == 0


def test_an_overlay_delay_out_of_range_is_refused_and_nothing_changes(api, client):
    game = _class(api)
    for body in ({"delay": 121}, {"delay": -1}, {"delay": "5"}, {}, {"delay": 5, "x": 1}):
        r = api.host_post(game, "overlay", body)
        assert r.status_code in (400, 422) and r.json["error"]["message"], body
    assert client.get(f"/api/games/{game.code}/overlay").json["delay"] == 0
