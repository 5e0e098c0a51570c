"""Paper sheets entered by their marks: a sheet is verified when a legal play over the game's
real rolls draws exactly those marks (``dicehero.engine.paper.find_witness``), and refused in plain
words when none does. Our rulings for a sheet read back afterwards (docs/RULES.md, "Paper
sheets entered by their marks").
"""

from __future__ import annotations

import random
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context

import pytest
from rulekit import CHURCH, CITY_HALL, DOWNTOWN, FIRE, HOSPITAL, POWERPLANT, SHRINK, WAREHOUSE
from witnesskit import (
    bot_game,
    changed_in_one_place,
    judge_game,
    judge_par_game,
    par_games,
    par_sheet,
    witness_draws,
)

from dicehero.engine import BadAction, apply, new_sheet
from dicehero.engine.bots import GreedyBot, RandomBot
from dicehero.engine.paper import (
    IMPOSSIBLE,
    UNDECIDED,
    VERIFIED,
    PaperMarks,
    Sent,
    Settings,
    check_drawn,
    find_witness,
    parse_marks,
)
from dicehero.words import english

OFFER = (SHRINK, FIRE)
QUIET = [2, 2, 2, 2]  # a roll that helps nowhere on these sheets


def blank(ed) -> PaperMarks:
    """A sheet with no marks, whose player chose Shrink."""
    return PaperMarks.of(apply(new_sheet(ed, OFFER), {"type": "choose", "superpower": SHRINK}))


def drawn(ed, at: dict[int, list] | None = None, **fields) -> PaperMarks:
    """A paper sheet with ``{location number: marks}`` drawn and the other fields given."""
    sheet = blank(ed).to_dict()
    for number, marks in (at or {}).items():
        sheet["marks"][number - 1] = marks
    sheet.update(fields)
    return parse_marks(sheet, ed)


def cells(ed, number: int, *marked: int) -> list[bool]:
    size = len(ed.location(number).cell_numbers)
    return [i in marked for i in range(size)]


# -- a sheet from real play is never refused ---------------------------------------------------

@pytest.mark.parametrize("seed", range(40))
def test_marks_of_a_random_players_game_verify(classic, seed):
    game, paper = bot_game(classic, seed, RandomBot)
    verdict = find_witness(classic, game.offer, game.rolls, paper)
    assert verdict.status == VERIFIED
    assert witness_draws(classic, game.offer, game.rolls, paper, verdict)


@pytest.mark.parametrize("seed", range(12))
def test_marks_of_a_greedy_players_game_are_never_refused(classic, seed):
    game, paper = bot_game(classic, seed, GreedyBot)
    verdict = find_witness(classic, game.offer, game.rolls, paper, Settings(max_states=20_000))
    assert verdict.status in (VERIFIED, UNDECIDED)
    if verdict.verified:
        assert witness_draws(classic, game.offer, game.rolls, paper, verdict)


@pytest.mark.parametrize("seed", range(40))
def test_marks_changed_in_one_place_verify_only_with_a_witness(classic, seed):
    game, paper = bot_game(classic, seed, RandomBot)
    # an X or a number added or taken away, a Robot Minion, a Wild die (the 1,000-game test
    # below also moves and swaps marks, which only the search itself can judge)
    changed, _ = changed_in_one_place(classic, paper, random.Random(seed),
                                      changes=("mark", "minion", "wild"))
    verdict = find_witness(classic, game.offer, game.rolls, changed)
    assert verdict.status in (VERIFIED, IMPOSSIBLE)
    if verdict.verified:  # a legal play really draws the changed sheet: here it is
        assert witness_draws(classic, game.offer, game.rolls, changed, verdict)
    else:
        assert verdict.reason


# Seeds of bench/bench_witness.py the search once misjudged: 399's player iced one die three
# times over (the search tried one use per die and called the sheet impossible).
ONCE_MISJUDGED = (399,)


@pytest.mark.parametrize("seed", ONCE_MISJUDGED)
def test_sheets_the_search_once_misjudged_verify(classic, seed):
    game, paper = bot_game(classic, seed)
    verdict = find_witness(classic, game.offer, game.rolls, paper)
    assert verdict.status == VERIFIED
    assert witness_draws(classic, game.offer, game.rolls, paper, verdict)


# A sheet from real play is never refused; it may run out of states (undecided, for the host
# to judge by hand). How many do is the search's speed, not its correctness, so the tests
# bound it loosely (bench/bench_witness.py gives the figures, the target being 0.5%): a
# correct change to the search's order cannot fail them.
UNDECIDED_AT_MOST = 0.02
PAR_UNDECIDED_AT_MOST = 0.08  # strong play is the search's weak spot (3% in an earlier run)


