"""Hero names people can tell apart: cleaned, refused when they look blank or mangled,
and refused beside a hero whose name looks the same.

A name is what a projector shows a class, so what matters is how it looks:

- control and format characters are dropped (a joiner stays between two visible
  characters: emoji sequences and Persian or Indic words need it), invisible
  "letters" (Hangul fillers, the blank braille pattern) count as spaces, spaces are
  collapsed, and the result is NFC;
- a name with nothing visible left is refused (``blank_name``; a name of only tatweels,
  the Arabic stretching line, too), as is an accent with no letter under it or more
  than ``MARKS_MAX`` on one letter (``name_marks``: "zalgo" text that spills over the
  names around it), one with a rude word in it (``name_not_allowed``, see
  ``profanity.py``), and one that draws wider than ``WIDTH_MAX_EM`` (``name_too_wide``:
  24 U+FDFD, each a whole phrase in one glyph, would fill the projector);
- a name that looks like a hero already in the game is refused (``name_confusable``):
  two names clash when their Unicode TR39 skeletons are equal, with or without
  case folding ("Аlice" in Cyrillic beside "Alice", "AIice" beside "Alice"). The
  prototypes come from Unicode's confusables.txt as packaged by
  ``confusable-homoglyphs``.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from functools import cache, lru_cache
from typing import Any

from dicehero.i18n import N_
from dicehero.store.errors import Refusal, StoreError
from dicehero.store.profanity import check_polite

NAME_MAX = 24
MARKS_MAX = 4  # Tibetan stacks and pointed Hebrew need 3; zalgo uses dozens
JOINERS = frozenset("\u200c\u200d")  # ZWNJ, ZWJ
# Letters and symbols that draw nothing: they would make a name look blank or padded.
BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
# Marks that draw nothing (default-ignorable): dropped like format characters.
INVISIBLE_MARKS = frozenset("\u034f\u17b4\u17b5\u180b\u180c\u180d\u180f\U00016fe4")
# The widest a name may draw: 24 CJK characters or emoji, 24 capital Ws. The projector's
# roster and the printed sheet's name box are made for that (the PDF fits it to the box).
WIDTH_MAX_EM = 24.0
TATWEEL = "\u0640"  # the Arabic line that stretches a word: alone it draws only a line
# Characters drawn far wider than a letter: whole Arabic phrases in one ligature (U+FDFD,
# the bismillah, is 7-11 em in Noto Naskh Arabic and Segoe UI), the two- and three-em dashes.
WIDE_EM = {"\ufdfd": 8.0, "\ufdfa": 4.0, "\ufdfb": 3.0, "\ufdf2": 1.5, "\u2e3a": 2.0,
           "\u2e3b": 3.0}
CUNEIFORM = (0x12000, 0x1254F)  # its signs are drawn about two em wide
# Ignored when comparing looks: joiners and variation selectors.
_IGNORED_IN_LOOKS = JOINERS | frozenset(map(chr, range(0xFE00, 0xFE10))) | frozenset(
    map(chr, range(0xE0100, 0xE01F0)))


def clean_name(raw: Any) -> str:
    """A hero name as stored and shown, or a refusal that says what is wrong with it."""
    if not isinstance(raw, str):
        raise StoreError(Refusal.REFUSED, "bad_name", N_("A hero name is text."))
    name = unicodedata.normalize("NFC", _visible_text(raw))
    if not name:
        if raw.strip() and any(unicodedata.category(ch) != "Cc" for ch in raw.strip()):
            raise StoreError(Refusal.REFUSED, "blank_name",
                             N_("That name looks blank. Use letters, numbers "
                                "or emoji that people can see."))
        raise StoreError(Refusal.REFUSED, "bad_name", N_("Type a hero name."))
    if len(name) > NAME_MAX:
        raise StoreError(Refusal.REFUSED, "bad_name", N_("A hero name is at most %(n)s letters."),
                         n=NAME_MAX)
    if not name.replace(TATWEEL, "").strip():
        raise StoreError(Refusal.REFUSED, "blank_name",
                         N_("That name looks blank. Use letters, numbers "
                            "or emoji that people can see."))
    if drawn_width(name) > WIDTH_MAX_EM:
        raise StoreError(Refusal.REFUSED, "name_too_wide",
                         N_("That name is too wide for the screen and the printed sheet: "
                            "use fewer or narrower letters."))
    _check_marks(name)
    check_polite(name)
    return name


def drawn_width(name: str) -> float:
    """About how wide a name draws, in em (the width of "W"), in the fonts phones and
    projectors use (Noto, Segoe UI, Roboto): letters at most 1, marks and joiners 0, and
    the few characters far wider than a letter at their width (``WIDE_EM``)."""
    total = 0.0
    for ch in name:
        if ch in WIDE_EM:
            total += WIDE_EM[ch]
        elif CUNEIFORM[0] <= ord(ch) <= CUNEIFORM[1]:
            total += 2.0
        elif ch in JOINERS or unicodedata.category(ch) in ("Mn", "Me"):
            continue
        else:
            total += 1.0 if unicodedata.east_asian_width(ch) in "WF" else 0.7
    return total


def check_distinct(name: str, others: Iterable[str]) -> None:
    """Refuse ``name`` if a hero in ``others`` has it (any case) or a name that looks like it."""
    others = list(others)
    folded = name.casefold()
    if any(o.casefold() == folded for o in others):
        raise StoreError(Refusal.NOT_NOW, "name_taken",
                         N_("There is already a hero called %(name)s."), name=name)
    mine = looks(name)
    for other in others:
        theirs = looks(other)
        if mine[0] == theirs[0] or mine[1] == theirs[1]:
            raise StoreError(Refusal.NOT_NOW, "name_confusable",
                             N_("“%(name)s” looks just like %(other)s, who is already in "
                                "this game. Pick a name people can tell apart."),
                             name=name, other=other)


@lru_cache(maxsize=65536)
def looks(name: str) -> tuple[str, str]:
    """How a name looks: its TR39 skeleton, and the skeleton of its case-folded form."""
    return skeleton(name), skeleton(name.casefold())


def skeleton(text: str) -> str:
    """Unicode TR39's skeleton: equal skeletons mean the texts can be mistaken for each other."""
    prototypes = _prototypes()
    decomposed = unicodedata.normalize("NFD", text)
    mapped = "".join(prototypes.get(ch, ch) for ch in decomposed if ch not in _IGNORED_IN_LOOKS)
    return unicodedata.normalize("NFD", mapped)


