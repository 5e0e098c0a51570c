"""Scores, the leaderboard, exports and the OpenAPI document."""

from __future__ import annotations

import csv
import io

from apikit import bearer


def test_scores_rank_ties_alike(api, client):
    game = api.create()
    for name in ("Ann", "Bob"):
        api.join(game, name)
    board = client.get(f"/api/games/{game.code}/scores").json["leaderboard"]
    assert [r["rank"] for r in board] == [1, 1]
    assert {"locations", "bystanders", "minions", "total"} <= set(board[0])


def test_scores_follow_the_sheets(api, client):
    game = api.create()
    api.join(game, "Ann")
    api.join(game, "Bob")
    api.roll(game, dice=[3, 3, 3, 3])
    api.choose_first(game, "Ann")
    api.act(game, "Ann", {"type": "move", "die": 0, "to": 3})
    api.act(game, "Ann", {"type": "minion", "die": 1})
    board = client.get(f"/api/games/{game.code}/scores").json["leaderboard"]
    assert [(r["name"], r["rank"]) for r in board] == [("Ann", 1), ("Bob", 2)]
    assert board[0]["minions"] == 1


def test_export_csv_has_a_row_per_player_and_defuses_formulas(api, client):
    game = api.create()
    api.join(game, "=HYPERLINK(1)")
    r = client.get(f"/api/games/{game.code}/export.csv")
    assert r.mimetype == "text/csv" and "attachment" in r.headers["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(r.text)))
    assert rows[0][:3] == ["rank", "player_id", "name"] and rows[0][-1] == "total"
    assert rows[1][2] == "'=HYPERLINK(1)"


def test_export_json_has_rolls_and_actions_and_the_seed_once_over(api, client):
    game = api.create(rounds=1)
    api.join(game, "Ann")
    api.roll(game)
    api.act(game, "Ann", {"type": "done"})
    data = client.get(f"/api/games/{game.code}/export.json").json
    assert len(data["rolls"]) == 1 and data["seed"]
    assert data["players"][0]["actions"][0]["action"] == {"type": "done"}


def test_openapi_document_lists_every_api_route(app, client):
    doc = client.get("/api/openapi.json").json
    assert doc["openapi"].startswith("3.")
    documented = {(path, method) for path, ops in doc["paths"].items() for method in ops}
    for rule in app.url_map.iter_rules():
        if rule.endpoint.split(".")[0] not in ("api", "events", "openapi"):
            continue
        path = rule.rule.replace("<int:", "{").replace("<", "{").replace(">", "}")
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            assert (path, method.lower()) in documented, (path, method)


def test_host_secret_is_not_in_any_public_reply(api, client):
    game = api.create()
    api.join(game, "Ann")
    for url in ("", "/scores", "/export.json", "/export.csv"):
        assert game.host not in client.get(f"/api/games/{game.code}{url}").text
    assert game.host not in client.get(f"/api/games/{game.code}/me",
                                       headers=bearer(game.host)).text


def test_the_leaderboard_says_where_each_hero_stood_when_the_round_was_rolled(api, client):
    game = api.create()
    for name in ("Ann", "Bob"):
        api.join(game, name)
    api.roll(game, dice=[3, 3, 3, 3])
    api.choose_first(game, "Ann")
    api.act(game, "Ann", {"type": "move", "die": 0, "to": 3})
    api.act(game, "Ann", {"type": "minion", "die": 1})
    api.choose_first(game, "Bob")
    api.done_all(game)
    board = {r["name"]: r for r in client.get(f"/api/games/{game.code}/scores").json[
        "leaderboard"]}
    assert (board["Ann"]["rank"], board["Ann"]["rank_before_roll"]) == (1, 1)
    assert (board["Bob"]["rank"], board["Bob"]["rank_before_roll"]) == (2, 1)  # 0 and 0 tie
    api.roll(game, dice=[3, 3, 3, 3], number=2)
    api.act(game, "Bob", {"type": "move", "die": 0, "to": 3})
    api.act(game, "Bob", {"type": "minion", "die": 1})
    api.act(game, "Bob", {"type": "minion", "die": 2})
    board = {r["name"]: r for r in client.get(f"/api/games/{game.code}/scores").json[
        "leaderboard"]}
    assert (board["Bob"]["rank"], board["Bob"]["rank_before_roll"]) == (1, 2)  # climbed one
    assert (board["Ann"]["rank"], board["Ann"]["rank_before_roll"]) == (2, 1)
