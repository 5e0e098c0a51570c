"""A printed sheet, filled in by a bot, entered by its marks in real Chromium and verified."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import threading
from dataclasses import replace

import pytest
from browser_support import ARTIFACTS, PHONE, browser, shot, watch_errors  # noqa: F401
from werkzeug.serving import make_server

from dicehero.editions import load_edition
from dicehero.engine import apply, new_sheet, score
from dicehero.engine.bots import RandomBot
from dicehero.engine.paper import PaperMarks
from dicehero.engine.replay import Replay

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """The app on a real HTTP server in a thread, and its database's address."""
    from dicehero.web import create_app

    db = tmp_path_factory.mktemp("marks") / "marks.sqlite"
    url = f"sqlite:///{db}"
    app = create_app({"TESTING": True, "DATABASE_URL": url, "SSE_KEEPALIVE": 1.0})
    srv = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{srv.server_port}", app, url
    srv.shutdown()


def _game_with_a_paper_hero(app) -> tuple[str, str, dict]:
    """A 10-round game; Ada is written in on paper before the first roll."""
    c = app.test_client()
    g = c.post("/api/games", json={}).json
    code, host = g["code"], {"Authorization": "Bearer " + g["host_secret"]}
    assert c.post(f"/api/games/{code}/offer", json={"choices": [3, 4]},
                  headers=host).status_code == 200
    ada = c.post(f"/api/games/{code}/players", json={"name": "Ada", "paper": True},
                 headers=host).json  # the host writes Ada in
    return code, g["host_secret"], ada


def _print_sheet(code: str, base: str, database: str) -> str:
    """`dicehero print --game CODE`: Ada's personal sheet, rendered to PNG for a person to see."""
    ARTIFACTS.mkdir(exist_ok=True)
    pdf = ARTIFACTS / "paper-marks-sheet.pdf"
    subprocess.run([sys.executable, "-m", "dicehero.cli", "print", "--game", code,
                    "--database", database, "--url", base, "-o", str(pdf)], check=True)
    subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", str(pdf),
                    str(ARTIFACTS / "paper-marks-sheet")], check=True)
    return subprocess.run(["pdftotext", str(pdf), "-"], check=True, capture_output=True,
                          text=True).stdout


def _bot_fills_the_sheet(app, code: str, host_secret: str) -> PaperMarks:
    """The host rolls all ten rounds; a bot plays them on Ada's paper sheet."""
    c = app.test_client()
    host = {"Authorization": "Bearer " + host_secret}
    ed = load_edition("classic")
    bot = RandomBot(random.Random(7))
    steps = Replay(apply(new_sheet(ed, (3, 4)), bot.choose(new_sheet(ed, (3, 4)))))
    for _ in range(ed.rounds):
        dice = c.post(f"/api/games/{code}/rolls", json={}, headers=host).json["dice"]
        for action in bot.play_round(steps.roll(dice)):
            steps.act(action)
    assert c.post(f"/api/games/{code}/finish", json={}, headers=host).status_code == 200
    state = c.get(f"/api/games/{code}").json
    assert state["status"] == "over"
    # what the pen wrote in the ROUNDS box: each round's dice (the last round left blank)
    written = [tuple(r["dice"]) for r in state["rolls"]][:-1]
    return replace(PaperMarks.of(steps.sheet), rolls=tuple(written))


def _tick(page, row: str, n: int) -> None:
    """Cross (or circle) the first ``n`` boxes of a row, as the pen did: tapping the n-th."""
    page.click(f"{row} .mtick[data-n='{max(n, 1)}']")
    if not n:  # none: the first box crossed and uncrossed, so the row says 0, not "not counted"
        page.click(f"{row} .mtick[data-n='1']")


