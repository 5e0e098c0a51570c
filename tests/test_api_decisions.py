"""The class's decision map: what every hero did with each die of a round, by counts."""

from __future__ import annotations

import csv
import io

from apikit import bearer


def _class_round(api):
    game = api.create()
    for name in ("Ann", "Bob", "Cy"):
        api.join(game, name)
    pen = api.client.post(f"/api/games/{game.code}/players", json={"name": "Pen", "paper": True},
                          headers=bearer(game.host))
    assert pen.status_code == 201  # a paper hero: their sheet says what, not which die
    api.roll(game, dice=[3, 3, 5, 2])
    for name in ("Ann", "Bob", "Cy"):
        api.choose_first(game, name)
    api.act(game, "Ann", {"type": "move", "die": 0, "to": 3})
    api.act(game, "Ann", {"type": "help", "die": 1})
    api.act(game, "Bob", {"type": "move", "die": 0, "to": 3})
    api.act(game, "Bob", {"type": "minion", "die": 1})
    api.act(game, "Cy", {"type": "move", "die": 1, "to": 3})  # Cy leaves die 1 for later
    api.act(game, "Cy", {"type": "help", "die": 0})
    return game


def test_each_die_says_how_many_heroes_did_what_with_it(api, client):
    game = _class_round(api)
    m = client.get(f"/api/games/{game.code}/rounds/1/decisions").json
    assert m["round"] == 1 and m["heroes"] == 3
    first, second = m["dice"][0], m["dice"][1]
    assert (first["value"], first["move"], first["help"]) == (3, {"3": 2}, {"3": 1})
    assert (second["help"], second["move"], second["minion"]) == ({"3": 1}, {"3": 1}, 1)
    assert [d["skip"] for d in m["dice"][2:]] == [3, 3]


def test_the_counts_of_every_die_add_up_to_the_heroes(api, client):
    game = _class_round(api)
    m = client.get(f"/api/games/{game.code}/rounds/1/decisions").json
    for d in m["dice"]:
        assert sum(d["help"].values()) + sum(d["move"].values()) + d["minion"] + d["skip"] \
            == m["heroes"]


def test_a_hero_who_joined_later_and_a_paper_hero_are_not_counted(api, client):
    game = _class_round(api)
    for name in ("Ann", "Bob", "Cy"):
        api.act(game, name, {"type": "done"})
    api.roll(game, dice=[1, 2, 3, 4], number=2)
    api.join(game, "Late")
    assert client.get(f"/api/games/{game.code}/rounds/1/decisions").json["heroes"] == 3
    assert client.get(f"/api/games/{game.code}/rounds/2/decisions").json["heroes"] == 4


def test_a_round_not_rolled_yet_is_a_404(api, client):
    game = _class_round(api)
    for n in (0, 2):
        r = client.get(f"/api/games/{game.code}/rounds/{n}/decisions")
        assert r.status_code == 404 and r.json["error"]["code"] == "no_such_round"


def test_the_csv_has_a_row_per_die_of_every_round(api, client):
    game = _class_round(api)
    r = client.get(f"/api/games/{game.code}/decisions.csv", headers=bearer(game.host))
    assert r.mimetype == "text/csv" and "attachment" in r.headers["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(r.text)))
    assert len(rows) == 4
    assert rows[0]["move to Downtown"] == "2" and rows[0]["help at Downtown"] == "1"
    assert rows[3]["skip"] == "3"
