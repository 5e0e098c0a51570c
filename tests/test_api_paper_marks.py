"""Paper sheets sent as they are drawn: verified by a witness over the game's rolls, stored with
it, pending until the host approves; refused in plain words when no legal play draws them."""

from __future__ import annotations

import json

import pytest
from apikit import bearer, error

from dicehero.editions import load_edition
from dicehero.engine import new_sheet, score
from dicehero.engine.paper import PaperMarks, parse_marks
from dicehero.engine.replay import replay

R1, R2, R3 = [3, 3, 5, 1], [2, 6, 4, 4], [6, 6, 1, 2]
FIRE = 4
PLAYED = [  # what the paper hero really did; the server never sees it, only the marks
    [{"type": "move", "die": 0, "to": 3}, {"type": "help", "die": 1},
     {"type": "minion", "die": 2}],
    [{"type": "power", "die": 0}, {"type": "help", "die": 0}, {"type": "minion", "die": 1}],
    [{"type": "move", "die": 0, "to": 6}, {"type": "help", "die": 1, "slot": 1}],
]


def drawn_marks(rounds=PLAYED) -> dict:
    ed = load_edition("classic")
    sheet = replay(ed, (3, FIRE), [R1, R2, R3], rounds, FIRE)
    return PaperMarks.of(sheet).to_dict()


def paper_game(api, client, rolls, choices=(3, FIRE), **create):
    """A game played to its end on ``rolls`` (``create``: the new game's settings) with one
    phone hero (Ann) and one paper hero (Pen), written in by the host; the table's offer is
    ``choices``. Pen's (id, secret) is in ``game.players`` beside Ann's."""
    game = api.create(**create)
    api.join(game, "Ann")
    r = client.post(f"/api/games/{game.code}/players", json={"name": "Pen", "paper": True},
                    headers=bearer(game.host))
    pen = (r.json["player"]["id"], r.json["secret"])
    assert api.host_post(game, "offer", {"choices": list(choices)}).status_code == 200
    for dice in rolls:
        api.roll(game, dice=dice)
        api.done_all(game)  # the phone heroes; a paper hero never holds up a roll
    assert api.state(game)["status"] == "over"
    game.players["Pen"] = pen
    return game


def over_game(api, client):
    """A finished 3-round game with one phone hero (Ann) and one paper hero (Pen)."""
    return paper_game(api, client, (R1, R2, R3), rounds=3)


def bot_paper_game(api, client, seed=3):
    """A finished 10-round game on the dice of witnesskit's greedy game ``seed``, with Ann on
    a phone and Pen on paper; and the marks of the greedy bot's sheet (a search of some
    hundreds of states)."""
    from witnesskit import bot_game

    from dicehero.engine.bots import GreedyBot

    played, paper = bot_game(load_edition("classic"), seed, GreedyBot)
    return paper_game(api, client, played.rolls, played.offer), paper.to_dict()


def put_marks(client, game, marks, secret=...):
    pid, own = game.players["Pen"]
    return client.put(f"/api/games/{game.code}/players/{pid}/paper", json={"marks": marks},
                      headers=bearer(own if secret is ... else secret))


def get_paper(client, game, secret=...):
    pid, own = game.players["Pen"]
    return client.get(f"/api/games/{game.code}/players/{pid}/paper",
                      headers=bearer(own if secret is ... else secret))


def test_a_sheet_sent_by_its_marks_is_verified_and_scored(api, client):
    game = over_game(api, client)
    r = put_marks(client, game, drawn_marks())
    assert r.status_code == 200, r.json
    paper = r.json["paper"]
    assert paper["check"] == "verified"
    assert paper["marks"] == drawn_marks()
    assert len(paper["rounds"]) == 3  # the witness: what each die did, round by round
    ed = load_edition("classic")
    expected = score(replay(ed, (3, FIRE), [R1, R2, R3], PLAYED, FIRE)).total
    assert r.json["score"]["total"] == expected