def _copy_marks(page, paper: PaperMarks) -> None:
    """Tap and pick every mark on the page exactly as the bot drew it on paper."""
    page.select_option("#m-power", str(paper.superpower))
    _tick(page, "#m-powers", paper.powers_used)
    _tick(page, "#m-wild", paper.wild_used)
    ed = load_edition("classic")
    for loc, marks, minions in zip(ed.locations, paper.marks, paper.minions, strict=True):
        box = page.locator(f".loc-marks[data-loc='{loc.number - 1}']")
        if loc.kind == "cells":
            for i, marked in enumerate(marks):
                if marked:
                    box.locator(f".mcell[data-cell='{i}']").click()
        elif loc.kind == "pairs":
            for p, pair in enumerate(marks):
                for h, value in enumerate(pair):
                    page.select_option(f"#m{loc.number}-{p + 1}-{h + 1}", str(value))
        else:
            for k, value in enumerate(marks):
                page.select_option(f"#m{loc.number}-{k + 1}", str(value))
        page.fill(f"#m{loc.number}-minions", str(minions))
    _tick(page, "#m-bystanders", paper.bystanders)
    for r, dice in enumerate(paper.rolls, start=1):
        for d, value in enumerate(reversed(dice), start=1):  # any order within a round
            page.select_option(f"#m-r{r}-{d}", str(value))


def test_a_printed_sheet_filled_by_a_bot_is_entered_by_its_marks_and_verified(browser, served):  # noqa: F811
    base, app, database = served
    code, host_secret, ada = _game_with_a_paper_hero(app)
    printed = _print_sheet(code, base, database)
    assert "Ada" in printed and code in printed
    paper = _bot_fills_the_sheet(app, code, host_secret)

    ctx = browser.new_context(viewport=PHONE)
    page = ctx.new_page()
    errors = watch_errors(page)
    page.goto(f"{base}/paper/{code}")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)",
                  [f"dh.paper.{code}", json.dumps({"id": ada["player"]["id"],
                                                   "secret": ada["secret"]})])
    page.goto(f"{base}/paper/{code}/marks")
    page.wait_for_selector("#marks-form:visible")
    _copy_marks(page, paper)
    shot(page, "paper-marks-phone-filled", full_page=True)
    # A ROUNDS box that disagrees with the game's roll is refused, naming the round.
    first = paper.rolls[0]
    wrong = next(v for v in range(1, 7) if v not in first)
    page.select_option("#m-r1-1", str(wrong))
    page.click("#b-check")
    page.wait_for_selector("#verdict-text.err")
    assert page.locator("#verdict-text").inner_text().startswith(
        "Round 1: the sheet's ROUNDS box says")
    page.select_option("#m-r1-1", "")  # half a round is caught on the page, before sending
    page.click("#b-check")
    page.wait_for_function("document.getElementById('verdict-text').textContent"
                           ".includes('of the ROUNDS box has 3 of its 4 dice')")
    page.select_option("#m-r1-1", str(first[-1]))
    page.click("#b-check")
    page.wait_for_function(
        "document.getElementById('verdict-text').textContent.startsWith('Checked')",
        timeout=30_000)
    shot(page, "paper-marks-phone-verified")
    assert page.locator("#witness li").count() == 10  # what each die did, round by round
    total = score(paper.sheet(load_edition("classic"))).total
    assert f"{total} Honor" in page.locator("#verdict-text").inner_text()
    assert "Waiting for the host" in page.locator("#verdict-text").inner_text()
    assert errors == []
    sent = app.test_client().get(
        f"/api/games/{code}/players/{ada['player']['id']}/paper",
        headers={"Authorization": "Bearer " + ada["secret"]}).json["paper"]["marks"]
    assert sent["bystanders"] == paper.bystanders
    assert [sorted(r) for r in sent["rolls"]] == [sorted(r) for r in paper.rolls]

    host = browser.new_context(viewport=PHONE).new_page()
    host.goto(f"{base}/host/{code}")
    host.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"dh.host.{code}", host_secret])
    host.reload()
    with host.context.expect_page() as tab:  # a new tab: never on the projected one
        host.click("#pending >> text=Check sheet")  # a sheet sent by its marks opens by its marks
    host = tab.value
    host.wait_for_url(f"**/paper/{code}/marks?hero={ada['player']['id']}")
    host.wait_for_selector("#b-approve-marks:visible")  # the marks and the check, side by side
    assert host.locator(".mcell[aria-pressed='true']").count() == sum(
        sum(m) for m in paper.marks if m and isinstance(m[0], bool))
    assert host.locator("#m-bystanders [aria-pressed=true]").count() == paper.bystanders
    assert host.locator("#m-r2-1").input_value() == str(paper.rolls[1][-1])
    host.click("#b-approve-marks")
    host.wait_for_function(
        "document.getElementById('verdict-text').textContent.includes('Approved by the host')")
    shot(host, "paper-marks-host-approved", full_page=True)
    # the child's page, never reloaded, hears of the approval on the game's event stream
    page.wait_for_function(
        "document.getElementById('verdict-text').textContent.includes('Approved by the host')")
    shot(page, "paper-marks-phone-approved-live")


