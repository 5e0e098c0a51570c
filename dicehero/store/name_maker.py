"""Friendly two-word hero names made in the game's language (issue 28.1, "names from the
generator"): an adjective and an animal, "Brave Otter", "Loutre courageuse".

Every shipped language, English included, has a reviewed list in ``hero_words/`` (see
its README for gender agreement and word order): data inside the package, so a server
made with the base install alone can offer names. A language without a list (the
pseudo-language) gets English names. Every name made still goes through the checks a
typed name goes through (``clean_name``: width, marks, the profanity lists; the host's
own words; the look-alike check against the game's heroes and names already offered)
before it is offered.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from functools import cache
from importlib.resources import files
from typing import Any

from dicehero.store.errors import StoreError
from dicehero.store.names import check_distinct, clean_name
from dicehero.store.profanity import check_polite

TRIES = 200  # names drawn for one offer before numbering them: lists are 288+ names


@cache
def _words(language: str) -> dict[str, Any] | None:
    path = files("dicehero.store") / "hero_words" / f"{language}.json"
    return json.loads(path.read_text("utf-8")) if path.is_file() else None


def _capital(text: str, language: str) -> str:
    first = {"i": "İ", "ı": "I"}.get(text[0], text[0]) if language == "tr" else text[0]
    return first.upper() + text[1:]


def make_name(language: str, rng: random.Random) -> str:
    """One adjective-and-animal name in ``language`` (English where it has no list)."""
    words = _words(language) or _words("en")
    animal, gender = rng.choice(words["animals"])
    adjective = rng.choice(words["adjectives"])[gender]
    pair = [adjective, animal] if words["order"] == "adj noun" else [animal, adjective]
    return _capital(words["sep"].join(pair), language)


def fresh_names(language: str, count: int, taken: Iterable[str],
                host_words: Iterable[str] = ()) -> list[str]:
    """``count`` names no hero in ``taken`` has or looks like, each passing every check a
    typed name passes; past ``TRIES`` draws a name is numbered ("Brave Otter 2")."""
    rng = random.SystemRandom()
    seen = list(taken)
    made: list[str] = []
    host_words = tuple(host_words)
    for attempt in range(TRIES + count * 50):
        name = make_name(language, rng)
        if attempt >= TRIES:
            name = f"{name} {rng.randint(2, 999)}"
        try:
            name = clean_name(name)
            check_polite(name, host_words)
            check_distinct(name, seen)
        except StoreError:
            continue
        seen.append(name)
        made.append(name)
        if len(made) == count:
            break
    return made
