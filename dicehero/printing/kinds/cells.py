"""How a grid of printed numbers prints (City Hall, Church): its cells, the Honor of its
rows and columns, and the legend of line Honor and rewards beside or below it."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from dicehero.engine.edition import Location
from dicehero.i18n import is_rtl
from dicehero.printing import icons
from dicehero.printing.cells import (
    cell_position,
    legend_beside,
    legend_lines,
    line_kind,
    line_summary,
)
from dicehero.printing.geometry import Rect, flip_align, flip_in, pt
from dicehero.printing.kinds.base import PrintKind
from dicehero.printing.language import _, current, pgettext
from dicehero.printing.panel import BADGE, CHROME, LEGEND_LINE, PanelSize
from dicehero.printing.text import BOLD, REGULAR, draw_fitted, draw_string, reward_name, wrap

NUMBER_GREY = 0.45


@dataclass(frozen=True, slots=True)
class GridParts:
    """A grid: its cells (in cell order), the badges of row and column lines, the legend
    and whether it sits beside the grid (else below)."""

    cells: tuple[Rect, ...]
    row_badges: dict[int, Rect]
    column_badges: dict[int, Rect]
    legend: Rect
    beside: bool


def grid_parts(location: Location, body: Rect, rtl: bool = False) -> GridParts:
    """Place the cells of a ``cells`` location, the Honor badges of its rows and columns
    beside and under them, and the legend (line Honor, rewards) right of or below it; on a
    right-to-left sheet all mirrored (the first column at the right, the rows' Honor and
    the legend left of the grid), as the phone's mirrored sheet has it."""
    n_rows = len(location.rows)
    n_cols = max(len(r) for r in location.rows)
    kinds = [line_kind(location, line) for line in location.lines]
    badge_w = BADGE + 1.6 if any(k == "row" for k, _ in kinds) else 0.0
    badge_h = BADGE + 1.2 if any(k == "column" for k, _ in kinds) else 0.0
    areas = {True: body.left_part(body.w - min(40.0, body.w * 0.55)),
             False: body.above(LEGEND_LINE * legend_lines(location))}

    def cell_size(area: Rect) -> float:
        return min((area.w - badge_w) / n_cols, (area.h - badge_h) / n_rows, 12.0)

    # the usual place first; the other one only if it gives clearly bigger cells
    usual = legend_beside(location)
    beside = usual if cell_size(areas[usual]) + 0.5 >= cell_size(areas[not usual]) else not usual
    area = areas[beside]
    cell = cell_size(area)
    grid_w, grid_h = cell * n_cols + badge_w, cell * n_rows + badge_h
    if beside:
        x0, top = area.x + (area.w - grid_w) / 2, area.top - (area.h - grid_h) / 2
        legend = Rect(x0 + grid_w + 2.0, body.y, body.right - x0 - grid_w - 2.0, body.h)
    else:
        x0, top = area.x + (area.w - grid_w) / 2, area.top
        legend = Rect(body.x, body.y, body.w, area.y - body.y + max(0.0, area.h - grid_h))
        legend = legend.top_part(min(legend.h, LEGEND_LINE * legend_lines(location)))
        legend = Rect(legend.x, top - grid_h - 0.5 - legend.h, legend.w, legend.h)
    cells = []
    for r, row in enumerate(location.rows):
        for c in range(len(row)):
            cells.append(Rect(x0 + c * cell, top - (r + 1) * cell, cell, cell))
    row_badges: dict[int, Rect] = {}
    column_badges: dict[int, Rect] = {}
    for kind, index in kinds:
        if kind == "row":
            row = location.rows[index]
            y = top - (index + 0.5) * cell
            row_badges[index] = Rect(x0 + len(row) * cell + 1.2, y - BADGE / 2, BADGE, BADGE)
        elif kind == "column":
            last = max(r for r, row in enumerate(location.rows) if len(row) > index)
            x = x0 + (index + 0.5) * cell
            column_badges[index] = Rect(x - BADGE / 2, top - (last + 1) * cell - 0.8 - BADGE,
                                        BADGE, BADGE)
    flip = flip_in(body, rtl)
    return GridParts(tuple(flip(r) for r in cells),
                     {k: flip(r) for k, r in row_badges.items()},
                     {k: flip(r) for k, r in column_badges.items()}, flip(legend), beside)