def test_marks_no_play_draws_are_refused_on_the_page_in_plain_words(browser, served):  # noqa: F811
    base, app, _ = served
    code, host_secret, ada = _game_with_a_paper_hero(app)
    paper = _bot_fills_the_sheet(app, code, host_secret)
    page = _marks_page(browser, base, code, ada)
    _copy_marks(page, paper)
    page.select_option("#m3-1", "4")  # Downtown: a 4 first, then every box must be a 4
    page.select_option("#m3-2", "5")
    page.click("#b-check")
    page.wait_for_selector("#verdict-text.err")
    assert page.locator("#verdict-text").inner_text().startswith("Downtown, box 2 (a 5)")
    shot(page, "paper-marks-phone-refused")


def test_the_one_wrong_mark_is_named_and_ringed_for_the_child_and_the_host(browser, served):  # noqa: F811
    base, app, _ = served
    c = app.test_client()
    g = c.post("/api/games", json={"rounds": 3}).json
    code, host = g["code"], {"Authorization": "Bearer " + g["host_secret"]}
    assert c.post(f"/api/games/{code}/offer", json={"choices": [3, 4]},
                  headers=host).status_code == 200
    ada = c.post(f"/api/games/{code}/players", json={"name": "Ada", "paper": True},
                 headers=host).json
    # The only 6 comes first: Powerplant's 4, 5 can be written, a 6 after them cannot.
    for dice in ([6, 2, 2, 2], [4, 2, 2, 2], [5, 2, 2, 2]):
        assert c.post(f"/api/games/{code}/rolls", json={"dice": dice},
                      headers=host).status_code == 201
    for who, viewport, key, value, path in (
            ("phone", PHONE, f"dh.paper.{code}",
             json.dumps({"id": ada["player"]["id"], "secret": ada["secret"]}), ""),
            ("host", {"width": 1280, "height": 720}, f"dh.host.{code}", g["host_secret"],
             f"?hero={ada['player']['id']}")):
        page, errors = _open_marks(browser, f"{base}/paper/{code}", key, value, viewport, path)
        page.select_option("#m-power", "4")
        for box, value in enumerate((4, 5, 6), start=1):
            page.select_option(f"#m4-{box}", str(value))
        page.click("#b-check")
        page.wait_for_selector("#verdict-text.err", timeout=30_000)
        assert page.locator("#verdict-text").inner_text().startswith(
            "Powerplant, box 3 (a 6): no play over this game's rolls can make this mark")
        assert page.locator(".wrong-mark").count() == 1
        assert "wrong-mark" in page.locator("#m4-3").get_attribute("class").split()
        page.locator("#m4-3").scroll_into_view_if_needed()
        shot(page, f"paper-marks-{who}-wrong-mark")
        page.select_option("#m4-3", "")  # without the 6 the sheet is drawn: the ring goes
        page.click("#b-check")
        page.wait_for_function(
            "document.getElementById('verdict-text').textContent.startsWith('Checked')",
            timeout=30_000)
        assert page.locator(".wrong-mark").count() == 0
        assert errors == []


def _open_marks(browser, paper: str, key: str, value: str, viewport=PHONE,  # noqa: F811
                path: str = ""):
    """The marks page at ``paper``/marks``path``, its browser holding ``key`` (a paper hero's
    or the host's) in its storage as the pages keep it; and its script errors from the start."""
    page = browser.new_context(viewport=viewport).new_page()
    errors = watch_errors(page)
    page.goto(paper)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, value])
    page.goto(f"{paper}/marks{path}")
    page.wait_for_selector("#marks-form:visible")
    return page, errors


