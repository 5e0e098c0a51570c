"""A hero's own place (issue 25): GET .../players/{id}/place is the hero's line of /scores,
ranked alike (ties share a rank, a paper sheet to check takes none, ranks only at the end
hide it), read from the game's kept ranking instead of the whole class."""

from __future__ import annotations

import pytest
from test_api_paper import legal_sheet, put
from test_api_paper_fair_play import _approve, _finish, _paper_game

from dicehero.store.standings import Ranking, Standings


@pytest.fixture
def exact(app):
    """Every change ranked at once, so a read compares with /scores right after it."""
    app.extensions["dicehero.games"].standings.share = 0
    return app


def _place(client, game, name):
    r = client.get(f"/api/games/{game.code}/players/{game.players[name][0]}/place")
    assert r.status_code == 200, r.json
    return r.json


def _scores(client, game):
    """Each hero's (rank, of) as /scores has it: ranked among the sheets that are checked."""
    board = [e for e in client.get(f"/api/games/{game.code}/scores").json["leaderboard"]
             if not e["pending"]]
    return {e["name"]: (e["rank"], len(board)) for e in board}


def _places(client, game):
    return {n: (p["rank"], p["of"]) for n in game.players
            if (p := _place(client, game, n))["rank"] is not None}


def test_each_heros_place_is_their_place_in_scores_ties_included(api, client, exact):
    game = api.create()
    for name in ("Ann", "Bob", "Cleo", "Dan"):
        api.join(game, name)
    assert _places(client, game) == _scores(client, game) == {
        n: (1, 4) for n in game.players}  # all 0 Honor: one shared first place
    api.roll(game, dice=[3, 3, 3, 3])
    for name, minions in (("Ann", 2), ("Bob", 1), ("Cleo", 2)):
        api.choose_first(game, name)
        api.act(game, name, {"type": "move", "die": 0, "to": 3})
        for die in range(1, minions + 1):
            api.act(game, name, {"type": "minion", "die": die})
        api.act(game, name, {"type": "done"})
        assert _places(client, game) == _scores(client, game)
    assert _places(client, game) == {"Ann": (1, 4), "Cleo": (1, 4), "Bob": (3, 4),
                                     "Dan": (4, 4)}
    ann = _place(client, game, "Ann")
    assert ann["total"] > 0 and ann["status"] == "playing" and not ann["final"]
    board = client.get(f"/api/games/{game.code}/scores").json["leaderboard"]
    assert [(t["rank"], t["name"], t["total"]) for t in ann["top"]] == [
        (e["rank"], e["name"], e["total"]) for e in board[:3]]
    assert [t["rank"] for t in ann["top"]] == [1, 1, 3]


def test_a_paper_sheet_to_check_takes_no_place_until_approved(api, client, exact):
    game = _paper_game(api, client, rounds=1)
    put(client, game, "Pen", legal_sheet(client, game, rounds=1))
    _finish(api, game)
    pen = _place(client, game, "Pen")
    assert pen["rank"] is None and pen["of"] == 1 and pen["to_check"] == 1
    ann = _place(client, game, "Ann")
    assert (ann["rank"], ann["of"], ann["provisional"], ann["final"]) == (1, 1, True, False)
    assert _places(client, game) == _scores(client, game)
    _approve(client, game, "Pen")
    assert _places(client, game) == _scores(client, game) == {"Pen": (1, 2), "Ann": (2, 2)}
    assert _place(client, game, "Ann")["to_check"] == 0


def test_with_ranks_at_the_end_no_place_nor_total_until_the_game_is_over(api, client, exact):
    game = api.create(rounds=1, ranks_at_end=True)
    api.join(game, "Ann")
    api.join(game, "Bob")
    api.roll(game, dice=[3, 3, 3, 3])
    api.choose_first(game, "Ann")
    api.act(game, "Ann", {"type": "move", "die": 0, "to": 3})
    api.act(game, "Ann", {"type": "minion", "die": 1})
    ann = _place(client, game, "Ann")
    assert ann["ranks_hidden"] is True
    assert (ann["rank"], ann["total"], ann["top"]) == (None, None, [])
    api.done_all(game)
    ann = _place(client, game, "Ann")
    assert (ann["rank"], ann["of"], ann["ranks_hidden"], ann["final"]) == (1, 2, False, True)


