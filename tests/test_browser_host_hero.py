"""The host plays along, in real Chromium (issue 28.6): Host tools › Play along gives the
host a hero of their own, played in a panel of Host tools (or on a phone by its link),
that never sees the host's secret."""

from __future__ import annotations

import pytest
from browser_support import (  # noqa: F401
    PHONE,
    PROJECTOR,
    api_post,
    browser,
    open_projector,
    server,
    shot,
    watch_errors,
)

pytestmark = pytest.mark.browser


def test_the_host_plays_along_in_host_tools_without_their_secret(browser, server):  # noqa: F811
    game = api_post(server, "/api/games", {"rounds": 2})
    code, host = game["code"], game["host_secret"]
    api_post(server, f"/api/games/{code}/players", {"name": "Ann"})
    page = open_projector(browser, server, code, host, 1, tools=True)
    errors = watch_errors(page)
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.headers.get("authorization", ""))
            if r.frame != page.main_frame else None)
    page.click("#playalong summary")
    page.fill("#host-hero-name", "Teacher")
    page.click("#hero-form button")
    page.wait_for_function("document.getElementById('count').textContent === '2'")
    hero = page.frame_locator("#hero-frame")
    hero.locator("#game:not([hidden])").wait_for()
    api_post(server, f"/api/games/{code}/offer", {}, host)
    api_post(server, f"/api/games/{code}/rolls", {"dice": [3, 3, 3, 3], "number": 1}, host)
    hero.locator("[data-choose]:visible").first.wait_for()
    page.locator("#playalong").scroll_into_view_if_needed()
    shot(page, "host-plays-along")
    frame = next(f for f in page.frames if f != page.main_frame)
    assert "#" not in frame.url and host not in frame.url  # the hero's key left the address
    assert sent and all(host not in h for h in sent)
    assert host not in frame.content()
    assert not errors


def test_the_hosts_hero_link_opens_their_sheet_on_a_phone(browser, server):  # noqa: F811
    game = api_post(server, "/api/games", {"rounds": 2})
    code, host = game["code"], game["host_secret"]
    api_post(server, f"/api/games/{code}/players", {"name": "Ann"})
    page = open_projector(browser, server, code, host, 1, tools=True)
    page.click("#playalong summary")
    page.fill("#host-hero-name", "Teacher")
    page.click("#hero-form button")
    page.wait_for_function("document.getElementById('count').textContent === '2'")
    path = page.get_attribute("#hero-frame", "src")
    assert path and host not in path
    phone = browser.new_context(viewport=PHONE).new_page()
    errors = watch_errors(phone)
    phone.goto(server + path)
    phone.locator("#game:not([hidden])").wait_for()
    api_post(server, f"/api/games/{code}/offer", {}, host)
    api_post(server, f"/api/games/{code}/rolls", {"dice": [3, 3, 3, 3], "number": 1}, host)
    phone.locator("[data-choose]:visible").first.wait_for()
    shot(phone, "host-hero-phone-360")
    assert "Teacher" in phone.locator("main").inner_text()
    assert host not in phone.content() and not errors
