"""Who may enter a paper sheet, and when: no one wins by waiting for the dice to be public."""

from __future__ import annotations

from apikit import bearer, error
from test_api_paper import R1, R2, api_state, join_paper, legal_sheet, put


def _paper_game(api, client, rounds=2):
    """Ann on a phone and Pen on paper, written in before the first roll; one roll out."""
    game = api.create(rounds=rounds)
    api.join(game, "Ann")
    join_paper(client, game)
    assert api.host_post(game, "offer", {"choices": [3, 4]}).status_code == 200
    api.roll(game, dice=R1)
    api.choose_first(game, "Ann")
    return game


def _finish(api, game):
    for _ in range(api.state(game)["roll"], api.state(game)["rounds"]):
        api.act(game, "Ann", {"type": "done"})
        api.roll(game, dice=R2)
    api.act(game, "Ann", {"type": "done"})
    assert api.state(game)["status"] == "over"


def _board(client, game):
    return client.get(f"/api/games/{game.code}/scores").json


def _approve(client, game, name, secret=None):
    pid, _ = game.players[name]
    return client.post(f"/api/games/{game.code}/players/{pid}/paper/approve", json={},
                       headers=bearer(secret or game.host))


def _close(client, game, secret=None):
    return client.post(f"/api/games/{game.code}/paper/close", json={},
                       headers=bearer(secret or game.host))


# -- joining ------------------------------------------------------------------------------

def test_only_the_host_writes_in_a_paper_hero(api, client):
    game = api.create()
    api.join(game, "Ann")
    ann = game.players["Ann"]
    url = f"/api/games/{game.code}/players"
    body = {"name": "Pencil", "paper": True}
    r = client.post(url, json=body)  # anyone with the join code
    assert error(r) == (401, "no_secret")
    assert "written in by the host" in r.json["error"]["message"]
    assert error(client.post(url, json=body, headers=bearer(ann[1]))) == (403, "not_host")
    assert error(client.post(url, json=body, headers=bearer("not-a-secret"))) == (
        401, "bad_secret")
    assert [p["name"] for p in api_state(client, game)["players"]] == ["Ann"]
    r = client.post(url, json=body, headers=bearer(game.host))
    assert r.status_code == 201 and r.json["player"]["paper"] is True


def test_paper_heroes_are_written_in_before_the_first_roll(api, client):
    game = _paper_game(api, client)
    r = client.post(f"/api/games/{game.code}/players", json={"name": "Latecomer", "paper": True},
                    headers=bearer(game.host))
    assert error(r) == (409, "paper_after_first_roll")
    assert [p["name"] for p in api_state(client, game)["players"]] == ["Ann", "Pen"]


def test_no_one_joins_once_the_last_roll_is_out(api, client):
    game = _paper_game(api, client, rounds=1)
    r = client.post(f"/api/games/{game.code}/players", json={"name": "Outsider"})
    assert error(r) == (409, "last_round")
    api.act(game, "Ann", {"type": "done"})
    assert api.state(game)["status"] == "over"  # ended by itself: no one to wait for


def test_no_one_joins_after_the_end_not_even_on_paper(api, client):
    game = _paper_game(api, client, rounds=1)
    _finish(api, game)
    for body in ({"name": "Phone"}, {"name": "Pencil", "paper": True}):
        r = client.post(f"/api/games/{game.code}/players", json=body, headers=bearer(game.host))
        assert error(r) == (409, "game_over")


# -- pending and approved -----------------------------------------------------------------

def test_a_sheet_entered_by_its_player_is_pending_until_the_host_approves_it(api, client):
    game = _paper_game(api, client)
    r = put(client, game, "Pen", legal_sheet(client, game, rounds=1))
    assert r.status_code == 200 and r.json["paper"]["approved"] is False
    assert next(e for e in _board(client, game)["leaderboard"] if e["name"] == "Pen")["pending"]
    r = _approve(client, game, "Pen")
    assert r.status_code == 200 and r.json["paper"]["approved"] is True
    assert r.json["stored"] is True
    assert not any(e["pending"] for e in _board(client, game)["leaderboard"])


def test_a_sheet_to_check_takes_no_place_until_the_host_approves_it(api, client):
    game = _paper_game(api, client, rounds=1)
    r = put(client, game, "Pen", legal_sheet(client, game, rounds=1))
    assert r.json["score"]["total"] > 0 and r.json["score"]["rank"] is None
    _finish(api, game)  # Ann did nothing: 0 Honor, below Pen's sheet
    board = _board(client, game)["leaderboard"]
    assert [(e["name"], e["rank"], e["pending"]) for e in board] == [
        ("Ann", 1, False), ("Pen", None, True)]  # listed apart, after the ranked heroes
    assert _approve(client, game, "Pen").json["score"]["rank"] == 1
    board = _board(client, game)["leaderboard"]
    assert [(e["name"], e["rank"]) for e in board] == [("Pen", 1), ("Ann", 2)]


def test_approving_twice_stores_nothing_new(api, client):
    game = _paper_game(api, client)
    put(client, game, "Pen", legal_sheet(client, game, rounds=1))
    assert _approve(client, game, "Pen").json["stored"] is True
    assert _approve(client, game, "Pen").json["stored"] is False


