"""One griefer behind the school's address must not lock a class out."""

from __future__ import annotations

import datetime as dt
import threading
import time

from apikit import bearer, error

from dicehero.store.models import Player


def _host_post(client, code, host, what, body):
    return client.post(f"/api/games/{code}/{what}", json=body, headers=bearer(host))


def _new_game(client, **body):
    g = client.post("/api/games", json=body).json
    return g["code"], g["host_secret"]


def _names(client, code):
    return [p["name"] for p in client.get(f"/api/games/{code}").json["players"]]


def test_the_host_locks_the_roster_and_no_one_else_joins(client):
    code, host = _new_game(client)
    client.post(f"/api/games/{code}/players", json={"name": "Ann"})
    assert _host_post(client, code, host, "roster", {"locked": True}).json == {
        "locked": True, "cap": None}
    assert client.get(f"/api/games/{code}").json["roster_locked"] is True
    for body in ({"name": "Junk"}, {"name": "Pencil", "paper": True}):
        assert error(client.post(f"/api/games/{code}/players", json=body,
                                 headers=bearer(host))) == (409, "roster_locked")
    assert _names(client, code) == ["Ann"]
    _host_post(client, code, host, "roster", {"locked": False})
    assert client.post(f"/api/games/{code}/players", json={"name": "Bob"}).status_code == 201


def test_only_the_host_locks_the_roster(client):
    code, _ = _new_game(client)
    ann = client.post(f"/api/games/{code}/players", json={"name": "Ann"}).json
    r = _host_post(client, code, ann["secret"], "roster", {"locked": True})
    assert error(r) == (403, "not_host")
    assert error(_host_post(client, code, None, "roster", {"locked": True})) == (401, "no_secret")


def test_locking_needs_true_or_false(client):
    code, host = _new_game(client)
    assert error(_host_post(client, code, host, "roster", {})) == (422, "missing_field")
    assert error(_host_post(client, code, host, "roster", {"locked": "yes"})) == (
        422, "bad_field")


def test_the_host_sees_when_each_hero_joined(client):
    code, _ = _new_game(client)
    before = time.time()
    client.post(f"/api/games/{code}/players", json={"name": "Ann"})
    joined = client.get(f"/api/games/{code}").json["players"][0]["joined_at"]
    assert before - 1 <= joined <= time.time() + 1


def test_the_host_removes_everyone_who_joined_in_a_burst(app, client):
    code, host = _new_game(client)
    for name in ("Ann", "Bob"):
        client.post(f"/api/games/{code}/players", json={"name": name})
    with app.extensions["dicehero.store"].read() as s, s.begin():  # the class joined earlier
        for p in s.query(Player).all():
            p.created_at = dt.datetime.now(dt.UTC) - dt.timedelta(minutes=10)
    for i in range(5):
        client.post(f"/api/games/{code}/players", json={"name": f"Junk {i}"})
    r = _host_post(client, code, host, "players/remove", {"joined_within": 120})
    assert [p["name"] for p in r.json["removed"]] == [f"Junk {i}" for i in range(5)]
    assert r.json["player_count"] == 2 and _names(client, code) == ["Ann", "Bob"]
    events = client.get(f"/api/games/{code}/export.json").json
    assert sum(1 for p in events["players"] if p["removed"]) == 5


def test_the_host_removes_everyone_who_never_chose_a_superpower(api, client):
    game = api.create()
    api.host_post(game, "offer", {"choices": [3, 4]})
    for name in ("Ann", "Bob", "Junk"):
        api.join(game, name)
    client.post(f"/api/games/{game.code}/players", json={"name": "Pen", "paper": True},
                headers=bearer(game.host))
    api.act(game, "Ann", {"type": "choose", "superpower": 3}, roll=0)
    api.act(game, "Bob", {"type": "choose", "superpower": 4}, roll=0)
    r = api.host_post(game, "players/remove", {"never_chose": True})
    assert [p["name"] for p in r.json["removed"]] == ["Junk"]  # paper heroes choose on paper
    assert _names(client, game.code) == ["Ann", "Bob", "Pen"]


