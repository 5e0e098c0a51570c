"""What a public page costs does not grow with what others ask (issue 26): the blank sheet of
the phone, solo and paper pages is drawn once per edition and language (three quarters of a
join page's CPU), and the join page reads the game's row, not its heroes."""

from __future__ import annotations

from unittest import mock

from dicehero.web import pages


def test_the_blank_sheet_is_drawn_once_per_edition_and_language(client):
    code = client.post("/api/games", json={}).json["code"]
    pages._BLANK_SHEETS.clear()
    module = client.application.jinja_env.get_template("_sheet.html").module
    drawn = []

    def counted(ed, real=module.sheet):
        drawn.append(ed["name"])
        return real(ed)

    with mock.patch.object(module, "sheet", counted):
        seen = [client.get(path, headers={"Accept-Language": lang}).get_data(as_text=True)
                for lang in ("en", "en", "fr") for path in (f"/play/{code}", "/solo")]
    assert len(drawn) == 2  # English once, French once, for both pages and both asks
    assert all("Your hero sheet" in page for page in seen[:4])
    assert all("Ta feuille de héros" in page and "Your hero sheet" not in page
               for page in seen[4:])


def test_the_join_page_reads_the_game_alone_not_its_heroes(app, client):
    code = client.post("/api/games", json={}).json["code"]
    for i in range(3):
        assert client.post(f"/api/games/{code}/players", json={"name": f"Kid {i}"}).status_code \
            == 201
    desks = type(app.extensions["dicehero.games"])
    with mock.patch.object(desks, "_active", side_effect=AssertionError("heroes read")), \
            mock.patch.object(desks, "_fold", side_effect=AssertionError("sheets read")):
        page = client.get(f"/play/{code}")
    assert page.status_code == 200 and f'data-code="{code}"' in page.get_data(as_text=True)
