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

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from dicehero.engine.locations import KINDS

REWARDS = ("wild", "bystander")
EFFECTS = ("set", "step", "copy", "teleport")

Reward = Literal["wild", "bystander"]


class EditionError(ValueError):
    """An edition file that cannot be used; the message names the file and the field."""


@dataclass(frozen=True, slots=True)
class Line:
    """A group of cells that scores ``honor`` when every cell in it is marked."""

    label: str
    cells: tuple[int, ...]
    honor: int


@dataclass(frozen=True, slots=True)
class RewardGroup:
    """A group of cells that earns a Wild die or rescues a Bystander when all are marked."""

    label: str
    cells: tuple[int, ...]
    reward: Reward


@dataclass(frozen=True, slots=True)
class Box:
    """A pair (Hospital) or a track box: its printed Honor and optional reward."""

    honor: int
    reward: Reward | None = None


@dataclass(frozen=True, slots=True)
class Location:
    """One of the numbered locations of the sheet."""

    number: int
    name: str
    kind: str  # a key of locations.KINDS: the rule object that reads, checks and scores it
    rule: str
    # cells
    rows: tuple[tuple[int, ...], ...] = ()
    lines: tuple[Line, ...] = ()
    rewards: tuple[RewardGroup, ...] = ()
    # pairs and track
    boxes: tuple[Box, ...] = ()
    # track
    step: str = ""
    layout: str = "right"

    # every cell's printed number, row by row: read on every move the engine checks
    cell_numbers: tuple[int, ...] = field(default=(), init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "cell_numbers", tuple(n for row in self.rows for n in row))

    @property
    def size(self) -> int:
        """How many marks the location holds (cells, pairs or boxes)."""
        return KINDS[self.kind].size(self)

    def reward_count(self, reward: Reward) -> int:
        """How many of ``reward`` this location can give at most."""
        return KINDS[self.kind].reward_count(self, reward)


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

    name: str
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
    _by_number: dict[int, Location] = field(default_factory=dict, compare=False, repr=False)
    # the numbers of all locations, in order: read on every move the engine checks
    location_numbers: tuple[int, ...] = field(default=(), init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "location_numbers", tuple(loc.number for loc in self.locations))

    def location(self, number: int) -> Location:
        """The location printed with ``number``."""
        return self._by_number[number]

    def superpower(self, number: int) -> Superpower:
        """The superpower printed with ``number``."""
        return self.superpowers[number - 1]

    def reward_count(self, reward: Reward) -> int:
        """How many Wild dice (or Bystanders) the whole sheet can give."""
        return sum(loc.reward_count(reward) for loc in self.locations)


