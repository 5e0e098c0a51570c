"""Arabic reads right to left (issue 24.4): the join page, the phone's sheet, the projector
and solo are ``dir="rtl"``; what the layout orders (the page's head, the dice, the
locations, a table's columns, a card's Honor badge) is mirrored; the dice keep their
numbers in the order rolled; and the arrow on a place the hero may move to points the way
an Arabic reader reads (left)."""

from __future__ import annotations

import json

import pytest
from browser_support import (  # noqa: F401
    PHONE,
    PROJECTOR,
    api_post,
    browser,
    choose_superpower,
    server,
    shot,
    spend_round,
    wait_idle,
    watch_errors,
)

from dicehero import i18n

pytestmark = pytest.mark.browser

# The x of the middle of each element a selector finds, in the page's order.
CENTRES = """(sel) => [...document.querySelectorAll(sel)].filter((e) => e.getClientRects().length)
  .map((e) => { const r = e.getBoundingClientRect(); return r.left + r.width / 2; })"""
# A place the hero may move to: the transform of its arrow (drawn before its name).
ARROW = """() => getComputedStyle(document.querySelector('.move.legal'), '::before').transform"""
MIRRORED = "matrix(-1, 0, 0, 1, 0, 0)"
# Whether an element is wholly in the window and on top there (nothing drawn over its middle).
IN_VIEW = """(sel) => { const e = document.querySelector(sel), r = e.getBoundingClientRect();
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth
    && (top === e || e.contains(top)); }"""


def _arabic(browser, server, viewport: dict, init: str = ""):  # noqa: F811
    ctx = browser.new_context(viewport=viewport)
    ctx.add_cookies([{"name": i18n.COOKIE, "value": "ar", "url": server}])
    if init:
        ctx.add_init_script(init)
    page = ctx.new_page()
    return page, watch_errors(page)


def right_to_left(page, sel: str) -> bool:
    """Whether the elements ``sel`` finds stand right to left in the page's order."""
    xs = page.evaluate(CENTRES, sel)
    return len(xs) > 1 and xs == sorted(xs, reverse=True)


def test_the_arabic_join_page_and_sheet_read_right_to_left(browser, server):  # noqa: F811
    game = api_post(server, "/api/games", {})
    code, host = game["code"], game["host_secret"]
    phone, errors = _arabic(browser, server, PHONE)
    phone.goto(f"{server}/play/{code}")
    assert phone.get_attribute("html", "dir") == "rtl"
    assert right_to_left(phone, "#play > .hero-head > :is(h1, .langlink)")  # title, then picker
    shot(phone, "rtl-ar-join-360")
    phone.fill("#hero-name", "أمل")
    phone.click("#join-form button[type=submit]")
    phone.wait_for_selector("#game:not([hidden])")
    api_post(server, f"/api/games/{code}/offer", {}, host)
    phone.wait_for_selector("#choose:not([hidden])")
    choose_superpower(phone)
    api_post(server, f"/api/games/{code}/rolls", {"dice": [6, 1, 2, 3]}, host)
    phone.wait_for_selector(".die:not(:disabled)")
    assert right_to_left(phone, ".tray .die:not([hidden])")
    assert phone.locator(".tray .die:not([hidden]) .pips").all_inner_texts() == ["6", "1", "2", "3"]
    assert right_to_left(phone, "#loc-1, #loc-2")  # the first location on the right
    card = phone.locator("#loc-1").bounding_box()
    badge = phone.locator("#loc-1 .lhonor").bounding_box()
    assert badge["x"] < card["x"] + card["width"] / 2  # its Honor at the end of its head: left

    phone.locator(".die").nth(1).click()  # the 1: City Hall takes it, and a move to 1
    phone.wait_for_selector(".move.legal")
    assert phone.evaluate(ARROW) == MIRRORED
    shot(phone, "rtl-ar-sheet-360")
    phone.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    for pinned in (".tray", "#b-done"):  # the dice bar and Done stay in view, not overlapped
        assert phone.evaluate(IN_VIEW, pinned), pinned
    shot(phone, "rtl-ar-sheet-scrolled-360")
    assert errors == []


def test_an_english_arrow_points_right(browser, server):  # noqa: F811
    game = api_post(server, "/api/games", {})
    ctx = browser.new_context(viewport=PHONE, locale="en-US")
    phone = ctx.new_page()
    phone.goto(f"{server}/play/{game['code']}")
    phone.fill("#hero-name", "Ada")
    phone.click("#join-form button[type=submit]")
    phone.wait_for_selector("#game:not([hidden])")
    api_post(server, f"/api/games/{game['code']}/offer", {}, game["host_secret"])
    phone.wait_for_selector("#choose:not([hidden])")
    choose_superpower(phone)
    api_post(server, f"/api/games/{game['code']}/rolls", {"dice": [6, 1, 2, 3]},
             game["host_secret"])
    phone.wait_for_selector(".die:not(:disabled)")
    assert not right_to_left(phone, ".tray .die:not([hidden])")
    phone.locator(".die").nth(1).click()
    phone.wait_for_selector(".move.legal")
    assert phone.evaluate(ARROW) == "none"


def test_the_arabic_projector_reads_right_to_left(browser, server):  # noqa: F811
    game = api_post(server, "/api/games", {"rounds": 1})
    code, host = game["code"], game["host_secret"]
    for name in ("أمل", "Ada"):
        api_post(server, f"/api/games/{code}/players", {"name": name})
    projector, errors = _arabic(
        browser, server, PROJECTOR, f"localStorage.setItem('dh.host.{code}', {json.dumps(host)})")
    projector.goto(f"{server}/host/{code}")
    projector.wait_for_function("document.getElementById('count').textContent === '2'")
    assert projector.get_attribute("html", "dir") == "rtl"
    shot(projector, "rtl-ar-projector-lobby-1920")
    api_post(server, f"/api/games/{code}/rolls", {"dice": [6, 1, 2, 3]}, host)
    api_post(server, f"/api/games/{code}/finish", {"go_on": True}, host)
    projector.wait_for_selector("#results:not([hidden]) #podium li")
    assert right_to_left(projector, ".board thead th")  # the rank column on the right
    shot(projector, "rtl-ar-projector-podium-1920")
    assert errors == []


def test_arabic_solo_reads_right_to_left(browser, server):  # noqa: F811
    solo, errors = _arabic(browser, server, PHONE)
    solo.goto(f"{server}/solo")
    assert solo.get_attribute("html", "dir") == "rtl"
    solo.click("#b-random")
    solo.wait_for_selector("#game:not([hidden])")
    if solo.locator("#choose:not([hidden])").count():
        choose_superpower(solo)
    solo.wait_for_selector(".die:not(:disabled)")
    wait_idle(solo)
    assert right_to_left(solo, ".tray .die:not([hidden])")
    assert right_to_left(solo, "#loc-1, #loc-2")
    shot(solo, "rtl-ar-solo-360")
    assert errors == []
