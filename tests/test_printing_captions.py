"""The tallies' captions on a translated sheet (issue 24 leftovers 2 and 4): a long
explanation is set on two lines rather than cut with "…", and on an Arabic sheet the
tallies and the rounds read from the right."""

from __future__ import annotations

import io
import subprocess
from pathlib import Path

import pypdf
import pytest
from pdfkit import dark_share

from dicehero import i18n
from dicehero.editions import DEFAULT_EDITION, load_edition
from dicehero.printing import SheetHeader, render_sheets
from dicehero.printing.layout import page_layout
from dicehero.printing.parts import tally_parts

ARTIFACTS = Path(__file__).parent / "artifacts"


def sheet(lang: str) -> bytes:
    out = io.BytesIO()
    render_sheets(load_edition(DEFAULT_EDITION), [SheetHeader(hero="Zoé")], out, lang=lang)
    return out.getvalue()


@pytest.mark.parametrize("lang", ["fr", "de", "pl"])
def test_the_tallies_captions_are_printed_whole(lang: str) -> None:
    text = " ".join(pypdf.PdfReader(io.BytesIO(sheet(lang))).pages[0].extract_text().split())
    words = i18n.translations(lang)
    edition = load_edition(DEFAULT_EDITION)
    for explanation in (words.gettext("circle when earned, X when used"),
                        words.gettext("circle per rescue, %(n)s Honor each")
                        % {"n": edition.bystander_honor},
                        words.gettext("X one per defeat (%(n)s Honor each)")
                        % {"n": edition.minion_honor}):
        assert " ".join(explanation.split()) in text
    assert "…" not in text


def _png(lang: str, tmp_path: Path) -> Path:
    source = tmp_path / f"{lang}.pdf"
    source.write_bytes(sheet(lang))
    subprocess.run(["pdftoppm", "-r", "100", "-png", str(source), str(tmp_path / lang)],
                   check=True, timeout=60)
    png = next(tmp_path.glob(f"{lang}-*.png"))
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"print-sheet-{lang}.png").write_bytes(png.read_bytes())
    return png


@pytest.mark.usefixtures("pdftoppm")
def test_an_arabic_sheet_puts_the_first_wild_die_at_the_tallies_right_end(tmp_path: Path) -> None:
    edition = load_edition(DEFAULT_EDITION)
    frame = page_layout(edition).find("tallies").frame
    first = tally_parts(edition, frame).wild[0]
    # the Arabic page has its panels' places mirrored too: the tallies are at the left
    ar_frame = page_layout(edition).mirrored().find("tallies").frame
    ar_first = tally_parts(edition, ar_frame).wild[0]
    english, arabic = _png("en", tmp_path), _png("ar", tmp_path)
    ink = dark_share(english, first, "a4")
    assert ink > 0.1
    assert dark_share(arabic, ar_first.mirrored(ar_frame), "a4") == pytest.approx(ink, rel=0.25)
    assert dark_share(arabic, ar_first, "a4") < ink / 2
