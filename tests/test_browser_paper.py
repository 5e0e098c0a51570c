"""A paper player in real Chromium: from the QR code's page to the host's scoreboard."""

from __future__ import annotations

import threading

import pytest
from browser_support import (  # noqa: F401
    PHONE,
    PROJECTOR,
    browser,
    choose_superpower,
    shot,
    spend_dice,
    wait_idle,
    watch_errors,
)
from werkzeug.serving import make_server

from dicehero.editions import load_edition
from dicehero.engine import parse_action, score
from dicehero.engine.gamelog import PlayerLog, replay_player

pytestmark = pytest.mark.browser

ON_BOARD = "document.getElementById('sent').textContent.includes('On the scoreboard')"


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """The app on a real HTTP server in a thread; the test sets games up through its API."""
    from dicehero.web import create_app

    db = tmp_path_factory.mktemp("paper") / "paper.sqlite"
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{db}",
                      "SSE_KEEPALIVE": 1.0})
    srv = make_server("127.0.0.1", 0, app, threaded=True)
    t = threading.Thread(target=srv.serve_forever, daemon=True)
    t.start()
    yield f"http://127.0.0.1:{srv.server_port}", app
    srv.shutdown()


def _enter_round(page) -> None:
    """Spend the round's dice on lit-up places, then Done (as ``spend_round``, but the paper
    page moves straight on to the next roll, so a second Done would be for that round)."""
    before = page.locator("#s-round").inner_text()
    spend_dice(page)
    page.click("#b-done")
    wait_idle(page)
    warned = "unused" in page.locator("#msg").inner_text()
    if warned and page.locator("#s-round").inner_text() == before:
        page.click("#b-done")
        wait_idle(page)


def _round_is(page, n: int, of: int, over: bool = False) -> None:
    """Wait until the sheet shows round ``n`` (entered after the end when ``over``)."""
    title = f"Game over: enter round {n} of {of}" if over else f"Round {n} of {of}"
    page.wait_for_function(
        f"document.getElementById('s-round').textContent === '{title}'"
        " && !document.querySelector('.die:disabled:not([hidden])')")
    wait_idle(page)


def _lobby(app) -> tuple[str, str, str]:
    """A two-round game in its lobby with a phone player, Ann: code, host and Ann's secrets."""
    c = app.test_client()
    g = c.post("/api/games", json={"rounds": 2}).json
    code, host = g["code"], {"Authorization": "Bearer " + g["host_secret"]}
    ann = c.post(f"/api/games/{code}/players", json={"name": "Ann"}).json
    # Typed superpower choices, Ice or Fire: with Teleport every move would be legal.
    assert c.post(f"/api/games/{code}/offer", json={"choices": [3, 4]},
                  headers=host).status_code == 200
    return code, g["host_secret"], ann


def _play_to_the_end(app, code: str, host_secret: str, ann: dict) -> None:
    """The host rolls both rounds and Ann plays them on her phone."""
    c = app.test_client()
    host = {"Authorization": "Bearer " + host_secret}
    me = {"Authorization": "Bearer " + ann["secret"]}
    url = f"/api/games/{code}/players/{ann['player']['id']}/actions"
    for n, dice in enumerate(([3, 3, 5, 1], [2, 6, 4, 4]), start=1):
        r = c.post(f"/api/games/{code}/rolls", json={"dice": dice}, headers=host)
        assert r.status_code == 201
        if n == 1:
            pick = c.get(f"/api/games/{code}").json["offer"]["choices"][0]
            c.post(url, json={"action": {"type": "choose", "superpower": pick}, "roll": 1,
                              "idempotency_key": "c"}, headers=me)
        assert c.post(url, json={"action": {"type": "done"}, "roll": n,
                                 "idempotency_key": f"d{n}"}, headers=me).status_code == 200
    assert c.get(f"/api/games/{code}").json["status"] == "over"


