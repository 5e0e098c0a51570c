"""The projector carries the room (issue 9, section 6), in real Chromium at 1920x1080: the
standings between rounds, no host-only controls in the class's view, names readable from
the back, and a results screen without leftovers."""

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

HEROES = ("Ann", "Bob", "Cleo", "Dmitri", "Eve", "Finn", "Gus")


class Table:
    """A game played through the API by the heroes, while the projector watches."""

    def __init__(self, server: str, rounds: int = 6) -> None:  # noqa: F811
        self.server = server
        game = api_post(server, "/api/games", {"rounds": rounds})
        self.code, self.host = game["code"], game["host_secret"]
        self.heroes = {name: api_post(server, f"/api/games/{self.code}/players",
                                      {"name": name}) for name in HEROES}
        api_post(server, f"/api/games/{self.code}/offer", {}, self.host)
        self.round = 0
        self.keys = 0

    def act(self, name: str, action: dict) -> None:
        hero = self.heroes[name]
        self.keys += 1
        api_post(self.server, f"/api/games/{self.code}/players/{hero['player']['id']}/actions",
                 {"action": action, "roll": self.round, "idempotency_key": f"k{self.keys}"},
                 hero["secret"])

    def roll(self) -> None:
        self.round += 1
        api_post(self.server, f"/api/games/{self.code}/rolls",
                 {"dice": [3, 3, 3, 3], "number": self.round}, self.host)
        if self.round == 1:
            for name in HEROES:
                hero = self.heroes[name]
                req = urllib.request.Request(
                    f"{self.server}/api/games/{self.code}/players/{hero['player']['id']}",
                    headers={"Authorization": f"Bearer {hero['secret']}"})
                with urllib.request.urlopen(req) as reply:
                    pick = json.load(reply)["sheet"]["legal"]["choose"][0]
                self.act(name, {"type": "choose", "superpower": pick})

    def minions(self, name: str, n: int) -> None:
        """``name`` moves to Downtown with one die and fights ``n`` Robot Minions."""
        self.act(name, {"type": "move", "die": 0, "to": 3})
        for die in range(1, n + 1):
            self.act(name, {"type": "minion", "die": die})

    def all_done(self) -> None:
        for name in HEROES:
            self.act(name, {"type": "done"})

    def projector(self, browser):  # noqa: F811
        return open_projector(browser, self.server, self.code, self.host, len(HEROES))


def test_between_rounds_the_projector_shows_the_top_five_and_who_climbed_most(
        browser, server):  # noqa: F811
    table = Table(server)
    table.roll()
    table.minions("Ann", 1)
    table.all_done()
    page = table.projector(browser)
    errors = watch_errors(page)
    page.wait_for_selector("#standings:not([hidden])")
    assert page.inner_text("#standings-h") == "Standings after round 1"
    rows = page.locator("#top5 li")
    assert rows.count() == 5
    assert "Ann" in rows.first.inner_text() and "1 Honor" in rows.first.inner_text()
    assert page.inner_text("#climber") == ""  # everyone started level: nobody climbed yet
    assert page.is_hidden("#progress")

    table.roll()
    page.wait_for_selector("#standings", state="hidden")  # the round is being played
    assert page.is_visible("#progress")
    table.minions("Bob", 2)
    table.all_done()
    page.wait_for_function("document.getElementById('standings-h').textContent"
                           " === 'Standings after round 2'")
    page.wait_for_selector("#standings:not([hidden])")
    assert "Bob" in rows.first.inner_text() and "▲1" in rows.first.inner_text()
    assert page.inner_text("#climber") == "Biggest climb this round: Bob (now #1), up 1 place"
    # The decision map: what the seven heroes did with each die, by shares of the class.
    page.wait_for_selector("#decisions:not([hidden])")
    grid = page.eval_on_selector_all(
        "#decisions-body tr", "rows => rows.map((r) => [...r.cells].map((c) => c.textContent))")
    assert len(grid) == 4 and [row[0] for row in grid] == ["3"] * 4
    header = page.eval_on_selector_all("#decisions thead th",
                                       "ths => ths.map((t) => t.textContent)")
    first = dict(zip(header, grid[0], strict=True))
    assert (first["Move"], first["Skip"]) == ("14%", "86%")  # Bob moved with die 1
    for row in grid:  # each die: every hero counted once (shares rounded to whole percents)
        assert 98 <= sum(int(c.rstrip("%")) for c in row[1:] if c) <= 102
    for selector in ("#standings", "#decisions", "#b-roll"):  # in view, no scrolling
        box = page.locator(selector).bounding_box()
        assert box["y"] + box["height"] <= PROJECTOR["height"], selector
    shot(page, "host-standings-1920")
    assert errors == []


