"""The printed sheet as a PDF: what a player can read on it, page by page."""

from __future__ import annotations

import io
import subprocess
import tomllib
from collections.abc import Sequence
from pathlib import Path

import pypdf
import pytest
from pdfkit import dark_share
from PIL import Image

from dicehero.editions import available_editions, load_edition, sheets_dir
from dicehero.engine.edition import Edition, parse_edition
from dicehero.printing import PAPERS, SheetHeader, join_url, render_sheets
from dicehero.printing.geometry import Rect
from dicehero.printing.layout import page_layout
from dicehero.printing.parts import header_parts
from dicehero.printing.qr import qr_runs

MM = 72 / 25.4


def render(edition: Edition, sheets: Sequence[SheetHeader], paper: str = "a4",
           rules: bool = False) -> bytes:
    out = io.BytesIO()
    render_sheets(edition, sheets, out, paper=paper, rules=rules)
    return out.getvalue()


def pages(pdf: bytes) -> list[pypdf.PageObject]:
    return list(pypdf.PdfReader(io.BytesIO(pdf)).pages)


def words(page: pypdf.PageObject) -> list[tuple[str, float, float]]:
    """Every piece of text on the page with the point where it starts, in mm."""
    found: list[tuple[str, float, float]] = []

    def visit(text, cm, tm, _font, _size) -> None:
        if text.strip():
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            found.append((text.strip(), x / MM, y / MM))

    page.extract_text(visitor_text=visit)
    return found


def inside(found: list[tuple[str, float, float]], frame: Rect) -> list[str]:
    return [t for t, x, y in found if frame.x <= x <= frame.right and frame.y <= y <= frame.top]


def twelve_rounds() -> Edition:
    """Classic with 12 rounds and a 14-box Powerplant: an edition with other sizes."""
    data = tomllib.loads((sheets_dir() / "classic.toml").read_text())
    data["edition"]["rounds"] = 12
    data["locations"][3]["boxes"] = [{"honor": 3 * i + 1} for i in range(13)] + [
        {"honor": 77, "reward": "bystander"}]
    return parse_edition(data, "twelve")


PLAYERS = [SheetHeader("Captain Thunderbolt", "K7QX2", join_url("http://x.test", "K7QX2")),
           SheetHeader("Mega Mouse", "K7QX2", join_url("http://x.test", "K7QX2")),
           SheetHeader("Zoë Zap", "K7QX2", join_url("http://x.test", "K7QX2"))]


def test_one_page_per_player(classic: Edition) -> None:
    assert len(pages(render(classic, PLAYERS))) == 3


def test_rules_add_one_page(classic: Edition) -> None:
    assert len(pages(render(classic, PLAYERS, rules=True))) == 4


def test_rules_alone_print_one_page(classic: Edition) -> None:
    assert len(pages(render(classic, [], rules=True))) == 1


def test_nothing_to_print_is_refused(classic: Edition) -> None:
    with pytest.raises(ValueError, match="nothing to print"):
        render(classic, [])


def test_an_unknown_paper_is_refused(classic: Edition) -> None:
    with pytest.raises(ValueError, match="unknown paper"):
        render(classic, PLAYERS, paper="a3")


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_page_size_is_the_paper_asked_for(classic: Edition, paper: str) -> None:
    box = pages(render(classic, PLAYERS[:1], paper=paper))[0].mediabox
    assert (round(float(box.width) / MM, 1), round(float(box.height) / MM, 1)) == PAPERS[paper]


def test_each_page_has_its_own_hero_name_and_the_game_code(classic: Edition) -> None:
    for page, sheet in zip(pages(render(classic, PLAYERS)), PLAYERS, strict=True):
        text = page.extract_text()
        assert sheet.hero in text
        assert "K7QX2" in text and "http://x.test/play/K7QX2" in text
        others = [p.hero for p in PLAYERS if p is not sheet]
        assert not any(name in text for name in others)


def test_the_hero_name_is_printed_in_the_middle_circle(classic: Edition) -> None:
    found = words(pages(render(classic, PLAYERS[:1]))[0])
    hero = page_layout(classic).find("hero").frame
    assert "Captain Thunderbolt" in inside(found, hero)


