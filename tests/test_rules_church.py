"""Rulebook, "6 - Church": X for a matching die, any order; columns, top six, bottom six."""

from __future__ import annotations

import pytest
from rulekit import CHURCH, at, helped, refused, roll

from dicehero.engine import score
from dicehero.words import english


def church(ed):
    return at(ed, CHURCH)


def cell(value: int, column: int) -> int:
    """The Church cell of ``value`` in the 1-6 column (0) or the 6-1 column (1)."""
    return (value - 1) * 2 if column == 0 else (6 - value) * 2 + 1


def church_honor(sheet) -> int:
    return dict(score(sheet).locations)["Church"]


@pytest.mark.parametrize("value", range(1, 7))
@pytest.mark.parametrize("column", [0, 1])
def test_church_mark_an_x_for_matching_die(classic, value, column):
    sheet = helped(church(classic), (value, cell(value, column)))
    marks = sheet.marks[CHURCH - 1]
    assert marks[cell(value, column)] is True
    assert sum(marks) == 1


def test_church_box_needs_its_own_number(classic):
    sheet = at(classic, CHURCH, rest=(3, 1, 1))
    error = refused(sheet, {"type": "help", "die": 1, "slot": cell(4, 0)}, "wrong_number")
    assert english(error) == "That Church box needs a 4, not a 3."


def test_church_asks_which_column_when_both_are_free(classic):
    sheet = at(classic, CHURCH, rest=(3, 1, 1))
    refused(sheet, {"type": "help", "die": 1}, "choose_slot")


def test_church_every_cell_of_a_number_marked_is_refused(classic):
    sheet = helped(church(classic), (2, cell(2, 0)), (2, cell(2, 1)))
    refused(roll(sheet, 2, 1, 1, 1), {"type": "help", "die": 0}, "no_room")


def test_church_mark_off_in_any_order(classic):
    order = [(5, cell(5, 1)), (1, cell(1, 0)), (6, cell(6, 1)), (3, cell(3, 0))]
    sheet = helped(church(classic), *order)
    assert sum(sheet.marks[CHURCH - 1]) == 4


@pytest.mark.parametrize("column", [0, 1])
def test_church_complete_column_gains_15_honor(classic, column):
    values = [1, 2, 3, 4, 5, 6] if column == 0 else [6, 5, 4, 3, 2, 1]
    sheet = helped(church(classic), *[(v, cell(v, column)) for v in values[:5]])
    assert church_honor(sheet) == 0
    sheet = helped(sheet, (values[5], cell(values[5], column)))
    assert church_honor(sheet) == 15


def test_church_both_columns_gain_30_honor(classic):
    writes = [(v, cell(v, c)) for c in (0, 1) for v in range(1, 7)]
    assert church_honor(helped(church(classic), *writes)) == 30


def test_church_complete_top_six_earns_a_wild_die(classic):
    top = [(v, cell(v, c)) for v in (1, 2, 3) for c in (0,)] + [(v, cell(v, 1)) for v in (6, 5, 4)]
    sheet = helped(church(classic), *top[:5])
    assert sheet.wild_earned == 0
    sheet = helped(sheet, top[5])
    assert (sheet.wild_earned, sheet.bystanders) == (1, 0)


def test_church_complete_bottom_six_rescues_a_bystander(classic):
    bottom = [(v, cell(v, 0)) for v in (4, 5, 6)] + [(v, cell(v, 1)) for v in (3, 2, 1)]
    sheet = helped(church(classic), *bottom[:5])
    assert sheet.bystanders == 0
    sheet = helped(sheet, bottom[5])
    assert (sheet.wild_earned, sheet.bystanders) == (0, 1)
