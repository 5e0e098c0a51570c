"""An Arabic sheet is mirrored where its layout has a direction (issue 24.4), as the phone's
right-to-left sheet is: the panels' places on the page (City Hall at the right, the QR code
at the left), the City Hall and Church grids (the first column at the right, a row's Honor
at its left), Hospital's pairs, Downtown's column (its arrow at the right, its Honor at the
left) and the score strip. Numbers keep their glyphs: only where they stand changes.

Positions are read back from the PDF with ``pdftotext -bbox``, so the test sees what is
printed, not what the code meant to print. The English sheet keeps its layout: its numbers
stand where the left-to-right geometry puts them."""

from __future__ import annotations

import io
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from dicehero.editions import load_edition
from dicehero.engine.edition import Edition, Location
from dicehero.printing import SheetHeader, render_sheets
from dicehero.printing.geometry import PAPERS, Rect
from dicehero.printing.kinds.cells import grid_parts
from dicehero.printing.kinds.pairs import pair_parts
from dicehero.printing.kinds.track import track_parts
from dicehero.printing.layout import is_wide, page_layout
from dicehero.printing.parts import panel_parts

pytestmark = pytest.mark.usefixtures("pdftoppm")

ARTIFACTS = Path(__file__).parent / "artifacts"
PT = 72 / 25.4  # points in a millimetre
CODE = "K7QX2M"
CLOSE = 0.6  # points: how near a mirrored number must be to where it is expected
_WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">'
                   r"([^<]*)</word>")


@dataclass(frozen=True)
class Word:
    """A word pdftotext found on the first page, in points from the page's top left."""

    text: str
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def cx(self) -> float:
        return (self.x0 + self.x1) / 2

    @property
    def cy(self) -> float:
        return (self.y0 + self.y1) / 2


def words(edition: Edition, lang: str, paper: str, tmp_path: Path) -> list[Word]:
    """The first page's words of a sheet in ``lang``; its PNG is kept in tests/artifacts."""
    out = io.BytesIO()
    render_sheets(edition, [SheetHeader(hero="Ada", game=CODE, url=f"http://x.test/{CODE}")],
                  out, paper=paper, lang=lang)
    pdf = tmp_path / f"{lang}-{paper}.pdf"
    pdf.write_bytes(out.getvalue())
    html = subprocess.run(["pdftotext", "-f", "1", "-l", "1", "-bbox", str(pdf), "-"],
                          capture_output=True, text=True, timeout=60, check=True).stdout
    png = tmp_path / f"{lang}-{paper}"
    subprocess.run(["pdftoppm", "-r", "80", "-png", "-f", "1", "-l", "1", "-singlefile",
                    str(pdf), str(png)], check=True, timeout=60)
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"print-rtl-{edition.name}-{lang}-{paper}.png").write_bytes(
        png.with_suffix(".png").read_bytes())
    return [Word(m[4], *map(float, m[:4])) for m in _WORD.findall(html)]


def in_points(r: Rect, paper: str) -> tuple[float, float, float, float]:
    """``r`` (millimetres from the bottom left) as x0, y0, x1, y1 in points from the top left."""
    height = PAPERS[paper][1]
    return r.x * PT, (height - r.top) * PT, r.right * PT, (height - r.y) * PT


def inside(word: Word, r: Rect, paper: str) -> bool:
    x0, y0, x1, y1 = in_points(r, paper)
    return x0 <= word.cx <= x1 and y0 <= word.cy <= y1


def number_places(location: Location, body: Rect) -> list[Rect]:
    """Where a compact location prints its numbers on an English sheet: a grid's cells and
    Honor badges, a pair's or a box's Honor badge."""
    if location.kind == "cells":
        g = grid_parts(location, body)
        return [*g.cells, *g.row_badges.values(), *g.column_badges.values()]
    if location.kind == "pairs":
        return [p.badge for p in pair_parts(location, body)]
    return list(track_parts(location, body).badges)


def numbers_in(found: list[Word], places: list[Rect], paper: str) -> list[Word]:
    return [w for w in found if w.text.isdigit() and any(inside(w, r, paper) for r in places)]


def mirrored_x(found: list[Word], paper: str) -> list[Word]:
    """The words flipped left to right on the page (where a mirrored sheet has them)."""
    width = PAPERS[paper][0] * PT
    return [Word(w.text, width - w.x1, w.y0, width - w.x0, w.y1) for w in found]


