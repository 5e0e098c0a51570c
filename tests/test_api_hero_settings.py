"""Settings per hero (extra time, less motion, high contrast, bigger text) and a game whose
ranks wait for the end (issue 25.11): who may set what, what stays private, and that no
reading a phone can make gives a rank away before the end."""

from __future__ import annotations

import pytest
from apikit import bearer, error


def _put(client, game, name, body, secret=...):
    pid, own = game.players[name]
    return client.put(f"/api/games/{game.code}/players/{pid}/settings", json=body,
                      headers=bearer(own if secret is ... else secret))


@pytest.fixture
def game(api):
    g = api.create()
    api.join(g, "Ann")
    api.join(g, "Bob")
    return g


def test_a_hero_starts_with_no_settings_on(api, game):
    pid, own = game.players["Ann"]
    me = api.client.get(f"/api/games/{game.code}/players/{pid}", headers=bearer(own)).json
    assert me["player"]["settings"] is None  # the defaults, in no bytes of the phone's
    hosts = api.client.get(f"/api/games/{game.code}/settings", headers=bearer(game.host)).json
    assert hosts["heroes"][0]["settings"] == {"extra_time": 0, "less_motion": False,
                                              "high_contrast": False, "big_text": False}


def test_a_hero_turns_on_their_own_screen_settings(client, api, game):
    r = _put(client, game, "Ann", {"big_text": True, "high_contrast": True})
    assert r.status_code == 200
    pid, own = game.players["Ann"]
    me = client.get(f"/api/games/{game.code}/players/{pid}", headers=bearer(own)).json
    assert me["player"]["settings"]["big_text"] is True
    assert me["player"]["settings"]["less_motion"] is False


def test_a_hero_cannot_give_themself_extra_time(client, game):
    assert error(_put(client, game, "Ann", {"extra_time": 100})) == (403, "host_only")


def test_the_host_gives_a_hero_extra_time(client, game):
    r = _put(client, game, "Ann", {"extra_time": 50}, secret=game.host)
    assert r.status_code == 200 and r.json["settings"]["extra_time"] == 50


def test_a_hero_cannot_change_another_heros_settings(client, game):
    bob = game.players["Bob"][1]
    assert error(_put(client, game, "Ann", {"big_text": True}, secret=bob)) == (
        403, "not_your_sheet")


@pytest.mark.parametrize("body", [{"extra_time": 30}, {"extra_time": True}, {"big_text": 1},
                                  {"font": "huge"}, {}])
def test_a_setting_that_is_not_one_is_refused_and_nothing_changes(client, api, game, body):
    status, _ = error(_put(client, game, "Ann", body, secret=game.host))
    assert status == 422
    hosts = client.get(f"/api/games/{game.code}/settings", headers=bearer(game.host)).json
    assert all(h["settings"]["extra_time"] == 0 and not h["settings"]["big_text"]
               for h in hosts["heroes"])


def test_settings_are_not_in_the_public_state(client, api, game):
    _put(client, game, "Ann", {"extra_time": 100}, secret=game.host)
    state = client.get(f"/api/games/{game.code}").get_data(as_text=True)
    assert "extra_time" not in state and "settings" not in state


def test_only_the_host_reads_every_heros_settings(client, game):
    assert error(client.get(f"/api/games/{game.code}/settings",
                            headers=bearer(game.players["Ann"][1]))) == (403, "not_host")
    r = client.get(f"/api/games/{game.code}/settings", headers=bearer(game.host))
    assert [h["name"] for h in r.json["heroes"]] == ["Ann", "Bob"]


def test_the_timer_waits_longer_while_a_hero_with_extra_time_plays(client, api, game):
    _put(client, game, "Ann", {"extra_time": 100}, secret=game.host)
    api.roll(game)
    api.host_post(game, "timer", {"seconds": 60})
    timer = api.state(game)["timer"]
    assert timer["seconds"] == 60
    assert timer["extra_until"] == pytest.approx(timer["ends_at"] + 60)


def test_the_timer_stops_waiting_once_the_heroes_with_extra_time_are_done(client, api, game):
    _put(client, game, "Ann", {"extra_time": 50}, secret=game.host)
    api.roll(game)
    api.host_post(game, "timer", {"seconds": 60})
    api.choose_first(game, "Ann")
    api.act(game, "Ann", {"type": "done"})
    assert api.state(game)["timer"]["extra_until"] is None


def test_no_extra_time_leaves_the_timer_as_set(api, game):
    api.roll(game)
    api.host_post(game, "timer", {"seconds": 30})
    assert api.state(game)["timer"]["extra_until"] is None


def _ranks_game(api):
    g = api.create(ranks_at_end=True, rounds=1)
    for name in ("Ann", "Bob"):
        api.join(g, name)
    api.roll(g)
    for name in ("Ann", "Bob"):
        api.choose_first(g, name)
    return g


def test_ranks_at_the_end_keeps_the_scores_back_until_the_game_is_over(client, api):
    g = _ranks_game(api)
    assert api.state(g)["ranks_at_end"] is True
    r = client.get(f"/api/games/{g.code}/scores").json
    assert r["ranks_hidden"] is True and r["leaderboard"] == []
    api.done_all(g)  # the last round: the game ends
    r = client.get(f"/api/games/{g.code}/scores").json
    assert r["ranks_hidden"] is False and r["leaderboard"][0]["rank"] == 1


def test_ranks_at_the_end_keeps_the_exports_and_overlay_back(client, api):
    g = _ranks_game(api)
    export = client.get(f"/api/games/{g.code}/export.json").json
    assert export["leaderboard"] == [] and all(p["score"] is None for p in export["players"])
    assert client.get(f"/api/games/{g.code}/overlay").json["standings"] == []
    csv = client.get(f"/api/games/{g.code}/export.csv").get_data(as_text=True)
    assert csv.strip().count("\n") == 0  # the header only


def test_the_host_turns_ranks_at_the_end_on_later(client, api, game):
    r = api.host_post(game, "room", {"ranks_at_end": True})
    assert r.json["ranks_at_end"] is True
    api.roll(game)
    assert client.get(f"/api/games/{game.code}/scores").json["leaderboard"] == []
