"""Rude words kept out of hero names, in every language the game ships.

The words are the maintained lists of ``glin-profanity`` (pinned in pyproject.toml; its
lists grew out of LDNOOBW's), one per language of the catalogs, not typed in by us: a
class that plays in French meets children who type English too, so every list is
checked whatever the phone's language.

A name is refused when one of its words, or a run of its words, is a listed entry (so
"Classic" is fine beside "ass"); a name spelled out one letter at a time ("f u c k") is
read joined up. Entries in Chinese or Japanese script, which put no spaces between
words, are looked for anywhere in the name. Entries with no letter ("31", "18+") or
with symbols standing for letters ("a$$") are left out: as words of a name they would
refuse "Ann 31" or "A". The Turkish list is a game forum's, with everyday words among
its short entries ("top", a ball; "it", a dog; "dede", a grandfather; "oyna", play):
its entries under ``TURKISH_SHORTEST`` letters are left out, or "Top Cat" is refused.
Everyday words and first names the lists refuse ("aranha", a spider; "Dick") are let
through on their own by a reviewed allow-list, ``allowed_words.txt`` beside this module.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable
from functools import cache
from importlib.resources import files

from dicehero.i18n import N_
from dicehero.store.errors import Refusal, StoreError

# glin-profanity's file for each language of dicehero's catalogs.
LISTS = ("english", "french", "spanish", "italian", "portuguese", "german", "dutch",
         "polish", "turkish", "arabic", "chinese", "japanese")
TURKISH_SHORTEST = 5
_WORD = re.compile(r"[^\W_]+(?:['’\-][^\W_]+)*")
_ENTRY = re.compile(r"^[^\W_]+(?:['’\- ]+[^\W_]+)*$")


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


def _cjk(text: str) -> bool:
    return any(unicodedata.name(ch, "").startswith(("CJK", "HIRAGANA", "KATAKANA"))
               for ch in text)


@cache
def allowed_words() -> frozenset[str]:
    """The reviewed allow-list: one word a line, ``#`` starts a comment."""
    text = (files("dicehero.store") / "allowed_words.txt").read_text("utf-8")
    return frozenset(_fold(line.split("#", 1)[0]).strip() for line in text.splitlines()
                     if line.split("#", 1)[0].strip())


@cache
def _entries() -> tuple[frozenset[tuple[str, ...]], tuple[str, ...]]:
    """The listed entries: word sequences, and the CJK ones looked for as substrings."""
    words: set[tuple[str, ...]] = set()
    anywhere: set[str] = set()
    folder = files("glin_profanity") / "data" / "dictionaries"
    for name in LISTS:
        for entry in json.loads((folder / f"{name}.json").read_text("utf-8"))["words"]:
            entry = _fold(entry).strip()
            if not any(ch.isalpha() for ch in entry) or not _ENTRY.match(entry):
                continue
            if name == "turkish" and len(entry) < TURKISH_SHORTEST:
                continue
            if entry in allowed_words():
                continue
            if _cjk(entry):
                anywhere.add(entry.replace(" ", ""))
            else:
                words.add(tuple(_WORD.findall(entry)))
    return frozenset(words), tuple(sorted(anywhere))


def fold_word(word: str) -> str:
    """A host's word as it is kept and compared: NFKC, case-folded, single-spaced."""
    return " ".join(_WORD.findall(_fold(word)))


def rude_word(name: str, extra: Iterable[str] = ()) -> str | None:
    """The listed entry (or ``extra`` word, folded) ``name`` contains, or None."""
    words, anywhere = _entries()
    if extra:
        words = words | {tuple(w.split()) for w in extra}
    folded = _fold(name)
    tokens = _WORD.findall(folded)
    if len(tokens) > 1 and all(len(t) == 1 for t in tokens):
        tokens = ["".join(tokens)]  # spelled out: "f u c k"
    for start in range(len(tokens)):
        for end in range(start + 1, len(tokens) + 1):
            if tuple(tokens[start:end]) in words:
                return " ".join(tokens[start:end])
    squeezed = folded.replace(" ", "")
    return next((entry for entry in anywhere if entry in squeezed), None)


def check_polite(name: str, extra: Iterable[str] = ()) -> None:
    """Refuse a name with a rude word in it (or one of the host's ``extra`` words, folded),
    kindly (422, ``name_not_allowed``)."""
    if rude_word(name, extra) is not None:
        raise StoreError(Refusal.REFUSED, "name_not_allowed",
                         N_("That name has a word we don't use in this game. "
                            "Please pick another, friendly name."))
