"""Rulebook, "5 - Warehouse": from the leftmost square, each number equal to or higher."""

from __future__ import annotations

import pytest
from rulekit import WAREHOUSE, at, do, helped, refused, reward_box, roll

from dicehero.engine import score
from dicehero.words import english


def warehouse(ed):
    return at(ed, WAREHOUSE)


def test_warehouse_start_on_the_leftmost_square(classic):
    sheet = at(classic, WAREHOUSE, rest=(2, 1, 1))
    refused(sheet, {"type": "help", "die": 1, "slot": 1}, "track_order")
    assert do(sheet, "help", die=1, slot=0).marks[WAREHOUSE - 1] == (2,)


@pytest.mark.parametrize("first", range(1, 7))
def test_warehouse_can_start_with_any_number(classic, first):
    assert helped(warehouse(classic), first).marks[WAREHOUSE - 1] == (first,)


STEPS = [(p, n, n >= p) for p in range(1, 7) for n in range(1, 7)]


@pytest.mark.parametrize(("previous", "following", "legal"), STEPS)
def test_warehouse_next_number_is_equal_or_higher(classic, previous, following, legal):
    sheet = roll(helped(warehouse(classic), previous), following, 1, 1, 1)
    if legal:
        assert do(sheet, "help", die=0).marks[WAREHOUSE - 1] == (previous, following)
    else:
        error = refused(sheet, {"type": "help", "die": 0}, "track_lower")
        assert english(error) == f"Warehouse needs a {previous} or higher next."


def test_warehouse_example_2_then_4_then_4_or_higher(classic):
    sheet = roll(warehouse(classic), 2, 4, 3, 4)
    sheet = do(sheet, "help", die=0)      # a 2 in the leftmost square
    sheet = do(sheet, "help", die=1)      # a 4 next
    refused(sheet, {"type": "help", "die": 2}, "track_lower")
    assert do(sheet, "help", die=3).marks[WAREHOUSE - 1] == (2, 4, 4)


def test_warehouse_full_takes_no_more(classic):
    size = len(classic.location(WAREHOUSE).boxes)
    sheet = helped(warehouse(classic), *[6] * size)
    refused(roll(sheet, 6, 1, 1, 1), {"type": "help", "die": 0}, "track_full")


def test_warehouse_scores_the_honor_printed_on_the_furthest_box(classic):
    boxes = classic.location(WAREHOUSE).boxes
    for reached in range(len(boxes) + 1):
        sheet = helped(warehouse(classic), *[1] * reached)
        expected = boxes[reached - 1].honor if reached else 0
        assert dict(score(sheet).locations)["Warehouse"] == expected


@pytest.mark.parametrize("reward", ["wild", "bystander"])
def test_warehouse_reward_when_its_box_is_filled(classic, reward):
    box = reward_box(classic, WAREHOUSE, reward)
    before = helped(warehouse(classic), *[3] * box)
    after = helped(before, 3)
    earned = (lambda s: s.wild_earned) if reward == "wild" else (lambda s: s.bystanders)
    assert (earned(before), earned(after)) == (0, 1)
