"""Rulebook, Gameplay: "Spend dice to either Move or Help" and "There are two ways to move"."""

from __future__ import annotations

import pytest
from rulekit import (
    CHURCH,
    CITY_HALL,
    DOWNTOWN,
    HOSPITAL,
    POWERPLANT,
    WAREHOUSE,
    at,
    do,
    hero,
    refused,
    roll,
)

from dicehero.engine import BadAction, apply, legal_actions
from dicehero.words import english


def test_a_new_hero_starts_in_the_middle_circle(classic):
    assert hero(classic).position is None


@pytest.mark.parametrize("value", range(1, 7))
def test_move_to_the_location_that_matches_the_die(classic, value):
    sheet = do(roll(hero(classic), value, 1, 1, 1), "move", die=0, to=value)
    assert sheet.position == value
    assert sheet.dice[0].used == "move"


@pytest.mark.parametrize(("here", "to"),
                         [(h, t) for h in range(1, 7) for t in range(1, 7) if h != t])
def test_a_die_matching_your_location_moves_you_anywhere(classic, here, to):
    sheet = at(classic, here, rest=(here, 1, 1))
    assert do(sheet, "move", die=1, to=to).position == to


# (where the hero stands, the die, where it tries to go, legal?)
MOVES = [
    (None, 3, 3, True),      # from the middle, the die's own location
    (None, 3, 4, False),     # from the middle nothing matches "your location"
    (DOWNTOWN, 5, 5, True),  # the die's own location
    (DOWNTOWN, 3, 6, True),  # the die matches Downtown: anywhere
    (DOWNTOWN, 3, 1, True),
    (DOWNTOWN, 5, 6, False),  # neither the die's location nor a match of where you are
    (CHURCH, 2, 1, False),
    (CITY_HALL, 6, 6, True),
    (HOSPITAL, 2, 4, True),
    (POWERPLANT, 1, 5, False),
]


@pytest.mark.parametrize(("here", "value", "to", "legal"), MOVES)
def test_move_table(classic, here, value, to, legal):
    sheet = roll(hero(classic), value, value, 1, 1) if here is None else at(
        classic, here, rest=(value, 1, 1))
    die = 0 if here is None else 1
    action = {"type": "move", "die": die, "to": to}
    if legal:
        assert apply(sheet, action).position == to
    else:
        refused(sheet, action, "move_needs_match")


def test_a_move_that_matches_nothing_is_refused_and_names_the_numbers(classic):
    sheet = at(classic, DOWNTOWN, rest=(5, 1, 1))
    error = refused(sheet, {"type": "move", "die": 1, "to": CHURCH}, "move_needs_match")
    assert "you need a 6" in english(error)
    assert "or a 3" in english(error)


def test_the_middle_circle_is_only_the_start(classic):
    sheet = at(classic, HOSPITAL, rest=(2, 1, 1))
    refused(sheet, {"type": "move", "die": 1, "to": 0}, "bad_location", BadAction)
    refused(sheet, {"type": "move", "die": 1}, "missing_field", BadAction)
    assert all(a.to != 0 for a in legal_actions(sheet, 1) if a.type == "move")


def test_from_the_middle_circle_the_only_move_is_to_the_dies_own_location(classic):
    sheet = roll(hero(classic), 4, 1, 1, 1)
    moves = [a.to for a in legal_actions(sheet, 0) if a.type == "move"]
    assert moves == [4]


def test_moving_to_where_you_stand_is_not_a_move(classic):
    sheet = at(classic, POWERPLANT, rest=(4, 1, 1))
    refused(sheet, {"type": "move", "die": 1, "to": POWERPLANT}, "already_there")


def test_every_die_can_always_move_so_no_die_is_stuck(classic):
    for here in range(1, 7):
        for value in range(1, 7):
            sheet = at(classic, here, rest=(value, 1, 1))
            assert any(a.type == "move" for a in legal_actions(sheet, 1)), (here, value)


def test_a_die_is_spent_once_either_to_move_or_to_help(classic):
    sheet = at(classic, DOWNTOWN, rest=(3, 3, 1))
    moved = do(sheet, "move", die=1, to=CITY_HALL)
    refused(moved, {"type": "help", "die": 1}, "die_spent")
    refused(moved, {"type": "move", "die": 1, "to": HOSPITAL}, "die_spent")
    helped = do(sheet, "help", die=2)
    refused(helped, {"type": "move", "die": 2, "to": CITY_HALL}, "die_spent")


def test_a_player_may_skip_a_die(classic):
    sheet = do(at(classic, DOWNTOWN, rest=(3, 3, 1)), "skip", die=3)
    assert sheet.dice[3].used == "skip"
    refused(sheet, {"type": "help", "die": 3}, "die_spent")


def test_help_is_only_in_your_current_location(classic):
    sheet = at(classic, WAREHOUSE, rest=(2, 1, 1))
    sheet = do(sheet, "help", die=1)
    assert sheet.marks[WAREHOUSE - 1] == (2,)
    assert sheet.marks[HOSPITAL - 1] == ((),) * len(classic.location(HOSPITAL).boxes)


def test_help_in_the_middle_circle_is_refused(classic):
    sheet = roll(hero(classic), 3, 1, 1, 1)
    refused(sheet, {"type": "help", "die": 0}, "in_middle")
    refused(sheet, {"type": "minion", "die": 0}, "in_middle")


def test_a_location_that_does_not_exist_is_refused(classic):
    sheet = roll(hero(classic), 3, 1, 1, 1)
    refused(sheet, {"type": "move", "die": 0, "to": 7}, "bad_location", BadAction)
