"""Names in any script a class may use, on a PDF whose built-in fonts know only Latin-1.

A name is cut into runs, each drawn in the first font that has its characters:

- Noto Sans (Latin with accents, Greek, Cyrillic and more), Noto Sans Arabic and Noto
  Sans Hebrew, shipped in ``fonts/`` under the SIL Open Font License and embedded in the
  PDF (only the glyphs used);
- then reportlab's CID fonts for Japanese (when the name has kana), Korean (when it has
  Hangul) and Chinese. These are named by the PDF, not embedded: the reader supplies the
  glyphs (Acrobat's Asian font pack, poppler's own fallback), which keeps a Chinese name
  from costing megabytes.

Arabic letters are first given their joined forms, then the whole name is put in visual
order by the Unicode bidi algorithm, so "سارة" and "שרה" read right to left beside Latin.
A character no font has (an emoji, say) is dropped and logged: a name is never printed as
"?".
"""

from __future__ import annotations

import functools
import logging
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import arabic_reshaper
from bidi import get_display
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from dicehero.printing.geometry import Rect, pt

log = logging.getLogger(__name__)

FONT_DIR = Path(__file__).parent / "fonts"
_SHIPPED = ("NotoSans", "NotoSansArabic", "NotoSansHebrew")
JAPANESE, KOREAN, CHINESE = "HeiseiKakuGo-W5", "HYGothic-Medium", "STSong-Light"
ELLIPSIS = "\u2026"


@dataclass(frozen=True)
class Run:
    """Characters in visual order that one font draws."""

    font: str
    text: str


@functools.cache
def _shipped(bold: bool) -> tuple[tuple[str, frozenset[int]], ...]:
    """The shipped fonts, registered with reportlab once, each with the characters it has."""
    weight = "Bold" if bold else "Regular"
    faces = []
    for family in _SHIPPED:
        name = f"dicehero-{family}-{weight}"
        font = TTFont(name, str(FONT_DIR / f"{family}-{weight}.ttf"))
        pdfmetrics.registerFont(font)
        faces.append((name, frozenset(font.face.charToGlyph)))
    return tuple(faces)


@functools.cache
def _cid(name: str) -> str:
    pdfmetrics.registerFont(UnicodeCIDFont(name))
    return name


def _is_kana(ch: str) -> bool:
    return "\u3040" <= ch <= "\u30ff" or "\u31f0" <= ch <= "\u31ff" or "\uff66" <= ch <= "\uff9d"


def _is_hangul(ch: str) -> bool:
    return ("\uac00" <= ch <= "\ud7a3" or "\u1100" <= ch <= "\u11ff"
            or "\u3130" <= ch <= "\u318f")


def _is_cjk(ch: str) -> bool:
    """Han ideographs, kana, Hangul and the CJK punctuation and full-width forms."""
    return (_is_kana(ch) or _is_hangul(ch) or "\u3000" <= ch <= "\u303f"
            or "\u3400" <= ch <= "\u4dbf" or "\u4e00" <= ch <= "\u9fff"
            or "\uf900" <= ch <= "\ufaff" or "\uff00" <= ch <= "\uffef")


def _cjk_font(text: str) -> str:
    """Kana say Japanese and Hangul say Korean; Han characters alone are read as Chinese."""
    if any(_is_kana(ch) for ch in text):
        return _cid(JAPANESE)
    if any(_is_hangul(ch) for ch in text):
        return _cid(KOREAN)
    return _cid(CHINESE)


def _font_for(ch: str, previous: str | None, faces: tuple[tuple[str, frozenset[int]], ...],
              cjk: str) -> str | None:
    """The font to draw ``ch`` in: the previous run's if it has it (so a space stays with
    its words), else the first font that has it; None if no font has it."""
    code = ord(ch)
    covered = {name: code in chars for name, chars in faces}
    if previous is not None and covered.get(previous, previous == cjk and _is_cjk(ch)):
        return previous
    for name, chars in faces:
        if code in chars:
            return name
    return cjk if _is_cjk(ch) else None


