"""One class, four languages (issue 24.3): a whole short game where the host's projector is
French and three phones are Spanish (the browser's language), Arabic (picked on the join
page) and Japanese (picked in the sheet's menu, on a German browser). Each reads its own
language from the join page to the end screen, a refused tap included, and keeps it when
the page loads again; the projector stays French throughout.

A text is "in a language" when it is one of that language's catalog messages, its
placeholders filled (``said_in``): the test reads the catalogs, not sentences of its own.
"""

from __future__ import annotations

import json
import threading

import pytest
from browser_support import (  # noqa: F401
    PHONE,
    PROJECTOR,
    api_post,
    browser,
    choose_superpower,
    server,
    shot,
    spend_round,
    wait_idle,
    watch_errors,
)
from catalogkit import said_in
from werkzeug.serving import make_server

from dicehero import i18n
from dicehero.editions import load_edition
from dicehero.engine.paper import PaperMarks
from dicehero.engine.replay import replay

pytestmark = pytest.mark.browser


def words(lang: str, msgid: str, **params: object) -> str:
    """``msgid`` in ``lang``, as its catalog says it."""
    text = i18n.translations(lang).gettext(msgid)
    return text % params if params else text


def _phone(browser, accept: str):  # noqa: F811
    ctx = browser.new_context(viewport=PHONE, locale=accept)
    page = ctx.new_page()
    return page, watch_errors(page)


def _pick_language(page, lang: str) -> None:
    """Open the language picker from the page's language link and pick ``lang``."""
    back = page.url
    page.click(".langlink")
    page.click(f".langlist a[lang={lang.replace('_', '-')}]")
    page.wait_for_url(back)


def _join(page, name: str) -> None:
    page.fill("#hero-name", name)
    page.click("#join-form button[type=submit]")
    page.wait_for_selector("#game:not([hidden])")


def _refused_tap(page, lang: str) -> tuple[str, dict]:
    """Tap a die, then a place that cannot take it: what the phone shows, and the server's
    refusal."""
    die = page.locator(".die:not(:disabled)").first
    die.click()
    page.wait_for_selector(".legal")
    with page.expect_response(lambda r: "/actions" in r.url and r.status == 422) as refused:
        page.locator(".box:not(.legal)").first.click()
    page.wait_for_selector("#msg.no")
    wait_idle(page)
    shown = page.inner_text("#msg")
    shot(page, f"class-languages-{lang}-refused-360")
    die.click()  # put the die down again
    page.wait_for_selector(".legal", state="detached")
    return shown, refused.value.json()["error"]


def test_a_french_projector_and_spanish_arabic_and_japanese_phones_share_a_game(
        browser, server):  # noqa: F811
    game = api_post(server, "/api/games", {"rounds": 2})
    code, host = game["code"], game["host_secret"]
    projector_ctx = browser.new_context(viewport=PROJECTOR, locale="fr-FR")
    projector_ctx.add_init_script(f"localStorage.setItem('dh.host.{code}', {json.dumps(host)})")
    projector = projector_ctx.new_page()
    errors = watch_errors(projector)
    projector.goto(f"{server}/host/{code}")
    assert projector.get_attribute("html", "lang") == "fr"
    assert projector.inner_text("#join-h") == words("fr", "Join the game")

    phones = {}
    es, errs = _phone(browser, "es-ES")  # the browser's language
    errors += errs
    es.goto(f"{server}/play/{code}")
    assert es.inner_text("#join-title") == words("es", "Join game %(code)s", code=code)
    ar, errs = _phone(browser, "en-US")  # an English browser: Arabic picked on the join page
    errors += errs
    ar.goto(f"{server}/play/{code}")
    assert ar.inner_text("#join-title") == words("en", "Join game %(code)s", code=code)
    _pick_language(ar, "ar")
    assert ar.inner_text("#join-title") == words("ar", "Join game %(code)s", code=code)
    ja, errs = _phone(browser, "de-DE")  # a German browser: Japanese picked in the sheet
    errors += errs
    ja.goto(f"{server}/play/{code}")
    assert ja.get_attribute("html", "lang") == "de"
    for name, (lang, page) in {"Lucía": ("es", es), "Amal": ("ar", ar),
                               "Kenji": ("ja", ja)}.items():
        _join(page, name)
        phones[lang] = page
        shot(page, f"class-languages-{lang}-joined-360")
    _pick_language(ja, "ja")
    ja.wait_for_selector("#game:not([hidden])")  # back on its sheet, still in the game
    projector.wait_for_function("document.getElementById('count').textContent === '3'")
    shot(projector, "class-languages-fr-lobby-1920")

    api_post(server, f"/api/games/{code}/offer", {}, host)
    for lang, page in phones.items():
        page.wait_for_selector("#choose:not([hidden])")
        assert said_in(lang, page.inner_text("#choose h2")), lang
        choose_superpower(page)
    api_post(server, f"/api/games/{code}/rolls", {"dice": [1, 1, 2, 3]}, host)
    projector.wait_for_selector("#round-h")
    for lang, page in phones.items():
        shown, refusal = _refused_tap(page, lang)
        assert shown == refusal["message"], lang
        assert said_in(lang, shown), (lang, shown)
        assert not said_in("en", shown), (lang, shown)
    for page in phones.values():
        spend_round(page)
    projector.wait_for_selector("#standings:not([hidden])")
    assert projector.inner_text("#standings-h") == words("fr", "Standings after round %(round)s",
                                                         round=1)
    shot(projector, "class-languages-fr-between-rounds-1920")

    for lang, page in phones.items():  # each page loaded again keeps its reader's language
        page.reload()
        page.wait_for_selector("#game:not([hidden])")
        assert page.get_attribute("html", "lang") == i18n.html_lang(lang), lang
    api_post(server, f"/api/games/{code}/rolls", {"dice": [4, 5, 6, 2]}, host)
    for page in phones.values():
        page.wait_for_selector(".die:not(:disabled)")
        spend_round(page)
    # the last hero's Done of the last round ends the game: the projector shows the podium
    projector.wait_for_selector("#results:not([hidden]) #podium li")
    assert projector.inner_text("#results-h") == words("fr", "Final scores")
    assert projector.get_attribute("html", "lang") == "fr"
    shot(projector, "class-languages-fr-podium-1920")
    for lang, page in phones.items():
        page.wait_for_selector("#final:not([hidden])")
        assert page.inner_text("#final-title") == words(lang, "Game over"), lang
        shot(page, f"class-languages-{lang}-end-360")
    assert errors == []


