"""The teacher prints the sheets from the host screen in real Chromium: no terminal, one
click, a PDF with a sheet per hero who joined, blank sheets, the paper of the country."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pypdf
import pytest
from browser_support import (  # noqa: F401
    PHONE,
    PROJECTOR,
    api_post,
    browser,
    server,
    shot,
    watch_errors,
)

pytestmark = pytest.mark.browser


def _game_with_heroes(server, names):  # noqa: F811
    """A game made through the API, with ``names`` joined; (code, host secret)."""
    game = api_post(server, "/api/games", {"rounds": 6})
    for name in names:
        api_post(server, f"/api/games/{game['code']}/players", {"name": name})
    return game["code"], game["host_secret"]


def _host_page(browser, server, code, secret, viewport, locale):  # noqa: F811
    ctx = browser.new_context(viewport=viewport, locale=locale, accept_downloads=True)
    ctx.add_init_script(f"localStorage.setItem('dh.host.{code}', {json.dumps(secret)})")
    page = ctx.new_page()
    errors = watch_errors(page)
    page.goto(f"{server}/host/{code}")
    page.wait_for_function("document.getElementById('count').textContent !== '0'")
    page.click("#b-tools")  # printing is a host tool, out of the class's view until asked for
    return page, errors


def _download(page) -> pypdf.PdfReader:
    with page.expect_download() as download:
        page.click("#b-print")
    path = download.value.path()
    assert download.value.suggested_filename.endswith("-sheets.pdf")
    return pypdf.PdfReader(io.BytesIO(Path(path).read_bytes()))


def _points(pdf: pypdf.PdfReader) -> tuple[int, int]:
    box = pdf.pages[0].mediabox
    return round(float(box.width)), round(float(box.height))


def test_the_teacher_downloads_a_sheet_per_hero_blank_sheets_and_the_rules(browser, server):  # noqa: F811
    code, secret = _game_with_heroes(server, ["Ann", "Αλέξης", "Zoë"])
    page, errors = _host_page(browser, server, code, secret, PROJECTOR, "en-US")
    page.click("#print summary")
    assert page.is_checked("input[name=paper][value=letter]")  # the paper of the US
    page.wait_for_function(
        "document.getElementById('print-count').textContent.includes('3 heroes')")
    page.fill("#print-blank", "2")
    page.check("#print-rules")
    shot(page, "host-print-projector")
    pdf = _download(page)
    texts = [p.extract_text() for p in pdf.pages]
    assert len(texts) == 3 + 2 + 1
    assert "Ann" in texts[0] and "Zoë" in texts[2]
    assert all(code in t for t in texts[:5])
    join_address = page.inner_text(".joinurl b").rstrip("/")
    assert f"{join_address}/play/{code}" in texts[0]
    assert _points(pdf) == (612, 792)
    page.wait_for_function("document.getElementById('print-msg').textContent.startsWith('Downloaded')")
    assert errors == []


def test_a_phone_host_in_europe_prints_on_a4(browser, server):  # noqa: F811
    code, secret = _game_with_heroes(server, ["Ann"])
    page, errors = _host_page(browser, server, code, secret, PHONE, "de-DE")
    page.click("#print summary")
    assert page.is_checked("input[name=paper][value=a4]")
    assert page.input_value("#print-lang") == "de"  # the host page's language
    page.locator("#b-print").scroll_into_view_if_needed()
    box = page.locator("#b-print").bounding_box()
    assert box["height"] >= 44 and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    shot(page, "host-print-phone")
    pdf = _download(page)
    assert len(pdf.pages) == 1
    assert _points(pdf) == (595, 842)
    assert "RATHAUS" in pdf.pages[0].extract_text()
    assert errors == []


def test_the_host_chooses_the_sheets_language(browser, server):  # noqa: F811
    code, secret = _game_with_heroes(server, ["Ann"])
    page, errors = _host_page(browser, server, code, secret, PROJECTOR, "en-GB")
    page.click("#print summary")
    page.select_option("#print-lang", "fr")
    shot(page, "host-print-language")
    text = _download(page).pages[0].extract_text()
    assert "MAIRIE" in text and "CITY HALL" not in text
    assert errors == []


def test_a_refused_print_says_why_on_the_page(browser, server):  # noqa: F811
    code, secret = _game_with_heroes(server, ["Ann"])
    page, errors = _host_page(browser, server, code, secret, PROJECTOR, "en-GB")
    page.click("#print summary")
    page.evaluate("document.getElementById('print-blank').removeAttribute('max')")
    page.fill("#print-blank", "500")
    page.click("#b-print")
    page.wait_for_function("document.getElementById('print-msg').classList.contains('no')")
    assert "0 to 100" in page.inner_text("#print-msg")
    assert errors == []
