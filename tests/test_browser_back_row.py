"""Readable from the back row with 100 heroes (issue 25.8), in real Chromium at 1920x1080
and 1280x720: the projector lists every hero in columns that fit the screen (no panel to
scroll), the die map and the "still playing" list are at least 24 px, the podium stands on
top after the game, and the host's "Check sheet" never opens on the projected tab."""

from __future__ import annotations

import json
import urllib.request

import pytest
from browser_support import (  # noqa: F401
    PROJECTOR,
    api_post,
    browser,
    open_projector,
    server,
    shot,
    watch_errors,
)

pytestmark = pytest.mark.browser

SMALL_PROJECTOR = {"width": 1280, "height": 720}
SIZES = [PROJECTOR, SMALL_PROJECTOR]
IDS = ["1920", "1280"]


def _names(n: int) -> list[str]:
    """``n`` heroes' names as a class writes them: short, long, Cyrillic, Arabic, an emoji."""
    odd = ["Александра", "مريم", "Zoë 🦖", "Maximilian-Alexander", "Li"]
    return [odd[i] if i < len(odd) else f"Hero {i + 1}" for i in range(n)]


def _join(server: str, code: str, name: str, device: int) -> dict:  # noqa: F811
    """A phone joins: its own device cookie, as each child's phone has."""
    req = urllib.request.Request(f"{server}/api/games/{code}/players",
                                 data=json.dumps({"name": name}).encode(),
                                 headers={"Content-Type": "application/json",
                                          "Cookie": f"dicehero_device=phone-{device:010d}"})
    with urllib.request.urlopen(req) as reply:
        return json.load(reply)


class Class:
    """A game of ``n`` phone heroes, played through the API while the projector watches."""

    def __init__(self, server: str, n: int, rounds: int = 2) -> None:  # noqa: F811
        self.server = server
        game = api_post(server, "/api/games", {"rounds": rounds})
        self.code, self.host = game["code"], game["host_secret"]
        self.url = f"/api/games/{self.code}"
        self.heroes = [_join(server, self.code, name, i) for i, name in enumerate(_names(n))]
        api_post(server, self.url + "/offer", {"choices": [3, 4]}, self.host)
        self.round = 0

    def roll(self) -> None:
        self.round += 1
        api_post(self.server, self.url + "/rolls",
                 {"dice": [3, 3, 5, 1], "number": self.round, "go_on": True}, self.host)

    def done(self, heroes: list[dict]) -> None:
        for h in heroes:
            api_post(self.server, f"{self.url}/players/{h['player']['id']}/actions",
                     {"action": {"type": "done"}, "roll": self.round,
                      "idempotency_key": f"d{self.round}-{h['player']['id']}"}, h["secret"])

    def projector(self, browser, viewport):  # noqa: F811
        return open_projector(browser, self.server, self.code, self.host, len(self.heroes),
                              viewport, tools=False)


# Where every hero's line is, whether the list scrolls on its own, and its names' size.
HERO_LIST = """() => {
    const ul = document.getElementById('players'), box = ul.closest('.roster');
    const lis = [...ul.children].map((li) => { const r = li.getBoundingClientRect();
        const n = li.querySelector('.pname');
        return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
                clipped: n.scrollWidth > n.clientWidth + 1,
                size: parseFloat(getComputedStyle(n).fontSize)}; });
    return {lis, scrolls: box.scrollHeight > box.clientHeight + 1,
            columns: new Set(lis.map((l) => Math.round(l.left))).size,
            pageScrolls: document.documentElement.scrollHeight > innerHeight + 1,
            width: innerWidth, height: innerHeight};
}"""


def _all_heroes_seen(page, n: int) -> dict:
    if page.viewport_size["width"] <= 1300:  # below the join code and the dice: one screen
        page.eval_on_selector(".roster", "e => e.scrollIntoView()")
    seen = page.evaluate(HERO_LIST)
    assert len(seen["lis"]) == n
    assert not seen["scrolls"], "the hero list is a panel to scroll"
    for li in seen["lis"]:  # every hero on the screen, whole, none cut off
        assert li["top"] >= 0 and li["bottom"] <= seen["height"] + 0.5, li
        assert li["left"] >= 0 and li["right"] <= seen["width"] + 0.5, li
        assert not li["clipped"], li
    return seen


