"""Downtown, Powerplant and Warehouse: boxes filled in order, each next number following
the track's :class:`Step`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from dicehero.engine.errors import BadAction, RuleError
from dicehero.engine.locations.kind import Kind, Marks, either, face, numbers, ordinal
from dicehero.engine.printed import Checker, Location


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
        return f"{name} needs {either(options)} next (one higher or lower than {last})."


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
                or not all(face(v, faces) for v in raw)):
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

    def potential(self, loc: Location, marks: Marks) -> float:
        if len(marks) >= len(loc.boxes):
            return 0.0
        reached = loc.boxes[len(marks) - 1].honor if marks else 0
        return (loc.boxes[len(marks)].honor - reached) * 0.4

    def prospect(self, loc: Location, marks: Marks, faces: int) -> str:
        if len(marks) >= len(loc.boxes):
            return "it is full, but its Robot Minions are there"
        if not marks:
            return "any number starts it"
        takes = [v for v in range(1, faces + 1) if self.slots(loc, marks, v)]
        return f"its next box takes {numbers(takes, faces)}"

    def helped(self, loc: Location, value: int, die: str, old: Marks, new: Marks,
               gains: str, faces: int) -> str:
        box = len(new)
        what = f"{loc.name} box {box} with {die}" if box > 1 else f"{loc.name} starts with {die}"
        return f"{what}: {gains or self.prospect(loc, new, faces)}"

    def describe(self, loc: Location) -> dict[str, Any]:
        return {**super().describe(loc), "step": loc.step, "layout": loc.layout}

    def parse(self, c: Checker, entry: Mapping[str, Any], path: str,
              faces: int) -> dict[str, Any]:
        return {"boxes": c.boxes(entry, "boxes", path),
                "step": c.choice(entry, "step", path, tuple(STEPS)),
                "layout": c.choice(entry, "layout", path, self.layouts, default="right")}
