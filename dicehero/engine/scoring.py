"""Scoring a sheet: the Honor of each location, Bystanders, Robot Minions and the total."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dicehero.engine import locations
from dicehero.engine.state import Sheet


@dataclass(frozen=True, slots=True)
class Score:
    """A score breakdown; ``total`` is always the sum of the parts."""

    locations: tuple[tuple[str, int], ...]  # (location name, Honor) in sheet order
    bystanders: int
    bystander_honor: int
    minions: int
    minion_honor: int

    @property
    def total(self) -> int:
        """All Honor: every location, every Bystander and every Robot Minion."""
        return sum(h for _, h in self.locations) + self.bystander_honor + self.minion_honor

    def to_dict(self) -> dict[str, Any]:
        """The breakdown as JSON-ready data."""
        return {
            "locations": {name: honor for name, honor in self.locations},
            "bystanders": self.bystanders,
            "bystander_honor": self.bystander_honor,
            "minions": self.minions,
            "minion_honor": self.minion_honor,
            "total": self.total,
        }


def score(sheet: Sheet) -> Score:
    """The Honor the sheet is worth now (at the end of the game, its final score)."""
    made = sheet.scored
    if made is not None:  # scored before, with these marks and minions
        return made
    ed = sheet.edition
    rescued = sheet.bystanders
    defeated = sum(sheet.minions)
    made = Score(
        locations=tuple((loc.name, locations.honor(loc, marks))
                        for loc, marks in zip(ed.locations, sheet.marks, strict=True)),
        bystanders=rescued,
        bystander_honor=rescued * ed.bystander_honor,
        minions=defeated,
        minion_honor=defeated * ed.minion_honor,
    )
    object.__setattr__(sheet, "scored", made)  # a cache, not a change
    return made
