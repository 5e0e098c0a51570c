"""A printed sheet in a language: the edition's words (its title, its locations' names and
rules, its superpowers) as that language's catalog and the phone's sheet say them, in a
font that has their letters: shaped and right to left in Arabic, wrapped between
characters in Chinese and Japanese."""

from __future__ import annotations

import io
import subprocess
import unicodedata
from pathlib import Path

import pytest

from dicehero import i18n
from dicehero.cli import main
from dicehero.engine.edition import Edition
from dicehero.printing import SheetHeader, render_sheets
from dicehero.printing.geometry import Rect, pt
from dicehero.printing.kinds.track import track_parts
from dicehero.printing.language import in_language
from dicehero.printing.layout import page_layout
from dicehero.printing.parts import panel_parts, score_parts
from dicehero.printing.sheet import SCORE_LABEL_MIN_PT
from dicehero.printing.text import BOLD, REGULAR, draw_block, width, wrap

TRANSLATED = [lang for lang in i18n.languages() if lang != i18n.SOURCE]
ARTIFACTS = Path(__file__).parent / "artifacts"


def letters(text: str) -> str:
    """``text`` with Arabic's joined forms undone (NFKC) and without its vowel marks, which
    a joined form may carry in either order."""
    return "".join(ch for ch in unicodedata.normalize("NFKC", text)
                   if unicodedata.category(ch) != "Mn")


def sheet_text(pdf: Path) -> str:
    """The page's letters (see :func:`letters`), in logical order."""
    out = subprocess.run(["pdftotext", "-enc", "UTF-8", str(pdf), "-"], capture_output=True,
                         text=True, timeout=60, check=True).stdout
    return letters(out).replace("\u202b", "").replace("\u202c", "")


def printed(edition: Edition, lang: str, tmp_path: Path) -> Path:
    out = io.BytesIO()
    render_sheets(edition, [SheetHeader(hero="Ada")], out, lang=lang)
    pdf = tmp_path / f"{lang}.pdf"
    pdf.write_bytes(out.getvalue())
    return pdf


@pytest.mark.usefixtures("pdftoppm")
@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_sheet_in_a_language_names_its_locations_and_superpowers_in_it(
        classic: Edition, lang: str, tmp_path: Path) -> None:
    pdf = printed(classic, lang, tmp_path)
    subprocess.run(["pdftoppm", "-r", "90", "-png", str(pdf), str(tmp_path / lang)], check=True)
    ARTIFACTS.mkdir(exist_ok=True)
    (tmp_path / f"{lang}-1.png").replace(ARTIFACTS / f"print-sheet-{lang}.png")
    tr = i18n.translations(lang)
    text = " ".join(sheet_text(pdf).split())
    words = [tr.pgettext("location", loc.name).upper() for loc in classic.locations]
    words += [tr.pgettext("superpower", sp.name) for sp in classic.superpowers]
    for word in words:
        assert letters(word) in text, (lang, word)


def test_an_english_sheet_keeps_the_edition_as_written(classic: Edition,
                                                       tmp_path: Path) -> None:
    text = sheet_text(printed(classic, i18n.SOURCE, tmp_path))
    assert "CITY HALL" in text and "Shrink" in text


@pytest.mark.parametrize(("lang", "line", "title", "subject"), [
    ("en", "Classic edition", "Super Dice Heroes sheets", "Classic edition, 1 sheet"),
    ("fr", "édition Classique", "Feuilles Super Dice Heroes", "édition Classique, 1 feuille"),
    ("ja", "クラシック版", "スーパーダイスヒーローズ のシート", "クラシック版、シート1枚"),
])
def test_the_edition_is_named_in_the_sheets_language(classic: Edition, lang: str, line: str,
                                                     title: str, subject: str,
                                                     tmp_path: Path) -> None:
    pdf = printed(classic, lang, tmp_path)
    text = sheet_text(pdf)
    assert line in text and "classic" not in text
    info = subprocess.run(["pdfinfo", "-enc", "UTF-8", str(pdf)], capture_output=True,
                          text=True, timeout=60, check=True).stdout
    fields = dict(line.split(":", 1) for line in info.splitlines() if ":" in line)
    assert fields["Title"].strip() == title and fields["Subject"].strip() == subject


def test_japanese_wraps_between_characters_and_never_starts_a_line_with_a_full_stop() -> None:
    lines = wrap("下から始める。どの数も最初の数と同じ。", "Helvetica", 2.6, 30.0)
    assert len(lines) > 1 and "".join(lines) == "下から始める。どの数も最初の数と同じ。"
    assert not any(line.startswith("。") for line in lines)


def test_dicehero_print_lang_prints_in_that_language(tmp_path: Path) -> None:
    out = tmp_path / "fr.pdf"
    assert main(["print", "--players", "1", "--lang", "fr", "-o", str(out)]) == 0
    hall = i18n.translations("fr").pgettext("location", "City Hall")
    assert hall.upper() in sheet_text(out)


def test_dicehero_print_refuses_a_language_it_does_not_ship(tmp_path: Path, capsys) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["print", "--lang", "xx", "-o", str(tmp_path / "x.pdf")])
    assert stop.value.code == 2 and "--lang" in capsys.readouterr().err


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_location_name_fits_its_score_box_uncut(classic: Edition, lang: str) -> None:
    edition = in_language(classic, lang)
    for score in score_parts(edition, page_layout(edition).find("scores").frame):
        assert width(score.label, BOLD, pt(SCORE_LABEL_MIN_PT)) <= score.frame.w - 2.4, score.label


class Pen:
    """A canvas that notes where each string starts."""

    def __init__(self) -> None:
        self.starts: list[float] = []

    def setFont(self, font: str, size: float) -> None:
        pass

    def drawString(self, x: float, y: float, text: str) -> None:
        self.starts.append(x)


@pytest.mark.parametrize(("rule", "starts_left"), [
    ("ضع X لنرد مطابق (1 أو 2 أو 3)، بأي ترتيب.", False),
    ("Mark an X for a matching die (1, 2 or 3), in any order.", True)])
def test_a_right_to_left_rule_starts_at_its_box_s_right_edge(rule: str, starts_left: bool) -> None:
    pen = Pen()
    box = Rect(10.0, 10.0, 120.0, 8.0)
    draw_block(pen, rule, REGULAR, 7.5, box)  # type: ignore[arg-type]
    assert (min(pen.starts) == box.x) is starts_left


@pytest.mark.parametrize(("lang", "first_on_the_right"), [("ar", True), ("fr", False)])
def test_a_right_to_left_sheet_runs_its_tracks_from_the_right(classic: Edition, lang: str,
                                                              first_on_the_right: bool) -> None:
    edition = in_language(classic, lang)
    for loc in edition.locations:
        if loc.kind == "track" and loc.layout != "up":
            frame = page_layout(edition).find("location", loc.number).frame
            t = track_parts(loc, panel_parts(loc, frame, edition.minions_per_location).body)
            assert (t.boxes[0].x > t.boxes[-1].x) is first_on_the_right
            assert (t.start.x > t.boxes[0].x) is first_on_the_right
