"""Joining, names, coming back, latecomers, renaming and removing players."""

from __future__ import annotations

from apikit import bearer, error


def test_join_returns_id_and_secret(client, api):
    game = api.create()
    r = client.post(f"/api/games/{game.code}/players", json={"name": "Ann"})
    assert r.status_code == 201 and r.json["secret"] and r.json["player"]["name"] == "Ann"


def test_join_strips_control_characters_and_collapses_spaces(api):
    game = api.create()
    api.join(game, "  Ann\x07\u202e   the\tGreat\u200b ")
    assert api.state(game)["players"][0]["name"] == "Ann the Great"


def test_markup_in_a_name_is_kept_as_text_in_json(api, client):
    game = api.create()
    api.join(game, "<b>Bo</b>")
    r = client.get(f"/api/games/{game.code}")
    assert r.mimetype == "application/json" and r.json["players"][0]["name"] == "<b>Bo</b>"


def test_join_with_a_too_long_name_is_422(api, client):
    game = api.create()
    r = client.post(f"/api/games/{game.code}/players", json={"name": "x" * 25})
    assert error(r) == (422, "bad_name")


def test_join_with_an_empty_name_is_422(api, client):
    game = api.create()
    r = client.post(f"/api/games/{game.code}/players", json={"name": "\x00 \n"})
    assert error(r) == (422, "bad_name")


def test_join_with_a_taken_name_is_409(api, client):
    game = api.create()
    api.join(game, "Ann")
    r = client.post(f"/api/games/{game.code}/players", json={"name": "ANN"})
    assert error(r) == (409, "name_taken")


def test_join_unknown_game_is_404(client):
    assert error(client.post("/api/games/QQQQQQ/players", json={"name": "A"})) == (
        404, "unknown_game")


def test_join_a_finished_game_is_409(api, client):
    game = api.create()
    api.host_post(game, "finish")
    r = client.post(f"/api/games/{game.code}/players", json={"name": "Ann"})
    assert error(r) == (409, "game_over")


def test_latecomer_joins_a_running_game_and_missed_rounds_count_as_skipped(api):
    game = api.create()
    api.join(game, "Ann")
    api.roll(game, dice=[1, 2, 3, 4])
    api.roll(game, dice=[2, 2, 3, 4], go_on=True)
    api.join(game, "Late")
    sheet = api.sheet(game, "Late")
    assert sheet["round"] == 2 and sheet["dice"][0]["value"] == 2
    assert sheet["missed_rounds"] == 1 and sheet["forfeited"] == []
    api.choose_first(game, "Late")
    api.act(game, "Late", {"type": "move", "die": 0, "to": 2})


def test_player_comes_back_with_their_secret(api, client):
    game = api.create()
    pid = api.join(game, "Ann")
    r = client.get(f"/api/games/{game.code}/players/{pid}", headers=bearer(game.players["Ann"][1]))
    assert r.status_code == 200
    assert r.json["player"]["name"] == "Ann" and r.json["edition"]["name"] == "classic"
    assert {"legal", "score", "dice", "marks"} <= set(r.json["sheet"])


def test_sheet_without_the_edition_on_request(api, client):
    game = api.create()
    pid = api.join(game, "Ann")
    r = client.get(f"/api/games/{game.code}/players/{pid}?edition=0",
                   headers=bearer(game.players["Ann"][1]))
    assert "edition" not in r.json


def test_another_players_sheet_is_403(api, client):
    game = api.create()
    pid = api.join(game, "Ann")
    api.join(game, "Bob")
    r = client.get(f"/api/games/{game.code}/players/{pid}", headers=bearer(game.players["Bob"][1]))
    assert error(r) == (403, "not_your_sheet")


def test_host_may_see_any_sheet(api, client):
    game = api.create()
    pid = api.join(game, "Ann")
    r = client.get(f"/api/games/{game.code}/players/{pid}", headers=bearer(game.host))
    assert r.status_code == 200


def test_sheet_without_a_secret_is_401(api, client):
    game = api.create()
    pid = api.join(game, "Ann")
    assert error(client.get(f"/api/games/{game.code}/players/{pid}")) == (401, "no_secret")


def test_unknown_player_is_404(api, client):
    game = api.create()
    r = client.get(f"/api/games/{game.code}/players/999", headers=bearer(game.host))
    assert error(r) == (404, "unknown_player")


def test_huge_player_id_is_404_not_500(api, client):
    game = api.create()
    r = client.get(f"/api/games/{game.code}/players/{10**30}", headers=bearer(game.host))
    assert error(r) == (404, "unknown_player")


def test_player_of_another_game_is_404(api, client):
    game, other = api.create(), api.create()
    pid = api.join(other, "Ann")
    r = client.get(f"/api/games/{game.code}/players/{pid}", headers=bearer(game.host))
    assert error(r) == (404, "unknown_player")


def test_host_renames_a_player(api, client):
    game = api.create()
    pid = api.join(game, "Rude")
    r = client.patch(f"/api/games/{game.code}/players/{pid}", json={"name": "Kind"},
                     headers=bearer(game.host))
    assert r.status_code == 200 and api.state(game)["players"][0]["name"] == "Kind"


def test_player_cannot_rename_themselves(api, client):
    game = api.create()
    pid = api.join(game, "Ann")
    r = client.patch(f"/api/games/{game.code}/players/{pid}", json={"name": "Queen"},
                     headers=bearer(game.players["Ann"][1]))
    assert error(r) == (403, "not_host")


def test_host_removes_a_player(api, client):
    game = api.create()
    pid = api.join(game, "Ann")
    api.join(game, "Bob")
    r = client.delete(f"/api/games/{game.code}/players/{pid}", headers=bearer(game.host))
    assert r.status_code == 200
    assert [p["name"] for p in api.state(game)["players"]] == ["Bob"]


def test_removed_player_can_no_longer_act(api):
    game = api.create()
    pid = api.join(game, "Ann")
    api.client.delete(f"/api/games/{game.code}/players/{pid}", headers=bearer(game.host))
    api.roll(game)
    assert error(api.act_raw(game, "Ann", {"type": "done"})) == (403, "player_removed")


def test_removing_the_last_straggler_after_the_last_roll_ends_the_game(api, client):
    game = api.create(rounds=1)
    api.join(game, "Ann")
    pid = api.join(game, "Bob")
    api.roll(game)
    api.act(game, "Ann", {"type": "done"})
    client.delete(f"/api/games/{game.code}/players/{pid}", headers=bearer(game.host))
    assert api.state(game)["status"] == "over"