def _judged_every_way(games: list[dict], undecided_at_most: float = UNDECIDED_AT_MOST) -> None:
    """Never refused, seldom undecided, every witness replays; each sheet changed in one
    place verified with a witness that replays or refused in plain words."""
    refused = [g["seed"] for g in games if g["status"] == IMPOSSIBLE]
    assert refused == []  # a sheet from real play is never refused
    undecided = sorted(g["seed"] for g in games if g["status"] == UNDECIDED)
    assert len(undecided) <= undecided_at_most * len(games), undecided
    assert all(g["replays"] for g in games if g["status"] == VERIFIED)
    changed = [g["changed"] for g in games]
    assert all(c["replays"] for c in changed if c["status"] == VERIFIED)
    no_witness = [c for c in changed if c["code"] in ("no_witness", "wrong_mark")]
    assert len(no_witness) >= len(games) // 20  # the search's own refusal, not the checks'
    assert all(c["reason"].startswith("No legal play over this game's rolls draws")
               for c in no_witness if c["code"] == "no_witness")
    assert all("no play over this game's rolls can" in c["reason"]
               for c in no_witness if c["code"] == "wrong_mark")
    moved = {"move an X", "move a number to another pair", "swap two track numbers",
             "move a track number to another number"}
    assert moved & {c["what"] for c in no_witness}  # changes only the search can judge
    assert all(c["reason"] for c in changed if c["status"] == IMPOSSIBLE)


@pytest.mark.slow
def test_marks_of_1000_bot_games_verify_and_each_changed_in_one_place_is_judged():
    """500 random and 500 greedy games (bench_witness's seeds): no sheet is refused, at most
    2% undecided at the default cap (which counts states, not seconds: the same on any
    machine), every witness replays; each sheet changed in one place is either verified
    with a witness that replays, or refused in plain words."""
    with ProcessPoolExecutor(2, mp_context=get_context("spawn")) as pool:
        games = list(pool.map(judge_game, range(1000), chunksize=8))
    _judged_every_way(games)


@pytest.mark.slow
def test_marks_of_200_par_games_verify_and_each_changed_in_one_place_is_judged():
    """The par bot's 200 games of the fixture (strong play, the search's weak spot), judged
    as the 1,000 bot games are, at most 8% undecided."""
    with ProcessPoolExecutor(2, mp_context=get_context("spawn")) as pool:
        games = list(pool.map(judge_par_game, range(len(par_games())), chunksize=4))
    assert len(games) == 200
    _judged_every_way(games, PAR_UNDECIDED_AT_MOST)


# -- what is drawn must obey each location's rule, whatever the dice ---------------------------

def test_a_track_number_out_of_its_rule_is_refused_with_the_box(classic):
    paper = drawn(classic, {POWERPLANT: [3, 4, 6]})
    verdict = find_witness(classic, OFFER, [QUIET] * 10, paper)
    assert verdict.status == IMPOSSIBLE
    assert verdict.code == "track_adjacent"
    assert english(verdict.reason).startswith("Powerplant, box 3 (a 6): ")


def test_a_hospital_pair_of_two_numbers_is_refused(classic):
    pairs = [[4, 5], [], [], [], [], []]
    verdict = find_witness(classic, OFFER, [QUIET] * 10, drawn(classic, {HOSPITAL: pairs}))
    assert verdict.code == "pair_mismatch"
    assert "Hospital's pair 1 holds a 4 and a 5" in english(verdict.reason)


def test_more_robot_minions_than_a_location_has_is_refused(classic):
    verdict = find_witness(classic, OFFER, [QUIET] * 10,
                           drawn(classic, minions=[4, 0, 0, 0, 0, 0]))
    assert verdict.code == "no_minions"


def test_a_superpower_not_offered_is_refused(classic):
    verdict = find_witness(classic, OFFER, [QUIET] * 10, drawn(classic, superpower=6))
    assert verdict.code == "not_offered"


def test_more_superpower_ticks_than_its_uses_is_refused(classic):
    verdict = find_witness(classic, OFFER, [QUIET] * 10, drawn(classic, powers_used=4))
    assert verdict.code == "no_power_left"


def test_wild_dice_used_must_have_been_earned_by_the_marks(classic):
    verdict = find_witness(classic, OFFER, [QUIET] * 10, drawn(classic, wild_used=1))
    assert verdict.code == "no_wild"
    assert "earn 0 Wild dice" in english(verdict.reason)


