"""Babel's extractor for edition files: the names and texts a sheet prints (babel.cfg).

Each is extracted with its context (``location``, ``superpower``, ...), as the pages
and the PDF ask for it with ``pgettext``: "Fire" the superpower is not "Fire" the
word on a button, and a translator may need to tell them apart.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po, write_po

from dicehero.i18n import DOMAIN, languages, po_path, pot_path, read_pot

# Babel's default keywords, and the comments it keeps for translators.
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
            "npgettext": ((1, "c"), 2, 3), "N_": None, "Np_": (1, 2),
            "lazy_gettext": None}
COMMENT_TAGS = ("Translators:",)
PLACEHOLDER_NAME = re.compile(r"%\((\w+)\)[sd]")

# (table, key) -> context: the edition texts a person reads.
TEXTS = {
    ("edition", "title"): "edition",
    ("edition", "label"): "edition name",
    ("superpowers", "name"): "superpower",
    ("superpowers", "text"): "superpower rule",
    ("locations", "name"): "location",
    ("locations", "rule"): "location rule",
    ("lines", "label"): "line",
    ("rewards", "label"): "reward",
}


def edition_texts(data: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """Every ``(context, text)`` of a parsed edition file, in file order."""
    for table, key in (("edition", "title"), ("edition", "label")):
        if key in data.get(table, {}):
            yield TEXTS[table, key], data[table][key]
    for table in ("superpowers", "locations"):
        for entry in data.get(table, []):
            for key in ("name", "text", "rule"):
                if (table, key) in TEXTS and key in entry:
                    yield TEXTS[table, key], entry[key]
            for sub in ("lines", "rewards"):
                for item in entry.get(sub, []):
                    if "label" in item:
                        yield TEXTS[sub, "label"], item["label"]


def extract_edition(fileobj: IO[bytes], keywords: Any, comment_tags: Any,
                    options: Any) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    """Babel extraction method: ``(line, "pgettext", (context, text), comments)``."""
    raw = fileobj.read().decode("utf-8")
    lines = raw.splitlines()
    for context, text in edition_texts(tomllib.loads(raw)):
        lineno = next((i + 1 for i, line in enumerate(lines) if f'"{text}"' in line), 0)
        yield lineno, "pgettext", (context, text), []


# What each placeholder name stands for: a message whose own translator comment does not
# explain a placeholder gets this note (a translator sees every placeholder explained;
# tests/test_catalogs.py fails on a name missing here and in the message's comments).
PLACEHOLDER_NOTES = {
    "address": "a web address", "beat": "how many heroes beat the Coach, in words",
    "box": "a box's number at a location", "code": "a game's join code, as KM4TRX",
    "date": "a day, as the reader writes dates", "dice": "dice, as 3, 5, 1, 6",
    "die": "a die's place in the tray: 1 to 4", "done": "how many heroes are done",
    "error": "why, in words (from the browser or the server)",
    "faces": "the number of faces of a die (6)", "field": "the name of a JSON field",
    "fields": "names of JSON fields", "file": "a file name", "first": "a superpower, as 3 Ice",
    "game": "a join code, quoted", "half": "1 or 2: the first or second number of a pair",
    "here": "the location where the hero stands", "hi": "the largest number allowed",
    "high": "the top of a band of scores", "honor": "a number of Honor points",
    "kb": "a size in KB", "kib": "a size in KiB", "known": "the field names expected",
    "label": "a box's name, as City Hall, box 2, needs a 2",
    "link": "a web address to give the hero", "listen": "a network address",
    "lo": "the smallest number allowed", "low": "the bottom of a band of scores",
    "langs": "language codes, as en, fr, ja",
    "m": "a number of minutes", "more": "how many more", "most": "the largest number allowed",
    "n": "a count", "num": "a count", "name": "a hero's name (or an edition's)",
    "names": "heroes' names, as Ada, Bob",
    "next": "the next round's number", "now": "the current roll's number",
    "number": "a die's number, 1 to 6", "other": "another hero's name",
    "pair": "a pair's number at a location", "papers": "paper sizes, as a4, letter",
    "place": "a location's name, as City Hall", "player": "a player's id number",
    "power": "a superpower's name, as Ice", "rank": "a place in the standings: 1, 2, ...",
    "roll": "a roll's number", "rolled": "the number the die was rolled as",
    "round": "a round's number", "rounds": "how many rounds the game has",
    "rule": "a location's rule, a sentence", "s": "a number of seconds",
    "score": "a score and place, as 12 Honor, #3.", "second": "a superpower, as 5 Shapeshift",
    "sent": "the roll number that was sent", "share": "a percentage of the class",
    "side": "a length in pixels", "state": "what a box holds, as marked",
    "status": "an HTTP status number, as 502", "text": "what a superpower does, a sentence",
    "tied": "how many heroes tied with the Coach", "time": "a time of day or a time left",
    "url": "a web address", "used": "how a die was used: moved, helped, robot, skipped",
    "uses": "how many uses a superpower has", "what": "what the Coach did, in words",
    "who": "heroes' names with their places", "why": "why, in words",
    "width": "the width of a band of scores, in Honor",
    "action": "an action's type as the API names it (help, move, skip, ...)",
    "after": "the number written in the box before", "also": "a die's number, 1 to 6",
    "count": "a count", "either": "numbers to choose from, as 1, 2 or 3",
    "missing": "what no die could do, as: puts the 5 in Powerplant's box 3",
    "parts": "what each die did, as: die 1 (a 1): moved to City Hall",
    "real": "the dice the game rolled, as 1 4 4 2",
    "target": "a location's name, where the hero wants to go",
    "to": "the number of the location the hero wants to go to",
    "value": "what was sent, as it was sent", "wanted": "a die's number, 1 to 6",
    "where": "a place on the sheet, as: Round 3, die 2 (a 5)",
    "wild": "how many Wild dice",
    "got": "what an edition file has in the field, as it is written",
    "last": "the last cell number of a grid",
    "options": "the words a field may be, as: cells, pairs, track",
    "seed": "the number the dice were rolled from (a command's option)",
    "option": "an option of a command as typed, as --paper (or COMMAND)",
    "choices": "the values an option takes, as 'a4', 'letter'",
    "arguments": "a command's options or values, as -o/--output",
    "default": "an option's value when it is not given (argparse fills it)",
}


def explain_placeholders(catalog: Catalog) -> None:
    """Give each message a translator note for every placeholder its comments leave out."""
    for m in catalog:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        said = " ".join(m.auto_comments)
        for name in sorted({n for text in ids for n in PLACEHOLDER_NAME.findall(text)}):
            if f"%({name})s" not in said and name in PLACEHOLDER_NOTES:
                m.auto_comments.append(f"%({name})s is {PLACEHOLDER_NOTES[name]}.")


def extract() -> Catalog:
    """What extraction finds in the code today, as ``pybabel extract -F babel.cfg`` would."""
    root = Path(__file__).resolve().parent.parent
    with (root / "babel.cfg").open(encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)
    catalog = Catalog(project="dicehero", domain=DOMAIN, charset="utf-8")
    for filename, lineno, message, comments, context in extract_from_dir(
            root, method_map, options_map, keywords=KEYWORDS, comment_tags=COMMENT_TAGS,
            strip_comment_tags=True):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments,
                    context=context)
    explain_placeholders(catalog)
    return catalog


def same_messages(a: Catalog, b: Catalog) -> bool:
    """Whether two catalogs hold the same messages with the same translator comments."""
    def messages(c: Catalog) -> dict[tuple, list[str]]:
        return {(m.context, m.id): m.auto_comments for m in c if m.id}
    return messages(a) == messages(b)


def merged(po: Catalog, template: Catalog) -> Catalog:
    """``po`` brought up to ``template`` (in place), as ``msgmerge --no-fuzzy-matching`` would:
    a message whose context, msgid and plural are unchanged keeps its translation; a new or
    changed one arrives untranslated (never a guess from a similar message, which a busy
    translator might ship as it is); one no longer in the template is dropped."""
    old = {(m.context, m.id): m for m in po if m.id}
    for m in old.values():
        po.delete(m.id, m.context)
    po.obsolete.clear()
    po.creation_date = template.creation_date
    for m in template:
        if not m.id:
            continue
        kept = old.get((m.context, m.id))
        po.add(m.id, kept.string if kept else None, m.locations,
               flags=m.flags | (kept.flags if kept else set()),
               auto_comments=m.auto_comments,
               user_comments=kept.user_comments if kept else (), context=m.context)
    return po


def update_catalog(path: Path, lang: str, template: Catalog) -> None:
    """The catalog at ``path`` (in ``lang``) rewritten, brought up to ``template``."""
    with path.open("rb") as f:
        po = read_po(f, locale=lang)
    with path.open("wb") as f:
        write_po(f, merged(po, template), width=0, no_location=True, sort_output=True)


def write(catalog: Catalog) -> None:
    """``messages.pot`` from ``catalog`` (no line numbers: they change with every edit), and
    every language's catalog brought up to it (docs/TRANSLATING.md, "For developers")."""
    if pot_path().is_file() and same_messages(catalog, read_pot()):
        catalog = read_pot()  # keep its creation date: no change to commit
    with pot_path().open("wb") as f:
        write_po(f, catalog, width=0, no_location=True, sort_output=True)
    for lang in languages()[1:]:
        update_catalog(po_path(lang), lang, catalog)


if __name__ == "__main__":  # python -m dicehero.i18n_extract (docs/TRANSLATING.md)
    write(extract())
