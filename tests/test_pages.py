"""The HTML pages through the app factory: they render, stay small, and check doodles."""

from __future__ import annotations

import base64
import gzip
import re
import struct
import zlib

import pytest

PHONE_BUDGET = 100 * 1024


def bearer(secret: str) -> dict[str, str]:
    """The Authorization header for a secret."""
    return {"Authorization": f"Bearer {secret}"}


def _png(width: int, height: int, extra: int = 0) -> bytes:
    """A real (tiny, white) PNG of the given size, with ``extra`` bytes of padding chunk."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    raw = b"".join(b"\x00" + b"\xff" * width for _ in range(height))
    head = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", head)
            + chunk(b"IDAT", zlib.compress(raw)) + (chunk(b"tEXt", b"x" * extra) if extra else b"")
            + chunk(b"IEND", b""))


def _url(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode()


class _Game:
    def __init__(self, code: str, host: str) -> None:
        self.code, self.host, self.players = code, host, {}


@pytest.fixture
def game(client):
    """A created game with one player, Ada."""
    r = client.post("/api/games", json={})
    g = _Game(r.json["code"], r.json["host_secret"])
    j = client.post(f"/api/games/{g.code}/players", json={"name": "Ada"}).json
    g.players["Ada"] = (j["player"]["id"], j["secret"])
    return g


def test_every_page_renders(client, game):
    for url in ("/", "/host", f"/host/{game.code}", f"/play/{game.code}",
                f"/play/{game.code.lower()}", "/solo"):
        r = client.get(url)
        assert r.status_code == 200, url
        assert b"<!doctype html>" in r.data
    assert client.get("/join?code=" + game.code).headers["Location"].endswith(f"/play/{game.code}")


def test_no_page_puts_the_sheet_in_a_form(client, game):
    """The sheet's buttons carry no type="button" (bytes of the phone's budget): inside a
    form each would submit it."""
    for url in (f"/play/{game.code}", "/solo", f"/paper/{game.code}"):
        html = client.get(url).get_data(as_text=True)
        before = html[:html.index('<section id="sheet"')]
        assert before.count("<form") == before.count("</form>"), url


def test_unknown_game_is_an_html_404(client):
    r = client.get("/play/NOPE42")
    assert r.status_code == 404 and b"No game NOPE42" in r.data
    assert client.get("/host/<script>").status_code == 404


@pytest.mark.parametrize("lang", ["en", "en_XA"])
def test_the_phone_page_is_under_100_kb_as_transferred(client, game, lang):
    """Every request a phone makes for its sheet, gzipped by the app as a browser gets it;
    in the pseudo-language too, whose words are longer than most languages' and two
    bytes a letter, as Arabic's (a phone receives its own language's words only)."""
    client.set_cookie("lang", lang)
    pid, secret = game.players["Ada"]
    html = client.get(f"/play/{game.code}").data.decode()
    assets = re.findall(r'(?:href|src)="(/static/[^"]+)"', html)
    assert len(assets) == 8 and all("?v=" in a for a in assets), assets  # css, icon, 6 js
    urls = [f"/play/{game.code}", *assets,
            f"/api/games/{game.code}/players/{pid}?edition=0", f"/api/games/{game.code}"]
    raw = sent = 0
    for url in urls:
        r = client.get(url, headers={**bearer(secret), "Accept-Encoding": "gzip, deflate, br"})
        assert r.status_code == 200, url
        body = r.get_data()
        if len(body) > 1024:
            assert r.headers["Content-Encoding"] == "gzip", url
        sent += len(body)
        raw += len(gzip.decompress(body) if r.headers.get("Content-Encoding") else body)
        r.close()
    print(f"phone page ({lang}): {sent} bytes sent gzipped, {raw} bytes raw")
    assert sent < PHONE_BUDGET, (sent, raw)
    # Unzipped, English is at the budget too (101 KB in 2026-11); a language's longer words
    # are not held to it (the pseudo-language's are 111 KB), only to what is transferred.
    assert raw < PHONE_BUDGET or lang != "en", (sent, raw)


def test_text_is_gzipped_only_for_clients_that_accept_it(client, game):
    gz = {"Accept-Encoding": "gzip"}
    r = client.get(f"/play/{game.code}", headers=gz)
    assert r.headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in r.headers["Vary"]
    assert b"<!doctype html>" in gzip.decompress(r.data)
    plain = client.get(f"/play/{game.code}")
    assert "Content-Encoding" not in plain.headers and b"<!doctype html>" in plain.data
    css = client.get("/static/app.css", headers={"Accept-Encoding": "gzip;q=0"})
    assert "Content-Encoding" not in css.headers
    css.close()
    # PNGs are compressed already; tiny replies are not worth it.
    assert "Content-Encoding" not in client.get(f"/api/games/{game.code}/me", headers=gz).headers


def test_the_event_stream_is_never_gzipped(app, game):
    with app.test_client() as c:
        r = c.get(f"/api/games/{game.code}/events", headers={"Accept-Encoding": "gzip"},
                  buffered=False)
        assert r.mimetype == "text/event-stream"
        assert "Content-Encoding" not in r.headers
        first = next(r.response)
        assert first.startswith(b"retry:")
        r.close()


def test_static_files_are_versioned_and_cached(client):
    html = client.get("/").data.decode()
    css = re.search(r'href="(/static/app.css\?v=([0-9a-f]+))"', html)
    assert css, html[:500]
    r = client.get(css.group(1), headers={"Accept-Encoding": "gzip"})
    assert "immutable" in r.headers["Cache-Control"] and "max-age=31536000" in r.headers[
        "Cache-Control"]
    etag = r.headers["ETag"]
    assert etag.startswith('W/"')
    r.close()
    stale = client.get("/static/app.css?v=old")
    assert stale.headers["Cache-Control"] == "no-cache"
    stale.close()
    again = client.get("/static/app.css", headers={"Accept-Encoding": "gzip",
                                                   "If-None-Match": etag})
    assert again.status_code == 304
    again.close()


def test_nothing_is_fetched_from_another_address(client, game):
    for url in (f"/play/{game.code}", f"/host/{game.code}", "/solo", "/"):
        html = client.get(url).data.decode()
        for attr in ('src="http', "src='http", 'href="http', 'src="//', 'href="//', "https://"):
            assert attr not in html, (url, attr)


def test_qr_code_is_svg_of_the_join_link(client, game):
    r = client.get(f"/qr/{game.code}.svg")
    assert r.status_code == 200 and r.mimetype == "image/svg+xml"
    assert r.data.startswith(b"<svg") and b"xmlns" in r.data


def test_the_host_page_shows_the_public_url_behind_a_proxy(app, client, game):
    app.config["PUBLIC_URL"] = "https://dice.school.example/heroes"
    html = client.get(f"/host/{game.code}").data.decode()
    assert "<b>https://dice.school.example/heroes/</b>" in html
    assert f"https://dice.school.example/heroes/play/{game.code}" in html


def test_the_host_page_on_localhost_shows_the_network_address(client, game, monkeypatch):
    from dicehero import addresses

    monkeypatch.setattr(addresses, "lan_ip", lambda: "192.168.1.20")
    html = client.get(f"/host/{game.code}", base_url="http://localhost:5000").data.decode()
    assert f"http://192.168.1.20:5000/play/{game.code}" in html
    assert "localhost" not in html


def test_a_server_listening_on_this_machine_only_says_phones_cannot_join(app, client, game,
                                                                         monkeypatch):
    from dicehero import addresses

    monkeypatch.setattr(addresses, "lan_ip", lambda: "192.168.1.20")
    app.config["LISTEN_HOST"] = "127.0.0.1"
    html = client.get(f"/host/{game.code}", base_url="http://127.0.0.1:5000").data.decode()
    assert f"http://127.0.0.1:5000/play/{game.code}" in html and "192.168.1.20" not in html
    assert "phones cannot" in html and "--host 127.0.0.1" in html


def test_a_server_listening_everywhere_gives_no_warning(app, client, game, monkeypatch):
    from dicehero import addresses

    monkeypatch.setattr(addresses, "lan_ip", lambda: "192.168.1.20")
    app.config["LISTEN_HOST"] = "0.0.0.0"
    html = client.get(f"/host/{game.code}", base_url="http://127.0.0.1:5000").data.decode()
    assert f"http://192.168.1.20:5000/play/{game.code}" in html
    assert "phones cannot" not in html


@pytest.mark.parametrize("asked_at", ["http://127.0.0.1:5000", "http://localhost:5000"])
def test_a_computer_on_no_network_says_phones_cannot_open_its_address(app, client, game,
                                                                      monkeypatch, asked_at):
    from dicehero import addresses

    monkeypatch.setattr(addresses, "lan_ip", lambda: "127.0.0.1")  # no Wi-Fi, no cable
    app.config["LISTEN_HOST"] = "0.0.0.0"
    html = client.get(f"/host/{game.code}", base_url=asked_at).data.decode()
    assert f"{asked_at}/play/{game.code}" in html  # all it can show
    assert "on no network: phones cannot open this" in html
    assert "--host" not in html  # not the warning of a server bound to this machine


def test_the_phone_sheet_before_the_first_roll_says_so(client, game):
    html = client.get(f"/play/{game.code}").data.decode()
    assert 'id="s-round" aria-live="polite">Before the first roll</span>' in html
    assert "Round 0" not in html


def test_doodle_is_checked_and_stored(client, game):
    pid, secret = game.players["Ada"]
    url = f"/api/games/{game.code}/players/{pid}/doodle"
    ok = client.put(url, json={"png": _url(_png(160, 160))}, headers=bearer(secret))
    assert ok.status_code == 200 and ok.json["width"] == 160
    got = client.get(url + ".png")
    assert got.status_code == 200 and got.data == _png(160, 160)
    got.close()
    for png, status in ((_png(1000, 10), 422), (_png(50, 50, extra=30_000), 413)):
        r = client.put(url, json={"png": _url(png)}, headers=bearer(secret))
        want = "bad_doodle" if status == 422 else "doodle_too_big"
        assert r.status_code == status and r.json["error"]["code"] == want
    for body in ({"png": "data:image/png;base64,!!!"}, {"png": "data:text/html,<b>"},
                 {"png": _url(b"GIF89a" + b"\0" * 40)}):
        r = client.put(url, json=body, headers=bearer(secret))
        assert r.status_code == 422 and r.json["error"]["code"] == "bad_doodle"
    assert client.put(url, json={"png": _url(_png(9, 9))}).status_code == 401
    other = client.post(f"/api/games/{game.code}/players", json={"name": "Bo"}).json["secret"]
    assert client.put(url, json={"png": _url(_png(9, 9))},
                      headers=bearer(other)).status_code == 403
    r = client.get(f"/api/games/{game.code}/players/999/doodle.png")
    assert r.status_code == 404 and r.json["error"]["code"] == "unknown_player"
    bo = client.get(f"/api/games/{game.code}/me", headers=bearer(other)).json["player"]["id"]
    r = client.get(f"/api/games/{game.code}/players/{bo}/doodle.png")
    assert r.status_code == 404 and r.json["error"]["code"] == "no_doodle"


def test_doodles_live_in_the_database_for_every_process(client, game, database_url):
    from dicehero.web import create_app

    pid, secret = game.players["Ada"]
    url = f"/api/games/{game.code}/players/{pid}/doodle"
    png = _png(20, 20)
    assert client.put(url, json={"png": _url(png)}, headers=bearer(secret)).status_code == 200
    # Another server process on the same database serves the same picture.
    other = create_app({"TESTING": True, "DATABASE_URL": database_url})
    try:
        got = other.test_client().get(url + ".png")
        assert got.status_code == 200 and got.data == png and got.mimetype == "image/png"
        again = other.test_client().get(url + ".png",
                                        headers={"If-None-Match": got.headers["ETag"]})
        assert again.status_code == 304
    finally:
        other.extensions["dicehero.store"].engine.dispose()
    # The host hears of it (once: the same picture again is no news).
    client.put(url, json={"png": _url(png)}, headers=bearer(secret))
    types = [e["type"] for e in _events(client, game.code)]
    assert types.count("player_doodle") == 1


def _events(client, code: str) -> list[dict]:
    import json

    state = client.get(f"/api/games/{code}").json
    store = client.application.extensions["dicehero.store"]
    with store.read() as s:
        from dicehero.store.models import EventRow, Game

        gid = s.query(Game.id).filter(Game.code == code).scalar()
        rows = s.query(EventRow).filter(EventRow.game_id == gid).order_by(EventRow.seq).all()
        assert rows[-1].seq == state["last_event_id"]
        return [json.loads(r.data) for r in rows]


def test_the_site_has_an_icon(client):
    r = client.get("/favicon.ico")
    assert r.status_code == 301 and r.headers["Location"].startswith("/static/favicon.svg")
    icon = client.get(r.headers["Location"])
    assert icon.status_code == 200 and icon.mimetype == "image/svg+xml"
    assert b"<svg" in icon.get_data()
    icon.close()
    assert 'rel="icon"' in client.get("/").get_data(as_text=True)


def test_the_phone_sheet_marks_both_city_hall_diagonals_with_a_wild_die(client) -> None:
    code = client.post("/api/games", json={}).json["code"]
    html = client.get(f"/play/{code}").get_data(as_text=True)
    cells = re.findall(r'<button class="box cell" data-loc="1" data-slot="(\d)"'
                       r'.*?</button>', html, re.S)
    marked = {}
    for m in re.finditer(r'data-loc="1" data-slot="(\d)".*?</button>', html, re.S):
        marked[int(m.group(1))] = m.group(0).count("ic-wild")
    assert len(cells) == 9
    assert {slot for slot, n in marked.items() if n} == {0, 2, 4, 6, 8}
    assert marked[4] == 1  # the middle 2 is on both diagonals: one mark, not two


@pytest.mark.parametrize(("mode", "offered"), [("table", ["3", "4"]),
                                                ("each", ["1", "2", "3", "4", "5", "6"])])
def test_the_marks_page_offers_the_superpowers_a_paper_hero_may_have_chosen(client, mode, offered):
    """The table's two when the table rolled them; every one when each hero rolled their own
    at their desk (the server never saw those dice)."""
    g = client.post("/api/games", json={"power_mode": mode}).json
    code = g["code"]
    if mode == "table":
        assert client.post(f"/api/games/{code}/offer", json={"choices": [3, 4]},
                           headers=bearer(g["host_secret"])).status_code == 200
    html = client.get(f"/paper/{code}/marks").data.decode()
    select = html[html.index('id="m-power"'):html.index("</select>", html.index('id="m-power"'))]
    assert re.findall(r'<option value="(\d+)"', select) == offered
