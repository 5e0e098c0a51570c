"""A round of Done is linear (issue 26.9): a hero's Done is not an event to every screen.

The ready count ("12 / 30 heroes done") reaches the screens coalesced: the first Done of
a quiet spell at once, a burst's last count once the interval has passed, and the count
at once when the round is complete; no hero's name goes to every phone.
"""

from __future__ import annotations

import subprocess
import sys
import threading
import time

import pytest
from test_store_bounded_queries import crowd, heroes_loaded, selects, statements, stored_events

from dicehero.store.progress import Alarm, ProgressTicker


class Clock:
    """The ticker's time and timers, moved by the test: no test waits on the machine's load."""

    def __init__(self) -> None:
        self.now = 0.0
        self.timers: list[tuple[float, object]] = []

    def later(self, delay: float, run) -> Clock:
        self.timers.append((self.now + delay, run))
        return self  # its cancel() stops every timer: enough for one game's count

    def cancel(self) -> None:
        self.timers.clear()

    def advance(self, seconds: float) -> None:
        """Time passes: the timers due by then fire, as the server's would."""
        self.now += seconds
        due = [run for at, run in self.timers if at <= self.now]
        self.timers = [(at, run) for at, run in self.timers if at > self.now]
        for run in due:
            run()


def ticker(app, interval: float = 0.5) -> Clock:
    """The game's ready count at most once per ``interval`` seconds of the test's clock."""
    games = app.extensions["dicehero.games"]
    clock = Clock()
    games.progress = ProgressTicker(games._send_progress, interval=interval,
                                    clock=lambda: clock.now, later=clock.later)
    return clock


def class_of(api, names: list[str]):
    game = api.create()
    for name in names:
        api.join(game, name)
    api.roll(game)
    for name in names:
        api.choose_first(game, name)
    return game


def counts(app, game) -> list[int]:
    return [e["done_count"] for e in stored_events(app, game.code, "player_done")]


def test_the_first_done_of_a_quiet_round_is_counted_at_once(app, api):
    ticker(app)
    game = class_of(api, ["Ann", "Bob"])
    api.act(game, "Ann", {"type": "done"})
    assert stored_events(app, game.code, "player_done") == [
        {"round": 1, "done_count": 1, "player_count": 2}]


def test_the_count_names_no_hero(app, api):
    game = class_of(api, ["Ann", "Bob"])
    api.act(game, "Ann", {"type": "done"})
    assert "player" not in stored_events(app, game.code, "player_done")[-1]


def test_a_burst_of_dones_is_one_count_at_once(app, api):
    ticker(app)
    names = ["Ann", "Bob", "Cy", "Di", "Ed"]
    game = class_of(api, names)
    for name in names[:4]:
        api.act(game, name, {"type": "done"})
    assert counts(app, game) == [1]


def test_a_bursts_last_count_goes_out_when_the_interval_has_passed(app, api):
    clock = ticker(app)
    names = ["Ann", "Bob", "Cy", "Di", "Ed"]
    game = class_of(api, names)
    for name in names[:4]:
        api.act(game, name, {"type": "done"})
    clock.advance(0.4)
    assert counts(app, game) == [1]  # not yet
    clock.advance(0.2)
    assert stored_events(app, game.code, "player_done")[-1] == {
        "round": 1, "done_count": 4, "player_count": 5}
    assert counts(app, game) == [1, 4]


def test_a_done_after_a_quiet_interval_is_counted_at_once(app, api):
    clock = ticker(app)
    game = class_of(api, ["Ann", "Bob", "Cy"])
    api.act(game, "Ann", {"type": "done"})
    clock.advance(5)
    api.act(game, "Bob", {"type": "done"})
    assert counts(app, game) == [1, 2]


def test_the_round_complete_is_counted_at_once_whatever_the_interval(app, api):
    ticker(app)
    names = ["Ann", "Bob", "Cy"]
    game = class_of(api, names)
    for name in names:
        api.act(game, name, {"type": "done"})
    assert counts(app, game) == [1, 3]  # Bob's Done waits for the interval; the last one cannot


