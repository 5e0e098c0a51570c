"""A rude name typed on a phone is refused kindly in the phone's language, in real
Chromium at 360x740 (issue 28.1); the child stays on the join form to type another."""

from __future__ import annotations

import pytest
from browser_support import (  # noqa: F401
    PHONE,
    api_post,
    browser,
    open_projector,
    server,
    shot,
    watch_errors,
)

pytestmark = pytest.mark.browser


def test_a_french_phone_is_told_kindly_that_a_rude_name_is_not_used(browser, server):  # noqa: F811
    code = api_post(server, "/api/games", {"rounds": 2})["code"]
    phone = browser.new_context(viewport=PHONE, locale="fr-FR").new_page()
    errors = watch_errors(phone)
    phone.goto(f"{server}/play/{code}")
    phone.fill("#hero-name", "Capitaine Merde")
    phone.click("#join-form button[type=submit]")
    phone.wait_for_function(
        "document.getElementById('join-err').textContent.includes('un nom gentil')")
    shot(phone, "phone-rude-name-fr-360")
    assert phone.locator("#hero-name").is_visible()
    assert not errors


def test_the_host_keeps_their_own_words_out_of_names_from_host_tools(browser, server):  # noqa: F811
    game = api_post(server, "/api/games", {"rounds": 2})
    code, host = game["code"], game["host_secret"]
    page = open_projector(browser, server, code, host, 0, tools=False)
    assert not page.locator("#name-words").is_visible()  # never on the projected view
    page.click("#b-tools")
    page.fill("#name-words", "Kevin, Mr Smith")
    page.click("#words-form button[type=submit]")
    page.wait_for_function("document.getElementById('name-words').value === 'kevin, mr smith'")
    shot(page, "host-tools-name-words")
    phone = browser.new_context(viewport=PHONE).new_page()
    phone.goto(f"{server}/play/{code}")
    phone.fill("#hero-name", "Kevin the Great")
    phone.click("#join-form button[type=submit]")
    phone.wait_for_function("document.getElementById('join-err').textContent !== ''")
    assert phone.locator("#hero-name").is_visible()
    page.reload()  # the words are the server's: Host tools shows them again
    page.wait_for_function("document.getElementById('name-words').value === 'kevin, mr smith'")
