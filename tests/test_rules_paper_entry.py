"""A paper sheet entered round by round (the advanced entry page): each tap, undo across
rounds, and what a player may no longer change once later dice are out. Our rulings
(docs/RULES.md, "Paper sheets entered round by round"); the engine's
``dicehero/engine/paper/entry.py``, which the store only wraps."""

from __future__ import annotations

import pytest
from rulekit import FIRE, SHRINK

from dicehero.engine import Action, RuleError
from dicehero.engine.paper.entry import check_unchanged, entry_step, locked_rounds
from dicehero.engine.replay import IllegalAction

OFFER = (SHRINK, FIRE)
ROLLS = [[3, 3, 5, 1], [2, 6, 4, 4], [6, 6, 1, 2]]
MOVE = {"type": "move", "die": 0, "to": 3}
HELP = {"type": "help", "die": 1}
DONE = {"type": "done"}


def step(ed, superpower, rounds, action):
    return entry_step(ed, OFFER, ROLLS, superpower, rounds, Action(**action))


@pytest.mark.parametrize(("superpower", "rounds", "action", "after"), [
    # choose, then the first round's dice
    (None, [], {"type": "choose", "superpower": SHRINK}, (SHRINK, [])),
    (SHRINK, [], MOVE, (SHRINK, [[MOVE]])),
    (SHRINK, [[MOVE]], HELP, (SHRINK, [[MOVE, HELP]])),
    # after done, the next tap belongs to the next rolled round
    (SHRINK, [[MOVE, DONE]], {"type": "minion", "die": 2}, (SHRINK, [[MOVE, DONE],
                                                                   [{"type": "minion",
                                                                     "die": 2}]])),
    # undo takes back the last mark, across rounds, then the superpower
    (SHRINK, [[MOVE, DONE], [HELP]], {"type": "undo"}, (SHRINK, [[MOVE, DONE]])),
    (SHRINK, [[MOVE]], {"type": "undo"}, (SHRINK, [])),
    (SHRINK, [[], []], {"type": "undo"}, (None, [])),  # empty rounds hold no mark
    (SHRINK, [], {"type": "undo"}, (None, [])),
], ids=["choose", "first-die", "second-die", "next-round-after-done", "undo-across-rounds",
        "undo-last-mark", "undo-skips-empty-rounds", "undo-the-superpower"])
def test_each_tap_of_the_entry_page(classic, superpower, rounds, action, after):
    got = step(classic, superpower, rounds, action)
    assert (got[0], got[1]) == after


@pytest.mark.parametrize(("superpower", "rounds", "action", "code", "round_"), [
    (None, [], {"type": "undo"}, "nothing_to_undo", None),
    (None, [], {"type": "choose", "superpower": 6}, "not_offered", 0),
    (SHRINK, [], {"type": "move", "die": 0, "to": 2}, "move_needs_match", 1),
    (SHRINK, [[DONE]], {"type": "help", "die": 0}, "in_middle", 2),
], ids=["nothing-to-undo", "not-offered", "move-needs-match", "in-round-2"])
def test_a_refused_tap_names_its_round(classic, superpower, rounds, action, code, round_):
    with pytest.raises((IllegalAction, RuleError)) as caught:
        step(classic, superpower, rounds, action)
    error = caught.value
    assert error.code == code
    if round_ is not None:
        assert error.round == round_


@pytest.mark.parametrize(("sent", "rolled", "over", "locked"), [
    (0, 3, False, 0),
    (1, 1, False, 0),  # round 1 is still open while roll 1 is the last out
    (1, 2, False, 1),
    (3, 3, False, 2),
    (3, 3, True, 3),  # at the end, every round is closed
    (2, 5, True, 2),
])
def test_a_round_is_locked_once_the_next_roll_is_out(sent, rolled, over, locked):
    assert locked_rounds(sent, rolled, over) == locked


@pytest.mark.parametrize(("sent", "now", "rolled", "over", "refused"), [
    ((SHRINK, [[MOVE, DONE]]), (SHRINK, [[MOVE, DONE], [HELP]]), 2, False, False),
    ((SHRINK, [[MOVE, DONE]]), (SHRINK, [[HELP, DONE]]), 2, False, True),
    ((SHRINK, [[MOVE]]), (SHRINK, [[HELP]]), 1, False, False),  # round 1 still open
    ((SHRINK, []), (FIRE, []), 0, False, False),  # before the first roll
    ((SHRINK, []), (FIRE, []), 1, False, True),
    ((SHRINK, [[MOVE]]), (SHRINK, [[HELP]]), 1, True, True),  # after the end
], ids=["add-a-round", "rewrite-a-closed-round", "rewrite-the-open-round",
        "superpower-before-the-first-roll", "superpower-after-it", "after-the-end"])
def test_a_player_may_not_rewrite_what_later_dice_could_improve(sent, now, rolled, over,
                                                                refused):
    try:
        check_unchanged(*sent, *now, rolled, over)
    except RuleError as e:
        assert refused and e.code == "round_locked"
    else:
        assert not refused
