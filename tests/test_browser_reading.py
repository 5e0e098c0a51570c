"""Reading the phone: no text under 14 px, and the keyboard's place always visible."""

from __future__ import annotations

import pytest
from browser_support import (  # noqa: F401
    PHONE,
    api_post,
    browser,
    choose_superpower,
    server,
    shot,
    solo_at_the_last_round,
    wait_idle,
)

pytestmark = pytest.mark.browser
WIDE = {"width": 1024, "height": 900}  # a tablet or a laptop: the sheet in three columns

# Every piece of text shown on screen under 14 px: an element's own text, and the text its
# ::before and ::after generate (a quoted string or attr(...)), with its computed font size.
SMALL_TEXT = """() => {
  const small = [];
  const say = (el, what, text, px) => small.push(el.tagName.toLowerCase()
    + (el.getAttribute("class") ? "." + el.getAttribute("class").split(" ").join(".") : "") + what
    + " '" + text.trim().slice(0, 20) + "' " + px);
  for (const el of document.querySelectorAll("body *")) {
    const r = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    if (r.width < 2 || r.height < 2 || style.visibility === "hidden") continue;
    if (el.closest("[hidden], .visually-hidden")) continue;
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    const px = parseFloat(style.fontSize);
    if (own && px < 14) say(el, "", el.textContent, px);
    for (const pseudo of ["::before", "::after"]) {
      const ps = getComputedStyle(el, pseudo);
      if (["none", "normal", ""].includes(ps.content) || ps.display === "none") continue;
      const attr = /^attr\\(([-\\w]+)\\)$/.exec(ps.content);
      const text = attr ? el.getAttribute(attr[1]) || "" : ps.content.replace(/^"|"$/g, "");
      const size = parseFloat(ps.fontSize);
      if (text.trim() && size < 14) say(el, pseudo, text, size);
    }
  }
  return small;
}"""


def _no_small_text(page, where: str) -> None:
    assert page.evaluate(SMALL_TEXT) == [], where


def _phone_in_round_one(browser, server, viewport=PHONE):  # noqa: F811
    host = browser.new_context().new_page()
    host.goto(server + "/host")
    host.click("text=Create the game")
    host.wait_for_url("**/host/*")
    code = host.url.rsplit("/", 1)[1]
    page = browser.new_context(viewport=viewport).new_page()
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
    page.wait_for_selector(".locs .legal")
    _no_small_text(page, "round 1, a die chosen")
    shot(page, "phone-reading-360", full_page=True)


def test_the_scan_reads_generated_text_too(browser, server):  # noqa: F811
    page = browser.new_context(viewport=PHONE).new_page()
    page.set_content("""<style>p::after { content: " tiny"; font-size: 10px; }
      b::before { content: attr(data-was); font-size: 9px; }</style>
      <p>ok</p><b data-was="4">5</b>""")
    assert page.evaluate(SMALL_TEXT) == ["p::after 'tiny' 10", "b::before '4' 9"]


def _new_game(server, **options):  # noqa: F811
    game = api_post(server, "/api/games", options)
    return game["code"], game["host_secret"]


def _join(browser, server, code, name):  # noqa: F811
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(f"{server}/play/{code}")
    page.fill("#hero-name", name)
    page.click("text=Join the game")
    page.wait_for_selector("#game:not([hidden])")
    wait_idle(page)
    return page


def test_no_text_on_the_join_page_is_under_14px(browser, server):  # noqa: F811
    code, host = _new_game(server, rounds=1)
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(f"{server}/play/{code}")
    page.wait_for_selector("#join:not([hidden])")
    _no_small_text(page, "the join form")
    api_post(server, f"/api/games/{code}/players", {"name": "Ann"})
    api_post(server, f"/api/games/{code}/rolls", {}, host)
    api_post(server, f"/api/games/{code}/finish", {"go_on": True}, host)
    page.reload()  # a finished game: the page says so instead of asking for a name
    page.wait_for_selector("#ended:not([hidden])")
    _no_small_text(page, "a finished game's join page")


def test_no_text_is_under_14px_while_the_superpower_is_chosen(browser, server):  # noqa: F811
    code, host = _new_game(server)
    page = _join(browser, server, code, "Chooser")
    api_post(server, f"/api/games/{code}/offer", {}, host)
    page.wait_for_selector("#choose:not([hidden])")
    wait_idle(page)
    _no_small_text(page, "the superpower choice")
    shot(page, "phone-reading-choose-360", full_page=True)
    api_post(server, f"/api/games/{code}/rolls", {}, host)  # round 1, still to choose
    page.wait_for_function("document.getElementById('s-round').textContent.startsWith('Round 1')")
    wait_idle(page)
    _no_small_text(page, "round 1 before the choice")