def test_a_blank_sheet_has_no_name_code_or_url(classic: Edition) -> None:
    text = pages(render(classic, [SheetHeader()]))[0].extract_text()
    assert "GAME CODE" in text and "YOUR HERO'S NAME" in text
    assert "http" not in text and "K7QX2" not in text and "scan" not in text


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_every_location_shows_its_name_and_rule(classic: Edition, paper: str) -> None:
    layout = page_layout(classic, paper)
    found = words(pages(render(classic, PLAYERS[:1], paper=paper))[0])
    for loc in classic.locations:
        text = " ".join(inside(found, layout.find("location", loc.number).frame))
        assert loc.name.upper() in text
        assert " ".join(loc.rule.split()) in " ".join(text.split())


def _numbers(texts: list[str]) -> list[int]:
    return [int(t) for t in texts if t.isdigit()]


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_grids_print_every_cell_number_and_line_honor_in_their_panel(classic: Edition,
                                                                      paper: str) -> None:
    layout = page_layout(classic, paper)
    found = words(pages(render(classic, PLAYERS[:1], paper=paper))[0])
    for loc in classic.locations:
        if loc.kind != "cells":
            continue
        numbers = _numbers(inside(found, layout.find("location", loc.number).frame))
        expected = [loc.number, *loc.cell_numbers, *(line.honor for line in loc.lines)]
        assert sorted(numbers) == sorted(expected), loc.name


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_pairs_and_tracks_print_every_honor_in_their_panel(classic: Edition, paper: str) -> None:
    layout = page_layout(classic, paper)
    found = words(pages(render(classic, PLAYERS[:1], paper=paper))[0])
    for loc in classic.locations:
        if loc.kind == "cells":
            continue
        texts = inside(found, layout.find("location", loc.number).frame)
        assert sorted(_numbers(texts)) == sorted([loc.number, *(b.honor for b in loc.boxes)])
        wilds = sum(1 for b in loc.boxes if b.reward == "wild")
        assert texts.count("W") == wilds, loc.name


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_both_city_hall_diagonals_print_their_wild_mark(classic: Edition, paper: str) -> None:
    """Both diagonals read 1, 2, 3 and each earns a Wild die (docs/RULES.md, row 44)."""
    city_hall = classic.location(1)
    wild = [g.label for g in city_hall.rewards if g.reward == "wild"]
    assert wild == ["the diagonal from the top left", "the diagonal from the bottom left"]
    layout = page_layout(classic, paper)
    found = words(pages(render(classic, PLAYERS[:1], paper=paper))[0])
    texts = inside(found, layout.find("location", city_hall.number).frame)
    assert texts.count("W") == 2
    assert [t for t in texts if t.startswith("for the diagonal")] == [f"for {w}" for w in wild]


def test_the_superpower_table_lists_every_power(classic: Edition) -> None:
    layout = page_layout(classic)
    found = words(pages(render(classic, PLAYERS[:1]))[0])
    text = " ".join(" ".join(inside(found, layout.find("superpowers").frame)).split())
    for sp in classic.superpowers:
        assert sp.name in text and " ".join(sp.text.split()) in text


def test_a_row_per_round_is_numbered(classic: Edition) -> None:
    layout = page_layout(classic)
    found = words(pages(render(classic, PLAYERS[:1]))[0])
    numbers = _numbers(inside(found, layout.find("rounds").frame))
    assert numbers == list(range(1, classic.rounds + 1))


def test_the_score_strip_names_every_location_and_the_total(classic: Edition) -> None:
    layout = page_layout(classic)
    found = words(pages(render(classic, PLAYERS[:1]))[0])
    texts = inside(found, layout.find("scores").frame)
    for loc in classic.locations:
        assert f"{loc.number} {loc.name}" in texts
    assert "TOTAL" in texts
    assert any(t.startswith("Bystanders") for t in texts)