def _visible_text(raw: str) -> str:
    """Spaces for whitespace and blanks, no control or format characters, joiners in words."""
    kept: list[str] = []
    for ch in raw:
        if ch.isspace() or ch in BLANKS:
            kept.append(" ")
        elif ch in JOINERS or not (unicodedata.category(ch)[0] == "C"
                                   or ch in INVISIBLE_MARKS):
            kept.append(ch)
    words = "".join(kept).split()
    return " ".join(w for w in (_joiners_inside(word) for word in words) if w)


def _joiners_inside(word: str) -> str:
    # A joiner joins two visible characters; at an edge or beside another joiner it only hides.
    out: list[str] = []
    for i, ch in enumerate(word):
        if ch in JOINERS and not (out and out[-1] not in JOINERS and i + 1 < len(word)
                                  and word[i + 1] not in JOINERS):
            continue
        out.append(ch)
    return "".join(out)


def _check_marks(name: str) -> None:
    run = 0
    previous = " "
    for ch in name:
        if unicodedata.category(ch)[0] != "M":
            run, previous = 0, ch
            continue
        if previous == " " or previous in JOINERS:
            raise StoreError(Refusal.REFUSED, "name_marks",
                             N_("That name has an accent with no letter "
                                "under it. Type the letter first."))
        run += 1
        if run > MARKS_MAX:
            raise StoreError(Refusal.REFUSED, "name_marks",
                             N_("That name has too many accents on one letter "
                                "(at most %(n)s)."), n=MARKS_MAX)


@cache
def _prototypes() -> dict[str, str]:
    """Each confusable character's prototype (its TR39 mapping), from confusables.txt.

    ``confusable-homoglyphs`` keeps each line of confusables.txt as a link both ways
    (character <-> prototype), so each group is a star around its prototype: the
    one sequence of several characters if there is one, else the character linked
    to all the others. In a group of two single characters either may be it; the
    one used inside some longer prototype is (prototypes are never remapped), else
    the lower code point: equal skeletons come out the same either way.
    """
    from confusable_homoglyphs.confusables import confusables_data

    links: dict[str, set[str]] = {}
    for key, homoglyphs in confusables_data.items():
        a = key.replace("\u200e", "")  # the package wraps right-to-left text in LRM marks
        for glyph in homoglyphs:
            b = glyph["c"].replace("\u200e", "")
            if a != b:
                links.setdefault(a, set()).add(b)
                links.setdefault(b, set()).add(a)
    in_sequences = {ch for node in links if len(node) > 1 for ch in node}
    mapping: dict[str, str] = {}
    seen: set[str] = set()
    for start in links:
        if start in seen:
            continue
        group, todo = set(), [start]
        while todo:
            node = todo.pop()
            if node not in group:
                group.add(node)
                todo.extend(links[node] - group)
        seen |= group
        prototype = max(group, key=lambda n: (len(n) > 1, len(links[n]), n in in_sequences,
                                              -ord(n[0])))
        mapping.update((n, prototype) for n in group if len(n) == 1 and n != prototype)
    return mapping
