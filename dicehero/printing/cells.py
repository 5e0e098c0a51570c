"""Grids of printed numbers (City Hall, Church): where a cell sits, what its lines are,
and how the grid's Honor is told in words."""

from __future__ import annotations

from dicehero.engine.edition import Line, Location
from dicehero.i18n import N_
from dicehero.printing.language import _, pgettext


def cell_position(location: Location, cell: int) -> tuple[int, int]:
    """The (row, column) of a cell numbered row by row from 0."""
    for r, row in enumerate(location.rows):
        if cell < len(row):
            return r, cell
        cell -= len(row)
    raise IndexError(cell)


def line_kind(location: Location, line: Line) -> tuple[str, int]:
    """Whether a scoring line is a whole ``row`` or ``column`` (and which), or ``other``."""
    places = [cell_position(location, c) for c in line.cells]
    rows = {r for r, _ in places}
    cols = {c for _, c in places}
    if len(rows) == 1:
        r = rows.pop()
        if len(places) == len(location.rows[r]):
            return "row", r
    if len(cols) == 1:
        c = cols.pop()
        if len(places) == sum(1 for row in location.rows if len(row) > c):
            return "column", c
    return "other", 0


# How many Honor a whole row, column or either of them scores, by the lines found.
PER = {("row",): N_("%(n)s Honor per row"), ("column",): N_("%(n)s Honor per column"),
       ("row", "column"): N_("%(n)s Honor per row/column"),
       ("column", "row"): N_("%(n)s Honor per row/column")}


def line_summary(location: Location) -> list[str]:
    """How a grid's lines score, grouped by Honor: ``["4 Honor per row/column"]``."""
    by_honor: dict[int, list[str]] = {}
    others: list[str] = []
    for line in location.lines:
        kind = line_kind(location, line)[0]
        if kind == "other":
            # Translators: %(line)s is one of a grid's scoring lines (a diagonal, say).
            others.append(_("%(n)s Honor for %(line)s", n=line.honor,
                            line=pgettext("line", line.label)))
        else:
            kinds = by_honor.setdefault(line.honor, [])
            if kind not in kinds:
                kinds.append(kind)
    out = [_(PER[tuple(kinds)], n=honor) for honor, kinds in by_honor.items()]
    return out + others


def legend_beside(location: Location) -> bool:
    """Whether a grid's legend sits right of it (a grid at least twice as tall as wide)
    rather than below it."""
    return len(location.rows) >= 2 * max(len(row) for row in location.rows)


def legend_lines(location: Location) -> int:
    """How many lines the legend of a grid takes: its Honor summary and one per reward."""
    return len(line_summary(location)) + len(location.rewards)
