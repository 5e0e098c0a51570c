"""Naming the one wrong mark of a sheet no legal play draws (issue 25.4).

A child who wrote one number in the wrong box, or one mark too many, should be told which
box to look at, not where the closest play happened to stop. When the search refuses a
sheet, :func:`name_wrong_mark` takes each mark away in turn (a number, an X, a Robot
Minion) and asks the search whether the rest is drawable. If exactly one mark's removal
makes the sheet drawable, that mark is the one no play over the game's rolls reaches
beside the others, and the refusal names it. If none does, or more than one (two marks
that cannot both be there: either may be the wrong one), or the states run out first, no
mark is named and the search's own refusal stands: a mark is named only when the
search proved every other removal hopeless.

The cheap checks come first (:func:`~dicehero.engine.paper.witness.precheck`: each
location's rule, the ticks, enough of each number), so most removals cost no search.
The rest are searched in rounds of growing state caps, all of them within
``Settings.name_states`` states in all: a verdict is the same on any machine.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from dicehero.engine import locations
from dicehero.engine.edition import Edition
from dicehero.engine.errors import ActionError
from dicehero.engine.paper.marks import PaperMarks
from dicehero.engine.paper.search.settings import Settings
from dicehero.engine.paper.verdict import IMPOSSIBLE, UNDECIDED, VERIFIED, Verdict
from dicehero.engine.phrase import Phrase, phrase

FIRST_CAP = 2_000  # states each removal may take in the first round; four times more each round

# (edition, offer, rolls, marks, settings, pause) -> verdict: find_witness, passed in to
# keep the import one way (witness.py calls this module).
Search = Callable[[Edition, Sequence[int], Sequence[Sequence[int]], PaperMarks, Settings,
                   Callable[[], bool] | None], Verdict]
Precheck = Callable[[Edition, Sequence[int], Sequence[Sequence[int]], PaperMarks],
                    Verdict | None]


@dataclass(frozen=True)
class Removal:
    """The sheet with one mark taken away, and that mark in words."""

    paper: PaperMarks
    named: Phrase  # "Powerplant, box 7 (a 6): ..."
    mark: dict[str, Any]  # where it is, as Verdict.mark


def removals(edition: Edition, paper: PaperMarks) -> Iterator[Removal]:
    """Every sheet that is ``paper`` less one mark and still obeys each location's rule.

    A track's number is taken out and the numbers after it move up a box (a number
    written one box too far is the same mistake); a removal that breaks a location's rule
    is not offered (the marks left could not be the drawing either way)."""
    for i, (loc, marks) in enumerate(zip(edition.locations, paper.marks, strict=True)):
        kind = locations.kind_of(loc)
        writes = kind.writes(loc, marks)
        for skip, (_, slot, where) in enumerate(writes):
            fewer = _written(loc, [w for k, w in enumerate(writes) if k != skip],
                             edition.faces, kind.ordered)
            if fewer is None:
                continue
            new = (*paper.marks[:i], fewer, *paper.marks[i + 1:])
            yield Removal(replace(paper, marks=new, bystanders=None),
                          phrase("wrong_mark", place=loc.name, where=where),
                          {"location": i, "slot": skip if kind.ordered else slot})
    for i, (loc, count) in enumerate(zip(edition.locations, paper.minions, strict=True)):
        if count:
            fewer_minions = (*paper.minions[:i], count - 1, *paper.minions[i + 1:])
            yield Removal(replace(paper, minions=fewer_minions, bystanders=None),
                          phrase("wrong_minion", place=loc.name), {"location": i, "minion": True})


def _written(loc: locations.Location, writes: Sequence[tuple[int, int, Phrase]], faces: int,
             ordered: bool) -> locations.Marks | None:
    """The marks ``writes`` make one by one with the engine's rule; None if one misfits."""
    marks = locations.empty_marks(loc)
    try:
        for value, slot, _ in writes:
            marks = locations.write(loc, marks, value, None if ordered else slot, faces)
    except ActionError:
        return None
    return marks


def name_wrong_mark(edition: Edition, offer: Sequence[int], rolls: Sequence[Sequence[int]],
                    paper: PaperMarks, settings: Settings, pause: Callable[[], bool] | None,
                    search: Search, precheck: Precheck) -> tuple[Verdict | None, int]:
    """The refusal that names the one mark whose removal makes ``paper`` drawable, if
    exactly one does, and the states spent finding out (see the module docstring)."""
    left = [r for r in removals(edition, paper)
            if precheck(edition, offer, rolls, r.paper) is None]
    budget, spent, cap = settings.name_states, 0, FIRST_CAP
    drawable: list[Removal] = []
    while left and len(drawable) < 2 and spent < budget:
        undecided = []
        for removal in left:
            room = min(cap, budget - spent)
            if room <= 0:
                return None, spent
            verdict = search(edition, offer, rolls, removal.paper,
                             replace(settings, max_states=room, name_states=0), pause)
            spent += verdict.nodes
            if verdict.status == VERIFIED:
                drawable.append(removal)
                if len(drawable) > 1:
                    return None, spent
            elif verdict.status == UNDECIDED:
                if verdict.nodes < room:  # stopped by the server, not by the cap
                    return None, spent
                undecided.append(removal)
        left, cap = undecided, cap * 4
    if len(drawable) != 1 or left:
        return None, spent
    return Verdict(IMPOSSIBLE, code="wrong_mark", reason=drawable[0].named,
                   mark=drawable[0].mark), spent
