"""Small things seen on the way (issue 9, section 8), each in real Chromium at 360x740."""

from __future__ import annotations

import pytest
from browser_support import PHONE, api_post, browser, server, shot, wait_idle  # noqa: F401

pytestmark = pytest.mark.browser
SMALLEST = {"width": 320, "height": 640}  # the narrowest phones still in classrooms


def test_the_create_page_radio_buttons_sit_beside_their_labels(browser, server):  # noqa: F811
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(server + "/host")
    for value in ("table", "each"):
        radio = page.locator(f"input[name=power_mode][value={value}]")
        box = radio.bounding_box()
        label = radio.locator("xpath=..").bounding_box()
        assert box["x"] + box["width"] <= label["x"] + 60  # at the start of the line
        assert abs((box["y"] + box["height"] / 2) - (label["y"] + label["height"] / 2)) < 6
        assert box["width"] >= 20  # still easy to tap
    shot(page, "host-new-360")


def test_no_superpower_yet_wraps_between_words_on_the_narrowest_phone(browser, server):  # noqa: F811
    host = browser.new_context().new_page()
    host.goto(server + "/host")
    host.click("text=Create the game")
    host.wait_for_url("**/host/*")
    code = host.url.rsplit("/", 1)[1]
    page = browser.new_context(viewport=SMALLEST).new_page()
    page.goto(f"{server}/play/{code}")
    page.fill("#hero-name", "Wrap")
    page.click("text=Join the game")
    page.wait_for_selector("#game:not([hidden])")
    wait_idle(page)
    assert page.inner_text("#s-power") == "No superpower yet"
    # Each line of the control holds whole words: the text's lines, as the browser laid
    # them out, joined again with spaces, give the words back.
    lines = page.evaluate("""() => {
      const el = document.getElementById('s-power'); const range = document.createRange();
      const text = el.firstChild; const out = []; let line = '', top = null;
      for (let i = 0; i < text.length; i++) {
        range.setStart(text, i); range.setEnd(text, i + 1);
        const t = Math.round(range.getBoundingClientRect().top);
        if (top !== null && t > top + 2) { out.push(line); line = ''; }
        top = t; line += text.data[i];
      }
      out.push(line); return out.map((l) => l.trim());
    }""")
    words = [w for line in lines for w in line.split()]
    assert words == ["No", "superpower", "yet"], lines


def test_a_finished_games_join_page_says_it_is_over_before_asking_anything(browser, server):  # noqa: F811
    game = api_post(server, "/api/games", {"rounds": 1})
    code, host = game["code"], game["host_secret"]
    api_post(server, f"/api/games/{code}/players", {"name": "Ann"})
    api_post(server, f"/api/games/{code}/rolls", {}, host)
    api_post(server, f"/api/games/{code}/finish", {"go_on": True}, host)
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(f"{server}/play/{code}")
    page.wait_for_selector("#ended:not([hidden])")
    assert page.is_hidden("#join") and page.is_hidden("#hero-name")
    assert page.inner_text("#ended-title") == f"Game {code} is over"
    assert "Ann" in page.inner_text("#ended")
    assert page.evaluate("document.activeElement.id") == "ended-title"
    shot(page, "play-ended-360")


def test_a_late_joiner_is_told_which_rounds_they_missed(browser, server):  # noqa: F811
    game = api_post(server, "/api/games", {"rounds": 6})
    code, host = game["code"], game["host_secret"]
    api_post(server, f"/api/games/{code}/players", {"name": "Ann"})
    api_post(server, f"/api/games/{code}/rolls", {}, host)
    api_post(server, f"/api/games/{code}/rolls", {"number": 2, "go_on": True}, host)
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(f"{server}/play/{code}")
    page.fill("#hero-name", "Bea")
    page.click("text=Join the game")
    page.wait_for_selector("#missed:not([hidden])")
    assert page.inner_text("#missed") == ("You joined in round 2: round 1 was played before "
                                          "you came, so you start from round 2.")
    assert page.locator("#rolls li.missed").count() == 1
    assert "before you joined" in page.locator("#rolls li").first.inner_text()
    assert "before you joined" not in page.locator("#rolls li").nth(1).inner_text()
    shot(page, "play-late-joiner-360")