def test_the_witness_replays_to_exactly_the_drawn_marks(api, client):
    game = over_game(api, client)
    witness = put_marks(client, game, drawn_marks()).json["paper"]["rounds"]
    ed = load_edition("classic")
    sheet = replay(ed, (3, FIRE), [R1, R2, R3], witness, FIRE)
    assert PaperMarks.of(sheet).to_dict() == drawn_marks()


def test_marks_no_play_draws_are_refused_in_plain_words_and_nothing_is_stored(api, client):
    game = over_game(api, client)
    marks = drawn_marks()
    marks["marks"][3] = [5, 4]  # Powerplant: the only 4s come after the only 5
    r = put_marks(client, game, marks)
    assert error(r) == (422, "no_witness")
    assert "No legal play over this game's rolls draws all these marks" in \
        r.json["error"]["message"]
    assert get_paper(client, game).json["paper"]["submitted_at"] is None


def test_a_blank_sheet_with_no_superpower_is_accepted(api, client):
    ed = load_edition("classic")
    blank = PaperMarks.of(new_sheet(ed, (3, FIRE))).to_dict()  # never chose, marked nothing
    game = over_game(api, client)
    r = put_marks(client, game, blank)
    assert r.status_code == 200, r.json
    assert r.json["paper"]["rounds"] == [[{"type": "done"}]] * 3
    assert r.json["score"]["total"] == 0
    assert get_paper(client, game).json["paper"]["check"] == "verified"


def test_marks_against_a_locations_rule_are_refused_naming_the_box(api, client):
    game = over_game(api, client)
    marks = drawn_marks()
    marks["marks"][2] = [3, 3, 4]  # Downtown: every number is the same as the first
    r = put_marks(client, game, marks)
    assert error(r) == (422, "track_same")
    assert r.json["error"]["message"].startswith("Downtown, box 3 (a 4): ")


def test_a_players_sheet_by_marks_is_pending_until_the_host_approves(api, client):
    game = over_game(api, client)
    assert put_marks(client, game, drawn_marks()).json["paper"]["approved"] is False
    pid, _ = game.players["Pen"]
    r = client.post(f"/api/games/{game.code}/players/{pid}/paper/approve", json={},
                    headers=bearer(game.host))
    assert r.status_code == 200, r.json
    assert r.json["paper"]["approved"] is True
    assert r.json["paper"]["check"] == "verified"


def test_a_sheet_the_host_enters_by_marks_is_approved(api, client):
    game = over_game(api, client)
    r = put_marks(client, game, drawn_marks(), secret=game.host)
    assert r.status_code == 200, r.json
    assert r.json["paper"]["approved"] is True


def test_ink_does_not_come_off_a_player_may_add_marks_but_not_erase_them(api, client):
    game = over_game(api, client)
    assert put_marks(client, game, drawn_marks()).status_code == 200
    fewer = drawn_marks(PLAYED[:2])
    r = put_marks(client, game, fewer)
    assert error(r) == (409, "marks_erased")
    assert "Church" in r.json["error"]["message"]


def test_the_host_may_correct_marks_the_player_sent(api, client):
    game = over_game(api, client)
    assert put_marks(client, game, drawn_marks()).status_code == 200
    r = put_marks(client, game, drawn_marks(PLAYED[:2]), secret=game.host)
    assert r.status_code == 200, r.json


def test_the_same_marks_again_store_nothing(api, client):
    game = over_game(api, client)
    put_marks(client, game, drawn_marks())
    assert put_marks(client, game, drawn_marks()).json["stored"] is False


def test_a_check_that_reaches_its_state_cap_stores_the_sheet_pending_for_the_host(app, api,
                                                                                client):
    app.extensions["dicehero.games"].paper_check_states = 10  # the search gives up soon
    game, marks = bot_paper_game(api, client)
    r = put_marks(client, game, marks)
    assert r.status_code == 200, r.json
    assert r.json["paper"]["check"] == "undecided"
    assert r.json["paper"]["approved"] is False
    ed = load_edition("classic")
    expected = score(parse_marks(marks, ed).sheet(ed, (2, 5))).total
    assert r.json["score"]["total"] == expected  # the marks as drawn, until the host decides
    assert api.state(game)["results"]["provisional"] is True


