"""Replays: a hero's actions folded over the game's rolls, the way paper sheets, game logs,
the live store and solo play all read them (``dicehero.engine.replay``).

The rulebook plays at a table; these are our rulings for a sheet read back afterwards:
a paper sheet entered after the game, a game log, a solo game saved in a browser.
"""

from __future__ import annotations

import pytest
from rulekit import CITY_HALL, DOWNTOWN, HOSPITAL, SHAPESHIFT, TELEPORT

from dicehero.commands.score import illegal  # the log checker's line (dicehero score)
from dicehero.engine import apply, new_sheet, start_round
from dicehero.engine.replay import IllegalAction, Replay, replay
from dicehero.words import english

OFFER = (TELEPORT, SHAPESHIFT)
ROLLS = [[3, 1, 6, 6], [2, 2, 5, 4], [1, 2, 3, 3]]


def move(die, to, **more):
    return {"type": "move", "die": die, "to": to, **more}


def helps(die, **more):
    return {"type": "help", "die": die, **more}


DONE = {"type": "done"}

# (superpower, rounds, code, where the refusal says it was)
REFUSALS = [
    pytest.param(4, [], "not_offered", "Before the first roll", id="choice-not-offered"),
    pytest.param(TELEPORT, [[move(1, DOWNTOWN)]], "move_needs_match", "Round 1, die 2 (a 1)",
                 id="move-needs-match"),
    pytest.param(TELEPORT, [[move(0, DOWNTOWN), helps(0)]], "die_spent", "Round 1, die 1 (a 3)",
                 id="die-spent"),
    pytest.param(TELEPORT, [[move(0, DOWNTOWN), DONE], [{"type": "help", "wild": True,
                                                         "value": 3}]],
                 "no_wild", "Round 2, the Wild die", id="no-wild-die"),
    pytest.param(TELEPORT, [[move(0, DOWNTOWN), DONE, helps(1)]], "round_closed",
                 "Round 1, die 2 (a 1)", id="after-done"),
    pytest.param(TELEPORT, [[], [move(7, DOWNTOWN)]], "bad_die", "Round 2", id="no-such-die"),
    pytest.param(SHAPESHIFT, [[move(0, DOWNTOWN), {"type": "power", "die": 1, "copy": 0},
                               helps(1), helps(2)]],
                 "track_same", "Round 1, die 3 (a 6)", id="changed-die-named-as-rolled"),
    pytest.param(None, [[move(0, DOWNTOWN)]], "no_superpower", "Round 1, die 1 (a 3)",
                 id="no-superpower-chosen"),
]


@pytest.mark.parametrize(("superpower", "rounds", "code", "where"), REFUSALS)
def test_a_refused_action_names_its_round_and_its_die_counted_from_1(classic, superpower,
                                                                     rounds, code, where):
    with pytest.raises(IllegalAction) as info:
        replay(classic, OFFER, ROLLS[:max(1, len(rounds))], rounds, superpower)
    error = info.value
    assert error.code == code == error.error.code
    assert english(error.place) == where
    assert english(error) == f"{where}: {english(error.rule)}"


def test_a_superpower_changed_die_is_named_by_the_number_rolled(classic):
    rounds = [[move(0, DOWNTOWN), {"type": "power", "die": 1, "copy": 0}, helps(1),
               {"type": "minion", "die": 1}]]
    with pytest.raises(IllegalAction) as info:
        replay(classic, OFFER, ROLLS[:1], rounds, SHAPESHIFT)
    assert english(info.value.place) == "Round 1, die 2 (a 1)"  # spent as a 3, written down as a 1
    assert info.value.die == 1 and not info.value.wild


def test_round_k_of_a_sheet_answers_roll_k(classic):
    rounds = [[move(0, DOWNTOWN), helps(1, slot=0), DONE], [move(2, 5), helps(3)]]
    by_hand = apply(new_sheet(classic, OFFER), {"type": "choose", "superpower": TELEPORT})
    for dice, actions in zip(ROLLS, rounds, strict=False):
        by_hand = start_round(by_hand, dice)
        for action in actions:
            by_hand = apply(by_hand, action)
    assert replay(classic, OFFER, ROLLS[:2], rounds, TELEPORT) == by_hand


def test_a_sheet_stands_where_its_actions_stop_rolls_without_actions_are_only_started(classic):
    sheet = replay(classic, OFFER, ROLLS, [[move(0, DOWNTOWN), DONE]], TELEPORT)
    assert sheet.round == 3 and not any(d.used for d in sheet.dice)
    assert sheet.position == DOWNTOWN


def test_the_next_roll_forfeits_the_dice_a_hero_left_unspent(classic):
    steps = Replay(apply(new_sheet(classic, OFFER), {"type": "choose", "superpower": TELEPORT}))
    steps.roll(ROLLS[0])
    steps.act(move(0, DOWNTOWN))
    steps.roll(ROLLS[1])
    steps.act(DONE)
    steps.roll(ROLLS[2])
    assert steps.forfeited == [(1, [1, 6, 6])]  # round 2 was done: nothing forfeited


def test_a_replay_keeps_the_sheet_as_the_latest_roll_found_it(classic):
    """The standings of a round start from it: who climbed most this round."""
    chosen = apply(new_sheet(classic, OFFER), {"type": "choose", "superpower": TELEPORT})
    steps = Replay(chosen)
    assert steps.before_roll is chosen
    steps.roll(ROLLS[0])
    moved = steps.act(move(0, DOWNTOWN))
    steps.roll(ROLLS[1])
    assert steps.before_roll is moved and steps.sheet.round == 2


