"""Small pictures drawn with plain shapes: Wild die, Bystander, Robot Minion, badges, arrows.

Every function draws inside a rectangle in millimetres on a canvas already
scaled to millimetres, in black outlines that print well in black and white.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from dicehero.printing.geometry import Rect, pt
from dicehero.printing.text import BOLD

LINE = pt(0.8)


def box(c: Canvas, r: Rect, weight: float = 0.8, radius: float = 0.6) -> None:
    """An empty box to write in."""
    c.setLineWidth(pt(weight))
    c.roundRect(r.x, r.y, r.w, r.h, radius, stroke=1, fill=0)


def wild_die(c: Canvas, r: Rect) -> None:
    """A Wild die: a die outline with a bold ``W``."""
    s = min(r.w, r.h)
    x, y = r.cx - s / 2, r.cy - s / 2
    c.setLineWidth(LINE)
    c.roundRect(x, y, s, s, s * 0.2, stroke=1, fill=0)
    c.setFont(BOLD, s * 0.66)
    c.drawCentredString(r.cx, r.cy - s * 0.23, "W")


# A meeple outline on a unit square, anticlockwise from the neck.
_MEEPLE = ((0.40, 0.66), (0.10, 0.54), (0.10, 0.42), (0.33, 0.44), (0.20, 0.04), (0.42, 0.04),
           (0.50, 0.20), (0.58, 0.04), (0.80, 0.04), (0.67, 0.44), (0.90, 0.42), (0.90, 0.54),
           (0.60, 0.66))


def bystander(c: Canvas, r: Rect) -> None:
    """A Bystander: a little person (a meeple outline with a round head)."""
    s = min(r.w, r.h)
    x, y = r.cx - s / 2, r.cy - s / 2
    c.setLineWidth(LINE)
    c.setLineJoin(1)
    path = c.beginPath()
    path.moveTo(x + _MEEPLE[0][0] * s, y + _MEEPLE[0][1] * s)
    for px, py in reversed(_MEEPLE[1:]):
        path.lineTo(x + px * s, y + py * s)
    path.close()
    c.drawPath(path, stroke=1, fill=0)
    c.circle(x + 0.5 * s, y + 0.81 * s, 0.15 * s, stroke=1, fill=0)


def minion(c: Canvas, r: Rect) -> None:
    """A Robot Minion: a square head with an antenna and two eyes on a small body."""
    s = min(r.w, r.h)
    x, y = r.cx - s / 2, r.cy - s / 2
    c.setLineWidth(pt(0.7))
    c.rect(x + 0.16 * s, y + 0.34 * s, 0.68 * s, 0.46 * s, stroke=1, fill=0)
    c.rect(x + 0.28 * s, y + 0.04 * s, 0.44 * s, 0.30 * s, stroke=1, fill=0)
    c.line(x + 0.5 * s, y + 0.80 * s, x + 0.5 * s, y + 0.92 * s)
    c.circle(x + 0.5 * s, y + 0.94 * s, 0.05 * s, stroke=0, fill=1)
    c.circle(x + 0.36 * s, y + 0.58 * s, 0.07 * s, stroke=0, fill=1)
    c.circle(x + 0.64 * s, y + 0.58 * s, 0.07 * s, stroke=0, fill=1)


def reward(c: Canvas, r: Rect, kind: str | None) -> None:
    """The icon of a reward (``wild`` or ``bystander``), or nothing."""
    if kind == "wild":
        wild_die(c, r)
    elif kind == "bystander":
        bystander(c, r)


def honor(c: Canvas, r: Rect, value: int) -> None:
    """An Honor badge: a circle with the printed Honor inside."""
    d = min(r.w, r.h)
    c.setLineWidth(pt(0.6))
    c.circle(r.cx, r.cy, d / 2, stroke=1, fill=0)
    text = str(value)
    size = d * (0.62 if len(text) < 3 else 0.45)
    c.setFont(BOLD, size)
    c.drawCentredString(r.cx, r.cy - size * 0.35, text)


def number_badge(c: Canvas, r: Rect, number: int) -> None:
    """A location's die number: white on a small black die."""
    s = min(r.w, r.h)
    c.roundRect(r.cx - s / 2, r.cy - s / 2, s, s, s * 0.22, stroke=0, fill=1)
    c.setFillGray(1)
    c.setFont(BOLD, s * 0.72)
    c.drawCentredString(r.cx, r.cy - s * 0.26, str(number))
    c.setFillGray(0)


def arrow(c: Canvas, x0: float, y0: float, x1: float, y1: float, head: float = 1.6) -> None:
    """A thin line with a filled arrowhead at ``(x1, y1)``."""
    c.setLineWidth(pt(0.7))
    dx, dy = x1 - x0, y1 - y0
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    ux, uy = dx / length, dy / length
    c.line(x0, y0, x1 - ux * head, y1 - uy * head)
    path = c.beginPath()
    path.moveTo(x1, y1)
    path.lineTo(x1 - ux * head - uy * head * 0.55, y1 - uy * head + ux * head * 0.55)
    path.lineTo(x1 - ux * head + uy * head * 0.55, y1 - uy * head - ux * head * 0.55)
    path.close()
    c.drawPath(path, stroke=0, fill=1)


def chevron(c: Canvas, cx: float, cy: float, size: float, up: bool = False,
            left: bool = False) -> None:
    """A small grey arrowhead between two track boxes, pointing right (or up, or left)."""
    c.setFillGray(0.45)
    path = c.beginPath()
    h = size / 2
    if up:
        path.moveTo(cx - h, cy - h * 0.6)
        path.lineTo(cx + h, cy - h * 0.6)
        path.lineTo(cx, cy + h * 0.6)
    else:
        tip = -1 if left else 1
        path.moveTo(cx - tip * h * 0.6, cy - h)
        path.lineTo(cx - tip * h * 0.6, cy + h)
        path.lineTo(cx + tip * h * 0.6, cy)
    path.close()
    c.drawPath(path, stroke=0, fill=1)
    c.setFillGray(0)
