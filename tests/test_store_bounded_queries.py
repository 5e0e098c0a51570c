"""What a big class costs the server: a hero's sheet read and a roll do the same work with
fifty heroes as with thousands (issue 26.10, 26.12).

Statements are counted with SQLAlchemy's engine events; heroes loaded as ORM objects with
the mapper's ``load`` event.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from apikit import bearer, error
from sqlalchemy import event, insert, select

from dicehero.store.models import Game, Player


@contextmanager
def statements(app) -> Iterator[list[str]]:
    """The SQL statements this thread runs while the block runs (par's worker reads the
    database in the background after a roll: its statements are not the request's)."""
    engine = app.extensions["dicehero.store"].engine
    seen: list[str] = []
    me = threading.get_ident()

    def note(conn, cursor, statement, *args) -> None:
        if threading.get_ident() == me:
            seen.append(statement)

    event.listen(engine, "before_cursor_execute", note)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", note)


@contextmanager
def heroes_loaded() -> Iterator[list[int]]:
    """The ids of the heroes loaded as whole ORM objects while the block runs."""
    loaded: list[int] = []

    def note(target, context) -> None:
        loaded.append(target.id)

    event.listen(Player, "load", note)
    try:
        yield loaded
    finally:
        event.remove(Player, "load", note)


def selects(seen: list[str]) -> list[str]:
    """The SELECT statements among ``seen``."""
    return [s for s in seen if s.lstrip().upper().startswith("SELECT")]


def crowd(app, code: str, n: int) -> None:
    """``n`` more heroes in the game, written straight to the database (a big class)."""
    store = app.extensions["dicehero.store"]
    with store.engine.begin() as conn:
        game_id = conn.scalar(select(Game.id).where(Game.code == code))
        conn.execute(insert(Player), [
            {"game_id": game_id, "name": f"Hero {i}", "joined_roll": 0, "done_roll": 0,
             "secret_hash": hashlib.sha256(f"{code}-{i}".encode()).hexdigest()}
            for i in range(n)])


def sheet_read(client, game, name: str):
    pid, secret = game.players[name]
    r = client.get(f"/api/games/{game.code}/players/{pid}?edition=0", headers=bearer(secret))
    assert r.status_code == 200, r.json
    return r.json


def test_a_sheet_read_with_nothing_new_is_two_selects(app, api, client):
    game = api.create()
    api.join(game, "Ann")
    api.roll(game)
    sheet_read(client, game, "Ann")  # the process folds the game once
    with statements(app) as seen:
        sheet_read(client, game, "Ann")
    # the game with its hero, and the actions since the fold's last one
    assert len(selects(seen)) == 2, seen


def test_a_sheet_read_after_a_roll_reads_the_roll_once(app, api, client):
    game = api.create()
    api.join(game, "Ann")
    api.join(game, "Ben")
    api.roll(game)
    sheet_read(client, game, "Ann")
    api.done_all(game)
    api.roll(game)
    with statements(app) as first:
        sheet_read(client, game, "Ann")
    with statements(app) as second:
        sheet_read(client, game, "Ben")
    assert len(selects(first)) == 3, first
    assert len(selects(second)) == 2, second


def test_a_hosts_read_of_a_heros_sheet_still_needs_the_host_secret(api, client):
    game = api.create()
    pid = api.join(game, "Ann")
    r = client.get(f"/api/games/{game.code}/players/{pid}", headers=bearer(game.host))
    assert r.status_code == 200
    r = client.get(f"/api/games/{game.code}/players/{pid}", headers=bearer("nobody"))
    assert r.status_code == 401


@pytest.mark.parametrize("crowd_size", [50, 2000])
def test_a_sheet_read_costs_the_same_in_a_big_class(app, api, client, crowd_size):
    game = api.create()
    api.join(game, "Ann")
    crowd(app, game.code, crowd_size)
    api.roll(game)
    sheet_read(client, game, "Ann")
    with statements(app) as seen, heroes_loaded() as loaded:
        sheet_read(client, game, "Ann")
    assert len(selects(seen)) == 2, seen
    assert loaded == [game.players["Ann"][0]]  # the reader alone


def test_a_roll_past_heroes_still_playing_loads_none_of_them_whole(app, api):
    game = api.create()
    api.join(game, "Ann")
    crowd(app, game.code, 300)
    api.roll(game)
    with heroes_loaded() as loaded:
        api.roll(game, go_on=True)
    assert loaded == []


def test_the_host_reply_lists_the_forfeits_and_the_event_reads_no_hero(app, api):
    game = api.create()
    ann = api.join(game, "Ann")
    crowd(app, game.code, 300)
    api.roll(game)
    reply = api.roll(game, go_on=True)
    assert len(reply["forfeited"]) == 301
    assert {"player_id": ann, "name": "Ann"}.items() <= reply["forfeited"][0].items()
    event = stored_events(app, game.code, "roll")[-1]
    assert "forfeited" not in event and "forfeited_count" not in event  # not to every phone


def test_the_roll_event_is_published_before_any_hero_still_playing_is_read(app, api):
    """Every stream waits for the roll's event: it goes out first, and only then are the
    heroes still playing read to list their forfeits (issue 26.10)."""
    game = api.create()
    api.join(game, "Ann")
    crowd(app, game.code, 300)
    api.roll(game)
    store = app.extensions["dicehero.store"]
    with statements(app) as seen:
        store.listeners.append(lambda ev: seen.append(f"published {ev.type}"))
        try:
            api.roll(game, go_on=True)
        finally:
            store.listeners.pop()
    published = seen.index("published roll")
    before = " ".join(seen[:published])
    assert "players.name" not in before, before  # no straggler read in the transaction
    assert any("players.name" in s for s in seen[published:])  # the forfeits, after it


def test_a_refused_roll_names_ten_heroes_still_playing_and_reads_no_more(app, api):
    game = api.create()
    crowd(app, game.code, 300)
    api.roll(game)
    with statements(app) as seen:
        r = api.host_post(game, "rolls")
    assert error(r) == (409, "players_not_done")
    message = r.json["error"]["message"]
    assert "300 still playing: Hero 0, Hero 1," in message and "290 more" in message, message
    assert any("LIMIT" in s for s in selects(seen) if "players.name" in s)


def stored_events(app, code: str, kind: str) -> list[dict]:
    """The data of the game's stored events of type ``kind``, oldest first."""
    store = app.extensions["dicehero.store"]
    with store.engine.connect() as conn:
        game_id = conn.scalar(select(Game.id).where(Game.code == code))
    events = [json.loads(row.data) for row in store.events_after(game_id, 0)]
    return [e["data"] for e in events if e["type"] == kind]
