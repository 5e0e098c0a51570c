"""A round of Done is linear (issue 26.9): a hero's Done is not an event to every screen.

The ready count ("12 / 30 heroes done") reaches the screens coalesced: the first Done of
a quiet spell at once, a burst's last count once the interval has passed, and the count
at once when the round is complete; no hero's name goes to every phone.
"""

from __future__ import annotations

import time

import pytest
from test_store_bounded_queries import crowd, heroes_loaded, selects, statements, stored_events

from dicehero.store.progress import ProgressTicker


def ticker(app, interval: float) -> None:
    """The game's ready count at most once per ``interval`` seconds."""
    games = app.extensions["dicehero.games"]
    games.progress = ProgressTicker(games._send_progress, interval=interval)


def class_of(api, names: list[str]):
    game = api.create()
    for name in names:
        api.join(game, name)
    api.roll(game)
    for name in names:
        api.choose_first(game, name)
    return game


def wait_for(predicate, seconds: float = 10.0) -> None:
    """Until ``predicate()`` holds (a timer thread sends the count), or fail."""
    end = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < end, "the count never came"
        time.sleep(0.02)


def test_the_first_done_of_a_quiet_round_is_counted_at_once(app, api):
    ticker(app, 60)
    game = class_of(api, ["Ann", "Bob"])
    api.act(game, "Ann", {"type": "done"})
    assert stored_events(app, game.code, "player_done") == [
        {"round": 1, "done_count": 1, "player_count": 2}]


def test_the_count_names_no_hero(app, api):
    game = class_of(api, ["Ann", "Bob"])
    api.act(game, "Ann", {"type": "done"})
    assert "player" not in stored_events(app, game.code, "player_done")[-1]


def test_a_burst_of_dones_is_one_count_at_once_and_its_last_count_after_the_interval(app, api):
    ticker(app, 0.3)
    names = ["Ann", "Bob", "Cy", "Di", "Ed"]
    game = class_of(api, names)
    for name in names[:4]:
        api.act(game, name, {"type": "done"})
    assert [e["done_count"] for e in stored_events(app, game.code, "player_done")] == [1]
    wait_for(lambda: len(stored_events(app, game.code, "player_done")) == 2)
    assert stored_events(app, game.code, "player_done")[-1] == {
        "round": 1, "done_count": 4, "player_count": 5}


def test_the_round_complete_is_counted_at_once_whatever_the_interval(app, api):
    ticker(app, 60)
    names = ["Ann", "Bob", "Cy"]
    game = class_of(api, names)
    for name in names:
        api.act(game, name, {"type": "done"})
    counts = [e["done_count"] for e in stored_events(app, game.code, "player_done")]
    assert counts == [1, 3]  # Bob's Done waits for the interval; the last one cannot


def test_a_count_left_for_the_timer_is_not_sent_after_the_game_is_over(app, api):
    ticker(app, 0.3)
    game = api.create(rounds=1)
    for name in ("Ann", "Bob", "Cy"):
        api.join(game, name)
    api.roll(game)
    for name in ("Ann", "Bob", "Cy"):
        api.choose_first(game, name)
        api.act(game, name, {"type": "done"})
    time.sleep(0.6)  # the timer Bob's Done set has fired
    assert [e["done_count"] for e in stored_events(app, game.code, "player_done")] == [1, 3]
    assert stored_events(app, game.code, "game_over")


@pytest.mark.parametrize("crowd_size", [50, 2000])
def test_a_done_costs_the_same_in_a_big_class(app, api, crowd_size):
    ticker(app, 60)
    game = class_of(api, ["Ann", "Bob", "Cy"])
    crowd(app, game.code, crowd_size)
    api.act(game, "Ann", {"type": "done"})  # the count of the spell goes out with this one
    with statements(app) as seen, heroes_loaded() as loaded:
        api.act(game, "Bob", {"type": "done"}, roll=1)
    assert len(selects(seen)) <= 4, seen  # the game, the hero, their new rows, anyone playing
    assert not any("count(" in s.lower() for s in seen), seen  # no count of the class
    assert loaded == []
