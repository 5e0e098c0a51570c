"""French, Arabic and Japanese on a phone's and a projector's screen (issue 24's check):
the phone's sheet mid-round and the projector between two rounds, each at 360x740 and at
1920x1080, have no two words drawn over each other and nothing wider than the window, and
the phone's parts stand in one column.
The screenshots (tests/artifacts/lang-screens-*.png) are for a person to look at too."""

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
    wait_idle,
    watch_errors,
)

from dicehero import i18n

pytestmark = pytest.mark.browser

# Pairs of visible words whose boxes overlap by more than 2 px both ways, as "a / b"; and
# the page's width beyond the window's. A word is a text node's line box (Range rects).
OVERLAPS = """() => {
  const boxes = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walk.nextNode(); node; node = walk.nextNode()) {
    const el = node.parentElement;
    // words a screen reader reads and nobody sees are not drawn over anything
    if (!node.textContent.trim() || !el || el.closest('[hidden], script, style, noscript, '
        + 'option, [aria-hidden=true], .visually-hidden')) continue;
    const style = getComputedStyle(el);
    if (style.visibility !== 'visible' || style.opacity === '0') continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) {
      if (r.width > 0 && r.height > 0) boxes.push({r, node, text: node.textContent.trim()});
    }
  }
  const out = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i], b = boxes[j];
      if (a.node === b.node) continue;
      const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
      const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
      if (w > 2 && h > 2) out.push(a.text.slice(0, 40) + ' / ' + b.text.slice(0, 40));
    }
  }
  return {overlaps: out, wider: document.documentElement.scrollWidth - innerWidth};
}"""

# The left and right edges of the elements a selector finds (the phone's column).
EDGES = """(sel) => [...document.querySelectorAll(sel)].map((e) => {
  const r = e.getBoundingClientRect(); return [Math.round(r.left), Math.round(r.right)]; })"""

LANGS = ("fr", "ar", "ja")
SIZES = {"360": PHONE, "1920": PROJECTOR}


def _context(browser, server: str, lang: str, viewport: dict, init: str = ""):  # noqa: F811
    ctx = browser.new_context(viewport=viewport)
    ctx.add_cookies([{"name": i18n.COOKIE, "value": lang, "url": server}])
    if init:
        ctx.add_init_script(init)
    page = ctx.new_page()
    return page, watch_errors(page)


def _looked_at(page, name: str) -> None:
    shot(page, name)
    found = page.evaluate(OVERLAPS)
    assert found["overlaps"] == [], (name, found["overlaps"])
    assert found["wider"] <= 0, name


@pytest.mark.parametrize("lang", LANGS)
def test_the_phone_and_the_projector_have_no_words_over_words(browser, server, lang):  # noqa: F811
    game = api_post(server, "/api/games", {"rounds": 3})
    code, host = game["code"], game["host_secret"]
    phones = {}
    for size, viewport in SIZES.items():
        page, errors = _context(browser, server, lang, viewport)
        page.goto(f"{server}/play/{code}")
        page.fill("#hero-name", f"Ada {size}")
        page.click("#join-form button[type=submit]")
        page.wait_for_selector("#game:not([hidden])")
        phones[size] = (page, errors)
    projectors = {}
    for size, viewport in SIZES.items():
        page, errors = _context(browser, server, lang, viewport,
                                f"localStorage.setItem('dh.host.{code}', {json.dumps(host)})")
        page.goto(f"{server}/host/{code}")
        page.wait_for_function("document.getElementById('count').textContent === '2'")
        projectors[size] = (page, errors)
    api_post(server, f"/api/games/{code}/offer", {}, host)
    for page, _errors in phones.values():
        page.wait_for_selector("#choose:not([hidden])")
        choose_superpower(page)
    api_post(server, f"/api/games/{code}/rolls", {"dice": [6, 1, 2, 3]}, host)
    for size, (page, _errors) in phones.items():
        page.wait_for_selector(".die:not(:disabled)")
        wait_idle(page)
        _looked_at(page, f"lang-screens-{lang}-phone-{size}")
        # the rolls so far stand in the sheet's column, not at the window's edge (at 1920
        # they stood left of it, right in Arabic)
        assert len(set(map(tuple, page.evaluate(EDGES, "#live, #rolls")))) == 1, size
    for size, (page, _errors) in projectors.items():
        page.wait_for_selector("#bigdice:not(.rolling)")
        _looked_at(page, f"lang-screens-{lang}-projector-{size}")
    for _page, errors in [*phones.values(), *projectors.values()]:
        assert errors == []
