"""What every kind of location answers: the :class:`Kind` a new kind subclasses, and the
numbers the kinds say alike in par's reasons (``a 5 or higher``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from dicehero.engine.errors import RuleError
from dicehero.engine.phrase import Phrase, phrase
from dicehero.engine.printed import Checker, Location, Reward

Marks = tuple[Any, ...]


def face(value: Any, faces: int) -> bool:
    """Whether ``value`` is a number a die of ``faces`` faces can show."""
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= faces


def numbers(values: list[int], faces: int, joined: str = "or") -> Phrase | tuple[int, ...]:
    """Numbers as people say them: ``any number``, ``a 5 or higher`` (a phrase), else the
    numbers themselves, which the edge joins with "or" (or "and", as ``joined`` says)."""
    if values == list(range(1, faces + 1)):
        return phrase("any_number")
    if joined == "or" and len(values) > 2 and values == list(range(values[0], faces + 1)):
        return phrase("or_higher", number=values[0])
    return tuple(values)


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

    def writes(self, loc: Location, marks: Marks) -> list[tuple[int, int, Phrase]]:
        """The marks as ``(value, slot, where)`` writes (``where`` a phrase: ``box 2``), in an
        order a player could have made them; :meth:`write`-ing them one by one from empty
        rebuilds the marks exactly when they obey the rule."""
        raise NotImplementedError

    def within(self, have: Marks, want: Marks) -> bool:
        """Whether marks ``have`` can still grow into ``want`` (marks are never erased)."""
        raise NotImplementedError

    def missing(self, loc: Location, have: Marks, want: Marks) -> list[tuple[int, Phrase]]:
        """The numbers ``want`` has that ``have`` lacks, in the order they can be written,
        each with a phrase for its place (``puts the 5 after the 4 in Powerplant's box 3``)."""
        raise NotImplementedError

    def width(self, loc: Location) -> int:
        """How many bits :meth:`bits` uses: one per X or number the location can hold."""
        raise NotImplementedError

    def bits(self, loc: Location, marks: Marks) -> int:
        """The marks as bits, one per X or number written, so that marks that can grow into
        others have a subset of their bits (only for marks :meth:`within` a drawing)."""
        raise NotImplementedError

    def lost(self, loc: Location, old: Marks, new: Marks) -> Phrase | None:
        """The first mark of ``old`` that ``new`` no longer shows; ``None`` if none."""
        raise NotImplementedError

    def alike(self, loc: Location, have: Marks, want: Marks, slot: int) -> bool:
        """Whether an earlier slot takes the number ``slot`` would take just as well, in
        every way that matters later (its rewards, what is drawn there), so a search need
        not try both."""
        return False

    def refusal(self, loc: Location, marks: Marks, value: int, slot: int | None,
                faces: int) -> RuleError:
        """Why ``value`` cannot go in ``slot`` (or anywhere): a code and its phrase."""
        raise NotImplementedError

    def complete(self, loc: Location, marks: Marks) -> list[bool]:
        """For each of the location's :meth:`size` places: is it filled?"""
        raise NotImplementedError

    def honor(self, loc: Location, marks: Marks) -> int:
        """The Honor the marks score."""
        raise NotImplementedError

    def rewards_reached(self, loc: Location, marks: Marks) -> list[str]:
        """The rewards (``"wild"``, ``"bystander"``) the marks have earned."""
        done = self.complete(loc, marks)
        return [box.reward for box, d in zip(loc.boxes, done, strict=False) if d and box.reward]

    # -- the bots' judgement and par's words (a guess and a sentence, never a rule) ----------

    def potential(self, loc: Location, marks: Marks) -> float:
        """What half-done work at the location is likely worth later: a share of the Honor
        it would complete (the greedy and par bots add it to the score they plan for)."""
        return 0.0

    def prospect(self, loc: Location, marks: Marks, faces: int) -> Phrase:
        """What the location takes next: ``it still needs a 2 and a 5``."""
        takes = [v for v in range(1, faces + 1) if self.slots(loc, marks, v)]
        return phrase("takes", either=numbers(takes, faces)) if takes else phrase("is_full")

    def helped(self, loc: Location, value: int, die: Phrase, old: Marks, new: Marks,
               gains: tuple[Phrase, ...], faces: int) -> Phrase:
        """Why helping with ``value`` (``die``: ``the 4``) was worth it, par's reason:
        ``gains`` is what the sheet gained (``3 Honor now``; nothing yet: empty)."""
        return phrase("helped", place=loc.name, die=die,
                      what=gains or self.prospect(loc, new, faces))

    def describe(self, loc: Location) -> dict[str, Any]:
        """What a sheet drawn from data needs to know of the location beyond its name and
        rule: its boxes and their Honor and rewards."""
        return {"boxes": [{"honor": b.honor, "reward": b.reward} for b in loc.boxes]}

    def parse(self, c: Checker, entry: Mapping[str, Any], path: str,
              faces: int) -> dict[str, Any]:
        """The :class:`~dicehero.engine.printed.Location` fields of this kind, read and
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
