"""The search behind the par bot: the plans of one round, and what a sheet is worth.

A plan is the actions of one round (without ``done``). :func:`round_plans` finds the
best few distinct sheets a round can end in, by a beam search over the round's legal
actions guided by a value; the par bot then weighs them against sampled future rolls.
"""

from __future__ import annotations

from collections.abc import Callable

from dicehero.engine.actions import Action
from dicehero.engine.bots import _key, _potential, _spending_moves
from dicehero.engine.scoring import score
from dicehero.engine.state import Sheet

Plan = tuple[Action, ...]
Value = Callable[[Sheet], float]


def round_plans(sheet: Sheet, value: Value, width: int = 4,
                keep: int = 1) -> list[tuple[float, Sheet, Plan]]:
    """The ``keep`` best distinct sheets the open round can end in, best first, by ``value``.

    Doing nothing more is always one of the candidates. Ties keep the order the engine
    lists actions in, so the search is deterministic.
    """
    found: dict[tuple[object, ...], tuple[float, Sheet, Plan]] = {
        _end_key(sheet): (value(sheet), sheet, ())}
    beam = [(value(sheet), sheet, ())]
    seen: set[tuple[object, ...]] = set()
    while beam:
        children: list[tuple[float, Sheet, Plan]] = []
        for _, state, plan in beam:
            for action, nxt in _spending_moves(state):
                key = _key(nxt)
                if key in seen:
                    continue
                seen.add(key)
                child = (value(nxt), nxt, (*plan, action))
                children.append(child)
                end = _end_key(nxt)
                if end not in found or child[0] > found[end][0]:
                    found[end] = child
        children.sort(key=lambda c: c[0], reverse=True)
        beam = children[:width]
    return sorted(found.values(), key=lambda c: c[0], reverse=True)[:keep]


def _end_key(sheet: Sheet) -> tuple[object, ...]:
    """What of a sheet carries into the next round (not which die did what)."""
    return (sheet.position, sheet.marks, sheet.minions, sheet.wild_spent, sheet.powers_used)


def rounds_left(sheet: Sheet) -> int:
    """How many rolls are still to come after the sheet's current round."""
    return sheet.edition.rounds - sheet.round


def heuristic(sheet: Sheet) -> float:
    """The score plus what partial work and resources in hand are likely worth later.

    Unlike the greedy bot's value, it knows the game ends: with no roll to come,
    half-done work, Wild dice and superpower uses in hand are worth nothing, so
    the last round spends them.
    """
    total = float(score(sheet).total)
    left = rounds_left(sheet)
    if left <= 0:
        return total
    hope = min(1.0, left / 3)
    for loc, marks in zip(sheet.edition.locations, sheet.marks, strict=True):
        total += _potential(loc, marks) * hope
    return total + (sheet.wild_left * 3.0 + sheet.powers_left * 1.2) * hope
