"""The search behind the par bot: the plans of one round, and what a sheet is worth.

A plan is the actions of one round (without ``done``). :func:`round_plans` finds the
best few distinct sheets a round can end in, by the beam search the greedy bot uses too
(:func:`~dicehero.engine.planning.beam_search`) guided by a value; the par bot then weighs
them against sampled future rolls.
"""

from __future__ import annotations

from dicehero.engine import locations
from dicehero.engine.edition import Edition
from dicehero.engine.locations import Marks
from dicehero.engine.planning import Plan, Value, beam_search
from dicehero.engine.state import Sheet

__all__ = ["Heuristic", "Plan", "Value", "end_key", "round_plans", "rounds_left"]


def round_plans(sheet: Sheet, value: Value, width: int = 4, keep: int = 1,
                spread: int = 0) -> list[tuple[float, Sheet, Plan]]:
    """The ``keep`` best distinct sheets the open round can end in, best first, by ``value``,
    then the best end at each of ``spread`` more locations (where a hero stands matters
    in the next round, and the best ends often stand at one place).

    Doing nothing more is always one of the candidates. Ties keep the order the engine
    lists actions in, so the search is deterministic.
    """
    found: dict[tuple[object, ...], tuple[float, Sheet, Plan]] = {
        end_key(sheet): (value(sheet), sheet, ())}
    for child in beam_search(sheet, value, width, _state_key):
        end = end_key(child[1])
        if end not in found or child[0] > found[end][0]:
            found[end] = child
    ranked = sorted(found.values(), key=lambda c: c[0], reverse=True)
    best = ranked[:keep]
    places = {c[1].position for c in best}
    extra = []
    for c in ranked[keep:]:
        if len(extra) >= spread:
            break
        if c[1].position not in places:
            places.add(c[1].position)
            extra.append(c)
    return best + extra


def _state_key(sheet: Sheet) -> tuple[object, ...]:
    """A sheet mid-round, as far as the rest of the round is concerned."""
    return (*end_key(sheet), tuple((d.value, d.used is None) for d in sheet.dice))


def end_key(sheet: Sheet) -> tuple[object, ...]:
    """What of a sheet carries into the next round (not which die did what)."""
    return (sheet.position, sheet.marks, sheet.minions, sheet.wild_spent, sheet.powers_used)


def rounds_left(sheet: Sheet) -> int:
    """How many rolls are still to come after the sheet's current round."""
    return sheet.edition.rounds - sheet.round


class Heuristic:
    """The score plus what partial work and resources in hand are likely worth later.

    Unlike the greedy bot's value, it knows the game ends: with no roll to come,
    half-done work, Wild dice and superpower uses in hand are worth nothing, so
    the last round spends them. A search asks it about the same marks again and
    again, so what the marks are worth is remembered (for one decision: make a new
    one per decision, so memory does not grow over a game).
    """

    wild_worth = 4.5  # 3.0, the greedy bot's, spends them too soon
    power_worth = 1.2
    hope_rounds = 3  # partial work is worth less with fewer than this many rolls to come

    def __init__(self) -> None:
        # marks -> (Honor of the locations and Bystanders, partial work, Wild dice earned),
        # for the whole sheet and for each location (a search changes one at a time)
        self._sheets: dict[tuple[object, ...], tuple[float, float, int]] = {}
        self._places: dict[tuple[int, Marks], tuple[float, float, int]] = {}

    def __call__(self, sheet: Sheet) -> float:
        """What ``sheet`` is worth."""
        ed = sheet.edition
        known = self._sheets.get(sheet.marks)
        if known is None:
            honor = potential = 0.0
            wild = 0
            for i, marks in enumerate(sheet.marks):
                h, p, w = self._place(ed, i, marks)
                honor += h
                potential += p
                wild += w
            known = (honor, potential, wild)
            self._sheets[sheet.marks] = known
        honor, potential, wild = known
        total = honor + sum(sheet.minions) * ed.minion_honor
        left = ed.rounds - sheet.round
        if left <= 0:
            return total
        hope = min(1.0, left / self.hope_rounds)
        in_hand = ((wild - sheet.wild_spent) * self.wild_worth
                   + (ed.superpower_uses - sheet.powers_used) * self.power_worth)
        return total + (potential + in_hand) * hope

    def _place(self, ed: Edition, index: int, marks: Marks) -> tuple[float, float, int]:
        known = self._places.get((index, marks))
        if known is None:
            loc = ed.locations[index]
            wild, rescued = locations.rewards(loc, marks)
            known = (locations.honor(loc, marks) + rescued * ed.bystander_honor,
                     locations.kind_of(loc).potential(loc, marks), wild)
            self._places[(index, marks)] = known
        return known
