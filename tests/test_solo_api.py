"""The solo endpoint: dice from a key, replay through the engine, refusals as JSON."""

from __future__ import annotations

import os

import pytest
from flask import Flask
from rulekit import DOWNTOWN, GROW, at, diagonal, helped

from dicehero.editions import load_edition
from dicehero.web import errors, language, solo


@pytest.fixture
def client():
    """The solo blueprint alone, on a bare app with the one JSON error shape (in the
    reader's language)."""
    app = Flask("dicehero.web", root_path=os.path.dirname(errors.__file__))
    language.init_app(app)
    errors.init_app(app)
    app.register_blueprint(solo.bp)
    return app.test_client()


DAY = {"mode": "daily", "date": "2025-03-14"}


def test_daily_dice_are_the_same_for_everyone_and_differ_by_day():
    ed = load_edition()
    offer, rolls = solo.dice_for("daily:2025-03-14", ed)
    assert (offer, rolls) == solo.dice_for("daily:2025-03-14", ed)
    assert rolls != solo.dice_for("daily:2025-03-15", ed)[1]
    assert offer[0] != offer[1]
    assert len(rolls) == ed.rounds and all(len(r) == ed.dice_per_round for r in rolls)
    assert {v for r in rolls for v in r} <= set(range(1, 7))


def test_state_replays_and_refuses_with_the_engines_reason(client):
    first = client.post("/api/solo/state", json=DAY).get_json()
    offer = first["sheet"]["legal"]["choose"]
    assert first["sheet"]["round"] == 1 and len(offer) == 2
    r = client.post("/api/solo/state", json={**DAY, "try": {"type": "move", "die": 0, "to": 1}})
    body = r.get_json()
    assert r.status_code == 200 and not body["accepted"]
    assert body["error"]["message"] == "Pick your superpower first."
    chose = {"type": "choose", "superpower": offer[0]}
    r = client.post("/api/solo/state", json={**DAY, "try": chose, "check": True}).get_json()
    assert r["accepted"] and r["sheet"]["superpower"] is None  # a check changes nothing
    r = client.post("/api/solo/state", json={**DAY, "try": chose}).get_json()
    assert r["accepted"] and r["sheet"]["superpower"] == offer[0]


def test_done_rolls_the_next_round_and_the_end_has_a_share_text(client):
    offer = client.post("/api/solo/state", json=DAY).get_json()["sheet"]["legal"]["choose"]
    actions = [{"type": "choose", "superpower": offer[0]}] + [{"type": "done"}] * 9
    r = client.post("/api/solo/state", json={**DAY, "actions": actions}).get_json()
    assert r["sheet"]["round"] == 10 and "share" not in r
    r = client.post("/api/solo/state", json={**DAY, "actions": actions,
                                              "try": {"type": "done"}}).get_json()
    assert r["sheet"]["finished"] and "2025-03-14" in r["share"]


@pytest.mark.parametrize("body, code", [
    ({"mode": "daily", "date": "yesterday"}, "bad_date"),
    ({"mode": "daily", "date": "2999-01-01"}, "future_date"),
    ({"mode": "random", "seed": "<script>"}, "bad_seed"),
    ({"mode": "chess"}, "bad_mode"),
    ({**DAY, "actions": [{"type": "fly"}]}, "bad_log"),
    ({**DAY, "actions": [{"type": "undo"}]}, "bad_log"),
    ({**DAY, "actions": "many"}, "bad_log"),
    ({**DAY, "actions": [{"type": "done"}] * 601}, "bad_log"),
])
def test_bad_requests_get_a_clear_400(client, body, code):
    r = client.post("/api/solo/state", json=body)
    assert r.status_code == 400
    assert r.get_json()["error"]["code"] == code


def test_not_json_is_a_400(client):
    r = client.post("/api/solo/state", data="nope", content_type="text/plain")
    assert r.status_code == 400 and r.get_json()["error"]["code"] == "bad_json"


def _finished(client, **extra):
    offer = client.post("/api/solo/state", json=DAY).get_json()["sheet"]["legal"]["choose"]
    actions = [{"type": "choose", "superpower": offer[0]}] + [{"type": "done"}] * 10
    return client.post("/api/solo/state", json={**DAY, "actions": actions, **extra})


def test_the_share_line_is_the_day_the_honor_and_a_row_of_marks(client):
    share = _finished(client).get_json()["share"]
    assert share == "Super Dice Heroes · Daily 2025-03-14 · 0 Honor\n" + solo.EMPTY * 6


def test_a_daily_game_played_again_shares_as_practice(client):
    share = _finished(client, practice=True).get_json()["share"]
    assert share.startswith("Super Dice Heroes · Daily 2025-03-14 (practice) · 0 Honor\n")


@pytest.mark.parametrize(("lang", "line"), [
    ("fr", "Super Dice Heroes · Défi du 2025-03-14 · 0 Honneur"),
    ("ar", "أبطال النرد الخارقون · تحدي يوم 2025-03-14 · الشرف: 0"),
])
def test_the_share_line_is_in_the_players_language(client, lang, line):
    offer = client.post("/api/solo/state", json=DAY).get_json()["sheet"]["legal"]["choose"]
    actions = [{"type": "choose", "superpower": offer[0]}] + [{"type": "done"}] * 10
    share = client.post("/api/solo/state", json={**DAY, "actions": actions},
                        headers={"Accept-Language": lang}).get_json()["share"]
    assert share == line + "\n" + solo.EMPTY * 6


def test_practice_is_true_or_false(client):
    r = _finished(client, practice="yes")
    assert r.status_code == 400 and r.get_json()["error"]["code"] == "bad_practice"


def test_the_marks_say_nothing_some_or_all_of_each_location(classic):
    sheet = diagonal(classic, GROW)  # three of City Hall's nine boxes
    assert solo.location_marks(sheet) == solo.PART + solo.EMPTY * 5
    full = helped(at(classic, DOWNTOWN), *[3] * len(classic.location(DOWNTOWN).boxes))
    assert solo.location_marks(full)[DOWNTOWN - 1] == solo.FULL

