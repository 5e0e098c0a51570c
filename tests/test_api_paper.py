"""Paper players: a whole sheet checked over the game's rolls, ranked with the phones."""

from __future__ import annotations

import datetime as dt

import pytest
from apikit import bearer, error

from dicehero.editions import load_edition
from dicehero.engine import score
from dicehero.engine.actions import parse_action
from dicehero.engine.gamelog import PlayerLog, replay_player

R1 = [3, 3, 5, 1]
R2 = [2, 6, 4, 4]


def join_paper(client, game, name="Pen"):
    r = client.post(f"/api/games/{game.code}/players", json={"name": name, "paper": True},
                    headers=bearer(game.host))  # the host writes a paper hero in
    assert r.status_code == 201, r.json
    assert r.json["player"]["paper"] is True
    game.players[name] = (r.json["player"]["id"], r.json["secret"])
    return r.json["player"]["id"]


def put(client, game, name, body, secret=...):
    pid, own = game.players[name]
    return client.put(f"/api/games/{game.code}/players/{pid}/paper", json=body,
                      headers=bearer(own if secret is ... else secret))


def two_rounds(api, client, **settings):
    """A game with a phone player (Ann) and a paper player (Pen), two rounds rolled."""
    game = api.create(rounds=3, **settings)
    api.join(game, "Ann")
    join_paper(client, game)
    if settings.get("power_mode", "table") == "table":  # Ice or Fire: the same game each run
        assert api.host_post(game, "offer", {"choices": [3, 4]}).status_code == 200
    api.roll(game, dice=R1)
    api.choose_first(game, "Ann")
    api.act(game, "Ann", {"type": "done"})
    api.roll(game, dice=R2)  # the paper player never holds up a roll
    return game


def legal_sheet(client, game, rounds=2):
    """A legal sheet built tap by tap through the check endpoint (the page's way)."""
    offer = api_state(client, game)["offer"]["choices"]
    draft = {"superpower": None, "rounds": []}
    r = client.post(f"/api/games/{game.code}/paper/check",
                    json={**draft, "try": {"type": "choose", "superpower": offer[0]}})
    draft = r.json["draft"]
    for _ in range(rounds):
        for _die in range(4):
            sheet = client.post(f"/api/games/{game.code}/paper/check", json=draft).json["sheet"]
            rank = {"help": 0, "minion": 1, "move": 2}  # marks that score first
            options = sorted((a for per_die in sheet["legal"]["dice"] for a in per_die
                              if a["type"] != "power"),  # every tap spends a die
                             key=lambda a: rank.get(a["type"], 3))
            if not options:
                break
            r = client.post(f"/api/games/{game.code}/paper/check",
                            json={**draft, "try": options[0]})
            assert r.json["accepted"], r.json
            draft = r.json["draft"]
        r = client.post(f"/api/games/{game.code}/paper/check",
                        json={**draft, "try": {"type": "done"}})
        draft = r.json["draft"]
    return draft


def api_state(client, game):
    return client.get(f"/api/games/{game.code}").json


def engine_total(game_state, draft):
    edition = load_edition(game_state["edition"])
    rolls = [r["dice"] for r in game_state["rolls"]][:len(draft["rounds"])]
    log = PlayerLog("Pen", draft["superpower"], tuple(game_state["offer"]["choices"]),
                    tuple(tuple(parse_action(a) for a in r) for r in draft["rounds"]))
    return score(replay_player(edition, rolls, log)).total


def test_a_legal_sheet_is_ranked_with_the_engine_total(api, client):
    game = two_rounds(api, client)
    draft = legal_sheet(client, game)
    r = put(client, game, "Pen", draft)
    assert r.status_code == 200, r.json
    assert r.json["stored"] is True
    total = engine_total(api_state(client, game), draft)
    assert total > 0 and r.json["score"]["total"] == total
    board = client.get(f"/api/games/{game.code}/scores").json["leaderboard"]
    pen = next(e for e in board if e["name"] == "Pen")
    assert pen["total"] == total and pen["paper"] is True
    assert pen["pending"] is True and pen["rank"] is None  # to check: no place yet
    assert next(e for e in board if e["name"] == "Ann")["paper"] is False
    # the same sheet again stores nothing new; the GET gives it back
    assert put(client, game, "Pen", draft).json["stored"] is False
    pid, own = game.players["Pen"]
    got = client.get(f"/api/games/{game.code}/players/{pid}/paper", headers=bearer(own)).json
    assert got["paper"]["rounds"] == draft["rounds"] and got["score"]["total"] == total
    export = client.get(f"/api/games/{game.code}/export.json").json
    pen_x = next(p for p in export["players"] if p["name"] == "Pen")
    assert pen_x["paper"] is True and pen_x["paper_sheet"]["rounds"] == draft["rounds"]
    assert [a["action"]["type"] for a in pen_x["actions"]] == ["paper"]
    assert "Pen" in client.get(f"/api/games/{game.code}/export.csv").text


