"""The phone's pinned bar in every shipped language at 360 px: the translated words are longer
than English ("Teletransporte", "Schrumpfen", "Comodín"), and still every control keeps its
words inside its button, Done stays in view and the Wild dice stay on one row."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from browser_support import PHONE, api_post, browser, server, shot, wait_idle  # noqa: F401

from dicehero import i18n

pytestmark = pytest.mark.browser

SHEETS = Path(__file__).resolve().parent.parent / "sheets"
SUPERPOWERS = sorted({p["name"] for f in SHEETS.glob("*.toml")
                      for p in tomllib.loads(f.read_text(encoding="utf-8"))["superpowers"]})

# Each control's words inside its button; Done, Undo and the superpower inside the window.
SPILLS = """() => [...document.querySelectorAll('.controls .ctl')]
  .filter((b) => b.scrollWidth > b.clientWidth + 1).map((b) => b.id)"""
IN_VIEW = """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
  return r.left >= 0 && r.right <= document.documentElement.clientWidth && r.top >= 0; }"""
WILD_ROWS = """() => new Set([...document.querySelectorAll('.wilds .wild')]
  .map((w) => Math.round(w.getBoundingClientRect().top))).size"""


def _phone_in(browser, server, lang: str):  # noqa: F811
    game = api_post(server, "/api/games", {})
    ctx = browser.new_context(viewport=PHONE)
    ctx.add_cookies([{"name": i18n.COOKIE, "value": lang, "url": server}])
    page = ctx.new_page()
    page.goto(f"{server}/play/{game['code']}")
    page.fill("#hero-name", "Ada")
    page.click("#join-form button[type=submit]")
    page.wait_for_selector("#game:not([hidden])")
    api_post(server, f"/api/games/{game['code']}/offer", {}, game["host_secret"])
    page.wait_for_selector("#choose:not([hidden])")
    page.locator("[data-choose]:visible").first.click()
    page.wait_for_selector("#choose", state="hidden")
    wait_idle(page)
    return page


@pytest.mark.parametrize("lang", i18n.languages()[1:])
def test_every_superpower_name_fits_the_pinned_bar_in_every_language(browser, server, lang):  # noqa: F811
    page = _phone_in(browser, server, lang)
    t = i18n.translations(lang)
    problems = []
    for name in SUPERPOWERS:
        shown = t.gettext("%(power)s · %(n)s left") % {"power": t.pgettext("superpower", name),
                                                        "n": 3}
        page.evaluate("(t) => { document.getElementById('s-power').textContent = t; }", shown)
        if spill := page.evaluate(SPILLS):
            problems.append((shown, "words wider than their buttons", spill))
        for sel in ("#b-power", "#b-skip", "#b-undo", "#b-done"):
            if not page.evaluate(IN_VIEW, sel):
                problems.append((shown, sel, "not in view"))
    shot(page, f"languages-fit-{lang}-360")
    assert problems == []


@pytest.mark.parametrize("lang", i18n.languages()[1:])
def test_the_wild_dice_stay_on_one_row_beside_their_label_in_every_language(browser, server, lang):  # noqa: F811
    page = _phone_in(browser, server, lang)
    assert page.evaluate(WILD_ROWS) == 1
