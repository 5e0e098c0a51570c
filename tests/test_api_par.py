"""Par on the screens: the par bot's play on the class's own dice, worked out off the request
path and read back through the state, the scores, the decision map and solo."""

from __future__ import annotations

import datetime as dt
import json
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from apikit import error

from dicehero.cli import main
from dicehero.editions import load_edition
from dicehero.engine import Action, new_sheet, score
from dicehero.engine.decisions import DieUses
from dicehero.engine.dice import derive_offer
from dicehero.engine.par import ParGame, par_game, par_round
from dicehero.engine.replay import Replay
from dicehero.store.par_jobs import PAR_SEED
from dicehero.store.par_work import ParWork
from dicehero.store.work_pool import WorkerError, _Child
from dicehero.web.solo import dice_for
from dicehero.words import english


def eventually(read: Callable[[], Any], ready: Callable[[Any], bool],
               seconds: float = 60) -> Any:
    """``read()`` again until ``ready`` says its answer is ready (par is worked out apart)."""
    deadline = time.monotonic() + seconds
    while True:
        got = read()
        if ready(got) or time.monotonic() > deadline:
            return got
        time.sleep(0.1)


def par_state(api, game, rounds: int) -> dict[str, Any]:
    """The state's par once ``rounds`` closed rounds of it are ready."""
    return eventually(lambda: api.state(game)["par"],
                      lambda p: p["status"] == "ready" and p["round"] == rounds)


def expected(client, game) -> ParGame:
    """``par_game`` on the game's own rolls and offer, as a teacher could run it."""
    state = client.get(f"/api/games/{game.code}").json
    return par_game(load_edition(), tuple(state["offer"]["choices"]),
                    [r["dice"] for r in state["rolls"]], seed=PAR_SEED)


def play_rounds(api, game, rounds: int) -> None:
    """Roll ``rounds`` times; every hero says done at once (par needs closed rounds)."""
    for _ in range(rounds):
        api.roll(game)
        api.done_all(game)


def test_the_states_par_is_par_game_on_the_class_dice_round_by_round(api, client):
    game = api.create(rounds=3)
    api.join(game, "Ada")
    api.join(game, "Bo")
    play_rounds(api, game, 2)
    par = par_state(api, game, 2)
    want = expected(client, game)
    assert par["rounds"] == [{"number": r.number, "total": r.total} for r in want.rounds]
    assert par["total"] == want.rounds[-1].total


def test_a_rounds_par_stays_hidden_while_a_hero_still_plays_it(api, client):
    game = api.create(rounds=3)
    api.join(game, "Ada")
    api.join(game, "Bo")
    api.roll(game)
    api.act(game, "Ada", {"type": "done"})
    time.sleep(0.5)  # time enough for the worker: it still must not show
    assert api.state(game)["par"] == {"status": "none", "round": 0, "total": None, "rounds": []}
    assert all(d["par"] is None
               for d in client.get(f"/api/games/{game.code}/rounds/1/decisions").json["dice"])
    api.act(game, "Bo", {"type": "done"})
    assert par_state(api, game, 1)["total"] == expected(client, game).rounds[0].total


def test_the_decision_map_marks_what_par_did_with_each_die(api, client):
    game = api.create(rounds=2)
    api.join(game, "Ada")
    play_rounds(api, game, 2)
    par_state(api, game, 2)
    want = expected(client, game)
    uses = DieUses()  # par's decisions, read the way the map reads a hero's
    replay = Replay(new_sheet(load_edition(), want.sheet.offer), observer=uses)
    replay.act(Action("choose", superpower=want.sheet.superpower))
    for r in want.rounds:
        replay.roll(r.dice)
        for d in r.decisions:
            if d.action.type != "choose":
                replay.act(d.action)
        marks = client.get(f"/api/games/{game.code}/rounds/{r.number}/decisions").json
        assert [(d["par"]["use"], d["par"]["location"]) for d in marks["dice"]] == \
            uses.of_round(r.number, len(r.dice))


def test_at_the_end_the_scores_have_pars_breakdown_and_how_many_heroes_beat_it(api, client):
    game = api.create(rounds=2)
    for name in ("Ada", "Bo", "Cy"):
        api.join(game, name)
    play_rounds(api, game, 2)
    board = eventually(lambda: client.get(f"/api/games/{game.code}/scores").json,
                       lambda b: "score" in b["par"])
    assert board["status"] == "over"
    want = expected(client, game)
    assert board["par"]["score"] == score(want.sheet).to_dict()
    assert board["par"]["total"] == want.total
    assert board["par"]["beaten_by"] == sum(e["total"] > want.total for e in board["leaderboard"])
    assert board["par"]["tied"] == sum(e["total"] == want.total for e in board["leaderboard"])
    assert [e["name"] for e in board["leaderboard"]] == ["Ada", "Bo", "Cy"]  # no bot row here


