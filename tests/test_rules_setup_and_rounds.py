"""Rulebook, "Setup" and "Gameplay": the superpower choice, the middle circle, 10 rounds."""

from __future__ import annotations

import pytest
from rulekit import CITY_HALL, DOWNTOWN, GROW, SHRINK, TELEPORT, at, do, hero, refused, roll

from dicehero.engine import (
    BadAction,
    RuleError,
    apply,
    legal_actions,
    new_sheet,
    score,
    start_round,
)
from dicehero.engine.gamelog import parse_log, replay_log
from dicehero.engine.view import sheet_view
from dicehero.words import english


def choose(sheet, number):
    return apply(sheet, {"type": "choose", "superpower": number})


# -- Setup -------------------------------------------------------------------------------

@pytest.mark.parametrize("pick", [2, 5])
def test_choose_one_superpower_from_the_two_rolled_numbers(classic, pick):
    assert choose(new_sheet(classic, (2, 5)), pick).superpower == pick


@pytest.mark.parametrize("pick", [1, 3, 4, 6])
def test_superpower_not_rolled_is_refused(classic, pick):
    error = refused(new_sheet(classic, (2, 5)), {"type": "choose", "superpower": pick},
                    "not_offered")
    assert english(error) == "Choose one of the rolled numbers: 2 (Teleport) or 5 (Shapeshift)."


def test_superpower_needs_the_two_numbers_rolled_first(classic):
    refused(new_sheet(classic), {"type": "choose", "superpower": 2}, "no_offer")


def test_superpower_choice_needs_two_different_numbers_reroll_a_double(classic):
    with pytest.raises(BadAction):
        choose(new_sheet(classic, (3, 3)), 3)


@pytest.mark.parametrize("offer", [(0, 1), (1, 9)])
def test_superpower_choice_is_two_die_faces(classic, offer):
    with pytest.raises(BadAction):
        choose(new_sheet(classic, offer), offer[0])


def test_superpower_determined_once_for_this_game(classic):
    refused(hero(classic, GROW, offer=(GROW, SHRINK)), {"type": "choose", "superpower": SHRINK},
            "already_chosen")


def test_superpower_choice_may_be_taken_back_before_the_first_roll(classic):
    sheet = do(hero(classic, GROW, offer=(GROW, SHRINK)), "undo")
    assert choose(sheet, SHRINK).superpower == SHRINK


def test_superpower_may_still_be_chosen_in_the_first_round(classic):
    sheet = roll(new_sheet(classic, (GROW, SHRINK)), 1, 2, 3, 4)
    assert choose(sheet, GROW).superpower == GROW


def test_superpower_chosen_with_dice_in_view_cannot_be_taken_back(classic):
    sheet = choose(roll(new_sheet(classic, (GROW, SHRINK)), 1, 2, 3, 4), GROW)
    refused(sheet, {"type": "undo"}, "nothing_to_undo")


def test_superpower_choice_closes_when_the_first_round_ends(classic):
    sheet = roll(do(roll(new_sheet(classic, (GROW, SHRINK)), 1, 2, 3, 4), "done"), 6, 6, 6, 6)
    error = refused(sheet, {"type": "choose", "superpower": GROW}, "choice_closed")
    assert english(error) == ("Too late to choose a superpower: it is chosen before your "
                             "first round ends.")


def test_a_closed_choice_is_not_a_legal_action(classic):
    sheet = roll(do(roll(new_sheet(classic, (GROW, SHRINK)), 1, 2, 3, 4), "done"), 6, 6, 6, 6)
    assert all(a.type != "choose" for a in legal_actions(sheet))


def test_a_hero_who_missed_rounds_without_playing_may_still_choose(classic):
    sheet = new_sheet(classic, (GROW, SHRINK))
    for _ in range(3):  # joined late, or the host went on without them
        sheet = roll(sheet, 1, 2, 3, 4)
    assert choose(sheet, SHRINK).superpower == SHRINK


def test_different_players_can_choose_a_different_superpower(classic):
    offer = (TELEPORT, GROW)  # one roll for the whole table
    ann, bob = choose(new_sheet(classic, offer), TELEPORT), choose(new_sheet(classic, offer), GROW)
    assert (ann.superpower, bob.superpower) == (TELEPORT, GROW)


def test_start_in_the_middle_circle(classic):
    sheet = new_sheet(classic, (1, 2))
    assert sheet.position is None
    assert sheet.to_dict()["position"] is None


def test_middle_circle_is_left_for_good(classic):
    sheet = at(classic, DOWNTOWN)
    for _ in range(9):
        sheet = roll(sheet, 1, 2, 3, 4)
        assert sheet.position is not None


# -- Rounds ------------------------------------------------------------------------------

def test_game_is_played_over_10_rounds(classic):
    assert classic.rounds == 10
    sheet = hero(classic)
    for number in range(1, 11):
        sheet = do(roll(sheet, 1, 2, 3, 4), "done")
        assert sheet.round == number
    assert sheet.finished


def test_an_11th_roll_is_refused(classic):
    sheet = hero(classic)
    for _ in range(10):
        sheet = roll(sheet, 6, 6, 6, 6)
    before = sheet.to_dict()
    with pytest.raises(RuleError) as info:
        start_round(sheet, [1, 2, 3, 4])
    assert (info.value.code, english(info.value)) == ("game_over", "The game has only 10 rounds.")
    assert sheet.to_dict() == before


