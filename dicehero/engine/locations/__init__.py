"""The rule of each kind of location: where a number may be written, why not, and what it
scores, one object per kind (a new kind of location is one new class).

Marks are immutable plain data, one value per location:

* ``cells`` (City Hall, Church): a tuple of booleans, one per printed cell;
* ``pairs`` (Hospital): a tuple with one tuple of 0, 1 or 2 numbers per pair;
* ``track`` (Downtown, Powerplant, Warehouse): the tuple of numbers written so far.

A track's own rule (the same number, one higher or lower, the same or higher) is a
:class:`Step`: what it accepts and the reason it refuses live side by side.

The module's functions (:func:`write`, :func:`help_slots`, :func:`honor`, ...) are what
the rest of the engine calls; each asks the location's kind. A kind also reads its own
fields from the edition file, counts its places and rewards, and writes its marks to JSON
and back, so the edition and the sheet know no kind by name. A kind reads the printed
parts of :mod:`dicehero.engine.printed`; the edition module imports the kinds (they are
what an edition's locations may be) and nothing here imports it back.

One module per kind: :mod:`~dicehero.engine.locations.cells`,
:mod:`~dicehero.engine.locations.pairs`, :mod:`~dicehero.engine.locations.track`, each a
subclass of :class:`~dicehero.engine.locations.kind.Kind`.
"""

from __future__ import annotations

from dicehero.engine.errors import BadAction, RuleError
from dicehero.engine.locations.cells import Cells
from dicehero.engine.locations.kind import Kind, Marks
from dicehero.engine.locations.pairs import Pairs
from dicehero.engine.locations.track import Track
from dicehero.engine.printed import Location

__all__ = ["KINDS", "Kind", "Marks", "empty_marks", "filled", "help_slots", "honor", "kind_of",
           "rewards", "write"]

KINDS: dict[str, Kind] = {k.name: k for k in (Cells(), Pairs(), Track())}


def kind_of(loc: Location) -> Kind:
    """The rule object of the location's kind."""
    return KINDS[loc.kind]


def empty_marks(loc: Location) -> Marks:
    """The marks of a location nobody has helped yet."""
    return kind_of(loc).empty(loc)


def filled(loc: Location, marks: Marks) -> int:
    """How many of the location's :meth:`~Kind.size` places are filled: marked cells,
    complete pairs (half a pair scores nothing yet), written track boxes."""
    return sum(kind_of(loc).complete(loc, marks))


def help_slots(loc: Location, marks: Marks, value: int) -> list[int]:
    """Every slot where ``value`` may be written now (cells, pairs, or the next track box)."""
    return kind_of(loc).slots(loc, marks, value)


def write(loc: Location, marks: Marks, value: int, slot: int | None, faces: int = 6) -> Marks:
    """The marks after helping with ``value`` in ``slot``; raise :class:`RuleError` if illegal.

    ``slot`` may be left out when there is only one place the number can go.
    """
    kind = kind_of(loc)
    slots = kind.slots(loc, marks, value)
    if slot is None:
        if len(slots) > 1:
            raise RuleError("choose_slot", f"choose_{kind.place}", number=value, n=len(slots),
                            place=loc.name)
        if not slots:
            raise kind.refusal(loc, marks, value, None, faces)
        slot = slots[0]
    elif slot not in slots:
        if not 0 <= slot < kind.size(loc):
            # the action counts from 0, as JSON does; people count from 1
            raise BadAction("bad_slot", f"no_{kind.place}", box=slot + 1, place=loc.name,
                            n=kind.size(loc))
        raise kind.refusal(loc, marks, value, slot, faces)
    return kind.put(marks, value, slot)


def honor(loc: Location, marks: Marks) -> int:
    """The Honor the location scores with these marks."""
    return kind_of(loc).honor(loc, marks)


def rewards(loc: Location, marks: Marks) -> tuple[int, int]:
    """The Wild dice and Bystanders these marks have earned: ``(wild, bystanders)``."""
    reached = kind_of(loc).rewards_reached(loc, marks)
    return reached.count("wild"), reached.count("bystander")
