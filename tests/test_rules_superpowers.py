"""Rulebook, "Using your Superpower" and "Superpowers explained" (1 Shrink ... 6 Grow)."""

from __future__ import annotations

import pytest
from rulekit import (
    CHURCH,
    CITY_HALL,
    DOWNTOWN,
    FIRE,
    GROW,
    ICE,
    POWERPLANT,
    SHAPESHIFT,
    SHRINK,
    TELEPORT,
    at,
    diagonal,
    do,
    hero,
    refused,
    roll,
)

from dicehero.engine import Action, BadAction, RuleError, apply, legal_actions, new_sheet
from dicehero.words import english


def rolled(ed, power, *dice):
    """Round 1 for a hero with ``power``, still in the middle circle."""
    return roll(hero(ed, power), *dice)


# -- using the superpower ----------------------------------------------------------------

def test_superpower_three_uses_throughout_a_game(classic):
    assert classic.superpower_uses == 3
    sheet = hero(classic, GROW)
    for number in range(3):  # one use a round, three rounds
        sheet = do(do(roll(sheet, 2, 2, 2, 2), "power", die=0), "done")
        assert sheet.powers_used == number + 1
    error = refused(roll(sheet, 2, 2, 2, 2), {"type": "power", "die": 0}, "no_power_left")
    assert english(error) == "You have used your superpower 3 times already."


def test_superpower_uses_left_shown_by_the_three_squares(classic):
    sheet = rolled(classic, GROW, 1, 2, 3, 4)
    left = [sheet.powers_left]
    for die in range(3):
        sheet = do(sheet, "power", die=die)
        left.append(sheet.powers_left)
    assert left == [3, 2, 1, 0]


def test_superpower_multiple_times_in_a_round(classic):
    sheet = rolled(classic, SHRINK, 6, 5, 4, 3)
    for die in range(3):
        sheet = do(sheet, "power", die=die)
    assert [d.value for d in sheet.dice] == [1, 1, 1, 3]
    refused(sheet, {"type": "power", "die": 3}, "no_power_left")


def test_superpower_at_any_time_before_after_moving(classic):
    sheet = rolled(classic, GROW, 2, 3, 2, 2)
    sheet = do(sheet, "power", die=0)                 # in the middle circle, before moving
    sheet = do(sheet, "move", die=0, to=CHURCH)       # the 6 takes the hero to Church
    sheet = do(sheet, "power", die=1)                 # after moving
    sheet = do(sheet, "help", die=1, slot=1)
    assert sheet.marks[CHURCH - 1][1] is True


def test_superpower_each_use_marks_an_x(classic):
    sheet = do(rolled(classic, ICE, 6, 1, 1, 1), "power", die=0)
    assert (sheet.powers_used, sheet.to_dict()["powers_used"]) == (1, 1)


def test_superpower_may_change_the_same_die_twice(classic):
    sheet = rolled(classic, ICE, 6, 1, 1, 1)
    sheet = do(do(sheet, "power", die=0), "power", die=0)
    assert (sheet.dice[0].rolled, sheet.dice[0].value, sheet.powers_used) == (6, 4, 2)


def test_superpower_changed_die_is_spent_at_its_new_number(classic):
    sheet = do(rolled(classic, SHRINK, 5, 1, 1, 1), "power", die=0)
    refused(sheet, {"type": "move", "die": 0, "to": 5}, "move_needs_match")
    assert do(sheet, "move", die=0, to=CITY_HALL).position == CITY_HALL


def test_superpower_applies_before_a_die_is_spent(classic):
    sheet = do(rolled(classic, GROW, 3, 1, 1, 1), "move", die=0, to=DOWNTOWN)
    refused(sheet, {"type": "power", "die": 0}, "die_spent")


def test_superpower_refused_when_it_would_not_change_the_die(classic):
    error = refused(rolled(classic, GROW, 6, 1, 1, 1), {"type": "power", "die": 0},
                    "power_no_change")
    assert english(error) == "That die is already a 6."


