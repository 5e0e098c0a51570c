"""Done, undo, and refusals: a refused action changes nothing and names the rule broken."""

from __future__ import annotations

import dataclasses
import json
from itertools import pairwise

import pytest
from rulekit import DOWNTOWN, GROW, SHAPESHIFT, at, diagonal, do, hero, refused, roll

from dicehero.engine import (
    ActionError,
    BadAction,
    RuleError,
    Sheet,
    apply,
    legal_actions,
    new_sheet,
)
from dicehero.engine.errors import SheetError
from dicehero.engine.phrase import phrase
from dicehero.words import english, say

# -- done and undo -----------------------------------------------------------------------


def test_undo_takes_back_the_last_action_exactly(classic):
    sheet = at(classic, DOWNTOWN, power=GROW, rest=(3, 5, 1))
    steps = [sheet]
    for action in ({"type": "help", "die": 1}, {"type": "power", "die": 2},
                   {"type": "minion", "die": 2}, {"type": "skip", "die": 3}):
        steps.append(apply(steps[-1], action))
    for earlier, later in pairwise(steps):
        assert do(later, "undo") == earlier
        assert do(later, "undo").to_dict() == earlier.to_dict()


def test_undo_reaches_back_to_the_start_of_the_round(classic):
    start = roll(hero(classic), 3, 3, 1, 1)
    sheet = do(do(start, "move", die=0, to=DOWNTOWN), "help", die=1)
    sheet = do(do(sheet, "undo"), "undo")
    assert sheet == start
    refused(sheet, {"type": "undo"}, "nothing_to_undo")


def test_undo_gives_back_a_wild_die(classic):
    sheet = diagonal(classic, GROW)
    assert do(do(sheet, "minion", wild=True), "undo").wild_left == 1


def test_undo_gives_back_a_superpower_use(classic):
    sheet = do(roll(hero(classic, GROW), 2, 2, 2, 2), "power", die=0)
    assert (sheet.powers_left, do(sheet, "undo").powers_left) == (2, 3)


def test_nothing_to_undo_at_the_start_of_a_round(classic):
    error = refused(roll(hero(classic), 1, 2, 3, 4), {"type": "undo"}, "nothing_to_undo")
    assert english(error) == "There is nothing to undo in this round."


def test_undo_only_inside_the_open_round(classic):
    sheet = do(at(classic, DOWNTOWN), "done")
    refused(roll(sheet, 1, 1, 1, 1), {"type": "undo"}, "nothing_to_undo")


def test_undo_after_done_is_refused(classic):
    sheet = do(at(classic, DOWNTOWN), "done")
    refused(sheet, {"type": "undo"}, "nothing_to_undo")


def test_done_is_final_for_the_round(classic):
    sheet = do(at(classic, DOWNTOWN, rest=(3, 1, 1)), "done")
    error = refused(sheet, {"type": "help", "die": 1}, "round_closed")
    assert english(error) == "You are done with this round: wait for the next roll."
    refused(sheet, {"type": "done"}, "round_closed")


def test_the_next_roll_opens_a_new_round_after_done(classic):
    sheet = roll(do(at(classic, DOWNTOWN), "done"), 3, 1, 1, 1)
    assert (sheet.round, sheet.done) == (2, False)
    assert do(sheet, "help", die=0).marks[DOWNTOWN - 1] == (3,)


# -- a refused action changes nothing --------------------------------------------------------