def test_no_text_is_under_14px_for_a_late_joiner_with_typed_dice(browser, server):  # noqa: F811
    code, host = _new_game(server)
    api_post(server, f"/api/games/{code}/players", {"name": "Early"})
    api_post(server, f"/api/games/{code}/rolls", {"dice": [6, 5, 4, 3]}, host)  # typed in
    api_post(server, f"/api/games/{code}/rolls", {"dice": [1, 2, 3, 4], "number": 2,
                                                   "go_on": True}, host)
    page = _join(browser, server, code, "Late")
    page.wait_for_selector("#rolls:not([hidden]) li.typed")
    assert "typed by the host" in page.inner_text("#rolls")
    assert "before you joined" in page.inner_text("#rolls")
    assert page.is_visible("#missed")
    _no_small_text(page, "a late joiner, typed dice in the strip")
    shot(page, "phone-reading-late-typed-360", full_page=True)


def test_no_text_on_the_phones_final_screen_is_under_14px(browser, server):  # noqa: F811
    code, host = _new_game(server, rounds=1)
    page = _join(browser, server, code, "Finisher")
    api_post(server, f"/api/games/{code}/offer", {}, host)
    page.wait_for_selector("#choose:not([hidden])")
    choose_superpower(page)
    api_post(server, f"/api/games/{code}/rolls", {"dice": [2, 2, 5, 5]}, host)  # typed in
    page.wait_for_function("!document.querySelector('.die:disabled:not([hidden])')")
    wait_idle(page)
    page.click("#b-done")
    page.click("#b-done")  # the second tap leaves the dice unused
    page.wait_for_selector("#final:not([hidden])")
    page.wait_for_function("document.getElementById('f-place').textContent.includes('#1')")
    assert page.is_visible("#f-typed")
    _no_small_text(page, "the phone's final screen")
    shot(page, "phone-reading-final-360", full_page=True)


def test_no_text_in_solo_is_under_14px(browser, server):  # noqa: F811
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(server + "/solo")
    _no_small_text(page, "solo's start")
    page.click("#b-random")
    page.wait_for_selector("#choose:visible")
    _no_small_text(page, "solo's superpower choice")
    choose_superpower(page)
    page.locator(".die").first.click()
    page.wait_for_selector(".locs .legal")
    _no_small_text(page, "solo's sheet, a die chosen")
    solo_at_the_last_round(page)
    page.click("#b-done")
    page.click("#b-done")  # the second tap leaves the dice unused
    page.wait_for_selector("#final:visible")
    _no_small_text(page, "solo's final screen")
    shot(page, "solo-reading-final-360", full_page=True)


def test_no_text_on_the_paper_marks_page_is_under_14px(browser, server):  # noqa: F811
    _, code = _phone_in_round_one(browser, server)
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(f"{server}/paper/{code}/marks")
    page.wait_for_selector("#no-hero:visible")
    _no_small_text(page, "the paper marks page")


NAVY = (11, 42, 102)  # --navy: the focus ring's colour


def test_a_lit_place_keeps_a_visible_focus_ring(browser, server):  # noqa: F811
    code, host = _new_game(server)
    page = _join(browser, server, code, "Keys")
    api_post(server, f"/api/games/{code}/offer", {}, host)
    page.wait_for_selector("#choose:not([hidden])")
    choose_superpower(page)
    api_post(server, f"/api/games/{code}/rolls", {"dice": [1, 1, 1, 1]}, host)
    page.wait_for_function("!document.querySelector('.die:disabled:not([hidden])')")
    wait_idle(page)
    page.locator(".die").first.click()  # a 1 takes the hero to City Hall
    page.click('[data-move="1"].legal')
    wait_idle(page)
    # From here on the keyboard only: the next die, Enter, then Tab to a lit box on the sheet.
    page.locator(".die").nth(1).focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(".locs .box.legal")
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('.locs .legal')"):
            break
    lit = page.locator(":focus").element_handle()
    assert lit.evaluate("el => el.matches('.locs .box.legal')")  # a place on the sheet
    ring = lit.evaluate("""el => { const s = getComputedStyle(el);
        return [s.outlineStyle, s.outlineColor, parseFloat(s.outlineWidth), s.boxShadow]; }""")
    assert ring[0] == "solid" and ring[1] == "rgb(11, 42, 102)"  # not the dashed frame
    assert ring[2] >= 3 and ring[3] != "none"
    # Not under the pinned bar, and not cut off at the bottom: the whole ring is on screen,
    # also when the keyboard comes back up to it from further down the sheet.
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")
    assert lit.evaluate("el => el === document.activeElement")
    box = lit.bounding_box()
    hud = page.locator(".hud").bounding_box()
    assert box["y"] - 8 >= hud["y"] + hud["height"] and box["y"] + box["height"] + 8 <= 740
    shot(page, "phone-focus-ring-360")
    # What the screen shows: the navy ring all round the lit box, outside its dashed frame.
    from io import BytesIO

    from PIL import Image

    pad = 8
    png = page.screenshot(clip={"x": box["x"] - pad, "y": box["y"] - pad,
                                "width": box["width"] + 2 * pad,
                                "height": box["height"] + 2 * pad})
    img = Image.open(BytesIO(png)).convert("RGB")
    w, h = img.size
    for name, strip in (("top", (0, 0, w, pad)), ("bottom", (0, h - pad, w, h)),
                        ("left", (0, 0, pad, h)), ("right", (w - pad, 0, w, h))):
        colours = img.crop(strip).getcolors(1 << 16)
        navy = sum(n for n, c in colours
                   if all(abs(a - b) < 40 for a, b in zip(c, NAVY, strict=True)))
        assert navy >= sum(n for n, _ in colours) // 5, f"the ring is not seen on the {name}"


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