def _marks_page(browser, base: str, code: str, ada: dict):  # noqa: F811
    """The marks page as Ada's own browser opens it."""
    return _open_marks(browser, f"{base}/paper/{code}", f"dh.paper.{code}",
                       json.dumps({"id": ada["player"]["id"], "secret": ada["secret"]}))[0]


def test_the_marks_page_shows_the_locations_in_the_printed_sheets_order(browser, served):  # noqa: F811
    from dicehero.printing.layout import page_layout

    base, app, _ = served
    code, _, ada = _game_with_a_paper_hero(app)
    page = _marks_page(browser, base, code, ada)
    printed = [e.location for e in page_layout(load_edition("classic")).elements
               if e.kind == "location"]
    shown = [int(x) + 1 for x in page.eval_on_selector_all(
        ".loc-marks", "els => els.map(e => e.dataset.loc)")]
    assert shown == printed
    assert shown != sorted(shown)  # the paper is not in number order: Church before Powerplant
    shot(page, "paper-marks-phone-order", full_page=True)


def test_downtown_is_a_column_filled_from_the_bottom(browser, served):  # noqa: F811
    base, app, _ = served
    code, _, ada = _game_with_a_paper_hero(app)
    page = _marks_page(browser, base, code, ada)
    tops = [page.locator(f"#m3-{k}").bounding_box()["y"] for k in range(1, 9)]
    assert tops == sorted(tops, reverse=True)  # box 1 lowest, box 8 highest
    lefts = {round(page.locator(f"#m3-{k}").bounding_box()["x"]) for k in range(1, 9)}
    assert len(lefts) == 1  # one column
    page.locator("#m3-1").scroll_into_view_if_needed()
    shot(page, "paper-marks-phone-downtown")


def test_each_hospital_pair_sits_with_its_honor(browser, served):  # noqa: F811
    base, app, _ = served
    code, _, ada = _game_with_a_paper_hero(app)
    page = _marks_page(browser, base, code, ada)
    hospital = load_edition("classic").location(2)
    honors = page.locator(".loc-marks[data-loc='1'] .mpair .mh").all_inner_texts()
    assert honors == [str(b.honor) for b in hospital.boxes]
    page.locator(".loc-marks[data-loc='1']").scroll_into_view_if_needed()
    shot(page, "paper-marks-phone-hospital")


def test_only_the_two_superpowers_this_table_rolled_are_offered(browser, served):  # noqa: F811
    base, app, _ = served
    code, _, ada = _game_with_a_paper_hero(app)  # the table rolled 3 and 4
    page = _marks_page(browser, base, code, ada)
    values = page.eval_on_selector_all("#m-power option", "os => os.map(o => o.value)")
    assert values == ["", "3", "4"]


def test_the_two_rolled_superpowers_are_drawn_as_the_sheets_table(browser, served):  # noqa: F811
    from dicehero.engine.view import edition_view

    base, app, _ = served
    code, _, ada = _game_with_a_paper_hero(app)  # the table rolled 3 and 4
    page = _marks_page(browser, base, code, ada)
    powers = edition_view(load_edition("classic"))["superpowers"]
    rows = page.locator(".mpowers li").all_inner_texts()
    assert rows == [f"{p['number']} {p['name']} {p['text']}" for p in powers[2:4]]
    page.locator(".mpowers").scroll_into_view_if_needed()
    shot(page, "paper-marks-phone-superpowers")


