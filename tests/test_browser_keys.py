"""The sheet by keyboard (issue 25.10): number keys choose a die, the arrows go round the
lit places only, Enter plays there, U undoes, D is Done, and after each play the keyboard
is back on the dice. A whole round of 4 dice takes at most 30 key presses (it took 319 when
every box was a tab stop)."""

from __future__ import annotations

import pytest
from browser_support import (  # noqa: F401
    PHONE,
    api_post,
    browser,
    choose_superpower,
    server,
    shot,
    wait_idle,
)

pytestmark = pytest.mark.browser

# The lit places in the arrows' order (sheet_keys.js): the sheet's, then the controls'.
LIT = """() => [...document.querySelectorAll('#sheet .locs .legal'),
                ...document.querySelectorAll('#sheet .hud .legal')]
  .filter((el) => !el.hidden && !el.disabled && el.getClientRects().length)
  .map((el) => el.matches('.box') ? 'box' : el.matches('.move') ? 'move'
       : el.matches('.minion') ? 'minion' : el.matches('[data-skip]') ? 'skip' : 'other')"""
FOCUS_AT = """() => { const lit = [...document.querySelectorAll('#sheet .locs .legal'),
                ...document.querySelectorAll('#sheet .hud .legal')]
  .filter((el) => !el.hidden && !el.disabled && el.getClientRects().length);
  return lit.indexOf(document.activeElement); }"""
FOCUSED = "() => document.activeElement.getAttribute('aria-label') || ''"


class Keyboard:
    """The page's keyboard, counting every key pressed."""

    def __init__(self, page) -> None:
        self.page = page
        self.presses = 0

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.presses += 1


def _phone_with_a_power(browser, server):  # noqa: F811
    game = api_post(server, "/api/games", {})
    code, host = game["code"], game["host_secret"]
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(f"{server}/play/{code}")
    page.fill("#hero-name", "Keys")
    page.press("#hero-name", "Enter")
    page.wait_for_selector("#game:not([hidden])")
    api_post(server, f"/api/games/{code}/offer", {}, host)
    page.wait_for_selector("#choose:not([hidden])")
    choose_superpower(page)
    return page, code, host


def _roll(page, server, code, host, round_no: int) -> None:  # noqa: F811
    api_post(server, f"/api/games/{code}/rolls", {}, host)
    page.wait_for_function(
        f"document.getElementById('s-round').textContent.startsWith('Round {round_no} ')")
    page.wait_for_function("!document.querySelector('.die:disabled:not([hidden])')")
    wait_idle(page)


def _play_a_round_by_keys(page) -> int:
    """Play every die of the open round on a lit place (a mark on the sheet first, then a
    move, a Robot Minion, Skip) and say Done, by keys only; the number of keys pressed."""
    keys = Keyboard(page)
    for die in range(4):
        if page.locator(f'[data-die="{die}"].used').count():
            continue
        keys.press(str(die + 1))
        lit = page.evaluate(LIT)
        assert lit, "a die lights up at least Skip"
        at = page.evaluate(FOCUS_AT)
        assert at == 0, "the keyboard goes to the first lit place"
        # What a screen reader says there: the place and that the die can go there.
        assert page.evaluate(FOCUSED).endswith(("You can play here.", "You can move here.")) \
            or lit[0] in ("skip", "other")
        want = next(k for kind in ("box", "move", "minion", "skip", "other")
                    for k, got in enumerate(lit) if got == kind)
        for _ in range((want - at) % len(lit)):
            keys.press("ArrowDown")
        assert page.evaluate(FOCUS_AT) == want
        keys.press("Enter")
        if page.locator("#picker:visible").count():
            keys.press("Enter")  # the picker's first choice has the keyboard
        wait_idle(page)
        page.wait_for_function("document.activeElement.matches('.die:not(.used), #b-done')")
    keys.press("d")
    wait_idle(page)
    if page.locator("#b-done:not(:disabled)").count():  # dice left over: D again leaves them
        keys.press("d")
        wait_idle(page)
    page.wait_for_selector("#b-done:disabled")
    return keys.presses


