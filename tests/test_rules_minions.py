"""Rulebook, "Defeating Robot Minions": three per location, any die, 1 Honor each."""

from __future__ import annotations

import pytest
from rulekit import CHURCH, DOWNTOWN, HOSPITAL, at, diagonal, do, refused, roll

from dicehero.engine import score
from dicehero.words import english


def three_minions(ed, number):
    """Round 1: moved to ``number`` and spent the other three dice on its Robot Minions."""
    sheet = at(ed, number, rest=(1, 5, 6))
    for die in (1, 2, 3):
        sheet = do(sheet, "minion", die=die)
    return sheet


@pytest.mark.parametrize("value", range(1, 7))
def test_minion_spend_any_number_die_to_defeat_one(classic, value):
    sheet = do(at(classic, CHURCH, rest=(value, 1, 1)), "minion", die=1)
    assert sheet.minions[CHURCH - 1] == 1
    assert sheet.dice[1].used == "minion"


def test_minion_marked_at_the_location_and_in_the_bottom_section(classic):
    sheet = three_minions(classic, HOSPITAL)
    assert sheet.minions == (0, 3, 0, 0, 0, 0)
    assert score(sheet).minions == 3


def test_each_location_has_three_robot_minions(classic):
    assert classic.minions_per_location == 3
    sheet = roll(three_minions(classic, HOSPITAL), 2, 4, 1, 1)
    error = refused(sheet, {"type": "minion", "die": 0}, "no_minions")
    assert english(error) == "All 3 Robot Minions at Hospital are defeated."


def test_minions_of_another_location_are_still_there(classic):
    sheet = roll(three_minions(classic, HOSPITAL), 2, 3, 1, 1)
    sheet = do(do(sheet, "move", die=1, to=DOWNTOWN), "minion", die=0)
    assert sheet.minions == (0, 3, 1, 0, 0, 0)


def test_minion_defeated_earns_1_honor(classic):
    sheet = three_minions(classic, HOSPITAL)
    assert (score(sheet).minion_honor, score(sheet).total) == (3, 3)


def test_minions_at_every_location_earn_18_honor(classic):
    sheet = three_minions(classic, 1)
    for number in range(2, 7):
        sheet = roll(sheet, number, 1, 2, 3)
        sheet = do(sheet, "move", die=0, to=number)
        for die in (1, 2, 3):
            sheet = do(sheet, "minion", die=die)
    assert sheet.minions == (3,) * 6
    assert score(sheet).minion_honor == 18


def test_minion_is_a_last_resort_but_not_enforced(classic):
    # A 1 could mark City Hall, but a player may still spend it on a Robot Minion.
    sheet = at(classic, 1, rest=(1, 1, 1))
    assert do(sheet, "minion", die=1).minions[0] == 1


def test_minion_with_a_wild_die(classic):
    sheet = do(diagonal(classic), "minion", wild=True)
    assert (sheet.minions[0], sheet.wild_spent) == (1, 1)

