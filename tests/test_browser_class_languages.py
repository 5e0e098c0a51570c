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
import re
from functools import cache

import pytest
from babel.messages.pofile import read_po
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

from dicehero import i18n

pytestmark = pytest.mark.browser

PLACEHOLDER = re.compile(r"%\(\w+\)[sd]")


@cache
def _patterns(lang: str) -> tuple[re.Pattern[str], ...]:
    """Every message of ``lang``'s catalog (English: the template) as a pattern, each
    placeholder any text; messages with fewer than four letters of their own left out."""
    english = lang == i18n.SOURCE
    path = i18n.pot_path() if english else i18n.po_path(lang)
    with path.open("rb") as f:
        catalog = read_po(f, locale=lang)
    out = []
    for m in catalog:
        said = m.id if english else m.string
        for text in (said if isinstance(said, tuple) else (said,)):
            parts = PLACEHOLDER.split(text.replace("%%", "%")) if m.id and text else []
            if len(re.findall(r"\w", "".join(parts))) >= 4:  # words, not a bare "%(what)s."
                out.append(re.compile(".+?".join(re.escape(p) for p in parts), re.S))
    return tuple(out)


def said_in(lang: str, text: str) -> bool:
    """Whether ``text`` is one of ``lang``'s messages, its placeholders filled."""
    return any(p.fullmatch(text.strip()) for p in _patterns(lang))


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