def test_the_superpower_and_its_uses_sit_in_the_hero_circle_as_printed(browser, served):  # noqa: F811
    base, app, _ = served
    code, _, ada = _game_with_a_paper_hero(app)
    page = _marks_page(browser, base, code, ada)
    circle = page.locator(".mcircle").bounding_box()
    assert abs(circle["width"] - circle["height"]) < 1  # round, as the paper's circle
    for part in ("#m-name", ".mdraw", "#m-power", "#m-powers"):
        b = page.locator(f".mcircle {part}").bounding_box()
        assert circle["x"] < b["x"] and b["x"] + b["width"] < circle["x"] + circle["width"]
        assert circle["y"] < b["y"] and b["y"] + b["height"] < circle["y"] + circle["height"]
    # the name on its line and the room to draw, as the printed circle has them
    assert page.inner_text("#m-name") == "Ada"
    assert page.inner_text(".mdraw").startswith("draw your hero here")
    page.locator(".mcircle").scroll_into_view_if_needed()
    shot(page, "paper-marks-phone-hero-circle")


def test_uses_wild_dice_and_bystanders_are_boxes_crossed_from_the_first(browser, served):  # noqa: F811
    base, app, _ = served
    code, _, ada = _game_with_a_paper_hero(app)
    page = _marks_page(browser, base, code, ada)
    from dicehero.engine.view import edition_view

    ed = edition_view(load_edition("classic"))
    for row, n in (("#m-powers", ed["superpower_uses"]), ("#m-wild", ed["wild_dice"]),
                   ("#m-bystanders", ed["bystanders"])):
        assert page.locator(f"{row} .mtick").count() == n  # as many boxes as the paper draws
    page.click("#m-wild .mtick[data-n='3']")  # crossing the third: the two before it too
    assert page.locator("#m-wild [aria-pressed=true]").count() == 3
    page.click("#m-wild .mtick[data-n='3']")  # the last crossed, tapped again, is uncrossed
    assert page.locator("#m-wild [aria-pressed=true]").count() == 2
    page.locator("#m-powers").scroll_into_view_if_needed()
    shot(page, "paper-marks-phone-ticks")


def test_powerplant_and_warehouse_wrap_five_boxes_a_row_at_360_px(browser, served):  # noqa: F811
    base, app, _ = served
    code, _, ada = _game_with_a_paper_hero(app)
    page = _marks_page(browser, base, code, ada)
    for n in (4, 5):  # Powerplant and Warehouse: 10 boxes each, as 2 rows of 5
        boxes = [page.locator(f"#m{n}-{k}").bounding_box() for k in range(1, 11)]
        tops = [round(b["y"]) for b in boxes]
        assert len(set(tops[:5])) == 1 and len(set(tops[5:])) == 1 and tops[5] > tops[0], tops
        assert max(b["x"] + b["width"] for b in boxes) <= PHONE["width"]


def test_robot_minions_are_counted_with_big_plus_and_minus(browser, served):  # noqa: F811
    base, app, _ = served
    code, _, ada = _game_with_a_paper_hero(app)
    page = _marks_page(browser, base, code, ada)
    plus = page.locator(".loc-marks[data-loc='0'] .step[data-step='1']")
    assert plus.bounding_box()["height"] >= 44
    for _ in range(5):  # one more tap than there are Robot Minions: it stops at the last
        plus.click()
    assert page.input_value("#m1-minions") == str(load_edition("classic").minions_per_location)
    page.click(".loc-marks[data-loc='0'] .step[data-step='-1']")
    assert page.input_value("#m1-minions") == str(load_edition("classic").minions_per_location - 1)


def test_a_grid_shows_each_row_and_column_honor_where_the_paper_prints_it(browser, served):  # noqa: F811
    base, app, _ = served
    code, _, ada = _game_with_a_paper_hero(app)
    page = _marks_page(browser, base, code, ada)
    # City Hall: 4 at the end of each of its 3 rows and under each of its 3 columns
    assert page.locator(".loc-marks[data-loc='0'] .mh").all_inner_texts() == ["4"] * 6
    # Church: no row Honor, 15 under each of its two columns
    assert page.locator(".loc-marks[data-loc='5'] .mh").all_inner_texts() == ["15", "15"]
    page.locator(".loc-marks[data-loc='0']").scroll_into_view_if_needed()
    shot(page, "paper-marks-phone-city-hall")
    page.locator(".loc-marks[data-loc='5'] .cellgrid").scroll_into_view_if_needed()
    shot(page, "paper-marks-phone-church")