def test_paper_player_enters_a_sheet_after_the_end_and_the_host_approves_it(
        browser, served):  # noqa: F811
    base, app = served
    code, host_secret, ann = _lobby(app)

    ctx = browser.new_context(viewport=PHONE)
    page = ctx.new_page()
    errors = watch_errors(page)
    page.goto(f"{base}/play/{code}")  # where the printed sheet's QR code points
    page.click("text=Playing on paper? Enter your sheet")
    page.wait_for_url(f"**/paper/{code}")
    page.wait_for_selector("#join-closed:visible")  # no one writes themselves in on paper
    assert "Ask your host" in page.locator("#join-closed").inner_text()
    shot(page, "paper-join-360")
    # The host writes Pat in before the first roll and hands over Pat's link.
    pat = app.test_client().post(f"/api/games/{code}/players",
                                 json={"name": "Paper Pat", "paper": True},
                                 headers={"Authorization": "Bearer " + host_secret}).json
    page.goto(f"{base}/paper/{code}#hero={pat['player']['id']}&key={pat['secret']}")
    page.wait_for_selector("#choose:visible")
    assert "#" not in page.url  # the secret left the address bar

    _play_to_the_end(app, code, host_secret, ann)
    host_ctx = browser.new_context(viewport=PROJECTOR)
    host_ctx.add_init_script(f"localStorage.setItem('dh.host.{code}', '{host_secret}')")
    host = host_ctx.new_page()
    host_errors = watch_errors(host)
    host.goto(f"{base}/host/{code}")
    host.wait_for_selector("#results:visible")
    assert "provisional" in host.locator("#results-h").inner_text()

    page.wait_for_function("document.getElementById('rolls').textContent.includes('R2')")
    choose_superpower(page)
    _round_is(page, 1, 2, over=True)
    assert [d.inner_text() for d in page.locator(".die .pips").all()] == ["3", "3", "5", "1"]

    # A mark that cannot be right: the engine's reason, naming the round and the die.
    page.locator(".die").nth(3).click()
    page.wait_for_selector(".legal")
    shot(page, "paper-selected-360")
    page.locator(".move:not(.legal)").first.click()
    page.wait_for_selector("#msg.no")
    assert page.locator("#msg").inner_text().startswith("Round 1, die 4 (a 1): ")
    shot(page, "paper-refused-360")
    page.locator(".die").nth(3).click()  # unselect

    _enter_round(page)  # Done sends the round to the scoreboard
    _round_is(page, 2, 2, over=True)
    page.wait_for_function(ON_BOARD)
    _enter_round(page)
    page.wait_for_function("document.getElementById('msg').textContent.includes('whole sheet')")
    page.wait_for_function(ON_BOARD)
    assert "host will check it" in page.locator("#sent").inner_text()
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, "paper-entered-360")

    # The server ranks the sheet with the engine's own total of a replay over the rolls.
    c = app.test_client()
    export = c.get(f"/api/games/{code}/export.json").json
    pat = next(p for p in export["players"] if p["name"] == "Paper Pat")
    sent = pat["paper_sheet"]
    assert len(sent["rounds"]) == 2
    log = PlayerLog("Paper Pat", sent["superpower"], tuple(export["offer"]),
                    tuple(tuple(parse_action(a) for a in r) for r in sent["rounds"]))
    total = score(replay_player(load_edition(export["edition"]), export["rolls"], log)).total
    assert pat["score"]["total"] == total and pat["paper"] is True
    assert page.locator("#s-total").inner_text() == f"{total} Honor"

    # The host sees the sheet waiting, checks its marks, and approves it.
    host.wait_for_function(
        "document.getElementById('board').textContent.includes('Paper Pat (paper, to check)')")
    shot(host, "host-results-paper-pending-1920")
    assert host.locator("#b-close-paper").is_disabled()
    with host.context.expect_page() as tab:  # a new tab: never on the projected one
        host.click("#pending >> text=Check sheet")
    host = tab.value
    host.wait_for_url(f"**/paper/{code}?hero=*")
    host.wait_for_selector("#b-approve:visible")
    assert "checked over the game's real rolls" in host.locator("#sent").inner_text()
    assert host.locator("#s-total").inner_text() == f"{total} Honor"
    shot(host, "host-checks-paper-sheet-1920")
    host.click("#b-approve")
    host.wait_for_function("document.getElementById('sent').textContent.startsWith('Approved')")
    page.wait_for_function(
        "document.getElementById('sent').textContent.includes('Approved by the host')")
    assert page.locator("#b-send").is_hidden() and page.locator("#b-restart").is_disabled()

    # Back on the host screen: close paper entry, and the scores are final.
    host.click("text=Back to the host screen")
    host.wait_for_selector("#b-close-paper:visible")
    host.wait_for_function("!document.getElementById('b-close-paper').disabled")
    host.click("#b-close-paper")
    host.click("#ask-ok")
    host.wait_for_function(
        "document.getElementById('results-h').textContent === 'Final scores'")
    assert "Paper Pat (paper)" in host.locator("#board").inner_text()
    shot(host, "host-results-paper-final-1920")
    assert c.get(f"/api/games/{code}/scores").json["final"] is True

    # A reload keeps the sheet (it comes back from this phone and from the server).
    page.reload()
    page.wait_for_function(
        "document.getElementById('sent').textContent.includes('closed')")
    assert page.locator("#s-total").inner_text() == f"{total} Honor"
    assert errors == [] and host_errors == []
    ctx.close()
    host_ctx.close()