def test_par_is_worked_out_again_after_a_restart(app, api, client, database_url):
    game = api.create(rounds=2)
    api.join(game, "Ada")
    play_rounds(api, game, 1)
    before = par_state(api, game, 1)
    from dicehero.web import create_app

    again = create_app({"TESTING": True, "DATABASE_URL": database_url})
    try:
        fresh = again.test_client().get(f"/api/games/{game.code}").json["par"]
        assert fresh["status"] == "working"  # the new server only queued it
        assert eventually(lambda: again.test_client().get(f"/api/games/{game.code}").json["par"],
                          lambda p: p["status"] == "ready") == before
    finally:
        assert again.extensions["dicehero.games"].par_work.settle()
        again.extensions["dicehero.store"].engine.dispose()


def test_in_each_mode_par_rolls_its_own_two_superpowers(app, api, client):
    game = api.create(rounds=1, power_mode="each")
    api.join(game, "Ada")
    play_rounds(api, game, 1)
    par = par_state(api, game, 1)
    seed = client.get(f"/api/games/{game.code}/export.json").json["seed"]
    offer = derive_offer(seed, "offer:par")
    rolls = [r["dice"] for r in api.state(game)["rolls"]]
    assert par["total"] == par_game(load_edition(), tuple(offer), rolls, seed=PAR_SEED).total


@pytest.mark.parametrize("settings", [{"offer": [1, 2]}, {"power_mode": "each"}, {}])
def test_dicehero_par_on_a_games_own_export_says_what_the_host_screen_said(
        api, client, tmp_path, capsys, settings):
    offer = settings.pop("offer", None)
    game = api.create(rounds=2, **settings)
    for name in ("Ada", "Bo"):
        api.join(game, name)
    if offer:  # a table offer par would not choose from freely
        assert api.host_post(game, "offer", {"choices": offer}).status_code == 200
    play_rounds(api, game, 2)
    board = eventually(lambda: client.get(f"/api/games/{game.code}/scores").json,
                       lambda b: "score" in b["par"])["par"]
    export = tmp_path / "export.json"
    export.write_text(client.get(f"/api/games/{game.code}/export.json").text, encoding="utf-8")
    assert main(["par", str(export), "--json"]) == 0
    said = json.loads(capsys.readouterr().out)["par"]
    assert (said["total"], said["superpower"]) == (board["score"]["total"], board["superpower"])
    if offer:
        assert said["superpower"] in offer


def test_asking_for_par_returns_at_once_while_the_worker_is_busy():
    work = ParWork()
    go = threading.Event()
    job = ("game", {"edition_name": "classic", "offer": [2, 5], "rolls": [[1, 2, 3, 4]]})

    def slow() -> tuple[int, Any]:
        go.wait(10)
        return 1, job

    work.ask("g", slow)  # returns while slow() still waits for go: the asker is not held
    assert work.result("g") is None and work.pending("g")
    go.set()
    result = eventually(lambda: work.result("g"), lambda r: r is not None)
    assert result.version == 1 and result.error is None
    assert result.answer["total"] == par_game(load_edition(), (2, 5), [[1, 2, 3, 4]],
                                              seed=PAR_SEED).total


def test_a_failed_job_is_an_error_result_and_the_queue_goes_on():
    work = ParWork()
    work.ask("bad", lambda: (1, ("game", {"edition_name": "nope", "offer": [], "rolls": []})))
    work.ask("good", lambda: (1, ("game", {"edition_name": "classic", "offer": [2, 5],
                                           "rolls": [[6, 6, 6, 6]]})))
    good = eventually(lambda: work.result("good"), lambda r: r is not None)
    assert work.result("bad").error and work.result("bad").answer is None
    assert good.answer["rounds"][0]["dice"] == [6, 6, 6, 6]


# -- solo ------------------------------------------------------------------------------------

TODAY = dt.date.today().isoformat()


def solo_par(client, **body: Any) -> Any:
    return client.post("/api/solo/par", json={"mode": "daily", "date": TODAY, **body})


def test_the_daily_par_is_par_game_on_the_days_dice(client):
    edition = load_edition()
    offer, rolls = dice_for(f"daily:{TODAY}", edition)
    got = eventually(lambda: solo_par(client, actions=[]).json,
                     lambda d: d["par"]["status"] == "ready")
    assert got["par"]["total"] == par_game(edition, offer, rolls, seed=PAR_SEED).total
    assert "score" not in got["par"]  # the breakdown waits for the end of the hero's game


