"""A live game in real Chromium pages against a real `dicehero serve`: one host, three phones."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest
from browser_support import (  # noqa: F401
    PHONE,
    PROJECTOR,
    api_post,
    browser,
    choose_superpower,
    join_phone,
    server,
    shot,
    spend_round,
    wait_idle,
    watch_errors,
)

pytestmark = pytest.mark.browser


def _round_is(page, n: int) -> None:
    page.wait_for_function(
        f"document.getElementById('s-round').textContent === 'Round {n} of 10'"
        " && !document.querySelector('.die:disabled:not([hidden])')")
    wait_idle(page)


def _draw(page) -> None:
    box = page.locator("#doodle").bounding_box()
    page.mouse.move(box["x"] + 30, box["y"] + 30)
    page.mouse.down()
    for x, y in ((80, 120), (130, 40), (60, 60)):
        page.mouse.move(box["x"] + x, box["y"] + y, steps=5)
    page.mouse.up()


def test_host_and_three_phones_play_a_whole_game(browser, server):  # noqa: F811
    host_ctx = browser.new_context(viewport=PROJECTOR)
    host = host_ctx.new_page()
    host_errors = watch_errors(host)
    host.on("dialog", lambda d: d.accept())
    host.goto(server + "/host")
    host.click("text=Create the game")
    host.wait_for_url("**/host/*")
    code = host.url.rsplit("/", 1)[1]
    assert host.locator(".code").inner_text() == code
    assert host.locator(".qrbox svg path").count() >= 1

    phones, errors = [], []
    names = ["Captain <b>Bold</b>", "Zip", "Mega Mo"]
    for i, name in enumerate(names):
        ctx = browser.new_context(viewport=PHONE)
        page = ctx.new_page()
        errors.append(watch_errors(page))
        page.goto(f"{server}/play/{code}")  # straight from the QR link
        page.fill("#hero-name", name)
        if i == 0:
            _draw(page)
            shot(page, "phone-join-360")
        page.click("text=Join the game")
        page.wait_for_selector("#game:not([hidden])")
        phones.append(page)
    host.wait_for_function("document.getElementById('count').textContent === '3'")
    # A name with markup is shown as text, never as markup.
    assert host.locator(".pname", has_text="Captain <b>Bold</b>").count() == 1
    assert host.locator(".players b").count() == 0
    host.wait_for_selector(".players img:not([hidden])")  # the doodle reached the server
    shot(host, "host-lobby-1920")

    host.click("#b-offer")
    host.wait_for_selector("#offer:not([hidden])")
    for page in phones:
        page.wait_for_selector("#choose:not([hidden])")
        choose_superpower(page)

    for n in range(1, 11):
        host.click("#b-roll")
        host.wait_for_function(f"document.getElementById('round-h').textContent === "
                               f"'Round {n} of 10'")
        for i, page in enumerate(phones):
            _round_is(page, n)
            if n == 1 and i == 0:
                # An illegal tap: the reason comes from the engine, in plain words.
                page.locator(".die").first.click()
                page.wait_for_selector(".legal")
                page.locator(".box:not(.legal)").first.click()  # helping from the middle circle
                page.wait_for_selector("#msg.no")
                assert page.locator("#msg").inner_text().strip()
                shot(page, "phone-refused-360")
                page.locator(".die").first.click()
            if n == 3 and i == 1:
                # Spend one die, reload mid-round: the phone resumes where it was.
                page.locator(".die").first.click()
                page.locator(".move.legal, .box.legal, .minion.legal").first.click()
                wait_idle(page)
                before = page.locator(".die.used").count()
                assert before == 1
                page.reload()
                _round_is(page, 3)
                assert page.locator(".die.used").count() == before
            spend_round(page)
            if n == 4 and i == 0:
                shot(page, "phone-sheet-360")
                shot(page, "phone-sheet-full-360", full_page=True)
        host.wait_for_function("document.getElementById('done-n').textContent === '3'")
        if n == 2:
            shot(host, "host-round-1920")

    host.wait_for_selector("#results:not([hidden])")
    host.wait_for_selector("#board tr")
    assert host.locator("#board tr:not(.parrow)").count() == 3
    host.wait_for_selector("#board tr.parrow")  # par, the bot, as a row of its own
    host.click("#check summary")  # the dice check is one click away
    assert host.locator("#chart svg rect").count() >= 1
    assert len(host.locator("#seed").inner_text()) == 64
    shot(host, "host-results-1920", full_page=True)
    csv = host.evaluate(f"fetch('/api/games/{code}/export.csv').then(r => r.text())")
    assert "Captain <b>Bold</b>" in csv
    # The recipe on the screen re-derives every roll from the revealed seed.
    recipe = host.locator("#check-py").inner_text().replace("python3", sys.executable, 1)
    digest, rolls = subprocess.run(recipe, shell=True, capture_output=True, text=True,
                                   check=True).stdout.splitlines()
    state = host.evaluate(f"fetch('/api/games/{code}').then(r => r.json())")
    assert digest == state["seed_sha256"]
    assert rolls == str({r["number"]: r["dice"] for r in state["rolls"]})

    for page in phones:
        page.wait_for_selector("#final:not([hidden])")
        page.wait_for_function("document.getElementById('f-place').textContent.includes('of 3')")
    shot(phones[0], "phone-final-360")
    assert host_errors == [] and errors == [[], [], []]


# Before any page script: a vibration motor that records each buzz, and an ear on the page's
# live regions that records every text they are given (what a screen reader announces).
PHONE_SENSES = """
window.__buzz = [];
Object.defineProperty(Navigator.prototype, "vibrate", { configurable: true,
  value: function (pattern) { window.__buzz.push(pattern); return true; } });
