"""A paper sheet as it is drawn: the marks, with no moves and no rounds.

A pen on a printed sheet leaves X's in City Hall and Church cells, numbers in
the Hospital pairs and along the three tracks, ticks for Robot Minions, Wild
dice and superpower uses, the chosen superpower, and (where the sheet has a
ROUNDS box) the dice the player wrote down. Which die did what, and when, is
not on the paper: :mod:`dicehero.engine.paper.witness` finds a legal play that
draws exactly these marks.

The JSON shape (``docs/API.md``, "Entering a paper sheet by its marks")::

    {"superpower": 4,
     "marks": [[true, false, ...], [[4, 4], [2], [], ...], [5, 5], [3, 4, 5], [], [...]],
     "minions": [0, 1, 3, 0, 0, 2],
     "wild_used": 1, "powers_used": 2,
     "bystanders": 1,                      # optional: checked against the marks
     "rolls": [[3, 1, 6, 6], null, ...]}   # optional: the ROUNDS box, checked against the game

``marks`` has one entry per location in sheet order, as in the sheet view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from dicehero.engine import locations
from dicehero.engine.edition import Edition, Location
from dicehero.engine.errors import ActionError, BadAction, RuleError
from dicehero.engine.locations import Marks
from dicehero.engine.phrase import Phrase, numbered_powers, phrase
from dicehero.engine.state import Sheet, new_sheet


@dataclass(frozen=True, slots=True)
class PaperMarks:
    """Everything drawn on one paper sheet (see the module docstring)."""

    superpower: int | None
    marks: tuple[Marks, ...]
    minions: tuple[int, ...]
    wild_used: int = 0
    powers_used: int = 0
    bystanders: int | None = None  # as ticked on the sheet, when the player ticked them
    rolls: tuple[tuple[int, ...] | None, ...] = ()  # the ROUNDS box, where written

    @classmethod
    def of(cls, sheet: Sheet) -> PaperMarks:
        """The marks a sheet played in the app would show on paper."""
        return cls(superpower=sheet.superpower, marks=sheet.marks, minions=sheet.minions,
                   wild_used=sheet.wild_spent, powers_used=sheet.powers_used,
                   bystanders=sheet.bystanders)

    def count(self, edition: Edition) -> int:
        """How many marks the dice must have made: numbers, X's and Robot Minions."""
        return sum(locations.kind_of(loc).count(m)
                   for loc, m in zip(edition.locations, self.marks, strict=True)) \
            + sum(self.minions)

    def sheet(self, edition: Edition, offer: Sequence[int] = ()) -> Sheet:
        """A sheet holding these marks, to score them (how they came about is not checked)."""
        blank = new_sheet(edition, offer)
        return blank.evolve(superpower=self.superpower, marks=self.marks, minions=self.minions,
                            wild_spent=self.wild_used, powers_used=self.powers_used,
                            round=edition.rounds, done=True, played=True)

    def to_dict(self) -> dict[str, Any]:
        """The marks as JSON-ready data, in the shape :func:`parse_marks` reads."""
        out: dict[str, Any] = {
            "superpower": self.superpower,
            "marks": [[list(p) if isinstance(p, tuple) else p for p in m] for m in self.marks],
            "minions": list(self.minions),
            "wild_used": self.wild_used,
            "powers_used": self.powers_used,
        }
        if self.bystanders is not None:
            out["bystanders"] = self.bystanders
        if self.rolls:
            out["rolls"] = [list(r) if r is not None else None for r in self.rolls]
        return out


_FIELDS = {"superpower", "marks", "minions", "wild_used", "powers_used", "bystanders", "rolls"}


def parse_marks(data: Any, edition: Edition) -> PaperMarks:
    """Check the shape of drawn marks and build :class:`PaperMarks`; :class:`BadAction` if wrong.

    Only the shape is checked here (lengths, whole numbers, faces). Whether each
    location's marks obey its rule is :func:`check_drawn`; whether the game's
    rolls could have made them is the witness search.
    """
    if not isinstance(data, Mapping):
        raise BadAction("bad_marks", "marks_object")
    extra = set(data) - _FIELDS
    if extra:
        raise BadAction("bad_field", "marks_no_field", fields=", ".join(sorted(map(str, extra))))
    locs = edition.locations
    raw = data.get("marks")
    if not isinstance(raw, list) or len(raw) != len(locs):
        raise BadAction("bad_marks", "marks_list", n=len(locs))
    marks = tuple(_location_marks(loc, m, edition.faces) for loc, m in zip(locs, raw, strict=True))
    minions = data.get("minions", [0] * len(locs))
    if (not isinstance(minions, list) or len(minions) != len(locs)
            or any(not _whole(n) or n < 0 for n in minions)):
        raise BadAction("bad_minions", n=len(locs))
    superpower = data.get("superpower")
    if superpower is not None and not _whole(superpower):
        raise BadAction("bad_field", "superpower_field")
    counts = {}
    for key in ("wild_used", "powers_used"):
        counts[key] = data.get(key, 0)
        if not _whole(counts[key]) or counts[key] < 0:
            raise BadAction("bad_field", "count_field", field=key)
    bystanders = data.get("bystanders")
    if bystanders is not None and (not _whole(bystanders) or bystanders < 0):
        raise BadAction("bad_field", "count_field", field="bystanders")
    return PaperMarks(superpower=superpower, marks=marks, minions=tuple(minions),
                      wild_used=counts["wild_used"], powers_used=counts["powers_used"],
                      bystanders=bystanders, rolls=_written_rolls(data.get("rolls"), edition))


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _face(value: Any, faces: int) -> bool:
    return _whole(value) and 1 <= value <= faces


