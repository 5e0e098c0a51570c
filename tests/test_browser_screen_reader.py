"""The phone speaks to a blind child itself (issue 25.11), in real Chromium at 360x740:
its polite live region (#sr) says each roll's round and dice, and between rounds the
hero's place, in the phone's language, unless the host keeps ranks for the end."""

from __future__ import annotations

import json
import urllib.request

import pytest
from browser_support import (  # noqa: F401
    PHONE,
    api_post,
    browser,
    choose_superpower,
    join_phone,
    server,
    shot,
    spend_round,
    watch_errors,
)
from playwright.sync_api import Error as PlaywrightError
from test_browser_back_row import Class

pytestmark = pytest.mark.browser


def _game_with_a_phone(browser, server: str, locale: str, ranks_at_end: bool = False):  # noqa: F811
    """A 2-round game, Bob on the API and the phone's hero joined in ``locale``."""
    game = api_post(server, "/api/games", {"rounds": 2})
    code, host = game["code"], game["host_secret"]
    url = f"/api/games/{code}"
    if ranks_at_end:
        api_post(server, url + "/room", {"ranks_at_end": True}, host)
    bob = api_post(server, url + "/players", {"name": "Bob"})
    phone = browser.new_context(viewport=PHONE, locale=locale).new_page()
    errors = watch_errors(phone)
    phone.goto(f"{server}/play/{code}")
    phone.fill("#hero-name", "Ann")
    phone.click("#join-form [type=submit]")
    phone.wait_for_selector("#game:not([hidden])")
    me = phone.evaluate(f"JSON.parse(localStorage.getItem('dh.player.{code}'))")
    api_post(server, url + "/offer", {"choices": [3, 4]}, host)
    api_post(server, url + "/rolls", {"dice": [3, 3, 5, 1], "number": 1}, host)
    return phone, errors, url, me, bob


def _done_with_round_1(server: str, url: str, hero: dict, key: str) -> None:  # noqa: F811
    for k, action in enumerate(({"type": "choose", "superpower": 3}, {"type": "done"})):
        api_post(server, f"{url}/players/{hero['id']}/actions",
                 {"action": action, "roll": 1, "idempotency_key": f"{key}{k}"}, hero["secret"])


def _said(phone, text: str) -> str:
    phone.wait_for_function(f"document.getElementById('sr').textContent.includes({json.dumps(text)})")
    return phone.locator("#sr").text_content()


def test_a_roll_is_said_with_its_round_and_four_dice_in_the_phones_language(
        browser, server):  # noqa: F811
    phone, errors, _url, _me, _bob = _game_with_a_phone(browser, server, "fr-FR")
    said = _said(phone, "3, 3, 5, 1")  # the host typed these dice in: the line says so too
    assert said.startswith("Manche 1") and "Round" not in said
    assert phone.locator("#sr").get_attribute("aria-live") == "polite"
    shot(phone, "sr-roll-fr-360")
    assert errors == []


def test_between_rounds_the_phone_says_the_heros_place(browser, server):  # noqa: F811
    phone, errors, url, _me, bob = _game_with_a_phone(browser, server, "en-US")
    _said(phone, "Round 1: 3, 3, 5, 1")
    _done_with_round_1(server, url, {"id": bob["player"]["id"], "secret": bob["secret"]}, "b")
    choose_superpower(phone)
    spend_round(phone)
    assert _said(phone, "You are #") in ("You are #1 of 2 heroes.", "You are #2 of 2 heroes.")
    shot(phone, "sr-place-between-rounds-360")
    assert errors == []


def test_with_ranks_at_the_end_the_phone_says_no_place_between_rounds(
        browser, server):  # noqa: F811
    phone, errors, url, me, _bob = _game_with_a_phone(browser, server, "en-US", True)
    _said(phone, "Round 1: 3, 3, 5, 1")
    _done_with_round_1(server, url, me, "a")
    # Reloaded on the done sheet, the phone's sheet read brings the place it would say. A
    # read the old page had in flight (the round's count came) may be the one caught: its
    # body is gone with the page, so the reload is tried again.
    for _ in range(3):
        with phone.expect_response(lambda r: f"/players/{me['id']}?" in r.url) as read:
            phone.reload()
        read.value.finished()
        phone.evaluate("new Promise((r) => setTimeout(r, 0))")  # the reply's handler has run
        try:
            reply = read.value.json()
            break
        except PlaywrightError:
            continue
    else:
        pytest.fail("the reloaded phone's sheet read was never caught")
    assert reply["place"]["ranks_hidden"] is True
    assert "#" not in phone.locator("#sr").text_content()
    assert errors == []


def test_in_a_class_of_120_the_phone_says_its_place_between_rounds_without_the_scores(
        browser, server):  # noqa: F811
    """Past 100 heroes too (the phone once asked for its place only up to 100, since it read
    the whole class's /scores): its own place, as /scores ranks it, and /scores unread."""
    room = Class(server, 120)
    phone = browser.new_context(viewport=PHONE, locale="en-US").new_page()
    errors = watch_errors(phone)
    read: list[str] = []
    phone.on("request", lambda r: read.append(r.url))
    join_phone(phone, server, room.code, "Ann")
    room.roll()
    for i, h in enumerate(room.heroes[:60]):  # half the class ahead of Ann, some tied
        act = _actor(server, room.url, h)
        act({"type": "choose", "superpower": 3})
        act({"type": "move", "die": 0, "to": 3})
        for die in range(1, 1 + i % 3):
            act({"type": "minion", "die": die})
    room.done(room.heroes)
    choose_superpower(phone)
    spend_round(phone)
    said = _said(phone, "You are #")
    board = [e for e in json.load(urllib.request.urlopen(server + room.url + "/scores"))[
        "leaderboard"] if not e["pending"]]
    mine = next(e for e in board if e["name"] == "Ann")
    assert len(board) == 121
    assert said == f"You are #{mine['rank']} of 121 heroes."
    assert not [u for u in read if u.endswith("/scores")]
    shot(phone, "sr-place-121-heroes-360")
    assert errors == []


def _actor(server: str, url: str, hero: dict):  # noqa: F811
    keys = iter(range(10))
    pid = hero["player"]["id"]

    def act(action: dict) -> None:
        api_post(server, f"{url}/players/{pid}/actions",
                 {"action": action, "roll": 1, "idempotency_key": f"a{pid}-{next(keys)}"},
                 hero["secret"])
    return act
