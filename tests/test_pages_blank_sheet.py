"""The blank sheet of the phone, solo and paper pages is drawn once per edition and language
(issue 26: drawing it was three quarters of a join page's CPU, for every page asked)."""

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
