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
and back, so the edition and the sheet know no kind by name. (The edition module imports
this one: the kinds are what an edition's locations may be.)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from dicehero.engine.errors import BadAction, RuleError

if TYPE_CHECKING:
    from dicehero.engine.edition import Checker, Location, Reward

Marks = tuple[Any, ...]
_WILD_GROUPS: dict[Location, list[frozenset[int]]] = {}  # Cells.alike's cache, per location


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``11th``: boxes and pairs counted as people count them."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{({1: 'st', 2: 'nd', 3: 'rd'}).get(n % 10, 'th')}"


def _face(value: Any, faces: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= faces


def _either(numbers: list[int]) -> str:
    words = [f"a {n}" for n in numbers]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


class Kind:
    """One kind of location: its empty marks, where a number may go, what writing it
    leaves, why a number is refused, and what the marks are worth."""

    name: ClassVar[str]
    place: ClassVar[str] = "box"  # what a player chooses between: "choose which box"
    places: ClassVar[str] = "boxes"  # and more than one: "City Hall has boxes 1 to 9"

    def empty(self, loc: Location) -> Marks:
        """The marks of a location nobody has helped yet."""
        raise NotImplementedError

    def slots(self, loc: Location, marks: Marks, value: int) -> list[int]:
        """Every slot where ``value`` may be written now."""
        raise NotImplementedError

    def put(self, marks: Marks, value: int, slot: int) -> Marks:
        """The marks with ``value`` written in ``slot`` (a slot :meth:`slots` offered)."""
        raise NotImplementedError

    # -- marks drawn on paper: read back, compared, and found by the witness search --------

    ordered: ClassVar[bool] = False  # whether the marks are written in a fixed order (a track)

    def read_marks(self, loc: Location, raw: Any, faces: int) -> Marks:
        """Marks of this kind sent as JSON (a paper sheet), shape checked; :class:`BadAction`
        if wrong. Whether they obey the rule is :meth:`writes`'s business."""
        raise NotImplementedError

    def count(self, marks: Marks) -> int:
        """How many dice the marks took: one per X, per number written."""
        raise NotImplementedError

    def writes(self, loc: Location, marks: Marks) -> list[tuple[int, int, str]]:
        """The marks as ``(value, slot, words)`` writes, in an order a player could have made
        them; :meth:`write`-ing them one by one from empty rebuilds the marks exactly when
        they obey the rule."""
        raise NotImplementedError

    def within(self, have: Marks, want: Marks) -> bool:
        """Whether marks ``have`` can still grow into ``want`` (marks are never erased)."""
        raise NotImplementedError

    def missing(self, loc: Location, have: Marks, want: Marks) -> list[tuple[int, str]]:
        """The numbers ``want`` has that ``have`` lacks, in the order they can be written,
        each with its place in words (``"the 5 after the 4 in Powerplant's 3rd box"``)."""
        raise NotImplementedError

    def width(self, loc: Location) -> int:
        """How many bits :meth:`bits` uses: one per X or number the location can hold."""
        raise NotImplementedError

    def bits(self, loc: Location, marks: Marks) -> int:
        """The marks as bits, one per X or number written, so that marks that can grow into
        others have a subset of their bits (only for marks :meth:`within` a drawing)."""
        raise NotImplementedError

    def lost(self, loc: Location, old: Marks, new: Marks) -> str:
        """The first mark of ``old`` that ``new`` no longer shows, in words; ``""`` if none."""
        raise NotImplementedError

    def alike(self, loc: Location, have: Marks, want: Marks, slot: int) -> bool:
        """Whether an earlier slot takes the number ``slot`` would take just as well, in
        every way that matters later (its rewards, what is drawn there), so a search need
        not try both."""
        return False

    def refusal(self, loc: Location, marks: Marks, value: int, slot: int | None,
                faces: int) -> RuleError:
        """The plain-words reason why ``value`` cannot go in ``slot`` (or anywhere)."""
        raise NotImplementedError

    def complete(self, loc: Location, marks: Marks) -> list[bool]:
        """For each of the location's :attr:`~Location.size` places: is it filled?"""
        raise NotImplementedError

    def honor(self, loc: Location, marks: Marks) -> int:
        """The Honor the marks score."""
        raise NotImplementedError

    def rewards_reached(self, loc: Location, marks: Marks) -> list[str]:
        """The rewards (``"wild"``, ``"bystander"``) the marks have earned."""
        done = self.complete(loc, marks)
        return [box.reward for box, d in zip(loc.boxes, done, strict=False) if d and box.reward]

    def describe(self, loc: Location) -> dict[str, Any]:
        """What a sheet drawn from data needs to know of the location beyond its name and
        rule: its boxes and their Honor and rewards."""
        return {"boxes": [{"honor": b.honor, "reward": b.reward} for b in loc.boxes]}

    def parse(self, c: Checker, entry: Mapping[str, Any], path: str,
              faces: int) -> dict[str, Any]:
        """The :class:`~dicehero.engine.edition.Location` fields of this kind, read and
        checked from the location's entry in the edition file (its number, name and rule
        are read before)."""
        raise NotImplementedError

    def size(self, loc: Location) -> int:
        """How many places the location has: boxes, pairs or cells."""
        return len(loc.boxes)

    def reward_count(self, loc: Location, reward: Reward) -> int:
        """How many of ``reward`` the location can give at most."""
        return sum(1 for b in loc.boxes if b.reward == reward)

    def to_json(self, marks: Marks) -> list[Any]:
        """The marks as JSON-ready data."""
        return list(marks)

    def from_json(self, data: list[Any]) -> Marks:
        """Marks read back from :meth:`to_json`."""
        return tuple(data)


class Cells(Kind):
    """A grid of printed numbers, each marked by a die showing it, in any order; lines
    (rows, columns, diagonals) score and reward groups pay when complete."""

    name = "cells"

    def empty(self, loc: Location) -> Marks:
        return (False,) * len(loc.cell_numbers)

    def slots(self, loc: Location, marks: Marks, value: int) -> list[int]:
        numbers = loc.cell_numbers
        return [i for i, marked in enumerate(marks) if not marked and numbers[i] == value]

    def put(self, marks: Marks, value: int, slot: int) -> Marks:
        return (*marks[:slot], True, *marks[slot + 1:])

    def read_marks(self, loc: Location, raw: Any, faces: int) -> Marks:
        if (not isinstance(raw, list) or len(raw) != len(loc.cell_numbers)
                or any(not isinstance(c, bool) for c in raw)):
            raise BadAction("bad_marks", f"{loc.name}: one true or false for each of its "
                                         f"{len(loc.cell_numbers)} boxes.")
        return tuple(raw)

    def count(self, marks: Marks) -> int:
        return sum(1 for m in marks if m)

    def writes(self, loc: Location, marks: Marks) -> list[tuple[int, int, str]]:
        numbers = loc.cell_numbers
        return [(numbers[i], i, f"the {numbers[i]} in box {i + 1}")
                for i, marked in enumerate(marks) if marked]

    def within(self, have: Marks, want: Marks) -> bool:
        return all(w or not h for h, w in zip(have, want, strict=True))

    def missing(self, loc: Location, have: Marks, want: Marks) -> list[tuple[int, str]]:
        numbers = loc.cell_numbers
        return [(numbers[i], f"marks the {numbers[i]} in {loc.name}'s box {i + 1}")
                for i, (h, w) in enumerate(zip(have, want, strict=True)) if w and not h]

    def width(self, loc: Location) -> int:
        return len(loc.cell_numbers)

    def bits(self, loc: Location, marks: Marks) -> int:
        out = 0
        for i, marked in enumerate(marks):
            if marked:
                out |= 1 << i
        return out

    def lost(self, loc: Location, old: Marks, new: Marks) -> str:
        for i, (o, n) in enumerate(zip(old, new, strict=True)):
            if o and not n:
                return f"the {loc.cell_numbers[i]} in {loc.name}'s box {i + 1}"
        return ""

    def alike(self, loc: Location, have: Marks, want: Marks, slot: int) -> bool:
        # Two drawn, empty boxes of one number end the game the same whichever is marked
        # first; only a Wild die won sooner can differ. So the box that completes Wild-die
        # groups at least as soon is tried (the lower-numbered of two alike), not both.
        numbers = loc.cell_numbers
        groups = self._wild_groups(loc)
        mine = groups[slot]
        return any(j != slot and numbers[j] == numbers[slot] and want[j] and not have[j]
                   and groups[j] >= mine and (groups[j] > mine or j < slot)
                   for j in range(len(have)))

    def _wild_groups(self, loc: Location) -> list[frozenset[int]]:
        """For each cell, the Wild-die groups it belongs to (read once per location)."""
        groups = _WILD_GROUPS.get(loc)
        if groups is None:
            groups = [frozenset(g for g, group in enumerate(loc.rewards)
                                if group.reward == "wild" and c in group.cells)
                      for c in range(len(loc.cell_numbers))]
            _WILD_GROUPS[loc] = groups
        return groups

    def refusal(self, loc: Location, marks: Marks, value: int, slot: int | None,
                faces: int) -> RuleError:
        name, numbers = loc.name, loc.cell_numbers
        if slot is not None and marks[slot]:
            return RuleError("slot_taken", f"That {name} box is already marked.")
        if slot is not None and numbers[slot] != value:
            return RuleError("wrong_number",
                             f"That {name} box needs a {numbers[slot]}, not a {value}.")
        if value not in numbers:
            wanted = _either(sorted(set(numbers)))
            return RuleError("wrong_number", f"{name} needs {wanted}; a {value} does not fit.")
        return RuleError("no_room", f"Every {value} at {name} is already marked.")

    def complete(self, loc: Location, marks: Marks) -> list[bool]:
        return [bool(m) for m in marks]

    def honor(self, loc: Location, marks: Marks) -> int:
        return sum(line.honor for line in loc.lines if all(marks[c] for c in line.cells))

    def rewards_reached(self, loc: Location, marks: Marks) -> list[str]:
        return [group.reward for group in loc.rewards if all(marks[c] for c in group.cells)]

    def describe(self, loc: Location) -> dict[str, Any]:
        size = len(loc.cell_numbers)
        return {
            "rows": [list(r) for r in loc.rows],
            "lines": [{"label": ln.label, "cells": list(ln.cells), "honor": ln.honor}
                      for ln in loc.lines],
            "rewards": [{"label": g.label, "cells": list(g.cells), "reward": g.reward}
                        for g in loc.rewards],
            # the reward marks printed in a cell's corner: one per kind, for groups smaller
            # than the whole location (the middle 2 of City Hall is on both diagonals: one
            # Wild mark)
            "corners": [sorted({g.reward for g in loc.rewards
                                if c in g.cells and len(g.cells) < size})
                        for c in range(size)],
        }

    def parse(self, c: Checker, entry: Mapping[str, Any], path: str,
              faces: int) -> dict[str, Any]:
        rows: list[tuple[int, ...]] = []
        for r, row in enumerate(c.items(entry, "rows", path)):
            if not isinstance(row, list) or not row:
                raise c.fail(f"{path}.rows[{r}]", "expected a non-empty list of printed numbers")
            for k, n in enumerate(row):
                if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= faces:
                    raise c.fail(f"{path}.rows[{r}][{k}]",
                                 f"expected a die face 1-{faces}, got {n!r}")
            rows.append(tuple(row))
        size = sum(len(r) for r in rows)
        return {"rows": tuple(rows),
                "lines": tuple(c.line(raw, f"{path}.lines[{i}]", size)
                               for i, raw in enumerate(entry.get("lines", []))),
                "rewards": tuple(c.reward_group(raw, f"{path}.rewards[{i}]", size)
                                 for i, raw in enumerate(entry.get("rewards", [])))}

    def size(self, loc: Location) -> int:
        return len(loc.cell_numbers)

    def reward_count(self, loc: Location, reward: Reward) -> int:
        return sum(1 for g in loc.rewards if g.reward == reward)


class Pairs(Kind):
    """Pairs of boxes, each filled with two of the same number, in any order; a pair
    scores (and rewards) only when complete."""

    name = "pairs"
    place = "pair"
    places = "pairs"

    def empty(self, loc: Location) -> Marks:
        return ((),) * len(loc.boxes)

    def slots(self, loc: Location, marks: Marks, value: int) -> list[int]:
        return [i for i, pair in enumerate(marks)
                if not pair or (len(pair) == 1 and pair[0] == value)]

    def put(self, marks: Marks, value: int, slot: int) -> Marks:
        return (*marks[:slot], (*marks[slot], value), *marks[slot + 1:])

    def read_marks(self, loc: Location, raw: Any, faces: int) -> Marks:
        if not isinstance(raw, list) or len(raw) != len(loc.boxes) or any(
                not isinstance(p, list) or len(p) > 2
                or not all(_face(v, faces) for v in p) for p in raw):
            raise BadAction("bad_marks", f"{loc.name}: one list of up to two numbers (1 to "
                                         f"{faces}) for each of its {len(loc.boxes)} pairs.")
        return tuple(tuple(p) for p in raw)

    def count(self, marks: Marks) -> int:
        return sum(len(pair) for pair in marks)

    def writes(self, loc: Location, marks: Marks) -> list[tuple[int, int, str]]:
        out = []
        for i, pair in enumerate(marks):
            if len(pair) == 2 and pair[0] != pair[1]:
                raise RuleError("pair_mismatch", f"{loc.name}'s {ordinal(i + 1)} pair holds a "
                                                 f"{pair[0]} and a {pair[1]}: a pair is two "
                                                 f"of the same number.")
            out += [(v, i, f"its {ordinal(i + 1)} pair") for v in pair]
        return out

    def within(self, have: Marks, want: Marks) -> bool:
        return all(h == w[:len(h)] for h, w in zip(have, want, strict=True))

    def missing(self, loc: Location, have: Marks, want: Marks) -> list[tuple[int, str]]:
        out = []
        for i, (h, w) in enumerate(zip(have, want, strict=True)):
            for k in range(len(h), len(w)):
                which = "second " if k else ""
                out.append((w[k], f"puts the {which}{w[k]} in {loc.name}'s "
                                  f"{ordinal(i + 1)} pair"))
        return out

    def width(self, loc: Location) -> int:
        return 2 * len(loc.boxes)

    def bits(self, loc: Location, marks: Marks) -> int:
        out = 0
        for i, pair in enumerate(marks):
            out |= ((1 << len(pair)) - 1) << (2 * i)
        return out

    def lost(self, loc: Location, old: Marks, new: Marks) -> str:
        for i, (o, n) in enumerate(zip(old, new, strict=True)):
            if n[:len(o)] != o:
                return f"the {o[0]}s in {loc.name}'s {ordinal(i + 1)} pair"
        return ""

    def alike(self, loc: Location, have: Marks, want: Marks, slot: int) -> bool:
        # Pairs alike in what is drawn, in what is written and in their reward are one.
        like = (want[slot], have[slot], loc.boxes[slot].reward)
        return any((want[j], have[j], loc.boxes[j].reward) == like for j in range(slot))

    def refusal(self, loc: Location, marks: Marks, value: int, slot: int | None,
                faces: int) -> RuleError:
        name = loc.name
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

    def complete(self, loc: Location, marks: Marks) -> list[bool]:
        return [len(pair) == 2 for pair in marks]

    def honor(self, loc: Location, marks: Marks) -> int:
        return sum(box.honor for box, pair in zip(loc.boxes, marks, strict=True)
                   if len(pair) == 2)

    def parse(self, c: Checker, entry: Mapping[str, Any], path: str,
              faces: int) -> dict[str, Any]:
        return {"boxes": c.boxes(entry, "pairs", path)}

    def to_json(self, marks: Marks) -> list[Any]:
        return [list(pair) for pair in marks]

    def from_json(self, data: list[Any]) -> Marks:
        return tuple(tuple(pair) for pair in data)


class Step:
    """A track's rule for the next number: what it accepts after the numbers written so
    far, and the reason it gives when a number does not follow."""

    name: ClassVar[str]
    code: ClassVar[str]

    def accepts(self, written: Marks, value: int) -> bool:
        raise NotImplementedError

    def reason(self, name: str, written: Marks, faces: int) -> str:
        raise NotImplementedError


class Same(Step):
    """Downtown: every number is the same as the first one."""

    name, code = "same", "track_same"

    def accepts(self, written: Marks, value: int) -> bool:
        return value == written[0]

    def reason(self, name: str, written: Marks, faces: int) -> str:
        return f"{name} needs a {written[0]}: every number there is the same as the first one."


class Adjacent(Step):
    """Powerplant: each number is exactly one higher or lower than the last."""

    name, code = "adjacent", "track_adjacent"

    def accepts(self, written: Marks, value: int) -> bool:
        return abs(value - written[-1]) == 1

    def reason(self, name: str, written: Marks, faces: int) -> str:
        last = written[-1]
        options = [n for n in (last - 1, last + 1) if 1 <= n <= faces]
        return f"{name} needs {_either(options)} next (one higher or lower than {last})."


class NotLower(Step):
    """Warehouse: each number is the same as the last or higher."""

    name, code = "not_lower", "track_lower"

    def accepts(self, written: Marks, value: int) -> bool:
        return value >= written[-1]

    def reason(self, name: str, written: Marks, faces: int) -> str:
        return f"{name} needs a {written[-1]} or higher next."


STEPS: dict[str, Step] = {s.name: s for s in (Same(), Adjacent(), NotLower())}


class Track(Kind):
    """Boxes filled in order from the start, any first number, each next one following
    the track's :class:`Step`; the last box reached scores, every box reached rewards."""

    name = "track"
    layouts: ClassVar[tuple[str, ...]] = ("up", "right")  # filled bottom up, left to right

    def empty(self, loc: Location) -> Marks:
        return ()

    def slots(self, loc: Location, marks: Marks, value: int) -> list[int]:
        if len(marks) >= len(loc.boxes):
            return []
        if marks and not STEPS[loc.step].accepts(marks, value):
            return []
        return [len(marks)]

    def put(self, marks: Marks, value: int, slot: int) -> Marks:
        return (*marks, value)

    ordered = True

    def read_marks(self, loc: Location, raw: Any, faces: int) -> Marks:
        if (not isinstance(raw, list) or len(raw) > len(loc.boxes)
                or not all(_face(v, faces) for v in raw)):
            raise BadAction("bad_marks", f"{loc.name}: the numbers written from its first "
                                         f"box on, at most {len(loc.boxes)}, each 1 to "
                                         f"{faces}.")
        return tuple(raw)

    def count(self, marks: Marks) -> int:
        return len(marks)

    def writes(self, loc: Location, marks: Marks) -> list[tuple[int, int, str]]:
        return [(v, i, f"its {ordinal(i + 1)} box (a {v})") for i, v in enumerate(marks)]

    def within(self, have: Marks, want: Marks) -> bool:
        return have == want[:len(have)]

    def missing(self, loc: Location, have: Marks, want: Marks) -> list[tuple[int, str]]:
        out = []
        for k in range(len(have), len(want)):
            after = f" after the {want[k - 1]}" if k else ""
            out.append((want[k], f"puts the {want[k]}{after} in {loc.name}'s "
                                 f"{ordinal(k + 1)} box"))
        return out

    def width(self, loc: Location) -> int:
        return len(loc.boxes)

    def bits(self, loc: Location, marks: Marks) -> int:
        return (1 << len(marks)) - 1

    def lost(self, loc: Location, old: Marks, new: Marks) -> str:
        if new[:len(old)] == old:
            return ""
        k = next(k for k, v in enumerate(old) if k >= len(new) or new[k] != v)
        return f"the {old[k]} in {loc.name}'s {ordinal(k + 1)} box"

    def refusal(self, loc: Location, marks: Marks, value: int, slot: int | None,
                faces: int) -> RuleError:
        name = loc.name
        if len(marks) >= len(loc.boxes):
            return RuleError("track_full", f"{name} is full.")
        if slot is not None and slot != len(marks):
            return RuleError("track_order", f"{name} is filled in order: the next box is "
                                            f"box {len(marks) + 1}.")
        step = STEPS[loc.step]
        return RuleError(step.code, step.reason(name, marks, faces))

    def complete(self, loc: Location, marks: Marks) -> list[bool]:
        return [i < len(marks) for i in range(len(loc.boxes))]

    def rewards_reached(self, loc: Location, marks: Marks) -> list[str]:
        return [box.reward for box in loc.boxes[:len(marks)] if box.reward]

    def honor(self, loc: Location, marks: Marks) -> int:
        return loc.boxes[len(marks) - 1].honor if marks else 0

    def describe(self, loc: Location) -> dict[str, Any]:
        return {**super().describe(loc), "step": loc.step, "layout": loc.layout}

    def parse(self, c: Checker, entry: Mapping[str, Any], path: str,
              faces: int) -> dict[str, Any]:
        return {"boxes": c.boxes(entry, "boxes", path),
                "step": c.choice(entry, "step", path, tuple(STEPS)),
                "layout": c.choice(entry, "layout", path, self.layouts, default="right")}


KINDS: dict[str, Kind] = {k.name: k for k in (Cells(), Pairs(), Track())}


def kind_of(loc: Location) -> Kind:
    """The rule object of the location's kind."""
    return KINDS[loc.kind]


def empty_marks(loc: Location) -> Marks:
    """The marks of a location nobody has helped yet."""
    return kind_of(loc).empty(loc)


def filled(loc: Location, marks: Marks) -> int:
    """How many of the location's :attr:`~Location.size` places are filled: marked cells,
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
            raise RuleError("choose_slot", f"A {value} fits {len(slots)} places at {loc.name}: "
                                           f"choose which {kind.place}.")
        if not slots:
            raise kind.refusal(loc, marks, value, None, faces)
        slot = slots[0]
    elif slot not in slots:
        if not 0 <= slot < loc.size:
            # the action counts from 0, as JSON does; people count from 1
            raise BadAction("bad_slot", f"There is no {kind.place} {slot + 1}: {loc.name} "
                                        f"has {kind.places} 1 to {loc.size}.")
        raise kind.refusal(loc, marks, value, slot, faces)
    return kind.put(marks, value, slot)


def honor(loc: Location, marks: Marks) -> int:
    """The Honor the location scores with these marks."""
    return kind_of(loc).honor(loc, marks)


def rewards(loc: Location, marks: Marks) -> tuple[int, int]:
    """The Wild dice and Bystanders these marks have earned: ``(wild, bystanders)``."""
    reached = kind_of(loc).rewards_reached(loc, marks)
    return reached.count("wild"), reached.count("bystander")
