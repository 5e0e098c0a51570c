"""Solo play in a real Chromium: a whole game to the end, a refused tap, a reload."""

from __future__ import annotations

import threading

import pytest
from browser_support import (  # noqa: F401
    PHONE,
    browser,
    choose_superpower,
    shot,
    solo_at_the_last_round,
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
    assert page.locator("#f-share").input_value().startswith("Super Dice Heroes · Daily ")
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


def test_the_first_daily_game_is_the_days_score_and_the_next_is_practice(
        browser, base_url):  # noqa: F811
    ctx = browser.new_context(viewport=PHONE)
    ctx.grant_permissions(["clipboard-read", "clipboard-write"])
    page = ctx.new_page()
    errors = watch_errors(page)
    page.goto(base_url + "/solo")
    today = page.locator("#solo").get_attribute("data-today")
    assert page.inner_text("#b-daily") == "Play today's challenge"
    solo_at_the_last_round(page, practice=False)
    page.click("#b-done")
    page.click("#b-done")  # a second tap: the round's dice are left unused on purpose
    page.wait_for_selector("#final:visible")
    first = page.locator("#f-share").input_value()
    assert first == f"Super Dice Heroes · Daily {today} · 0 Honor\n" + "\u2b1c" * 6
    assert page.inner_text("#f-best") == f"Your score for {today}. A new personal best!"
    page.click("#b-copy")
    page.wait_for_function("document.getElementById('share-said').textContent.startsWith('Copied')")
    assert page.evaluate("navigator.clipboard.readText()") == first

    page.click("#b-again")
    assert page.inner_text("#b-daily") == "Practise on today's dice"
    assert "Your score today: 0 Honor" in page.inner_text("#daily-score")
    shot(page, "solo-start-after-the-days-game-360")
    page.click("#b-daily")
    assert page.inner_text("#game-title") == f"Daily challenge · {today} · practice"
    solo_at_the_last_round(page, practice=True)
    page.click("#b-done")
    page.click("#b-done")  # a second tap: the round's dice are left unused on purpose
    page.wait_for_selector("#final:visible")
    assert page.inner_text("#final-title") == "Practice over"
    assert page.inner_text("#f-best") == f"Practice: your score for {today} stays 0 Honor."
    assert page.locator("#f-share").input_value().startswith(
        f"Super Dice Heroes · Daily {today} (practice) · 0 Honor")
    days = page.evaluate("JSON.parse(localStorage.getItem('dh.solo.days'))")
    assert days == {today: {"total": 0, "share": first}}  # practice changed nothing
    shot(page, "solo-practice-final-360")
    assert errors == []
    ctx.close()



def test_after_the_last_round_the_end_screen_comes_before_the_coachs_question(
        browser, base_url):  # noqa: F811
    ctx = browser.new_context(viewport=PHONE)
    page = ctx.new_page()
    page.goto(base_url + "/solo")
    solo_at_the_last_round(page)
    page.click("#b-done")
    page.click("#b-done")  # the second tap leaves the dice unused
    page.wait_for_selector("#final:visible")
    page.wait_for_selector("#coach:visible")  # the last round can still be looked back on
    # "Game over" is the first thing the phone shows, at the top of the screen; the question
    # about round 10 waits below the end screen.
    top = page.evaluate("document.getElementById('final-title').getBoundingClientRect().top")
    assert 0 <= top < PHONE["height"] / 3
    final_box = page.locator("#final").bounding_box()
    coach_box = page.locator("#coach").bounding_box()
    assert coach_box["y"] >= final_box["y"] + final_box["height"]
    shot(page, "solo-end-before-coach-360")
    page.locator("#coach").scroll_into_view_if_needed()
    shot(page, "solo-end-coach-below-360")
    ctx.close()
