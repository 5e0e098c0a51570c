"""Rulebook, "1 - City Hall": marks for 1, 2, 3 in any order; diagonal, all nine, rows/columns."""

from __future__ import annotations

from dataclasses import replace

import pytest
from rulekit import CITY_HALL, CITY_HALL_DIAGONAL, at, diagonal, helped, refused

from dicehero.engine import score
from dicehero.words import english


def city_hall(ed):
    """Round 1 at City Hall; the spare dice are forfeited at the next roll."""
    return at(ed, CITY_HALL)


def with_cells(ed, cells):
    """A sheet at City Hall with exactly these cells marked (for scoring tests only)."""
    sheet = city_hall(ed)
    marks = list(sheet.marks)
    marks[CITY_HALL - 1] = tuple(i in cells for i in range(9))
    return replace(sheet, marks=tuple(marks))


@pytest.mark.parametrize(("value", "slot"), [(1, 0), (2, 1), (3, 2), (1, 3), (2, 7), (3, 8)])
def test_city_hall_mark_an_x_for_a_matching_die(classic, value, slot):
    sheet = helped(city_hall(classic), (value, slot))
    assert sheet.marks[CITY_HALL - 1][slot] is True
    assert sum(sheet.marks[CITY_HALL - 1]) == 1


@pytest.mark.parametrize("value", [4, 5, 6])
def test_city_hall_takes_only_a_1_2_or_3(classic, value):
    sheet = at(classic, CITY_HALL, rest=(value, 1, 1))
    error = refused(sheet, {"type": "help", "die": 1}, "wrong_number")
    assert english(error) == f"City Hall needs 1, 2, or 3; a {value} does not fit."


def test_city_hall_box_needs_its_own_number(classic):
    sheet = at(classic, CITY_HALL, rest=(2, 1, 1))
    error = refused(sheet, {"type": "help", "die": 1, "slot": 0}, "wrong_number")
    assert english(error) == "That City Hall box needs a 1, not a 2."


def test_city_hall_box_already_marked_is_refused(classic):
    sheet = helped(city_hall(classic), (1, 0), (2, 1))  # a roll of 1, 2, 1, 1
    refused(sheet, {"type": "help", "die": 2, "slot": 0}, "slot_taken")


def test_city_hall_in_any_order(classic):
    order = [(3, 8), (1, 3), (2, 4), (1, 0), (3, 2), (2, 7)]
    sheet = helped(city_hall(classic), *order)
    assert [i for i, m in enumerate(sheet.marks[CITY_HALL - 1]) if m] == [0, 2, 3, 4, 7, 8]


def test_city_hall_asks_which_box_when_a_number_fits_several(classic):
    sheet = at(classic, CITY_HALL, rest=(1, 1, 1))
    error = refused(sheet, {"type": "help", "die": 1}, "choose_slot")
    assert "choose which box" in english(error)


def test_city_hall_slot_may_be_left_out_when_only_one_box_fits(classic):
    sheet = helped(city_hall(classic), (1, 0), (1, 3))
    sheet = helped(sheet, 1)
    assert [sheet.marks[CITY_HALL - 1][i] for i in (0, 3, 6)] == [True, True, True]


def test_city_hall_every_1_marked_is_refused(classic):
    sheet = helped(city_hall(classic), (1, 0), (1, 3), (1, 6))
    sheet = helped(sheet, (2, 1))  # a fresh roll of 2, 1, 1, 1
    refused(sheet, {"type": "help", "die": 1}, "no_room")


def test_city_hall_1_2_3_diagonal_earns_a_wild_die(classic):
    sheet = diagonal(classic)
    assert [sheet.marks[CITY_HALL - 1][s] for _, s in CITY_HALL_DIAGONAL] == [True] * 3
    assert sheet.wild_earned == 1
    assert sheet.bystanders == 0


def test_city_hall_each_diagonal_reads_1_2_3_and_earns_a_wild_die(classic):
    # Every row reads 1 2 3, so the diagonal from the top right down reads 3, 2, 1 and,
    # from the bottom left up, 1, 2, 3: it too is "the 1, 2 and 3 marked off diagonally".
    sheet = helped(city_hall(classic), (3, 2), (2, 4), (1, 6))
    assert sheet.wild_earned == 1


def test_city_hall_both_diagonals_earn_two_wild_dice(classic):
    sheet = helped(city_hall(classic), (1, 0), (2, 4), (3, 8), (3, 2))
    sheet = helped(sheet, (1, 6))
    assert sheet.wild_earned == 2


def test_city_hall_all_nine_rescue_a_bystander(classic):
    cells = [(v, s) for s, v in enumerate([1, 2, 3] * 3)]
    sheet = helped(city_hall(classic), *cells[:8])
    assert sheet.bystanders == 0
    sheet = helped(sheet, cells[8])
    assert sheet.bystanders == 1


@pytest.mark.parametrize(("cells", "lines"), [
    ({0, 1, 2}, 1),                 # top row
    ({3, 4, 5}, 1),                 # middle row
    ({0, 3, 6}, 1),                 # left column
    ({2, 5, 8}, 1),                 # right column
    ({0, 1, 2, 3, 6}, 2),           # a row and a column
    ({0, 4, 8}, 0),                 # the diagonal is a reward, not a line
    ({0, 1, 3, 4}, 0),
    (set(range(9)), 6),             # three rows and three columns
])
def test_city_hall_4_honor_for_each_row_and_column_completed(classic, cells, lines):
    assert score(with_cells(classic, cells)).locations[CITY_HALL - 1] == ("City Hall", 4 * lines)


def test_city_hall_row_completed_by_play_scores_4(classic):
    sheet = helped(city_hall(classic), (1, 0), (2, 1), (3, 2))
    assert dict(score(sheet).locations)["City Hall"] == 4