def test_a_round_of_four_dice_takes_at_most_30_key_presses(browser, server):  # noqa: F811
    page, code, host = _phone_with_a_power(browser, server)
    for round_no in (1, 2, 3):
        _roll(page, server, code, host, round_no)
        presses = _play_a_round_by_keys(page)
        print(f"round {round_no}: {presses} key presses")
        assert presses <= 30, f"round {round_no} took {presses} key presses"
    assert page.evaluate("document.getElementById('msg').textContent").startswith("Done")


def test_the_arrows_go_round_the_lit_places_only(browser, server):  # noqa: F811
    page, code, host = _phone_with_a_power(browser, server)
    _roll(page, server, code, host, 1)
    page.keyboard.press("1")
    lit = page.evaluate(LIT)
    seen = []
    for _ in range(len(lit)):
        assert page.evaluate("document.activeElement.classList.contains('legal')")
        seen.append(page.evaluate(FOCUS_AT))
        page.keyboard.press("ArrowDown")
    assert seen == list(range(len(lit)))  # each lit place once, in order
    assert page.evaluate(FOCUS_AT) == 0  # and round again
    page.keyboard.press("ArrowUp")
    assert page.evaluate(FOCUS_AT) == len(lit) - 1
    shot(page, "phone-keys-lit-360")


def test_after_a_play_the_keyboard_is_back_on_the_dice(browser, server):  # noqa: F811
    page, code, host = _phone_with_a_power(browser, server)
    _roll(page, server, code, host, 1)
    page.keyboard.press("1")
    page.keyboard.press("Enter")
    wait_idle(page)
    page.wait_for_function("document.activeElement.matches('.die:not(.used)')")
    assert page.evaluate(FOCUSED).startswith("Die 2:")  # the die a screen reader hears


def test_u_undoes_and_escape_lets_go_of_the_die(browser, server):  # noqa: F811
    page, code, host = _phone_with_a_power(browser, server)
    _roll(page, server, code, host, 1)
    page.keyboard.press("1")
    page.keyboard.press("Enter")
    wait_idle(page)
    page.wait_for_selector('[data-die="0"].used')
    page.keyboard.press("u")
    wait_idle(page)
    page.wait_for_selector('[data-die="0"]:not(.used)')
    assert page.evaluate("document.getElementById('msg').textContent").startswith("Undone")
    page.keyboard.press("2")
    assert page.locator(".legal").count()
    page.keyboard.press("Escape")
    assert page.locator(".legal").count() == 0
    page.wait_for_function("document.activeElement.matches('.die')")


def test_tab_reaches_only_the_lit_boxes_of_the_sheet(browser, server):  # noqa: F811
    page, code, host = _phone_with_a_power(browser, server)
    _roll(page, server, code, host, 1)
    stops = "() => [...document.querySelectorAll('#sheet .locs .box, #sheet .locs .minion')]" \
            ".filter((b) => b.tabIndex >= 0).length"
    assert page.evaluate(stops) == 0  # no die chosen: no box is a stop
    page.keyboard.press("1")
    lit = "() => document.querySelectorAll('#sheet .locs .legal:is(.box, .minion)').length"
    assert page.evaluate(stops) == page.evaluate(lit)


def test_the_keys_help_is_on_the_sheet(browser, server):  # noqa: F811
    page, _, _ = _phone_with_a_power(browser, server)
    help_text = page.locator("#keyhelp-text")
    page.click(".keyhelp summary")
    assert "U" in help_text.inner_text() and "Enter" in help_text.inner_text()
    described = page.evaluate("document.querySelector('.tray').getAttribute('aria-describedby')")
    assert described == "keyhelp-text"
    help_text.scroll_into_view_if_needed()
    shot(page, "phone-keys-help-360")
