"""The sheet on a 360x740 phone (and a 320 px one): the dice and Done always in view, never off
the side of the screen, and the places a die may go brought into view when it is tapped."""

from __future__ import annotations

import pytest
from browser_support import PHONE, browser, choose_superpower, server, shot, wait_idle  # noqa: F401

pytestmark = pytest.mark.browser

# The lit places of the sheet (not Skip, not the superpower) fully visible below the pinned bar.
VISIBLE_PLACES = """() => {
  const top = document.querySelector('.hud').getBoundingClientRect().bottom;
  return [...document.querySelectorAll('.locs .legal')].filter((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= top - 1 && r.bottom <= window.innerHeight + 1 && r.height > 0;
  }).map((el) => el.className);
}"""
# Whole inside the window: not above or below it, and not off its left or right edge.
IN_VIEW = """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
  const w = document.documentElement.clientWidth;
  return r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= w; }"""
# The page does not scroll sideways: nothing is wider than the phone.
NO_SIDEWAYS = """() => document.documentElement.scrollWidth
  <= document.documentElement.clientWidth"""
SMALLEST = {"width": 320, "height": 640}  # the narrowest phones still in classrooms


def _game(browser, server, viewport=PHONE, choose=True, scale=1):  # noqa: F811
    host = browser.new_context().new_page()
    host.goto(server + "/host")
    host.click("text=Create the game")
    host.wait_for_url("**/host/*")
    code = host.url.rsplit("/", 1)[1]
    page = browser.new_context(viewport=viewport, device_scale_factor=scale).new_page()
    page.goto(f"{server}/play/{code}")
    page.fill("#hero-name", "Small Phone")
    page.click("text=Join the game")
    page.wait_for_selector("#game:not([hidden])")
    host.click("#b-offer")
    page.wait_for_selector("#choose:not([hidden])")
    if choose:
        choose_superpower(page)
    return host, page


def _five_a_row(page, box: str) -> None:
    """The 10 boxes of ``box`` (a selector with {k} for box 1..10) sit 5 a row, on screen."""
    boxes = [page.locator(box.format(k=k)).bounding_box() for k in range(1, 11)]
    tops = [round(b["y"]) for b in boxes]
    assert len(set(tops[:5])) == 1 and len(set(tops[5:])) == 1 and tops[5] > tops[0], tops
    assert max(b["x"] + b["width"] for b in boxes) <= PHONE["width"]


def test_powerplant_and_warehouse_wrap_five_boxes_a_row_on_the_phone_sheet(
        browser, server):  # noqa: F811
    _, page = _game(browser, server)
    for n in (4, 5):  # Powerplant and Warehouse: 10 boxes each
        _five_a_row(page, f".tbox[data-loc='{n}']:nth-child({{k}})")


def _controls_in_view(page, where: str) -> None:
    """The dice, the superpower, Undo and Done inside the window, at the top and the bottom
    of the page, and the page never wider than the phone."""
    for y in ("0", "document.body.scrollHeight"):
        page.evaluate(f"window.scrollTo(0, {y})")
        assert page.evaluate(NO_SIDEWAYS), f"{where}: the page scrolls sideways"
        for sel in ("#b-done", ".tray", "#b-undo", "#b-power", "#b-skip"):
            assert page.evaluate(IN_VIEW, sel), f"{where}: {sel} is not in view (y={y})"
    # and each control's word inside its button, not spilling over the next one
    spill = page.eval_on_selector_all(".controls .ctl", """bs => bs.filter(
        (b) => b.scrollWidth > b.clientWidth + 1).map((b) => b.id)""")
    assert spill == [], f"{where}: words wider than their buttons"


def _spend_on_a_visible_place(page) -> None:
    for kind in (".box.legal", ".move.legal", ".minion.legal"):
        target = page.locator(f".locs {kind}")
        for i in range(target.count()):
            if page.evaluate(IN_VIEW_EL, target.nth(i).element_handle()):
                target.nth(i).click()
                if page.locator("#picker:visible").count():
                    page.locator("#picker .picks button").first.click()
                wait_idle(page)
                return
    raise AssertionError("no lit place in view")


IN_VIEW_EL = """(el) => { const r = el.getBoundingClientRect();
  const top = document.querySelector('.hud').getBoundingClientRect().bottom;
  return r.top >= top - 1 && r.bottom <= window.innerHeight + 1; }"""


def test_every_tapped_die_shows_a_place_it_may_go_without_scrolling(browser, server):  # noqa: F811
    host, page = _game(browser, server)
    checked = 0
    for n in range(1, 5):
        if n > 1:  # the host sees the hero done before rolling on
            host.wait_for_function("document.getElementById('done-n').textContent === '1'")
        host.click("#b-roll")
        page.wait_for_function(
            f"document.getElementById('s-round').textContent.startsWith('Round {n} ')"
            " && !document.querySelector('.die:disabled:not([hidden])')")
        wait_idle(page)
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # wherever they were
        for _ in range(4):
            dice = page.locator(".die:not(.used):not([hidden]):not(:disabled)")
            if not dice.count():
                break
            dice.first.click()
            wait_idle(page)
            if not page.locator(".locs .legal").count():  # only Skip: nothing to show
                page.click("#b-skip")
                wait_idle(page)
                continue
            assert page.evaluate(VISIBLE_PLACES), f"round {n}: no lit place in view"
            checked += 1
            if checked == 1:
                shot(page, "phone-fit-die-tapped-360")
            _spend_on_a_visible_place(page)
        page.click("#b-done")
        wait_idle(page)
        if page.locator("#b-done:not(:disabled)").count() and "unused" in page.inner_text("#msg"):
            page.click("#b-done")
            wait_idle(page)
    assert checked >= 8


