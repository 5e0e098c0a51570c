"""Paragraphs of the rules page in any shipped language.

reportlab's ``Paragraph`` draws one font per style and reads left to right: in Helvetica it
has no Polish ``ł``, no Arabic and no Chinese. A :class:`Lines` paragraph is wrapped here, a
word (or one Chinese or Japanese character) at a time, and each line is drawn with
:func:`dicehero.printing.text.draw_string`, in runs of the script fonts; a right-to-left
paragraph (Arabic) starts each line at the right edge, its hanging indent on the right, and
each line is put in visual order on its own, so a line break never reverses words.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from dicehero.printing.text import BOLD, REGULAR, draw_string, printable, tokens, width


@dataclass(frozen=True)
class Piece:
    """Some words of a paragraph in one weight; ``italic`` is for Helvetica's paragraphs only
    (no italic script font is shipped)."""

    text: str
    bold: bool = False
    italic: bool = False

    @property
    def font(self) -> str:
        return BOLD if self.bold else REGULAR


Line = list[Piece]


def printable_piece(piece: Piece) -> Piece:
    """``piece`` as it can be drawn (:func:`printable`), keeping the spaces at its ends that
    part it from the pieces around it."""
    core = printable(piece.text)
    if core and piece.text[:1].isspace():
        core = " " + core
    if core and piece.text[-1:].isspace():
        core += " "
    return Piece(core, piece.bold, piece.italic)


def _merge(line: Line, token: str, bold: bool) -> None:
    if line and line[-1].bold == bold:
        line[-1] = Piece(line[-1].text + token, bold)
    else:
        line.append(Piece(token, bold))


@functools.lru_cache(maxsize=8192)
def _token_width(token: str, font: str, size: float) -> float:
    """A word's width, measured once: a rules page measures each of its words often, and
    a word in the script fonts is shaped and put in visual order each time."""
    return width(token, font, size)


def _strip(line: Line) -> Line:
    """``line`` without the spaces at its end (they take no room at a line's break)."""
    out = list(line)
    while out and not out[-1].text.rstrip():
        out.pop()
    if out:
        out[-1] = Piece(out[-1].text.rstrip(), out[-1].bold)
    return out


def wrap_pieces(pieces: list[Piece], size: float, first_w: float, rest_w: float) -> list[Line]:
    """``pieces`` broken into lines, the first no wider than ``first_w``, the others than
    ``rest_w``; a word wider than a line stays whole on its own line. A line's width is the
    sum of its words' (the fonts are not kerned, and Arabic joins only within a word)."""
    lines: list[Line] = []
    line: Line = []
    used = 0.0
    for piece in pieces:
        for token in tokens(piece.text):
            limit = first_w if not lines else rest_w
            if line and used + _token_width(token.rstrip(), piece.font, size) > limit:
                lines.append(_strip(line))
                line, used = [], 0.0
                token = token.lstrip()
                if not token:
                    continue
            _merge(line, token, piece.bold)
            used += _token_width(token, piece.font, size)
    if _strip(line):
        lines.append(_strip(line))
    return lines


class Lines(Flowable):
    """One paragraph of :class:`Piece` s in ``style``'s size, leading, spacing and indents,
    right to left if ``rtl``."""

    def __init__(self, pieces: list[Piece], style: ParagraphStyle, rtl: bool = False) -> None:
        super().__init__()
        self.pieces, self.style, self.rtl = pieces, style, rtl
        self.lines: list[Line] = []
        self.width = 0.0

    def _indents(self) -> tuple[float, float]:
        """The first line's indent and the others', from the paragraph's start edge."""
        left = float(self.style.leftIndent)
        return left + float(self.style.firstLineIndent), left

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        first, rest = self._indents()
        right = float(self.style.rightIndent)
        self.width = availWidth
        self.lines = wrap_pieces(self.pieces, self.style.fontSize, availWidth - first - right,
                                 availWidth - rest - right)
        self.height = len(self.lines) * self.style.leading
        return availWidth, self.height

    def getSpaceBefore(self) -> float:
        return float(self.style.spaceBefore)

    def getSpaceAfter(self) -> float:
        return float(self.style.spaceAfter)

    def draw(self) -> None:
        c: Canvas = self.canv
        size, leading = self.style.fontSize, self.style.leading
        first, rest = self._indents()
        y = self.height - size
        for n, line in enumerate(self.lines):
            indent = first if n == 0 else rest
            draw_line(c, line, indent, self.width - indent, y, size, self.rtl)
            y -= leading


def draw_line(c: Canvas, line: Line, left: float, right: float, y: float, size: float,
              rtl: bool = False) -> None:
    """One wrapped line on the baseline ``y``: from ``left`` onwards, or if ``rtl`` from
    ``right`` leftwards, its pieces in their order and each in visual order on its own."""
    x = right if rtl else left
    for piece in line:
        w = width(piece.text, piece.font, size)
        draw_string(c, x - w if rtl else x, y, piece.text, piece.font, size)
        x += -w if rtl else w
