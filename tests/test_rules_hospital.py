"""Rulebook, "2 - Hospital": same number pairs, a number for several pairs, any order."""

from __future__ import annotations

import pytest
from rulekit import HOSPITAL, at, helped, refused, reward_box, roll

from dicehero.engine import BadAction, score
from dicehero.words import english


def hospital(ed):
    return at(ed, HOSPITAL)


def test_hospital_same_number_pairs(classic):
    sheet = helped(hospital(classic), (4, 0), (4, 0))
    assert sheet.marks[HOSPITAL - 1][0] == (4, 4)


@pytest.mark.parametrize(("first", "second"), [(4, 5), (4, 3), (1, 6), (6, 1)])
def test_hospital_pair_needs_the_same_number_twice(classic, first, second):
    sheet = at(classic, HOSPITAL, rest=(first, second, 1))
    sheet = helped(sheet, (first, 0))
    sheet = roll(sheet, second, 1, 1, 1)
    error = refused(sheet, {"type": "help", "die": 0, "slot": 0}, "pair_mismatch")
    assert english(error) == f"That Hospital pair needs another {first} to match."


def test_hospital_same_number_for_multiple_pairs(classic):
    sheet = helped(hospital(classic), (3, 0), (3, 0), (3, 1), (3, 1))
    assert sheet.marks[HOSPITAL - 1][:2] == ((3, 3), (3, 3))


def test_hospital_start_a_new_pair_before_completing_others(classic):
    sheet = helped(hospital(classic), (2, 0), (5, 1), (6, 2))
    assert sheet.marks[HOSPITAL - 1][:3] == ((2,), (5,), (6,))
    sheet = helped(sheet, (5, 1))
    assert sheet.marks[HOSPITAL - 1][1] == (5, 5)


@pytest.mark.parametrize("slot", range(6))
def test_hospital_pairs_in_any_order(classic, slot):
    sheet = helped(hospital(classic), (1, slot), (1, slot))
    assert sheet.marks[HOSPITAL - 1][slot] == (1, 1)


def test_hospital_asks_which_pair_when_a_number_fits_several(classic):
    sheet = at(classic, HOSPITAL, rest=(4, 1, 1))
    refused(sheet, {"type": "help", "die": 1}, "choose_slot")


def test_hospital_completed_pair_is_refused(classic):
    sheet = helped(hospital(classic), (4, 0), (4, 0))
    refused(roll(sheet, 4, 1, 1, 1), {"type": "help", "die": 0, "slot": 0}, "slot_taken")


def test_hospital_no_pair_can_take_the_number(classic):
    full = [(n, s) for s in range(5) for n in (s + 1, s + 1)]
    sheet = helped(hospital(classic), *full, (1, 5))
    error = refused(roll(sheet, 2, 1, 1, 1), {"type": "help", "die": 0}, "no_room")
    assert "No Hospital pair can take a 2" in english(error)
    assert helped(sheet, 1).marks[HOSPITAL - 1][5] == (1, 1)  # the last pair's own number


def test_a_full_hospital_says_it_is_full(classic):
    full = [(n, s) for s in range(6) for n in (s + 1, s + 1)]
    sheet = helped(hospital(classic), *full)
    error = refused(roll(sheet, 3, 1, 1, 1), {"type": "help", "die": 0}, "pairs_full")
    assert english(error) == "Hospital is full: every pair is complete."


def test_hospital_pair_that_does_not_exist_is_bad(classic):
    sheet = at(classic, HOSPITAL, rest=(4, 1, 1))
    refused(sheet, {"type": "help", "die": 1, "slot": 6}, "bad_slot", BadAction)


@pytest.mark.parametrize("slot", range(6))
def test_hospital_completed_pair_scores_its_printed_honor(classic, slot):
    half = helped(hospital(classic), (6, slot))
    assert dict(score(half).locations)["Hospital"] == 0
    sheet = helped(half, (6, slot))
    assert dict(score(sheet).locations)["Hospital"] == classic.location(HOSPITAL).boxes[slot].honor


def test_hospital_pairs_add_up(classic):
    sheet = helped(hospital(classic), (2, 0), (2, 0), (5, 3), (5, 3))
    boxes = classic.location(HOSPITAL).boxes
    assert dict(score(sheet).locations)["Hospital"] == boxes[0].honor + boxes[3].honor


@pytest.mark.parametrize("reward", ["wild", "bystander"])
def test_hospital_printed_pair_earns_its_reward_when_complete(classic, reward):
    slot = reward_box(classic, HOSPITAL, reward)
    half = helped(hospital(classic), (3, slot))
    sheet = helped(half, (3, slot))
    earned = (lambda s: s.wild_earned) if reward == "wild" else (lambda s: s.bystanders)
    assert (earned(half), earned(sheet)) == (0, 1)