def same_places(a: list[Word], b: list[Word]) -> bool:
    """Whether ``a`` and ``b`` are the same numbers at the same places, one for one."""
    left = list(b)
    for x in a:
        match = next((y for y in left if y.text == x.text and abs(x.cx - y.cx) < CLOSE
                      and abs(x.cy - y.cy) < CLOSE), None)
        if match is None:
            return False
        left.remove(match)
    return not left


@pytest.fixture(scope="module")
def classic() -> Edition:
    return load_edition("classic")


@pytest.mark.parametrize(("name", "paper"), [("classic", "a4"), ("marathon", "letter")])
def test_every_location_s_numbers_stand_mirrored_on_an_arabic_sheet(
        name: str, paper: str, tmp_path: Path) -> None:
    edition = load_edition(name)
    layout = page_layout(edition, paper)
    english, arabic = words(edition, "en", paper, tmp_path), words(edition, "ar", paper, tmp_path)
    checked = 0
    for location in edition.locations:
        if is_wide(location):  # the tracks from the right: test_printing_language
            continue
        frame = layout.find("location", location.number).frame
        places = number_places(location, panel_parts(location, frame, 3).body)
        ours = numbers_in(english, places, paper)
        # English: a number in every place the left-to-right geometry has (its layout kept)
        assert len(ours) == len(places), location.name
        # Arabic: each of them at the mirrored place, the same number and nothing else there
        flipped = [r.mirrored(layout.content) for r in places]
        assert same_places(numbers_in(arabic, flipped, paper), mirrored_x(ours, paper)), \
            location.name
        checked += len(ours)
    assert checked > 40


def lines_of(found: list[Word]) -> list[list[Word]]:
    """Words on the same line (their middles within a point), top to bottom."""
    out: list[list[Word]] = []
    for w in sorted(found, key=lambda w: w.cy):
        if out and abs(out[-1][0].cy - w.cy) < 1.0:
            out[-1].append(w)
        else:
            out.append([w])
    return out


def test_an_arabic_city_hall_starts_at_the_right_with_its_rows_honor_at_the_left(
        classic: Edition, tmp_path: Path) -> None:
    layout = page_layout(classic)
    city_hall = classic.locations[0]
    assert city_hall.kind == "cells" and all(row == (1, 2, 3) for row in city_hall.rows)
    for lang, rtl in (("en", False), ("ar", True)):
        frame = layout.find("location", city_hall.number).frame
        body = panel_parts(city_hall, frame.mirrored(layout.content) if rtl else frame, 3).body
        found = [w for w in words(classic, lang, "a4", tmp_path)
                 if w.text.isdigit() and inside(w, body, "a4")]
        rows = [line for line in lines_of(found) if {"1", "2", "3"} <= {w.text for w in line}]
        assert len(rows) == len(city_hall.rows), lang
        for line in rows:
            xs = [next(w.cx for w in line if w.text == n) for n in "123"]
            honor = next(w.cx for w in line if w.text == "4")
            assert xs == sorted(xs, reverse=rtl), lang  # 1 2 3 from the start side
            assert (honor < min(xs)) if rtl else (honor > max(xs)), lang  # Honor at the end


def test_the_panels_places_the_header_and_the_score_strip_are_mirrored(
        classic: Edition, tmp_path: Path) -> None:
    english, arabic = words(classic, "en", "a4", tmp_path), words(classic, "ar", "a4", tmp_path)
    width = PAPERS["a4"][0] * PT
    layout = page_layout(classic)
    # each location's number in its heading bar: at the left end in English, the right in Arabic
    for location in classic.locations:
        frame = layout.find("location", location.number).frame
        head = panel_parts(location, frame, 3).head.top_part(7.0)
        badge = Rect(head.x, head.y, head.h, head.h)
        en = [w for w in english if w.text == str(location.number) and inside(w, badge, "a4")]
        ar = [w for w in arabic if w.text == str(location.number)
              and inside(w, badge.mirrored(layout.content), "a4")]
        assert len(en) == 1 and same_places(ar, mirrored_x(en, "a4")), location.name
    # the game code starts at the field's start: its right end where English's left is
    code_en = next(w for w in english if w.text == CODE)
    code_ar = next(w for w in arabic if w.text == CODE)
    assert code_en.cx > width / 2 > code_ar.cx
    assert code_ar.x1 == pytest.approx(width - code_en.x0, abs=CLOSE)
    # the score strip's signs between the same boxes, from the right
    signs_en = [w for w in english if w.text in ("+", "=")]
    signs_ar = [w for w in arabic if w.text in ("+", "=")]
    assert len(signs_en) == len(classic.locations) + 2
    assert same_places(signs_ar, mirrored_x(signs_en, "a4"))
