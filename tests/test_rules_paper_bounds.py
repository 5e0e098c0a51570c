"""The witness search's bounds (``dicehero.engine.paper.bounds``): counts, from the rule of
Move and the dice, that prove a state cannot lead to the drawing. Each is tested on its own,
and none may refuse a state a real play passes through (docs/RULES.md, "Paper sheets
entered by their marks")."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rulekit import CHURCH, CITY_HALL, DOWNTOWN, HOSPITAL, POWERPLANT, WAREHOUSE
from witnesskit import bot_game, par_games, par_sheet

from dicehero.editions import load_edition
from dicehero.engine import new_sheet
from dicehero.engine.bots import GreedyBot, RandomBot
from dicehero.engine.paper import PaperMarks, bounds, parse_marks
from dicehero.engine.paper.search import BOUNDS, Failures, Pruning, beats, unbeaten
from dicehero.engine.replay import Replay
from dicehero.words import english

GAMES = 40  # real games of each bot walked state by state through every bound


def _tiled(rounds: list[list[int]], here: int | None, stays: dict[int, list[int]],
           powers: int = 0, teleport: bool = False, wild: int = 0, in_hand: int = 0,
           to_earn: dict[int, int] | None = None) -> bool:
    """Whether the stays (``{location: numbers to write}``) can take the dice of ``rounds``
    (all unused) in turn, with no die to spare, ``powers`` uses and ``wild`` Wild dice to
    spend: ``in_hand`` of them earned already, the others unlocked by the marks of the
    stays (``to_earn``: ``{location: Wild dice}``)."""
    jobs = {n: (len(numbers), len(numbers)) for n, numbers in stays.items()}
    lacks = {n: bounds.stay_lacks(tuple(numbers), rounds, 6) for n, numbers in stays.items()}
    return bounds.tiles(here, jobs, lacks, [frozenset(r) for r in rounds], len(rounds[0]), 4,
                        wild, powers, teleport, in_hand, to_earn or {})


# -- dice short, dead dice ----------------------------------------------------------------------

def test_every_mark_and_every_move_to_a_location_with_work_takes_a_die():
    assert bounds.dice_to_spare(dice_left=8, marks_still=5, moves_still=2) == 1
    assert bounds.dice_to_spare(dice_left=6, marks_still=5, moves_still=2) < 0


def test_a_die_no_mark_minion_or_move_can_use_is_lost():
    # At Hospital with a 2 still to write there: a 5 writes nothing and moves nowhere
    # with work; the 2 is needed. With a superpower use left the 5 might still change.
    assert bounds.lost_dice([2, 5], {2}, {HOSPITAL}, HOSPITAL, False, False) == 1
    assert bounds.lost_dice([2, 5], {2}, {HOSPITAL}, HOSPITAL, False, True) == 0
    assert bounds.lost_dice([2, 5], {2}, {HOSPITAL}, HOSPITAL, True, False) == 0  # a minion


def test_two_dead_dice_may_make_one_move_between_them():
    # From City Hall, work at the Church only: a 5 and a 5 help nowhere, but the first may
    # go to the Warehouse and the second, of the place the hero is at, on to the Church.
    assert bounds.lost_dice([5, 5], {4}, {CHURCH}, CITY_HALL, False, False) == 1
    assert bounds.lost_dice([5], {4}, {CHURCH}, CITY_HALL, False, False) == 1


# -- numbers short, made-up numbers ----------------------------------------------------------------

def test_numbers_the_dice_left_hold_too_few_of_are_made_by_wild_dice_or_superpower_uses():
    short_by = bounds.deficit([0, 0, 3, 0, 1, 0, 0], [0, 2, 1, 0, 1, 0, 0])  # two 2s short
    assert short_by == [0, 0, 2, 0, 0, 0, 0]
    assert bounds.numbers_short(short_by, wild=1, powers=1, unmade=()) == 0
    assert bounds.numbers_short(short_by, wild=1, powers=0, unmade=()) == 2
    # a superpower that cannot make a 2 (Grow makes only 6s): the Wild dice must
    assert bounds.numbers_short(short_by, wild=1, powers=1, unmade=(1, 2, 3, 4, 5)) == 2


def test_a_tracks_numbers_need_dice_of_rounds_in_the_tracks_order():
    # 4 then 5 on a track: the 5 rolled before the 4 cannot write it after the 4
    assert bounds.unmatched((4, 5), [[5, 2], [4, 2]], 6) == 1
    assert bounds.unmatched((4, 5), [[4, 2], [5, 2]], 6) == 0
    assert bounds.unmatched((4, 5), [[5, 4]], 6) == 0  # one round's dice in any order
    assert bounds.made_up_numbers([(4, 5)], [[5, 2], [4, 2]], 6, [0] * 7) == 1


def test_a_number_short_anyway_is_made_up_once_for_the_track_too():
    # One 5 short (none left) on a track 4, 5: the Wild die that makes it serves both.
    short_by = [0, 0, 0, 0, 0, 1, 0]
    assert bounds.made_up_numbers([(4, 5)], [[4, 2]], 6, short_by) == 1
    assert bounds.made_up([(4, 5)], [[4, 2]], 6, {5: 1}) == 1
    assert bounds.made_up([(4, 5)], [[2, 2]], 6, {5: 1}) == 2  # and the 4


def test_a_sheet_needing_more_of_a_number_than_the_whole_game_rolled_is_short(classic):
    three_fives = PaperMarks.of(new_sheet(classic)).to_dict() | {"wild_used": 0}
    three_fives["marks"][DOWNTOWN - 1] = [5, 5, 5]
    paper = parse_marks(three_fives, classic)
    assert bounds.short_of_numbers(classic, [[5, 5, 1, 1]] * 2, paper) is None
    assert "rolled only 1," in english(bounds.short_of_numbers(classic, [[5, 1, 1, 1]] * 1, paper))


# -- route, tiling ----------------------------------------------------------------------------

def test_a_locations_numbers_come_from_the_rounds_of_its_stay():
    # A 2 to write at Hospital and a 4 at Powerplant, rolled 4, then 6s, then 2: from City
    # Hall, Powerplant's stay then Hospital's makes none up.
    lacks = {n: bounds.stay_lacks((n,), [[4, 6, 6, 6], [6, 6, 6, 6], [2, 6, 6, 6]], 6)
             for n in (HOSPITAL, POWERPLANT)}
    assert bounds.fewest_made_up(CITY_HALL, lacks, 3) == 0
    # Rolled the other way round, from Powerplant its stay comes first and lasts until its
    # 4 is rolled, after Hospital's only 2: one number is made up, unless one of the two
    # locations is visited twice (a die to spare).
    lacks = {n: bounds.stay_lacks((n,), [[2, 6, 6, 6], [6, 6, 6, 6], [4, 6, 6, 6]], 6)
             for n in (HOSPITAL, POWERPLANT)}
    assert bounds.fewest_made_up(POWERPLANT, lacks, 3) == 1
    assert bounds.fewest_made_up(POWERPLANT, lacks, 3, split=1) == 0


def test_a_tracks_stay_writes_its_numbers_with_dice_of_its_rounds_in_order():
    # 4 then 5 at Warehouse, the 5 rolled two rounds before the 4: a stay over the three
    # rounds holds both numbers, but cannot write the 5 after the 4 without making one up.
    rounds = [[5, 1, 1, 1], [1, 1, 1, 1], [4, 1, 1, 1]]
    assert bounds.stay_lacks((4, 5), rounds, 6)[0][2] == 0
    assert bounds.track_lacks((4, 5), rounds, 6)[0][2] == 1
    assert bounds.track_lacks((4, 5), rounds[::-1], 6)[0][2] == 0
    lacks = {WAREHOUSE: bounds.track_lacks((4, 5), rounds, 6)}
    assert bounds.fewest_made_up(WAREHOUSE, lacks, 3) == 1


_ROUNDS = st.lists(st.lists(st.integers(1, 6), min_size=4, max_size=4), min_size=1, max_size=5)


@settings(max_examples=150, deadline=None)
@given(numbers=st.lists(st.integers(1, 6), min_size=2, max_size=8), rounds=_ROUNDS)
def test_a_tracks_stay_lacks_what_its_rounds_cannot_write_in_order(numbers, rounds):
    # each stay over rounds first..last: the track's count over those rounds alone, and
    # never less than its numbers counted out of order
    ordered = bounds.track_lacks(numbers, rounds, 6)
    counted = bounds.stay_lacks(numbers, rounds, 6)
    for first in range(len(rounds)):
        for last in range(first, len(rounds)):
            assert ordered[first][last] == bounds.unmatched(numbers, rounds[first:last + 1], 6)
            assert ordered[first][last] >= counted[first][last]


def test_with_no_die_to_spare_a_move_no_rolled_die_can_make_is_made_up():
    # From City Hall, a 2 to write at Hospital and a 4 at Powerplant, and no 1, 2 or 4
    # rolled: the two numbers and the two moves each need a superpower use.
    lacks = {n: bounds.stay_lacks((n,), [[5, 5, 5, 5]], 6) for n in (HOSPITAL, POWERPLANT)}
    assert bounds.fewest_made_up(CITY_HALL, lacks, 1) == 2  # with dice to spare: numbers only
    stays = {HOSPITAL: [2], POWERPLANT: [4]}
    assert not _tiled([[5, 5, 5, 5]], CITY_HALL, stays, powers=3)
    assert _tiled([[5, 5, 5, 5]], CITY_HALL, stays, powers=4)


def test_a_move_may_take_the_number_of_the_place_it_leaves_or_goes_to():
    # the 1 leaves City Hall for Hospital, the 2 writes there (and may leave), the 4 writes
    stays = {HOSPITAL: [2], POWERPLANT: [4]}
    assert _tiled([[1, 2, 4, 6]], CITY_HALL, stays)
    assert _tiled([[6, 2, 4, 6]], CITY_HALL, stays)  # the 2 both moves and writes:
    # a die's number is not asked which mark or move it makes, so the count never refuses
    # too much


def test_with_no_die_to_spare_each_stay_takes_the_dice_in_turn():
    # Three 2s at Hospital take the first three dice, so the move to Powerplant is the
    # fourth, and its four 4s are the second round's: a 6 there is a die too many.
    stays = {HOSPITAL: [2, 2, 2], POWERPLANT: [4, 4, 4, 4]}
    assert _tiled([[2, 2, 2, 4], [4, 4, 4, 4]], HOSPITAL, stays)
    assert not _tiled([[2, 2, 2, 4], [6, 4, 4, 4]], HOSPITAL, stays)


def test_with_no_die_to_spare_a_wild_die_is_spent_only_once_earned():
    # Hospital's second 2 can only be the Wild die (one 2 rolled); the 4s move on and write
    # at Powerplant. A Wild die that Powerplant's 4 unlocks comes too late for Hospital.
    stays = {HOSPITAL: [2, 2], POWERPLANT: [4]}
    rolls = [[2, 4, 4]]
    assert _tiled(rolls, HOSPITAL, stays, wild=1, in_hand=1)
    assert _tiled(rolls, HOSPITAL, stays, wild=1, to_earn={HOSPITAL: 1})
    assert not _tiled(rolls, HOSPITAL, stays, wild=1, to_earn={POWERPLANT: 1})


# -- dominance ------------------------------------------------------------------------------------

def test_a_state_with_every_mark_of_another_and_no_more_wild_dice_spent_beats_it():
    assert beats(0b111, 0, 0b101, 1)
    assert beats(0b101, 1, 0b101, 1)  # a state beats itself: the same state fails alike
    assert not beats(0b111, 2, 0b101, 1)  # more Wild dice spent
    assert not beats(0b011, 0, 0b101, 1)  # a mark the other has is missing


def test_an_ending_another_beats_in_every_way_is_not_tried(classic):
    sheet = new_sheet(classic)
    more, fewer, other = (sheet, 0b111, "more"), (sheet, 0b101, "fewer"), (sheet, 0b1000, "o")
    assert sorted(e[2] for e in unbeaten([fewer, more, other])) == ["more", "o"]


def test_a_state_beaten_by_one_that_led_nowhere_leads_nowhere(classic):
    sheet = new_sheet(classic)
    failures = Failures()
    failures.add(sheet, 0b111)
    assert failures.beaten(sheet, 0b101) and failures.beaten(sheet, 0b111)
    assert not failures.beaten(sheet, 0b1000)


def test_while_marks_sent_before_bind_only_the_same_state_is_beaten(classic):
    sheet = new_sheet(classic)  # round 0: marks sent in round 1 still cap what is drawn
    failures = Failures(capped_until=1)
    failures.add(sheet, 0b111)
    assert failures.beaten(sheet, 0b111)
    assert not failures.beaten(sheet, 0b101)


# -- no bound refuses a state real play passes through -------------------------------------------

def _refused(classic, games) -> dict[str, list[tuple[int, int, str]]]:
    """For each bound, the states of ``games`` (seed, offer, rolls, rounds, marks) it refuses:
    every state between rounds and after every action."""
    out: dict[str, list[tuple[int, int, str]]] = {name: [] for name in BOUNDS}
    for seed, offer, rolls, rounds, paper in games:
        pruning = Pruning.of(classic, rolls, paper)
        steps = Replay(new_sheet(classic, offer))
        if paper.superpower is not None:
            steps.act({"type": "choose", "superpower": paper.superpower})
        for dice, actions in zip(rolls, rounds, strict=True):
            steps.roll(dice)
            for action in (None, *actions):
                if action is not None:
                    steps.act(action)
                for name, refused in pruning.refusals(steps.sheet).items():
                    if refused:
                        out[name].append((seed, steps.sheet.round, str(action)))
    return out


@pytest.fixture(scope="module")
def refused_by_bot() -> dict[str, dict[str, list[tuple[int, int, str]]]]:
    """Each bot's games walked through every bound once, for the tests of each bound."""
    classic = load_edition("classic")
    games = {}
    for name, bot in (("random", RandomBot), ("greedy", GreedyBot)):
        played = []
        for seed in range(GAMES):
            game, paper = bot_game(classic, seed, bot)
            played.append((seed, game.offer, game.rolls, game.players[0].rounds, paper))
        games[name] = played
    games["par"] = [(log["seed"], *par_sheet(classic, log)) for log in par_games()[:GAMES]]
    return {name: _refused(classic, played) for name, played in games.items()}


@pytest.mark.parametrize("bot", ["random", "greedy", "par"])
@pytest.mark.parametrize("bound", BOUNDS)
def test_no_bound_refuses_a_state_real_play_passes_through(refused_by_bot, bound, bot):
    # route and tiling read a track's stays in order (bounds.track_lacks): so does this
    assert refused_by_bot[bot][bound] == []


@settings(max_examples=200, deadline=None)
@given(numbers=st.lists(st.integers(1, 6), min_size=1, max_size=8), rounds=_ROUNDS,
       first=st.lists(st.integers(1, 6), min_size=0, max_size=4))
def test_a_tracks_count_over_the_dice_left_then_the_later_rounds_is_the_same_count(
        numbers, rounds, first):
    # counted from the last round back, each later round once, then the dice left first
    table = bounds.unmatched_after(numbers, rounds, 6)
    for r in range(len(rounds) + 1):
        for k in range(len(numbers) + 1):
            assert table[r][k] == bounds.unmatched(numbers[k:], rounds[r:], 6)
        assert bounds.unmatched_with(numbers, first, table[r], 6) == bounds.unmatched(
            numbers, [first, *rounds[r:]], 6)