def test_a_later_sheet_replaces_the_earlier_one(api, client):
    game = two_rounds(api, client)
    draft = legal_sheet(client, game)
    assert put(client, game, "Pen", draft).status_code == 200
    smaller = {"superpower": draft["superpower"], "rounds": draft["rounds"][:1]}
    r = put(client, game, "Pen", smaller)
    assert r.status_code == 200
    board = client.get(f"/api/games/{game.code}/scores").json["leaderboard"]
    pen = next(e for e in board if e["name"] == "Pen")
    total = engine_total(api_state(client, game), smaller)
    assert pen["total"] == total == r.json["score"]["total"]


def test_an_impossible_mark_is_422_naming_round_and_die_and_nothing_is_stored(api, client):
    game = two_rounds(api, client)
    draft = legal_sheet(client, game)
    assert put(client, game, "Pen", draft).status_code == 200
    before = client.get(f"/api/games/{game.code}/export.json").json
    # round 2: die 1 used twice
    first = next(a for a in draft["rounds"][1] if a.get("die") == 0)
    bad = {"superpower": draft["superpower"],
           "rounds": [draft["rounds"][0], [first, {"type": "minion", "die": 0}]]}
    r = put(client, game, "Pen", bad)
    assert r.status_code == 422
    e = r.json["error"]
    assert e["code"] == "die_spent" and e["round"] == 2 and e["die"] == 0
    assert e["action"] == {"type": "minion", "die": 0}
    assert e["message"].startswith("Round 2, die 1 (a 2): ") and e["rule"] in e["message"]
    assert client.get(f"/api/games/{game.code}/export.json").json == before
    # a superpower that was not offered
    offer = api_state(client, game)["offer"]["choices"]
    other = next(n for n in range(1, 7) if n not in offer)
    r = put(client, game, "Pen", {"superpower": other, "rounds": []})
    assert r.status_code == 422 and r.json["error"]["code"] == "not_offered"
    assert r.json["error"]["round"] == 0
    # a round not rolled yet
    r = put(client, game, "Pen", {"superpower": offer[0], "rounds": [[], [], []]})
    assert error(r) == (422, "too_many_rounds")


@pytest.mark.parametrize("body,status,code", [
    ({"rounds": "all of them"}, 422, "bad_field"),
    ({"rounds": [{"type": "done"}]}, 422, "bad_field"),
    ({"rounds": [[{"type": "fly"}]]}, 400, "unknown_action"),
    ({"rounds": [[{"type": "move", "die": "one", "to": 2}]]}, 400, "bad_field"),
    ({"rounds": [[{"type": "done"}] * 41]}, 422, "bad_field"),
    ({"superpower": "Ice", "rounds": []}, 422, "bad_field"),
    ({"rounds": [], "score": 99}, 422, "bad_field"),
])
def test_bad_shapes_are_refused(api, client, body, status, code):
    game = two_rounds(api, client)
    assert error(put(client, game, "Pen", body)) == (status, code)


def test_who_may_send_a_paper_sheet(api, client):
    game = two_rounds(api, client)
    body = {"superpower": None, "rounds": []}
    assert error(put(client, game, "Pen", body, secret=None)) == (401, "no_secret")
    assert error(put(client, game, "Pen", body, secret="nope")) == (401, "bad_secret")
    assert error(put(client, game, "Pen", body, secret=game.players["Ann"][1])) == (
        403, "not_your_sheet")
    assert put(client, game, "Pen", body, secret=game.host).status_code == 200  # the teacher
    # a phone player cannot send a sheet, and a paper player cannot tap live
    assert error(put(client, game, "Ann", body)) == (409, "not_paper")
    r = api.act_raw(game, "Pen", {"type": "done"})
    assert error(r) == (409, "paper_player")
    pid, _ = game.players["Pen"]
    client.delete(f"/api/games/{game.code}/players/{pid}", headers=bearer(game.host))
    assert error(put(client, game, "Pen", body)) == (403, "player_removed")


def test_paper_players_never_hold_up_the_game(api, client):
    game = api.create(rounds=1)
    api.join(game, "Ann")
    join_paper(client, game)
    api.roll(game)
    state = api_state(client, game)
    assert state["done_count"] == 1 and state["player_count"] == 2
    api.choose_first(game, "Ann")
    api.act(game, "Ann", {"type": "done"})
    assert api_state(client, game)["status"] == "over"  # ended without the paper player


