"""A live game in real Chromium pages against a real `dicehero serve`: one host, three phones."""

from __future__ import annotations

import subprocess
import sys

import pytest
from browser_support import (  # noqa: F401
    PHONE,
    PROJECTOR,
    browser,
    choose_superpower,
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
    assert host.locator("#board tr").count() == 3
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