def test_done_and_the_dice_stay_in_view_at_the_top_and_the_bottom(browser, server):  # noqa: F811
    host, page = _game(browser, server)
    host.click("#b-roll")
    page.wait_for_function("!document.querySelector('.die:disabled:not([hidden])')")
    _controls_in_view(page, "360: round 1")
    shot(page, "phone-fit-bottom-360")


@pytest.mark.parametrize("viewport", [PHONE, SMALLEST], ids=["360", "320"])
def test_done_stays_on_screen_before_a_superpower_is_chosen(browser, server, viewport):  # noqa: F811
    width = viewport["width"]
    host, page = _game(browser, server, viewport, choose=False)
    wait_idle(page)
    assert page.inner_text("#s-power") == "No superpower yet"
    _controls_in_view(page, f"{width}: the choice offered")
    shot(page, f"phone-fit-choose-{width}")
    host.click("#b-roll")  # a hero who has not picked yet: round 1 is on, the choice still open
    page.wait_for_function("!document.querySelector('.die:disabled:not([hidden])')")
    wait_idle(page)
    assert page.inner_text("#s-power") == "No superpower yet"
    _controls_in_view(page, f"{width}: round 1 without a superpower")
    choose_superpower(page)
    _controls_in_view(page, f"{width}: round 1 with {page.inner_text('#s-power')}")
    shot(page, f"phone-fit-chosen-{width}")


def test_no_superpower_name_pushes_done_off_the_narrowest_phone(browser, server):  # noqa: F811
    _, page = _game(browser, server, SMALLEST, choose=False)
    for sp in page.eval_on_selector_all("[data-choose] b", "bs => bs.map((b) => b.textContent)"):
        name = sp.split(" · ", 1)[1]  # each superpower of the edition, with its uses left
        page.evaluate("(t) => { document.getElementById('s-power').textContent = t; }",
                      f"{name} · 3 left")
        _controls_in_view(page, f"320: {name}")


def test_skip_is_never_the_prominent_choice(browser, server):  # noqa: F811
    host, page = _game(browser, server)
    host.click("#b-roll")
    page.wait_for_function("!document.querySelector('.die:disabled:not([hidden])')")
    page.locator(".die").first.click()
    page.wait_for_selector("#b-skip.legal")
    skip = page.evaluate("getComputedStyle(document.getElementById('b-skip')).backgroundColor")
    assert skip == "rgb(255, 255, 255)"  # lit places are yellow; Skip stays white


# What sticks out of a location's or a superpower's frame: a name or a box over or past its
# border, or words wider than their own box.
OUT_OF_THEIR_FRAME = """() => [...document.querySelectorAll('.loc, .choice')].flatMap((loc) => {
  const edge = loc.getBoundingClientRect().left + loc.clientLeft + loc.clientWidth;
  return [...loc.querySelectorAll(':not(.visually-hidden)')].filter((e) =>
    e.getBoundingClientRect().right > edge + .5
    || e.clientWidth && e.scrollWidth > e.clientWidth + 1)
    .map((e) => `${loc.id || loc.textContent} ${e.tagName}.${e.className}`); })"""
ZOOMED = {"width": 180, "height": 370}  # a 360x740 phone at 200% zoom, in CSS pixels


@pytest.mark.parametrize("lang", ["en", "es", "nl"])
def test_at_200_percent_zoom_every_wild_die_is_on_screen(browser, server, lang):  # noqa: F811
    """The seven Wild dice share one row, none off the right edge, in the pinned bar with Done
    when the sheet scrolls under it; nothing of the sheet or the superpowers offered is wider
    than the page or its frame (Spanish and Dutch have the longest names)."""
    host, page = _game(browser, server, ZOOMED, choose=False, scale=2)
    if lang != "en":
        page.context.add_cookies([{"name": "lang", "value": lang, "url": server}])
        page.reload()
        page.wait_for_selector("#game:not([hidden])")
    host.click("#b-roll")
    page.wait_for_function("!document.querySelector('.die:disabled:not([hidden])')"
                           " && document.getElementById('s-css')?.sheet")
    wait_idle(page)
    page.evaluate("window.scrollTo(0, document.getElementById('sheet').offsetTop + 200)")
    # every superpower of the edition offered at once, as some table rolls the longest
    page.eval_on_selector_all("[data-choose]", "bs => bs.forEach((b) => { b.hidden = false; })")
    assert page.evaluate(NO_SIDEWAYS)
    assert page.evaluate(OUT_OF_THEIR_FRAME) == []
    wilds = page.locator(".wild")
    assert wilds.count() == 7
    for i in range(7):
        assert page.evaluate(IN_VIEW, f".wild[data-wild='{i}']"), f"Wild die {i + 1} is cut"
        assert wilds.nth(i).bounding_box()["width"] >= 22
    for sel in ("#b-done", ".tray"):
        assert page.evaluate(IN_VIEW, sel), sel
    shot(page, f"phone-fit-wild-dice-200pc-{lang}")
    shot(page, f"phone-fit-sheet-200pc-{lang}", full_page=True)


def test_at_200_percent_zoom_solo_keeps_every_wild_die_on_screen(browser, server):  # noqa: F811
    page = browser.new_context(viewport=ZOOMED, device_scale_factor=2).new_page()
    page.goto(server + "/solo")
    page.click("#b-daily")
    page.wait_for_selector("#choose:visible")
    assert page.evaluate(NO_SIDEWAYS)
    assert page.evaluate(OUT_OF_THEIR_FRAME) == []
    for i in range(7):
        assert page.evaluate(IN_VIEW, f".wild[data-wild='{i}']"), f"Wild die {i + 1} is cut"
    shot(page, "solo-wild-dice-200pc")
