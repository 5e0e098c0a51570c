"""A paper hero's own way in to enter their sheet, that needs no projector: the key their
printed sheet's QR code carries, which the host can show again or renew, and nobody else
ever sees (issue 25: a secret link was projected to the whole class)."""

from __future__ import annotations

import pytest
from apikit import bearer, error
from test_api_paper import join_paper
from test_api_sheets import page_texts, sheets


def link(client, game, name="Pen", secret=..., **body):
    pid, _ = game.players[name]
    return client.post(f"/api/games/{game.code}/players/{pid}/paper/link", json=body,
                       headers=bearer(game.host if secret is ... else secret))


def opens(client, game, key, name="Pen") -> bool:
    """Whether ``key`` opens the paper hero's sheet."""
    pid, _ = game.players[name]
    return client.get(f"/api/games/{game.code}/players/{pid}/paper",
                      headers=bearer(key)).status_code == 200


@pytest.fixture
def paper_game(api, client):
    game = api.create(rounds=3)
    api.join(game, "Ann")
    join_paper(client, game)
    return game


def test_the_sheet_printed_for_a_paper_hero_carries_their_own_key(app, client, paper_game):
    roster = app.extensions["dicehero.games"].print_roster(paper_game.code, paper_game.host)
    ann_path, pen_path = roster["paper_paths"]
    pid, key = paper_game.players["Pen"]
    assert ann_path is None  # a phone hero's sheet leads to the join page
    assert pen_path == f"/paper/{paper_game.code}#hero={pid}&key={key}"
    assert opens(client, paper_game, pen_path.partition("&key=")[2])
    ann, pen = page_texts(sheets(client, paper_game).data)
    assert "scan to enter your sheet" in pen and f"/paper/{paper_game.code}" in pen
    assert key not in pen  # the key is in the QR code only, not printed as text
    assert "scan the QR code to join" in ann


def test_the_host_shows_a_paper_heros_link_again_with_the_same_key(client, paper_game):
    _, key = paper_game.players["Pen"]
    r = link(client, paper_game)
    assert r.status_code == 200 and r.json["renewed"] is False
    assert r.json["secret"] == key and r.json["path"].endswith("&key=" + key)
    assert opens(client, paper_game, key)


def test_a_renewed_link_makes_the_old_key_worthless(client, paper_game):
    _, old = paper_game.players["Pen"]
    new = link(client, paper_game, renew=True).json["secret"]
    assert new != old
    assert opens(client, paper_game, new) and not opens(client, paper_game, old)
    assert link(client, paper_game).json["secret"] == new  # shown again: the new one


def test_only_the_host_sees_a_paper_heros_link(client, paper_game):
    _, own = paper_game.players["Pen"]
    assert error(link(client, paper_game, secret=own)) == (403, "not_host")
    assert error(link(client, paper_game, secret=None)) == (401, "no_secret")


def test_a_phone_hero_has_no_paper_link(client, paper_game):
    assert error(link(client, paper_game, "Ann")) == (409, "not_paper")


def test_a_paper_heros_key_is_in_no_public_reply(client, paper_game):
    _, key = paper_game.players["Pen"]
    link(client, paper_game)
    for url in ("", "/scores", "/export.json", "/export.csv"):
        assert key not in client.get(f"/api/games/{paper_game.code}{url}").text
