"""Creating games, rolling dice, the superpower offer, the timer, finishing: the host's API."""

from __future__ import annotations

import hashlib

from apikit import bearer, error

from dicehero.store.dice import derive, derive_offer
from dicehero.store.games import CODE_ALPHABET


def test_create_game_returns_code_and_host_secret(client):
    r = client.post("/api/games", json={"rounds": 5, "power_mode": "each"})
    assert r.status_code == 201
    assert r.json["host_secret"]
    assert r.json["game"]["rounds"] == 5 and r.json["game"]["power_mode"] == "each"
    assert r.json["game"]["status"] == "lobby"


def test_join_code_has_no_lookalike_letters(api):
    codes = {api.create().code for _ in range(20)}
    assert len(codes) == 20
    assert all(len(c) == 6 and set(c) <= set(CODE_ALPHABET) for c in codes)
    assert not set("B8O0I1S5Z2G6") & set(CODE_ALPHABET)


def test_join_code_is_case_insensitive(api, client):
    game = api.create()
    assert client.get(f"/api/games/{game.code.lower()}").status_code == 200


def test_unknown_edition_is_422(client):
    assert error(client.post("/api/games", json={"edition": "nope"})) == (422, "unknown_edition")


def test_too_many_rounds_is_422(client):
    assert error(client.post("/api/games", json={"rounds": 11})) == (422, "bad_field")


def test_unknown_field_is_422(client):
    assert error(client.post("/api/games", json={"colour": "red"})) == (422, "bad_field")


def test_malformed_json_is_400(client):
    r = client.post("/api/games", data=b"{not json", content_type="application/json")
    assert error(r) == (400, "bad_json")


def test_json_that_is_not_an_object_is_400(client):
    assert error(client.post("/api/games", json=[1, 2])) == (400, "bad_json")


def test_body_over_limit_is_413_json(client):
    r = client.post("/api/games", data=b"{" + b" " * 70_000 + b"}",
                    content_type="application/json")
    assert r.status_code == 413 and r.json["error"]["code"]


def test_unknown_game_is_404(client):
    assert error(client.get("/api/games/QQQQQQ")) == (404, "unknown_game")


def test_unknown_route_is_json_404(client):
    assert client.get("/api/nothing").status_code == 404
    assert "error" in client.get("/api/nothing").json


def test_state_shows_seed_hash_but_not_seed(api):
    state = api.state(api.create())
    assert len(state["seed_sha256"]) == 64 and state["seed"] is None


def test_server_roll_is_derived_from_the_seed_revealed_at_the_end(api):
    game = api.create(rounds=2)
    api.join(game, "Ann")
    first = api.roll(game)["dice"]
    api.done_all(game)
    second = api.roll(game)["dice"]
    api.done_all(game)  # the last round: the game ends by itself
    state = api.state(game)
    seed = state["seed"]
    assert state["status"] == "over"
    assert hashlib.sha256(seed.encode()).hexdigest() == state["seed_sha256"]
    assert derive(seed, "roll:1", 4) == first and derive(seed, "roll:2", 4) == second
    assert derive_offer(seed, "offer") == state["offer"]["choices"]


def test_typed_roll_is_recorded_as_typed(api):
    game = api.create()
    roll = api.roll(game, dice=[6, 6, 1, 2])
    assert roll["dice"] == [6, 6, 1, 2] and roll["typed"] is True
    assert api.state(game)["rolls"] == [{"number": 1, "dice": [6, 6, 1, 2], "typed": True}]


def test_a_phone_sees_which_rolls_the_host_typed(api, client):
    game = api.create()
    api.join(game, "Ann")
    api.roll(game)  # from the seed
    api.act(game, "Ann", {"type": "done"})
    api.roll(game, dice=[6, 6, 6, 6])  # typed by the host
    pid, secret = game.players["Ann"]
    r = client.get(f"/api/games/{game.code}/players/{pid}?edition=0", headers=bearer(secret))
    rolls = r.json["game"]["rolls"]
    assert [(x["number"], x["typed"]) for x in rolls] == [(1, False), (2, True)]
    assert rolls[1]["dice"] == [6, 6, 6, 6]


def test_typed_roll_with_bad_dice_is_422(api):
    game = api.create()
    assert error(api.host_post(game, "rolls", {"dice": [7, 1, 1, 1]})) == (422, "bad_roll")
    assert api.state(game)["roll"] == 0


def test_roll_without_secret_is_401(api):
    game = api.create()
    assert error(api.host_post(game, "rolls", secret=None)) == (401, "no_secret")


def test_roll_with_wrong_secret_is_401(api):
    game = api.create()
    assert error(api.host_post(game, "rolls", secret="guess")) == (401, "bad_secret")


def test_roll_with_another_games_host_secret_is_401(api):
    game, other = api.create(), api.create()
    assert error(api.host_post(game, "rolls", secret=other.host)) == (401, "bad_secret")


def test_roll_by_a_player_is_403(api):
    game = api.create()
    api.join(game, "Ann")
    secret = game.players["Ann"][1]
    assert error(api.host_post(game, "rolls", secret=secret)) == (403, "not_host")


def test_roll_naming_a_stale_number_is_409(api):
    game = api.create()
    api.roll(game, number=1)
    assert error(api.host_post(game, "rolls", {"number": 1})) == (409, "stale_roll")
    assert api.state(game)["roll"] == 1


def test_roll_with_players_not_done_needs_go_on(api):
    game = api.create()
    api.join(game, "Ann")
    api.roll(game)
    assert error(api.host_post(game, "rolls")) == (409, "players_not_done")
    assert api.roll(game, go_on=True)["number"] == 2