def test_a_check_cut_short_by_its_deadline_is_retried_and_lands_the_unloaded_verdict(app, api,
                                                                                    client):
    unloaded = put_marks(client, over_game(api, client), drawn_marks()).json
    app.extensions["dicehero.games"].paper_check_seconds = 0  # every first try is cut short
    again = put_marks(client, over_game(api, client), drawn_marks())
    assert again.status_code == 200, again.json
    assert again.json["paper"]["check"] == unloaded["paper"]["check"] == "verified"
    assert again.json["paper"]["rounds"] == unloaded["paper"]["rounds"]
    assert again.json["score"] == unloaded["score"]


def test_marks_no_play_draws_are_refused_not_stored_pending_when_the_check_is_cut_short(
        app, api, client):
    app.extensions["dicehero.games"].paper_check_seconds = 0
    game = over_game(api, client)
    marks = drawn_marks()
    marks["marks"][3] = [5, 4]  # Powerplant: the only 4s come after the only 5
    assert error(put_marks(client, game, marks)) == (422, "no_witness")
    assert get_paper(client, game).json["paper"]["submitted_at"] is None
    assert api.state(game)["results"]["pending"] == []


def _events(app, game, kind):
    from dicehero.store.models import EventRow, Game

    with app.extensions["dicehero.store"].read() as s:
        gid = s.query(Game).filter(Game.code == game.code).one().id
        rows = s.query(EventRow).filter(EventRow.game_id == gid, EventRow.type == kind)
        return [json.loads(e.data)["data"] for e in rows.order_by(EventRow.seq)]


def test_a_sheet_still_being_checked_is_answered_at_once_its_verdict_an_event_and_a_read(
        app, api, client):
    app.extensions["dicehero.games"].paper_answer_seconds = 0  # answer before the verdict
    game = over_game(api, client)
    r = put_marks(client, game, drawn_marks())
    assert r.status_code == 202, r.json
    assert r.json["checking"] == {"status": "checking"}
    assert r.json["paper"]["submitted_at"] is None  # nothing stored before its verdict
    assert app.extensions["dicehero.games"].pool.settle()
    seen = get_paper(client, game).json
    assert (seen["paper"]["check"], seen["checking"]) == ("verified", None)
    assert [e["player"]["name"] for e in _events(app, game, "paper_sheet")] == ["Pen"]


def test_a_sheet_being_checked_sends_no_event_to_the_class(app, api, client):
    # Only the hero's page needs how the check stands, and it reads its sheet: an event
    # would go to every phone's stream of the game for each sheet sent (issue 26).
    app.extensions["dicehero.games"].paper_answer_seconds = 0
    game = over_game(api, client)
    marks = drawn_marks()
    marks["marks"][3] = [5, 4]  # refused after its check
    put_marks(client, game, marks)
    assert app.extensions["dicehero.games"].pool.settle()
    assert get_paper(client, game).json["checking"]["status"] == "refused"
    assert _events(app, game, "paper_check") == []


def test_marks_refused_after_the_answer_say_why_in_the_next_read(app, api, client):
    app.extensions["dicehero.games"].paper_answer_seconds = 0
    game = over_game(api, client)
    marks = drawn_marks()
    marks["marks"][3] = [5, 4]
    # Not waited for, the verdict may still land before the reply reads the log (a 200
    # that already says "refused"), or after it (202, "checking"): either way it is said.
    assert put_marks(client, game, marks).status_code in (200, 202)
    assert app.extensions["dicehero.games"].pool.settle()
    seen = get_paper(client, game).json
    assert seen["paper"]["submitted_at"] is None
    assert seen["checking"]["status"] == "refused" and seen["checking"]["code"] == "no_witness"
    assert "No legal play over this game's rolls" in seen["checking"]["reason"]
    assert api.state(game)["results"]["pending"] == []


