"""A rude name typed on a phone is refused kindly in the phone's language, in real
Chromium at 360x740 (issue 28.1); the child stays on the join form to type another."""

from __future__ import annotations

import pytest
from browser_support import PHONE, api_post, browser, server, shot, watch_errors  # noqa: F401

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
