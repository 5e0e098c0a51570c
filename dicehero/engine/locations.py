"""The rule of each kind of location: where a number may be written, and what it scores.

Marks are immutable plain data, one value per location:

* ``cells`` (City Hall, Church): a tuple of booleans, one per printed cell;
* ``pairs`` (Hospital): a tuple with one tuple of 0, 1 or 2 numbers per pair;
* ``track`` (Downtown, Powerplant, Warehouse): the tuple of numbers written so far.
"""

from __future__ import annotations

from typing import Any

from dicehero.engine.edition import Location
from dicehero.engine.errors import BadAction, RuleError

Marks = tuple[Any, ...]


def empty_marks(loc: Location) -> Marks:
    """The marks of a location nobody has helped yet."""
    if loc.kind == "cells":
        return (False,) * len(loc.cell_numbers)
    if loc.kind == "pairs":
        return ((),) * len(loc.boxes)
    return ()


def help_slots(loc: Location, marks: Marks, value: int) -> list[int]:
    """Every slot where ``value`` may be written now (cells, pairs, or the next track box)."""
    if loc.kind == "cells":
        numbers = loc.cell_numbers
        return [i for i, marked in enumerate(marks) if not marked and numbers[i] == value]
    if loc.kind == "pairs":
        return [i for i, pair in enumerate(marks)
                if not pair or (len(pair) == 1 and pair[0] == value)]
    return [len(marks)] if _track_accepts(loc, marks, value) else []


def _track_accepts(loc: Location, marks: Marks, value: int) -> bool:
    if len(marks) >= len(loc.boxes):
        return False
    if not marks:
        return True
    if loc.step == "same":
        return value == marks[0]
    if loc.step == "adjacent":
        return abs(value - marks[-1]) == 1
    return value >= marks[-1]


def write(loc: Location, marks: Marks, value: int, slot: int | None, faces: int = 6) -> Marks:
    """The marks after helping with ``value`` in ``slot``; raise :class:`RuleError` if illegal.

    ``slot`` may be left out when there is only one place the number can go.
    """
    slots = help_slots(loc, marks, value)
    if slot is None:
        if len(slots) > 1:
            raise RuleError("choose_slot", _choose_message(loc, value, len(slots)))
        if not slots:
            raise _refusal(loc, marks, value, None, faces)
        slot = slots[0]
    elif slot not in slots:
        if not 0 <= slot < loc.size:
            raise BadAction("bad_slot", f"{loc.name} has no box {slot}; "
                                        f"its boxes are 0 to {loc.size - 1}.")
        raise _refusal(loc, marks, value, slot, faces)
    if loc.kind == "cells":
        return (*marks[:slot], True, *marks[slot + 1:])
    if loc.kind == "pairs":
        return (*marks[:slot], (*marks[slot], value), *marks[slot + 1:])
    return (*marks, value)


def _choose_message(loc: Location, value: int, count: int) -> str:
    what = "pair" if loc.kind == "pairs" else "box"
    return f"A {value} fits {count} places at {loc.name}: choose which {what}."


def _refusal(loc: Location, marks: Marks, value: int, slot: int | None,
             faces: int) -> RuleError:
    """The plain-words reason why ``value`` cannot go in ``slot`` (or anywhere)."""
    name = loc.name
    if loc.kind == "cells":
        numbers = loc.cell_numbers
        if slot is not None and marks[slot]:
            return RuleError("slot_taken", f"That {name} box is already marked.")
        if slot is not None and numbers[slot] != value:
            return RuleError("wrong_number",
                             f"That {name} box needs a {numbers[slot]}, not a {value}.")
        if value not in numbers:
            wanted = _either(sorted(set(numbers)))
            return RuleError("wrong_number", f"{name} needs {wanted}; a {value} does not fit.")
        return RuleError("no_room", f"Every {value} at {name} is already marked.")
    if loc.kind == "pairs":
        if all(len(p) == 2 for p in marks):
            return RuleError("pairs_full", f"{name} is full: every pair is complete.")
        pair = marks[slot] if slot is not None else ()
        if len(pair) == 2:
            return RuleError("slot_taken", f"That {name} pair is already complete.")
        if len(pair) == 1:
            return RuleError("pair_mismatch",
                             f"That {name} pair needs another {pair[0]} to match.")
        return RuleError("no_room", f"No {name} pair can take a {value}: "
                                    f"start a new pair or finish one with its own number.")
    if len(marks) >= len(loc.boxes):
        return RuleError("track_full", f"{name} is full.")
    if slot is not None and slot != len(marks):
        return RuleError("track_order", f"{name} is filled in order: the next box is "
                                        f"box {len(marks) + 1}.")
    last = marks[-1]
    if loc.step == "same":
        return RuleError("track_same", f"{name} needs a {marks[0]}: every number there is "
                                       f"the same as the first one.")
    if loc.step == "adjacent":
        options = [n for n in (last - 1, last + 1) if 1 <= n <= faces]
        return RuleError("track_adjacent", f"{name} needs {_either(options)} next "
                                           f"(one higher or lower than {last}).")
    return RuleError("track_lower", f"{name} needs a {last} or higher next.")


def _either(numbers: list[int]) -> str:
    words = [f"a {n}" for n in numbers]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def honor(loc: Location, marks: Marks) -> int:
    """The Honor the location scores with these marks."""
    if loc.kind == "cells":
        return sum(line.honor for line in loc.lines if all(marks[c] for c in line.cells))
    if loc.kind == "pairs":
        return sum(box.honor for box, pair in zip(loc.boxes, marks, strict=True)
                   if len(pair) == 2)
    return loc.boxes[len(marks) - 1].honor if marks else 0


def rewards(loc: Location, marks: Marks) -> tuple[int, int]:
    """The Wild dice and Bystanders these marks have earned: ``(wild, bystanders)``."""
    wild = bystanders = 0
    if loc.kind == "cells":
        for group in loc.rewards:
            if all(marks[c] for c in group.cells):
                if group.reward == "wild":
                    wild += 1
                else:
                    bystanders += 1
        return wild, bystanders
    if loc.kind == "pairs":
        reached = [box for box, pair in zip(loc.boxes, marks, strict=True) if len(pair) == 2]
    else:
        reached = list(loc.boxes[:len(marks)])
    for box in reached:
        if box.reward == "wild":
            wild += 1
        elif box.reward == "bystander":
            bystanders += 1
    return wild, bystanders