# Every button of the sheet a Tab can reach, numbered, with where it sits at the top of the
# page: the dice, the controls, the locations' names and the lit boxes (the arrows reach the
# rest, test_browser_keys.py).
TAB_STOPS = """() => {
  window.scrollTo(0, 0);
  const all = [...document.querySelectorAll('#sheet button:not(:disabled):not([hidden])')]
    .filter((b) => b.getBoundingClientRect().height > 0 && b.tabIndex >= 0);
  if (all.some((b) => b.tabIndex > 0)) return "a positive tabindex";
  return all.map((b, k) => { b.dataset.k = k; const r = b.getBoundingClientRect();
    const loc = b.closest('.loc');
    const kind = b.classList.contains('box') ? 'box' : b.classList.contains('minion')
      ? 'minion' : loc ? 'move' : 'hud';
    return { k, top: Math.round(r.top), left: Math.round(r.left), loc: loc ? loc.id : '',
             kind, up: !!b.closest('.up .track') }; });
}"""
# The locations as the eye meets them: top to bottom, then left to right.
LOCATIONS_READ = """() => { window.scrollTo(0, 0);
  return [...document.querySelectorAll('.locs .loc')].map((l) => {
    const r = l.getBoundingClientRect(); return [Math.round(r.top), Math.round(r.left), l.id]; })
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]).map((x) => x[2]); }"""


def _reading(items, up=False):
    """Top to bottom, left to right (a climbing track: bottom to top); a row is the items
    whose tops are within 20 px of its first."""
    rows: list[list[dict]] = []
    for b in sorted(items, key=lambda b: -b["top"] if up else b["top"]):
        if rows and abs(b["top"] - rows[-1][0]["top"]) < 20:
            rows[-1].append(b)
        else:
            rows.append([b])
    return [b for row in rows for b in sorted(row, key=lambda b: b["left"])]


def _tab_through_the_sheet(page, count: int) -> list[int]:
    """The numbers of the buttons the keyboard lands on, Tab after Tab from the dice to the
    end of the sheet."""
    page.evaluate("document.querySelector('.tray').focus()")
    seen: list[int] = []
    for _ in range(count + 10):
        page.keyboard.press("Tab")
        k = page.evaluate("() => { const el = document.activeElement;"
                          " return el && el.closest('#sheet') && el.dataset.k !== undefined"
                          " ? +el.dataset.k : null; }")
        if k is None:
            break
        seen.append(k)
    return seen


@pytest.mark.parametrize("viewport", [PHONE, WIDE], ids=["360", "wide"])
def test_the_tab_order_follows_the_visual_order(browser, server, viewport):  # noqa: F811
    page, _ = _phone_in_round_one(browser, server, viewport)
    page.locator(".die").first.click()  # to a location, then a die that lights its boxes
    page.locator(".move.legal").first.click()
    wait_idle(page)
    for die in page.locator(".die:not(.used)").all():
        die.click()
        if page.locator(".box.legal").count():
            break
    stops = page.evaluate(TAB_STOPS)
    assert any(b["kind"] in ("box", "minion") for b in stops)  # a Robot Minion takes any die
    assert stops != "a positive tabindex"
    order = [stops[k] for k in _tab_through_the_sheet(page, len(stops))]
    assert sorted(b["k"] for b in order) == [b["k"] for b in stops]  # each once, none skipped

    hud = [b for b in order if b["kind"] == "hud"]  # the dice and controls, above the sheet
    assert order[:len(hud)] == hud and hud == _reading(hud)
    # Across the sheet: the locations one after another, in the order the eye reads them.
    visited = list(dict.fromkeys(b["loc"] for b in order if b["loc"]))
    assert visited == page.evaluate(LOCATIONS_READ)
    assert [b["loc"] for b in order if b["loc"]] == sorted(
        (b["loc"] for b in order if b["loc"]), key=visited.index)  # each location in one go
    for loc in visited:
        inside = [b for b in order if b["loc"] == loc]
        kinds = [b["kind"] for b in inside]
        # the location's name (to move there), then its boxes as they are filled, then minions
        assert kinds == sorted(kinds, key=["move", "box", "minion"].index), loc
        boxes = [b for b in inside if b["kind"] == "box"]
        assert boxes == _reading(boxes, up=bool(boxes) and boxes[0]["up"]), loc
        minions = [b for b in inside if b["kind"] == "minion"]
        assert minions == _reading(minions), loc