def test_a_sheet_the_host_enters_is_approved(api, client):
    game = _paper_game(api, client)
    r = put(client, game, "Pen", legal_sheet(client, game, rounds=1), secret=game.host)
    assert r.status_code == 200 and r.json["paper"]["approved"] is True


def test_only_the_host_approves_a_sheet(api, client):
    game = _paper_game(api, client)
    put(client, game, "Pen", legal_sheet(client, game, rounds=1))
    assert error(_approve(client, game, "Pen", secret=game.players["Pen"][1])) == (
        403, "not_host")


def test_a_sheet_not_yet_sent_cannot_be_approved(api, client):
    game = _paper_game(api, client)
    assert error(_approve(client, game, "Pen")) == (409, "no_sheet")


def test_an_approved_sheet_is_changed_by_the_host_only(api, client):
    game = _paper_game(api, client)
    draft = legal_sheet(client, game, rounds=1)
    put(client, game, "Pen", draft)
    _approve(client, game, "Pen")
    smaller = {"superpower": draft["superpower"], "rounds": []}
    assert error(put(client, game, "Pen", smaller)) == (409, "sheet_approved")
    r = put(client, game, "Pen", smaller, secret=game.host)
    assert r.status_code == 200 and r.json["paper"]["rounds"] == []


# -- rounds already played are locked ----------------------------------------------------

def test_a_player_cannot_rewrite_a_round_once_the_next_roll_is_out(api, client):
    game = _paper_game(api, client)
    draft = legal_sheet(client, game, rounds=1)
    put(client, game, "Pen", draft)
    api.act(game, "Ann", {"type": "done"})
    api.roll(game, dice=R2)  # roll 2 is public: round 1 is locked
    before = client.get(f"/api/games/{game.code}/export.json").json
    replanned = {"superpower": draft["superpower"], "rounds": [[{"type": "done"}]]}
    r = put(client, game, "Pen", replanned)
    assert error(r) == (409, "round_locked")
    assert "round 1" in r.json["error"]["message"]
    assert client.get(f"/api/games/{game.code}/export.json").json == before


def test_a_player_cannot_change_the_superpower_after_the_first_roll(api, client):
    game = _paper_game(api, client)
    draft = legal_sheet(client, game, rounds=1)
    put(client, game, "Pen", draft)
    other = next(n for n in api_state(client, game)["offer"]["choices"]
                 if n != draft["superpower"])
    r = put(client, game, "Pen", {"superpower": other, "rounds": []})
    assert error(r) == (409, "round_locked")


def test_a_player_may_still_correct_the_open_round(api, client):
    game = _paper_game(api, client)
    draft = legal_sheet(client, game, rounds=1)
    put(client, game, "Pen", draft)
    fixed = {"superpower": draft["superpower"], "rounds": [[{"type": "done"}]]}
    assert put(client, game, "Pen", fixed).status_code == 200  # roll 2 is not out yet


# -- provisional and final -----------------------------------------------------------------

def test_results_are_provisional_while_a_paper_sheet_is_pending(api, client):
    game = _paper_game(api, client, rounds=1)
    put(client, game, "Pen", legal_sheet(client, game, rounds=1))
    _finish(api, game)
    board = _board(client, game)
    assert board["status"] == "over"
    assert board["provisional"] is True and board["final"] is False
    results = api_state(client, game)["results"]
    assert results["pending"] == [{"id": game.players["Pen"][0], "name": "Pen"}]


def test_closing_paper_entry_makes_the_results_final(api, client):
    game = _paper_game(api, client, rounds=1)
    put(client, game, "Pen", legal_sheet(client, game, rounds=1))
    _finish(api, game)
    _approve(client, game, "Pen")
    assert _board(client, game)["final"] is False  # paper entry still open
    r = _close(client, game)
    assert r.status_code == 200 and r.json["final"] is True
    board = _board(client, game)
    assert board["final"] is True and board["provisional"] is False
    draft = legal_sheet(client, game, rounds=1)
    assert error(put(client, game, "Pen", draft, secret=game.host)) == (409, "paper_closed")


def test_paper_entry_does_not_close_while_sheets_wait(api, client):
    game = _paper_game(api, client, rounds=1)
    put(client, game, "Pen", legal_sheet(client, game, rounds=1))
    _finish(api, game)
    r = _close(client, game)
    assert error(r) == (409, "sheets_pending") and "Pen" in r.json["error"]["message"]


def test_paper_entry_closes_only_after_the_end(api, client):
    game = _paper_game(api, client)
    assert error(_close(client, game)) == (409, "game_not_over")


def test_only_the_host_closes_paper_entry(api, client):
    game = _paper_game(api, client, rounds=1)
    _finish(api, game)
    assert error(_close(client, game, secret=game.players["Ann"][1])) == (403, "not_host")


def test_a_game_without_paper_heroes_is_final_at_the_end(api, client):
    game = api.create(rounds=1)
    api.join(game, "Ann")
    api.roll(game)
    api.act(game, "Ann", {"type": "done"})
    assert _board(client, game)["final"] is True
