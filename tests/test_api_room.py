"""Locks: a room password a game can require, and "stream" games that keep their join
code off the projected view; both set when the game is made or later by the host."""

from __future__ import annotations

from apikit import bearer, error


def _join(client, code, name, **body):
    return client.post(f"/api/games/{code}/players", json={"name": name, **body})


def test_a_password_game_refuses_a_join_without_it(client, api):
    game = api.create(password="otters")
    assert api.state(game)["password_required"] is True
    assert error(_join(client, game.code, "Ann")) == (403, "password_needed")
    assert api.state(game)["players"] == []


def test_a_wrong_password_is_refused_and_changes_nothing(client, api):
    game = api.create(password="otters")
    assert error(_join(client, game.code, "Ann", password="beavers")) == (403, "password_wrong")
    assert api.state(game)["players"] == []


def test_the_password_said_aloud_is_taken_in_any_case_and_spacing(client, api):
    game = api.create(password="Brave Otters")
    assert _join(client, game.code, "Ann", password="  brave   OTTERS ").status_code == 201


def test_the_host_sets_and_clears_the_password_later(client, api):
    game = api.create()
    assert _join(client, game.code, "Ann").status_code == 201
    r = api.host_post(game, "room", {"password": "otters"})
    assert r.json == {"password_required": True, "stream": False, "ranks_at_end": False,
                      "generated_names": False, "name_words": []}
    assert error(_join(client, game.code, "Bob")) == (403, "password_needed")
    api.host_post(game, "room", {"password": None})
    assert _join(client, game.code, "Bob").status_code == 201


def test_the_password_is_never_in_the_state_or_the_export(client, api):
    game = api.create(password="secret-otters")
    for path in ("", "/export.json", "/scores"):
        assert "secret-otters" not in client.get(f"/api/games/{game.code}{path}").get_data(
            as_text=True)


def test_a_bad_password_setting_is_refused(client, api):
    assert error(client.post("/api/games", json={"password": ""}))[0] == 422
    assert error(client.post("/api/games", json={"password": "x" * 65}))[0] == 422
    game = api.create()
    assert error(api.host_post(game, "room", {"password": 7}))[0] == 422
    assert error(api.host_post(game, "room", {}))[0] == 422
    assert api.state(game)["password_required"] is False


def test_only_the_host_changes_the_room(client, api):
    game = api.create()
    secret = _join(client, game.code, "Ann").json["secret"]
    r = client.post(f"/api/games/{game.code}/room", json={"password": "mine"},
                    headers=bearer(secret))
    assert error(r) == (403, "not_host")
    assert api.state(game)["password_required"] is False


def test_a_paper_hero_written_in_by_the_host_needs_no_password(client, api):
    game = api.create(password="otters")
    r = client.post(f"/api/games/{game.code}/players", json={"name": "Pen", "paper": True},
                    headers=bearer(game.host))
    assert r.status_code == 201


def test_a_stream_game_says_so_in_its_state_and_can_be_turned_off(client, api):
    game = api.create(stream=True)
    assert api.state(game)["stream"] is True
    assert api.host_post(game, "room", {"stream": False}).json["stream"] is False
    assert api.state(game)["stream"] is False


def test_a_stream_game_keeps_its_code_off_the_projected_page_title(client, api):
    game = api.create(stream=True)
    page = client.get(f"/host/{game.code}").get_data(as_text=True)
    title = page.split("<title>")[1].split("</title>")[0]
    assert game.code not in title and 'class="host stream"' in page


def test_a_join_with_a_password_that_is_not_text_is_refused_even_without_one(client, api):
    game = api.create()
    r = client.post(f"/api/games/{game.code}/players",
                    json={"name": "Ann", "password": False})
    assert error(r) == (422, "bad_password")
    assert client.get(f"/api/games/{game.code}").json["players"] == []