def test_coaching_shows_what_par_would_do_from_the_heros_own_sheet(client):
    edition = load_edition()
    offer, rolls = dice_for(f"daily:{TODAY}", edition)
    actions = [{"type": "choose", "superpower": offer[0]}, {"type": "skip", "die": 0},
               {"type": "done"}]
    assert error(solo_par(client, actions=actions[:2], round=1)) == (409, "round_not_played")
    got = eventually(lambda: solo_par(client, actions=actions, round=1).json,
                     lambda d: d["coach"]["status"] == "ready")
    start = Replay(new_sheet(edition, offer))
    start.roll(rolls[0])
    start.act(Action("choose", superpower=offer[0]))
    want = [d for d in par_round(start.sheet, seed=PAR_SEED) if d.action.type != "done"]
    coach = got["coach"]
    assert coach["round"] == 1
    assert [d["action"] for d in coach["decisions"]] == [d.action.to_dict() for d in want]
    assert [d["reason"] for d in coach["decisions"]] == [english(d.reason) for d in want]
    assert all(d["what"] and d["reason"] for d in coach["decisions"])


def test_solo_par_refuses_what_it_cannot_read(client):
    assert error(solo_par(client, actions=[], extra=1)) == (400, "bad_field")
    assert error(solo_par(client, actions=[], round="one")) == (400, "bad_round")
    assert error(solo_par(client, actions=[], round=0)) == (409, "round_not_played")
    assert error(client.post("/api/solo/par", json={"mode": "daily", "date": "soon"})) == \
        (400, "bad_date")
    assert error(solo_par(client, actions=[{"type": "fly"}])) == (400, "bad_log")


def test_a_par_process_that_died_is_replaced_by_a_new_one():
    child = _Child()
    job = ("game", {"edition_name": "classic", "offer": [2, 5], "rolls": [[1, 2, 3, 4]]})
    first = child.run(job)
    child._proc.kill()
    child._proc.wait()
    assert child.run(job) == first
    child.close()


def test_a_par_process_that_hangs_is_given_up_on_and_replaced():
    hangs = (sys.executable, "-c", "import time; time.sleep(600)")
    child = _Child(command=hangs, job_seconds=0.5)
    job = ("game", {"edition_name": "classic", "offer": [2, 5], "rolls": [[1, 2, 3, 4]]})
    with pytest.raises(WorkerError, match=r"no answer in 0\.5 s"):
        child.run(job)
    hung = child._proc
    assert hung is not None and hung.wait(5) is not None  # killed, not left behind
    child.command = _Child().command  # the next job gets a new, working process
    child.job_seconds = 60.0  # which starts Python and the engine first: slow on a busy machine
    assert child.run(job)["rolls"] == 1
    assert child._proc is not hung
    child.close()


def test_par_worked_out_roll_by_roll_is_par_game_over_all_the_rolls():
    from dicehero.store.par_jobs import par_so_far

    edition = load_edition()
    offer, rolls = dice_for("seed:0badcafe", edition)
    for k in range(1, len(rolls) + 1):  # as a class's game asks: one more roll each time
        so_far = par_so_far(edition, offer, rolls[:k])
    assert so_far == par_game(edition, offer, rolls, seed=PAR_SEED)


def test_settling_waits_for_the_par_job_that_is_running():
    work = ParWork()
    started, release = threading.Event(), threading.Event()

    def slow_job():
        started.set()
        release.wait(10)
        return None  # nothing to hand the par process

    work.ask("slow", slow_job)
    assert started.wait(5)
    assert work.settle(timeout=0.05) is False  # still running: it waits for release
    release.set()
    assert work.settle(timeout=5) is True
    assert not work.pending("slow")


def test_a_flood_of_solo_par_asks_from_one_address_does_not_starve_another_address(app, client,
                                                                                  monkeypatch):
    from test_work_pool import Jobs

    jobs = Jobs(per_key=2)  # the pool held by a job, so that the asks wait
    work = app.extensions["dicehero.games"].par_work
    monkeypatch.setattr(work, "pool", jobs.pool)

    def ask(seed: str, address: str):
        return client.post("/api/solo/par", json={"mode": "random", "seed": seed, "actions": []},
                           environ_base={"REMOTE_ADDR": address})

    for i in range(20):  # fresh seeds from one laptop: at most its share of the queue waits
        assert ask(f"{i:08x}", "10.0.0.1").json["par"]["status"] == "working"
    assert ask("feedface", "10.0.0.2").json["par"]["status"] == "working"
    assert work.pending(("solo", "seed:feedface"))
    assert jobs.pool.waiting(("address", "10.0.0.1")) == 2
    jobs.release()
    assert work.result(("solo", "seed:feedface")).answer["args"]["rolls"]  # worked out