def test_bystanders_ticked_must_be_the_ones_the_marks_rescue(classic):
    verdict = find_witness(classic, OFFER, [QUIET] * 10, drawn(classic, bystanders=1))
    assert verdict.code == "bystanders_differ"


def test_the_rounds_box_must_agree_with_the_games_rolls(classic):
    rolls = [[3, 1, 6, 6]] + [QUIET] * 9
    verdict = find_witness(classic, OFFER, rolls, drawn(classic, rolls=[[3, 1, 6, 5]]))
    assert verdict.code == "rolls_differ"
    assert english(verdict.reason) == ("Round 1: the sheet's ROUNDS box says 3 1 6 5, but the game "
                              "rolled 3 1 6 6.")


def test_the_rounds_box_in_any_order_agrees(classic):
    rolls = [[3, 1, 6, 6]] + [QUIET] * 9
    assert find_witness(classic, OFFER, rolls, drawn(classic, rolls=[[6, 6, 1, 3]])).verified


def test_more_of_a_number_than_the_game_rolled_is_refused(classic):
    rolls = [[3, 3, 5, 5]] + [QUIET] * 9
    verdict = find_witness(classic, OFFER, rolls, drawn(classic, {WAREHOUSE: [6, 6]}))
    assert verdict.code == "not_enough_dice"
    assert "need a 6, but the game rolled only 0," in english(verdict.reason)


# -- the search -----------------------------------------------------------------------------------

def test_two_dice_that_help_nowhere_may_make_one_move_between_them(classic):
    # From the middle circle a 5 goes to the Warehouse, where the other 5 goes anywhere:
    # the only way to the Church's 4 in the first round (no 6 rolled).
    rolls = [[5, 5, 4, 3]]
    four = classic.location(CHURCH).cell_numbers.index(4)
    paper = drawn(classic, {CHURCH: cells(classic, CHURCH, four)})
    verdict = find_witness(classic, OFFER, rolls, paper)
    assert verdict.verified
    assert [a.to for a in verdict.rounds[0] if a.type == "move"] == [WAREHOUSE, CHURCH]
    assert witness_draws(classic, OFFER, rolls, paper, verdict)


def test_the_same_die_may_be_changed_by_the_superpower_again_and_again(classic):
    # Ice three times turns the 6 into the 3 that Downtown shows; no other play draws it.
    rolls = [[3, 6, 2, 2]] + [QUIET] * 9
    paper = drawn(classic, {DOWNTOWN: [3]}, superpower=3, powers_used=3)
    verdict = find_witness(classic, (3, FIRE), rolls, paper)
    assert verdict.verified
    assert [a.type for a in verdict.rounds[0]].count("power") == 3
    assert witness_draws(classic, (3, FIRE), rolls, paper, verdict)


def test_a_blank_sheet_verifies_with_every_die_left_unused(classic):
    verdict = find_witness(classic, OFFER, [QUIET] * 10, drawn(classic))
    assert verdict.verified
    assert [a.type for a in verdict.rounds[0]] == ["skip"] * 4 + ["done"]


def test_the_witness_leaves_a_die_unused_rather_than_move_to_no_purpose(classic):
    # Par's game 1: of the last round's endings alike, the search meets first one that
    # moves four times and marks nothing; the witness shows the four dice unused.
    offer, rolls, _, paper = par_sheet(classic, par_games()[1])
    verdict = find_witness(classic, offer, rolls, paper)
    assert verdict.verified and witness_draws(classic, offer, rolls, paper, verdict)
    assert [a.type for a in verdict.rounds[-1]] == ["skip"] * 4 + ["done"]


def test_the_witness_makes_no_detour_that_comes_back(classic):
    # Par's game 30, round 9: the search's play goes from City Hall to the Warehouse and
    # back with nothing done there; the witness leaves those two dice unused.
    offer, rolls, _, paper = par_sheet(classic, par_games()[30])
    verdict = find_witness(classic, offer, rolls, paper)
    assert verdict.verified and witness_draws(classic, offer, rolls, paper, verdict)
    assert [a.type for a in verdict.rounds[8] if a.type in ("move", "skip")] == ["skip"] * 2


def test_a_blank_sheet_with_no_superpower_verifies_with_done_each_round(classic):
    # round by round the engine takes done from a hero who never chose (their dice unused)
    paper = parse_marks({**drawn(classic).to_dict(), "superpower": None}, classic)
    verdict = find_witness(classic, OFFER, [QUIET] * 10, paper)
    assert verdict.verified, english(verdict.reason) if verdict.reason else ""
    assert [[a.type for a in r] for r in verdict.rounds] == [["done"]] * 10


