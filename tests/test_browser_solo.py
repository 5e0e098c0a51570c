"""Solo play in a real Chromium: a whole game to the end, a refused tap, a reload."""

from __future__ import annotations

import threading

import pytest
from browser_support import (  # noqa: F401
    PHONE,
    browser,
    choose_superpower,
    shot,
    spend_dice,
    spend_round,
    wait_idle,
    watch_errors,
)
from werkzeug.serving import make_server

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def base_url(tmp_path_factory):
    """The app on a real HTTP server in a thread, on a free port, with a temporary database."""
    from dicehero.web import create_app

    db = tmp_path_factory.mktemp("solo") / "solo.sqlite"
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{db}"})
    srv = make_server("127.0.0.1", 0, app, threaded=True)
    t = threading.Thread(target=srv.serve_forever, daemon=True)
    t.start()
    yield f"http://127.0.0.1:{srv.server_port}"
    srv.shutdown()


def test_solo_game_to_the_end(browser, base_url):  # noqa: F811
    ctx = browser.new_context(viewport=PHONE)
    page = ctx.new_page()
    errors = watch_errors(page)
    page.goto(base_url + "/solo")
    shot(page, "solo-start-360")
    page.click("#b-daily")
    page.wait_for_selector("#choose:visible")
    shot(page, "solo-choose-360")
    choose_superpower(page)
    # A die, then a place that did not light up: the engine's reason, in plain words.
    page.locator(".die").first.click()
    page.wait_for_selector(".legal")
    shot(page, "solo-selected-360")
    unlit = page.locator(".move:not(.legal)")
    if unlit.count():
        unlit.first.click()
        page.wait_for_selector("#msg.no")
        assert "need" in page.locator("#msg").inner_text().lower()
        shot(page, "solo-refused-360")
    page.locator(".die").first.click()  # unselect
    for round_no in range(1, 11):
        assert page.locator("#s-round").inner_text() == f"Round {round_no} of 10"
        spend_round(page)
        if round_no == 5:
            page.reload()  # the game lives in the browser: it comes back as it was
            page.wait_for_selector("#sheet:not([aria-busy]) .die:not(:disabled)")
            assert page.locator("#s-round").inner_text() == "Round 6 of 10"
            shot(page, "solo-midgame-360", full_page=True)
    page.wait_for_selector("#final:visible")
    total = page.locator("#f-total").inner_text()
    assert total.endswith("Honor")
    assert "Daily challenge" in page.locator("#f-share").input_value()
    shot(page, "solo-final-360")
    best = page.evaluate("JSON.parse(localStorage.getItem('dh.solo.best'))")
    assert best["all"] == int(total.split()[0])
    assert errors == []
    ctx.close()


def test_a_new_round_is_unmistakable_and_undo_says_what_it_took_back(browser, base_url):  # noqa: F811
    ctx = browser.new_context(viewport=PHONE)
    page = ctx.new_page()
    errors = watch_errors(page)
    page.goto(base_url + "/solo")
    page.click("#b-random")
    page.wait_for_selector("#choose:visible")
    choose_superpower(page)
    assert page.locator("#msg").inner_text().endswith("Round 1: tap a die.")
    assert page.locator("#msg").get_attribute("aria-live") == "polite"

    page.locator(".die").first.click()
    page.wait_for_selector(".legal")
    page.locator(".move.legal, .box.legal, [data-skip].legal").first.click()
    wait_idle(page)
    did = page.locator("#msg").inner_text()
    page.click("[data-undo]")
    wait_idle(page)
    said = page.locator("#msg").inner_text()
    assert said.startswith("Undone: ") and said[len("Undone: "):].lower() == did.lower()

    page.evaluate("document.querySelector('.tray').classList.remove('flash')")
    spend_dice(page)
    page.click("#b-done")  # solo rolls the next round at once
    page.wait_for_function("document.getElementById('s-round').textContent === 'Round 2 of 10'")
    assert page.locator("#msg").inner_text() == "Round 2: tap a die."
    assert "flash" in page.locator(".tray").get_attribute("class")
    shot(page, "solo-new-round-360")
    page.reload()  # after a reload the line still says what to do
    page.wait_for_function(
        "document.getElementById('msg').textContent === 'Round 2: tap a die.'")
    assert errors == []
    ctx.close()
