"""Why the par bot did something, in plain words a child can read at the end of a round.

A reason is read off the sheet before and after the action, so it says what the action
really did: ``Hospital pair of 4s: 3 Honor now``, ``Move to Warehouse: its next box takes
a 5 or higher``. No reason names a rule the engine does not apply.
"""

from __future__ import annotations

from dicehero.engine.actions import Action
from dicehero.engine.edition import Location
from dicehero.engine.locations import kind_of
from dicehero.engine.locations.kind import numbers
from dicehero.engine.scoring import score
from dicehero.engine.state import Sheet


def reason(before: Sheet, action: Action, after: Sheet) -> str:
    """One sentence saying what ``action`` did for the hero (``after`` is ``before`` + it)."""
    ed = before.edition
    if action.type == "done":
        return _done(after)
    die = "the Wild die" if action.wild else f"the {before.dice[action.die].value}"
    if action.type == "skip":
        return f"Skip {die}: it helps nowhere that pays"
    if action.type == "power":
        assert before.superpower is not None  # the engine refuses a power without one
        power = ed.superpower(before.superpower)
        return (f"{power.name} turns {die} into a {after.dice[action.die].value}"
                f" ({after.powers_left} use{'s' if after.powers_left != 1 else ''} left)")
    here = ed.location(before.position) if before.position is not None else None
    if action.type == "minion" and here is not None:
        return f"Robot Minion at {here.name}: {ed.minion_honor} Honor now"
    if action.type == "move" and action.to is not None:
        to = ed.location(action.to)
        how = " with Teleport" if action.teleport else ""
        prospect = kind_of(to).prospect(to, after.marks[action.to - 1], ed.faces)
        return f"Move to {to.name}{how}: {prospect}"
    assert here is not None  # a help: the engine refuses one in the middle circle
    value = action.value if action.wild else before.dice[action.die].value
    return _help(here, value, before, after, die)


def _gains(before: Sheet, after: Sheet) -> str:
    """What the sheet gained, ``3 Honor now and a Wild die``, or ``""`` if nothing yet."""
    parts = []
    saved = after.bystanders - before.bystanders
    rescue = saved * before.edition.bystander_honor
    honor = score(after).total - score(before).total - rescue
    wild = after.wild_earned - before.wild_earned
    if honor > 0:
        parts.append(f"{honor} Honor now")
    if wild:
        parts.append("a Wild die" if wild == 1 else f"{wild} Wild dice")
    if saved:
        parts.append(f"a Bystander saved ({rescue} Honor)" if saved == 1
                     else f"{saved} Bystanders saved ({rescue} Honor)")
    return " and ".join(parts)


def _help(loc: Location, value: int, before: Sheet, after: Sheet, die: str) -> str:
    old, new = before.marks[loc.number - 1], after.marks[loc.number - 1]
    return kind_of(loc).helped(loc, value, die, old, new, _gains(before, after),
                               before.edition.faces)


def _done(sheet: Sheet) -> str:
    """Why the round ends here."""
    unspent = [d.value for d in sheet.dice if not d.used]
    said = f"Done: {score(sheet).total} Honor so far"
    if unspent:
        said += f"; no good use for {numbers(sorted(unspent), sheet.edition.faces, 'and')}"
    if sheet.wild_left and not sheet.finished:
        kept = "a Wild die" if sheet.wild_left == 1 else f"{sheet.wild_left} Wild dice"
        said += f"; keeping {kept} for later"
    return said
