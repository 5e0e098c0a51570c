"""In "each" mode every hero rolls their own superpower offer: a device holds one hero."""

from __future__ import annotations

from apikit import bearer, error


def _join(client, code, name):
    """A phone opens the join page (it gives the browser its device id), then joins."""
    assert client.get(f"/play/{code}").status_code == 200
    r = client.post(f"/api/games/{code}/players", json={"name": name})
    assert r.status_code == 201, r.json
    return r.json


def _each_game(client):
    r = client.post("/api/games", json={"power_mode": "each"})
    return r.json["code"], r.json["host_secret"]


def test_a_device_that_joins_again_gets_its_hero_back(client):
    code, _ = _each_game(client)
    first = _join(client, code, "Ann")
    again = _join(client, code, "Ann Two")
    assert again["returning"] is True and first["returning"] is False
    assert again["player"]["id"] == first["player"]["id"]
    assert again["player"]["name"] == "Ann"
    players = client.get(f"/api/games/{code}").json["players"]
    assert [p["name"] for p in players] == ["Ann"]


def test_joining_again_gives_the_same_superpower_offer(client):
    code, _ = _each_game(client)
    first = _join(client, code, "Ann")
    offer = client.get(f"/api/games/{code}/players/{first['player']['id']}",
                       headers=bearer(first["secret"])).json["sheet"]["offer"]
    again = _join(client, code, "Ann")
    assert client.get(f"/api/games/{code}/players/{again['player']['id']}",
                      headers=bearer(again["secret"])).json["sheet"]["offer"] == offer


def test_the_old_secret_stops_working_when_the_hero_is_taken_back(client):
    code, _ = _each_game(client)
    first = _join(client, code, "Ann")
    _join(client, code, "Ann")
    r = client.get(f"/api/games/{code}/players/{first['player']['id']}",
                   headers=bearer(first["secret"]))
    assert error(r) == (401, "bad_secret")


def test_another_device_joins_as_a_new_hero(app, client):
    code, _ = _each_game(client)
    ann = _join(client, code, "Ann")
    bob = _join(app.test_client(), code, "Bob")
    assert bob["returning"] is False and bob["player"]["id"] != ann["player"]["id"]


def test_a_removed_hero_is_not_given_back(client):
    code, host = _each_game(client)
    ann = _join(client, code, "Ann")
    client.delete(f"/api/games/{code}/players/{ann['player']['id']}", headers=bearer(host))
    again = _join(client, code, "Ann")
    assert again["returning"] is False and again["player"]["id"] != ann["player"]["id"]


def test_a_script_without_the_join_page_gets_a_new_hero_each_time(client):
    """No device id, no hero to give back: such joins share their address's flood limit."""
    code, _ = _each_game(client)
    first = client.post(f"/api/games/{code}/players", json={"name": "Ann"}).json
    again = client.post(f"/api/games/{code}/players", json={"name": "Bob"}).json
    assert first["player"]["id"] != again["player"]["id"]


def test_in_table_mode_one_device_may_join_several_heroes(client):
    """One shared offer: a second hero gains nothing (a parent and child on one phone)."""
    r = client.post("/api/games", json={"power_mode": "table"})
    code = r.json["code"]
    assert _join(client, code, "Ann")["player"]["id"] != _join(client, code, "Bob")["player"]["id"]


def _offer(client, joined):
    code = joined["code"]
    return client.get(f"/api/games/{code}/players/{joined['player']['id']}",
                      headers=bearer(joined["secret"])).json["sheet"]["offer"]


def test_a_fresh_cookie_cannot_join_again_as_a_hero_who_is_there(app, client):
    code, _ = _each_game(client)
    _join(client, code, "Ann")
    fresh = app.test_client()  # a private tab, or a script with a new cookie
    fresh.get(f"/play/{code}")
    r = fresh.post(f"/api/games/{code}/players", json={"name": "ANN"})
    assert error(r) == (409, "name_taken")


def test_a_fresh_cookie_joining_again_as_the_same_hero_is_offered_the_same(app, client):
    """No offer shopping: the hero's own offer is drawn for how their name looks, not for
    their device or their place in the list; a hero taken out and joined again from a
    fresh cookie (as "Ann", "ANN" or a look-alike) is offered the same two superpowers."""
    code, host = _each_game(client)
    for name, again in (("Ann", "ANN"), ("Bob", "Bob"), ("Cy", "\u0421y"), ("Dee", "dee"),
                        ("Eve", "Eve")):
        first = _join(app.test_client(), code, name)
        client.delete(f"/api/games/{code}/players/{first['player']['id']}",
                      headers=bearer(host))
        second = _join(app.test_client(), code, again)  # a fresh device cookie
        assert second["player"]["id"] != first["player"]["id"]
        assert _offer(client, second) == _offer(client, first), name