def test_superpower_needs_a_chosen_superpower(classic):
    sheet = roll(new_sheet(classic, (1, 6)), 3, 1, 1, 1)
    refused(sheet, {"type": "power", "die": 0}, "no_superpower")


def test_superpower_not_after_done(classic):
    refused(do(rolled(classic, GROW, 3, 1, 1, 1), "done"), {"type": "power", "die": 0},
            "round_closed")


# -- 1 Shrink, 6 Grow ---------------------------------------------------------------------

@pytest.mark.parametrize("value", [2, 3, 4, 5, 6])
def test_shrink_changes_any_die_to_a_1(classic, value):
    sheet = do(rolled(classic, SHRINK, value, 1, 1, 1), "power", die=0)
    assert (sheet.dice[0].rolled, sheet.dice[0].value) == (value, 1)


def test_shrink_cannot_change_a_1(classic):
    refused(rolled(classic, SHRINK, 1, 1, 1, 1), {"type": "power", "die": 0}, "power_no_change")


@pytest.mark.parametrize("value", [1, 2, 3, 4, 5])
def test_grow_changes_any_die_to_a_6(classic, value):
    sheet = do(rolled(classic, GROW, value, 1, 1, 1), "power", die=0)
    assert (sheet.dice[0].rolled, sheet.dice[0].value) == (value, 6)


# -- 3 Ice, 4 Fire --------------------------------------------------------------------------

@pytest.mark.parametrize(("power", "before", "after"),
                         [(ICE, v, v - 1) for v in range(2, 7)] +
                         [(FIRE, v, v + 1) for v in range(1, 6)])
def test_ice_decreases_and_fire_increases_a_die_by_one(classic, power, before, after):
    sheet = do(rolled(classic, power, before, 1, 1, 1), "power", die=0)
    assert sheet.dice[0].value == after


def test_ice_cannot_change_a_1(classic):
    error = refused(rolled(classic, ICE, 1, 1, 1, 1), {"type": "power", "die": 0}, "power_limit")
    assert english(error) == "Ice cannot change a 1."


def test_ice_never_below_1_even_on_the_same_die(classic):
    sheet = do(rolled(classic, ICE, 2, 1, 1, 1), "power", die=0)
    refused(sheet, {"type": "power", "die": 0}, "power_limit")


def test_fire_cannot_change_a_6(classic):
    error = refused(rolled(classic, FIRE, 6, 1, 1, 1), {"type": "power", "die": 0},
                    "power_limit")
    assert english(error) == "Fire cannot change a 6."


def test_fire_never_above_6_even_on_the_same_die(classic):
    sheet = do(rolled(classic, FIRE, 5, 1, 1, 1), "power", die=0)
    refused(sheet, {"type": "power", "die": 0}, "power_limit")


# -- 5 Shapeshift ----------------------------------------------------------------------------

def test_shapeshift_copies_another_die_rolled_this_round(classic):
    sheet = do(rolled(classic, SHAPESHIFT, 2, 5, 3, 1), "power", die=0, copy=1)
    assert [d.value for d in sheet.dice] == [5, 5, 3, 1]


def test_shapeshift_copies_the_other_die_as_rolled(classic):
    sheet = rolled(classic, SHAPESHIFT, 2, 5, 3, 1)
    sheet = do(sheet, "power", die=1, copy=2)    # the 5 becomes a 3
    sheet = do(sheet, "power", die=0, copy=1)    # copies the 5 that was rolled
    assert [d.value for d in sheet.dice] == [5, 3, 3, 1]


def test_shapeshift_may_copy_a_die_already_spent(classic):
    sheet = do(rolled(classic, SHAPESHIFT, 4, 2, 1, 1), "move", die=0, to=POWERPLANT)
    sheet = do(sheet, "power", die=1, copy=0)
    assert sheet.dice[1].value == 4


def test_shapeshift_never_itself(classic):
    error = refused(rolled(classic, SHAPESHIFT, 2, 5, 3, 1),
                    {"type": "power", "die": 1, "copy": 1}, "copy_itself")
    assert "another die" in english(error)


