"""The legal uses of a die, asked of the engine once per situation (issue 26.6): a hero in
a situation met before gets the very answer the plain engine gives their own sheet."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dicehero.editions import load_edition
from dicehero.engine import apply, legal_actions, new_sheet, rules, start_round
from dicehero.engine.state import Sheet

EDITIONS = [load_edition("classic"), load_edition("marathon")]


def plain_uses(sheet: Sheet, die: int) -> list[rules.Action]:
    """Every candidate of the die judged by the engine on this very sheet."""
    return [a for a in rules.candidates(sheet, die) if rules._allowed(sheet, a)]


def check_every_die(sheet: Sheet) -> None:
    for die in range(len(sheet.dice) + 1):  # one past the last: no such die, no use
        assert legal_actions(sheet, die) == plain_uses(sheet, die), sheet.to_dict()


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_kept_legal_uses_are_the_plain_engines_on_random_sheets(data: st.DataObject) -> None:
    edition = data.draw(st.sampled_from(EDITIONS))
    die = st.integers(1, edition.faces)
    first = data.draw(die)
    sheet = new_sheet(edition, (first, data.draw(die.filter(lambda n: n != first))))
    check_every_die(sheet)
    sheet = apply(sheet, data.draw(st.sampled_from(legal_actions(sheet))))
    for _ in range(data.draw(st.integers(1, edition.rounds))):
        sheet = start_round(sheet, data.draw(st.lists(die, min_size=edition.dice_per_round,
                                                      max_size=edition.dice_per_round)))
        for _ in range(12):
            check_every_die(sheet)
            action = data.draw(st.sampled_from(legal_actions(sheet)))
            sheet = apply(sheet, action)
            if sheet.done:
                break
        if not sheet.done:
            sheet = apply(sheet, {"type": "done"})


def test_heroes_in_the_same_situation_ask_the_engine_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    asked = []
    plain = rules.candidates
    monkeypatch.setattr(rules, "candidates", lambda *a, **k: asked.append(a) or plain(*a, **k))
    sheets = []
    for _ in range(3):  # three heroes, same choice, same roll
        sheet = apply(new_sheet(EDITIONS[0], (2, 5)), {"type": "choose", "superpower": 5})
        sheets.append(start_round(sheet, [3, 1, 4, 1]))
    uses = [legal_actions(s, 0) for s in sheets]
    assert uses[0] and uses[0] == uses[1] == uses[2]
    assert len([a for a in asked if a[1] == 0]) <= 1


def test_a_spent_die_has_no_use_whatever_was_kept() -> None:
    sheet = apply(new_sheet(EDITIONS[0], (2, 5)), {"type": "choose", "superpower": 2})
    sheet = start_round(sheet, [3, 3, 4, 1])
    assert legal_actions(sheet, 0)
    spent = apply(sheet, {"type": "skip", "die": 0})
    assert legal_actions(spent, 0) == []
    assert legal_actions(spent, 1) == plain_uses(spent, 1)
