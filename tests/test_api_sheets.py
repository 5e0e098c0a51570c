"""The host prints the game's sheets from the host screen: GET /api/games/CODE/sheets.pdf."""

from __future__ import annotations

import io

import pypdf
import pytest
from apikit import bearer

LETTER_POINTS = (612, 792)
A4_POINTS = (595, 842)


def sheets(client, game, secret=..., **query):
    """The response of the sheets download, by the host unless ``secret`` says otherwise."""
    return client.get(f"/api/games/{game.code}/sheets.pdf", query_string=query,
                      headers=bearer(game.host if secret is ... else secret))


def page_texts(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf)).pages]


@pytest.fixture
def class_game(api):
    game = api.create(rounds=6)
    for name in ("Ann", "Bob", "Cleo"):
        api.join(game, name)
    return game


def test_the_download_is_a_pdf_named_after_the_game(client, class_game):
    r = sheets(client, class_game)
    assert r.status_code == 200
    assert r.mimetype == "application/pdf" and r.data.startswith(b"%PDF-")
    assert r.headers["Content-Disposition"] == (
        f'attachment; filename="dicehero-{class_game.code}-sheets.pdf"')
    assert r.headers["Cache-Control"] == "no-store"


def test_each_hero_who_joined_gets_a_sheet_with_their_name_in_joining_order(client, class_game):
    texts = page_texts(sheets(client, class_game).data)
    assert len(texts) == 3
    for text, name in zip(texts, ("Ann", "Bob", "Cleo"), strict=True):
        assert name in text and class_game.code in text


def test_blank_sheets_follow_the_heroes(client, class_game):
    texts = page_texts(sheets(client, class_game, blank=2).data)
    assert len(texts) == 5
    assert not any(name in texts[3] + texts[4] for name in ("Ann", "Bob", "Cleo"))
    assert class_game.code in texts[4]


def test_a_removed_hero_gets_no_sheet(api, client, class_game):
    pid, _ = class_game.players["Bob"]
    assert client.delete(f"/api/games/{class_game.code}/players/{pid}",
                         headers=bearer(class_game.host)).status_code == 200
    texts = page_texts(sheets(client, class_game).data)
    assert len(texts) == 2 and not any("Bob" in t for t in texts)


def test_the_rules_page_comes_last_when_asked_for(client, class_game):
    texts = page_texts(sheets(client, class_game, rules=1).data)
    assert len(texts) == 4 and "Ann" not in texts[-1]


def test_the_paper_is_a4_or_letter(client, class_game):
    for paper, points in (("a4", A4_POINTS), ("letter", LETTER_POINTS)):
        box = pypdf.PdfReader(io.BytesIO(sheets(client, class_game, paper=paper).data)).pages[0]
        assert (round(float(box.mediabox.width)), round(float(box.mediabox.height))) == points


def test_the_sheets_have_a_row_per_round_the_game_plays(client, api):
    game = api.create(rounds=4)
    api.join(game, "Ann")
    text = page_texts(sheets(client, game).data)[0]
    assert "4 rounds" in text and "8 rounds" not in text


def test_the_join_address_is_the_public_url_behind_a_proxy(app, client, class_game):
    app.config["PUBLIC_URL"] = "https://dice.school.example/"
    text = page_texts(sheets(client, class_game).data)[0]
    assert f"https://dice.school.example/play/{class_game.code}" in text


def test_the_join_address_is_never_localhost(client, class_game, monkeypatch):
    from dicehero import addresses

    monkeypatch.setattr(addresses, "lan_ip", lambda: "192.168.1.20")
    text = page_texts(sheets(client, class_game).data)[0]
    assert f"http://192.168.1.20/play/{class_game.code}" in text
    assert "localhost" not in text


def test_only_the_host_may_print(client, class_game):
    assert sheets(client, class_game, secret=None).status_code == 401
    _, player_secret = class_game.players["Ann"]
    r = sheets(client, class_game, secret=player_secret)
    assert r.status_code == 403 and r.json["error"]["code"]


def test_an_unknown_game_is_404(client, class_game):
    r = client.get("/api/games/ZZZZZZ/sheets.pdf", headers=bearer(class_game.host))
    assert r.status_code == 404


@pytest.mark.parametrize("query, code", [
    ({"blank": "-1"}, "bad_blank"), ({"blank": "101"}, "bad_blank"),
    ({"blank": "two"}, "bad_blank"), ({"paper": "a3"}, "bad_paper"),
    ({"rules": "maybe"}, "bad_rules"), ({"lang": "xx"}, "bad_lang"),
])
def test_a_bad_choice_is_a_400_that_says_what_to_choose(client, class_game, query, code):
    r = sheets(client, class_game, **query)
    assert r.status_code == 400
    assert r.json["error"]["code"] == code and r.json["error"]["message"]


def test_nothing_to_print_before_anyone_joins_is_a_422(api, client):
    game = api.create()
    r = sheets(client, game)
    assert r.status_code == 422 and r.json["error"]["code"] == "nothing_to_print"
    assert len(page_texts(sheets(client, game, blank=30).data)) == 30


def test_the_sheets_are_in_the_language_asked_for(client, class_game):
    texts = page_texts(sheets(client, class_game, lang="fr").data)
    assert "MAIRIE" in texts[0] and "CITY HALL" not in texts[0]


def test_without_a_language_the_sheets_are_in_the_host_page_s(client, class_game):
    r = client.get(f"/api/games/{class_game.code}/sheets.pdf",
                   headers={**bearer(class_game.host), "Accept-Language": "de"})
    assert "RATHAUS" in page_texts(r.data)[0]
