"""Hospital: pairs of boxes, each filled with two of the same number."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dicehero.engine.errors import BadAction, RuleError
from dicehero.engine.locations.kind import Kind, Marks, face, numbers
from dicehero.engine.phrase import Phrase, phrase
from dicehero.engine.printed import Checker, Location


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
                or not all(face(v, faces) for v in p) for p in raw):
            raise BadAction("bad_marks", "pairs_marks", place=loc.name, faces=faces,
                            n=len(loc.boxes))
        return tuple(tuple(p) for p in raw)

    def count(self, marks: Marks) -> int:
        return sum(len(pair) for pair in marks)

    def writes(self, loc: Location, marks: Marks) -> list[tuple[int, int, str]]:
        out = []
        for i, pair in enumerate(marks):
            if len(pair) == 2 and pair[0] != pair[1]:
                raise RuleError("pair_mismatch", "pair_holds", place=loc.name, pair=i + 1,
                                number=pair[0], also=pair[1])
            out += [(v, i, phrase("pair_n", pair=i + 1)) for v in pair]
        return out

    def within(self, have: Marks, want: Marks) -> bool:
        return all(h == w[:len(h)] for h, w in zip(have, want, strict=True))

    def missing(self, loc: Location, have: Marks, want: Marks) -> list[tuple[int, str]]:
        out = []
        for i, (h, w) in enumerate(zip(have, want, strict=True)):
            for k in range(len(h), len(w)):
                key = "puts_second_in_pair" if k else "puts_in_pair"
                out.append((w[k], phrase(key, number=w[k], place=loc.name, pair=i + 1)))
        return out

    def width(self, loc: Location) -> int:
        return 2 * len(loc.boxes)

    def bits(self, loc: Location, marks: Marks) -> int:
        out = 0
        for i, pair in enumerate(marks):
            out |= ((1 << len(pair)) - 1) << (2 * i)
        return out

    def lost(self, loc: Location, old: Marks, new: Marks) -> Phrase | None:
        for i, (o, n) in enumerate(zip(old, new, strict=True)):
            if n[:len(o)] != o:
                return phrase("lost_pair", number=o[0], place=loc.name, pair=i + 1)
        return None

    def alike(self, loc: Location, have: Marks, want: Marks, slot: int) -> bool:
        # Pairs alike in what is drawn, in what is written and in their reward are one.
        like = (want[slot], have[slot], loc.boxes[slot].reward)
        return any((want[j], have[j], loc.boxes[j].reward) == like for j in range(slot))

    def refusal(self, loc: Location, marks: Marks, value: int, slot: int | None,
                faces: int) -> RuleError:
        name = loc.name
        if all(len(p) == 2 for p in marks):
            return RuleError("pairs_full", place=name)
        pair = marks[slot] if slot is not None else ()
        if len(pair) == 2:
            return RuleError("slot_taken", "pair_taken", place=name)
        if len(pair) == 1:
            return RuleError("pair_mismatch", "pair_needs", place=name, number=pair[0])
        return RuleError("no_room", "no_pair_takes", place=name, number=value)

    def complete(self, loc: Location, marks: Marks) -> list[bool]:
        return [len(pair) == 2 for pair in marks]

    def honor(self, loc: Location, marks: Marks) -> int:
        return sum(box.honor for box, pair in zip(loc.boxes, marks, strict=True)
                   if len(pair) == 2)

    def potential(self, loc: Location, marks: Marks) -> float:
        return sum(box.honor * 0.4 for box, pair in zip(loc.boxes, marks, strict=True)
                   if len(pair) == 1)

    def prospect(self, loc: Location, marks: Marks, faces: int) -> Phrase:
        open_pairs = sorted({p[0] for p in marks if len(p) == 1})
        if open_pairs:
            return phrase("finishes_pair", either=numbers(open_pairs, faces))
        return phrase("any_pair")

    def helped(self, loc: Location, value: int, die: Phrase, old: Marks, new: Marks,
               gains: tuple[Phrase, ...], faces: int) -> Phrase:
        pair = next(i for i, (o, n) in enumerate(zip(old, new, strict=True)) if o != n)
        later = phrase("second_finishes", number=value, honor=loc.boxes[pair].honor)
        return phrase("pair_of", place=loc.name, number=value,
                      what=gains if len(new[pair]) == 2 else later)

    def parse(self, c: Checker, entry: Mapping[str, Any], path: str,
              faces: int) -> dict[str, Any]:
        return {"boxes": c.boxes(entry, "pairs", path)}

    def to_json(self, marks: Marks) -> list[Any]:
        return [list(pair) for pair in marks]

    def from_json(self, data: list[Any]) -> Marks:
        return tuple(tuple(pair) for pair in data)