def test_the_projected_view_shows_no_host_only_controls_until_the_host_asks(
        browser, server):  # noqa: F811
    table = Table(server)
    page = table.projector(browser)
    for control in ("Rename", "Remove", "Lock the list", "Add on paper"):
        assert page.get_by_role("button", name=control).count() == 0 or not any(
            b.is_visible() for b in page.get_by_role("button", name=control).all()), control
    assert page.is_hidden("#roster-tools") and page.is_hidden("#paper-add")
    # Printing and typing in dice rolled by hand are the host's too.
    for summary in ("Print sheets", "Type in dice rolled by hand"):
        assert not page.get_by_text(summary).is_visible(), summary
    assert page.is_hidden("#print") and page.is_hidden("#typed")
    shot(page, "host-projected-no-tools-1920")
    page.click("#b-tools")
    assert page.get_attribute("#b-tools", "aria-pressed") == "true"
    page.get_by_role("button", name="Rename Ann").wait_for()
    assert page.is_visible("#roster-tools") and page.is_visible("#paper-add")
    assert page.is_visible("#print") and page.is_visible("#typed")
    page.reload()  # the host's choice is remembered on this screen
    page.get_by_role("button", name="Remove Ann").wait_for()
    shot(page, "host-tools-on-1920")
    page.click("#b-tools")
    page.get_by_role("button", name="Rename Ann").wait_for(state="detached")


# Each name shown: its text, its computed size and how many lines it takes.
NAME_SIZES = """els => els.map((e) => ({
    name: e.textContent, size: parseFloat(getComputedStyle(e).fontSize),
    lines: Math.round(e.getBoundingClientRect().height /
                      parseFloat(getComputedStyle(e).lineHeight))}))"""


def _readable(names, expected) -> None:
    assert sorted(n["name"] for n in names) == sorted(expected)
    assert min(n["size"] for n in names) >= 32, names
    assert all(n["lines"] == 1 for n in names), names  # each name whole, on one line


def test_names_and_doodles_are_readable_from_the_back_of_the_room(browser, server):  # noqa: F811
    table = Table(server, rounds=2)
    page = table.projector(browser)
    _readable(page.eval_on_selector_all(".pname", NAME_SIZES), HEROES)  # the heroes joined
    assert page.eval_on_selector(".players img", "img => img.width") >= 48

    table.roll()  # the standings between rounds: the top five
    table.minions("Cleo", 2)
    table.all_done()
    page.wait_for_selector("#standings:not([hidden]) #top5 li")
    names = page.eval_on_selector_all("#top5 .sname", NAME_SIZES)
    assert names[0]["name"] == "Cleo"
    _readable(names, [n["name"] for n in names])
    assert len(names) == 5
    shot(page, "host-standings-names-1920")

    table.roll()  # the last round, done by everyone: the podium
    table.all_done()
    page.wait_for_selector("#results:not([hidden]) #podium li")
    names = page.eval_on_selector_all("#podium .pn", NAME_SIZES)
    assert len(names) == 3 and names[0]["name"] == "Cleo"
    _readable(names, [n["name"] for n in names])
    shot(page, "host-podium-1920")


def test_after_the_game_the_offer_is_gone_and_the_dice_check_is_one_click_away(
        browser, server):  # noqa: F811
    table = Table(server, rounds=1)
    table.roll()
    table.all_done()  # the last round done by everyone: the game is over
    page = table.projector(browser)
    page.wait_for_selector("#results:not([hidden])")
    assert page.is_hidden("#offer") and page.is_hidden("#standings")
    assert page.get_attribute("#check", "open") is None and page.is_hidden("#seed")
    page.click("#check summary")
    assert page.is_visible("#seed") and len(page.inner_text("#seed")) == 64
    shot(page, "host-results-check-closed-1920", full_page=True)
