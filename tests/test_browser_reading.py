"""Reading the phone: no text under 14 px, and the keyboard's place always visible."""

from __future__ import annotations

import pytest
from browser_support import (  # noqa: F401
    PHONE,
    browser,
    choose_superpower,
    server,
    shot,
    wait_idle,
)

pytestmark = pytest.mark.browser

# Every element with text of its own, shown on screen, and its computed font size.
SMALL_TEXT = """() => {
  const small = [];
  for (const el of document.querySelectorAll("body *")) {
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own) continue;
    const r = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    if (r.width < 2 || r.height < 2 || style.visibility === "hidden") continue;
    if (el.closest("[hidden], .visually-hidden")) continue;
    const px = parseFloat(style.fontSize);
    if (px < 14) small.push(el.className + " '" + el.textContent.trim().slice(0, 20) + "' " + px);
  }
  return small;
}"""


def _phone_in_round_one(browser, server):  # noqa: F811
    host = browser.new_context().new_page()
    host.goto(server + "/host")
    host.click("text=Create the game")
    host.wait_for_url("**/host/*")
    code = host.url.rsplit("/", 1)[1]
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(f"{server}/play/{code}")
    page.fill("#hero-name", "Reader")
    page.click("text=Join the game")
    page.wait_for_selector("#game:not([hidden])")
    host.click("#b-offer")
    page.wait_for_selector("#choose:not([hidden])")
    choose_superpower(page)
    host.click("#b-roll")
    page.wait_for_function("!document.querySelector('.die:disabled:not([hidden])')")
    wait_idle(page)
    return page, code


def test_no_text_on_the_phone_sheet_is_under_14px(browser, server):  # noqa: F811
    page, _ = _phone_in_round_one(browser, server)
    page.locator(".die").first.click()  # a die chosen: its note and the lit places show too
    page.wait_for_selector(".legal")
    assert page.evaluate(SMALL_TEXT) == []
    shot(page, "phone-reading-360", full_page=True)


def test_no_text_on_the_paper_marks_page_is_under_14px(browser, server):  # noqa: F811
    _, code = _phone_in_round_one(browser, server)
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(f"{server}/paper/{code}/marks")
    page.wait_for_selector("#no-hero:visible")
    assert page.evaluate(SMALL_TEXT) == []


def test_a_lit_place_keeps_a_visible_focus_ring(browser, server):  # noqa: F811
    page, _ = _phone_in_round_one(browser, server)
    page.locator(".die").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(".legal")
    lit = page.locator(".legal").first
    lit.focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")  # reached by the keyboard: :focus-visible applies
    ring = lit.evaluate("el => { const s = getComputedStyle(el);"
                        " return [s.outlineStyle, s.outlineColor, s.boxShadow]; }")
    assert ring[0] == "solid"  # not the dashed frame every lit place has
    assert ring[2] != "none"
    shot(page, "phone-focus-ring-360")


def test_after_joining_and_after_choosing_the_keyboard_is_on_the_dice(browser, server):  # noqa: F811
    host = browser.new_context().new_page()
    host.goto(server + "/host")
    host.click("text=Create the game")
    host.wait_for_url("**/host/*")
    code = host.url.rsplit("/", 1)[1]
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(f"{server}/play/{code}")
    page.fill("#hero-name", "Keys")
    page.press("#hero-name", "Enter")
    page.wait_for_function("document.activeElement.classList.contains('tray')")
    host.click("#b-offer")
    page.wait_for_selector("[data-choose]:visible")
    host.click("#b-roll")
    page.wait_for_function("document.getElementById('s-round').textContent.startsWith('Round 1')")
    page.locator("[data-choose]:visible").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("document.activeElement.classList.contains('die')")


def test_the_tab_order_follows_the_visual_order(browser, server):  # noqa: F811
    page, _ = _phone_in_round_one(browser, server)
    order = page.evaluate("""() => {
      const all = [...document.querySelectorAll('#sheet button:not(:disabled):not([hidden])')]
        .filter((b) => b.getBoundingClientRect().height > 0);
      if (all.some((b) => b.tabIndex > 0)) return "a positive tabindex";
      return all.map((b) => { const r = b.getBoundingClientRect(); const loc = b.closest('.loc');
        const kind = b.classList.contains('box') ? 'box' : b.classList.contains('minion')
          ? 'minion' : loc ? 'move' : 'hud';
        return { top: Math.round(r.top), left: Math.round(r.left), loc: loc ? loc.id : '',
                 kind, up: !!b.closest('.up .track') }; });
    }""")
    assert order != "a positive tabindex"

    def reading(items, up=False):  # top to bottom, left to right (a climbing track: upwards)
        return sorted(items, key=lambda b: ((-b["top"] if up else b["top"]) // 20, b["left"]))

    hud = [b for b in order if b["kind"] == "hud"]  # the dice and controls, above the sheet
    assert hud == reading(hud)
    for loc in dict.fromkeys(b["loc"] for b in order if b["loc"]):
        inside = [b for b in order if b["loc"] == loc]
        kinds = [b["kind"] for b in inside]
        # the location's name (to move there), then its boxes as they are filled, then minions
        assert kinds == sorted(kinds, key=["move", "box", "minion"].index), loc
        boxes = [b for b in inside if b["kind"] == "box"]
        assert boxes == reading(boxes, up=bool(boxes) and boxes[0]["up"]), loc
        minions = [b for b in inside if b["kind"] == "minion"]
        assert minions == reading(minions), loc
