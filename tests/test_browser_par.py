"""Par (the Coach, as the pages call it) where people look, in real Chromium against a real
`dicehero serve`: the projector's running total and the Coach's mark in the decision map,
the results' "Coach N: k heroes beat the Coach" with par as a bot row, the phone's end
screen comparing the hero with par location by location, and solo's coaching and the
day's par."""

from __future__ import annotations

import json
import re
import urllib.request

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
    solo_at_the_last_round,
    spend_round,
    wait_idle,
    watch_errors,
)
from test_browser_reading import SMALL_TEXT

from dicehero.editions import load_edition
from dicehero.engine.par import par_game
from dicehero.store.par_jobs import PAR_SEED

pytestmark = pytest.mark.browser

HEROES = ("Ann", "Bob", "Cleo")
DICE = ([3, 1, 6, 4], [2, 2, 5, 6])


def _get(server: str, path: str) -> dict:  # noqa: F811
    with urllib.request.urlopen(server + path) as reply:
        return json.load(reply)


def _act(server, code, hero, roll, action, key):  # noqa: F811
    api_post(server, f"/api/games/{code}/players/{hero['player']['id']}/actions",
             {"action": action, "roll": roll, "idempotency_key": key}, hero["secret"])


def test_par_on_the_projector_and_beside_the_hero_on_the_phone(browser, server):  # noqa: F811
    game = api_post(server, "/api/games", {"rounds": 2})
    code, host = game["code"], game["host_secret"]
    heroes = {n: api_post(server, f"/api/games/{code}/players", {"name": n}) for n in HEROES}
    phone = browser.new_context(viewport=PHONE).new_page()
    phone_errors = watch_errors(phone)
    join_phone(phone, server, code, "Dana")
    ctx = browser.new_context(viewport=PROJECTOR)
    ctx.add_init_script(f"localStorage.setItem('dh.host.{code}', {json.dumps(host)})")
    projector = ctx.new_page()
    host_errors = watch_errors(projector)
    projector.goto(f"{server}/host/{code}")
    projector.wait_for_function("document.getElementById('count').textContent === '4'")
    api_post(server, f"/api/games/{code}/offer", {}, host)
    phone.wait_for_selector("#choose:not([hidden])")
    choose_superpower(phone)

    # Round 1: the class plays; once everyone is done, par's total and its choices show.
    api_post(server, f"/api/games/{code}/rolls", {"dice": DICE[0], "number": 1}, host)
    phone.wait_for_function("!document.querySelector('.die:disabled:not([hidden])')")
    wait_idle(phone)
    offer = _get(server, f"/api/games/{code}")["offer"]["choices"]
    for i, (name, hero) in enumerate(heroes.items()):
        _act(server, code, hero, 1, {"type": "choose", "superpower": offer[0]}, f"c{name}")
        _act(server, code, hero, 1, {"type": "move", "die": i, "to": DICE[0][i]}, f"m{name}")
        _act(server, code, hero, 1, {"type": "done"}, f"d1{name}")
    assert projector.is_hidden("#par-line")  # Dana still plays: par would be a hint
    spend_round(phone)
    projector.wait_for_selector("#standings:not([hidden])")
    projector.wait_for_function("/^Coach after round 1: \\d+ Honor$/"
                                ".test(document.getElementById('par-line').textContent)")
    state = _get(server, f"/api/games/{code}")
    want = par_game(load_edition(), tuple(state["offer"]["choices"]),
                    [r["dice"] for r in state["rolls"]], seed=PAR_SEED)
    assert projector.inner_text("#par-line").endswith(f": {want.rounds[0].total} Honor")
    projector.wait_for_function("document.querySelectorAll('#decisions-body td.par').length"
                                " === 4")  # one Coach's mark per die
    assert projector.is_visible("#par-key")
    mark = projector.eval_on_selector("#decisions-body td.par", "td => [getComputedStyle("
                                      "td, '::after').content, getComputedStyle(td, "
                                      "'::after').fontSize]")
    assert mark[0] == '"COACH"' and float(mark[1].rstrip("px")) >= 16
    assert float(projector.eval_on_selector(
        "#par-line", "e => getComputedStyle(e).fontSize").rstrip("px")) >= 32
    for selector in ("#par-line", "#decisions", "#b-roll"):  # in view, no scrolling
        box = projector.locator(selector).bounding_box()
        assert box["y"] + box["height"] <= PROJECTOR["height"], selector
    shot(projector, "host-par-between-1920")

    # Round 2, the last: the results name par's score and how many heroes beat it.
    api_post(server, f"/api/games/{code}/rolls", {"dice": DICE[1], "number": 2}, host)
    phone.wait_for_function(
        "document.getElementById('s-round').textContent.startsWith('Round 2 ')")
    wait_idle(phone)
    for name, hero in heroes.items():
        _act(server, code, hero, 2, {"type": "done"}, f"d2{name}")
    spend_round(phone)
    projector.wait_for_function("/^Coach \\d+: .* beat the Coach/"
                                ".test(document.getElementById('par-result').textContent)")
    scores = _get(server, f"/api/games/{code}/scores")
    total = scores["par"]["total"]
    beat = sum(e["total"] > total for e in scores["leaderboard"])
    assert projector.inner_text("#par-result").startswith(f"Coach {total}: ")
    assert f"{beat} heroes" in projector.inner_text("#par-result") or beat < 2
    bot = projector.locator("#board tr.parrow")
    assert bot.count() == 1 and bot.locator("td").first.inner_text() == "bot"
    ranks = projector.eval_on_selector_all("#board tr:not(.parrow) td:first-child",
                                           "tds => tds.map((t) => +t.textContent)")
    assert ranks == sorted(ranks) and ranks[0] == 1  # par takes no hero's rank
    projector.locator("#results").scroll_into_view_if_needed()
    shot(projector, "host-par-results-1920", full_page=True)

    # The phone's end screen: Dana beside par, location by location.
    phone.wait_for_selector("#final:not([hidden]) table.vspar")
    head = phone.eval_on_selector_all("#final thead th", "ths => ths.map((t) => t.textContent)")
    assert head == ["Where", "You", "Coach"]
    rows = phone.eval_on_selector_all(
        "#f-rows tr", "trs => trs.map((r) => [...r.cells].map((c) => c.textContent))")
    assert [r[0] for r in rows[:6]] == [loc.name for loc in load_edition().locations]
    assert rows[-1][0] == "Total" and rows[-1][2] == str(total)
    assert re.search(r"the Coach", phone.inner_text(".parline"), re.I)
    assert phone.get_attribute(".parline", "aria-live") == "polite"
    assert phone.evaluate(SMALL_TEXT) == []
    phone.locator(".parline").scroll_into_view_if_needed()
    shot(phone, "phone-par-final-360")
    assert phone_errors == [] and host_errors == []