def test_sheets_are_taken_for_a_while_after_the_end(api, client, app):
    game = api.create(rounds=1)
    api.join(game, "Ann")
    join_paper(client, game, "Late")  # written in before the first roll
    api.roll(game, dice=R1)
    api.act(game, "Ann", {"type": "done"})
    assert api_state(client, game)["status"] == "over"
    draft = legal_sheet(client, game, rounds=1)
    r = put(client, game, "Late", draft)
    assert r.status_code == 200 and r.json["open_until"] > 0
    ev = app.extensions["dicehero.store"].events_after(1, 0)
    assert ev[-1].type == "paper_sheet" and '"final":true' in ev[-1].data
    # once the window is over, sheets are refused
    store = app.extensions["dicehero.store"]
    from dicehero.store.models import Game

    with store.read() as s, s.begin():
        g = s.query(Game).filter_by(code=game.code).one()
        g.finished_at = dt.datetime.now(dt.UTC) - dt.timedelta(hours=2)
    assert error(put(client, game, "Late", draft)) == (409, "paper_closed")


def test_each_mode_paper_players_may_have_any_superpower(api, client):
    game = api.create(rounds=1, power_mode="each")
    join_paper(client, game)
    api.roll(game, dice=R1)
    for power in range(1, 7):
        r = put(client, game, "Pen", {"superpower": power, "rounds": [[]]}, secret=game.host)
        assert r.status_code == 200


def test_check_tries_a_mark_without_storing_it(api, client):
    game = two_rounds(api, client)
    code = game.code
    offer = api_state(client, game)["offer"]["choices"]
    r = client.post(f"/api/games/{code}/paper/check", json={})
    assert r.json["sheet"]["legal"]["choose"] == offer and r.json["rolled"] == 2
    r = client.post(f"/api/games/{code}/paper/check",
                    json={"try": {"type": "choose", "superpower": offer[0]}})
    draft = r.json["draft"]
    assert draft == {"superpower": offer[0], "rounds": []}
    assert r.json["sheet"]["round"] == 1  # straight on to round 1's dice
    assert r.json["sheet"]["can_undo"] is True
    # a refused tap names the round and the die, and leaves the draft as it was
    r = client.post(f"/api/games/{code}/paper/check",
                    json={**draft, "try": {"type": "move", "die": 3, "to": 6}})
    assert r.json["accepted"] is False and r.json["draft"] == draft
    assert r.json["error"]["message"].startswith("Round 1, die 4 (a 1): ")
    # check=true only asks
    move = r.json["sheet"]["legal"]["dice"][0][0]
    r = client.post(f"/api/games/{code}/paper/check", json={**draft, "try": move, "check": True})
    assert r.json["accepted"] is True and r.json["draft"] == draft
    # undo reaches back across rounds, down to the superpower
    r = client.post(f"/api/games/{code}/paper/check", json={**draft, "try": move})
    d2 = r.json["draft"]
    r = client.post(f"/api/games/{code}/paper/check", json={**d2, "try": {"type": "done"}})
    assert r.json["sheet"]["round"] == 2 and r.json["sheet"]["done"] is False
    d3 = r.json["draft"]
    for expect in (d2, draft, {"superpower": None, "rounds": []}):
        d3 = client.post(f"/api/games/{code}/paper/check",
                         json={**d3, "try": {"type": "undo"}}).json["draft"]
        assert d3 == expect
    r = client.post(f"/api/games/{code}/paper/check", json={**d3, "try": {"type": "undo"}})
    assert r.json["error"]["code"] == "nothing_to_undo"
    # a draft the rules refuse is a 422, like a sent sheet
    r = client.post(f"/api/games/{code}/paper/check",
                    json={"superpower": offer[0], "rounds": [[move, move]]})
    assert r.status_code == 422 and r.json["error"]["round"] == 1
    assert client.get(f"/api/games/{code}/export.json").json["players"][1]["actions"] == []


def test_state_and_host_see_paper_players(api, client):
    game = two_rounds(api, client)
    pen = next(p for p in api_state(client, game)["players"] if p["name"] == "Pen")
    assert pen["paper"] is True and pen["done"] is True and pen["joined_roll"] == 0
    pid, _ = game.players["Pen"]
    r = client.get(f"/api/games/{game.code}/players/{pid}/paper", headers=bearer(game.host))
    assert r.status_code == 200 and r.json["paper"]["submitted_at"] is None
