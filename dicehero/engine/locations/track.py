"""Downtown, Powerplant and Warehouse: boxes filled in order, each next number following
the track's :class:`Step`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from dicehero.engine.errors import BadAction, RuleError
from dicehero.engine.locations.kind import Kind, Marks, face, numbers
from dicehero.engine.phrase import Phrase, phrase
from dicehero.engine.printed import Checker, Location


class Step:
    """A track's rule for the next number: what it accepts after the numbers written so
    far, and the reason it gives when a number does not follow."""

    name: ClassVar[str]
    code: ClassVar[str]

    def accepts(self, written: Marks, value: int) -> bool:
        raise NotImplementedError

    def reason(self, name: str, written: Marks, faces: int) -> dict[str, Any]:
        """The parameters of the refusal (its ``code`` names the sentence)."""
        raise NotImplementedError


class Same(Step):
    """Downtown: every number is the same as the first one."""

    name, code = "same", "track_same"

    def accepts(self, written: Marks, value: int) -> bool:
        return value == written[0]

    def reason(self, name: str, written: Marks, faces: int) -> dict[str, Any]:
        return {"place": name, "number": written[0]}


class Adjacent(Step):
    """Powerplant: each number is exactly one higher or lower than the last."""

    name, code = "adjacent", "track_adjacent"

    def accepts(self, written: Marks, value: int) -> bool:
        return abs(value - written[-1]) == 1

    def reason(self, name: str, written: Marks, faces: int) -> dict[str, Any]:
        last = written[-1]
        options = tuple(n for n in (last - 1, last + 1) if 1 <= n <= faces)
        return {"place": name, "either": options, "number": last}


class NotLower(Step):
    """Warehouse: each number is the same as the last or higher."""

    name, code = "not_lower", "track_lower"

    def accepts(self, written: Marks, value: int) -> bool:
        return value >= written[-1]

    def reason(self, name: str, written: Marks, faces: int) -> dict[str, Any]:
        return {"place": name, "number": written[-1]}


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
            raise BadAction("bad_marks", "track_marks", place=loc.name, n=len(loc.boxes),
                            faces=faces)
        return tuple(raw)

    def count(self, marks: Marks) -> int:
        return len(marks)

    def writes(self, loc: Location, marks: Marks) -> list[tuple[int, int, str]]:
        return [(v, i, phrase("box_holding", box=i + 1, number=v)) for i, v in enumerate(marks)]

    def within(self, have: Marks, want: Marks) -> bool:
        return have == want[:len(have)]

    def missing(self, loc: Location, have: Marks, want: Marks) -> list[tuple[int, str]]:
        out = []
        for k in range(len(have), len(want)):
            if k:
                words = phrase("puts_after", number=want[k], after=want[k - 1], place=loc.name,
                               box=k + 1)
            else:
                words = phrase("puts_first", number=want[k], place=loc.name)
            out.append((want[k], words))
        return out

    def width(self, loc: Location) -> int:
        return len(loc.boxes)

    def bits(self, loc: Location, marks: Marks) -> int:
        return (1 << len(marks)) - 1

    def lost(self, loc: Location, old: Marks, new: Marks) -> Phrase | None:
        if new[:len(old)] == old:
            return None
        k = next(k for k, v in enumerate(old) if k >= len(new) or new[k] != v)
        return phrase("lost_box", number=old[k], place=loc.name, box=k + 1)

    def refusal(self, loc: Location, marks: Marks, value: int, slot: int | None,
                faces: int) -> RuleError:
        name = loc.name
        if len(marks) >= len(loc.boxes):
            return RuleError("track_full", place=name)
        if slot is not None and slot != len(marks):
            return RuleError("track_order", place=name, box=len(marks) + 1)
        step = STEPS[loc.step]
        return RuleError(step.code, **step.reason(name, marks, faces))

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

    def prospect(self, loc: Location, marks: Marks, faces: int) -> Phrase:
        if len(marks) >= len(loc.boxes):
            return phrase("full_minions")
        if not marks:
            return phrase("any_starts")
        takes = [v for v in range(1, faces + 1) if self.slots(loc, marks, v)]
        return phrase("next_takes", either=numbers(takes, faces))

    def helped(self, loc: Location, value: int, die: Phrase, old: Marks, new: Marks,
               gains: tuple[Phrase, ...], faces: int) -> Phrase:
        what = gains or self.prospect(loc, new, faces)
        if len(new) > 1:
            return phrase("track_box", place=loc.name, box=len(new), die=die, what=what)
        return phrase("track_starts", place=loc.name, die=die, what=what)

    def describe(self, loc: Location) -> dict[str, Any]:
        return {**super().describe(loc), "step": loc.step, "layout": loc.layout}

    def parse(self, c: Checker, entry: Mapping[str, Any], path: str,
              faces: int) -> dict[str, Any]:
        return {"boxes": c.boxes(entry, "boxes", path),
                "step": c.choice(entry, "step", path, tuple(STEPS)),
                "layout": c.choice(entry, "layout", path, self.layouts, default="right")}
