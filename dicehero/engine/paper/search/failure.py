"""The nearest point of failure in plain words, for a sheet no legal play draws."""

from __future__ import annotations

from dicehero.engine import locations
from dicehero.engine.edition import Edition
from dicehero.engine.paper.marks import PaperMarks
from dicehero.engine.paper.search.reading import Reading
from dicehero.engine.state import Sheet


def nearest_failure(reading: Reading, made: int, sheet: Sheet | None, short: int,
                    out_of_order: bool) -> str:
    """How far the closest legal play gets (``made`` marks, ending on ``sheet``), and the
    first mark it misses: a track's number out of order if that stopped it, else one of
    the number ``short`` it ran short of (0: any)."""
    if sheet is None:
        return "No legal play over this game's rolls draws these marks."
    missing = (out_of_order and _first_out_of_order(reading, sheet)) or first_missing(
        reading.edition, sheet, reading.drawn, short)
    if made == reading.total:
        return ("No legal play over this game's rolls draws exactly these marks: every "
                "play that makes all of them leaves the Wild dice or superpower uses "
                "ticked on the sheet unspent or overspent.")
    return (f"No legal play over this game's rolls draws all these marks. The closest "
            f"makes {made} of the sheet's {reading.total} marks; after it, no roll has a die "
            f"that {missing} while you could be there.")


def _first_out_of_order(reading: Reading, sheet: Sheet) -> str:
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
    return ""


def first_missing(edition: Edition, sheet: Sheet, drawn: PaperMarks, number: int = 0) -> str:
    """The first drawn mark ``sheet`` lacks (of ``number``, if given), in words.

    ``puts the 5 after the 4 in Powerplant's 3rd box``.
    """
    for loc, have, want in zip(edition.locations, sheet.marks, drawn.marks, strict=True):
        for value, words in locations.kind_of(loc).missing(loc, have, want):
            if number in (0, value):
                return words
    for loc, have, want in zip(edition.locations, sheet.minions, drawn.minions, strict=True):
        if have < want:
            return f"defeats a {locations.ordinal(have + 1)} Robot Minion at {loc.name}"
    if number:
        return first_missing(edition, sheet, drawn)
    return "spends the Wild dice and superpower uses the sheet ticks"
