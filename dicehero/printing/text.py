"""Words on the sheet: fitting text into boxes, and the summaries derived from the edition."""

from __future__ import annotations

import re

from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from dicehero.engine.edition import Edition
from dicehero.printing.geometry import Rect, pt
from dicehero.printing.language import _
from dicehero.printing.scripts import draw_runs, drawable, right_to_left, runs, runs_width

REGULAR = "Helvetica"
BOLD = "Helvetica-Bold"
ITALIC = "Helvetica-Oblique"
MONO = "Courier-Bold"


def builtin(text: str) -> bool:
    """Whether the built-in PDF fonts show all of ``text`` (Windows-1252)."""
    try:
        text.encode("cp1252")
    except UnicodeEncodeError:
        return False
    return True


def printable(text: str) -> str:
    """``text`` as it can be drawn: unchanged in the built-in fonts' letters, else without
    what no shipped font has (a translated sheet in Polish, Arabic or Japanese is drawn in
    runs of the fonts of :mod:`dicehero.printing.scripts`)."""
    return text if builtin(text) else drawable(text)


def width(text: str, font: str, size: float) -> float:
    """The width of ``text`` in millimetres at ``size`` millimetres."""
    if builtin(text):
        return stringWidth(text, font, size)
    return runs_width(runs(text, bold=font == BOLD), size)


def draw_string(c: Canvas, x: float, y: float, text: str, font: str, size: float,
                align: str = "left") -> None:
    """One line of ``text`` on the baseline ``y``, from ``x`` (or centred on it, or ending
    at it): in ``font`` when it has the letters, else in runs of the script fonts."""
    shift = {"centre": width(text, font, size) / 2, "right": width(text, font, size)}
    x -= shift.get(align, 0.0)
    if builtin(text):
        c.setFont(font, size)
        c.drawString(x, y, text)
    else:
        draw_runs(c, runs(text, bold=font == BOLD), x, y, size)


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
    x = {"centre": box.cx, "right": box.right}.get(align, box.x)
    draw_string(c, x, box.cy - size * 0.35, text, font, size, align)
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
    leading = size * 1.15
    y = box.cy + (len(lines) - 1) * leading / 2 - size * 0.35
    # a right-to-left text starts at the box's right edge
    rtl = right_to_left(text)
    for line in lines:
        draw_string(c, box.right if rtl else box.x, y, line, font, size,
                    "right" if rtl else "left")
        y -= leading


# a word, or one Chinese or Japanese character with the punctuation that may not start a line
_TOKENS = re.compile(r"[\u3000-\u9fff\uff00-\uffef][\u3001\u3002\uff09\u300d\u300f\uff0c\uff0e"
                     r"\uff01\uff1f\u30fc]*|[^\s\u3000-\u9fff\uff00-\uffef]+\s*|\s+")


def tokens(text: str) -> list[str]:
    """``text`` as the pieces a line may break between: words with their spaces, or single
    Chinese and Japanese characters (with the punctuation that may not start a line)."""
    return _TOKENS.findall(text)


def wrap(text: str, font: str, size: float, max_w: float) -> list[str]:
    """``text`` broken into lines no wider than ``max_w`` at ``size`` (both in mm)."""
    text = printable(text)
    if builtin(text):
        return simpleSplit(text, font, size, max_w)
    # words, or single characters where a script writes no spaces (Chinese, Japanese)
    lines: list[str] = []
    line = ""
    for token in _TOKENS.findall(text):
        if line and width((line + token).rstrip(), font, size) > max_w:
            lines.append(line.rstrip())
            line = token.lstrip()
        else:
            line += token
    return [*lines, line.rstrip()] if line.strip() else lines


def reward_name(reward: str) -> str:
    """``wild`` -> ``a Wild die``, ``bystander`` -> ``a Bystander``."""
    return _("a Wild die") if reward == "wild" else _("a Bystander")


def edition_line(edition: Edition) -> str:
    """The small line under the title: edition, rounds and dice."""
    # Translators: under the sheet's title; %(name)s is the edition's name (Classic),
    # %(dice)s how many dice.
    return _("%(name)s edition \u00b7 %(rounds)s rounds \u00b7 %(dice)s dice a round "
             "\u00b7 a number in a circle is Honor", name=edition.label,
             rounds=edition.rounds, dice=edition.dice_per_round)