class Checker:
    """Reads typed fields out of nested mappings and names the path on failure.

    A location's kind reads its own fields with it (:meth:`Kind.parse
    <dicehero.engine.locations.Kind.parse>`), the boxes and groups of cells that several
    kinds share included.
    """

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, path: str, problem: str) -> EditionError:
        return EditionError(f"{self.source}: {path}: {problem}")

    def table(self, data: Any, path: str) -> Mapping[str, Any]:
        if not isinstance(data, Mapping):
            raise self.fail(path, f"expected a table, got {type(data).__name__}")
        return data

    def get(self, data: Mapping[str, Any], key: str, path: str, default: Any = ...) -> Any:
        if key not in data:
            if default is ...:
                raise self.fail(f"{path}.{key}" if path else key, "is missing")
            return default
        return data[key]

    def integer(
        self, data: Mapping[str, Any], key: str, path: str, lo: int, hi: int, default: Any = ...
    ) -> int:
        value = self.get(data, key, path, default)
        where = f"{path}.{key}" if path else key
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(where, f"expected a whole number, got {value!r}")
        if not lo <= value <= hi:
            raise self.fail(where, f"must be between {lo} and {hi}, got {value}")
        return value

    def text(self, data: Mapping[str, Any], key: str, path: str, default: Any = ...) -> str:
        value = self.get(data, key, path, default)
        if not isinstance(value, str) or not value.strip():
            raise self.fail(f"{path}.{key}" if path else key, f"expected some text, got {value!r}")
        return value

    def choice(self, data: Mapping[str, Any], key: str, path: str, options: tuple[str, ...],
               default: Any = ...) -> str:
        value = self.get(data, key, path, default)
        if value not in options:
            raise self.fail(
                f"{path}.{key}" if path else key,
                f"must be one of {', '.join(options)}, got {value!r}",
            )
        return value

    def items(self, data: Mapping[str, Any], key: str, path: str) -> list[Any]:
        value = self.get(data, key, path)
        if not isinstance(value, list) or not value:
            raise self.fail(f"{path}.{key}" if path else key, "expected a non-empty list")
        return value

    def boxes(self, data: Mapping[str, Any], key: str, path: str) -> tuple[Box, ...]:
        """The boxes (or pairs) listed under ``key``: each its Honor and optional reward."""
        return tuple(self._box(b, f"{path}.{key}[{i}]")
                     for i, b in enumerate(self.items(data, key, path)))

    def _box(self, raw: Any, path: str) -> Box:
        box = self.table(raw, path)
        reward = box.get("reward")
        if reward is not None:
            reward = self.choice(box, "reward", path, REWARDS)
        return Box(honor=self.integer(box, "honor", path, 0, 1000), reward=reward)

    def cells(self, group: Mapping[str, Any], path: str, size: int) -> tuple[int, ...]:
        """A group's ``cells``: different cell numbers of a grid of ``size`` cells."""
        cells = self.items(group, "cells", path)
        for i, cell in enumerate(cells):
            if isinstance(cell, bool) or not isinstance(cell, int) or not 0 <= cell < size:
                raise self.fail(f"{path}.cells[{i}]", f"expected a cell number from 0 to "
                                                      f"{size - 1}, got {cell!r}")
        if len(set(cells)) != len(cells):
            raise self.fail(f"{path}.cells", "names a cell twice")
        return tuple(cells)

    def line(self, raw: Any, path: str, size: int) -> Line:
        """A group of cells that scores when complete."""
        line = self.table(raw, path)
        return Line(label=self.text(line, "label", path), cells=self.cells(line, path, size),
                    honor=self.integer(line, "honor", path, 0, 1000))

    def reward_group(self, raw: Any, path: str, size: int) -> RewardGroup:
        """A group of cells that rewards when complete."""
        group = self.table(raw, path)
        return RewardGroup(label=self.text(group, "label", path),
                           cells=self.cells(group, path, size),
                           reward=self.choice(group, "reward", path, REWARDS))


def parse_edition(data: Any, source: str = "<edition>") -> Edition:
    """Check a mapping (as read from an edition file) and build the :class:`Edition`.

    Raises :class:`EditionError` naming ``source``, the field and the problem.
    """
    c = Checker(source)
    root = c.table(data, "the file")
    head = c.table(c.get(root, "edition", ""), "edition")
    faces = c.integer(head, "faces", "edition", 2, 20, default=6)
    superpowers = tuple(
        _parse_superpower(c, sp, f"superpowers[{i}]", i + 1, faces)
        for i, sp in enumerate(c.items(root, "superpowers", ""))
    )
    if len(superpowers) != faces:
        raise c.fail("superpowers", f"expected one superpower per die face ({faces}), "
                                    f"got {len(superpowers)}")
    locations = tuple(
        _parse_location(c, loc, f"locations[{i}]", i + 1, faces)
        for i, loc in enumerate(c.items(root, "locations", ""))
    )
    if len(locations) != faces:
        raise c.fail("locations", f"expected one location per die face ({faces}), "
                                  f"got {len(locations)}")
    return Edition(
        name=c.text(head, "name", "edition"),
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
        raise c.fail(f"{path}.number", f"superpowers must be listed in order; expected {number}")
    effect = c.choice(sp, "effect", path, EFFECTS)
    value = c.integer(sp, "value", path, 1, faces) if effect == "set" else 0
    step = c.integer(sp, "step", path, -1, 1) if effect == "step" else 0
    if effect == "step" and step == 0:
        raise c.fail(f"{path}.step", "must be -1 or 1")
    return Superpower(number=number, name=c.text(sp, "name", path), effect=effect,
                      text=c.text(sp, "text", path), value=value, step=step)


def _parse_location(c: Checker, raw: Any, path: str, number: int, faces: int) -> Location:
    loc = c.table(raw, path)
    if c.integer(loc, "number", path, 1, faces) != number:
        raise c.fail(f"{path}.number", f"locations must be listed in order; expected {number}")
    kind = c.choice(loc, "kind", path, tuple(KINDS))
    return Location(number=number, name=c.text(loc, "name", path), kind=kind,
                    rule=c.text(loc, "rule", path), **KINDS[kind].parse(c, loc, path, faces))