@pytest.fixture(scope="module")
def answers_later(tmp_path_factory):
    """The app on a real HTTP server in a thread, answering a sheet sent by its marks at
    once with "being checked": every verdict comes from the worker, after the request."""
    from dicehero.web import create_app

    db = tmp_path_factory.mktemp("later") / "later.sqlite"
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{db}",
                      "PAPER_ANSWER_SECONDS": 0})
    srv = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{srv.server_port}"
    srv.shutdown()


# A paper hero's game and sheet (as in test_api_paper_marks): three rounds rolled, and what
# the hero really played; a 5 then a 4 written at Powerplant is a sheet no play draws, but
# only the worker's search can tell.
ROLLS, FIRE = [[3, 3, 5, 1], [2, 6, 4, 4], [6, 6, 1, 2]], 4
PLAYED = [
    [{"type": "move", "die": 0, "to": 3}, {"type": "help", "die": 1},
     {"type": "minion", "die": 2}],
    [{"type": "power", "die": 0}, {"type": "help", "die": 0}, {"type": "minion", "die": 1}],
    [{"type": "move", "die": 0, "to": 6}, {"type": "help", "die": 1, "slot": 1}],
]


def _marks_no_play_draws() -> dict:
    sheet = replay(load_edition("classic"), (3, FIRE), ROLLS, PLAYED, FIRE)
    marks = PaperMarks.of(sheet).to_dict()
    marks["marks"][3] = [5, 4]
    return marks


def test_a_sheet_refused_after_the_workers_check_is_told_in_the_pages_language(
        browser, answers_later):  # noqa: F811
    base = answers_later
    game = api_post(base, "/api/games", {"rounds": 3})
    code, host = game["code"], game["host_secret"]
    pen = api_post(base, f"/api/games/{code}/players", {"name": "Pen", "paper": True}, host)
    api_post(base, f"/api/games/{code}/offer", {"choices": [3, FIRE]}, host)
    for dice in ROLLS:
        api_post(base, f"/api/games/{code}/rolls", {"dice": dice}, host)
    ctx = browser.new_context(viewport=PHONE, locale="fr-FR")
    ctx.add_init_script(f"localStorage.setItem('dh.host.{code}', {json.dumps(host)})")
    page = ctx.new_page()
    errors = watch_errors(page)
    # The page sends its form's marks; the test sends the drawn sheet in their place.
    sheet = json.dumps({"marks": _marks_no_play_draws()})
    page.route("**/paper", lambda route: route.continue_(post_data=sheet)
               if route.request.method == "PUT" else route.continue_())
    page.goto(f"{base}/paper/{code}/marks?hero={pen['player']['id']}")
    page.wait_for_selector("#marks-form:not([hidden])")
    with page.expect_response(lambda r: "/paper" in r.url and r.request.method == "PUT"
                              ) as sent:
        page.click("#b-check")
    assert sent.value.status == 202  # answered before the worker's verdict
    page.wait_for_selector("#verdict-text.err", timeout=120_000)
    told = page.inner_text("#verdict-text")
    shot(page, "class-languages-fr-marks-refused-360")
    assert told.startswith("Aucune partie permise avec les lancers de cette partie"), told
    assert said_in("fr", told) and not said_in("en", told), told
    assert errors == []