def test_solo_shows_the_days_par_and_what_par_would_do_after_a_round(
        browser, server):  # noqa: F811
    page = browser.new_context(viewport=PHONE).new_page()
    errors = watch_errors(page)
    page.goto(server + "/solo")
    page.wait_for_function("/^The Coach played today's dice too: \\d+ Honor/"
                           ".test(document.getElementById('daily-par').textContent)")
    page.click("#b-daily")
    page.wait_for_selector("#choose:visible")
    assert page.is_hidden("#coach")  # nothing played yet: no advice
    choose_superpower(page)
    page.wait_for_function("/^The Coach's score to beat: \\d+ Honor$/"
                           ".test(document.getElementById('game-par').textContent)")
    spend_round(page)
    page.wait_for_selector("#coach:not([hidden])")
    button = page.locator("#b-coach")
    assert button.inner_text() == "What would the Coach do in round 1?"
    assert button.bounding_box()["height"] >= 44
    button.click()
    page.wait_for_selector(".coachlist li")
    items = page.locator(".coachlist li").all_inner_texts()
    assert items and all(re.match(r"^(Die \d \(a \d\)|Wild die)", t) for t in items)
    assert page.get_attribute("#coach-out", "aria-live") == "polite"
    assert page.evaluate(SMALL_TEXT) == []
    page.locator("#coach").scroll_into_view_if_needed()
    shot(page, "solo-coach-360")

    solo_at_the_last_round(page)
    page.click("#b-done")
    page.click("#b-done")  # the second tap leaves the dice unused
    page.wait_for_selector("#final:visible table.vspar")
    assert re.search(r"the Coach", page.inner_text("#final .parline"), re.I)
    assert page.evaluate(SMALL_TEXT) == []
    shot(page, "solo-par-final-360", full_page=True)
    assert errors == []