def test_going_on_forfeits_a_stragglers_unspent_dice(api):
    game = api.create()
    api.join(game, "Ann")
    dice = api.roll(game, dice=[1, 2, 3, 4])["dice"]
    api.choose_first(game, "Ann")
    api.act(game, "Ann", {"type": "skip", "die": 0})
    roll = api.roll(game, go_on=True)
    pid = game.players["Ann"][0]
    assert roll["forfeited"] == [{"player_id": pid, "name": "Ann", "dice": dice[1:]}]
    assert api.sheet(game, "Ann")["forfeited"] == [{"round": 1, "dice": [2, 3, 4]}]


def test_a_straggler_done_with_the_new_round_before_the_forfeits_are_read_is_listed(
        app, api, monkeypatch):
    """The roll's event goes out before the host's list of forfeits is read: a straggler
    pressing Done on the new round in between still lost their dice (issue 26.10)."""
    game = api.create()
    api.join(game, "Ann")
    dice = api.roll(game, dice=[1, 2, 3, 4])["dice"]
    api.choose_first(game, "Ann")
    api.act(game, "Ann", {"type": "skip", "die": 0})
    games = app.extensions["dicehero.games"]
    read_forfeits = games._forfeited

    def done_first(*args):
        api.act(game, "Ann", {"type": "done"}, roll=2)  # after the commit, before the read
        return read_forfeits(*args)

    monkeypatch.setattr(games, "_forfeited", done_first)
    roll = api.roll(game, go_on=True)
    assert api.sheet(game, "Ann")["forfeited"] == [{"round": 1, "dice": [2, 3, 4]}]
    assert roll["forfeited"] == [{"player_id": game.players["Ann"][0], "name": "Ann",
                                  "dice": dice[1:]}]


def test_rolling_past_the_last_round_is_409(api):
    game = api.create(rounds=1)
    api.roll(game)
    assert error(api.host_post(game, "rolls", {"go_on": True})) == (409, "no_rounds_left")


def test_table_offer_is_rolled_once(api):
    game = api.create()
    r = api.host_post(game, "offer")
    assert r.status_code == 200 and len(set(r.json["choices"])) == 2
    assert error(api.host_post(game, "offer")) == (409, "offer_rolled")


def test_typed_offer_is_recorded_as_typed(api):
    game = api.create()
    assert api.host_post(game, "offer", {"choices": [2, 5]}).json["typed"] is True
    api.join(game, "Ann")
    assert api.sheet(game, "Ann")["offer"] == [2, 5]


def test_typed_offer_of_equal_numbers_is_422(api):
    game = api.create()
    assert error(api.host_post(game, "offer", {"choices": [3, 3]})) == (422, "bad_offer")


def test_first_roll_rolls_the_table_offer_if_the_host_did_not(api):
    game = api.create()
    api.roll(game)
    assert len(api.state(game)["offer"]["choices"]) == 2


def test_each_player_rolls_their_own_offer_from_the_seed(api):
    game = api.create(power_mode="each")
    api.join(game, "Ann")
    pid = game.players["Ann"][0]
    offer = api.sheet(game, "Ann")["offer"]
    api.host_post(game, "finish")
    seed = api.state(game)["seed"]
    label = next(p["offer_label"] for p in api.client.get(
        f"/api/games/{game.code}/export.json").json["players"] if p["id"] == pid)
    assert label.startswith("offer:name:")
    assert offer == derive_offer(seed, label)


def test_offer_endpoint_in_each_mode_is_409(api):
    game = api.create(power_mode="each")
    assert error(api.host_post(game, "offer")) == (409, "wrong_mode")


def test_timer_is_stored_and_cleared(api):
    game = api.create()
    r = api.host_post(game, "timer", {"seconds": 60})
    assert r.status_code == 200 and r.json["ends_at"] > r.json["server_time"]
    assert api.state(game)["timer"]["seconds_left"] > 50
    api.host_post(game, "timer", {"seconds": 0})
    assert api.state(game)["timer"] is None


def test_timer_needs_seconds(api):
    game = api.create()
    assert error(api.host_post(game, "timer", {"seconds": "soon"})) == (422, "bad_field")


def test_timer_by_a_player_is_403(api):
    game = api.create()
    api.join(game, "Ann")
    r = api.host_post(game, "timer", {"seconds": 5}, secret=game.players["Ann"][1])
    assert error(r) == (403, "not_host")


def test_finish_with_players_not_done_needs_go_on(api):
    game = api.create()
    api.join(game, "Ann")
    api.roll(game)
    assert error(api.host_post(game, "finish")) == (409, "players_not_done")
    r = api.host_post(game, "finish", {"go_on": True})
    assert r.status_code == 200 and r.json["seed"] and r.json["leaderboard"][0]["name"] == "Ann"


def test_finish_twice_is_409(api):
    game = api.create()
    api.host_post(game, "finish")
    assert error(api.host_post(game, "finish")) == (409, "game_over")


def test_roll_after_game_over_is_409(api):
    game = api.create()
    api.host_post(game, "finish")
    assert error(api.host_post(game, "rolls")) == (409, "game_over")


def test_whoami_tells_host_from_player(api, client):
    game = api.create()
    api.join(game, "Ann")
    assert client.get(f"/api/games/{game.code}/me",
                      headers=bearer(game.host)).json["role"] == "host"
    me = client.get(f"/api/games/{game.code}/me", headers=bearer(game.players["Ann"][1])).json
    assert me["role"] == "player" and me["player"]["name"] == "Ann"


def test_edition_is_served(client):
    r = client.get("/api/editions/classic")
    assert r.status_code == 200 and len(r.json["locations"]) == 6
    assert error(client.get("/api/editions/nope")) == (404, "unknown_edition")
