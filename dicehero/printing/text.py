"""Words on the sheet: fitting text into boxes, and the summaries derived from the edition."""

from __future__ import annotations

from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from dicehero.engine.edition import Edition
from dicehero.printing.geometry import Rect, pt

REGULAR = "Helvetica"
BOLD = "Helvetica-Bold"
ITALIC = "Helvetica-Oblique"
MONO = "Courier-Bold"


def printable(text: str) -> str:
    """``text`` with what the built-in PDF fonts cannot show (outside Windows-1252) as ``?``."""
    return text.encode("cp1252", "replace").decode("cp1252")


def width(text: str, font: str, size: float) -> float:
    """The width of ``text`` in millimetres at ``size`` millimetres."""
    return stringWidth(text, font, size)


def fit_size(text: str, font: str, size_pt: float, max_w: float, min_pt: float = 5.5) -> float:
    """The largest size (in mm) from ``size_pt`` down to ``min_pt`` at which ``text`` fits."""
    size = pt(size_pt)
    w = width(text, font, size)
    if w > max_w > 0:
        size = max(pt(min_pt), size * max_w / w * 0.999)
    return size


def ellipsize(text: str, font: str, size: float, max_w: float) -> str:
    """``text`` cut with an ellipsis so that it fits ``max_w``."""
    if width(text, font, size) <= max_w + 1e-6:
        return text
    while text and width(text + "\u2026", font, size) > max_w:
        text = text[:-1]
    return text.rstrip() + "\u2026"


def draw_fitted(c: Canvas, text: str, font: str, size_pt: float, box: Rect,
                align: str = "left", min_pt: float = 5.5) -> float:
    """Draw one line of ``text`` vertically centred in ``box``, shrunk (then cut) to fit;
    returns the width used."""
    text = printable(text)
    size = fit_size(text, font, size_pt, box.w, min_pt)
    text = ellipsize(text, font, size, box.w)
    c.setFont(font, size)
    y = box.cy - size * 0.35
    if align == "centre":
        c.drawCentredString(box.cx, y, text)
    elif align == "right":
        c.drawRightString(box.right, y, text)
    else:
        c.drawString(box.x, y, text)
    return width(text, font, size)


def draw_block(c: Canvas, text: str, font: str, size_pt: float, box: Rect,
               max_lines: int = 2, min_pt: float = 5.5) -> None:
    """Draw ``text`` on one line if it fits at ``size_pt``, else wrapped on up to
    ``max_lines`` lines, shrunk (then cut) to fit; the block is centred vertically."""
    text = printable(text)
    size = pt(size_pt)
    lines = [text]
    if width(text, font, size) > box.w:
        size = min(size, box.h / max_lines / 1.15)
        lines = wrap(text, font, size, box.w)
        while len(lines) > max_lines and size > pt(min_pt):
            size = max(pt(min_pt), size * 0.94)
            lines = wrap(text, font, size, box.w)
        if len(lines) > max_lines:
            rest = ellipsize(" ".join(lines[max_lines - 1:]), font, size, box.w)
            lines = [*lines[:max_lines - 1], rest]
    c.setFont(font, size)
    leading = size * 1.15
    y = box.cy + (len(lines) - 1) * leading / 2 - size * 0.35
    for line in lines:
        c.drawString(box.x, y, line)
        y -= leading


def wrap(text: str, font: str, size: float, max_w: float) -> list[str]:
    """``text`` broken into lines no wider than ``max_w`` at ``size`` (both in mm)."""
    return simpleSplit(printable(text), font, size, max_w)


def reward_name(reward: str) -> str:
    """``wild`` -> ``a Wild die``, ``bystander`` -> ``a Bystander``."""
    return "a Wild die" if reward == "wild" else "a Bystander"


def edition_line(edition: Edition) -> str:
    """The small line under the title: edition, rounds and dice."""
    return (f"{edition.name} edition \u00b7 {edition.rounds} rounds \u00b7 "
            f"{edition.dice_per_round} dice a round \u00b7 a number in a circle is Honor")
