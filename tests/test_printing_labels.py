"""The printed sheet's own labels and its rules page in the language the host picks (issue 24.2);
the edition's words in a language are tests/test_printing_language.py's."""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

import pypdf
import pytest
from apikit import bearer

from dicehero.cli import main
from dicehero.editions import DEFAULT_EDITION, load_edition
from dicehero.printing import SheetHeader, render_sheets

ARTIFACTS = Path(__file__).parent / "artifacts"


def printed(lang: str, rules: bool = True) -> list[str]:
    out = io.BytesIO()
    render_sheets(load_edition(DEFAULT_EDITION), [SheetHeader(hero="Zoé")], out, rules=rules,
                  lang=lang)
    return [p.extract_text() for p in pypdf.PdfReader(io.BytesIO(out.getvalue())).pages]


def test_a_french_sheet_says_its_words_in_french() -> None:
    sheet = printed("fr", rules=False)[0]
    for word in ("LE NOM DE TON HÉROS", "MAIRIE", "HÔPITAL", "SUPERPOUVOIRS", "MANCHES",
                 "CODE DE LA PARTIE", "dessine ton héros ici", "TOTAL"):
        assert word in sheet
    assert "YOUR HERO'S NAME" not in sheet and "Superpowers" not in sheet


def test_a_french_rules_page_says_the_rules_in_french() -> None:
    rules = " ".join(printed("fr")[1].split())
    assert "les règles en bref" in rules
    assert "Pour commencer" in rules and "Le plus d’Honneur gagne !" in rules
    assert "rules summary" not in rules and "Setup" not in rules


def test_a_german_sheet_keeps_the_edition_texts_in_german() -> None:
    sheet = printed("de", rules=False)[0]
    assert "RATHAUS" in sheet and "KRANKENHAUS" in sheet and "DER NAME DEINES HELDEN" in sheet


def test_without_a_language_the_sheet_is_english() -> None:
    sheet = printed("en", rules=False)[0]
    assert "YOUR HERO'S NAME" in sheet and "CITY HALL" in sheet


def test_a_japanese_sheet_says_its_labels_in_japanese() -> None:
    sheet = printed("ja", rules=False)[0]
    assert "ゲームコード" in sheet and "合計" in sheet and "YOUR HERO'S NAME" not in sheet


def test_a_polish_rules_page_says_the_rules_in_polish() -> None:
    rules = " ".join(printed("pl")[1].split())
    assert "zasady w skrócie" in rules and "Każda runda" in rules
    assert "rules summary" not in rules and "?" not in rules


def test_a_japanese_rules_page_says_the_rules_in_japanese() -> None:
    rules = printed("ja")[1]
    assert "ルールのまとめ" in rules and "rules summary" not in rules


def test_a_chinese_rules_page_says_the_rules_in_chinese() -> None:
    rules = printed("zh_Hans")[1]
    assert "规则简介" in rules and "rules summary" not in rules


def test_an_arabic_rules_page_is_not_english() -> None:
    rules = printed("ar")[1]
    assert "rules summary" not in rules and "Setup" not in rules and "??" not in rules


def test_print_lang_prints_the_sheets_in_that_language(tmp_path: Path) -> None:
    out = tmp_path / "fr.pdf"
    assert main(["print", "--lang", "fr", "--rules", "-o", str(out)]) == 0
    pages = [p.extract_text() for p in pypdf.PdfReader(str(out)).pages]
    assert "LE NOM DE TON HÉROS" in pages[0] and "les règles en bref" in pages[1]


def test_print_lang_pt_br_prints_brazilian_portuguese(tmp_path: Path) -> None:
    out = tmp_path / "pt.pdf"
    assert main(["print", "--lang", "pt_BR", "-o", str(out)]) == 0
    assert "O NOME DO SEU HERÓI" in pypdf.PdfReader(str(out)).pages[0].extract_text()


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs poppler's pdftoppm")
def test_the_french_and_german_sheets_render_to_images(tmp_path: Path) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    for lang in ("fr", "de"):
        pdf = tmp_path / f"{lang}.pdf"
        assert main(["print", "--lang", lang, "--rules", "-o", str(pdf)]) == 0
        subprocess.run(["pdftoppm", "-r", "80", "-png", str(pdf),
                        str(ARTIFACTS / f"print-labels-{lang}")], check=True, timeout=60)
        assert (ARTIFACTS / f"print-labels-{lang}-1.png").stat().st_size > 10_000


def test_print_sheets_follows_the_host_pages_language_by_default(api, client) -> None:
    game = api.create()
    api.join(game, "Ann")
    r = client.get(f"/api/games/{game.code}/sheets.pdf",
                   headers={**bearer(game.host), "Accept-Language": "de"})
    assert "DER NAME DEINES HELDEN" in pypdf.PdfReader(io.BytesIO(r.data)).pages[0].extract_text()