def test_repeat_until_10_rounds_then_nothing_more_to_spend(classic):
    sheet = hero(classic)
    for _ in range(10):
        sheet = do(roll(sheet, 1, 2, 3, 4), "done")
    refused(sheet, {"type": "skip", "die": 0}, "round_closed")
    refused(sheet, {"type": "done"}, "round_closed")


def test_nothing_is_spent_before_the_first_roll(classic):
    sheet = hero(classic)
    refused(sheet, {"type": "move", "die": 0, "to": 1}, "no_roll")
    refused(sheet, {"type": "done"}, "no_roll")


def test_all_players_use_the_same_dice_each_assigning_them_their_own_way(classic):
    dice = [3, 1, 6, 6]
    ann = do(roll(hero(classic, GROW), *dice), "move", die=0, to=DOWNTOWN)
    bob = do(roll(hero(classic, GROW), *dice), "move", die=1, to=CITY_HALL)
    assert [d.rolled for d in ann.dice] == [d.rolled for d in bob.dice] == dice
    assert (ann.position, bob.position) == (DOWNTOWN, CITY_HALL)


@pytest.mark.parametrize("players", [1, 2, 120])
def test_players_1_to_100_plus(classic, players):
    log = {"edition": "classic", "superpower_offer": [1, 6],
           "rolls": [[3, 3, 3, 3]] * 10,
           "players": [{"name": f"hero {i}", "superpower": 6,
                        "rounds": [[{"type": "move", "die": 0, "to": 3},
                                    {"type": "help", "die": 1}]]} for i in range(players)]}
    sheets = replay_log(classic, parse_log(log, classic))
    assert len(sheets) == players
    assert {score(s).total for _, s in sheets} == {classic.location(3).boxes[0].honor}


def test_a_paper_players_pick_without_an_offer_is_taken_as_offered(classic):
    log = {"edition": "classic", "rolls": [[3, 3, 3, 3]],
           "players": [{"name": "paper", "superpower": 2, "rounds": []}]}
    assert replay_log(classic, parse_log(log, classic))[0][1].superpower == 2


# -- Each round: roll 4 dice, then spend them ---------------------------------------------

def test_each_round_roll_4_dice(classic):
    assert (classic.dice_per_round, classic.faces) == (4, 6)
    assert len(roll(hero(classic), 1, 2, 3, 4).dice) == 4


@pytest.mark.parametrize("dice", [[1, 2, 3], [1, 2, 3, 4, 5], [0, 1, 2, 3], [1, 2, 3, 7],
                                  [1, 2, 3, "4"], [1, 2, 3, True], "1234", [1, 2, 3, 4.0]])
def test_a_roll_is_4_six_sided_dice(classic, dice):
    sheet = hero(classic)
    with pytest.raises(BadAction) as info:
        start_round(sheet, dice)
    assert info.value.code == "bad_roll"


def test_roll_written_on_the_rounds_track_for_reference(classic):
    sheet = do(roll(hero(classic, GROW), 3, 1, 6, 2), "power", die=1)
    assert [d.rolled for d in sheet.dice] == [3, 1, 6, 2]
    assert sheet.to_dict()["dice"][1] == {"rolled": 1, "value": 6, "used": None}


def test_spend_those_4_dice_each_once(classic):
    sheet = at(classic, DOWNTOWN, rest=(3, 3, 3))
    for die in (1, 2, 3):
        sheet = do(sheet, "help", die=die)
    assert [d.used for d in sheet.dice] == ["move", "help", "help", "help"]
    for die in range(4):
        refused(sheet, {"type": "skip", "die": die}, "die_spent")


@pytest.mark.parametrize("die", [-1, 4, 10])
def test_there_is_no_fifth_die(classic, die):
    refused(roll(hero(classic), 1, 2, 3, 4), {"type": "skip", "die": die}, "bad_die", BadAction)


def test_done_may_leave_dice_unspent(classic):
    sheet = do(at(classic, DOWNTOWN), "done")
    assert sheet.done
    assert [d.used for d in sheet.dice] == ["move", None, None, None]


def test_unspent_dice_are_forfeited_when_the_next_roll_comes(classic):
    sheet = at(classic, DOWNTOWN, rest=(3, 3, 3))   # three 3s unspent, round still open
    sheet = roll(sheet, 5, 5, 5, 5)
    assert (sheet.round, [d.rolled for d in sheet.dice]) == (2, [5, 5, 5, 5])
    assert [d.used for d in sheet.dice] == [None] * 4
    assert sheet.marks[DOWNTOWN - 1] == ()
    refused(sheet, {"type": "undo"}, "nothing_to_undo")


def test_superpower_must_be_chosen_before_spending_dice(classic):
    sheet = roll(new_sheet(classic, (1, 6)), 1, 2, 3, 4)
    refused(sheet, {"type": "move", "die": 0, "to": 1}, "no_superpower")
    refused(sheet, {"type": "skip", "die": 0}, "no_superpower")


def test_done_is_allowed_without_a_superpower(classic):
    sheet = roll(new_sheet(classic, (1, 6)), 1, 2, 3, 4)
    assert do(sheet, "done").done


def test_a_closed_choice_is_not_offered_on_the_sheet(classic):
    sheet = roll(do(roll(new_sheet(classic, (GROW, SHRINK)), 1, 2, 3, 4), "done"), 6, 6, 6, 6)
    assert sheet_view(sheet)["legal"]["choose"] == []
