"""A rude name is refused kindly, in the phone's language, whatever language the rude
word is in (issue 28.1); a friendly word with a listed word inside it is not."""

from __future__ import annotations

import pytest
from apikit import bearer, error


def join(client, game, name, language="en"):
    return client.post(f"/api/games/{game.code}/players", json={"name": name},
                       headers={"Accept-Language": language})


@pytest.mark.parametrize(("name", "language", "words"), [
    ("Capitaine Merde", "fr", "un mot qu’on n’utilise pas dans ce jeu"),
    ("Mierda", "es", "una palabra que no usamos en este juego"),
])
def test_a_rude_name_is_refused_kindly_in_the_phones_language(api, client, name, language,
                                                              words):
    game = api.create()
    r = join(client, game, name, language)
    assert error(r) == (422, "name_not_allowed")
    assert words in r.json["error"]["message"]
    assert api.state(game)["player_count"] == 0


def test_a_rude_word_in_another_language_than_the_phones_is_refused_too(api, client):
    game = api.create()
    assert error(join(client, game, "Mierda", "fr")) == (422, "name_not_allowed")


def test_a_rude_word_spelled_out_letter_by_letter_is_refused(api, client):
    game = api.create()
    assert error(join(client, game, "m e r d e")) == (422, "name_not_allowed")


@pytest.mark.parametrize("name", ["Classic", "Brave Otter", "Bob", "Ann 31", "Top Cat"])
def test_a_friendly_name_with_a_listed_word_inside_it_is_welcome(api, client, name):
    game = api.create()
    assert join(client, game, name).status_code == 201


def test_the_host_cannot_rename_a_hero_to_a_rude_name(api, client):
    game = api.create()
    hero = join(client, game, "Ann").json["player"]["id"]
    r = client.patch(f"/api/games/{game.code}/players/{hero}", json={"name": "Merde"},
                    headers=bearer(game.host))
    assert error(r) == (422, "name_not_allowed")
    assert api.state(game)["players"][0]["name"] == "Ann"


def test_a_word_the_host_added_is_refused_in_a_name(api, client):
    game = api.create()
    r = client.post(f"/api/games/{game.code}/room", json={"name_words": ["Mr Smith", "Kevin"]},
                    headers=bearer(game.host))
    assert r.status_code == 200 and r.json["name_words"] == ["kevin", "mr smith"]
    assert error(join(client, game, "KEVIN the Great")) == (422, "name_not_allowed")
    assert error(join(client, game, "mr  smith")) == (422, "name_not_allowed")
    assert join(client, game, "Kevina").status_code == 201


def test_the_host_words_are_kept_per_game(api, client):
    strict, other = api.create(), api.create()
    client.post(f"/api/games/{strict.code}/room", json={"name_words": ["Kevin"]},
                headers=bearer(strict.host))
    assert join(client, other, "Kevin").status_code == 201


def test_host_words_that_are_not_a_list_of_words_change_nothing(api, client):
    game = api.create()
    r = client.post(f"/api/games/{game.code}/room", json={"name_words": "Kevin"},
                    headers=bearer(game.host))
    assert error(r) == (422, "bad_name_words")
    assert join(client, game, "Kevin").status_code == 201


@pytest.mark.parametrize("name", ["Aranha", "Asno Veloz", "Dick", "Burro", "Uccello Blu"])
def test_an_everyday_word_or_first_name_on_the_allow_list_is_welcome(api, client, name):
    game = api.create()
    assert join(client, game, name).status_code == 201


@pytest.mark.parametrize("name", ["Bitch", "Puta", "Caralho", "Fotze", "Kutas"])
def test_the_real_insults_stay_refused_beside_the_allow_list(api, client, name):
    game = api.create()
    assert error(join(client, game, name)) == (422, "name_not_allowed")


def test_a_host_word_refuses_an_allowed_word_again(api, client):
    game = api.create()
    client.post(f"/api/games/{game.code}/room", json={"name_words": ["Dick"]},
                headers=bearer(game.host))
    assert error(join(client, game, "Dick")) == (422, "name_not_allowed")


def test_the_host_reads_back_the_words_they_added(api, client):
    game = api.create()
    client.post(f"/api/games/{game.code}/room", json={"name_words": ["Kevin", "Mr Smith"]},
                headers=bearer(game.host))
    r = client.get(f"/api/games/{game.code}/room", headers=bearer(game.host))
    assert r.status_code == 200 and r.json["name_words"] == ["kevin", "mr smith"]


def test_only_the_host_reads_the_words_they_added(api, client):
    game = api.create()
    client.post(f"/api/games/{game.code}/room", json={"name_words": ["Kevin"]},
                headers=bearer(game.host))
    hero = join(client, game, "Ann").json["secret"]
    assert error(client.get(f"/api/games/{game.code}/room", headers=bearer(hero)))[0] == 403
    assert error(client.get(f"/api/games/{game.code}/room"))[0] == 401
    assert "kevin" not in client.get(f"/api/games/{game.code}").get_data(as_text=True)
