"""A player's actions: checked by the engine, stored once, refused with a reason."""

from __future__ import annotations

from apikit import error


def _playing(api, rounds=10):
    game = api.create(rounds=rounds)
    api.join(game, "Ann")
    api.roll(game, dice=[1, 2, 3, 4])
    api.choose_first(game, "Ann")
    return game


def test_accepted_action_changes_the_sheet(api):
    game = _playing(api)
    reply = api.act(game, "Ann", {"type": "move", "die": 2, "to": 3})
    assert reply["sheet"]["position"] == 3 and reply["action"]["roll"] == 1
    assert api.sheet(game, "Ann")["position"] == 3


def test_same_idempotency_key_twice_is_stored_once_with_the_same_reply(api, client):
    game = _playing(api)
    first = api.act_raw(game, "Ann", {"type": "move", "die": 2, "to": 3}, key="same")
    api.act(game, "Ann", {"type": "skip", "die": 0})
    again = api.act_raw(game, "Ann", {"type": "move", "die": 2, "to": 3}, key="same")
    assert again.status_code == first.status_code == 200
    assert again.json == first.json and again.headers["Idempotent-Replayed"] == "true"
    actions = client.get(f"/api/games/{game.code}/export.json").json["players"][0]["actions"]
    assert [a["action"]["type"] for a in actions] == ["choose", "move", "skip"]


def test_idempotency_key_reused_for_another_action_is_422(api):
    game = _playing(api)
    api.act(game, "Ann", {"type": "skip", "die": 0}, key="k")
    r = api.act_raw(game, "Ann", {"type": "skip", "die": 1}, key="k")
    assert error(r) == (422, "idempotency_key_reused")


def test_action_without_idempotency_key_is_422(api, client):
    game = _playing(api)
    pid, secret = game.players["Ann"]
    r = client.post(f"/api/games/{game.code}/players/{pid}/actions",
                    json={"action": {"type": "done"}, "roll": 1},
                    headers={"Authorization": f"Bearer {secret}"})
    assert error(r) == (422, "bad_idempotency_key")


def test_action_for_a_closed_round_is_409(api):
    game = _playing(api)
    api.roll(game, go_on=True)
    assert error(api.act_raw(game, "Ann", {"type": "skip", "die": 0}, roll=1)) == (
        409, "stale_roll")


def test_action_for_a_future_roll_is_409(api):
    game = _playing(api)
    assert error(api.act_raw(game, "Ann", {"type": "skip", "die": 0}, roll=2)) == (
        409, "stale_roll")


def test_action_with_another_players_secret_is_403(api):
    game = _playing(api)
    api.join(game, "Bob")
    r = api.act_raw(game, "Ann", {"type": "done"}, secret=game.players["Bob"][1])
    assert error(r) == (403, "not_your_sheet")


def test_action_with_the_host_secret_is_403(api):
    game = _playing(api)
    assert error(api.act_raw(game, "Ann", {"type": "done"}, secret=game.host)) == (
        403, "not_your_sheet")


def test_action_without_a_secret_is_401(api):
    game = _playing(api)
    assert error(api.act_raw(game, "Ann", {"type": "done"}, secret=None)) == (401, "no_secret")


def test_malformed_action_is_400_with_the_engine_code(api):
    game = _playing(api)
    assert error(api.act_raw(game, "Ann", {"type": "fly"})) == (400, "unknown_action")


def test_action_the_rules_refuse_is_422_and_changes_nothing(api):
    game = _playing(api)
    before = api.sheet(game, "Ann")
    r = api.act_raw(game, "Ann", {"type": "move", "die": 0, "to": 5})
    assert error(r) == (422, "move_needs_match")
    assert "need" in r.json["error"]["message"]
    assert api.sheet(game, "Ann") == before


def test_undo_is_stored_as_an_action(api, client):
    game = _playing(api)
    api.act(game, "Ann", {"type": "move", "die": 2, "to": 3})
    reply = api.act(game, "Ann", {"type": "undo"})
    assert reply["sheet"]["position"] is None
    actions = client.get(f"/api/games/{game.code}/export.json").json["players"][0]["actions"]
    assert [a["action"]["type"] for a in actions] == ["choose", "move", "undo"]


def test_done_counts_towards_who_is_done(api):
    game = _playing(api)
    api.join(game, "Bob")
    api.act(game, "Ann", {"type": "done"})
    state = api.state(game)
    assert state["done_count"] == 1 and state["player_count"] == 2
    assert [p["done"] for p in state["players"]] == [True, False]