window.__said = [];
new MutationObserver((records) => {
  for (const r of records) {
    const node = r.target.nodeType === 1 ? r.target : r.target.parentElement;
    const live = node && node.closest('[aria-live]:not([aria-live="off"]), [role=status]');
    if (live && live.textContent.trim()) window.__said.push(live.textContent.trim());
  }
}).observe(document, { subtree: true, childList: true, characterData: true });
"""


def _roll_arrives(page, n: int, line: str) -> None:
    """Round ``n`` reaches the phone: the line, the flash, the buzz and the announcement."""
    page.wait_for_function(f"document.getElementById('msg').textContent.startsWith({line!r})")
    assert page.inner_text("#s-round") == f"Round {n} of 10"
    assert "flash" in page.get_attribute(".tray", "class").split()
    assert page.evaluate("window.__buzz") == [80]  # one short buzz
    msg = page.locator("#msg")
    assert msg.get_attribute("role") == "status" and msg.get_attribute("aria-live") == "polite"
    assert any(s.startswith(line) for s in page.evaluate("window.__said")), page.evaluate(
        "window.__said")


def _forget(page) -> None:
    """Clear what the phone did so far, so the next roll's signals are its own."""
    page.evaluate("document.querySelector('.tray').classList.remove('flash');"
                  " window.__buzz.length = 0; window.__said.length = 0")


