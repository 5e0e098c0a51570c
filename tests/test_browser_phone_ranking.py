"""Phones follow the final ranking live (issue 25.7), in real Chromium at 360x740: a hero
who played every round is told to wait for the others and the host (never "Game over!"
before the host finishes), their place says it is not final while the game goes on or paper
sheets are still to check, and it moves with every approval without a reload."""

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
    wait_idle,
    watch_errors,
)

pytestmark = pytest.mark.browser


def _get(server: str, path: str) -> dict:  # noqa: F811
    with urllib.request.urlopen(server + path) as reply:
        return json.load(reply)


def _put(server: str, path: str, body: dict, secret: str) -> dict:  # noqa: F811
    req = urllib.request.Request(server + path, data=json.dumps(body).encode(), method="PUT",
                                 headers={"Content-Type": "application/json",
                                          "Authorization": f"Bearer {secret}"})
    with urllib.request.urlopen(req) as reply:
        return json.load(reply)


def _server_place(server: str, url: str, name: str) -> str:  # noqa: F811
    """The hero's place as the server has it: ranked among the sheets that are checked."""
    board = [e for e in _get(server, url + "/scores")["leaderboard"] if not e["pending"]]
    mine = next(e for e in board if e["name"] == name)
    return f"You are #{mine['rank']} of {len(board)} heroes."


def _visible_text(page) -> str:
    return page.evaluate("document.body.innerText")


def test_a_phone_follows_the_ranking_live_and_says_when_it_is_not_final(
        browser, server):  # noqa: F811
    game = api_post(server, "/api/games", {"rounds": 1})
    code, host = game["code"], game["host_secret"]
    url = f"/api/games/{code}"
    phone = browser.new_context(viewport=PHONE).new_page()
    errors = watch_errors(phone)
    join_phone(phone, server, code, "Ann")
    heroes = {n: api_post(server, url + "/players", {"name": n}) for n in ("Bob", "Cleo")}
    pen = api_post(server, url + "/players", {"name": "Pen", "paper": True}, host)
    api_post(server, url + "/offer", {"choices": [3, 4]}, host)
    api_post(server, url + "/rolls", {"dice": [3, 3, 5, 1], "number": 1}, host)
    keys = iter(range(100))

    def act(name: str, action: dict) -> None:
        h = heroes[name]
        api_post(server, f"{url}/players/{h['player']['id']}/actions",
                 {"action": action, "roll": 1, "idempotency_key": f"k{next(keys)}"},
                 h["secret"])

    for name, fights in (("Bob", 2), ("Cleo", 1)):  # Bob 2 Honor, Cleo 1: above Ann
        act(name, {"type": "choose", "superpower": 3})
        act(name, {"type": "move", "die": 0, "to": 3})
        for die in range(1, fights + 1):
            act(name, {"type": "minion", "die": die})

    # Ann plays her only round and says Done: the others still play, the host has not finished.
    phone.wait_for_selector("#choose:not([hidden])")
    choose_superpower(phone)
    phone.click("#b-done")
    wait_idle(phone)
    if phone.locator("#b-done").is_enabled():  # the first tap warns about dice left over
        phone.click("#b-done")
        wait_idle(phone)
    phone.wait_for_selector("#final:not([hidden])")
    phone.wait_for_function("document.getElementById('f-place').textContent !== ''")
    assert "Game over" not in _visible_text(phone)
    assert phone.inner_text("#final-title") == "All rounds played"
    assert phone.inner_text("#s-round") == "All rounds played"
    assert "Wait for the others and the host" in phone.inner_text("#msg")
    assert phone.inner_text("#f-final") == "Not final yet: the host has not finished the game."
    assert phone.inner_text("#f-place") == _server_place(server, url, "Ann")
    shot(phone, "phone-ranking-waits-for-the-host-360")

    # The host finishes: "Game over", and the place stays not final: paper may still come in.
    for name in ("Bob", "Cleo"):
        act(name, {"type": "done"})
    if _get(server, url)["status"] != "over":  # the phones all done: over by itself, else
        api_post(server, url + "/finish", {"go_on": True}, host)
    phone.wait_for_function("document.getElementById('final-title').textContent === 'Game over'")
    phone.wait_for_function("document.getElementById('f-final').textContent"
                            " === 'Not final yet: paper sheets can still come in.'")
    # Pen has sent no sheet: 0 Honor beside Ann's
    assert phone.inner_text("#f-place") == _server_place(server, url, "Ann") \
        == "You are #3 of 4 heroes."
    shot(phone, "phone-ranking-over-paper-open-360")

    # Pen's paper sheet comes in (3 Honor): to check, no place yet, and the phone says so.
    _put(server, f"{url}/players/{pen['player']['id']}/paper",
         {"superpower": 3, "rounds": [[{"type": "move", "die": 0, "to": 3},
                                       {"type": "minion", "die": 1}, {"type": "minion", "die": 2},
                                       {"type": "minion", "die": 3}, {"type": "done"}]]},
         pen["secret"])
    phone.wait_for_function("document.getElementById('f-final').textContent"
                            " === '1 paper sheet is still to check.'")
    assert phone.inner_text("#f-place") == _server_place(server, url, "Ann") \
        == "You are #3 of 3 heroes."

    # The host approves it: Pen takes first place, and Ann's phone moves to #4 by itself.
    api_post(server, f"{url}/players/{pen['player']['id']}/paper/approve", {}, host)
    phone.wait_for_function(
        "document.getElementById('f-place').textContent === 'You are #4 of 4 heroes.'")
    assert phone.inner_text("#f-place") == _server_place(server, url, "Ann")
    assert phone.inner_text("#f-top").startswith("#1 Pen")
    shot(phone, "phone-ranking-after-approval-360")

    # Paper entry closed: the ranking is final, and the phone no longer says otherwise.
    api_post(server, url + "/paper/close", {}, host)
    phone.wait_for_selector("#f-final", state="hidden")
    assert phone.inner_text("#f-place") == "You are #4 of 4 heroes."
    assert errors == []