@pytest.mark.parametrize("n", [32, 100])
@pytest.mark.parametrize("viewport", SIZES, ids=IDS)
def test_the_projector_lists_every_hero_in_columns_that_fit_without_scrolling(
        browser, server, viewport, n):  # noqa: F811
    room = Class(server, n)
    page = room.projector(browser, viewport)
    errors = watch_errors(page)
    shot(page, f"back-row-{n}-joined-{viewport['width']}")
    seen = _all_heroes_seen(page, n)  # before the first roll: the join code beside them
    room.roll()
    room.done(room.heroes[: n // 2])
    page.wait_for_function(f"document.getElementById('done-n').textContent === '{n // 2}'")
    page.evaluate("scrollTo(0, 0)")
    shot(page, f"back-row-{n}-playing-{viewport['width']}")
    seen = _all_heroes_seen(page, n)  # a round on: the dice, who is done, who still plays
    assert min(li["size"] for li in seen["lis"]) >= (24 if n <= 32 else 18)
    assert seen["columns"] >= (1 if n <= 32 else 3)
    page.evaluate("scrollTo(0, 0)")  # the top of the screen, as projected
    still = page.eval_on_selector("#waiting-for", "e => parseFloat(getComputedStyle(e).fontSize)")
    assert still >= 24
    assert page.evaluate("""() => { const r = document.getElementById('waiting-for')
        .getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }""")
    assert errors == []


@pytest.mark.parametrize("viewport", SIZES, ids=IDS)
def test_with_100_heroes_the_die_map_is_read_at_24_px_and_the_podium_stands_on_top(
        browser, server, viewport):  # noqa: F811
    room = Class(server, 100)
    page = room.projector(browser, viewport)
    errors = watch_errors(page)
    room.roll()
    room.done(room.heroes)
    page.wait_for_selector("#decisions:not([hidden])")
    shot(page, f"back-row-100-break-{viewport['width']}")
    sizes = page.eval_on_selector_all(
        "#decisions caption, #decisions th, #decisions td",
        "els => els.map((e) => parseFloat(getComputedStyle(e).fontSize))")
    assert min(sizes) >= 24, sizes
    room.roll()
    room.done(room.heroes)  # the last round: the game is over
    page.wait_for_selector("#results:not([hidden]) #podium li")
    podium = page.evaluate("""() => [...document.querySelectorAll('#podium li')].map((li) => {
        const r = li.getBoundingClientRect(); return [r.top, r.bottom]; })""")
    assert len(podium) == 3
    assert all(top >= 0 and bottom <= page.viewport_size["height"] for top, bottom in podium)
    shot(page, f"back-row-100-podium-{viewport['width']}")
    assert errors == []


def test_check_sheet_opens_in_a_new_tab_never_on_the_projected_one(browser, server):  # noqa: F811
    room = Class(server, 2, rounds=1)
    pen = api_post(server, room.url + "/players", {"name": "Pen", "paper": True}, room.host)
    room.roll()
    sheet = {"superpower": 3, "rounds": [[{"type": "done"}]]}
    req = urllib.request.Request(f"{server}{room.url}/players/{pen['player']['id']}/paper",
                                 data=json.dumps(sheet).encode(), method="PUT",
                                 headers={"Content-Type": "application/json",
                                          "Authorization": f"Bearer {pen['secret']}"})
    urllib.request.urlopen(req).read()
    room.done(room.heroes)
    page = open_projector(browser, server, room.code, room.host, 3, PROJECTOR, tools=False)
    page.wait_for_selector("#results:not([hidden])")
    page.wait_for_selector("#pending li")
    links = page.eval_on_selector_all(
        "a", "as => as.filter((a) => a.textContent === 'Check sheet')"
             ".map((a) => ({target: a.target, rel: a.rel, seen: !!a.offsetParent}))")
    assert links, "the host can check Pen's sheet"
    assert all(a["target"] == "_blank" and "noopener" in a["rel"] for a in links), links
    with page.context.expect_page() as tab:
        page.locator("#pending a", has_text="Check sheet").click()
    tab.value.wait_for_load_state()
    assert "/paper/" in tab.value.url and "/host/" in page.url  # the projected tab stays