def test_a_removed_hero_has_no_place_and_the_others_close_up(api, client, exact):
    game = api.create()
    for name in ("Ann", "Bob"):
        api.join(game, name)
    pid = game.players["Bob"][0]
    r = client.delete(f"/api/games/{game.code}/players/{pid}",
                      headers={"Authorization": f"Bearer {game.host}"})
    assert r.status_code == 200, r.json
    assert _place(client, game, "Bob")["rank"] is None
    assert (_place(client, game, "Ann")["rank"], _place(client, game, "Ann")["of"]) == (1, 1)


def test_an_unknown_hero_or_game_is_404(api, client):
    game = api.create()
    assert client.get(f"/api/games/{game.code}/players/999/place").status_code == 404
    assert client.get("/api/games/ZZZZZZ/players/1/place").status_code == 404


def test_one_ranking_serves_every_read_while_the_game_is_on_until_it_is_old_enough():
    """Made at 0 s for 1 s of CPU: with a share of 0.1 it serves reads of a changed game
    for 10 s; a change of what must match (the round, the end) is ranked at once, and once
    the game is over every change is."""
    now = [0.0]
    made: list[int] = []

    def clock() -> float:
        return now[0]

    def make(_kept: Ranking | None) -> Ranking:
        made.append(1)
        now[0] += 1.0  # it took a second
        return Ranking("r1", len(made), {1: 5, 2: 3}, [], 0, False)

    standings = Standings(share=0.1, min_age=1.0, clock=clock)
    standings.get(7, "r1", 0, True, make)
    now[0] = 5.0
    assert standings.get(7, "r1", "changed", True, make).soft == 1 and len(made) == 1
    assert standings.get(7, "r1", "changed", False, make) and len(made) == 2  # over: at once
    now[0] = 20.0
    standings.get(7, "r1", "again", True, make)
    assert len(made) == 3
    standings.get(7, "r2", 3, True, make)
    assert len(made) == 4


def test_a_heros_own_total_now_ranks_them_among_the_others_as_kept():
    ranking = Ranking("h", "s", {1: 9, 2: 5, 3: 5, 4: 0}, [], 0, False)
    assert ranking.rank(2, 5) == (2, 4)  # tied with hero 3
    assert ranking.rank(4, 7) == (2, 4)  # hero 4 has tapped since: above the fives
    assert ranking.rank(1, 4) == (3, 4)  # a lower total than kept (a sheet replaced)
    assert ranking.rank(5, 9) == (1, 5)  # a hero not kept yet: tied first, one more


def test_the_sheet_read_after_done_carries_the_place(api, client, exact):
    """The phone's read after its Done says its place: no request more between rounds."""
    game = api.create(rounds=2)
    for name in ("Ann", "Bob"):
        api.join(game, name)
    api.roll(game, dice=[3, 3, 3, 3])
    api.choose_first(game, "Bob")
    api.act(game, "Bob", {"type": "move", "die": 0, "to": 3})
    api.act(game, "Bob", {"type": "minion", "die": 1})
    pid, own = game.players["Ann"]
    url = f"/api/games/{game.code}/players/{pid}?edition=0"
    assert "place" not in client.get(url, headers={"Authorization": f"Bearer {own}"}).json
    api.act(game, "Ann", {"type": "done"})
    read = client.get(url, headers={"Authorization": f"Bearer {own}"}).json
    assert read["place"] == _place(client, game, "Ann")
    assert (read["place"]["rank"], read["place"]["of"]) == _scores(client, game)["Ann"] == (2, 2)


def test_a_cheap_ranking_still_serves_a_changing_game_for_min_age():
    now = [0.0]
    made: list[int] = []

    def make(_kept: Ranking | None) -> Ranking:
        made.append(1)
        return Ranking("r", len(made), {}, [], 0, False)

    standings = Standings(share=0.1, min_age=1.0, clock=lambda: now[0])
    standings.get(1, "r", 0, True, make)
    now[0] = 0.9
    standings.get(1, "r", "changed", True, make)
    assert len(made) == 1
    now[0] = 1.0
    standings.get(1, "r", "changed", True, make)
    assert len(made) == 2


def test_once_over_the_place_carries_par_as_scores_says_it(api, client, exact):
    """The end screen's par beside the hero, asked again until ready: one hero, not the class."""
    from test_api_par import eventually, play_rounds

    game = api.create(rounds=2)
    for name in ("Ada", "Bo", "Cy"):
        api.join(game, name)
    assert "par" not in _place(client, game, "Ada")
    play_rounds(api, game, 2)
    place = eventually(lambda: _place(client, game, "Ada"), lambda p: "score" in p["par"])
    assert place["par"] == client.get(f"/api/games/{game.code}/scores").json["par"]
