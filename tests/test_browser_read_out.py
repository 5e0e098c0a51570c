"""A solo player's screen reader hears the dice of each round (issue 25.11): the sheet
reads them from a polite live region, in the page's language. On a game's phone the
page's own line (#sr, with the round, tests/test_browser_screen_reader.py) says them, and
the sheet's stays quiet: the dice are said once. Real Chromium at 360x740."""

from __future__ import annotations

import re

import pytest
from browser_support import (  # noqa: F401
    PHONE,
    api_post,
    browser,
    join_phone,
    server,
    watch_errors,
)

pytestmark = pytest.mark.browser


def _tray(page) -> list[str]:
    return [p.strip() for p in page.locator(".tray .die .pips").all_inner_texts()]


def test_a_solo_players_dice_are_read_out_when_they_come(browser, server):  # noqa: F811
    page = browser.new_context(viewport=PHONE).new_page()
    errors = watch_errors(page)
    page.goto(server + "/solo")
    page.click("#b-random")
    page.wait_for_function("document.getElementById('sr-dice').textContent !== ''")
    said = page.inner_text("#sr-dice")
    assert page.get_attribute("#sr-dice", "aria-live") == "polite"
    assert re.fullmatch(r"The dice: \d, \d, \d,? (and )?\d", said), said
    assert re.findall(r"\d", said) == _tray(page)
    assert not errors


def test_a_solo_players_dice_are_read_out_in_the_pages_language(browser, server):  # noqa: F811
    page = browser.new_context(viewport=PHONE, locale="fr-FR").new_page()
    page.goto(server + "/solo")
    page.click("#b-random")
    page.wait_for_function("document.getElementById('sr-dice').textContent !== ''")
    said = page.inner_text("#sr-dice")
    assert said.startswith("Les dés") and re.findall(r"\d", said) == _tray(page), said


def test_a_games_phone_says_the_dice_once(browser, server):  # noqa: F811
    game = api_post(server, "/api/games", {"rounds": 3})
    phone = browser.new_context(viewport=PHONE).new_page()
    join_phone(phone, server, game["code"], "Ann")
    api_post(server, f"/api/games/{game['code']}/rolls", {"dice": [3, 5, 1, 6], "number": 1},
             game["host_secret"])
    phone.wait_for_function("document.getElementById('sr').textContent.includes('3, 5, 1, 6')")
    assert phone.inner_text("#sr-dice") == ""
