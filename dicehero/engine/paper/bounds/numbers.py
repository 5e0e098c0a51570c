"""Numbers short and made-up numbers: the drawn numbers still missing need dice of those
numbers, and a track's numbers need them in the track's order.

Of the numbers the dice left hold too few of, only a Wild die or a superpower use can
make more (Grow only 6s, Shrink only 1s, Shapeshift only numbers rolled beside the die,
Teleport none). A track is written in order, so its numbers need dice of the rounds in
that order (dice of one round in any order among themselves); the ones no such die
writes are made up too, a number short anyway counted once for both. Each track is
counted on its own, as if no other location wanted its dice, so these never count too
many.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dicehero.engine import locations
from dicehero.engine.edition import Edition
from dicehero.engine.paper.marks import PaperMarks
from dicehero.engine.phrase import Phrase, phrase
from dicehero.engine.state import new_sheet


def missing_numbers(edition: Edition, have: Sequence[Any], want: Sequence[Any]) -> list[int]:
    """How many dice of each number the drawn marks ``want`` still need beyond ``have``
    (each location's marks, in sheet order)."""
    need = [0] * (edition.faces + 1)
    for loc, h, w in zip(edition.locations, have, want, strict=True):
        if h != w:
            for v, _ in locations.kind_of(loc).missing(loc, h, w):
                need[v] += 1
    return need


def short_of_numbers(edition: Edition, rolls: Sequence[Sequence[int]],
                     drawn: PaperMarks) -> Phrase | None:
    """Why the game's rolls hold too few of some number for the whole sheet, or ``None``:
    the bound asked once, before a search starts."""
    blank = new_sheet(edition).marks
    need = missing_numbers(edition, blank, drawn.marks)
    rolled = [0] * (edition.faces + 1)
    for dice in rolls:
        for v in dice:
            rolled[v] += 1
    spare = drawn.wild_used + drawn.powers_used
    missing = [(v, need[v], rolled[v]) for v in range(1, edition.faces + 1) if need[v] > rolled[v]]
    if sum(n - r for _, n, r in missing) <= spare:
        return None
    v, n, r = max(missing, key=lambda m: m[1] - m[2])
    return phrase("not_enough_dice", n=n, number=v, count=r, wild=drawn.wild_used,
                  uses=drawn.powers_used)


def deficit(need: Sequence[int], have: Sequence[int]) -> list[int]:
    """For each number, how many more dice of it the marks still need (``need``) than the
    dice left hold (``have``)."""
    return [n - h if n > h else 0 for n, h in zip(need, have, strict=True)]


def numbers_short(short_by: Sequence[int], wild: int, powers: int,
                  unmade: Sequence[int]) -> int:
    """The number the dice left are the most short of, if ``wild`` Wild dice and ``powers``
    superpower uses cannot make up ``short_by`` (:func:`deficit`); else 0.

    Every number short needs a Wild die or a superpower use; those the superpower cannot
    make (``unmade``) need a Wild die.
    """
    short = sum(short_by)
    if short and (short > wild + powers or sum(short_by[v] for v in unmade) > wild):
        return max(range(1, len(short_by)), key=lambda v: short_by[v])
    return 0


def made_up_numbers(tracks: Sequence[Sequence[int]], rounds: Sequence[Sequence[int]],
                    faces: int, short_by: Sequence[int]) -> int:
    """The fewest numbers Wild dice or superpower uses must make: those the dice left hold
    too few of (``short_by``, :func:`deficit`), and more once each track's numbers
    (``tracks``, in order) are written by dice of ``rounds`` in order. More than the Wild
    dice and superpower uses left (that can make any number), and the state is short."""
    alone = 0
    scarce_tracks = []
    for numbers in tracks:
        if any(short_by[v] for v in numbers):
            scarce_tracks.append(numbers)
        else:
            alone += unmatched(numbers, rounds, faces)
    if not scarce_tracks:
        return alone + sum(short_by)
    scarce = {v: n for v, n in enumerate(short_by) if n}
    return alone + made_up(scarce_tracks, rounds, faces, scarce)


def unmatched(numbers: Sequence[int], rounds: Sequence[Sequence[int]], faces: int) -> int:
    """The fewest of ``numbers``, written in this order, that the dice of ``rounds`` cannot
    write, the dice of each round used in any order but the rounds in theirs (what
    :func:`made_up` counts for one track with no number scarce, in plain lists)."""
    counts = unmatched_by_round(numbers, rounds, faces)
    return counts[-1] if counts else len(numbers)


def unmatched_by_round(numbers: Sequence[int], rounds: Sequence[Sequence[int]],
                       faces: int) -> list[int]:
    """For each ``last``: :func:`unmatched` over ``rounds`` 0..last, in one pass.

    ``best[k]``: the fewest left unwritten among the first ``k`` numbers after the rounds
    so far. A round writes a run of the numbers that follow, as many of them as it holds
    dice for (a run's numbers in any order within the round).
    """
    n = len(numbers)
    counts = []
    best = list(range(n + 1))
    for dice in rounds:
        held = [0] * (faces + 1)
        for v in dice:
            held[v] += 1
        new = list(best)
        for k in range(n):
            wanted = [0] * (faces + 1)
            written = 0
            base = best[k] - k
            for j in range(k, n):
                v = numbers[j]
                wanted[v] += 1
                if wanted[v] <= held[v]:
                    written += 1
                cost = base + j + 1 - written
                if cost < new[j + 1]:
                    new[j + 1] = cost
        best = new
        counts.append(min(best[k] + n - k for k in range(n + 1)))
    return counts


def unmatched_after(numbers: Sequence[int], rounds: Sequence[Sequence[int]], faces: int
                    ) -> list[list[int]]:
    """``table[r][k]``: :func:`unmatched` of ``numbers[k:]`` over ``rounds[r:]``, for every
    ``r`` and ``k``, worked out from the last round back: a search asks the count of each
    state's dice left followed by the later rounds (:func:`unmatched_with`), and this way
    the later rounds are counted once.

    A round writes a run of the numbers that follow, as many as it holds dice for, or
    none; the numbers left after the last round are made up.
    """
    n = len(numbers)
    table = [[n - k for k in range(n + 1)]]
    for dice in reversed(rounds):
        after = table[-1]
        table.append([_run_then(numbers, k, dice, after, faces) for k in range(n)] + [0])
    table.reverse()
    return table


def unmatched_with(numbers: Sequence[int], first: Sequence[int], after: Sequence[int],
                   faces: int) -> int:
    """:func:`unmatched` of ``numbers`` over the dice ``first`` and then the rounds whose
    row of :func:`unmatched_after` is ``after``."""
    return _run_then(numbers, 0, first, after, faces)


def _run_then(numbers: Sequence[int], k: int, dice: Sequence[int], after: Sequence[int],
              faces: int) -> int:
    """The fewest of ``numbers[k:]`` left unwritten when ``dice`` write a run from ``k`` on
    (or none) and the rounds after them, whose counts by first number are ``after``, the
    rest."""
    held = [0] * (faces + 1)
    for v in dice:
        held[v] += 1
    wanted = [0] * (faces + 1)
    best = after[k]
    written = 0
    for j in range(k, len(numbers)):
        v = numbers[j]
        wanted[v] += 1
        if wanted[v] <= held[v]:
            written += 1
        cost = j + 1 - k - written + after[j + 1]
        if cost < best:
            best = cost
    return best


def made_up(tracks: Sequence[Sequence[int]], rounds: Sequence[Sequence[int]], faces: int,
            scarce: dict[int, int]) -> int:
    """The fewest numbers Wild dice or superpower uses must make for the tracks' numbers
    (each track's written in its order) and for the numbers the dice of ``rounds`` hold too
    few of (``scarce``: how many too few), the dice of each round used in any order but the
    rounds in theirs.

    A number made for a track that is scarce anyway costs nothing until as many of it are
    made as it is short of (they are made whatever the tracks do). The states of the
    count: how many of each scarce number were made so far, at most its shortage, and the
    fewest numbers made beyond those.
    """
    numbers_scarce = sorted(scarce)
    index = {v: i for i, v in enumerate(numbers_scarce)}
    cap = [scarce[v] for v in numbers_scarce]
    states: dict[tuple[int, ...], int] = {tuple(0 for _ in cap): 0}
    for numbers in tracks:
        states = _track_made_up(numbers, rounds, faces, states, index, cap)
    return min(states.values()) + sum(cap)


def _make(states: dict[tuple[int, ...], int], v: int, index: dict[int, int],
          cap: Sequence[int]) -> dict[tuple[int, ...], int]:
    """``states`` after one more ``v`` is made (see :func:`made_up`)."""
    i = index.get(v)
    out: dict[tuple[int, ...], int] = {}
    for made, cost in states.items():
        if i is not None and made[i] < cap[i]:
            made = (*made[:i], made[i] + 1, *made[i + 1:])
        else:
            cost += 1
        if cost < out.get(made, cost + 1):
            out[made] = cost
    return out


def _merge(into: dict[tuple[int, ...], int], states: dict[tuple[int, ...], int]) -> None:
    for made, cost in states.items():
        if cost < into.get(made, cost + 1):
            into[made] = cost


def _track_made_up(numbers: Sequence[int], rounds: Sequence[Sequence[int]], faces: int,
                   start: dict[tuple[int, ...], int], index: dict[int, int],
                   cap: Sequence[int]) -> dict[tuple[int, ...], int]:
    """The states of :func:`made_up` once ``numbers`` are written in this order too.

    ``best[k]``: the states once the first ``k`` numbers are written, after the rounds so
    far. A round writes a run of the numbers that follow, as many of them as it holds
    dice for (a run's numbers in any order within the round); the others are made.
    """
    n = len(numbers)
    best = [start]
    for v in numbers:  # made before the first round (or at any time: the count is the same)
        best.append(_make(best[-1], v, index, cap))
    for dice in rounds:
        held = [0] * (faces + 1)
        for v in dice:
            held[v] += 1
        new = [dict(b) for b in best]
        for k in range(n):
            wanted = [0] * (faces + 1)
            run = best[k]
            for j in range(k, n):
                v = numbers[j]
                wanted[v] += 1
                if wanted[v] > held[v]:
                    run = _make(run, v, index, cap)
                _merge(new[j + 1], run)
        best = new
    return best[n]