# (the position, the action, the error type, the code); "downtown" is round 1 at Downtown
# with the dice 3 (spent moving), 6, 1, 1 and the superpower Grow.
REFUSALS = [
    ("downtown", {"type": "move", "die": 1, "to": 5}, RuleError, "move_needs_match"),
    ("downtown", {"type": "move", "die": 0, "to": 2}, RuleError, "die_spent"),
    ("downtown", {"type": "move", "die": 1, "to": DOWNTOWN}, RuleError, "already_there"),
    ("downtown", {"type": "help", "die": 1, "slot": 1}, RuleError, "track_order"),
    ("downtown", {"type": "move", "wild": True, "to": 2}, RuleError, "no_wild"),
    ("downtown", {"type": "power", "die": 1}, RuleError, "power_no_change"),
    ("downtown", {"type": "choose", "superpower": 1}, RuleError, "already_chosen"),
    ("downtown", {"type": "move", "die": 1, "to": 2, "teleport": True}, RuleError,
     "not_teleport"),
    ("middle", {"type": "help", "die": 0}, RuleError, "in_middle"),
    ("middle", {"type": "undo"}, RuleError, "nothing_to_undo"),
    ("blank", {"type": "move", "die": 0, "to": 1}, RuleError, "no_roll"),
    ("downtown", {"type": "fly", "die": 1}, BadAction, "unknown_action"),
    ("downtown", {"die": 1}, BadAction, "unknown_action"),
    ("downtown", ["move", 1, 2], BadAction, "bad_action"),
    ("downtown", "move", BadAction, "bad_action"),
    ("downtown", {"type": "move", "die": 1, "to": 2, "speed": 9}, BadAction, "bad_field"),
    ("downtown", {"type": "move", "die": "1", "to": 2}, BadAction, "bad_field"),
    ("downtown", {"type": "move", "die": True, "to": 2}, BadAction, "bad_field"),
    ("downtown", {"type": "move", "die": 1, "to": 2, "teleport": "yes"}, BadAction, "bad_field"),
    ("downtown", {"type": "move", "die": 1}, BadAction, "missing_field"),
    ("downtown", {"type": "help"}, BadAction, "missing_field"),
    ("downtown", {"type": "help", "die": 1, "value": 6}, BadAction, "bad_field"),
    ("downtown", {"type": "help", "die": 1, "wild": True, "value": 3}, BadAction, "bad_field"),
    ("downtown", {"type": "skip", "wild": True}, BadAction, "bad_field"),
    ("downtown", {"type": "choose"}, BadAction, "missing_field"),
    ("downtown", {"type": "skip", "die": 4}, BadAction, "bad_die"),
    ("downtown", {"type": "move", "die": 1, "to": 9}, BadAction, "bad_location"),
    ("downtown", {"type": "help", "die": 1, "slot": 99}, BadAction, "bad_slot"),
]


def position(ed, name):
    """The sheet a row of the table starts from."""
    if name == "blank":
        return hero(ed, GROW)
    if name == "middle":
        return roll(hero(ed, GROW), 3, 6, 1, 1)
    return at(ed, DOWNTOWN, power=GROW, rest=(6, 1, 1))


@pytest.mark.parametrize(("where", "action", "kind", "code"), REFUSALS)
def test_a_refused_action_leaves_the_state_unchanged_and_names_the_rule(
        classic, where, action, kind, code):
    sheet = position(classic, where)
    error = refused(sheet, action, code, kind)
    assert isinstance(error, ActionError)
    assert isinstance(error, ValueError)
    assert error.code == code
    assert english(error).endswith(".")


def test_the_sheet_is_immutable(classic):
    sheet = at(classic, DOWNTOWN)
    with pytest.raises(dataclasses.FrozenInstanceError):
        sheet.position = 1  # type: ignore[misc]


def test_every_legal_action_is_accepted(classic):
    sheet = at(classic, DOWNTOWN, power=SHAPESHIFT, rest=(3, 5, 2))
    actions = legal_actions(sheet)
    assert {a.type for a in actions} == {"move", "help", "minion", "power", "skip", "done",
                                         "undo"}
    for action in actions:
        apply(sheet, action)


# -- the state as JSON ----------------------------------------------------------------------

def test_state_round_trips_through_json_with_its_undo_chain(classic):
    sheet = roll(diagonal(classic, SHAPESHIFT), 2, 2, 5, 4)
    sheet = do(sheet, "help", wild=True, value=2, slot=1)
    sheet = do(sheet, "power", die=0, copy=2)
    sheet = do(sheet, "move", die=1, to=2)
    sheet = do(sheet, "help", die=0, slot=3)
    back = Sheet.from_dict(classic, json.loads(json.dumps(sheet.to_dict())))
    assert back == sheet
    assert back.to_dict() == sheet.to_dict()
    undone = 0
    while back.previous is not None:
        back = do(back, "undo")
        undone += 1
    assert undone == 4
    assert back == roll(diagonal(classic, SHAPESHIFT), 2, 2, 5, 4)


def test_state_round_trips_through_json_before_the_first_roll(classic):
    for sheet in (new_sheet(classic, (3, 4)), hero(classic, GROW)):
        assert Sheet.from_dict(classic, json.loads(json.dumps(sheet.to_dict()))) == sheet


def test_state_for_another_edition_is_refused(classic):
    data = hero(classic).to_dict()
    data["edition"] = "marathon"
    with pytest.raises(SheetError) as stop:
        Sheet.from_dict(classic, data)
    said = stop.value.phrase
    assert said == phrase("other_edition", sheet="marathon", edition="classic")
    assert say(said, "fr") == "Cette feuille enregistrée est pour l’édition marathon, pas classic."
