"""Hero names carrying markup are text everywhere: pages, JSON, CSV (no formulas) and Chromium.

Names are at most 24 letters, so each payload is short enough to be stored as typed.
"""

from __future__ import annotations

import csv
import io
import json

import pytest
from apikit import bearer

NAMES = [
    "<script>X=3</script>",
    "<img src=x onerror=X=2>",
    "<svg onload=X=1>",
    '"><b id=B>bold</b>',
    "'; X=4; '",
    "=HYPERLINK(\"http://x\")",
    "+1+cmd|' /C calc'!A0",
    "-2+3",
    "@SUM(1+1)",
]


@pytest.fixture
def markup_game(client):
    """A game whose heroes all carry markup, one round played, then finished."""
    g = client.post("/api/games", json={}).json
    code, host = g["code"], g["host_secret"]
    ids = {}
    for name in NAMES:
        r = client.post(f"/api/games/{code}/players", json={"name": name})
        assert r.status_code == 201, (name, r.json)
        assert r.json["player"]["name"] == name  # stored as typed: escaping is the pages' job
        ids[name] = r.json["player"]["id"]
    client.post(f"/api/games/{code}/rolls", json={}, headers=bearer(host))
    return code, host, ids


def test_no_page_carries_a_name_as_markup(client, markup_game):
    code, _, _ = markup_game
    urls = [f"/host/{code}", f"/play/{code}", "/solo", "/", "/host"]
    for url in urls:
        html = client.get(url).get_data(as_text=True)
        for dangerous in ("<script>X", "<img src=x", "<svg onload", '"><b id=B>'):
            assert dangerous not in html, (url, dangerous)


def test_a_code_in_the_address_is_escaped_on_the_missing_page(client):
    for url in ("/play/<script>X=1</script>", '/host/"><svg onload=X=1>',
                "/play/%3Cimg%20src=x%20onerror=X=2%3E"):
        r = client.get(url)
        assert r.status_code == 404
        html = r.get_data(as_text=True)
        assert "<script>X" not in html and "<svg onload" not in html and "<img src" not in html


def test_json_replies_are_not_sniffed_as_html(client, markup_game):
    code, _, _ = markup_game
    for url in (f"/api/games/{code}", f"/api/games/{code}/scores", f"/api/games/{code}/export.json",
                f"/api/games/{code}/export.csv", "/api/games/NOPE/scores"):
        r = client.get(url)
        assert r.headers["X-Content-Type-Options"] == "nosniff", url
        assert r.mimetype in ("application/json", "text/csv"), url


def test_the_csv_export_never_starts_a_cell_with_a_formula(client, markup_game):
    code, _, _ = markup_game
    text = client.get(f"/api/games/{code}/export.csv").get_data(as_text=True)
    rows = list(csv.reader(io.StringIO(text)))
    names = [row[2] for row in rows[1:]]
    assert len(names) == len(NAMES)
    for cell in names:
        assert cell[:1] not in ("=", "+", "-", "@", "\t", "\r"), cell
    assert "'=HYPERLINK(\"http://x\")" in names and "'-2+3" in names


def test_a_renamed_player_is_checked_like_a_new_one(client, markup_game):
    code, host, ids = markup_game
    pid = ids[NAMES[0]]
    r = client.patch(f"/api/games/{code}/players/{pid}", json={"name": "<b>\u202e\u0000x"},
                     headers=bearer(host))
    assert r.status_code == 200 and r.json["player"]["name"] == "<b>x"  # controls removed


@pytest.mark.browser
def test_markup_names_run_no_script_in_chromium(tmp_path):
    """The host screen, a phone and the podium with markup names: no script runs, no tag appears."""
    from browser_support import ARGS, PHONE, PROJECTOR, chromium_path
    from liveserver import Server
    from playwright.sync_api import sync_playwright

    server = Server(tmp_path / "instance").start()
    try:
        status, g = server.call("POST", "/api/games", {})
        code, host = g["code"], g["host_secret"]
        secrets = {}
        for name in NAMES:
            status, j = server.call("POST", f"/api/games/{code}/players", {"name": name})
            assert status == 201, j
            secrets[name] = (j["player"]["id"], j["secret"])
        base = f"http://127.0.0.1:{server.port}"
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium_path(), args=ARGS)
            try:
                pages = []
                hp = browser.new_page(viewport=PROJECTOR)
                hp.add_init_script(f"localStorage.setItem('dh.host.{code}', {host!r});")
                hp.goto(f"{base}/host/{code}")
                pages.append(hp)
                pid, secret = secrets[NAMES[0]]
                me = json.dumps({"id": pid, "secret": secret, "name": NAMES[0]})
                phone = browser.new_page(viewport=PHONE)
                phone.add_init_script(f"localStorage.setItem('dh.player.{code}', {me!r});")
                phone.goto(f"{base}/play/{code}")
                pages.append(phone)
                hp.wait_for_function("document.body.innerText.includes('<svg onload=X=1>')")
                server.call("POST", f"/api/games/{code}/rolls", {}, host)
                server.call("POST", f"/api/games/{code}/finish", {"go_on": True}, host)
                hp.wait_for_function("document.body.innerText.includes('<script>X=3</script>')")
                phone.wait_for_function(
                    "document.body.innerText.includes('<script>X=3</script>')")
                hp.wait_for_timeout(500)  # the podium and chart draw from the game_over event
                for page in pages:
                    assert page.evaluate("typeof window.X") == "undefined"
                    assert page.evaluate("document.getElementById('B')") is None
                    assert page.locator("script:not([src]):not([type])").count() == 0
            finally:
                browser.close()
    finally:
        server.stop()
