"""Rulebook, "End of Game": total each location, Bystanders (5 each), Robot Minions (1 each)."""

from __future__ import annotations

import json
from dataclasses import replace

from rulekit import CITY_HALL, DOWNTOWN, GROW, HOSPITAL, at, diagonal, do, helped, hero, roll

from dicehero.cli import main
from dicehero.engine import score
from dicehero.engine.locations import filled


def a_whole_game(ed):
    """Ten rounds of real play touching City Hall, a Wild die, Downtown and Robot Minions."""
    sheet = diagonal(ed, GROW)                               # round 1: City Hall 1-2-3 diagonal
    sheet = do(sheet, "move", wild=True, to=DOWNTOWN)        # spend the Wild die at once
    sheet = do(sheet, "done")
    for _ in range(8):                                       # rounds 2-9: Downtown 3s, a minion
        sheet = roll(sheet, 3, 3, 3, 5)
        for die in (0, 1, 2):
            if len(sheet.marks[DOWNTOWN - 1]) < len(ed.location(DOWNTOWN).boxes):
                sheet = do(sheet, "help", die=die)
        if sheet.minions[DOWNTOWN - 1] < 3:
            sheet = do(sheet, "minion", die=3)
        sheet = do(sheet, "done")
    sheet = roll(sheet, 2, 2, 2, 2)                          # round 10: Hospital pair
    sheet = do(do(sheet, "power", die=0), "move", die=1, to=HOSPITAL)
    sheet = do(do(sheet, "help", die=2, slot=0), "help", die=3, slot=0)
    return do(sheet, "done")


def test_after_the_10th_round_total_every_location_bystanders_and_minions(classic):
    sheet = a_whole_game(classic)
    assert sheet.finished
    result = score(sheet)
    downtown = classic.location(DOWNTOWN)
    expected = {"City Hall": 0, "Hospital": classic.location(HOSPITAL).boxes[0].honor,
                "Downtown": downtown.boxes[-1].honor, "Powerplant": 0, "Warehouse": 0,
                "Church": 0}
    assert dict(result.locations) == expected
    assert (result.minions, result.minion_honor) == (3, 3)
    assert result.bystanders == sum(1 for b in downtown.boxes if b.reward == "bystander")
    assert result.bystander_honor == 5 * result.bystanders
    assert result.total == sum(expected.values()) + result.bystander_honor + 3


def test_score_breakdown_adds_up_to_the_total(classic):
    result = score(a_whole_game(classic)).to_dict()
    parts = sum(result["locations"].values()) + result["bystander_honor"] + result["minion_honor"]
    assert result["total"] == parts


def test_a_blank_sheet_scores_nothing(classic):
    assert score(hero(classic)).total == 0


def test_score_is_read_off_the_marks(classic):
    sheet = at(classic, CITY_HALL)
    marks = list(sheet.marks)
    marks[CITY_HALL - 1] = (True,) * 9
    result = score(replace(sheet, marks=tuple(marks)))
    assert dict(result.locations)["City Hall"] == 24       # 3 rows and 3 columns, 4 each
    assert (result.bystanders, result.total) == (1, 29)


def test_honor_can_be_counted_mid_game(classic):
    sheet = helped(at(classic, CITY_HALL), (1, 0), (2, 1), (3, 2))
    assert score(sheet).total == 4


def test_the_player_with_the_most_honor_is_the_winner(classic, tmp_path, capsys):
    log = {"edition": "classic", "superpower_offer": [1, 6], "rolls": [[1, 2, 3, 1]],
           "players": [
               {"name": "Second", "superpower": 1,
                "rounds": [[{"type": "move", "die": 0, "to": 1},
                            {"type": "minion", "die": 1}]]},
               {"name": "First", "superpower": 1,
                "rounds": [[{"type": "move", "die": 0, "to": 1},
                            {"type": "help", "die": 3, "slot": 0},
                            {"type": "help", "die": 1, "slot": 1},
                            {"type": "help", "die": 2, "slot": 2}]]},
           ]}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(log))
    assert main(["score", str(path)]) == 0
    lines = [ln for ln in capsys.readouterr().out.splitlines() if ln[:1].isdigit()]
    assert lines == ["1. First: 4 Honor", "2. Second: 1 Honor"]


def test_a_pair_is_filled_only_when_both_numbers_are_written(classic):
    """Our ruling for the solo share line's marks (docs/RULES.md): a half pair scores
    nothing, so it fills nothing either."""
    hospital = classic.location(HOSPITAL)
    sheet = helped(at(classic, HOSPITAL), (2, 0))
    assert filled(hospital, sheet.marks[HOSPITAL - 1]) == 0
    sheet = helped(sheet, (2, 0))
    assert filled(hospital, sheet.marks[HOSPITAL - 1]) == 1


def test_cells_and_tracks_are_filled_box_by_box(classic):
    sheet = helped(at(classic, DOWNTOWN, rest=(3, 3, 1)), 3, 3)
    assert filled(classic.location(DOWNTOWN), sheet.marks[DOWNTOWN - 1]) == 2
    city = helped(at(classic, CITY_HALL), (1, 0), (2, 1))
    assert filled(classic.location(CITY_HALL), city.marks[CITY_HALL - 1]) == 2
