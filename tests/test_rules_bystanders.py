"""Rulebook, "Rescuing Bystander Meeples": circled when earned, 5 Honor each at the end."""

from __future__ import annotations

from dataclasses import replace

from rulekit import CHURCH, CITY_HALL, at, do, helped

from dicehero.engine import score


def test_bystander_circled_when_its_rescue_requirement_is_met(classic):
    nine = [(v, s) for s, v in enumerate([1, 2, 3] * 3)]
    sheet = helped(at(classic, CITY_HALL), *nine)
    assert sheet.bystanders == 1


def test_each_rescued_bystander_earns_5_honor(classic):
    assert classic.bystander_honor == 5
    sheet = at(classic, CITY_HALL)
    marks = list(sheet.marks)
    marks[CITY_HALL - 1] = (True,) * 9                        # all nine: a Bystander
    marks[CHURCH - 1] = (False,) * 6 + (True,) * 6            # the bottom six: a Bystander
    sheet = replace(sheet, marks=tuple(marks))
    result = score(sheet)
    assert (result.bystanders, result.bystander_honor) == (2, 10)
    assert result.total == 10 + sum(h for _, h in result.locations)


def test_every_bystander_on_the_sheet_can_be_rescued(classic):
    sheet = at(classic, CITY_HALL)
    full = []
    for loc in classic.locations:
        if loc.kind == "cells":
            full.append((True,) * len(loc.cell_numbers))
        elif loc.kind == "pairs":
            full.append(((1, 1),) * len(loc.boxes))
        else:
            full.append((1,) * len(loc.boxes) if loc.step != "adjacent"
                        else tuple(1 + i % 2 for i in range(len(loc.boxes))))
    sheet = replace(sheet, marks=tuple(full))
    assert sheet.bystanders == classic.reward_count("bystander")
    assert sheet.wild_earned == classic.reward_count("wild")
    assert score(sheet).bystander_honor == 5 * classic.reward_count("bystander")


def test_bystanders_are_read_off_the_marks_so_undo_uncircles_them(classic):
    nine = [(v, s) for s, v in enumerate([1, 2, 3] * 3)]
    sheet = helped(at(classic, CITY_HALL), *nine)
    assert sheet.bystanders == 1
    assert do(sheet, "undo").bystanders == 0
