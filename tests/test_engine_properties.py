"""Invariants of random legal play over whole games (hypothesis drives the choices)."""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dicehero.editions import load_edition
from dicehero.engine import (
    ActionError,
    Sheet,
    apply,
    legal_actions,
    locations,
    new_sheet,
    score,
    start_round,
)
from dicehero.engine.edition import Edition
from dicehero.engine.paper import check_location
from dicehero.engine.rules import candidates
from dicehero.words import english

CLASSIC = load_edition("classic")


def recount(sheet: Sheet) -> int:
    """The total counted afresh from the marks, without the scoring module."""
    ed = sheet.edition
    total = sum(locations.honor(loc, m) for loc, m in zip(ed.locations, sheet.marks, strict=True))
    rescued = sum(locations.rewards(loc, m)[1]
                  for loc, m in zip(ed.locations, sheet.marks, strict=True))
    return total + rescued * ed.bystander_honor + sum(sheet.minions) * ed.minion_honor


def check_invariants(sheet: Sheet) -> None:
    """What must hold after every step of any legal game."""
    s = score(sheet)
    assert s.total == sum(h for _, h in s.locations) + s.bystander_honor + s.minion_honor
    assert s.total == recount(sheet)
    assert 0 <= sheet.powers_used <= sheet.edition.superpower_uses
    assert 0 <= sheet.wild_spent <= sheet.wild_earned
    assert all(0 <= m <= sheet.edition.minions_per_location for m in sheet.minions)
    for loc, marks in zip(sheet.edition.locations, sheet.marks, strict=True):
        check_location(loc, marks, sheet.edition.faces)  # drawn one by one, each obeys the rule
    for die in sheet.dice:
        assert 1 <= die.value <= sheet.edition.faces


def play_random_game(edition: Edition, data: st.DataObject,
                     check: Callable[[Sheet], None] = check_invariants) -> Sheet:
    """A whole game where hypothesis picks the dice and every action among the legal ones;
    ``check`` is asked of the sheet after each roll and each step."""
    die = st.integers(1, edition.faces)
    first = data.draw(die)
    second = data.draw(die.filter(lambda n: n != first))
    sheet = new_sheet(edition, (first, second))
    sheet = apply(sheet, data.draw(st.sampled_from(legal_actions(sheet))))
    for _ in range(edition.rounds):
        dice = data.draw(st.lists(die, min_size=edition.dice_per_round,
                                  max_size=edition.dice_per_round))
        sheet = start_round(sheet, dice)
        check(sheet)
        for _ in range(40):
            options = legal_actions(sheet)
            action = data.draw(st.sampled_from(options))
            before = sheet
            sheet = apply(sheet, action)
            check(sheet)
            if action.type == "undo":
                assert sheet is before.previous
            elif action.die is not None and action.type != "power":
                assert not before.dice[action.die].used, "a die was spent twice"
                assert sheet.dice[action.die].used == action.type
            if action.type != "undo" and not sheet.done:
                assert apply(sheet, {"type": "undo"}).to_dict() == before.to_dict()
            if sheet.done:
                break
        if not sheet.done:
            sheet = apply(sheet, {"type": "done"})
    return sheet


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_legal_games_keep_every_invariant(data: st.DataObject) -> None:
    sheet = play_random_game(CLASSIC, data)
    assert sheet.finished


def accepted(sheet: Sheet, action: object) -> bool:
    """Whether ``apply`` takes the action."""
    try:
        apply(sheet, action)
    except ActionError:
        return False
    return True


