"""A safe room in real Chromium: the host bans a hero from the remove dialog, the banned
phone is told calmly and cannot come back, not even with its storage and cookies cleared;
a password game asks phones for it, a stream game keeps its code off the projector."""

from __future__ import annotations

import pytest
from browser_support import PHONE, PROJECTOR, browser, server, shot, watch_errors  # noqa: F401
from test_browser_host import _heroes, _host, _phone

pytestmark = pytest.mark.browser


def test_a_banned_phone_is_told_and_cannot_join_again(browser, server):  # noqa: F811
    host, code, host_errors = _host(browser, server, viewport=PROJECTOR)
    _, _ann, ann_errors = _phone(browser, server, code, "Ann")
    rude_ctx, rude, _ = _phone(browser, server, code, "Rude")
    _heroes(host, 2)

    host.click("#b-tools")
    host.click("button[aria-label='Remove Rude']")
    assert host.locator("#ask-ban-row").is_visible()
    host.check("#ask-ban")
    host.check("#ask-ban-address")  # one laptop's server: every test phone is 127.0.0.1
    shot(host, "host-ban-ask-1920")
    host.click("#ask-ok")
    _heroes(host, 1)
    host.wait_for_function(
        "document.getElementById('host-msg').textContent.includes('cannot join this game again')")
    assert host.locator(".pname").all_inner_texts() == ["Ann"]
    rude.wait_for_selector("#removed:not([hidden])")
    shot(rude, "phone-banned-360")

    # The child clears the site's storage and cookies and tries again under a new name.
    rude.evaluate("localStorage.clear()")
    rude_ctx.clear_cookies()
    rude.reload()
    rude.fill("#hero-name", "Nice")
    rude.click("text=Join the game")
    rude.wait_for_function(
        "document.getElementById('join-err').textContent.includes('not open to this phone')")
    shot(rude, "phone-banned-rejoin-360")
    assert host.locator(".pname").all_inner_texts() == ["Ann"]

    # A plain removal (no box ticked) keeps the dialog's boxes clear the next time.
    host.click("button[aria-label='Remove Ann']")
    assert not host.is_checked("#ask-ban") and not host.is_checked("#ask-ban-address")
    host.click("#ask-cancel")
    assert host_errors == [] and ann_errors == []


def test_a_password_stream_game_hides_its_code_and_asks_phones_for_the_password(
        browser, server):  # noqa: F811
    page = browser.new_context(viewport=PROJECTOR).new_page()
    errors = watch_errors(page)
    page.goto(server + "/host")
    page.fill("#password", "Brave Otters")
    page.check("input[name=stream]")
    page.click("text=Create the game")
    page.wait_for_url("**/host/*")
    code = page.url.rsplit("/", 1)[1]
    # The projected view: no join code, no QR code, not in the tab's title either.
    assert not page.locator(".joincode").is_visible()
    assert page.locator(".streamnote").is_visible()
    # The address line does not end on "and type" with no code after it.
    assert page.locator(".joinurl:visible").inner_text().endswith("the code the host gives you.")
    assert code not in page.title() and code not in page.locator("main").inner_text()
    shot(page, "host-stream-1920")
    page.click("#b-tools")  # the host looks it up to give it out
    assert page.locator(".code").inner_text() == code
    assert page.locator(".joinurl:visible").inner_text().endswith("and type")
    page.click("#b-tools")

    phone = browser.new_context(viewport=PHONE).new_page()
    phone.goto(f"{server}/play/{code}")
    assert phone.locator("#pw-row").is_visible()
    phone.fill("#hero-name", "Ann")
    phone.fill("#room-password", "beavers")
    phone.click("text=Join the game")
    phone.wait_for_function(
        "document.getElementById('join-err').textContent.includes('not this game')")
    shot(phone, "phone-password-wrong-360")
    phone.fill("#room-password", "brave otters")
    phone.click("text=Join the game")
    phone.wait_for_selector("#game:not([hidden])")
    _heroes(page, 1)
    assert code not in page.locator("main").inner_text()
    assert errors == []
