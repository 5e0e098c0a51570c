"""Rectangles in millimetres and the paper sizes the sheet is laid out on.

All page geometry is computed here and in :mod:`dicehero.printing.layout` as plain
numbers, so it can be tested without drawing anything.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

# Paper sizes in millimetres (portrait width, height).
PAPERS: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
}

PT = 25.4 / 72  # one typographic point in millimetres


def pt(points: float) -> float:
    """A length given in points (font sizes, line widths), in millimetres."""
    return points * PT


@dataclass(frozen=True, slots=True)
class Rect:
    """An axis-aligned rectangle in millimetres; ``x, y`` is its bottom-left corner."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        """The x of the right edge."""
        return self.x + self.w

    @property
    def top(self) -> float:
        """The y of the top edge."""
        return self.y + self.h

    @property
    def cx(self) -> float:
        """The x of the centre."""
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        """The y of the centre."""
        return self.y + self.h / 2

    def inset(self, dx: float, dy: float | None = None) -> Rect:
        """The rectangle shrunk by ``dx`` at each side, ``dy`` (default ``dx``) top and bottom."""
        dy = dx if dy is None else dy
        return Rect(self.x + dx, self.y + dy, max(0.0, self.w - 2 * dx), max(0.0, self.h - 2 * dy))

    def top_part(self, h: float) -> Rect:
        """The strip of height ``h`` along the top edge."""
        return Rect(self.x, self.top - h, self.w, h)

    def mirrored(self, within: Rect) -> Rect:
        """The rectangle flipped left to right inside ``within`` (a right-to-left sheet)."""
        return Rect(within.x + within.right - self.right, self.y, self.w, self.h)

    def below(self, h: float) -> Rect:
        """What is left under a top strip of height ``h``."""
        return Rect(self.x, self.y, self.w, max(0.0, self.h - h))

    def bottom_part(self, h: float) -> Rect:
        """The strip of height ``h`` along the bottom edge."""
        return Rect(self.x, self.y, self.w, h)

    def above(self, h: float) -> Rect:
        """What is left over a bottom strip of height ``h``."""
        return Rect(self.x, self.y + h, self.w, max(0.0, self.h - h))

    def left_part(self, w: float) -> Rect:
        """The strip of width ``w`` along the left edge."""
        return Rect(self.x, self.y, w, self.h)

    def right_of(self, w: float) -> Rect:
        """What is left right of a left strip of width ``w``."""
        return Rect(self.x + w, self.y, max(0.0, self.w - w), self.h)

    def columns(self, weights: Sequence[float], gap: float = 0.0) -> list[Rect]:
        """Split left to right into parts proportional to ``weights``, ``gap`` apart."""
        free = self.w - gap * (len(weights) - 1)
        total = sum(weights)
        out, x = [], self.x
        for weight in weights:
            w = free * weight / total
            out.append(Rect(x, self.y, w, self.h))
            x += w + gap
        return out

    def rows(self, heights: Sequence[float], gap: float = 0.0) -> list[Rect]:
        """Split top to bottom into parts of the given heights (scaled to fill), ``gap`` apart."""
        free = self.h - gap * (len(heights) - 1)
        total = sum(heights)
        out, y = [], self.top
        for height in heights:
            h = free * height / total
            out.append(Rect(self.x, y - h, self.w, h))
            y -= h + gap
        return out


Flip = Callable[[Rect], Rect]


def flip_in(within: Rect, rtl: bool) -> Flip:
    """On a right-to-left sheet each rectangle :meth:`Rect.mirrored` inside ``within`` (what
    English has at the left is at the right), else each rectangle as it is."""
    if rtl:
        return lambda r: r.mirrored(within)
    return lambda r: r


def flip_align(align: str, rtl: bool) -> str:
    """A text's alignment on a right-to-left sheet: ``left`` and ``right`` swap (a line starts
    at the right edge), ``centre`` stays."""
    return {"left": "right", "right": "left"}.get(align, align) if rtl else align
