"""The pseudo-language in Chromium: every word a person reads went through gettext.

In ``en_XA`` every message is accented and bracketed (``[Ŕöļļ ţĥé ðîçé]``), so a visible
text node with a plain English word in it is text that skipped the catalogs. The walk
covers the phone (join, a round with a refused tap and an Undo), the projector (lobby,
between rounds, podium), solo and the paper marks page (a sheet checked, then one no
play draws: the witness search's words). Nothing is let through: the engine's refusals
are worded at the edge (dicehero.words) like every other message.
"""

from __future__ import annotations

import json
import re

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

# What is the same in every language: the game's name, names people typed, codes and
# units that are not words.
NOT_WORDS = re.compile(r"Super Dice Heroes|SHA-256|HMAC|PDF|CSV|JSON|A4|QR|Ada|Pen|Bob|"
                       r"https?://\S+|[A-Z0-9]{6}\b")

# Every text node a person sees on the page (not hidden, not a script, not code).
VISIBLE_TEXT = """() => {
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const el = n.parentElement, text = n.textContent.trim();
    if (!text || !el || el.closest("script, style, code, pre, [hidden], [aria-hidden=true]")) {
      continue;
    }
    if (!el.getClientRects().length || getComputedStyle(el).visibility === "hidden") continue;
    out.push(text);
  }
  return out;
}"""


def english(texts: list[str]) -> list[str]:
    """The texts with an English word left once the pseudo-translated parts are taken out."""
    left = []
    for text in texts:
        rest = NOT_WORDS.sub(" ", re.sub(r"\[[^\[\]]*\]", " ", text))
        if re.search(r"[A-Za-z]{2,}", rest):
            left.append(text)
    return left


def pseudo_context(browser, viewport, server):  # noqa: F811
    ctx = browser.new_context(viewport=viewport)
    ctx.add_cookies([{"name": i18n.COOKIE, "value": i18n.PSEUDO, "url": server}])
    return ctx


def test_every_page_a_class_sees_is_in_the_pseudo_language(browser, server):  # noqa: F811
    seen: dict[str, list[str]] = {}

    def look(page, where: str) -> None:
        seen[where] = english(page.evaluate(VISIBLE_TEXT))

    game = api_post(server, "/api/games", {})
    code, host = game["code"], game["host_secret"]
    pen = api_post(server, f"/api/games/{code}/players", {"name": "Pen", "paper": True}, host)

    projector_ctx = pseudo_context(browser, PROJECTOR, server)
    projector_ctx.add_init_script(f"localStorage.setItem('dh.host.{code}', {json.dumps(host)})")
    projector = projector_ctx.new_page()
    errors = watch_errors(projector)

    phone = pseudo_context(browser, PHONE, server).new_page()
    errors += watch_errors(phone)
    phone.goto(f"{server}/play/{code}")
    look(phone, "phone: join")
    phone.fill("#hero-name", "Ada")
    phone.click("#join-form button[type=submit]")
    phone.wait_for_selector("#game:not([hidden])")
    projector.goto(f"{server}/host/{code}")
    projector.wait_for_function("document.getElementById('count').textContent === '2'")
    look(projector, "projector: lobby")
    shot(projector, "pseudo-host-lobby-1920")

    api_post(server, f"/api/games/{code}/offer", {}, host)
    phone.wait_for_selector("#choose:not([hidden])")
    look(phone, "phone: choose")
    choose_superpower(phone)
    api_post(server, f"/api/games/{code}/rolls", {"dice": [1, 1, 2, 3]}, host)
    phone.wait_for_selector(".die:not(:disabled)")
    phone.locator(".die").first.click()
    phone.wait_for_selector(".legal")
    phone.locator(".box:not(.legal)").first.click()
    phone.wait_for_selector("#msg.no")
    look(phone, "phone: a refused tap")
    shot(phone, "pseudo-phone-refused-360")
    phone.locator(".die").first.click()
    phone.locator(".die").nth(0).click()
    phone.click('[data-move="1"].legal')
    wait_idle(phone)
    phone.click("#b-undo")
    phone.wait_for_selector("#msg:not(:empty)")
    wait_idle(phone)
    look(phone, "phone: undo")
    phone.click("#b-done")
    wait_idle(phone)
    if phone.locator("#b-done").is_enabled():
        phone.click("#b-done")
        wait_idle(phone)
    projector.wait_for_selector("#standings:not([hidden])")
    look(projector, "projector: between rounds")
    api_post(server, f"/api/games/{code}/finish", {}, host)
    projector.wait_for_selector("#results:not([hidden]) #podium li")
    look(projector, "projector: podium")
    shot(projector, "pseudo-host-podium-1920")
    phone.wait_for_selector("#final:not([hidden])")
    look(phone, "phone: end")

    solo = pseudo_context(browser, PHONE, server).new_page()
    errors += watch_errors(solo)
    solo.goto(f"{server}/solo")
    look(solo, "solo: start")
    solo.click("#b-random")
    solo.wait_for_selector("#game:not([hidden])")
    look(solo, "solo: game")

    marks = pseudo_context(browser, PHONE, server).new_page()
    errors += watch_errors(marks)
    marks.goto(f"{server}/paper/{code}/marks")
    look(marks, "paper marks: no hero")
    marks_ctx = pseudo_context(browser, PHONE, server)
    marks_ctx.add_init_script(f"localStorage.setItem('dh.host.{code}', {json.dumps(host)})")
    marks = marks_ctx.new_page()
    errors += watch_errors(marks)
    marks.goto(f"{server}/paper/{code}/marks?hero={pen['player']['id']}")
    marks.wait_for_selector("#marks-form:not([hidden])")
    look(marks, "paper marks: the form")
    marks.click("#b-check")
    # the check runs in the worker pool (202, then the page reads again): a loaded machine
    # may take longer than the default 30 s
    marks.wait_for_function("document.getElementById('verdict-text').textContent"
                            ".indexOf('…') < 0 && !document.getElementById('verdict').hidden",
                            timeout=120_000)
    look(marks, "paper marks: a blank sheet checked")
    for cell in marks.locator(".mcell").all()[:9]:
        cell.click()  # every box of City Hall: more than one roll of dice can draw
    marks.click("#b-check")
    marks.wait_for_selector("#verdict-text.err")
    look(marks, "paper marks: a sheet no play draws")
    shot(marks, "pseudo-paper-marks-refused-360")

    left = {where: sorted(set(texts)) for where, texts in seen.items() if texts}
    assert left == {}, json.dumps(left, indent=1, ensure_ascii=False)
    assert errors == []
