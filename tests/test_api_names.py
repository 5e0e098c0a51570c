"""Hero names people can tell apart: blank, mangled and look-alike names are refused with
a reason; names in any script are welcome (docs/API.md, "Hero names")."""

from __future__ import annotations

import pytest
from apikit import bearer, error


def join(client, game, name):
    return client.post(f"/api/games/{game.code}/players", json={"name": name})


def names(api, game):
    return [p["name"] for p in api.state(game)["players"]]


def test_a_name_is_stored_composed_nfc(api, client):
    game = api.create()
    r = join(client, game, "Zoe\u0308")
    assert r.status_code == 201 and r.json["player"]["name"] == "Zo\u00eb"


@pytest.mark.parametrize("blank", [
    "\u3164",  # Hangul filler
    "\u3164\u3164 \u3164",
    "\u2800\u2800\u2800",  # braille pattern blank
    "\uffa0",  # halfwidth Hangul filler
    "\u115f\u1160",  # Hangul choseong and jungseong fillers
    "\u200b\u200d\u2060",  # zero-width space, joiner, word joiner
    "\u202e\u2066\ufeff",  # direction overrides and a byte-order mark
    "\u034f\u180e",  # combining grapheme joiner, Mongolian vowel separator
])
def test_a_name_that_looks_blank_is_refused(api, client, blank):
    game = api.create()
    r = join(client, game, blank)
    assert error(r) == (422, "blank_name")
    assert "looks blank" in r.json["error"]["message"]
    assert api.state(game)["player_count"] == 0


def test_a_name_of_spaces_only_asks_for_a_name(api, client):
    game = api.create()
    r = join(client, game, " \t ")
    assert error(r) == (422, "bad_name") and r.json["error"]["message"] == "Type a hero name."


def test_invisible_letters_around_a_name_are_dropped(api, client):
    game = api.create()
    assert join(client, game, "\u3164Ann\u2800\u2800Lee\u3164").json["player"]["name"] == (
        "Ann Lee")


@pytest.mark.parametrize("marks", ["\u0301", "\u0301\u0308\u0327", " \u0301\u0301"])
def test_a_name_of_only_accents_is_refused(api, client, marks):
    game = api.create()
    r = join(client, game, marks)
    assert error(r) == (422, "name_marks")
    assert "no letter under it" in r.json["error"]["message"]


def test_an_accent_on_a_space_is_refused(api, client):
    game = api.create()
    assert error(join(client, game, "Ann \u0301Lee")) == (422, "name_marks")


def test_zalgo_too_many_accents_on_one_letter_is_refused(api, client):
    game = api.create()
    r = join(client, game, "Z\u0351\u0352\u0353\u0354\u0355ed")
    assert error(r) == (422, "name_marks")
    assert "too many accents on one letter" in r.json["error"]["message"]


def test_four_accents_on_one_letter_are_still_a_name(api, client):
    game = api.create()
    assert join(client, game, "Z\u0351\u0352\u0353\u0354ed").status_code == 201


@pytest.mark.parametrize(("taken", "look_alike"), [
    ("Alice", "\u0410lice"),  # Cyrillic capital A
    ("Paul", "P\u0430ul"),  # Cyrillic small a
    ("Paul", "\u03a1aul"),  # Greek capital Rho
    ("Bob", "\uff22ob"),  # fullwidth B
    ("Bob", "\U0001d401ob"),  # mathematical bold B
    ("Alice", "AIice"),  # capital I for small l
    ("Al", "A1"),  # digit one for small l
    ("Arnie", "Amie"),  # m for rn
    ("Ole", "0le"),  # digit zero for O
])
def test_a_name_that_looks_like_a_hero_in_the_game_is_refused(api, client, taken, look_alike):
    game = api.create()
    api.join(game, taken)
    last_event = api.state(game)["last_event_id"]
    r = join(client, game, look_alike)
    assert error(r) == (409, "name_confusable")
    assert f"looks just like {taken}" in r.json["error"]["message"]
    assert names(api, game) == [taken] and api.state(game)["last_event_id"] == last_event


def test_the_same_name_in_another_case_is_still_taken(api, client):
    game = api.create()
    api.join(game, "\u0410nna")
    assert error(join(client, game, "\u0430NNA")) == (409, "name_taken")


