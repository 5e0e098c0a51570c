"""The rules page in every shipped language (issue 24 leftovers 1 and 3): in the script fonts
where Helvetica lacks the letters, right to left in Arabic, and with every word from the
catalog (the pseudo-language shows any word that is not)."""

from __future__ import annotations

import io
import re
import subprocess
from pathlib import Path

import pypdf
import pytest
from pdfkit import dark_share

from dicehero import i18n
from dicehero.editions import DEFAULT_EDITION, load_edition
from dicehero.printing import SheetHeader, join_url, render_sheets
from dicehero.printing.geometry import Rect
from dicehero.printing.layout import page_layout

ARTIFACTS = Path(__file__).parent / "artifacts"
URL = join_url("http://localhost:5000", "K7QX2M")


def pdf(lang: str, sheets: bool = False) -> bytes:
    out = io.BytesIO()
    heroes = [SheetHeader(hero="Zoé", game="K7QX2M", url=URL)] if sheets else []
    render_sheets(load_edition(DEFAULT_EDITION), heroes, out, rules=True, lang=lang)
    return out.getvalue()


def texts(data: bytes) -> list[str]:
    return [" ".join(p.extract_text().split()) for p in pypdf.PdfReader(io.BytesIO(data)).pages]


@pytest.mark.parametrize("lang", ["pl", "tr", "zh_Hans", "ja"])
def test_the_rules_page_says_its_headings_in_the_printing_language(lang: str) -> None:
    rules = texts(pdf(lang))[0]
    words = i18n.translations(lang)
    for heading in ("Setup", "Locations", "Scoring"):
        assert words.gettext(heading) in rules
    assert "rules summary" not in rules and "?" not in rules.replace("？", "")


def test_an_arabic_rules_page_has_no_english_heading() -> None:
    rules = texts(pdf("ar"))[0]
    assert not {"rules summary", "Setup", "Locations", "Scoring"} & set(re.split(r"[:,]\s*", rules))
    assert "Setup" not in rules and "??" not in rules


def _ink_at_the_edges(lang: str, tmp_path: Path) -> tuple[float, float]:
    """The ink in a 25 mm strip at the left and at the right of the rules page's text."""
    source = tmp_path / f"{lang}.pdf"
    source.write_bytes(pdf(lang))
    subprocess.run(["pdftoppm", "-r", "70", "-png", str(source), str(tmp_path / lang)],
                   check=True, timeout=60)
    png = next(tmp_path.glob(f"{lang}-*.png"))
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"print-rules-{lang}.png").write_bytes(png.read_bytes())
    c = page_layout(load_edition(DEFAULT_EDITION)).content
    left, right = Rect(c.x + 6, c.y, 25, c.h), Rect(c.right - 31, c.y, 25, c.h)
    return dark_share(png, left, "a4"), dark_share(png, right, "a4")


@pytest.mark.usefixtures("pdftoppm")
def test_an_arabic_rules_page_reads_from_the_right(tmp_path: Path) -> None:
    left, right = _ink_at_the_edges("ar", tmp_path)
    assert right > 2 * left


@pytest.mark.usefixtures("pdftoppm")
@pytest.mark.parametrize("lang", ["ja", "pl"])
def test_a_left_to_right_rules_page_reads_from_the_left(lang: str, tmp_path: Path) -> None:
    left, right = _ink_at_the_edges(lang, tmp_path)
    assert left > 2 * right


# Words that reach the pseudo sheet without being a msgid (besides the hero's name, the game's
# code and the QR code's address, taken out first): "and" joins a list of rewards by Babel's
# CLDR pattern, which speaks English for the pseudo-language.
NOT_MSGIDS = {"and"}


def test_every_word_of_a_pseudo_language_pdf_comes_through_the_catalog() -> None:
    english = [re.findall(r"[A-Za-z]{2,}", page.replace(URL, "").replace("K7QX2M", "")
                          .replace("Zoé", ""))
               for page in texts(pdf(i18n.PSEUDO, sheets=True))]
    assert [sorted(set(words) - NOT_MSGIDS) for words in english] == [[], []]
