"""An edition of the sheet as plain data, checked field by field when it is parsed.

The edition is the single source of truth for the engine, the pages and the
printed sheet: adding an edition adds a file under ``sheets/``, not code. This
module only turns an already-read mapping into checked dataclasses; reading the
file is the job of :mod:`dicehero.editions`, so the engine does no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

REWARDS = ("wild", "bystander")
KINDS = ("cells", "pairs", "track")
STEPS = ("same", "adjacent", "not_lower")
EFFECTS = ("set", "step", "copy", "teleport")
LAYOUTS = ("up", "right")

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
    kind: Literal["cells", "pairs", "track"]
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
        return len(self.cell_numbers) if self.kind == "cells" else len(self.boxes)

    def reward_count(self, reward: Reward) -> int:
        """How many of ``reward`` this location can give at most."""
        if self.kind == "cells":
            return sum(1 for g in self.rewards if g.reward == reward)
        return sum(1 for b in self.boxes if b.reward == reward)


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


class _Checker:
    """Reads typed fields out of nested mappings and names the path on failure."""

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


def parse_edition(data: Any, source: str = "<edition>") -> Edition:
    """Check a mapping (as read from an edition file) and build the :class:`Edition`.

    Raises :class:`EditionError` naming ``source``, the field and the problem.
    """
    c = _Checker(source)
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


def _parse_superpower(c: _Checker, raw: Any, path: str, number: int, faces: int) -> Superpower:
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


def _parse_location(c: _Checker, raw: Any, path: str, number: int, faces: int) -> Location:
    loc = c.table(raw, path)
    if c.integer(loc, "number", path, 1, faces) != number:
        raise c.fail(f"{path}.number", f"locations must be listed in order; expected {number}")
    kind = c.choice(loc, "kind", path, KINDS)
    common = {"number": number, "name": c.text(loc, "name", path), "kind": kind,
              "rule": c.text(loc, "rule", path)}
    if kind == "cells":
        return _parse_cells(c, loc, path, common, faces)
    key = "pairs" if kind == "pairs" else "boxes"
    boxes = tuple(_parse_box(c, b, f"{path}.{key}[{i}]")
                  for i, b in enumerate(c.items(loc, key, path)))
    if kind == "pairs":
        return Location(**common, boxes=boxes)
    return Location(**common, boxes=boxes, step=c.choice(loc, "step", path, STEPS),
                    layout=c.choice(loc, "layout", path, LAYOUTS, default="right"))


def _parse_box(c: _Checker, raw: Any, path: str) -> Box:
    box = c.table(raw, path)
    reward = box.get("reward")
    if reward is not None:
        reward = c.choice(box, "reward", path, REWARDS)
    return Box(honor=c.integer(box, "honor", path, 0, 1000), reward=reward)


def _cell_list(c: _Checker, group: Mapping[str, Any], path: str, size: int) -> tuple[int, ...]:
    cells = c.items(group, "cells", path)
    for i, cell in enumerate(cells):
        if isinstance(cell, bool) or not isinstance(cell, int) or not 0 <= cell < size:
            raise c.fail(f"{path}.cells[{i}]", f"expected a cell number from 0 to {size - 1}, "
                                               f"got {cell!r}")
    if len(set(cells)) != len(cells):
        raise c.fail(f"{path}.cells", "names a cell twice")
    return tuple(cells)


def _parse_cells(c: _Checker, loc: Mapping[str, Any], path: str, common: dict[str, Any],
                 faces: int) -> Location:
    rows: list[tuple[int, ...]] = []
    for r, row in enumerate(c.items(loc, "rows", path)):
        if not isinstance(row, list) or not row:
            raise c.fail(f"{path}.rows[{r}]", "expected a non-empty list of printed numbers")
        for k, n in enumerate(row):
            if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= faces:
                raise c.fail(f"{path}.rows[{r}][{k}]", f"expected a die face 1-{faces}, got {n!r}")
        rows.append(tuple(row))
    size = sum(len(r) for r in rows)
    lines = []
    for i, raw in enumerate(loc.get("lines", [])):
        p = f"{path}.lines[{i}]"
        line = c.table(raw, p)
        lines.append(Line(label=c.text(line, "label", p), cells=_cell_list(c, line, p, size),
                          honor=c.integer(line, "honor", p, 0, 1000)))
    rewards = []
    for i, raw in enumerate(loc.get("rewards", [])):
        p = f"{path}.rewards[{i}]"
        group = c.table(raw, p)
        rewards.append(RewardGroup(label=c.text(group, "label", p),
                                   cells=_cell_list(c, group, p, size),
                                   reward=c.choice(group, "reward", p, REWARDS)))
    return Location(**common, rows=tuple(rows), lines=tuple(lines), rewards=tuple(rewards))