def _bracketable(location: Location) -> bool:
    """Whether every reward group is a run of whole rows, the runs not overlapping."""
    seen: set[int] = set()
    for group in location.rewards:
        rows = sorted({cell_position(location, cell)[0] for cell in group.cells})
        whole = sum(len(location.rows[r]) for r in rows) == len(group.cells)
        if not whole or rows != list(range(rows[0], rows[-1] + 1)) or seen & set(rows):
            return False
        seen |= set(rows)
    return True


def _draw_grid_legend(c: Canvas, location: Location, cells: tuple[Rect, ...],
                      legend: Rect, beside: bool, rtl: bool = False) -> None:
    """The line Honor and the rewards: beside a grid a bracket per reward group, else a
    line each; mirrored inside ``legend`` on a right-to-left sheet (bracket, icon, words
    from the right)."""
    summary = line_summary(location)
    line_h = LEGEND_LINE
    icon = line_h - 0.9
    flip, start = flip_in(legend, rtl), flip_align("left", rtl)

    if beside and _bracketable(location):
        for group in location.rewards:
            top = max(cells[i].top for i in group.cells) - 0.9
            bottom = min(cells[i].y for i in group.cells) + 0.9
            x, tick = (legend.right, -1.2) if rtl else (legend.x, 1.2)
            c.setLineWidth(pt(0.8))
            c.lines([(x, top, x + tick, top), (x, top, x, bottom), (x, bottom, x + tick, bottom)])
            mid = (top + bottom) / 2
            icons.reward(c, flip(Rect(legend.x + 2.0, mid - icon / 2, icon, icon)), group.reward)
            lines = wrap(pgettext("reward", group.label), REGULAR, pt(7),
                         legend.w - 3.0 - icon)[:2]
            c.setFont(REGULAR, pt(7))
            text_x = x - 3.0 - icon if rtl else x + 3.0 + icon
            for k, text in enumerate(lines):
                draw_string(c, text_x, mid + (len(lines) / 2 - k - 0.75) * pt(8.5), text,
                            REGULAR, pt(7), start)
        y = legend.y + 0.5
        for text in reversed(summary):
            draw_fitted(c, text, BOLD, 7.5, Rect(legend.x, y, legend.w, line_h), align=start)
            y += line_h
        return
    y = legend.top - line_h
    for text in summary:
        draw_fitted(c, text, BOLD, 7.5, flip(Rect(legend.x + 1.0, y, legend.w - 1.0, line_h)),
                    align=start)
        y -= line_h
    for group in location.rewards:
        icons.reward(c, flip(Rect(legend.x + 1.0, y + 0.45, icon, icon)), group.reward)
        # Translators: beside a reward icon; %(line)s is what earns it (a row, a column).
        draw_fitted(c, _("for %(line)s", line=pgettext("reward", group.label)), REGULAR, 7.5,
                    flip(Rect(legend.x + 2.5 + icon, y, legend.w - 2.5 - icon, line_h)),
                    align=start)
        y -= line_h


class Cells(PrintKind):
    """A grid of printed numbers."""

    name = "cells"

    def size(self, location: Location) -> PanelSize:
        cols = max(len(r) for r in location.rows)
        rows = len(location.rows)
        legend = 0 if legend_beside(location) else 4.5 * legend_lines(location)
        # at its smallest a grid may move its legend beside it (see parts.grid_parts)
        return PanelSize(max(56.0, 10 + cols * 11 + (38 if legend_beside(location) else 0)),
                         CHROME + 6.2 * rows + 5.8, CHROME + 9.5 * rows + 5 + legend)

    def draw(self, c: Canvas, location: Location, body: Rect) -> None:
        rtl = is_rtl(current())
        g = grid_parts(location, body, rtl)
        for cell, number in zip(g.cells, location.cell_numbers, strict=True):
            inner = cell.inset(0.5)
            icons.box(c, inner, weight=0.9)
            c.setFillGray(NUMBER_GREY)
            size = inner.h * 0.62
            c.setFont(BOLD, size)
            c.drawCentredString(inner.cx, inner.cy - size * 0.35, str(number))
            c.setFillGray(0)
        honors: dict[tuple[str, int], int] = {}
        for line in location.lines:
            honors[line_kind(location, line)] = line.honor
        for index, badge in g.row_badges.items():
            icons.honor(c, badge, honors[("row", index)])
        for index, badge in g.column_badges.items():
            icons.honor(c, badge, honors[("column", index)])
        _draw_grid_legend(c, location, g.cells, g.legend, g.beside, rtl)

    def scoring(self, location: Location) -> str:
        parts = line_summary(location)
        parts += [f"{pgettext('reward', g.label)}: {reward_name(g.reward)}"
                  for g in location.rewards]
        return "; ".join(parts) + "."