def test_a_count_left_for_the_timer_is_not_sent_after_the_game_is_over(app, api):
    clock = ticker(app)
    game = api.create(rounds=1)
    for name in ("Ann", "Bob", "Cy"):
        api.join(game, name)
    api.roll(game)
    for name in ("Ann", "Bob", "Cy"):
        api.choose_first(game, name)
        api.act(game, name, {"type": "done"})
    clock.advance(1)  # the timer Bob's Done set fires after the end
    assert counts(app, game) == [1, 3]
    assert stored_events(app, game.code, "game_over")


def test_settling_sends_the_count_a_timer_was_to_send_at_once(app, api):
    clock = ticker(app)
    game = class_of(api, ["Ann", "Bob", "Cy"])
    api.act(game, "Ann", {"type": "done"})
    api.act(game, "Bob", {"type": "done"})
    app.extensions["dicehero.games"].progress.settle()  # as the tests' teardown does
    assert counts(app, game) == [1, 2]
    clock.advance(1)  # the timer was stopped: nothing twice
    assert counts(app, game) == [1, 2]


def test_a_complete_round_is_counted_once(app, api):
    """The last Done counts at once; the timer the burst before it had set sends nothing
    more (every phone would get the same count twice)."""
    clock = ticker(app)
    game = class_of(api, ["Ann", "Bob", "Cy"])
    for name in ("Ann", "Bob", "Cy"):
        api.act(game, name, {"type": "done"})
    assert counts(app, game) == [1, 3]
    clock.advance(1)
    assert counts(app, game) == [1, 3]


def test_a_big_class_gets_its_count_less_often():
    """Each count is a write to every phone following the game: at 5,000 phones it goes out
    every 2.5 s (2,000 writes a second), so a round of Done costs the same per hero."""
    clock, sent = Clock(), []
    progress = ProgressTicker(sent.append, clock=lambda: clock.now, later=clock.later)
    progress.audience = lambda code: 5000 if code == "BIG" else 100
    assert progress.now("BIG") and progress.now("SMALL")
    clock.advance(0.5)
    assert progress.now("SMALL")  # a class of 100: every 0.5 s, as ever
    assert not progress.now("BIG")
    clock.advance(1.9)
    assert sent == []  # 2.4 s since the last
    clock.advance(0.1)
    assert sent == ["BIG"]


def test_the_count_goes_less_often_with_the_phones_following_the_game(app, api, client):
    """The server counts the streams of the game open in its process."""
    game = class_of(api, ["Ann", "Bob"])
    audience = app.extensions["dicehero.games"].progress.audience
    assert audience(game.code) == 0
    stream = client.get(f"/api/games/{game.code}/events", buffered=False)
    try:
        next(stream.response)  # the stream is open and subscribed
        assert audience(game.code) == 1
    finally:
        stream.close()
    assert audience(game.code) == 0


def test_settling_waits_for_the_count_a_timer_is_sending():
    """A timer already sending when the app is torn down: settling waits for it, or its
    connection would outlive the test's database (a ResourceWarning in a later test)."""
    sending, release = threading.Event(), threading.Event()

    def flush(code: str) -> None:
        sending.set()
        release.wait(10)

    clock = Clock()
    progress = ProgressTicker(flush, clock=lambda: clock.now, later=clock.later)
    assert progress.now("ABCD") and not progress.now("ABCD")  # the second waits for a timer
    (_, fire), = clock.timers
    timer = threading.Thread(target=fire)
    timer.start()
    try:
        assert sending.wait(5)
        assert progress.settle(timeout=0.05) is False  # still sending: it waits for release
    finally:
        release.set()
        timer.join(10)
    assert progress.settle(timeout=5) is True