def test_rows_folded_one_by_one_give_the_sheet_of_the_whole_replay(classic):
    rounds = [[move(0, DOWNTOWN), helps(1, slot=0)], [], [move(0, CITY_HALL), helps(1, slot=1)]]
    rows = [(number, action) for number, actions in enumerate(rounds, start=1)
            for action in actions]
    steps = Replay(apply(new_sheet(classic, OFFER), {"type": "choose", "superpower": TELEPORT}))
    for roll_number, action in rows:
        steps.catch_up(ROLLS, roll_number)
        steps.act(action)
    steps.catch_up(ROLLS, len(ROLLS))
    assert steps.sheet == replay(classic, OFFER, ROLLS, rounds, TELEPORT)


def test_an_observer_is_told_every_action_the_replay_accepts(classic):
    """What a reader needs beyond the sheet (the decision map: what each die did) it reads
    by watching the one replay, undo included, refusals not."""
    told = []
    steps = Replay(new_sheet(classic, OFFER),
                   observer=lambda before, action, after: told.append(
                       (before.round, action.type, after.round)))
    steps.act({"type": "choose", "superpower": TELEPORT})
    steps.roll(ROLLS[0])
    steps.act(move(0, DOWNTOWN))
    steps.act({"type": "undo"})
    with pytest.raises(IllegalAction):
        steps.act(helps(0))
    assert told == [(0, "choose", 0), (1, "move", 1), (1, "undo", 1)]


def test_a_refusal_leaves_the_replay_where_it_was(classic):
    steps = Replay(apply(new_sheet(classic, OFFER), {"type": "choose", "superpower": TELEPORT}))
    before = steps.roll(ROLLS[0])
    with pytest.raises(IllegalAction):
        steps.act(helps(0))  # in the middle circle
    assert steps.sheet is before


def test_an_action_that_is_not_an_action_is_refused_at_its_round(classic):
    steps = Replay(start_round(new_sheet(classic, OFFER), ROLLS[0]))
    with pytest.raises(IllegalAction) as info:
        steps.act({"type": "fly"})
    assert (info.value.code, english(info.value.place), info.value.action) == (
        "unknown_action", "Round 1", None)


def test_a_log_line_names_the_player_the_round_the_action_and_the_rule(classic):
    with pytest.raises(IllegalAction) as info:
        replay(classic, OFFER, ROLLS[:1], [[move(1, DOWNTOWN)]], TELEPORT, player="Ada")
    assert illegal(info.value) == (
        "Ada, round 1: move (die 2, to location 3): From the middle circle a 1 moves you to "
        "City Hall; Downtown needs a 3. [move_needs_match]")


def test_a_box_that_does_not_exist_is_counted_from_1_in_the_log_line(classic):
    """A real log said "City Hall has no box 99; its boxes are 0 to 8" of box 100."""
    rounds = [[move(0, CITY_HALL), helps(1, slot=99)]]
    with pytest.raises(IllegalAction) as info:
        replay(classic, OFFER, [[1, 2, 3, 3]], rounds, TELEPORT, player="Ada")
    assert illegal(info.value) == (
        "Ada, round 1: help (die 2, box 100): There is no box 100: City Hall has boxes "
        "1 to 9. [bad_slot]")


def test_a_pair_that_does_not_exist_is_counted_from_1(classic):
    with pytest.raises(IllegalAction) as info:
        replay(classic, OFFER, [[2, 2, 3, 3]], [[move(0, HOSPITAL), helps(1, slot=6)]], TELEPORT)
    assert english(info.value.rule) == "There is no pair 7: Hospital has pairs 1 to 6."


@pytest.mark.parametrize(("action", "rule"), [
    (move(4, DOWNTOWN), "There is no die 5: this round has dice 1 to 4."),
    ({"type": "power", "die": 0, "copy": 4}, "There is no die 5 to copy: this round has dice "
                                             "1 to 4."),
], ids=["die", "die-to-copy"])
def test_a_die_that_does_not_exist_is_counted_from_1(classic, action, rule):
    with pytest.raises(IllegalAction) as info:
        replay(classic, OFFER, ROLLS[:1], [[action]], SHAPESHIFT, player="Ada")
    assert (info.value.code, english(info.value.rule)) == ("bad_die", rule)


def test_a_choice_refused_before_the_first_roll_says_so(classic):
    with pytest.raises(IllegalAction) as info:
        replay(classic, OFFER, [], [], 6, player="Ada")
    assert info.value.round == 0
    assert illegal(info.value).startswith("Ada, before the first roll: choose (superpower 6): ")


def test_solo_a_hero_alone_is_rolled_the_next_round_as_soon_as_they_are_done(classic):
    steps = Replay(start_round(new_sheet(classic, OFFER), ROLLS[0]))
    steps.act_then_roll({"type": "choose", "superpower": TELEPORT}, ROLLS)
    assert steps.sheet.round == 1
    assert steps.act_then_roll(DONE, ROLLS).round == 2
    assert [d.rolled for d in steps.sheet.dice] == ROLLS[1]
    steps.act_then_roll(DONE, ROLLS)
    last = steps.act_then_roll(DONE, ROLLS)
    assert last.round == 3 and last.done  # no roll is left to give