def test_an_edition_with_other_sizes_renders_without_code_changes() -> None:
    edition = twelve_rounds()
    layout = page_layout(edition)
    found = words(pages(render(edition, PLAYERS[:1]))[0])
    assert _numbers(inside(found, layout.find("rounds").frame)) == list(range(1, 13))
    powerplant = inside(found, layout.find("location", 4).frame)
    assert sorted(_numbers(powerplant)) == sorted([4, *(3 * i + 1 for i in range(13)), 77])


@pytest.mark.parametrize("name", available_editions())
def test_every_edition_file_renders(name: str) -> None:
    edition = load_edition(name)
    pdf = render(edition, PLAYERS, rules=True)
    assert len(pages(pdf)) == len(PLAYERS) + 1
    text = pages(pdf)[0].extract_text()
    assert all(loc.name.upper() in text for loc in edition.locations)


def test_the_rules_page_has_every_location_rule_power_and_the_scoring(classic: Edition) -> None:
    text = " ".join(pages(render(classic, [], rules=True))[0].extract_text().split())
    for loc in classic.locations:
        assert f"{loc.number} {loc.name}" in text and " ".join(loc.rule.split()) in text
    for sp in classic.superpowers:
        assert f"{sp.number} {sp.name}" in text
    assert f"{classic.bystander_honor} Honor per rescued Bystander" in text
    assert "4 Honor per row/column" in text


def test_a_long_hero_name_is_shortened_to_fit_the_circle(classic: Edition) -> None:
    name = "The Incredible Unstoppable Magnificent Thunder Lightning Storm Hero"
    text = pages(render(classic, [SheetHeader(name)]))[0].extract_text()
    assert "The Incredible" in text and name not in text


def test_progress_is_reported_after_each_sheet(classic: Edition) -> None:
    seen: list[tuple[int, int]] = []
    render_sheets(classic, PLAYERS, io.BytesIO(), progress=lambda d, t: seen.append((d, t)))
    assert seen == [(1, 3), (2, 3), (3, 3)]


def test_the_shared_sheet_is_stored_once_so_pages_stay_small(classic: Edition) -> None:
    one = len(render(classic, PLAYERS[:1]))
    hundred = len(render(classic, PLAYERS[:1] * 100))
    assert hundred < one * 12


def test_qr_runs_rebuild_the_segno_matrix_exactly() -> None:
    import segno

    url = "http://localhost:5000/play/K7QX2"
    size, runs = qr_runs(url)
    rebuilt = [[False] * size for _ in range(size)]
    for r, c, length in runs:
        for k in range(length):
            rebuilt[r][c + k] = True
    expected = [[bool(v) for v in row]
                for row in segno.make(url, error="m", micro=False).matrix_iter(border=0)]
    assert rebuilt == expected


needs_pdftoppm = pytest.mark.usefixtures("pdftoppm")


def to_png(pdf: bytes, tmp_path: Path, dpi: int = 60) -> list[Path]:
    source = tmp_path / "sheets.pdf"
    source.write_bytes(pdf)
    result = subprocess.run(["pdftoppm", "-r", str(dpi), "-png", str(source),
                             str(tmp_path / "page")], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and not result.stderr.strip(), result.stderr
    return sorted(tmp_path.glob("page-*.png"))


@needs_pdftoppm
@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_pdftoppm_renders_every_page(classic: Edition, paper: str, tmp_path: Path) -> None:
    pngs = to_png(render(classic, PLAYERS, paper=paper, rules=True), tmp_path)
    assert len(pngs) == len(PLAYERS) + 1
    for png in pngs:
        with Image.open(png) as image:
            assert image.width > 400 and image.height > 500


@needs_pdftoppm
def test_the_qr_code_is_drawn_only_when_there_is_a_url(classic: Edition, tmp_path: Path) -> None:
    pngs = to_png(render(classic, [PLAYERS[0], SheetHeader()]), tmp_path, dpi=100)
    qr = header_parts(page_layout(classic).find("header").frame).qr
    assert 0.3 < dark_share(pngs[0], qr, "a4") < 0.7
    assert dark_share(pngs[1], qr, "a4") == 0