def test_the_server_sends_a_bursts_last_count_by_itself(app, api):
    """The real timer: the count comes without anything else happening."""
    games = app.extensions["dicehero.games"]
    games.progress = ProgressTicker(games._send_progress, interval=0.2)
    game = class_of(api, ["Ann", "Bob", "Cy"])
    api.act(game, "Ann", {"type": "done"})
    api.act(game, "Bob", {"type": "done"})
    end = time.monotonic() + 30
    while counts(app, game)[-1] != 2:
        assert time.monotonic() < end, counts(app, game)
        time.sleep(0.05)


@pytest.mark.parametrize("crowd_size", [50, 2000])
def test_a_done_costs_the_same_in_a_big_class(app, api, crowd_size):
    ticker(app)
    game = class_of(api, ["Ann", "Bob", "Cy"])
    crowd(app, game.code, crowd_size)
    api.act(game, "Ann", {"type": "done"})  # the count of the spell goes out with this one
    with statements(app) as seen, heroes_loaded() as loaded:
        api.act(game, "Bob", {"type": "done"}, roll=1)
    assert len(selects(seen)) <= 4, seen  # the game, the hero, their new rows, anyone playing
    assert not any("count(" in s.lower() for s in seen), seen  # no count of the class
    assert loaded == []


def test_the_alarm_runs_each_call_after_its_delay_in_the_order_they_fall_due():
    alarm, ran, both = Alarm(), [], threading.Event()
    alarm(0.2, lambda: (ran.append("late"), both.set()))
    alarm(0.01, lambda: ran.append("soon"))
    assert both.wait(5) and ran == ["soon", "late"]


def test_a_cancelled_alarm_call_does_not_run():
    alarm, ran, after = Alarm(), [], threading.Event()
    alarm(0.05, lambda: ran.append("cancelled")).cancel()
    alarm(0.1, after.set)
    assert after.wait(5) and ran == []


def test_an_alarm_call_that_fails_does_not_stop_the_calls_after_it():
    alarm, after = Alarm(), threading.Event()

    def fail() -> None:
        raise RuntimeError("a count that could not be sent")

    alarm(0.01, fail)
    alarm(0.05, after.set)
    assert after.wait(5)


def test_no_greenlet_is_switched_away_from_while_it_holds_the_tickers_lock():
    """A Done asks the ticker under the game's writer lock: if the ticker's lock were held by
    a greenlet that is not running, every tap would wait for the event loop to come back to
    it (seen: 160-611 ms under a flood). gevent yields on a failed non-blocking acquire, and
    a Condition on a plain lock asks whether it holds it by trying one, in every notify."""
    script = """
from gevent import monkey
monkey.patch_all()
import gevent, greenlet
from dicehero.store.progress import ProgressTicker
ticker = ProgressTicker(lambda code: None, interval=0.02)
lock = getattr(ticker._lock, "_block", ticker._lock)  # an RLock's own lock: taken or not
held = []
greenlet.settrace(lambda event, args: held.append(event) if lock.locked() else None)
for _ in range(5):
    ticker.now("A"), ticker.now("A")  # the burst's last count is the alarm's to send
    gevent.sleep(0.05)
greenlet.settrace(None)
print(len(held))
"""
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         timeout=60, check=True)
    assert out.stdout.split() == ["0"], out.stdout + out.stderr


def test_setting_a_count_timer_starts_no_thread_once_the_first_has(monkeypatch):
    """A Done sets its count's timer under the game's writer lock: starting a thread there
    waits for the thread to run (under gevent, for the crowded event loop, while every tap
    waits on the lock), so only a process's first timer may start the alarm's thread."""
    sent: list[str] = []
    progress = ProgressTicker(sent.append, interval=0.01)
    assert progress.now("A") and not progress.now("A")  # the first timer
    started: list[object] = []
    monkeypatch.setattr(threading.Thread, "start", lambda self: started.append(self))
    assert progress.now("B") and not progress.now("B")
    deadline = time.monotonic() + 5
    while sent.count("B") < 1 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert sorted(sent) == ["A", "B"]
    assert started == []
