"""Route: the hero stays at each location with work in some order, and a location's numbers
come from the dice of the rounds of its stay (or from Wild dice and superpower uses).

Every move is a die: with ``k`` dice to spare at most ``k`` locations are visited more
than once, the others are stayed at once each, in some order (the one the hero is at
first). A round where the hero moves on counts for both stays, as its dice may be used in
any order; what a superpower makes is not asked, and a track's order only within each
stay (:func:`track_lacks`, whose rounds' dice are used in any order within a round): the
count is the fewest numbers any order must make up, so it never refuses a play that exists.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations

from dicehero.engine.paper.bounds.numbers import unmatched_by_round

NEVER = 1 << 60  # more than any count of numbers made up


def stay_lacks(numbers: Sequence[int], rounds: Sequence[Sequence[int]],
                faces: int) -> list[list[int]]:
    """For a location that needs ``numbers``: ``[first][last]``, the numbers it lacks in a
    stay over those rounds (see :func:`fewest_made_up`).

    A number wanted ``k`` times in a stay whose rounds hold ``h`` dice of it lacks
    ``k - h`` of them, if ``h < k``; the row of each ``first`` is summed number by number,
    a whole row at a time (a generator per entry took twice as long).
    """
    count = len(rounds)
    want = [0] * (faces + 1)
    for v in numbers:
        want[v] += 1
    wanted = []  # (k, held) for each number v wanted k times: held[t], its dice before round t
    for v, k in enumerate(want):
        if k:
            held = [0]
            for dice in rounds:
                held.append(held[-1] + dice.count(v))
            wanted.append((k, held))
    short = []
    for first in range(count):
        row = [0] * count
        for k, held in wanted:
            top = k + held[first]  # the stay holds held[last + 1] - held[first]
            row = [s + top - h if h < top else s for s, h in zip(row, held[1:], strict=True)]
        short.append(row)
    return short


def track_lacks(numbers: Sequence[int], rounds: Sequence[Sequence[int]],
                faces: int) -> list[list[int]]:
    """:func:`stay_lacks` for a track, whose ``numbers`` are written in this order:
    ``[first][last]``, the fewest of them the dice of rounds ``first..last`` cannot write,
    the dice of each round used in any order but the rounds in theirs (what
    :func:`.numbers.unmatched` counts over those rounds). Never less than
    :func:`stay_lacks`, so route and tiling may read either. Row ``first`` is
    :func:`.numbers.unmatched_by_round` of the rounds from ``first`` on, behind ``first``
    zeros.
    """
    return [[0] * first + unmatched_by_round(numbers, rounds[first:], faces)
            for first in range(len(rounds))]


def fewest_made_up(here: int | None, lacks: dict[int, list[list[int]]], count: int,
                    split: int = 0) -> int:
    """The fewest numbers that Wild dice or superpower uses must make up, over every order
    of one stay at each location of ``lacks`` (``here`` first if it is one of them; see
    :func:`stay_lacks`): a location's numbers come from the dice of the rounds of its
    stay; stays follow one another, a round where the hero moves on counting for both
    (see the module docstring).

    With ``split``, that many locations (any of them) may be stayed at more than once:
    they are left out of the order and take their numbers from every round.
    """
    if split:
        return _fewest_split(here, lacks, count, split)
    if not lacks:
        return 0
    if list(lacks) == [here]:
        return lacks[here][0][count - 1]
    return _fewest_in_order(here, lacks, count)


def _fewest_split(here: int | None, lacks: dict[int, list[list[int]]], count: int,
                  split: int) -> int:
    """:func:`fewest_made_up` with ``split`` locations stayed at more than once: the
    fewest over every choice of them, each taking its numbers from every round."""
    fewest = None
    for apart in combinations(list(lacks), split):
        rest = {n: t for n, t in lacks.items() if n not in apart}
        made = fewest_made_up(here, rest, count)
        made += sum(lacks[n][0][count - 1] for n in apart)
        if fewest is None or made < fewest:
            fewest = made
            if not made:
                break
    return fewest or 0


def _fewest_in_order(here: int | None, lacks: dict[int, list[list[int]]], count: int) -> int:
    """:func:`fewest_made_up` over the orders of one stay at each location (no split), by
    dynamic programming over the sets of locations already stayed at."""
    numbers = list(lacks)
    bit = {n: 1 << i for i, n in enumerate(numbers)}
    full = (1 << len(numbers)) - 1
    last_round = count - 1
    # cost[mask][t]: the fewest so far over the stays at the locations of mask, the last
    # ending in round t (NEVER: no such order)
    first_mask = bit[here] if here in lacks else 0
    cost = {first_mask: list(lacks[here][0]) if first_mask else [0] + [NEVER] * last_round}
    best = NEVER
    for mask in _by_size(len(numbers)):
        now = cost.get(mask)
        if now is None or mask & first_mask != first_mask:
            continue
        starts = _cheaper_starts(now)
        for n in numbers:
            if mask & bit[n]:
                continue
            grown = mask | bit[n]
            rows = lacks[n]
            if grown == full:  # the last stay: only its end at the game's end counts
                for first, so_far in starts:
                    best = min(best, so_far + rows[first][last_round])
            else:
                _stay_next(cost.setdefault(grown, [NEVER] * count), rows, starts, count)
    return best if best < NEVER else 0


def _stay_next(new: list[int], rows: list[list[int]], starts: list[tuple[int, int]],
               count: int) -> None:
    """Lower ``new[last]`` (the fewest so far, a stay ending in round ``last``) by a next
    stay at a location whose lack for rounds first..last is ``rows[first][last]``."""
    for first, so_far in starts:
        row = rows[first]
        for last in range(first, count):
            c = so_far + row[last]
            if c < new[last]:
                new[last] = c


@cache
def _by_size(count: int) -> list[int]:
    """The subsets of ``count`` things as bits, the smaller first (see fewest_made_up)."""
    return sorted(range(1 << count), key=int.bit_count)


def _cheaper_starts(now: list[int]) -> list[tuple[int, int]]:
    """The rounds the next stay may start in, with the fewest made up so far (see
    :func:`fewest_made_up`), leaving out each that an earlier one costs no more than:
    a stay that starts sooner holds every die a later one would, so it lacks no more
    whatever round it ends in.
    """
    out = []
    low = NEVER
    for first, so_far in enumerate(now):
        if so_far < low:
            low = so_far
            out.append((first, so_far))
    return out
