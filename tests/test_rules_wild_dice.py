"""Rulebook, "Using Wild Dice": any number, usable at once, several a round, move or help."""

from __future__ import annotations

import pytest
from rulekit import (
    CITY_HALL,
    HOSPITAL,
    POWERPLANT,
    WAREHOUSE,
    at,
    diagonal,
    do,
    refused,
    reward_box,
    roll,
)

from dicehero.engine import BadAction, legal_actions
from dicehero.words import english


def two_wilds(ed):
    """Round 2: the diagonal (round 1) and a Hospital Wild pair (round 2) unlocked two Wild dice."""
    pair = reward_box(ed, HOSPITAL, "wild")
    sheet = roll(diagonal(ed), 2, 4, 4, 1)
    sheet = do(sheet, "move", die=0, to=HOSPITAL)
    sheet = do(sheet, "help", die=1, slot=pair)
    return do(sheet, "help", die=2, slot=pair)


def test_wild_die_circled_when_unlocked(classic):
    sheet = diagonal(classic)
    assert (sheet.wild_earned, sheet.wild_spent, sheet.wild_left) == (1, 0, 1)


def test_no_wild_die_before_one_is_unlocked(classic):
    sheet = at(classic, POWERPLANT)
    refused(sheet, {"type": "help", "wild": True, "value": 3}, "no_wild")
    refused(sheet, {"type": "move", "wild": True, "to": 2}, "no_wild")
    assert legal_actions(sheet, wild=True) == []


def test_wild_die_usable_immediately_after_gaining_it(classic):
    sheet = diagonal(classic)  # the same round the diagonal was marked
    assert sheet.round == 1
    assert do(sheet, "move", wild=True, to=WAREHOUSE).position == WAREHOUSE


def test_wild_die_spent_at_any_time_of_a_later_round(classic):
    sheet = diagonal(classic)
    for dice in ([1, 1, 1, 1], [2, 2, 2, 2], [3, 3, 3, 3]):
        sheet = do(roll(sheet, *dice), "done")
    sheet = roll(sheet, 6, 6, 6, 6)
    assert sheet.wild_left == 1  # unspent Wild dice persist across rounds
    sheet = do(sheet, "move", wild=True, to=POWERPLANT)  # before any rolled die
    assert sheet.wild_left == 0


def test_wild_die_not_spent_after_done(classic):
    sheet = do(diagonal(classic), "done")
    refused(sheet, {"type": "move", "wild": True, "to": 4}, "round_closed")


@pytest.mark.parametrize("value", range(1, 7))
def test_wild_die_is_any_number(classic, value):
    sheet = roll(diagonal(classic), 4, 1, 1, 1)
    sheet = do(sheet, "move", die=0, to=POWERPLANT)
    assert do(sheet, "help", wild=True, value=value).marks[POWERPLANT - 1] == (value,)


@pytest.mark.parametrize("value", [0, 7, -1])
def test_wild_die_is_a_die_face(classic, value):
    refused(diagonal(classic), {"type": "minion", "wild": True, "value": value},
            "bad_value", BadAction)


def test_wild_die_is_an_additional_die(classic):
    sheet = roll(diagonal(classic), 5, 5, 5, 5)
    sheet = do(sheet, "move", wild=True, to=POWERPLANT)
    assert [d.used for d in sheet.dice] == [None] * 4


def test_wild_die_marked_with_an_x_when_spent(classic):
    sheet = do(diagonal(classic), "minion", wild=True)
    assert (sheet.wild_earned, sheet.wild_spent, sheet.wild_left) == (1, 1, 0)


def test_wild_die_never_more_spent_than_earned(classic):
    sheet = do(diagonal(classic), "minion", wild=True)
    error = refused(sheet, {"type": "minion", "wild": True}, "no_wild")
    assert english(error) == "You have no Wild die to spend."


def test_spend_multiple_wild_dice_in_a_round(classic):
    sheet = two_wilds(classic)
    assert sheet.wild_left == 2
    sheet = do(sheet, "move", wild=True, to=WAREHOUSE)
    sheet = do(sheet, "help", wild=True, value=3)
    assert (sheet.position, sheet.marks[WAREHOUSE - 1], sheet.wild_left) == (WAREHOUSE, (3,), 0)
    refused(sheet, {"type": "help", "wild": True, "value": 3}, "no_wild")


@pytest.mark.parametrize("to", [2, 3, 4, 5, 6])
def test_wild_die_for_moving_anywhere(classic, to):
    assert do(diagonal(classic), "move", wild=True, to=to).position == to


def test_wild_die_for_helping(classic):
    sheet = roll(diagonal(classic), 6, 6, 6, 6)
    sheet = do(sheet, "help", wild=True, value=1, slot=3)
    assert sheet.marks[CITY_HALL - 1][3] is True


def test_wild_die_helping_needs_its_number(classic):
    refused(diagonal(classic), {"type": "help", "wild": True}, "missing_field", BadAction)


def test_wild_die_helping_obeys_the_location(classic):
    sheet = diagonal(classic)
    refused(sheet, {"type": "help", "wild": True, "value": 5}, "wrong_number")


def test_wild_die_for_a_robot_minion(classic):
    assert do(diagonal(classic), "minion", wild=True).minions[CITY_HALL - 1] == 1


def test_wild_die_cannot_take_a_superpower(classic):
    refused(diagonal(classic), {"type": "power", "wild": True}, "bad_field", BadAction)


def test_wild_die_is_a_rolled_die_or_a_wild_never_both(classic):
    refused(diagonal(classic), {"type": "minion", "wild": True, "die": 0}, "bad_field", BadAction)


def test_legal_uses_of_a_wild_die(classic):
    actions = legal_actions(diagonal(classic), wild=True)
    kinds = {a.type for a in actions}
    assert kinds == {"move", "help", "minion"}
    assert sorted(a.to for a in actions if a.type == "move") == [2, 3, 4, 5, 6]
    assert all(a.value in (1, 2, 3) for a in actions if a.type == "help")