def test_the_witness_shows_what_each_die_did(classic):
    rolls = [[3, 5, 5, 1]] + [QUIET] * 9
    paper = drawn(classic, {DOWNTOWN: [5, 5]}, minions=[0, 0, 1, 0, 0, 0])
    verdict = find_witness(classic, OFFER, rolls, paper)
    assert verdict.verified
    used = sorted(a.type for a in verdict.rounds[0])
    assert used == ["done", "help", "help", "minion", "move"]


def test_a_mark_made_before_the_hero_could_be_there_is_refused_with_the_nearest_failure(classic):
    # The only 5 is rolled before the only 4: Powerplant's 4 then 5 cannot both be written.
    rolls = [[5, 2, 2, 2], [4, 2, 2, 2]] + [QUIET] * 8
    verdict = find_witness(classic, OFFER, rolls, drawn(classic, {POWERPLANT: [4, 5]}))
    assert verdict.status == IMPOSSIBLE
    assert verdict.code == "no_witness"
    assert "puts the 5 after the 4 in Powerplant's box 2" in english(verdict.reason)


# The only 6 is rolled before the 4 and the 5: Powerplant's 4, 5 can be written, a 6 after them
# cannot; without the 6 the sheet is drawable, without the 4 or the 5 it is not.
LATE_SIX_ROLLS = [[6, 2, 2, 2], [4, 2, 2, 2], [5, 2, 2, 2]] + [QUIET] * 7


def test_the_one_mark_no_play_reaches_beside_the_others_is_named(classic):
    verdict = find_witness(classic, OFFER, LATE_SIX_ROLLS, drawn(classic, {POWERPLANT: [4, 5, 6]}))
    assert (verdict.status, verdict.code) == (IMPOSSIBLE, "wrong_mark")
    assert english(verdict.reason).startswith(
        "Powerplant, box 3 (a 6): no play over this game's rolls can make this mark")
    assert verdict.mark == {"location": POWERPLANT - 1, "slot": 2}  # for the page to ring it


def test_two_marks_that_cannot_both_be_there_name_neither(classic):
    # Without the 4 or without the 5, either sheet is drawable: which is wrong is not known.
    rolls = [[5, 2, 2, 2], [4, 2, 2, 2]] + [QUIET] * 8
    verdict = find_witness(classic, OFFER, rolls, drawn(classic, {POWERPLANT: [4, 5]}))
    assert (verdict.status, verdict.code) == (IMPOSSIBLE, "no_witness")


def test_a_search_given_no_states_to_name_a_wrong_mark_names_none(classic):
    paper = drawn(classic, {POWERPLANT: [4, 5, 6]})
    verdict = find_witness(classic, OFFER, LATE_SIX_ROLLS, paper, Settings(name_states=0))
    assert (verdict.status, verdict.code) == (IMPOSSIBLE, "no_witness")


def test_a_wild_die_used_needs_a_play_that_spends_it(classic):
    # Church's top six earn a Wild die; the sheet says it was used, but nothing is left to
    # spend it on except a move, which the search may use.
    rolls = [[6, 1, 6, 2], [5, 3, 4, 6], [2, 5, 3, 4]] + [QUIET] * 7
    top = cells(classic, CHURCH, 0, 1, 2, 3, 4, 5)
    paper = drawn(classic, {CHURCH: top}, wild_used=1)
    verdict = find_witness(classic, OFFER, rolls, paper)
    assert verdict.verified
    assert any(a.wild for r in verdict.rounds for a in r)


def test_a_search_that_runs_out_of_states_is_undecided(classic):
    game, paper = bot_game(classic, 3, GreedyBot)
    verdict = find_witness(classic, game.offer, game.rolls, paper, Settings(max_states=10))
    assert (verdict.status, verdict.code) == (UNDECIDED, "check_undecided")
    assert "the host may approve the sheet by hand" in english(verdict.reason)


def test_a_server_may_stop_a_search_between_states(classic):
    game, paper = bot_game(classic, 3, GreedyBot)
    verdict = find_witness(classic, game.offer, game.rolls, paper, pause=lambda: False)
    assert verdict.status == UNDECIDED


def test_city_hall_marks_verify_over_the_rolls(classic):
    rolls = [[1, 1, 2, 3]] + [QUIET] * 9
    paper = drawn(classic, {CITY_HALL: cells(classic, CITY_HALL, 0, 1, 2)})
    assert find_witness(classic, OFFER, rolls, paper).verified


