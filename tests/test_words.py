"""The engine's phrases said at the edge: the engine names a sentence and its parameters,
dicehero.words says it in the reader's language (issue 24: the engine stays language-free)."""

from __future__ import annotations

import random

from dicehero.editions import load_edition
from dicehero.engine import apply, new_sheet
from dicehero.engine.errors import ActionError, RuleError
from dicehero.engine.par import par_game
from dicehero.engine.phrase import from_json, phrase, to_json
from dicehero.engine.rules import start_round
from dicehero.words import MESSAGES, english, say


def test_a_refusal_carries_its_code_and_parameters_not_words():
    error = RuleError("wrong_number", "box_needs", place="Church", wanted=4, number=3)
    assert error.code == "wrong_number"
    assert error.phrase == phrase("box_needs", place="Church", wanted=4, number=3)
    assert english(error) == "That Church box needs a 4, not a 3."


def test_a_location_is_named_as_the_readers_sheet_names_it():
    said = say(phrase("track_full", place="Warehouse"), "en_XA")
    assert said == "[[Ŵàŕéĥöûšé] îš ƒûļļ.]"


def test_a_list_of_numbers_is_joined_as_the_readers_language_joins_it():
    needs = phrase("place_needs", place="City Hall", either=(1, 2, 3), number=4)
    assert english(needs) == "City Hall needs 1, 2, or 3; a 4 does not fit."
    assert "1, 2 ou 3" in say(needs, "fr")
    assert "1、2、または3" in say(needs, "ja")


def test_a_count_picks_the_plural_of_the_readers_language():
    assert english(phrase("no_power_left", n=1)) == \
        "You have used your superpower 1 time already."
    assert english(phrase("no_power_left", n=3)) == \
        "You have used your superpower 3 times already."


def test_every_refusal_of_random_play_has_its_words():
    ed = load_edition()
    rng = random.Random(24)
    said = set()
    for _ in range(30):
        sheet = new_sheet(ed, (2, 5))
        sheet = apply(sheet, {"type": "choose", "superpower": rng.choice((2, 5))})
        for _ in range(ed.rounds):
            sheet = start_round(sheet, [rng.randint(1, 6) for _ in range(4)])
            for _ in range(12):
                action = {"type": rng.choice(("move", "help", "minion", "skip", "power")),
                          "die": rng.randint(-1, 4), "to": rng.randint(0, 7),
                          "slot": rng.randint(-1, 10)}
                action = {k: v for k, v in action.items()
                          if k == "type" or rng.random() < 0.8}
                try:
                    sheet = apply(sheet, action)
                except ActionError as e:
                    said.add(e.phrase.key)
                    assert english(e) and say(e, "en_XA").startswith("[")
            sheet = apply(sheet, {"type": "done"})
    assert len(said) > 10
    assert said <= MESSAGES.keys()


def test_pars_reasons_cross_processes_as_data_and_are_worded_where_shown():
    game = par_game(load_edition(), (2, 5), [[1, 1, 2, 3], [4, 5, 6, 6]], seed=0)
    for r in game.rounds:
        for d in r.decisions:
            assert from_json(to_json(d.reason)) == d.reason
            assert english(d.reason)
            assert say(d.reason, "en_XA").startswith("[")
