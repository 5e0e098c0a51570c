"""Rulebook, "4 - Powerplant": from the leftmost square, each number one higher or lower."""

from __future__ import annotations

import pytest
from rulekit import POWERPLANT, at, do, helped, refused, reward_box, roll

from dicehero.engine import score
from dicehero.words import english


def powerplant(ed):
    return at(ed, POWERPLANT)


def test_powerplant_start_on_the_leftmost_square(classic):
    sheet = at(classic, POWERPLANT, rest=(5, 1, 1))
    error = refused(sheet, {"type": "help", "die": 1, "slot": 4}, "track_order")
    assert english(error) == "Powerplant is filled in order: the next box is box 1."
    assert do(sheet, "help", die=1, slot=0).marks[POWERPLANT - 1] == (5,)


@pytest.mark.parametrize("first", range(1, 7))
def test_powerplant_can_start_with_any_number(classic, first):
    assert helped(powerplant(classic), first).marks[POWERPLANT - 1] == (first,)


# (previous number, next number, legal?)
STEPS = [(p, n, abs(p - n) == 1) for p in range(1, 7) for n in range(1, 7)]


@pytest.mark.parametrize(("previous", "following", "legal"), STEPS)
def test_powerplant_next_number_is_one_higher_or_lower(classic, previous, following, legal):
    sheet = roll(helped(powerplant(classic), previous), following, 1, 1, 1)
    if legal:
        assert do(sheet, "help", die=0).marks[POWERPLANT - 1] == (previous, following)
    else:
        refused(sheet, {"type": "help", "die": 0}, "track_adjacent")


@pytest.mark.parametrize("value", range(1, 7))
def test_powerplant_may_not_repeat_the_same_number(classic, value):
    sheet = roll(helped(powerplant(classic), value), value, 1, 1, 1)
    refused(sheet, {"type": "help", "die": 0}, "track_adjacent")


def test_powerplant_refusal_names_the_rule(classic):
    sheet = roll(helped(powerplant(classic), 5), 5, 3, 1, 1)
    error = refused(sheet, {"type": "help", "die": 1}, "track_adjacent")
    assert english(error).startswith("Powerplant needs 4 or 6 next")


def test_powerplant_example_5_then_6_then_only_5(classic):
    sheet = roll(powerplant(classic), 5, 6, 4, 6)
    sheet = do(sheet, "help", die=0)          # a 5 in the leftmost square
    sheet = do(sheet, "help", die=1)          # a 6 next
    error = refused(sheet, {"type": "help", "die": 3}, "track_adjacent")
    assert english(error).startswith("Powerplant needs 5 next")  # nothing higher than 6
    refused(sheet, {"type": "help", "die": 2}, "track_adjacent")
    assert sheet.marks[POWERPLANT - 1] == (5, 6)


def test_powerplant_after_a_1_only_a_2(classic):
    sheet = roll(helped(powerplant(classic), 1), 3, 1, 1, 1)
    error = refused(sheet, {"type": "help", "die": 0}, "track_adjacent")
    assert english(error).startswith("Powerplant needs 2 next")


def test_powerplant_full_takes_no_more(classic):
    size = len(classic.location(POWERPLANT).boxes)
    sheet = helped(powerplant(classic), *[3 + i % 2 for i in range(size)])
    refused(roll(sheet, 3, 4, 1, 1), {"type": "help", "die": 0}, "track_full")
    refused(roll(sheet, 3, 4, 1, 1), {"type": "help", "die": 1}, "track_full")


def test_powerplant_scores_the_honor_printed_on_the_furthest_box(classic):
    boxes = classic.location(POWERPLANT).boxes
    values = [2, 3, 4, 5, 6, 5, 4, 3, 2, 1]
    for reached in range(len(boxes) + 1):
        sheet = helped(powerplant(classic), *values[:reached])
        expected = boxes[reached - 1].honor if reached else 0
        assert dict(score(sheet).locations)["Powerplant"] == expected


@pytest.mark.parametrize("reward", ["wild", "bystander"])
def test_powerplant_reward_when_its_box_is_filled(classic, reward):
    box = reward_box(classic, POWERPLANT, reward)
    values = [1 + i % 2 for i in range(box + 1)]
    before = helped(powerplant(classic), *values[:-1])
    after = helped(before, values[-1])
    earned = (lambda s: s.wild_earned) if reward == "wild" else (lambda s: s.bystanders)
    assert (earned(before), earned(after)) == (0, 1)