def test_after_the_last_roll_the_game_ends_when_everyone_is_done(api):
    game = _playing(api, rounds=1)
    api.act(game, "Ann", {"type": "done"})
    state = api.state(game)
    assert state["status"] == "over" and state["seed"]


def test_action_after_game_over_is_409(api):
    game = _playing(api, rounds=1)
    api.act(game, "Ann", {"type": "done"})
    assert error(api.act_raw(game, "Ann", {"type": "undo"}, roll=1)) == (409, "game_over")


def test_choose_before_the_first_roll_answers_roll_zero(api):
    game = api.create()
    api.host_post(game, "offer", {"choices": [2, 5]})
    api.join(game, "Ann")
    reply = api.act(game, "Ann", {"type": "choose", "superpower": 5}, roll=0)
    assert reply["sheet"]["superpower"] == 5


def _dry_run(client, game, name, action, roll=1, **extra):
    pid, secret = game.players[name]
    return client.post(f"/api/games/{game.code}/players/{pid}/actions",
                       json={"action": action, "roll": roll, "check": True, **extra},
                       headers={"Authorization": f"Bearer {secret}"})


def test_a_dry_run_judges_an_action_and_stores_nothing(api, client):
    game = _playing(api)
    before = client.get(f"/api/games/{game.code}/export.json").json
    last_event = client.get(f"/api/games/{game.code}").json["last_event_id"]
    # Refused: the engine's own code and words, as for the real action.
    r = _dry_run(client, game, "Ann", {"type": "help", "die": 0, "slot": 0})
    real = api.act_raw(game, "Ann", {"type": "help", "die": 0, "slot": 0})
    assert r.status_code == real.status_code == 422 and r.json == real.json
    # Allowed: the sheet it would give, marked as a check; an idempotency key is optional.
    ok = _dry_run(client, game, "Ann", {"type": "move", "die": 2, "to": 3}, idempotency_key="x")
    assert ok.status_code == 200 and ok.json["check"] is True
    assert ok.json["sheet"]["position"] == 3
    assert _dry_run(client, game, "Ann", {"type": "done"}).status_code == 200
    # ...and nothing of it is stored: no action, no event, the sheet as it was.
    after = client.get(f"/api/games/{game.code}/export.json").json
    assert after["players"] == before["players"]
    assert client.get(f"/api/games/{game.code}").json["last_event_id"] == last_event
    assert api.sheet(game, "Ann")["position"] is None
    assert not api.sheet(game, "Ann")["done"]
    # The key "x" was never used, so the real action may take it.
    assert api.act(game, "Ann", {"type": "move", "die": 2, "to": 3}, key="x")


def test_a_dry_run_is_checked_like_an_action(api, client):
    game = _playing(api)
    assert error(_dry_run(client, game, "Ann", {"type": "skip", "die": 0}, roll=2)) == (
        409, "stale_roll")
    pid, _ = game.players["Ann"]
    r = client.post(f"/api/games/{game.code}/players/{pid}/actions",
                    json={"action": {"type": "skip", "die": 0}, "roll": 1, "check": True})
    assert error(r) == (401, "no_secret")
    assert error(_dry_run(client, game, "Ann", {"type": "skip", "die": 0},
                          check="yes")) == (422, "bad_field")


def test_a_superpower_is_not_shopped_for_after_the_dice_are_seen(api):
    game = api.create()
    api.host_post(game, "offer", {"choices": [2, 5]})
    api.join(game, "Ann")
    api.join(game, "Bob")
    api.roll(game)
    api.act(game, "Ann", {"type": "done"})  # played roll 1 without a superpower
    api.act(game, "Bob", {"type": "done"})
    api.roll(game)
    before = api.sheet(game, "Ann")
    r = api.act_raw(game, "Ann", {"type": "choose", "superpower": 5})
    assert error(r) == (422, "choice_closed")
    assert api.sheet(game, "Ann") == before


def test_a_superpower_chosen_after_the_roll_stays_chosen(api):
    game = api.create()
    api.host_post(game, "offer", {"choices": [2, 5]})
    api.join(game, "Ann")
    api.roll(game)
    api.act(game, "Ann", {"type": "choose", "superpower": 5})
    assert error(api.act_raw(game, "Ann", {"type": "undo"})) == (422, "nothing_to_undo")
    assert api.sheet(game, "Ann")["superpower"] == 5
