"""Why the par bot did something, in plain words a child can read at the end of a round.

A reason is read off the sheet before and after the action, so it says what the action
really did: ``Hospital pair of 4s: 3 Honor now``, ``Move to Warehouse: its next box takes
a 5 or higher``. No reason names a rule the engine does not apply.
"""

from __future__ import annotations

from dicehero.engine import locations
from dicehero.engine.actions import Action
from dicehero.engine.edition import Location
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
        power = ed.superpower(before.superpower or 0)
        return (f"{power.name} turns {die} into a {after.dice[action.die].value}"
                f" ({after.powers_left} use{'s' if after.powers_left != 1 else ''} left)")
    here = ed.location(before.position) if before.position is not None else None
    if action.type == "minion" and here is not None:
        return f"Robot Minion at {here.name}: {ed.minion_honor} Honor now"
    if action.type == "move" and action.to is not None:
        to = ed.location(action.to)
        how = " with Teleport" if action.teleport else ""
        return f"Move to {to.name}{how}: {_prospect(to, after.marks[action.to - 1], ed.faces)}"
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
    gains = _gains(before, after)
    old, new = before.marks[loc.number - 1], after.marks[loc.number - 1]
    if loc.kind == "pairs":
        pair = next(i for i, (o, n) in enumerate(zip(old, new, strict=True)) if o != n)
        what = f"{loc.name} pair of {value}s"
        later = f"a second {value} finishes it for {loc.boxes[pair].honor} Honor"
        return f"{what}: {gains}" if len(new[pair]) == 2 else f"{what}: {later}"
    if loc.kind == "track":
        box = len(new)
        what = f"{loc.name} box {box} with {die}" if box > 1 else f"{loc.name} starts with {die}"
        if gains:
            return f"{what}: {gains}"
        return f"{what}: {_prospect(loc, new, before.edition.faces)}"
    what = f"{loc.name} box for a {value}"
    if gains:
        return f"{what}: {gains}"
    cell = next(i for i, (o, n) in enumerate(zip(old, new, strict=True)) if o != n)
    return f"{what}: {_nearest_line(loc, new, cell)}"


def _nearest_line(loc: Location, marks: locations.Marks, cell: int) -> str:
    """The line through ``cell`` closest to done, in words."""
    best = None
    for line in loc.lines:
        if cell not in line.cells:
            continue
        left = sum(1 for c in line.cells if not marks[c])
        if left and (best is None or left < best[0]):
            best = (left, line)
    if best is None:
        return "on the way to its rewards"
    left, line = best
    label = line.label if line.label.startswith("the ") else f"the {line.label}"
    return f"{left} more for {label} ({line.honor} Honor)"


def _prospect(loc: Location, marks: locations.Marks, faces: int) -> str:
    """What the location takes next, in words: ``its next box takes a 4 or a 6``."""
    if loc.kind == "track":
        if len(marks) >= len(loc.boxes):
            return "it is full, but its Robot Minions are there"
        if not marks:
            return "any number starts it"
        takes = [v for v in range(1, faces + 1)
                 if locations.help_slots(loc, marks, v)]
        return f"its next box takes {_numbers(takes, faces)}"
    if loc.kind == "pairs":
        open_pairs = sorted({p[0] for p in marks if len(p) == 1})
        if open_pairs:
            return f"{_numbers(open_pairs, faces)} finishes a pair there"
        return "any two of a number make a pair there"
    open_numbers = sorted({loc.cell_numbers[i] for i, m in enumerate(marks) if not m})
    if not open_numbers:
        return "every box is marked, but its Robot Minions are there"
    return f"it still needs {_numbers(open_numbers, faces, 'and')}"


def _numbers(values: list[int], faces: int, joiner: str = "or") -> str:
    """``a 4``, ``a 4 or a 6``, ``a 5 or higher``: numbers as people say them."""
    if values == list(range(1, faces + 1)):
        return "any number"
    if joiner == "or" and len(values) > 2 and values == list(range(values[0], faces + 1)):
        return f"a {values[0]} or higher"
    words = [f"a {v}" for v in values]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + f" {joiner} " + words[-1]


def _done(sheet: Sheet) -> str:
    """Why the round ends here."""
    unspent = [d.value for d in sheet.dice if not d.used]
    said = f"Done: {score(sheet).total} Honor so far"
    if unspent:
        said += f"; no good use for {_numbers(sorted(unspent), sheet.edition.faces, 'and')}"
    if sheet.wild_left and not sheet.finished:
        kept = "a Wild die" if sheet.wild_left == 1 else f"{sheet.wild_left} Wild dice"
        said += f"; keeping {kept} for later"
    return said
