"""The break between rounds (issue 25): the class is through with a round once every hero
is done with it, or was left behind already when the host went on; then the host screen
shows the standings, and par's line moves on."""

from __future__ import annotations

from test_api_par import par_state


def _class(api, *names, rounds=3):
    game = api.create(rounds=rounds)
    for name in names:
        api.join(game, name)
    api.roll(game)
    return game


def _done(api, game, *names):
    for name in names:
        api.act(game, name, {"type": "done"})


def test_a_round_is_closed_once_every_hero_is_done(api):
    game = _class(api, "Ada", "Bo")
    assert api.state(game)["round_closed"] is False  # nobody done yet
    _done(api, game, "Ada")
    assert api.state(game)["round_closed"] is False  # Bo still plays
    _done(api, game, "Bo")
    assert api.state(game)["round_closed"] is True


def test_a_hero_left_behind_does_not_hold_up_the_later_breaks(api):
    game = _class(api, "Ada", "Bo", "Cy")
    _done(api, game, "Ada", "Bo")  # Cy stopped playing
    assert api.state(game)["round_closed"] is False
    api.roll(game, go_on=True)  # the host went on without Cy
    _done(api, game, "Ada")
    assert api.state(game)["round_closed"] is False  # Bo, who finished round 1, still plays
    _done(api, game, "Bo")
    state = api.state(game)
    assert state["round_closed"] is True and state["done_count"] == 2
    assert par_state(api, game, 2)["round"] == 2  # par's line moves on at the break too


def test_a_hero_who_joined_during_the_round_is_waited_for(api):
    game = _class(api, "Ada")
    _done(api, game, "Ada")
    api.roll(game)
    api.join(game, "Dee")  # came in during round 2
    _done(api, game, "Ada")
    assert api.state(game)["round_closed"] is False
    _done(api, game, "Dee")
    assert api.state(game)["round_closed"] is True


def test_there_is_no_break_before_the_first_roll_or_after_the_end(api):
    game = api.create(rounds=1)
    api.join(game, "Ada")
    assert api.state(game)["round_closed"] is False
    api.roll(game)
    _done(api, game, "Ada")  # the last round: the game is over
    assert api.state(game)["status"] == "over" and api.state(game)["round_closed"] is False
