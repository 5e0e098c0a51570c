"""Each reader's language: the picker's cookie, else the browser's; the API by Accept-Language."""

from __future__ import annotations

from dicehero import i18n
from dicehero.web.language import css_string

PSEUDO = i18n.PSEUDO


def test_a_language_is_negotiated_by_full_tag_then_by_language():
    offered = ("en", "fr", "pt_BR", "zh_Hans")
    assert i18n.negotiate(["pt-BR", "en"], offered) == "pt_BR"
    assert i18n.negotiate(["fr-CA"], offered) == "fr"
    assert i18n.negotiate(["zh-CN"], offered) == "zh_Hans"
    assert i18n.negotiate(["sv", "de"], offered) is None


def test_a_page_without_a_choice_is_in_english_with_its_direction(client):
    html = client.get("/").get_data(as_text=True)
    assert '<html lang="en" dir="ltr" ' in html


def test_the_words_the_stylesheets_draw_come_from_the_readers_catalog(client):
    # The Honor after a location's score (3 H) and the mark on the par bot's choice.
    client.set_cookie("lang", "de")
    assert "--h:' E';--par:'TRAINER'" in client.get("/").get_data(as_text=True)
    client.set_cookie("lang", "ja")
    assert "--h:' 名誉';--par:'コーチ'" in client.get("/").get_data(as_text=True)


def test_the_new_game_form_names_the_editions_in_the_readers_language(client):
    client.set_cookie("lang", "fr")
    html = client.get("/host").get_data(as_text=True)
    assert '<option value="classic" selected>Classique</option>' in html
    assert '<option value="marathon">Marathon</option>' in html


def test_the_games_name_on_a_page_is_the_one_its_printed_sheet_has(client):
    """The home page's heading and every page's title name the game as the PDF does in that
    language (a name some languages keep, as French does, and others translate)."""
    client.set_cookie("lang", "ja")
    html = client.get("/").get_data(as_text=True)
    assert "<h1>スーパーダイスヒーローズ</h1>" in html and "Super Dice Heroes" not in html
    assert "<title>ソロ · スーパーダイスヒーローズ</title>" in client.get("/solo").get_data(
        as_text=True)


def test_the_host_page_names_the_letter_paper_size_in_the_readers_language(client):
    code = client.post("/api/games", json={}).json["code"]
    client.set_cookie("lang", "fr")
    html = client.get(f"/host/{code}").get_data(as_text=True)
    assert 'value="letter"> Lettre US</label>' in html


def test_a_word_for_a_stylesheet_cannot_end_its_string_or_its_attribute():
    assert css_string("""l'H "<b>" \\""") == "'l\\27 H \\22 \\3c b\\3e \\22  \\5c '"


def test_the_picker_lists_the_languages_each_in_its_own_name(client):
    html = client.get("/lang?next=/solo").get_data(as_text=True)
    assert ">English</a>" in html and "/lang?lang=en&amp;next=" in html


def test_the_language_picked_is_remembered_in_a_cookie_and_the_page_comes_back(client):
    r = client.get(f"/lang?lang={PSEUDO}&next=/solo")
    assert r.status_code == 302 and r.headers["Location"] == "/solo"
    assert f"lang={PSEUDO}" in r.headers["Set-Cookie"]
    html = client.get("/lang").get_data(as_text=True)
    assert f'<html lang="{i18n.html_lang(PSEUDO)}"' in html
    assert i18n.pseudo("Language") in html


def test_the_picker_goes_back_only_to_a_page_of_this_site(client):
    for bad in ("https://evil.example/", "//evil.example/", "/\\evil.example"):
        r = client.get("/lang", query_string={"lang": "en", "next": bad})
        assert r.headers["Location"] == "/"


def test_an_unknown_language_is_not_remembered(client):
    r = client.get("/lang?lang=xx&next=/")
    assert r.status_code == 200 and "Set-Cookie" not in r.headers


def test_the_cookie_wins_over_the_browser_language_on_a_page(client):
    client.set_cookie(i18n.COOKIE, PSEUDO)
    html = client.get("/lang", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert i18n.pseudo("Language") in html


def test_the_api_answers_in_the_requests_accept_language_not_the_cookie(app):
    from dicehero.web.language import current_language

    with app.test_request_context("/api/games", headers={"Accept-Language": "xx, en;q=0.5"}):
        assert current_language() == "en"
    with app.test_request_context("/api/games", headers={"Cookie": f"lang={PSEUDO}"}):
        assert current_language() == "en"
    with app.test_request_context("/", headers={"Cookie": f"lang={PSEUDO}"}):
        assert current_language() == PSEUDO


def _words(html: str) -> dict:
    import json
    import re

    return json.loads(re.search(r'<script id="dh-text" type="application/json">(.*?)</script>',
                                html).group(1))


def test_a_phone_receives_its_scripts_words_in_its_own_language_only(client, api):
    from dicehero.web.js_text import SCRIPTS

    code = api.create().code
    client.set_cookie(i18n.COOKIE, PSEUDO)
    words = _words(client.get(f"/play/{code}").get_data(as_text=True))
    assert set(words) == {"_plural", *SCRIPTS["sheet"], *SCRIPTS["play"], *SCRIPTS["par"]}
    assert words["live"] == i18n.pseudo("● Live")
    assert words["heroes_done"] == [i18n.pseudo("%(done)s of %(n)s hero done."),
                                    i18n.pseudo("%(done)s of %(n)s heroes done.")]
    assert words["_plural"].strip("()") == "n != 1"


def test_scripts_and_style_sheets_are_sent_without_comments_or_indentation(client):
    js = client.get("/static/net.js").get_data(as_text=True)
    assert "DH.api = function" in js and "//" not in js.replace("://", "")
    assert not any(line.startswith((" ", "\t")) for line in js.splitlines())
    css = client.get("/static/app.css").get_data(as_text=True)
    assert "/*" not in css and ".langlink" in css


def test_a_store_refusal_is_in_the_language_the_request_accepts(client, api):
    game = api.create()
    api.join(game, "Ada")
    r = client.post(f"/api/games/{game.code}/players", json={"name": "Ada"},
                    headers={"Accept-Language": "en-XA"})
    assert r.status_code == 409 and r.json["error"]["code"] == "name_taken"
    assert r.json["error"]["message"] == i18n.pseudo(
        "There is already a hero called %(name)s.") % {"name": "Ada"}
    plain = client.post(f"/api/games/{game.code}/players", json={"name": "Ada"})
    assert plain.json["error"]["message"] == "There is already a hero called Ada."


def test_werkzeugs_own_refusals_are_in_the_readers_language_too(client):
    r = client.get("/api/no-such-thing", headers={"Accept-Language": "en-XA"})
    assert r.status_code == 404
    assert r.json["error"]["message"] == i18n.pseudo("There is nothing at this address.")
