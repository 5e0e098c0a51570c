"""Co-hosts on the host page, in real Chromium (issue 28.4): the host gives the co-host link
from Host tools only (never on the projected view); the co-host's page moderates the list
and shows no dice, timer or end controls."""

from __future__ import annotations

import pytest
from browser_support import (  # noqa: F401
    LAPTOP,
    PROJECTOR,
    api_post,
    browser,
    cancel_ask,
    open_projector,
    server,
    shot,
    watch_errors,
)

pytestmark = pytest.mark.browser

HEROES = ("Ann", "Bob", "Cleo")


def _lobby(server: str) -> tuple[str, str]:  # noqa: F811
    game = api_post(server, "/api/games", {"rounds": 3})
    for name in HEROES:
        api_post(server, f"/api/games/{game['code']}/players", {"name": name})
    return game["code"], game["host_secret"]


def test_the_cohost_link_is_never_on_the_projected_view(browser, server):  # noqa: F811
    code, host = _lobby(server)
    page = open_projector(browser, server, code, host, len(HEROES), tools=False)
    assert not page.locator("#b-cohost").is_visible()
    page.click("#b-tools")
    page.click("#b-cohost")
    page.wait_for_selector("#ask[open]")
    assert f"/host/{code}#cohost=" in page.inner_text("#ask-text")
    shot(page, "cohost-link-host-tools")
    cancel_ask(page)
    assert "#cohost=" not in page.inner_text("body")


def test_a_cohost_page_moderates_and_has_no_dice_controls(browser, server):  # noqa: F811
    code, host = _lobby(server)
    link = api_post(server, f"/api/games/{code}/cohost", {}, host)["path"]
    page = browser.new_context(viewport=LAPTOP).new_page()
    errors = watch_errors(page)
    page.goto(server + link)
    page.wait_for_function(f"document.getElementById('count').textContent === '{len(HEROES)}'")
    page.wait_for_selector("#host.cohost")
    assert "#cohost" not in page.url  # taken out of the address bar
    for control in ("#b-roll", "#b-finish", "#typed", ".timerrow", "#b-cohost", "#stream",
                    "#print"):
        assert not page.locator(control).is_visible(), control
    shot(page, "cohost-page-laptop")
    page.click("button[aria-label='Remove Bob']")
    page.click("#ask-ok")
    page.wait_for_function(f"document.getElementById('count').textContent === '{len(HEROES) - 1}'")
    page.click("#b-lock")
    page.wait_for_selector("#b-lock[aria-pressed='true']")
    assert not errors
