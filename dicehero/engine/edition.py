"""An edition of the sheet as plain data, checked field by field when it is parsed.

The edition is the single source of truth for the engine, the pages and the
printed sheet: adding an edition adds a file under ``sheets/``, not code. This
module only turns an already-read mapping into checked dataclasses; reading the
file is the job of :mod:`dicehero.editions`, so the engine does no I/O.

What a location holds beyond its number, name and rule depends on its kind, and its
kind's rule object (:mod:`dicehero.engine.locations`) reads it, counts its places and
its rewards: this module knows no kind by name.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from dicehero.engine.locations import KINDS
from dicehero.engine.printed import (
    REWARDS,
    Box,
    Checker,
    EditionError,
    Line,
    Location,
    Reward,
    RewardGroup,
)

# the printed parts are read through this module too: an edition is made of them
__all__ = ["EFFECTS", "REWARDS", "Box", "Checker", "Edition", "EditionError", "Line", "Location",
           "Reward", "RewardGroup", "Superpower", "parse_edition"]

EFFECTS = ("set", "step", "copy", "teleport")


@dataclass(frozen=True, slots=True)
class Superpower:
    """A superpower and how it changes a die."""

    number: int
    name: str
    effect: Literal["set", "step", "copy", "teleport"]
    text: str
    value: int = 0
    step: int = 0


@dataclass(frozen=True, slots=True)
class Edition:
    """A whole sheet: its numbers, its locations and its superpowers."""

    name: str  # the file's key (classic), as --edition and the API name it
    title: str
    rounds: int
    dice_per_round: int
    superpower_uses: int
    minions_per_location: int
    minion_honor: int
    bystander_honor: int
    locations: tuple[Location, ...]
    superpowers: tuple[Superpower, ...]
    faces: int = 6
    # the edition's name a person reads (Classic), translated at the edge; its key if none
    label: str = ""
    _by_number: dict[int, Location] = field(default_factory=dict, compare=False, repr=False)
    # the numbers of all locations, in order: read on every move the engine checks
    location_numbers: tuple[int, ...] = field(default=(), init=False, compare=False, repr=False)
    # each location's marks before anyone helps it, made once: every hero who joins starts
    # from them (marks are immutable), and a class of 10,000 folded cold made them 10,000
    # times, most of the first roll's cost past heroes still playing (issue 26.10)
    blank_marks: tuple[Any, ...] = field(default=(), init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self.label:
            object.__setattr__(self, "label", self.name)
        object.__setattr__(self, "location_numbers", tuple(loc.number for loc in self.locations))
        object.__setattr__(self, "blank_marks",
                           tuple(KINDS[loc.kind].empty(loc) for loc in self.locations))

    def location(self, number: int) -> Location:
        """The location printed with ``number``."""
        return self._by_number[number]

    def superpower(self, number: int) -> Superpower:
        """The superpower printed with ``number``."""
        return self.superpowers[number - 1]

    def reward_count(self, reward: Reward) -> int:
        """How many Wild dice (or Bystanders) the whole sheet can give."""
        return sum(KINDS[loc.kind].reward_count(loc, reward) for loc in self.locations)


def parse_edition(data: Any, source: str = "<edition>") -> Edition:
    """Check a mapping (as read from an edition file) and build the :class:`Edition`.

    Raises :class:`EditionError` naming ``source``, the field and the problem.
    """
    c = Checker(source)
    root = c.table(data, "")
    head = c.table(c.get(root, "edition", ""), "edition")
    faces = c.integer(head, "faces", "edition", 2, 20, default=6)
    superpowers = tuple(
        _parse_superpower(c, sp, f"superpowers[{i}]", i + 1, faces)
        for i, sp in enumerate(c.items(root, "superpowers", ""))
    )
    if len(superpowers) != faces:
        raise c.fail("superpowers", "power_count", faces=faces, got=len(superpowers))
    locations = tuple(
        _parse_location(c, loc, f"locations[{i}]", i + 1, faces)
        for i, loc in enumerate(c.items(root, "locations", ""))
    )
    if len(locations) != faces:
        raise c.fail("locations", "location_count", faces=faces, got=len(locations))
    name = c.text(head, "name", "edition")
    return Edition(
        name=name,
        label=c.text(head, "label", "edition", default=name),
        title=c.text(head, "title", "edition"),
        rounds=c.integer(head, "rounds", "edition", 1, 100),
        dice_per_round=c.integer(head, "dice_per_round", "edition", 1, 12),
        superpower_uses=c.integer(head, "superpower_uses", "edition", 0, 20),
        minions_per_location=c.integer(head, "minions_per_location", "edition", 0, 12),
        minion_honor=c.integer(head, "minion_honor", "edition", 0, 100),
        bystander_honor=c.integer(head, "bystander_honor", "edition", 0, 100),
        locations=locations,
        superpowers=superpowers,
        faces=faces,
        _by_number={loc.number: loc for loc in locations},
    )


def _parse_superpower(c: Checker, raw: Any, path: str, number: int, faces: int) -> Superpower:
    sp = c.table(raw, path)
    if c.integer(sp, "number", path, 1, faces) != number:
        raise c.fail(f"{path}.number", "power_order", number=number)
    effect = c.choice(sp, "effect", path, EFFECTS)
    value = c.integer(sp, "value", path, 1, faces) if effect == "set" else 0
    step = c.integer(sp, "step", path, -1, 1) if effect == "step" else 0
    if effect == "step" and step == 0:
        raise c.fail(f"{path}.step", "bad_step")
    return Superpower(number=number, name=c.text(sp, "name", path), effect=effect,
                      text=c.text(sp, "text", path), value=value, step=step)


def _parse_location(c: Checker, raw: Any, path: str, number: int, faces: int) -> Location:
    loc = c.table(raw, path)
    if c.integer(loc, "number", path, 1, faces) != number:
        raise c.fail(f"{path}.number", "location_order", number=number)
    kind = c.choice(loc, "kind", path, tuple(KINDS))
    return Location(number=number, name=c.text(loc, "name", path), kind=kind,
                    rule=c.text(loc, "rule", path), **KINDS[kind].parse(c, loc, path, faces))