def test_the_paper_page_says_when_it_is_too_late_to_write_a_hero_in(browser, served):  # noqa: F811
    base, app = served
    code, host_secret, _ = _lobby(app)
    c = app.test_client()
    c.post(f"/api/games/{code}/rolls", json={}, headers={"Authorization": "Bearer " + host_secret})
    ctx = browser.new_context(viewport=PHONE)
    page = ctx.new_page()
    errors = watch_errors(page)
    page.goto(f"{base}/paper/{code}")
    page.wait_for_selector("#join-closed:visible")
    assert "before the first roll" in page.locator("#join-closed").inner_text()
    assert page.locator("#join-form").is_hidden()
    shot(page, "paper-too-late-360")
    assert errors == []
    ctx.close()


def test_the_host_writes_in_a_paper_hero_before_the_first_roll(browser, served):  # noqa: F811
    base, app = served
    code, host_secret, _ = _lobby(app)
    ctx = browser.new_context(viewport=PROJECTOR)
    ctx.add_init_script(f"localStorage.setItem('dh.host.{code}', '{host_secret}')")
    host = ctx.new_page()
    errors = watch_errors(host)
    host.goto(f"{base}/host/{code}")
    host.click("#b-tools")  # writing in a hero is a host tool
    host.wait_for_selector("#paper-add:visible")
    host.fill("#paper-name", "Pencil Pete")
    host.click("text=Add on paper")
    host.wait_for_function(
        "document.getElementById('players').textContent.includes('Pencil Pete')")
    assert "on paper" in host.locator("#players").inner_text()
    assert "#hero=" not in host.locator("#host-msg").inner_text()  # never on the projector
    shot(host, "host-paper-hero-added-1920")
    # The link the host hands out (Host tools: Their link) opens Pete's own sheet on a phone.
    host.click("button[aria-label='The link of Pencil Pete for entering their sheet']")
    host.wait_for_function("document.getElementById('ask-text').textContent.includes('key=')")
    said = host.locator("#ask-text").inner_text()
    host.click("#ask-cancel")
    phone = browser.new_context(viewport=PHONE).new_page()
    link = said[said.index("http"):].strip()
    assert link.startswith(host.locator("#host").get_attribute("data-join"))  # phones reach it
    phone.goto(base + link[link.index("/paper/"):])
    phone.wait_for_function(
        "document.getElementById('hero-title').textContent.startsWith('Pencil Pete')")
    phone.context.close()
    host.click("#b-roll")
    host.wait_for_selector("#paper-add", state="hidden")
    assert errors == []
    ctx.close()
