"""The printed parts of a sheet as plain data: a location, its boxes, its lines and reward
groups, and the :class:`Checker` that reads them from an edition file.

These know no kind of location: each kind (:mod:`dicehero.engine.locations`) reads the
fields it uses with the checker, counts its places and scores its marks. The kinds import
this module and :mod:`dicehero.engine.edition` imports the kinds, so nothing imports back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

REWARDS = ("wild", "bystander")

Reward = Literal["wild", "bystander"]


class EditionError(ValueError):
    """An edition file that cannot be used.

    The file's checker gives a ``code`` and its ``params`` (the file, the field and what was
    found), worded at the edge by :mod:`dicehero.words.editions` in the reader's language;
    loading a file (outside the engine) gives a catalog msgid as ``message`` instead.
    """

    def __init__(self, text: str, message: str = "", *, code: str = "",
                 **params: object) -> None:
        super().__init__(text)
        self.message, self.code, self.params = message, code, params


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


class Checker:
    """Reads typed fields out of nested mappings and names the path on failure.

    A location's kind reads its own fields with it (:meth:`Kind.parse
    <dicehero.engine.locations.kind.Kind.parse>`), the boxes and groups of cells that several
    kinds share included.
    """

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, path: str, code: str, **params: object) -> EditionError:
        """The error for the field at ``path`` (``""`` for the whole file)."""
        found = ", ".join(f"{k}={v}" for k, v in params.items())
        return EditionError(f"{self.source}: {path}: {code}" + (f" ({found})" if found else ""),
                            code=code, file=self.source, field=path, **params)

    def table(self, data: Any, path: str) -> Mapping[str, Any]:
        if not isinstance(data, Mapping):
            raise self.fail(path, "not_table", got=type(data).__name__)
        return data

    def get(self, data: Mapping[str, Any], key: str, path: str, default: Any = ...) -> Any:
        if key not in data:
            if default is ...:
                raise self.fail(f"{path}.{key}" if path else key, "missing")
            return default
        return data[key]

    def integer(
        self, data: Mapping[str, Any], key: str, path: str, lo: int, hi: int, default: Any = ...
    ) -> int:
        value = self.get(data, key, path, default)
        where = f"{path}.{key}" if path else key
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(where, "not_whole", got=repr(value))
        if not lo <= value <= hi:
            raise self.fail(where, "out_of_range", lo=lo, hi=hi, got=value)
        return value

    def text(self, data: Mapping[str, Any], key: str, path: str, default: Any = ...) -> str:
        value = self.get(data, key, path, default)
        if not isinstance(value, str) or not value.strip():
            raise self.fail(f"{path}.{key}" if path else key, "not_text", got=repr(value))
        return value

    def choice(self, data: Mapping[str, Any], key: str, path: str, options: tuple[str, ...],
               default: Any = ...) -> str:
        value = self.get(data, key, path, default)
        if value not in options:
            raise self.fail(f"{path}.{key}" if path else key, "not_choice",
                            options=", ".join(options), got=repr(value))
        return value

    def items(self, data: Mapping[str, Any], key: str, path: str) -> list[Any]:
        value = self.get(data, key, path)
        if not isinstance(value, list) or not value:
            raise self.fail(f"{path}.{key}" if path else key, "empty_list")
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
                raise self.fail(f"{path}.cells[{i}]", "bad_cell", last=size - 1, got=repr(cell))
        if len(set(cells)) != len(cells):
            raise self.fail(f"{path}.cells", "cell_twice")
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
