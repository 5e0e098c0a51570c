"""Translated words are longer than English ("Teletransporte", "Schrumpfen", "Comodín",
"Energiecentrale"), and still, in every shipped language: on a 360 px phone every control of
the pinned bar keeps its words inside its button, Done stays in view and the Wild dice stay on
one row; on a 1280x720 projector the table of what the class did with each die fits the
screen."""

from __future__ import annotations

import json
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
TABLE_OVER = """() => Math.max(document.getElementById('decisions').getBoundingClientRect().right,
  document.documentElement.scrollWidth) - document.documentElement.clientWidth"""
WILD_ROWS = """() => new Set([...document.querySelectorAll('.wilds .wild')]
  .map((w) => Math.round(w.getBoundingClientRect().top))).size"""


def _context(browser, server, lang: str, viewport: dict):  # noqa: F811
    ctx = browser.new_context(viewport=viewport)
    ctx.add_cookies([{"name": i18n.COOKIE, "value": lang, "url": server}])
    return ctx


def _phone_in(browser, server, lang: str, game: dict | None = None):  # noqa: F811
    """A hero's phone in ``lang``, joined to ``game`` (a new one by default), its superpower
    chosen."""
    game = game or api_post(server, "/api/games", {})
    page = _context(browser, server, lang, PHONE).new_page()
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


@pytest.mark.parametrize("lang", i18n.languages()[1:])
def test_what_the_class_did_with_each_die_fits_a_1280_projector_in_every_language(
        browser, server, lang):  # noqa: F811
    game = api_post(server, "/api/games", {})
    code = game["code"]
    phone = _phone_in(browser, server, lang, game)
    api_post(server, f"/api/games/{code}/rolls", {"dice": [1, 1, 2, 3]}, game["host_secret"])
    phone.wait_for_selector(".die:not(:disabled)")
    phone.click("#b-done")
    wait_idle(phone)
    phone.click("#b-done")  # and leave the four dice unused
    ctx = _context(browser, server, lang, {"width": 1280, "height": 720})
    secret = json.dumps(game["host_secret"])
    ctx.add_init_script(f"localStorage.setItem('dh.host.{code}', {secret})")
    projector = ctx.new_page()
    projector.goto(f"{server}/host/{code}")
    projector.wait_for_selector("#standings:not([hidden]) #decisions")
    # par's choices mark a cell of each die's row (PAR): the table at its widest
    projector.wait_for_function("document.querySelectorAll('#decisions-body td.par').length"
                                " === 4", timeout=120_000)
    shot(projector, f"languages-fit-{lang}-1280")
    assert projector.evaluate(TABLE_OVER) <= 0
