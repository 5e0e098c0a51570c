"""A game's log folded into every hero's sheet (``dicehero.engine.fold``): the rows of
many heroes in log order, paper sheets among them, whole or as they come.

These are our rulings for reading a game back; the rulebook plays at a table.
"""

from __future__ import annotations

import pytest
from rulekit import CITY_HALL, DOWNTOWN, HOSPITAL, SHAPESHIFT, TELEPORT

from dicehero.engine.fold import Fold
from dicehero.engine.paper import PaperMarks
from dicehero.engine.paper_rows import paper_offer
from dicehero.engine.replay import IllegalAction, Replay, replay
from dicehero.engine.rules import start_round
from dicehero.engine.state import new_sheet
from dicehero.words import english

OFFER = (TELEPORT, SHAPESHIFT)
ROLLS = [[3, 1, 6, 6], [2, 2, 5, 4], [1, 2, 3, 3]]
CHOOSE = {"type": "choose", "superpower": TELEPORT}
DONE = {"type": "done"}
ADA = [[{"type": "move", "die": 0, "to": DOWNTOWN}, DONE], [],
       [{"type": "move", "die": 0, "to": CITY_HALL}, {"type": "help", "die": 1, "slot": 1}]]
BO = [[DONE], [{"type": "move", "die": 0, "to": HOSPITAL}, DONE]]


def log_rows(hero, rounds):
    """A hero's rows as the store keeps them: the choice answers no roll, then round k's."""
    return [(hero, 0, CHOOSE)] + [(hero, k, a) for k, r in enumerate(rounds, start=1)
                                  for a in r]


def paper_row(rounds, **more):
    return {"type": "paper", "superpower": TELEPORT, "rounds": rounds, "approved": True, **more}


def interleaved():
    """Ada's and Bo's rows in the order their taps arrived: round by round, by turns."""
    ada, bo = log_rows("Ada", ADA), log_rows("Bo", BO)
    return sorted(ada + bo, key=lambda row: row[1])


def folded(classic, rows, rolls=ROLLS):
    fold = Fold(classic, OFFER, rolls)
    for hero in ("Ada", "Bo"):
        fold.join(hero, OFFER)
    fold.rows(rows)
    return fold


def test_each_hero_reaches_the_sheet_of_their_own_rows_whatever_the_others_did(classic):
    fold = folded(classic, interleaved())
    assert fold.hero("Ada").sheet == replay(classic, OFFER, ROLLS, ADA, TELEPORT)
    assert fold.hero("Bo").sheet == replay(classic, OFFER, ROLLS, BO, TELEPORT)


def test_a_log_folded_as_it_is_written_gives_the_sheets_of_the_log_read_whole(classic):
    """The store folds the rows written since it last looked, the rolls as they come."""
    rows = interleaved()
    fold = Fold(classic, OFFER)
    for hero in ("Ada", "Bo"):
        fold.join(hero, OFFER)
    fold.rows(row for row in rows if row[1] == 0)
    for number, dice in enumerate(ROLLS, start=1):
        fold.roll(dice)
        fold.rows(row for row in rows if row[1] == number)
    whole = folded(classic, rows)
    for hero in ("Ada", "Bo"):
        assert fold.hero(hero).sheet == whole.hero(hero).sheet
        assert fold.hero(hero).forfeited == whole.hero(hero).forfeited


def test_a_paper_sheet_supersedes_every_row_of_its_hero_before_it(classic):
    """A paper hero's newest sheet is their whole game: what they sent before counts no
    more (the log keeps it), and the other heroes are not touched."""
    rows = [*interleaved(), ("Bo", 3, paper_row(ADA[:1])), ("Bo", 3, paper_row(ADA))]
    fold = folded(classic, rows)
    assert fold.hero("Bo").sheet == replay(classic, OFFER, ROLLS, ADA, TELEPORT)
    assert fold.hero("Ada").sheet == replay(classic, OFFER, ROLLS, ADA, TELEPORT)


def test_a_paper_sheet_covers_the_game_from_the_first_round(classic):
    """A latecomer's rounds before joining are missed; a paper sheet misses none."""
    fold = Fold(classic, OFFER, ROLLS)
    late = fold.join("Bo", OFFER, joined=3)
    fold.rows([("Bo", 3, paper_row(ADA[:2]))])
    assert (late.joined, fold.hero("Bo").sheet.round) == (0, 3)


def test_a_paper_sheet_the_witness_left_undecided_stands_for_its_marks(classic):
    drawn = replay(classic, OFFER, ROLLS, ADA, TELEPORT)
    row = paper_row([], marks=PaperMarks.of(drawn).to_dict(), check="undecided")
    fold = Fold(classic, paper_offer("each", None, classic), ROLLS)
    fold.join("Bo", OFFER)
    fold.rows([("Bo", 3, row)])
    assert fold.hero("Bo").sheet.marks == drawn.marks


def test_a_refused_row_stops_the_fold_there_the_rows_before_it_stay_folded(classic):
    rows = [*log_rows("Ada", [*ADA[:1], [DONE]]), ("Ada", 2, {"type": "help", "die": 0})]
    fold = Fold(classic, OFFER, ROLLS)
    fold.join("Ada", OFFER)
    with pytest.raises(IllegalAction) as info:
        fold.rows(rows)
    assert (info.value.code, english(info.value.place)) == ("round_closed", "Round 2, die 1 (a 2)")
    assert fold.heroes["Ada"].sheet == replay(classic, OFFER, ROLLS[:2], [*ADA[:1], [DONE]],
                                              TELEPORT)


def test_a_refused_action_of_a_run_is_counted_among_the_run(classic):
    """A saved solo game says which of its saved actions the rules refuse."""
    steps = Replay(start_round(new_sheet(classic, OFFER), ROLLS[0]))
    saved = [CHOOSE, *ADA[0], {"type": "help", "die": 0}, {"type": "help", "die": 0}]
    with pytest.raises(IllegalAction) as info:
        steps.play(saved, ROLLS)
    assert (info.value.index, info.value.code) == (4, "die_spent")
    assert steps.sheet.round == 2  # done rolled the next round: a hero alone waits for nobody
