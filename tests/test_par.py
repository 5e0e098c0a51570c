"""The par bot: it plays with only what a player knows, legally, repeatably, and says why."""

from __future__ import annotations

import random
import re
import statistics
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dicehero.editions import load_edition
from dicehero.engine import Action, apply, new_sheet, start_round
from dicehero.engine.bots import GreedyBot
from dicehero.engine.hindsight import hindsight_game
from dicehero.engine.par import ParBot, ParGame, par_game, par_round
from dicehero.engine.replay import replay
from dicehero.engine.scoring import score
from dicehero.engine.simulation import play_game, simulated_dice
from dicehero.words import english

CLASSIC = load_edition("classic")
SLOW = settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
rolls_of = st.lists(st.lists(st.integers(1, 6), min_size=4, max_size=4), min_size=1,
                    max_size=6)
offers = st.lists(st.integers(1, 6), min_size=2, max_size=2, unique=True)


class HiddenFuture(Sequence[list[int]]):
    """A game's rolls that refuse to show a roll before its round: the bot must not peek.

    ``shown`` is how many rolls the table has rolled; reading a later one fails the test.
    """

    def __init__(self, rolls: list[list[int]]) -> None:
        self.rolls = rolls
        self.shown = 0

    def __len__(self) -> int:
        return len(self.rolls)

    def __getitem__(self, index):  # type: ignore[override]
        if isinstance(index, slice) or index >= self.shown:
            raise AssertionError(f"par read roll {index + 1} before it was rolled")
        return self.rolls[index]


def test_par_never_reads_a_roll_before_it_is_rolled(monkeypatch) -> None:
    offer, rolls = simulated_dice(CLASSIC, 11)
    hidden = HiddenFuture(rolls)
    decide = ParBot.decide

    def decide_then_roll(bot: ParBot, sheet):  # the table rolls only once par is done
        decisions = decide(bot, sheet)
        hidden.shown += 1
        return decisions

    monkeypatch.setattr(ParBot, "decide", decide_then_roll)
    hidden.shown = 1
    game = par_game(CLASSIC, offer, hidden)
    assert len(game.rounds) == 10


@SLOW
@given(offers, rolls_of, st.integers(0, 2**31), st.data())
def test_par_over_the_first_rolls_is_the_start_of_par_over_more(offer, rolls, seed,
                                                               data) -> None:
    k = data.draw(st.integers(0, len(rolls) - 1))
    whole = par_game(CLASSIC, offer, rolls, seed)
    assert par_game(CLASSIC, offer, rolls[:k], seed).rounds == whole.rounds[:k]


def chosen(offer: tuple[int, int]):
    """A blank sheet with par's pick of ``offer``."""
    sheet = new_sheet(CLASSIC, offer)
    return apply(sheet, ParBot().choose(sheet))


def test_par_round_plays_the_open_round_from_the_sheet_alone() -> None:
    sheet = start_round(chosen((2, 5)), [3, 1, 6, 6])
    decisions = par_round(sheet)
    assert decisions[-1].action == Action("done")


@SLOW
@given(offers, rolls_of, st.integers(0, 2**31))
def test_pars_decisions_are_legal_when_replayed(offer, rolls, seed) -> None:
    game = par_game(CLASSIC, offer, rolls, seed)
    rounds = [[d.action for d in r.decisions] for r in game.rounds]
    sheet = replay(CLASSIC, offer, rolls, rounds, game.superpower)
    assert sheet == game.sheet
    assert game.total == score(sheet).total == game.rounds[-1].total


def test_par_is_deterministic_for_a_seed() -> None:
    offer, rolls = simulated_dice(CLASSIC, 5)
    assert par_game(CLASSIC, offer, rolls[:4], 7) == par_game(CLASSIC, offer, rolls[:4], 7)


def test_each_round_ends_with_done_and_its_running_total() -> None:
    offer, rolls = simulated_dice(CLASSIC, 2)
    game: ParGame = par_game(CLASSIC, offer, rolls)
    assert game.superpower in offer
    for number, (r, dice) in enumerate(zip(game.rounds, rolls, strict=True), start=1):
        assert r.number == number and r.dice == tuple(dice)
        assert r.decisions[-1].action.type == "done"
    totals = [r.total for r in game.rounds]
    assert totals == sorted(totals)  # Honor is never lost


PLAIN = re.compile(r"^[A-Z][A-Za-z0-9 ,:;()'-]+$")


def test_reasons_are_plain_words() -> None:
    offer, rolls = simulated_dice(CLASSIC, 3)
    reasons = [english(d.reason) for r in par_game(CLASSIC, offer, rolls).rounds
               for d in r.decisions]
    for text in reasons:
        assert PLAIN.match(text), text
        assert len(text) <= 90, text
        assert not re.search(r"\b(slot|index|die \d|wild_|None|True|False)\b", text), text


def test_a_completed_hospital_pair_says_its_honor() -> None:
    sheet = start_round(chosen((2, 5)), [2, 4, 4, 2])
    decisions = par_round(sheet)
    said = " | ".join(english(d.reason) for d in decisions)
    assert "Move to Hospital" in said
    assert "Hospital pair of 4: " in said and "Honor now" in said


def test_par_beats_greedy_on_a_small_sample() -> None:
    seeds = range(6)
    par = [par_game(CLASSIC, *simulated_dice(CLASSIC, s), seed=s).total for s in seeds]
    greedy = [score(play_game(CLASSIC, [GreedyBot(random.Random(s))], s).players[0].sheet).total
              for s in seeds]
    assert statistics.fmean(par) > statistics.fmean(greedy)


@pytest.mark.parametrize("offer", [(1, 2), (3, 6), (4, 5)])
def test_par_chooses_one_of_the_offer(offer) -> None:
    assert ParBot().choose(new_sheet(CLASSIC, offer)).superpower in offer


def test_the_hindsight_play_is_legal_and_scores_its_total() -> None:
    offer, rolls = simulated_dice(CLASSIC, 4)
    game = hindsight_game(CLASSIC, offer, rolls)
    rounds = [[d.action for d in r.decisions] for r in game.rounds]
    sheet = replay(CLASSIC, offer, rolls, rounds, game.superpower)
    assert sheet == game.sheet and score(sheet).total == game.total


def test_knowing_the_rolls_beats_par_on_a_small_sample() -> None:
    games = [simulated_dice(CLASSIC, s) for s in range(3)]
    par = statistics.fmean(par_game(CLASSIC, *g).total for g in games)
    assert statistics.fmean(hindsight_game(CLASSIC, *g).total for g in games) > par