def test_a_new_round_is_unmistakable_on_the_live_phone(browser, server):  # noqa: F811
    game = api_post(server, "/api/games", {})
    code, host = game["code"], game["host_secret"]
    ctx = browser.new_context(viewport=PHONE)
    ctx.add_init_script(PHONE_SENSES)
    page = ctx.new_page()
    errors = watch_errors(page)
    join_phone(page, server, code, "Buzz")
    api_post(server, f"/api/games/{code}/offer", {}, host)
    page.wait_for_selector("#choose:not([hidden])")
    choose_superpower(page)
    page.evaluate("window.__same_page = true")  # gone if the page were loaded again
    _forget(page)

    api_post(server, f"/api/games/{code}/rolls", {}, host)
    _roll_arrives(page, 1, "Round 1: tap a die.")
    assert page.inner_text("#msg") == "Round 1: tap a die."
    shot(page, "phone-new-round-1-360")

    spend_round(page)  # every die spent, then Done
    assert page.inner_text("#msg").startswith("Done")
    _forget(page)
    api_post(server, f"/api/games/{code}/rolls", {"number": 2}, host)
    _roll_arrives(page, 2, "Round 2: tap a die.")
    assert page.inner_text("#msg") == "Round 2: tap a die."

    # The host goes on while this hero still has dice: the round's line, then the warning.
    _forget(page)
    api_post(server, f"/api/games/{code}/rolls", {"number": 3, "go_on": True}, host)
    _roll_arrives(page, 3, "Round 3: tap a die.")
    said = page.inner_text("#msg")
    first, warning = said.split("\n")  # the round's line, then the warning on a line of its own
    assert first == "Round 3: tap a die." and warning.count("were lost") == 1, said
    assert "round 2" in warning
    shot(page, "phone-new-round-lost-dice-360")
    assert page.evaluate("window.__same_page") is True  # all without a reload
    page.reload()  # the warning was shown once: not again
    page.wait_for_function("document.getElementById('msg').textContent === 'Round 3: tap a die.'")
    assert errors == []


def test_undo_after_a_reload_says_what_it_took_back(browser, server):  # noqa: F811
    game = api_post(server, "/api/games", {})
    code, host = game["code"], game["host_secret"]
    page = browser.new_context(viewport=PHONE).new_page()
    errors = watch_errors(page)
    join_phone(page, server, code, "Undoer")
    api_post(server, f"/api/games/{code}/offer", {}, host)
    page.wait_for_selector("#choose:not([hidden])")
    choose_superpower(page)
    api_post(server, f"/api/games/{code}/rolls", {"dice": [1, 1, 2, 3]}, host)
    _round_is(page, 1)
    page.locator(".die").nth(0).click()
    page.click('[data-move="1"].legal')  # a 1: to City Hall
    wait_idle(page)
    page.locator(".die").nth(1).click()
    page.locator("#loc-1 .box.legal").first.click()  # and a 1 written there
    wait_idle(page)
    assert page.inner_text("#msg") == "Helped at City Hall with a 1."

    page.reload()  # this page never saw those taps: the server's sheet says what they were
    _round_is(page, 1)
    page.click("#b-undo")
    page.wait_for_function("document.getElementById('msg').textContent.startsWith('Undone')")
    assert page.inner_text("#msg") == "Undone: helped at City Hall with a 1."
    wait_idle(page)
    page.click("#b-undo")
    page.wait_for_function("document.getElementById('msg').textContent.includes('moved')")
    assert page.inner_text("#msg") == "Undone: moved to City Hall."
    assert page.locator(".die.used").count() == 0
    assert errors == []


def test_an_event_during_a_read_of_the_sheet_is_not_lost(browser, server):  # noqa: F811
    """The offer lands while the phone is reading its sheet: the phone reads it again."""
    game = api_post(server, "/api/games", {})
    code, host = game["code"], game["host_secret"]
    page = browser.new_context(viewport=PHONE).new_page()
    errors = watch_errors(page)
    reads = []

    def stale_read(route):
        reads.append(route.request.url)
        if len(reads) != 2:  # the first read is before the stream opens; the second after
            route.continue_()
            return
        response = route.fetch()  # the sheet as it was before the offer ...
        api_post(server, f"/api/games/{code}/offer", {}, host)
        time.sleep(0.5)  # ... and the offer's event arrives before it is shown
        route.fulfill(response=response)

    page.route(f"**/api/games/{code}/players/*?edition=0", stale_read)
    page.goto(f"{server}/play/{code}")
    page.fill("#hero-name", "Late Reader")
    page.click("text=Join the game")
    page.wait_for_selector("#choose:not([hidden])")
    assert len(reads) >= 3
    assert errors == []
