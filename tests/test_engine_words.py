"""The engine speaks in codes and parameters; the words are chosen at the edge
(dicehero/words/), in the reader's language."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from dicehero.engine.actions import Action
from dicehero.words.actions import action_words

ENGINE = Path(__file__).resolve().parent.parent / "dicehero" / "engine"
# Two English words in a row, in a string the code builds (not a docstring).
SENTENCE = re.compile(r"[A-Za-z]+ [a-z]+")
# An edition file's errors are codes worded by dicehero/words/editions.py, a saved sheet's
# (state.py) a phrase worded by dicehero/words/refusals.py. A new English sentence fails.


def _built_strings(tree: ast.AST) -> list[tuple[int, str]]:
    # A string standing alone is a docstring (of a module, class, function or attribute).
    docstrings = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            text = "".join(v.value for v in node.values if isinstance(v, ast.Constant))
            found.append((node.lineno, text))
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
              and id(node) not in docstrings):
            found.append((node.lineno, node.value))
    return found


def test_the_engine_builds_no_english_sentence():
    sentences = [f"{path.relative_to(ENGINE)}:{line}: {text!r}"
                 for path in sorted(ENGINE.rglob("*.py"))
                 for line, text in _built_strings(ast.parse(path.read_text()))
                 if SENTENCE.search(text)]
    assert sentences == []


def test_the_sentence_check_catches_the_words_the_engine_used_to_glue():
    tree = ast.parse('def describe(a):\n    return f"help with die {a.die + 1}"\n')
    assert any(SENTENCE.search(text) for _line, text in _built_strings(tree))


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "help (die 2, box 5)"),
    ("fr", "help (dé 2 et case 5)"),  # French lists units with "et"
    ("ja", "help（2 番のダイス 5 番のマス）"),
])
def test_a_logs_action_is_said_in_the_readers_language(lang, said):
    assert action_words(Action("help", die=1, slot=4), lang) == said


def test_a_wild_die_is_said_with_the_number_it_is_played_as():
    assert action_words(Action("help", wild=True, value=3, slot=0), "en") == (
        "help (Wild die as 3, box 1)")


def test_an_action_with_nothing_to_say_is_its_type():
    assert action_words(Action("done"), "de") == "done"
