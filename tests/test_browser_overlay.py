"""The stream overlay in real Chromium (issue 28.5): a transparent page a streaming
program lays over the stream at 1920x1080 and 1280x720, with no secret in its text, that
shows the game the host's delay late."""

from __future__ import annotations

import io
import time

import pytest
from browser_support import (  # noqa: F401
    ARTIFACTS,
    PROJECTOR,
    api_post,
    browser,
    server,
    watch_errors,
)

pytestmark = pytest.mark.browser

HEROES = ("Ann", "Bob", "Cleo")
STREAM = {"width": 1280, "height": 720}


def _game(server: str, delay: int = 0) -> dict:  # noqa: F811
    """A game with three heroes who chose their superpowers; ``delay`` for the overlay."""
    game = api_post(server, "/api/games", {"rounds": 3})
    code, host = game["code"], game["host_secret"]
    heroes = {n: api_post(server, f"/api/games/{code}/players", {"name": n}) for n in HEROES}
    api_post(server, f"/api/games/{code}/offer", {}, host)
    if delay:
        api_post(server, f"/api/games/{code}/overlay", {"delay": delay}, host)
    return {"code": code, "host": host, "heroes": heroes, "offer": None}


def _roll(server: str, g: dict, dice: list[int], number: int) -> None:  # noqa: F811
    api_post(server, f"/api/games/{g['code']}/rolls", {"dice": dice, "number": number},
             g["host"])


def _all_done(server: str, g: dict, roll: int) -> None:  # noqa: F811
    """Every hero says done to ``roll`` (after choosing their superpower in round 1)."""
    import json
    import urllib.request

    for i, hero in enumerate(g["heroes"].values()):
        pid, secret = hero["player"]["id"], hero["secret"]
        path = f"/api/games/{g['code']}/players/{pid}/actions"
        if roll == 1:
            req = urllib.request.Request(f"{server}/api/games/{g['code']}/players/{pid}",
                                         headers={"Authorization": f"Bearer {secret}"})
            with urllib.request.urlopen(req) as reply:
                pick = json.load(reply)["sheet"]["legal"]["choose"][0]
            api_post(server, path, {"action": {"type": "choose", "superpower": pick},
                                    "roll": roll, "idempotency_key": f"c{i}"}, secret)
        api_post(server, path, {"action": {"type": "done"}, "roll": roll,
                                "idempotency_key": f"d{roll}.{i}"}, secret)


def _open(browser, server: str, code: str, viewport: dict):  # noqa: F811
    page = browser.new_context(viewport=viewport).new_page()
    page.goto(f"{server}/overlay/{code}")
    return page


def _composited(page, name: str) -> tuple[int, int, int, int]:
    """The overlay's screenshot without a background, laid over a coloured picture (as a
    streaming program lays it over the stream), saved to look at; the top left pixel of
    the bare screenshot (red, green, blue, alpha)."""
    from PIL import Image

    bare = Image.open(io.BytesIO(page.screenshot(omit_background=True))).convert("RGBA")
    w, h = bare.size
    stream = Image.linear_gradient("L").resize((w, h)).convert("RGB")
    stream = Image.merge("RGB", (stream.split()[0], Image.new("L", (w, h), 140),
                                 Image.new("L", (w, h), 200))).convert("RGBA")
    ARTIFACTS.mkdir(exist_ok=True)
    Image.alpha_composite(stream, bare).save(ARTIFACTS / f"{name}.png")
    return bare.getpixel((5, 5))


@pytest.mark.parametrize("viewport", [PROJECTOR, STREAM], ids=["1920x1080", "1280x720"])
def test_the_overlay_background_is_transparent(browser, server, viewport):  # noqa: F811
    g = _game(server)
    _roll(server, g, [6, 1, 4, 2], 1)
    page = _open(browser, server, g["code"], viewport)
    errors = watch_errors(page)
    page.wait_for_function("document.querySelector('.odie').textContent === '6'")
    size = f"{viewport['width']}x{viewport['height']}"
    assert _composited(page, f"overlay-round-{size}")[3] == 0
    _all_done(server, g, 1)
    page.wait_for_selector("#o-standings:not([hidden]) .orow")
    assert _composited(page, f"overlay-standings-{size}")[3] == 0
    assert not errors


def test_the_overlay_text_has_no_secret(browser, server):  # noqa: F811
    g = _game(server)
    _roll(server, g, [6, 1, 4, 2], 1)
    page = _open(browser, server, g["code"], PROJECTOR)
    page.wait_for_function("document.querySelector('.odie').textContent === '6'")
    shown = page.content() + page.inner_text("body")
    assert g["code"] in shown  # the join code is for everyone (unless the host hides it)
    for secret in [g["host"], *(h["secret"] for h in g["heroes"].values())]:
        assert secret not in shown
    assert "seed" not in shown.lower()


def test_the_delay_holds_the_dice_for_its_seconds(browser, server):  # noqa: F811
    g = _game(server, delay=5)
    page = browser.new_context(viewport=PROJECTOR).new_page()
    page.clock.install()
    page.goto(f"{server}/overlay/{g['code']}")
    page.wait_for_function("document.readyState === 'complete'")
    page.clock.pause_at(time.time() * 1000 + 1000)
    page.clock.run_for(6000)  # the first view, held the delay too
    page.wait_for_function("document.getElementById('o-round').textContent !== ''")
    _roll(server, g, [5, 5, 2, 1], 1)
    for _ in range(200):  # the roll's event reaches the page; it reads the view, holds it
        page.clock.run_for(100)
        if page.get_attribute("#overlay", "data-latest") == "1":
            break
        page.wait_for_timeout(50)
    page.clock.run_for(4500)
    assert page.locator(".odie").first.text_content() == "?"
    page.clock.run_for(1000)
    page.wait_for_function("document.querySelector('.odie').textContent === '5'")
