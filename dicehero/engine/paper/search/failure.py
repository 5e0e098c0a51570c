"""The nearest point of failure in plain words, for a sheet no legal play draws."""

from __future__ import annotations

from dicehero.engine import locations
from dicehero.engine.edition import Edition
from dicehero.engine.paper.marks import PaperMarks
from dicehero.engine.paper.search.reading import Reading
from dicehero.engine.phrase import Phrase, phrase
from dicehero.engine.state import Sheet


def nearest_failure(reading: Reading, made: int, sheet: Sheet | None, short: int,
                    out_of_order: bool) -> Phrase:
    """How far the closest legal play gets (``made`` marks, ending on ``sheet``), and the
    first mark it misses: a track's number out of order if that stopped it, else one of
    the number ``short`` it ran short of (0: any)."""
    if sheet is None:
        return phrase("no_play")
    missing = (out_of_order and _first_out_of_order(reading, sheet)) or first_missing(
        reading.edition, sheet, reading.drawn, short)
    if made == reading.total:
        return phrase("no_play_exactly")
    return phrase("closest_play", n=made, count=reading.total, missing=missing)


def _first_out_of_order(reading: Reading, sheet: Sheet) -> Phrase | None:
    """In words, the first number still missing on a track that the rolled dice cannot
    write in the track's order (each taken from the earliest round that has it)."""
    now = () if sheet.done else tuple(d.value for d in sheet.dice if d.used is None)
    rounds = [now, *reading.rolls[sheet.round:]]
    for i in reading.tracks:
        loc, have = reading.locs[i], sheet.marks[i]
        at, pool = 0, list(rounds[0])
        for value, words in reading.kinds[i].missing(loc, have, reading.drawn.marks[i]):
            while value not in pool and at + 1 < len(rounds):
                at += 1
                pool = list(rounds[at])
            if value not in pool:
                return words
            pool.remove(value)
    return None


def first_missing(edition: Edition, sheet: Sheet, drawn: PaperMarks,
                  number: int = 0) -> Phrase:
    """The first drawn mark ``sheet`` lacks (of ``number``, if given), as a phrase.

    ``puts the 5 after the 4 in Powerplant's 3rd box``.
    """
    for loc, have, want in zip(edition.locations, sheet.marks, drawn.marks, strict=True):
        for value, words in locations.kind_of(loc).missing(loc, have, want):
            if number in (0, value):
                return words
    for loc, have, want in zip(edition.locations, sheet.minions, drawn.minions, strict=True):
        if have < want:
            return phrase("defeats_minion", place=loc.name)
    if number:
        return first_missing(edition, sheet, drawn)
    return phrase("spends_ticks")
