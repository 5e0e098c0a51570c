"""The HTML pages through the app factory: they render, stay small, and check doodles."""

from __future__ import annotations

import base64
import gzip
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


def test_unknown_game_is_an_html_404(client):
    r = client.get("/play/NOPE42")
    assert r.status_code == 404 and b"No game NOPE42" in r.data
    assert client.get("/host/<script>").status_code == 404


def test_the_phone_page_is_under_100_kb_compressed_and_raw(client, game):
    pid, secret = game.players["Ada"]
    urls = [f"/play/{game.code}", "/static/app.css", "/static/sheet.js", "/static/play.js",
            f"/api/games/{game.code}/players/{pid}?edition=0", f"/api/games/{game.code}"]
    raw = zipped = 0
    for url in urls:
        r = client.get(url, headers=bearer(secret))
        assert r.status_code == 200, url
        raw += len(r.data)
        zipped += len(gzip.compress(r.data))
        r.close()
    assert zipped < PHONE_BUDGET and raw < PHONE_BUDGET, (raw, zipped)


def test_nothing_is_fetched_from_another_address(client, game):
    for url in (f"/play/{game.code}", f"/host/{game.code}", "/solo", "/"):
        html = client.get(url).data.decode()
        for attr in ('src="http', "src='http", 'href="http', 'src="//', 'href="//', "https://"):
            assert attr not in html, (url, attr)


def test_qr_code_is_svg_of_the_join_link(client, game):
    r = client.get(f"/qr/{game.code}.svg")
    assert r.status_code == 200 and r.mimetype == "image/svg+xml"
    assert r.data.startswith(b"<svg") and b"xmlns" in r.data


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
    assert r.status_code == 404 and r.json["error"]["code"] == "no_doodle"
