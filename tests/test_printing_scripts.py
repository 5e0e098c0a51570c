"""Hero names print in any script a class may use, and never as "?" (docs/PRINTING.md)."""

from __future__ import annotations

import io
import logging
import subprocess
import unicodedata
from pathlib import Path

import pytest
from pdfkit import dark_share
from PIL import Image

from dicehero.engine.edition import Edition
from dicehero.printing import PAPERS, SheetHeader, render_sheets
from dicehero.printing.layout import page_layout
from dicehero.printing.parts import hero_parts
from dicehero.printing.scripts import CHINESE, JAPANESE, KOREAN, drawable, runs

ARTIFACTS = Path(__file__).parent / "artifacts"

NAMES = {
    "Latin with accents": "Zoë Ångström-Łukasz",
    "Greek": "Νίκος Παπαδόπουλος",
    "Cyrillic": "Анна Кузнецова",
    "Arabic": "سارة أحمد",
    "Hebrew": "שרה כהן",
    "Chinese": "王小明",
    "Japanese": "さくら 田中",
    "Korean": "김민준",
}


def pdf_of(edition: Edition, names: list[str]) -> bytes:
    out = io.BytesIO()
    render_sheets(edition, [SheetHeader(hero=n, game="K7QX2M") for n in names], out)
    return out.getvalue()


def pdftotext(pdf: bytes, tmp_path: Path) -> list[str]:
    """Each page's text, in logical order with Arabic's joined forms undone (NFKC)."""
    source = tmp_path / "names.pdf"
    source.write_bytes(pdf)
    out = subprocess.run(["pdftotext", "-enc", "UTF-8", str(source), "-"], capture_output=True,
                         text=True, timeout=60, check=True).stdout
    plain = unicodedata.normalize("NFKC", out)
    return [p.replace("\u202b", "").replace("\u202c", "") for p in plain.split("\f")]


@pytest.mark.parametrize("script", NAMES)
def test_a_name_in_any_script_prints_as_written(classic: Edition, script: str,
                                                tmp_path: Path) -> None:
    page = pdftotext(pdf_of(classic, [NAMES[script]]), tmp_path)[0]
    assert NAMES[script] in page


@pytest.mark.parametrize(("name", "font"), [("王小明", CHINESE), ("さくら 田中", JAPANESE),
                                            ("山田 はな", JAPANESE), ("김민준", KOREAN)])
def test_kana_say_japanese_hangul_korean_and_han_alone_chinese(name: str, font: str) -> None:
    assert {r.font for r in runs(name) if r.text.strip()} == {font}


def test_right_to_left_names_are_drawn_in_visual_order() -> None:
    assert runs("שרה")[0].text == "הרש"


def test_arabic_letters_are_joined() -> None:
    (run,) = runs("سارة")
    assert all("\ufe70" <= ch <= "\ufeff" for ch in run.text)  # presentation forms
    assert unicodedata.normalize("NFKC", run.text)[::-1] == "سارة"


def test_a_character_no_font_has_is_dropped_and_logged(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="dicehero.printing.scripts"):
        assert drawable("Rocket 🚀 Kid") == "Rocket Kid"
    assert "U+1F680" in caplog.text


def test_a_name_is_never_printed_with_question_marks(classic: Edition, tmp_path: Path) -> None:
    page = pdftotext(pdf_of(classic, ["Rocket 🚀 Kid"]), tmp_path)[0]
    assert "Rocket Kid" in page and "?" not in page


def test_only_the_glyphs_used_are_embedded(classic: Edition) -> None:
    latin = len(pdf_of(classic, ["Anna"]))
    assert len(pdf_of(classic, ["Νίκος", "سارة", "שרה"])) < latin + 60_000


@pytest.mark.usefixtures("pdftoppm")
def test_every_script_is_drawn_as_ink_in_the_name_line(classic: Edition, tmp_path: Path) -> None:
    """Rendered by poppler as a reader would: the CJK names need a CJK font on the machine
    (.ci/run installs fonts-wqy-microhei); the others are embedded in the PDF."""
    source = tmp_path / "names.pdf"
    source.write_bytes(pdf_of(classic, list(NAMES.values())))
    subprocess.run(["pdftoppm", "-r", "110", "-png", str(source), str(tmp_path / "p")],
                   check=True, timeout=120)
    pngs = sorted(tmp_path.glob("p-*.png"))
    name_line = hero_parts(classic, page_layout(classic).find("hero").frame).name
    for script, png in zip(NAMES, pngs, strict=True):
        assert dark_share(png, name_line, "a4") > 0.02, f"the {script} name left no ink"
    ARTIFACTS.mkdir(exist_ok=True)
    strips = []
    for png in pngs:
        with Image.open(png) as image:
            w, h = PAPERS["a4"]
            sx, sy = image.width / w, image.height / h
            box = (int((name_line.x - 8) * sx), int((h - name_line.top - 4) * sy),
                   int((name_line.right + 8) * sx), int((h - name_line.y + 4) * sy))
            strips.append(image.crop(box).copy())
    sheet = Image.new("RGB", (max(s.width for s in strips), sum(s.height for s in strips)),
                      "white")
    y = 0
    for strip in strips:
        sheet.paste(strip, (0, y))
        y += strip.height
    sheet.save(ARTIFACTS / "print-names-in-every-script.png")