def test_a_refusal_after_the_check_is_read_in_the_readers_language(app, api, client):
    app.extensions["dicehero.games"].paper_answer_seconds = 0
    game = over_game(api, client)
    marks = drawn_marks()
    marks["marks"][3] = [5, 4]
    put_marks(client, game, marks)
    assert app.extensions["dicehero.games"].pool.settle()
    pid, own = game.players["Pen"]
    url = f"/api/games/{game.code}/players/{pid}/paper"
    french = client.get(url, headers={**bearer(own), "Accept-Language": "fr"}).json["checking"]
    english = client.get(url, headers={**bearer(own), "Accept-Language": "en"}).json["checking"]
    assert french["code"] == english["code"] == "no_witness"
    assert french["reason"].startswith("Aucune partie permise avec les lancers de cette partie")
    assert english["reason"].startswith("No legal play over this game's rolls")
    assert "words" not in french  # the words as data stay in the game's log


def late_six_game(api, client):
    """A finished 3-round game whose only 6 comes before its only 4 and 5, with Pen on paper;
    and Pen's marks with Powerplant's 4, 5 and a 6 after them, which no play can write."""
    game = paper_game(api, client, ([6, 2, 2, 2], [4, 2, 2, 2], [5, 2, 2, 2]), rounds=3)
    marks = PaperMarks.of(new_sheet(load_edition("classic"), (3, FIRE))).to_dict()
    marks["superpower"], marks["marks"][3] = FIRE, [4, 5, 6]
    return game, marks


def test_the_one_mark_no_play_reaches_is_named_in_the_refusal(api, client):
    game, marks = late_six_game(api, client)
    r = put_marks(client, game, marks)
    assert (r.status_code, r.json["error"]["code"]) == (422, "wrong_mark")
    assert r.json["error"]["message"].startswith(
        "Powerplant, box 3 (a 6): no play over this game's rolls can make this mark")
    assert r.json["error"]["mark"] == {"location": 3, "slot": 2}  # the page rings it
    assert get_paper(client, game).json["paper"]["submitted_at"] is None


def test_the_servers_state_cap_bounds_the_naming_of_a_wrong_mark_too(app, api, client):
    # The search proves the sheet undrawable without a state; naming the 6 needs some.
    app.extensions["dicehero.games"].paper_check_states = 0
    game, marks = late_six_game(api, client)
    assert error(put_marks(client, game, marks)) == (422, "no_witness")


def test_a_wrong_mark_named_after_the_answer_is_read_in_the_readers_language(app, api, client):
    app.extensions["dicehero.games"].paper_answer_seconds = 0
    game, marks = late_six_game(api, client)
    put_marks(client, game, marks)
    assert app.extensions["dicehero.games"].pool.settle()
    pid, own = game.players["Pen"]
    url = f"/api/games/{game.code}/players/{pid}/paper"
    french = client.get(url, headers={**bearer(own), "Accept-Language": "fr"}).json["checking"]
    assert (french["status"], french["code"]) == ("refused", "wrong_mark")
    assert french["mark"] == {"location": 3, "slot": 2}
    assert french["reason"].startswith("Centrale, case 3 (un 6) : aucune partie")


@pytest.mark.parametrize("marks", [[], {"marks": "x"}, {"marks": [[]] * 6, "minions": [9]}])
def test_marks_of_the_wrong_shape_are_a_400(api, client, marks):
    game = over_game(api, client)
    assert put_marks(client, game, marks).status_code == 400


def test_marks_and_rounds_together_are_a_400(api, client):
    game = over_game(api, client)
    pid, own = game.players["Pen"]
    r = client.put(f"/api/games/{game.code}/players/{pid}/paper",
                   json={"marks": drawn_marks(), "rounds": []}, headers=bearer(own))
    assert error(r) == (400, "bad_field")


def test_a_phone_player_cannot_send_marks(api, client):
    game = over_game(api, client)
    ann = game.players["Ann"][0]
    r = client.put(f"/api/games/{game.code}/players/{ann}/paper",
                   json={"marks": drawn_marks()}, headers=bearer(game.host))
    assert error(r) == (409, "not_paper")


