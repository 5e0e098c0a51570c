"""The reviewed word lists of names from the generator (issue 28.1): every pair an
adjective and an animal make is a name the game takes, in every shipped language."""

from __future__ import annotations

import random

import pytest

from dicehero import i18n
from dicehero.store import name_maker
from dicehero.store.names import clean_name


@pytest.mark.parametrize("language", i18n.languages())
def test_every_adjective_agrees_with_every_animal_and_makes_a_name_the_game_takes(language):
    words = name_maker._words(language)
    assert words is not None, language
    for animal, gender in words["animals"]:
        for adjective in words["adjectives"]:
            pair = ([adjective[gender], animal] if words["order"] == "adj noun"
                    else [animal, adjective[gender]])
            clean_name(words["sep"].join(pair))  # width, marks, the rude-word lists


def test_a_language_without_a_list_gets_english_names():
    assert name_maker._words("xx") is None
    adjective, animal = name_maker.make_name("xx", random.Random(1)).split()
    english = name_maker._words("en")
    assert adjective.lower() in {a["-"] for a in english["adjectives"]}
    assert animal in {a for a, _ in english["animals"]}


def test_fresh_names_never_repeat_a_taken_name():
    taken = name_maker.fresh_names("fr", 3, [])
    again = name_maker.fresh_names("fr", 200, taken)
    assert len(set(again)) == 200 and not set(again) & set(taken)
