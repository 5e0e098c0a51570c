"""City Hall and Church: a grid of printed numbers, each marked by a die showing it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dicehero.engine.errors import BadAction, RuleError
from dicehero.engine.locations.kind import Kind, Marks, numbers
from dicehero.engine.phrase import Phrase, phrase
from dicehero.engine.printed import Checker, Location, Reward

_WILD_GROUPS: dict[Location, list[frozenset[int]]] = {}  # Cells.alike's cache, per location


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
            raise BadAction("bad_marks", "cells_marks", place=loc.name, n=len(loc.cell_numbers))
        return tuple(raw)

    def count(self, marks: Marks) -> int:
        return sum(1 for m in marks if m)

    def writes(self, loc: Location, marks: Marks) -> list[tuple[int, int, str]]:
        numbers = loc.cell_numbers
        return [(numbers[i], i, phrase("the_number_in_box", number=numbers[i], box=i + 1))
                for i, marked in enumerate(marks) if marked]

    def within(self, have: Marks, want: Marks) -> bool:
        return all(w or not h for h, w in zip(have, want, strict=True))

    def missing(self, loc: Location, have: Marks, want: Marks) -> list[tuple[int, str]]:
        numbers = loc.cell_numbers
        return [(numbers[i], phrase("marks_box", number=numbers[i], place=loc.name, box=i + 1))
                for i, (h, w) in enumerate(zip(have, want, strict=True)) if w and not h]

    def width(self, loc: Location) -> int:
        return len(loc.cell_numbers)

    def bits(self, loc: Location, marks: Marks) -> int:
        out = 0
        for i, marked in enumerate(marks):
            if marked:
                out |= 1 << i
        return out

    def lost(self, loc: Location, old: Marks, new: Marks) -> Phrase | None:
        for i, (o, n) in enumerate(zip(old, new, strict=True)):
            if o and not n:
                return phrase("lost_box", number=loc.cell_numbers[i], place=loc.name, box=i + 1)
        return None

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
            return RuleError("slot_taken", "box_taken", place=name)
        if slot is not None and numbers[slot] != value:
            return RuleError("wrong_number", "box_needs", place=name, wanted=numbers[slot],
                             number=value)
        if value not in numbers:
            return RuleError("wrong_number", "place_needs", place=name,
                             either=tuple(sorted(set(numbers))), number=value)
        return RuleError("no_room", "every_number_marked", number=value, place=name)

    def complete(self, loc: Location, marks: Marks) -> list[bool]:
        return [bool(m) for m in marks]

    def honor(self, loc: Location, marks: Marks) -> int:
        return sum(line.honor for line in loc.lines if all(marks[c] for c in line.cells))

    def rewards_reached(self, loc: Location, marks: Marks) -> list[str]:
        return [group.reward for group in loc.rewards if all(marks[c] for c in group.cells)]

    def potential(self, loc: Location, marks: Marks) -> float:
        worth = 0.0
        for line in loc.lines:
            got = sum(1 for c in line.cells if marks[c])
            if got < len(line.cells):
                worth += line.honor * got / len(line.cells) * 0.5
        for group in loc.rewards:
            got = sum(1 for c in group.cells if marks[c])
            if got < len(group.cells):
                worth += 4.0 * got / len(group.cells) * 0.5
        return worth

    def prospect(self, loc: Location, marks: Marks, faces: int) -> Phrase:
        open_numbers = sorted({loc.cell_numbers[i] for i, m in enumerate(marks) if not m})
        if not open_numbers:
            return phrase("all_marked_minions")
        return phrase("still_needs", numbers=numbers(open_numbers, faces, joined="and"))

    def helped(self, loc: Location, value: int, die: Phrase, old: Marks, new: Marks,
               gains: tuple[Phrase, ...], faces: int) -> Phrase:
        if gains:
            return phrase("cell_for", place=loc.name, number=value, what=gains)
        cell = next(i for i, (o, n) in enumerate(zip(old, new, strict=True)) if o != n)
        return phrase("cell_for", place=loc.name, number=value,
                      what=self._nearest_line(loc, new, cell))

    @staticmethod
    def _nearest_line(loc: Location, marks: Marks, cell: int) -> Phrase:
        """The line through ``cell`` closest to done."""
        best = None
        for line in loc.lines:
            if cell not in line.cells:
                continue
            left = sum(1 for c in line.cells if not marks[c])
            if left and (best is None or left < best[0]):
                best = (left, line)
        if best is None:
            return phrase("on_the_way")
        left, line = best
        return phrase("more_for_line", n=left, line=line.label, honor=line.honor)

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
                raise c.fail(f"{path}.rows[{r}]", "empty_row")
            for k, n in enumerate(row):
                if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= faces:
                    raise c.fail(f"{path}.rows[{r}][{k}]", "bad_face", faces=faces,
                                 got=repr(n))
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