def test_the_host_approves_an_undecided_sheet_by_hand_seeing_why_it_is_undecided(app, api, client):
    app.extensions["dicehero.games"].paper_check_states = 10
    game, marks = bot_paper_game(api, client)
    assert put_marks(client, game, marks).json["paper"]["check"] == "undecided"
    seen = get_paper(client, game, secret=game.host).json["paper"]
    assert seen["check"] == "undecided"
    assert seen["reason"] is None  # the status says it: the page words it (issue 24)
    state = api.state(game)
    pid, _ = game.players["Pen"]
    assert state["results"]["pending"] == [{"id": pid, "name": "Pen"}]
    assert state["results"]["sheets"] == [{"id": pid, "by": "marks", "check": "undecided",
                                           "approved": False}]
    r = client.post(f"/api/games/{game.code}/players/{pid}/paper/approve", json={},
                    headers=bearer(game.host))
    assert r.status_code == 200, r.json
    assert (r.json["paper"]["approved"], r.json["paper"]["check"]) == (True, "undecided")
    results = api.state(game)["results"]
    assert results["pending"] == []
    assert results["sheets"][0]["approved"] is True


def test_a_verified_sheet_has_no_reason_and_says_how_it_came_in(api, client):
    game = over_game(api, client)
    paper = put_marks(client, game, drawn_marks()).json["paper"]
    assert (paper["check"], paper["reason"]) == ("verified", None)
    assert api.state(game)["results"]["sheets"][0]["by"] == "marks"


def test_a_griefer_cannot_add_marks_with_hindsight_by_sending_the_sheet_again(api, client):
    """Pen sends a blank sheet once roll 2 is out, then, with every roll known, adds a pair of
    2s: only round 1 rolled 2s, and Pen said round 1 drew nothing. Refused; marks that the
    later dice could make are fine, and the host may still correct anything."""
    ed = load_edition("classic")
    game = api.create(rounds=3)
    api.join(game, "Ann")
    r = client.post(f"/api/games/{game.code}/players", json={"name": "Pen", "paper": True},
                    headers=bearer(game.host))
    pen = (r.json["player"]["id"], r.json["secret"])
    assert api.host_post(game, "offer", {"choices": [1, FIRE]}).status_code == 200
    blank = PaperMarks.of(new_sheet(ed, (1, FIRE)).evolve(superpower=1)).to_dict()

    def with_hospital(pair):
        marks = {**blank, "marks": [list(m) for m in blank["marks"]]}
        marks["marks"][1] = [pair, [], [], [], [], []]
        return marks

    for n, dice in enumerate(([5, 2, 2, 2], [4, 4, 6, 6], [6, 6, 6, 6]), start=1):
        api.roll(game, dice=dice)
        if n == 2:
            game.players["Pen"] = pen
            assert put_marks(client, game, blank).status_code == 200
            del game.players["Pen"]  # a paper hero is never waited for
        api.done_all(game)
    assert api.state(game)["status"] == "over"
    game.players["Pen"] = pen
    r = put_marks(client, game, with_hospital([2, 2]))
    assert error(r) == (422, "sent_before")
    assert "dice rolled after you sent it" in r.json["error"]["message"]
    r = put_marks(client, game, with_hospital([6, 6]))  # round 3's 6s: no hindsight needed
    assert r.status_code == 200, r.json
    r = put_marks(client, game, with_hospital([6, 6]) | {"minions": [0, 1, 0, 0, 0, 0]})
    assert error(r) == (422, "sent_before")  # sent after the end: nothing more to add
    assert put_marks(client, game, with_hospital([2, 2]), secret=game.host).status_code == 200


def test_an_approved_sheet_sent_by_its_marks_is_changed_by_the_host_only(api, client):
    game = over_game(api, client)
    assert put_marks(client, game, drawn_marks()).status_code == 200
    pid, _ = game.players["Pen"]
    assert client.post(f"/api/games/{game.code}/players/{pid}/paper/approve", json={},
                       headers=bearer(game.host)).status_code == 200
    more = drawn_marks()
    more["minions"][5] += 1  # one more Robot Minion, added after the approval
    assert error(put_marks(client, game, more)) == (409, "sheet_approved")
    r = put_marks(client, game, drawn_marks(PLAYED[:2]), secret=game.host)
    assert r.status_code == 200, r.json
    assert r.json["paper"]["approved"] is True
