"""What a hero did with each die of a round, read from their actions (the decision map)."""

from __future__ import annotations

from rulekit import DOWNTOWN, GROW, HOSPITAL, hero, roll

from dicehero.engine import new_sheet
from dicehero.engine.decisions import DieUses
from dicehero.engine.replay import Replay


def die_uses(start, actions):
    """What each die of ``start``'s round did after ``actions``, read by watching a replay."""
    seen = DieUses()
    steps = Replay(start, observer=seen)
    for action in actions:
        steps.act(action)
    return seen.of_round(start.round, len(start.dice)), steps.sheet


def test_a_move_a_help_at_the_new_place_and_a_minion_there(classic):
    start = roll(hero(classic), 3, 3, 5, 2)
    uses, _ = die_uses(start, [{"type": "move", "die": 0, "to": DOWNTOWN},
                            {"type": "help", "die": 1}, {"type": "minion", "die": 3}])
    assert uses == [("move", DOWNTOWN), ("help", DOWNTOWN), ("skip", None),
                    ("minion", DOWNTOWN)]


def test_an_undone_action_did_nothing(classic):
    start = roll(hero(classic), 2, 2, 4, 4)
    uses, _ = die_uses(start, [{"type": "move", "die": 0, "to": HOSPITAL}, {"type": "undo"},
                            {"type": "move", "die": 1, "to": HOSPITAL},
                            {"type": "help", "die": 0, "slot": 0}])
    assert uses == [("help", HOSPITAL), ("move", HOSPITAL), ("skip", None), ("skip", None)]


def test_a_superpower_changes_a_die_which_counts_for_what_it_did_next(classic):
    start = roll(hero(classic, GROW), 1, 3, 3, 3)
    uses, _ = die_uses(start, [{"type": "power", "die": 0},  # Grow: the 1 becomes a 6
                            {"type": "move", "die": 0, "to": 6}])
    assert uses[0] == ("move", 6)


def test_a_die_left_unused_and_a_die_skipped_are_both_skips(classic):
    start = roll(hero(classic), 3, 3, 5, 2)
    uses, _ = die_uses(start, [{"type": "skip", "die": 2}, {"type": "done"}])
    assert uses == [("skip", None)] * 4


def test_rounds_are_told_apart_and_a_round_without_actions_is_all_skips(classic):
    seen = DieUses()
    steps = Replay(new_sheet(classic, (GROW, 1)), observer=seen)
    steps.act({"type": "choose", "superpower": GROW})
    steps.act({"type": "undo"})  # the choice taken back before the first roll
    steps.act({"type": "choose", "superpower": GROW})
    steps.roll([3, 3, 5, 2])
    steps.act({"type": "move", "die": 0, "to": DOWNTOWN})
    steps.roll([2, 2, 4, 4])
    steps.roll([3, 1, 1, 1])
    steps.act({"type": "help", "die": 0})
    assert seen.of_round(1, 4) == [("move", DOWNTOWN)] + [("skip", None)] * 3
    assert seen.of_round(2, 4) == [("skip", None)] * 4
    assert seen.of_round(3, 4) == [("help", DOWNTOWN)] + [("skip", None)] * 3