def test_a_look_alike_in_another_game_is_fine(api, client):
    api.join(api.create(), "Alice")
    assert join(client, api.create(), "\u0410lice").status_code == 201


def test_a_removed_heros_look_alike_may_join(api, client):
    game = api.create()
    pid = api.join(game, "Alice")
    api.client.delete(f"/api/games/{game.code}/players/{pid}", headers=bearer(game.host))
    assert join(client, game, "\u0410lice").status_code == 201


def test_renaming_to_a_look_alike_of_another_hero_is_refused(api, client):
    game = api.create()
    api.join(game, "Alice")
    pid = api.join(game, "Bo")
    r = client.patch(f"/api/games/{game.code}/players/{pid}", json={"name": "\u0410lice"},
                     headers=bearer(game.host))
    assert error(r) == (409, "name_confusable")
    assert sorted(names(api, game)) == ["Alice", "Bo"]


def test_renaming_to_a_look_alike_of_their_own_name_is_fine(api, client):
    game = api.create()
    pid = api.join(game, "Alice")
    r = client.patch(f"/api/games/{game.code}/players/{pid}", json={"name": "ALICE"},
                     headers=bearer(game.host))
    assert r.status_code == 200 and r.json["player"]["name"] == "ALICE"


@pytest.mark.parametrize("blank", ["\u3164", "Z\u0351\u0352\u0353\u0354\u0355ed"])
def test_renaming_to_a_blank_or_mangled_name_is_refused(api, client, blank):
    game = api.create()
    pid = api.join(game, "Alice")
    r = client.patch(f"/api/games/{game.code}/players/{pid}", json={"name": blank},
                     headers=bearer(game.host))
    assert r.status_code == 422 and error(r)[1] in ("blank_name", "name_marks")
    assert names(api, game) == ["Alice"]


LEGIT = [
    "محمد",  # Arabic
    "李小龙",  # Chinese
    "김민준",  # Korean
    "さくら",  # Japanese
    "José",
    "Jose",  # beside José: the accent is part of the look
    "Đặng Thị Ngọc",  # Vietnamese, two marks on one letter
    "Zoë ✨",
    "Zoe",
    "Ελένη",  # Greek
    "Влад",  # Cyrillic
    "हिंदी",  # Devanagari
    "སྒྲུབ",  # Tibetan: three marks on one letter
    "שָׁלוֹם",  # pointed Hebrew
    "ไก่",  # Thai
    "می\u200cخواهم",  # Persian with its zero-width non-joiner
    "👨\u200d👩\u200d👧",  # an emoji family (zero-width joiners)
    "🏳\ufe0f\u200d🌈",
    "#\ufe0f\u20e3 Ann",  # a keycap
    "Ann-Lee O'Neil",
]


def test_names_in_any_script_are_welcome_side_by_side(api, client):
    game = api.create()
    for name in LEGIT:
        r = join(client, game, name)
        assert r.status_code == 201, (name, r.json)
        assert r.json["player"]["name"] == name
    assert names(api, game) == LEGIT


@pytest.mark.parametrize("wide", ["\ufdfd" * 24, "\ufdfd" * 4, "\ufdfa" * 7, "\u2e3b" * 9,
                                  "\U00012219" * 13])
def test_a_name_that_draws_wider_than_the_screen_is_refused(api, client, wide):
    """U+FDFD (the bismillah) is one character drawn as a whole phrase, about 8 em wide: 24
    of them fill the projector's roster several times over."""
    game = api.create()
    assert error(join(client, game, wide)) == (422, "name_too_wide")
    assert names(api, game) == []


@pytest.mark.parametrize("fits", ["W" * 24, "\u5b57" * 24, "\U0001f600" * 24, "\ufdfd" * 3,
                                  "\u0645\u062d\u0645\u062f \ufdfa"])
def test_a_name_as_wide_as_24_letters_or_emoji_fits(api, client, fits):
    assert join(client, api.create(), fits).status_code == 201


@pytest.mark.parametrize("line", ["\u0640" * 24, "\u0640 \u0640"])
def test_a_name_of_only_tatweels_draws_only_a_line_and_is_refused(api, client, line):
    assert error(join(client, api.create(), line)) == (422, "blank_name")


def test_a_tatweel_inside_an_arabic_word_is_kept(api, client):
    r = join(client, api.create(), "\u0645\u0640\u062d\u0645\u062f")
    assert r.status_code == 201
