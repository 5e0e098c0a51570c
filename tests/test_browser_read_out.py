"""The phone reads the round's dice to a screen reader itself (issue 25.11): a blind child
cannot see the projector, so the dice are said on the phone, in its language, from a
polite live region, as soon as they come. Real Chromium at 360x740."""

from __future__ import annotations

import re

import pytest
from browser_support import (  # noqa: F401
    PHONE,
    api_post,
    browser,
    choose_superpower,
    join_phone,
    server,
    spend_dice,
    wait_idle,
    watch_errors,
)

pytestmark = pytest.mark.browser


def _game(server: str) -> tuple[str, str]:  # noqa: F811
    game = api_post(server, "/api/games", {"rounds": 3})
    api_post(server, f"/api/games/{game['code']}/offer", {"choices": [3, 4]},
             game["host_secret"])
    return game["code"], game["host_secret"]


def _roll(server: str, code: str, host: str, dice: list[int], number: int) -> None:  # noqa: F811
    api_post(server, f"/api/games/{code}/rolls", {"dice": dice, "number": number,
                                                  "go_on": True}, host)


def _read_out(page) -> str:
    return page.inner_text("#sr-dice")


def test_the_dice_are_read_out_on_the_phone_when_they_come(browser, server):  # noqa: F811
    code, host = _game(server)
    phone = browser.new_context(viewport=PHONE).new_page()
    errors = watch_errors(phone)
    join_phone(phone, server, code, "Ann")
    assert _read_out(phone) == ""  # nothing to say before the first roll
    _roll(server, code, host, [3, 5, 1, 6], 1)
    phone.wait_for_function("document.getElementById('sr-dice').textContent !== ''")
    assert phone.get_attribute("#sr-dice", "aria-live") == "polite"
    assert re.fullmatch(r"The dice: 3, 5, 1,? (and )?6", _read_out(phone)), _read_out(phone)
    assert not errors


def test_each_new_round_reads_its_own_dice(browser, server):  # noqa: F811
    code, host = _game(server)
    phone = browser.new_context(viewport=PHONE).new_page()
    join_phone(phone, server, code, "Ann")
    _roll(server, code, host, [3, 5, 1, 6], 1)
    phone.wait_for_selector("#choose:not([hidden])")
    choose_superpower(phone)
    spend_dice(phone)
    _roll(server, code, host, [2, 2, 4, 6], 2)
    phone.wait_for_function("document.getElementById('sr-dice').textContent.includes('2, 2')")
    assert re.fullmatch(r"The dice: 2, 2, 4,? (and )?6", _read_out(phone)), _read_out(phone)


def test_the_dice_are_read_out_in_the_phones_language(browser, server):  # noqa: F811
    code, host = _game(server)
    phone = browser.new_context(viewport=PHONE, locale="fr-FR").new_page()
    phone.goto(f"{server}/play/{code}")
    phone.fill("#hero-name", "Ann")
    phone.click("#join-form button[type=submit]")
    phone.wait_for_selector("#game:not([hidden])")
    _roll(server, code, host, [3, 5, 1, 6], 1)
    phone.wait_for_function("document.getElementById('sr-dice').textContent !== ''")
    said = _read_out(phone)
    assert said.startswith("Les dés") and re.search(r"3\D+5\D+1\D+6", said), said
