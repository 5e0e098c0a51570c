"""Rulebook, "3 - Downtown": the same number for the entire run, from the bottom up."""

from __future__ import annotations

import pytest
from rulekit import DOWNTOWN, at, do, helped, refused, reward_box, roll

from dicehero.engine import BadAction, score
from dicehero.words import english


def downtown(ed):
    return at(ed, DOWNTOWN)


@pytest.mark.parametrize("first", range(1, 7))
def test_downtown_can_start_with_any_number(classic, first):
    assert helped(downtown(classic), first).marks[DOWNTOWN - 1] == (first,)


@pytest.mark.parametrize("first", range(1, 7))
def test_downtown_same_number_for_the_entire_run(classic, first):
    sheet = helped(downtown(classic), first, first, first)
    assert sheet.marks[DOWNTOWN - 1] == (first,) * 3


@pytest.mark.parametrize(("first", "other"), [(4, 5), (4, 3), (1, 6), (6, 2)])
def test_downtown_must_be_the_same_number_for_the_rest_of_the_game(classic, first, other):
    sheet = helped(downtown(classic), first)
    sheet = do(sheet, "done")
    for _ in range(3):  # rounds later, the first number still rules
        sheet = do(roll(sheet, 1, 1, 1, 1), "done")
    error = refused(roll(sheet, other, 1, 1, 1), {"type": "help", "die": 0}, "track_same")
    assert english(error) == (f"Downtown needs a {first}: every number there is "
                             f"the same as the first one.")


def test_downtown_must_start_at_the_bottom(classic):
    sheet = at(classic, DOWNTOWN, rest=(3, 1, 1))
    error = refused(sheet, {"type": "help", "die": 1, "slot": 1}, "track_order")
    assert "the next box is box 1" in english(error)
    assert do(sheet, "help", die=1, slot=0).marks[DOWNTOWN - 1] == (3,)


def test_downtown_then_continues_up_one_box_at_a_time(classic):
    sheet = roll(helped(downtown(classic), 3, 3), 3, 1, 1, 1)
    refused(sheet, {"type": "help", "die": 0, "slot": 3}, "track_order")
    refused(sheet, {"type": "help", "die": 0, "slot": 0}, "track_order")
    assert do(sheet, "help", die=0, slot=2).marks[DOWNTOWN - 1] == (3, 3, 3)


def test_downtown_box_that_does_not_exist_is_bad(classic):
    sheet = at(classic, DOWNTOWN, rest=(3, 1, 1))
    size = len(classic.location(DOWNTOWN).boxes)
    refused(sheet, {"type": "help", "die": 1, "slot": size}, "bad_slot", BadAction)


def test_downtown_full_takes_no_more(classic):
    size = len(classic.location(DOWNTOWN).boxes)
    sheet = helped(downtown(classic), *[2] * size)
    refused(roll(sheet, 2, 1, 1, 1), {"type": "help", "die": 0}, "track_full")


@pytest.mark.parametrize("reward", ["wild", "bystander"])
def test_downtown_reward_when_the_corresponding_box_is_filled_in(classic, reward):
    box = reward_box(classic, DOWNTOWN, reward)
    before = helped(downtown(classic), *[5] * box)
    after = helped(before, 5)
    earned = (lambda s: s.wild_earned) if reward == "wild" else (lambda s: s.bystanders)
    assert (earned(before), earned(after)) == (0, 1)


def test_downtown_scores_the_honor_printed_on_the_highest_box_filled(classic):
    boxes = classic.location(DOWNTOWN).boxes
    sheet = downtown(classic)
    assert dict(score(sheet).locations)["Downtown"] == 0
    for reached in range(1, len(boxes) + 1):
        sheet = helped(sheet, 6)  # one box a round
        assert dict(score(sheet).locations)["Downtown"] == boxes[reached - 1].honor