def test_shapeshift_never_a_wild_die(classic):
    sheet = diagonal(classic, SHAPESHIFT)
    refused(sheet, {"type": "power", "wild": True, "copy": 0}, "bad_field", BadAction)
    before = sheet.to_dict()
    with pytest.raises(RuleError) as info:
        apply(sheet, Action("power", wild=True, copy=0))
    assert info.value.code == "power_wild"
    assert sheet.to_dict() == before


def test_shapeshift_a_wild_die_is_not_a_die_to_copy(classic):
    # Copies name one of this round's rolled dice; a Wild die has no index among them.
    sheet = roll(diagonal(classic, SHAPESHIFT), 2, 5, 3, 1)
    refused(sheet, {"type": "power", "die": 0, "copy": 4}, "bad_die", BadAction)


def test_shapeshift_needs_the_die_to_copy(classic):
    refused(rolled(classic, SHAPESHIFT, 2, 5, 3, 1), {"type": "power", "die": 0},
            "missing_field", BadAction)


def test_shapeshift_to_the_same_number_is_refused(classic):
    refused(rolled(classic, SHAPESHIFT, 3, 5, 3, 1), {"type": "power", "die": 0, "copy": 2},
            "power_no_change")


def test_only_shapeshift_copies(classic):
    refused(rolled(classic, GROW, 3, 5, 3, 1), {"type": "power", "die": 0, "copy": 1},
            "bad_field", BadAction)


# -- 2 Teleport ------------------------------------------------------------------------------

@pytest.mark.parametrize("to", [1, 2, 4, 5, 6])
def test_teleport_uses_a_die_to_travel_to_any_location(classic, to):
    sheet = at(classic, DOWNTOWN, power=TELEPORT, rest=(6 if to != 6 else 5, 1, 1))
    sheet = do(sheet, "move", die=1, to=to, teleport=True)
    assert (sheet.position, sheet.powers_used, sheet.dice[1].used) == (to, 1, "move")


def test_teleport_from_the_middle_circle(classic):
    sheet = do(rolled(classic, TELEPORT, 5, 1, 1, 1), "move", die=0, to=CHURCH, teleport=True)
    assert sheet.position == CHURCH


def test_teleport_refused_when_the_die_takes_you_there_anyway(classic):
    sheet = rolled(classic, TELEPORT, 5, 1, 1, 1)
    error = refused(sheet, {"type": "move", "die": 0, "to": 5, "teleport": True},
                    "teleport_not_needed")
    assert "keep your superpower use" in english(error)


def test_teleport_refused_when_the_die_matches_where_you_are(classic):
    sheet = at(classic, DOWNTOWN, power=TELEPORT, rest=(3, 1, 1))
    refused(sheet, {"type": "move", "die": 1, "to": CHURCH, "teleport": True},
            "teleport_not_needed")


def test_teleport_not_with_a_wild_die(classic):
    refused(diagonal(classic, TELEPORT), {"type": "move", "wild": True, "to": 5, "teleport": True},
            "teleport_wild")


def test_teleport_only_for_the_teleport_superpower(classic):
    refused(rolled(classic, GROW, 5, 1, 1, 1), {"type": "move", "die": 0, "to": 4,
                                                "teleport": True}, "not_teleport")


def test_teleport_is_used_while_moving_not_on_its_own(classic):
    refused(rolled(classic, TELEPORT, 5, 1, 1, 1), {"type": "power", "die": 0},
            "teleport_is_a_move")


def test_teleport_three_uses(classic):
    sheet = rolled(classic, TELEPORT, 1, 1, 1, 1)
    for die, to in enumerate([2, 3, 4]):
        sheet = do(sheet, "move", die=die, to=to, teleport=True)
    refused(sheet, {"type": "move", "die": 3, "to": 5, "teleport": True}, "no_power_left")


def test_teleport_lit_up_only_where_it_is_needed(classic):
    sheet = rolled(classic, TELEPORT, 5, 1, 1, 1)
    teleports = sorted(a.to for a in legal_actions(sheet, 0) if a.teleport)
    assert teleports == [1, 2, 3, 4, 6]