def drawable(text: str) -> str:
    """``text`` without what no font has (logged), control characters or doubled spaces."""
    faces, cjk = _shipped(False), _cjk_font(text)
    kept, dropped = [], []
    for ch in text:
        if unicodedata.category(ch) in ("Cc", "Cf"):
            continue
        (kept if _font_for(ch, None, faces, cjk) else dropped).append(ch)
    if dropped:
        log.warning("no font has %s in the name %r: dropped from the printed sheet",
                    ", ".join(f"U+{ord(ch):04X}" for ch in dropped), text)
    return " ".join("".join(kept).split())


_MIRRORED = str.maketrans("()[]{}<>\u00ab\u00bb", ")(][}{><\u00bb\u00ab")


def right_to_left(text: str) -> bool:
    """Whether ``text`` reads right to left: its first strong letter is Arabic or Hebrew, or
    most of its letters are (an Arabic caption may start with the "X" a player marks)."""
    first, ltr, rtl = None, 0, 0
    for ch in text:
        direction = unicodedata.bidirectional(ch)
        if direction == "L":
            ltr += 1
        elif direction in ("R", "AL"):
            rtl += 1
        else:
            continue
        first = first or direction
    return first in ("R", "AL") or rtl > ltr


@functools.lru_cache(maxsize=4096)
def _visual(text: str) -> str:
    """``text`` shaped and in visual order; in a right-to-left line the brackets are
    mirrored too (python-bidi leaves them as typed), so ``(1)`` still encloses the 1."""
    if not any(unicodedata.bidirectional(ch) in ("R", "AL", "AN") for ch in text):
        return text  # nothing to join or reorder: shaping costs a page of CJK half a second
    rtl = right_to_left(text)
    shown = get_display(arabic_reshaper.reshape(text), base_dir="R" if rtl else "L")
    return shown.translate(_MIRRORED) if rtl else shown


def runs(text: str, bold: bool = False) -> list[Run]:
    """``text`` (already :func:`drawable`) as runs of one font each, in the order they are
    drawn left to right."""
    faces, cjk = _shipped(bold), _cjk_font(text)
    out: list[Run] = []
    for ch in _visual(text):
        font = _font_for(ch, out[-1].font if out else None, faces, cjk)
        if font is None:  # a joined Arabic form no font has: not so with Noto Sans Arabic
            continue
        if out and out[-1].font == font:
            out[-1] = Run(font, out[-1].text + ch)
        else:
            out.append(Run(font, ch))
    return out


def runs_width(parts: list[Run], size: float) -> float:
    """The width of ``parts`` drawn at ``size`` (in the same unit as ``size``)."""
    return sum(pdfmetrics.stringWidth(r.text, r.font, size) for r in parts)


def draw_runs(c: Canvas, parts: list[Run], x: float, y: float, size: float) -> None:
    """Draw ``parts`` left to right from ``(x, y)`` on the baseline."""
    for r in parts:
        c.setFont(r.font, size)
        c.drawString(x, y, r.text)
        x += pdfmetrics.stringWidth(r.text, r.font, size)


def draw_name(c: Canvas, text: str, size_pt: float, box: Rect, align: str = "centre",
              min_pt: float = 7, bold: bool = True) -> list[Run]:
    """Draw a name on one line, vertically centred in ``box``, shrunk (then cut with an
    ellipsis) to fit its width; returns the runs drawn."""
    text = drawable(text)
    parts = runs(text, bold)
    size = pt(size_pt)
    w = runs_width(parts, size)
    if w > box.w > 0:
        size = max(pt(min_pt), size * box.w / w * 0.999)
    cut = text
    while cut and runs_width(parts, size) > box.w + 1e-6:
        cut = cut[:-1]
        parts = runs(cut.rstrip() + ELLIPSIS, bold)
    w = runs_width(parts, size)
    x = {"centre": box.cx - w / 2, "right": box.right - w}.get(align, box.x)
    draw_runs(c, parts, x, box.cy - size * 0.35, size)
    return parts