def lights_exactly_what_apply_accepts(sheet: Sheet) -> None:
    """Each die's legal uses (and the Wild die's) are its candidates that apply accepts."""
    for die in range(len(sheet.dice)):
        assert legal_actions(sheet, die) == [a for a in candidates(sheet, die)
                                            if accepted(sheet, a)]
    assert legal_actions(sheet, wild=True) == [a for a in candidates(sheet, None, wild=True)
                                               if accepted(sheet, a)]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_phone_lights_up_exactly_the_uses_the_rules_accept(data: st.DataObject) -> None:
    play_random_game(CLASSIC, data, lights_exactly_what_apply_accepts)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_any_action_dict_is_applied_or_refused_with_an_action_error(data: st.DataObject) -> None:
    sheet = new_sheet(CLASSIC, (2, 5))
    sheet = apply(sheet, {"type": "choose", "superpower": data.draw(st.sampled_from([2, 5]))})
    sheet = start_round(sheet, data.draw(st.lists(st.integers(1, 6), min_size=4, max_size=4)))
    small = st.one_of(st.none(), st.integers(-2, 13), st.booleans(), st.text(max_size=2))
    for _ in range(8):
        raw = data.draw(st.fixed_dictionaries(
            {"type": st.sampled_from(["move", "help", "minion", "power", "skip", "done",
                                      "undo", "choose", "fly"])},
            optional={k: small for k in ("die", "wild", "value", "to", "slot", "copy",
                                         "teleport", "superpower")}))
        raw = {k: v for k, v in raw.items() if v is not None}
        before = sheet.to_dict()
        try:
            sheet = apply(sheet, raw)
        except ActionError as e:
            assert e.code and english(e)
            assert sheet.to_dict() == before
        check_invariants(sheet)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_the_sheet_round_trips_through_json_at_any_moment(data: st.DataObject) -> None:
    sheet = play_random_game(CLASSIC, data)
    again = Sheet.from_dict(CLASSIC, json.loads(json.dumps(sheet.to_dict())))
    assert again == sheet


@pytest.mark.parametrize("name", ["classic", "marathon"])
def test_every_edition_plays_random_games_to_the_end(name: str) -> None:
    edition = load_edition(name)

    @settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(st.data())
    def play(data: st.DataObject) -> None:
        sheet = play_random_game(edition, data)
        assert sheet.round == edition.rounds

    play()


def test_evolve_changes_exactly_the_fields_a_sheet_has() -> None:
    fields = set(Sheet.__dataclass_fields__) - {"edition", "reward_counts", "scored"}
    assert set(inspect.signature(Sheet.evolve).parameters) - {"self"} == fields
    sheet = new_sheet(CLASSIC, (2, 5))
    assert sheet.evolve() == sheet
    assert sheet.evolve(round=3).round == 3


def test_a_roll_keeps_the_score_and_a_mark_scores_again() -> None:
    """A hero's sheet pushed after each roll is not scored again (issue 26.6): the score is
    kept with the marks, and a new mark or minion makes a new one."""
    sheet = apply(new_sheet(CLASSIC, (2, 5)), {"type": "choose", "superpower": 2})
    sheet = start_round(sheet, [1, 2, 3, 4])
    first = score(sheet)
    sheet = apply(sheet, {"type": "done"})
    rolled = start_round(sheet, [6, 6, 6, 6])
    assert score(rolled) is first
    marked = rolled
    for die in range(4):  # the first die moves the hero from the middle, a next one marks
        tries = [apply(marked, a) for a in legal_actions(marked, die)]
        marked = next((t for t in tries if t.marks != rolled.marks), tries[0])
        if marked.marks != rolled.marks:
            break
    assert marked.marks != rolled.marks
    assert score(marked) is not first and score(marked).total == recount(marked)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(CLASSIC.locations), st.lists(
    st.integers(1, 6), max_size=12), st.integers(1, 6))
def test_a_kind_offers_a_slot_exactly_when_writing_there_is_allowed(loc, values, value):
    """One rule object per kind: where it says a number may go, writing it succeeds; where
    it says not, writing is refused with the kind's own reason."""
    marks = locations.empty_marks(loc)
    for v in values:  # a reachable state: write what fits, skip what does not
        slots = locations.help_slots(loc, marks, v)
        if slots:
            marks = locations.write(loc, marks, v, slots[0])
    offered = set(locations.help_slots(loc, marks, value))
    for slot in range(locations.kind_of(loc).size(loc)):
        try:
            locations.write(loc, marks, value, slot)
            allowed = True
        except ActionError as e:
            allowed = False
            assert english(e) and e.code in {"slot_taken", "wrong_number", "no_room",
                                            "pairs_full", "pair_mismatch", "track_full",
                                            "track_order", "track_same", "track_adjacent",
                                            "track_lower"}
        assert allowed == (slot in offered), (loc.name, marks, value, slot)
    assert locations.filled(loc, marks) <= locations.kind_of(loc).size(loc)
