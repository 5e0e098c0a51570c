"""A game with names from the generator, in real Chromium at 360x740 (issue 28.1): the
host turns it on when making the game, and the phone picks one of the offered names in
the game's language, with no box to type a name in."""

from __future__ import annotations

import pytest
from browser_support import PHONE, browser, server, shot, watch_errors  # noqa: F401

pytestmark = pytest.mark.browser

FRENCH_ANIMALS = ("Loutre", "Renard", "Chouette", "Tortue", "Dauphin", "Panda", "Girafe",
                  "Lion", "Abeille", "Castor", "Baleine", "Hibou", "Koala", "Zèbre",
                  "Hérisson", "Mouette", "Pingouin", "Fourmi")


def test_a_french_generated_names_game_gives_the_phone_french_names_and_no_typing(
        browser, server):  # noqa: F811
    host = browser.new_context(locale="fr-FR").new_page()
    host.goto(f"{server}/host")
    host.check("[name=generated_names]")
    host.click("#create button[type=submit]")
    host.wait_for_url("**/host/*")
    code = host.url.rsplit("/", 1)[1]
    phone = browser.new_context(viewport=PHONE, locale="fr-FR").new_page()
    errors = watch_errors(phone)
    phone.goto(f"{server}/play/{code}")
    phone.wait_for_selector("#name-offers")
    shot(phone, "phone-generated-names-fr-360")
    assert phone.locator("#join-form input:not([type=radio]):visible").count() == 0
    names = phone.locator("#name-offers input[type=radio]").evaluate_all(
        "els => els.map(e => e.value)")
    assert len(names) == 3 and all(n.startswith(FRENCH_ANIMALS) for n in names)
    phone.locator("#name-offers label").nth(1).click()
    phone.click("#join-form button[type=submit]")
    phone.wait_for_function(f"document.getElementById('hero-title').textContent === {names[1]!r}")
    assert not errors