def _location_marks(loc: Location, raw: Any, faces: int) -> Marks:
    return locations.kind_of(loc).read_marks(loc, raw, faces)


def _written_rolls(raw: Any, edition: Edition) -> tuple[tuple[int, ...] | None, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list) or len(raw) > edition.rounds or any(
            r is not None and (not isinstance(r, list) or len(r) != edition.dice_per_round
                               or not all(_face(v, edition.faces) for v in r)) for r in raw):
        raise BadAction("bad_rolls", n=edition.dice_per_round)
    return tuple(tuple(r) if r is not None else None for r in raw)




def check_drawn(paper: PaperMarks, edition: Edition, offer: Sequence[int],
                rolls: Sequence[Sequence[int]]) -> Sheet:
    """Refuse marks no play could draw, whatever the dice; the sheet they make if none is refused.

    These are the checks that need no search: each location's marks obey its rule
    (written one by one with the engine's own :func:`locations.write`), the
    superpower was one offered, the ticks fit the allowances, the Wild dice used
    were earned, the Bystanders ticked are the ones the marks rescue, and the
    ROUNDS box agrees with the game's rolls. Raises :class:`RuleError` in plain words.
    """
    for number, (written, real) in enumerate(zip(paper.rolls, rolls, strict=False), start=1):
        if written is not None and sorted(written) != sorted(real):
            raise RuleError("rolls_differ", round=number, dice=_dice(written), real=_dice(real))
    if len(paper.rolls) > len(rolls) and any(r is not None for r in paper.rolls[len(rolls):]):
        raise RuleError("rolls_differ", "rolls_ahead", round=len(rolls) + 1)
    for loc, marks in zip(edition.locations, paper.marks, strict=True):
        check_location(loc, marks, edition.faces)
    limit = edition.minions_per_location
    for loc, count in zip(edition.locations, paper.minions, strict=True):
        if count > limit:
            raise RuleError("no_minions", "too_many_minions", place=loc.name, n=limit,
                            count=count)
    if paper.superpower is None:
        if paper.powers_used:
            raise RuleError("no_superpower", "uses_without_superpower")
    elif paper.superpower not in offer:
        raise RuleError("not_offered", "paper_not_offered",
                        either=numbered_powers(edition, offer), number=paper.superpower)
    if paper.powers_used > edition.superpower_uses:
        raise RuleError("no_power_left", "too_many_power_uses", n=edition.superpower_uses,
                        count=paper.powers_used)
    sheet = paper.sheet(edition, offer)
    if paper.wild_used > sheet.wild_earned:
        raise RuleError("no_wild", "wild_not_earned", n=sheet.wild_earned,
                        count=paper.wild_used)
    if paper.bystanders is not None and paper.bystanders != sheet.bystanders:
        raise RuleError("bystanders_differ", n=sheet.bystanders, count=paper.bystanders)
    return sheet


def check_location(loc: Location, marks: Marks, faces: int) -> None:
    """Write the location's marks one at a time with the engine's rule; refuse the first misfit."""
    written = locations.empty_marks(loc)
    for value, slot, where in locations.kind_of(loc).writes(loc, marks):
        try:
            written = locations.write(loc, written, value, slot, faces)
        except ActionError as e:
            raise RuleError(e.code, "misfit", place=loc.name, where=where,
                            why=e.phrase) from None
    if written != marks:  # a kind's writes must rebuild its marks: never a silent pass
        raise RuleError("bad_marks", "cannot_write", place=loc.name)


def _dice(values: Sequence[int]) -> str:
    return " ".join(str(v) for v in values)


def erased(before: PaperMarks, after: PaperMarks, edition: Edition) -> Phrase | None:
    """The first mark ``before`` shows that ``after`` lacks, as a phrase; ``None`` if none.

    Ink does not come off: a sheet sent again may add marks, never lose one.
    """
    if before.superpower is not None and after.superpower != before.superpower:
        return phrase("lost_superpower")
    for loc, old, new in zip(edition.locations, before.marks, after.marks, strict=True):
        lost = locations.kind_of(loc).lost(loc, old, new)
        if lost:
            return lost
    for loc, old, new in zip(edition.locations, before.minions, after.minions, strict=True):
        if new < old:
            return phrase("lost_minion", place=loc.name)
    if after.wild_used < before.wild_used:
        return phrase("lost_wild")
    if after.powers_used < before.powers_used:
        return phrase("lost_power_use")
    return None
