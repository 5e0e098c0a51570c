"""Shared pieces of the real-browser tests: Chromium, a real server, and a bot that taps.

The bot plays only through what a person sees: it taps a die, then one of the
places that lit up, so a page that lights up nothing (or the wrong thing)
cannot finish its game.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(__file__).parent / "artifacts"
PHONE = {"width": 360, "height": 740}
PROJECTOR = {"width": 1920, "height": 1080}
LAPTOP = {"width": 1366, "height": 768}


def chromium_path() -> str:
    """Debian's Chromium, or a clear failure (these tests must run, never skip)."""
    path = os.environ.get("DICEHERO_CHROMIUM", CHROMIUM)
    if not (Path(path).exists() or shutil.which(path)):
        pytest.fail(f"Chromium not found at {path}: install it (apt-get install chromium) "
                    f"or set DICEHERO_CHROMIUM; the browser tests must not be skipped.")
    return path


@pytest.fixture(scope="module")
def browser():
    """One headless Chromium for the module."""
    from playwright.sync_api import sync_playwright

    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium_path(), args=ARGS)
        yield b
        b.close()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """`dicehero serve` in a subprocess on a free port, with its own instance folder; on every
    interface, as a teacher runs it, so the host page shows the address phones would open."""
    instance = tmp_path_factory.mktemp("instance")
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    for attempt in range(3):  # a free port may be taken before the server binds it
        port = _free_port()
        proc = subprocess.Popen(
            [sys.executable, "-m", "dicehero.cli", "serve", "--host", "0.0.0.0",
             "--port", str(port), "--instance", str(instance), "--no-qr"],
            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60  # a loaded 2-core machine can take tens of seconds
        while proc.poll() is None:
            try:
                urllib.request.urlopen(url + "/", timeout=1).read()
                break
            except OSError:
                if time.monotonic() > deadline:
                    proc.kill()
                    proc.wait()
                    break
                time.sleep(0.1)
        if proc.poll() is None:
            break
        said = proc.stdout.read().decode()
        proc.stdout.close()
        if "Address already in use" not in said or attempt == 2:
            pytest.fail("dicehero serve did not start:\n" + said)
    yield url
    proc.terminate()
    try:
        proc.wait(5)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    proc.stdout.close()


def api_post(server: str, path: str, body: dict, secret: str | None = None) -> dict:
    """POST JSON to the server's API, as a second device would; the reply."""
    req = urllib.request.Request(server + path, data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    if secret:
        req.add_header("Authorization", f"Bearer {secret}")
    with urllib.request.urlopen(req) as reply:
        return json.load(reply)


def open_projector(browser, server: str, code: str, host: dict, heroes: int,
                   viewport: dict = PROJECTOR, tools: bool | None = None):
    """The host page of game ``code`` as the projector shows it, with the host's secret in
    local storage (as the browser that made the game keeps it), once ``heroes`` are listed.
    ``tools`` sets whether Host tools start shown; None leaves the page's own default."""
    ctx = browser.new_context(viewport=viewport)
    script = f"localStorage.setItem('dh.host.{code}', {json.dumps(host)});"
    if tools is not None:
        script += f"localStorage.setItem('dh.tools.{code}', '{int(tools)}')"
    ctx.add_init_script(script)
    page = ctx.new_page()
    page.goto(f"{server}/host/{code}")
    page.wait_for_function(f"document.getElementById('count').textContent === '{heroes}'")
    return page


def shot(page, name: str, full_page: bool = False) -> None:
    """Save a screenshot into tests/artifacts/ for a person to look at."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=full_page)


def cancel_ask(page) -> None:
    """Cancel the host's in-page dialog and wait for its close event to have run.

    A dialog's close event comes a task after the click, so whatever the page does on
    closing (clearing a link it showed) is done only once the dialog is no longer open
    and its text is empty.
    """
    page.click("#ask-cancel")
    page.wait_for_function("!document.getElementById('ask').open"
                           " && document.getElementById('ask-text').textContent === ''")


def watch_errors(page) -> list[str]:
    """Collect script errors on the page, so a test can assert there were none."""
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return errors


def join_phone(page, server: str, code: str, name: str) -> None:
    """Open the game's join page, join as ``name`` and wait for the sheet."""
    page.goto(f"{server}/play/{code}")
    page.fill("#hero-name", name)
    page.click("text=Join the game")
    page.wait_for_selector("#game:not([hidden])")


def wait_idle(page) -> None:
    """Wait until the sheet is not waiting for a reply."""
    page.wait_for_function("!document.querySelector('#sheet[aria-busy]')")


def choose_superpower(page) -> None:
    """Pick the first superpower offered."""
    page.locator("[data-choose]:visible").first.click()
    page.wait_for_selector("#choose", state="hidden")
    wait_idle(page)


# Which lit-up place the bot prefers: a mark on the sheet, then moving, then the rest.
_PREFERENCE = (".box.legal", ".move.legal", ".minion.legal", "[data-skip].legal")


def spend_dice(page) -> None:
    """Spend every die of the open round on a lit-up place (the bot's preference)."""
    for _ in range(12):
        dice = page.locator(".die:not(.used):not([hidden]):not(:disabled)")
        if dice.count() == 0:
            break
        dice.first.click()
        page.wait_for_selector(".legal")
        for sel in _PREFERENCE:
            target = page.locator(sel)
            if target.count():
                target.first.click()
                break
        if page.locator("#picker:visible").count():
            page.locator("#picker .picks button").first.click()
        wait_idle(page)


def spend_round(page) -> None:
    """Spend every die of the open round on a lit-up place, then say Done."""
    spend_dice(page)
    done = page.locator("#b-done")
    done.click()
    wait_idle(page)
    if done.is_enabled():  # the first tap warns about dice left over
        done.click()
        wait_idle(page)


def solo_at_the_last_round(page, practice: bool = False) -> None:
    """Put today's solo game, nine rounds said done, in the browser (on /solo), as a reload
    would find it: the next two taps of Done end the game."""
    page.evaluate("""async ([practice]) => {
        const today = document.getElementById('solo').dataset.today;
        const r = await fetch('/api/solo/state', {method: 'POST',
            headers: {'Content-Type': 'application/json'},
            body: JSON.stringify({mode: 'daily', date: today})});
        const pick = (await r.json()).sheet.legal.choose[0];
        const actions = [{type: 'choose', superpower: pick}];
        for (let i = 0; i < 9; i++) actions.push({type: 'done'});
        localStorage.setItem('dh.solo.game', JSON.stringify(
            {mode: 'daily', date: today, actions, practice}));
    }""", [practice])
    page.reload()
    page.wait_for_selector("#sheet:not([aria-busy]) #b-done:not(:disabled)")