# -- the shape of what is sent --------------------------------------------------------------

@pytest.mark.parametrize("change", [
    {"marks": []},
    {"minions": [0, 0]},
    {"wild_used": -1},
    {"superpower": "two"},
    {"rolls": [[1, 2, 3]]},
    {"colour": "blue"},
], ids=["marks", "minions", "wild", "superpower", "rolls", "unknown-field"])
def test_marks_of_the_wrong_shape_are_refused(classic, change):
    data = {**blank(classic).to_dict(), **change}
    with pytest.raises(BadAction):
        parse_marks(data, classic)


def test_marks_round_trip_through_json(classic):
    _, paper = bot_game(classic, 1, RandomBot)
    assert parse_marks(paper.to_dict(), classic) == paper


def test_check_drawn_gives_the_sheet_the_marks_make(classic):
    paper = drawn(classic, {DOWNTOWN: [4, 4, 4]})
    sheet = check_drawn(paper, classic, OFFER, [QUIET] * 10)
    assert sheet.marks[DOWNTOWN - 1] == (4, 4, 4)


# -- a sheet sent again: no marks with hindsight -------------------------------------------------

ONLY_ROUND_1_HAS_2S = [[5, 2, 2, 2], [4, 4, 6, 6]] + [[6, 6, 6, 6]] * 8


def test_marks_added_later_must_be_made_with_dice_rolled_after_the_sheet_was_sent(classic):
    # Sent blank once the 2nd roll was out (round 1 closed): a Hospital pair of 2s added
    # later could only have been made in round 1, so it is hindsight.
    blank_then = Sent(blank(classic), rolled=2, open=True)
    twos = drawn(classic, {HOSPITAL: [[2, 2], [], [], [], [], []]})
    rolls = ONLY_ROUND_1_HAS_2S
    assert find_witness(classic, OFFER, rolls, twos).verified  # fine if sent at once
    verdict = find_witness(classic, OFFER, rolls, twos, sent=[blank_then])
    assert (verdict.status, verdict.code) == (IMPOSSIBLE, "sent_before")
    assert "dice rolled after you sent it" in english(verdict.reason)
    sixes = drawn(classic, {HOSPITAL: [[6, 6], [], [], [], [], []]})  # made in round 3: fine
    verdict = find_witness(classic, OFFER, rolls, sixes, sent=[blank_then])
    assert verdict.verified
    assert witness_draws(classic, OFFER, rolls, sixes, verdict)


def test_marks_sent_while_their_round_was_open_may_still_grow_in_that_round(classic):
    twos = drawn(classic, {HOSPITAL: [[2, 2], [], [], [], [], []]})
    one_two = drawn(classic, {HOSPITAL: [[2], [], [], [], [], []]})
    mid_round_1 = Sent(one_two, rolled=1, open=True)
    assert find_witness(classic, OFFER, ONLY_ROUND_1_HAS_2S, twos, sent=[mid_round_1]).verified
    after_the_end = Sent(one_two, rolled=1, open=False)  # round 1 was over: no more 2s then
    verdict = find_witness(classic, OFFER, ONLY_ROUND_1_HAS_2S, twos, sent=[after_the_end])
    assert verdict.code == "sent_before"


def test_marks_sent_before_must_be_drawn_by_then(classic):
    # Sent during round 1 with a pair of 6s: the witness must make them in round 1, which
    # rolled no 6 (a sheet claiming marks before their dice were out).
    sixes_then = Sent(drawn(classic, {HOSPITAL: [[6, 6], [], [], [], [], []]}), rolled=1)
    verdict = find_witness(classic, OFFER, ONLY_ROUND_1_HAS_2S,
                           drawn(classic, {HOSPITAL: [[6, 6], [], [], [], [], []]}),
                           sent=[sixes_then])
    assert verdict.code == "sent_before"


def test_a_wrong_mark_is_named_on_a_sheet_sent_again_too(classic):
    # Powerplant's 4 sent after round 2; the sheet sent again adds the 5 and a 6 no play
    # can write after them: the refusal names the 6, as on a sheet sent once.
    four_then = Sent(drawn(classic, {POWERPLANT: [4]}), rolled=2)
    verdict = find_witness(classic, OFFER, LATE_SIX_ROLLS, drawn(classic, {POWERPLANT: [4, 5, 6]}),
                           sent=[four_then])
    assert (verdict.code, verdict.mark) == ("wrong_mark", {"location": POWERPLANT - 1, "slot": 2})