def test_criteria_combine_and_one_is_needed(client):
    code, host = _new_game(client)
    ids = [client.post(f"/api/games/{code}/players", json={"name": n}).json["player"]["id"]
           for n in ("Ann", "Bob")]
    assert error(_host_post(client, code, host, "players/remove", {})) == (
        422, "missing_field")
    assert error(_host_post(client, code, host, "players/remove", {"ids": "all"})) == (
        422, "bad_field")
    r = _host_post(client, code, host, "players/remove", {"ids": [ids[1]], "never_chose": True})
    assert [p["name"] for p in r.json["removed"]] == ["Bob"]


def test_a_classmate_gets_in_within_5_seconds_while_a_junk_flood_runs(app):
    """Four threads of a script flood joins from the school's address; a classmate's phone
    (it opened the join page) tries once a second and gets in."""
    host_client = app.test_client()
    code, host = _new_game(host_client)
    stop = threading.Event()
    flooded = []

    def flood(n: int) -> None:
        c = app.test_client()  # a script: no join page, no device id
        i = 0
        while not stop.is_set():
            r = c.post(f"/api/games/{code}/players", json={"name": f"Junk{n}x{i}"})
            flooded.append(r.status_code)
            i += 1

    threads = [threading.Thread(target=flood, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    try:
        time.sleep(1.0)  # the flood is well under way
        phone = app.test_client()
        phone.get(f"/play/{code}")
        start, joined = time.monotonic(), None
        while time.monotonic() - start < 5 and joined is None:
            r = phone.post(f"/api/games/{code}/players", json={"name": "Real Kid"})
            if r.status_code == 201:
                joined = time.monotonic() - start
            else:
                time.sleep(1)
    finally:
        stop.set()
        for t in threads:
            t.join()
    assert joined is not None and joined < 5
    assert flooded.count(429) > flooded.count(201)  # the flood itself was held back
    junk = [n for n in _names(host_client, code) if n.startswith("Junk")]
    assert len(junk) <= 60  # at most the address's allowance of a minute
    r = _host_post(host_client, code, host, "players/remove", {"joined_within": 300})
    assert len(r.json["removed"]) == len(junk) + 1  # the burst, the classmate too


def test_the_host_caps_the_roster_and_the_next_join_is_refused(client):
    code, host = _new_game(client)
    for name in ("Ann", "Bob"):
        client.post(f"/api/games/{code}/players", json={"name": name})
    assert _host_post(client, code, host, "roster", {"cap": 3}).json == {
        "locked": False, "cap": 3}
    assert client.get(f"/api/games/{code}").json["roster_cap"] == 3
    assert client.post(f"/api/games/{code}/players", json={"name": "Cy"}).status_code == 201
    for body in ({"name": "Junk"}, {"name": "Pencil", "paper": True}):
        assert error(client.post(f"/api/games/{code}/players", json=body,
                                 headers=bearer(host))) == (409, "roster_full")
    assert _names(client, code) == ["Ann", "Bob", "Cy"]
    _host_post(client, code, host, "roster", {"cap": None})
    assert client.post(f"/api/games/{code}/players", json={"name": "Dee"}).status_code == 201


def test_a_cap_below_the_heroes_in_keeps_them_and_takes_no_one_more(client):
    code, host = _new_game(client)
    for name in ("Ann", "Bob"):
        client.post(f"/api/games/{code}/players", json={"name": name})
    _host_post(client, code, host, "roster", {"cap": 1})
    assert _names(client, code) == ["Ann", "Bob"]
    assert error(client.post(f"/api/games/{code}/players", json={"name": "Cy"})) == (
        409, "roster_full")


def test_only_the_host_caps_the_roster_with_a_whole_number(client):
    code, host = _new_game(client)
    ann = client.post(f"/api/games/{code}/players", json={"name": "Ann"}).json
    assert error(_host_post(client, code, ann["secret"], "roster", {"cap": 5})) == (
        403, "not_host")
    for cap in (0, -1, "5", 2.5, True):
        assert error(_host_post(client, code, host, "roster", {"cap": cap})) == (
            422, "bad_field"), cap
