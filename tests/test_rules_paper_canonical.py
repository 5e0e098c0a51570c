"""The witness search's canonical forms: plays that differ only in which die fought a Robot
Minion, or in superpower uses that change nothing, are one play to the search
(``dicehero.engine.paper.search.steps``). Each form still finds the plays it stands for."""

from __future__ import annotations

from rulekit import DOWNTOWN, FIRE, ICE, SHRINK
from witnesskit import witness_draws

from dicehero.engine import apply, new_sheet
from dicehero.engine.paper import PaperMarks, find_witness, parse_marks
from dicehero.engine.paper.search.reading import Reading
from dicehero.engine.paper.search.steps import OWED, Steps
from dicehero.engine.rules import start_round

OFFER = (SHRINK, FIRE)


def _drawn(ed, superpower: int = SHRINK, **fields) -> PaperMarks:
    blank = PaperMarks.of(apply(new_sheet(ed, (superpower, FIRE)),
                                {"type": "choose", "superpower": superpower})).to_dict()
    return parse_marks(blank | fields, ed)


def _minions_at_downtown(ed, n: int) -> list[int]:
    return [n if number == DOWNTOWN else 0 for number in ed.location_numbers]


def _at_downtown(ed, roll: list[int], superpower: int = SHRINK):
    """The sheet after die 0 (a 3) took the hero to Downtown in the first round."""
    sheet = apply(new_sheet(ed, (superpower, FIRE)), {"type": "choose", "superpower": superpower})
    sheet = start_round(sheet, roll)
    return apply(sheet, {"type": "move", "die": 0, "to": DOWNTOWN})


def test_a_robot_minion_is_one_step_whichever_die_could_fight_it(classic):
    # the 1, the 5 and the 6 could each fight it: one step, the die owed till the end
    rolls = [[3, 1, 5, 6]]
    paper = _drawn(classic, minions=_minions_at_downtown(classic, 1))
    reading = Reading(classic, rolls, paper)
    sheet = _at_downtown(classic, rolls[0])
    prog = reading.bits(sheet.marks, sheet.minions)
    works = Steps(reading, alike=True).works(sheet, reading.progress(sheet, prog),
                                             DOWNTOWN - 1, None, {})
    assert [done for _, done, _ in works] == [(OWED,)]
    assert works[0][2].minions[DOWNTOWN - 1] == 1


def test_no_robot_minion_is_fought_with_a_die_already_owed(classic):
    rolls = [[3, 1, 5, 6]]
    paper = _drawn(classic, minions=_minions_at_downtown(classic, 3))
    reading = Reading(classic, rolls, paper)
    sheet = _at_downtown(classic, rolls[0])
    prog = reading.bits(sheet.marks, sheet.minions)
    works = Steps(reading, alike=True).works(sheet, reading.progress(sheet, prog),
                                             DOWNTOWN - 1, None, {}, can_owe=False)
    assert works == []


def test_the_dice_owed_to_robot_minions_are_paid_from_the_dice_left_at_the_end(classic):
    rolls = [[3, 1, 5, 6]]
    paper = _drawn(classic, minions=_minions_at_downtown(classic, 3))
    verdict = find_witness(classic, OFFER, rolls, paper)
    assert verdict.verified
    fought = [a.die for a in verdict.rounds[0] if a.type == "minion"]
    assert sorted(fought) == [1, 2, 3]
    assert witness_draws(classic, OFFER, rolls, paper, verdict)


def test_more_robot_minions_than_dice_left_to_pay_them_is_refused(classic):
    rolls = [[3, 1, 5, 6]]
    data = _drawn(classic, minions=_minions_at_downtown(classic, 3)).to_dict()
    data["marks"][DOWNTOWN - 1] = [1]  # the 1 helps: two dice left for three Robot Minions
    verdict = find_witness(classic, OFFER, rolls, parse_marks(data, classic))
    assert not verdict.verified


def test_superpower_uses_that_change_nothing_are_counted_up_to_what_the_dice_allow(classic):
    # Ice on the 6 three times over, or on the 2 once: up to three uses that change nothing
    rolls = [[3, 2, 6, 1]]
    paper = _drawn(classic, ICE, powers_used=3)
    sheet = _at_downtown(classic, rolls[0], ICE)
    wasted = Steps(Reading(classic, rolls, paper), alike=True).wasted(sheet)
    assert [len(uses) for uses in wasted] == [1, 2, 3]
    assert all(a.type == "power" for uses in wasted for a in uses)


def test_three_uses_on_the_die_a_robot_minion_takes_verify(classic):
    # every die is spent (a move, a help, two Robot Minions): the three Ice uses that
    # change nothing can only go on a die a Robot Minion takes
    rolls = [[3, 3, 6, 2]]
    data = _drawn(classic, ICE, powers_used=3,
                  minions=_minions_at_downtown(classic, 2)).to_dict()
    data["marks"][DOWNTOWN - 1] = [3]
    paper = parse_marks(data, classic)
    verdict = find_witness(classic, (ICE, FIRE), rolls, paper)
    assert verdict.verified
    assert [a.type for a in verdict.rounds[0]].count("power") == 3
    assert witness_draws(classic, (ICE, FIRE), rolls, paper, verdict)
