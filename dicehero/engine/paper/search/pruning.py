"""The bounds (:mod:`dicehero.engine.paper.bounds`) asked of the search's states: their
inputs read off a state, and their answers kept for every state that reads the same.

:meth:`Pruning.refusals` asks every bound of a sheet, each on its own: the tests walk the
states of real games through it (no bound may refuse one).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dicehero.engine.edition import Edition
from dicehero.engine.paper import bounds
from dicehero.engine.paper.marks import PaperMarks
from dicehero.engine.paper.search.reading import Progress, Reading
from dicehero.engine.state import Sheet

ENOUGH, OUT_OF_ORDER = 0, -1  # what Pruning.short_why finds (else the number short of)
BOUNDS = ("dice_short", "dead_dice", "numbers_short", "made_up_numbers", "route", "tiling")
"""The names of the bounds, as :meth:`Pruning.refusals` gives them."""


class Pruning:
    """The bounds of one search, their answers kept (see the module docstring)."""

    def __init__(self, reading: Reading) -> None:
        self.reading = reading
        self.unmatched: dict[tuple[Any, ...], int] = {}  # see track_counts
        self.unmatched_tables: dict[tuple[int, ...], list[list[int]]] = {}  # see track_counts
        self.shorts: dict[tuple[Any, ...], int] = {}  # see short_why
        self.routes: dict[tuple[Any, ...], int] = {}  # see no_route
        self.tilings: dict[tuple[Any, ...], bool] = {}  # see untiled
        self.stay_lacks: dict[tuple[Any, ...], list[list[int]]] = {}  # see _stay_lacks
        self.lacks: dict[tuple[Any, ...], dict[int, list[list[int]]]] = {}  # see _lacks
        self.round_sets: dict[tuple[Any, ...], list[frozenset[int]]] = {}  # see untiled
        self.track_rows: dict[tuple[Any, ...], list[int]] = {}  # see _track_lacks

    @classmethod
    def of(cls, edition: Edition, rolls: Sequence[Sequence[int]], drawn: PaperMarks
           ) -> Pruning:
        """The bounds of a search for ``drawn`` over ``rolls``."""
        return cls(Reading(edition, rolls, drawn))

    def refusals(self, sheet: Sheet) -> dict[str, bool]:
        """Every bound asked of ``sheet`` on its own (:data:`BOUNDS`): whether it says the
        sheet cannot lead to the drawing. Slow (nothing skipped): for the tests."""
        r = self.reading
        progress = r.progress(sheet, r.bits(sheet.marks, sheet.minions))
        slack = self.slack_of(sheet, progress)
        drawn = r.drawn
        wild = drawn.wild_used - sheet.wild_spent
        powers = drawn.powers_used - sheet.powers_used
        short_by = self.deficit(sheet, progress)
        rounds = r.rounds_left(sheet.round, r.now(sheet))
        return {
            "dice_short": slack < 0,
            "dead_dice": not sheet.done and slack < self.lost_dice(sheet, progress),
            "numbers_short": bool(bounds.numbers_short(short_by, wild, powers,
                                                       r.unmade[sheet.round])),
            "made_up_numbers": bounds.made_up_numbers(progress.tracks, rounds, r.faces,
                                                      short_by) > r.makers(sheet),
            "route": slack > 0 and self.no_route(sheet, progress),
            "tiling": not slack and self.untiled(sheet, progress),
        }

    # -- dice short, dead dice -----------------------------------------------------------------

    def slack(self, sheet: Sheet, prog: int) -> int:
        """:func:`~dicehero.engine.paper.bounds.dice_to_spare` of a state."""
        return self.slack_of(sheet, self.reading.progress(sheet, prog))

    def slack_of(self, sheet: Sheet, progress: Progress) -> int:
        """:meth:`slack`, with ``prog`` read already (a state asks several bounds)."""
        r = self.reading
        unused = 0 if sheet.done else len(r.free(sheet))
        return bounds.dice_to_spare(
            unused + r.left_after[sheet.round] - sheet.wild_spent, progress.still,
            len(progress.work) - (sheet.position in progress.work_set))

    def lost_dice(self, sheet: Sheet, progress: Progress) -> int:
        """:func:`~dicehero.engine.paper.bounds.lost_dice` of a state within a round."""
        r = self.reading
        return bounds.lost_dice(r.free(sheet), progress.needed, progress.work_set,
                                sheet.position, progress.minions_left,
                                r.drawn.powers_used > sheet.powers_used)

    # -- numbers short, made-up numbers ----------------------------------------------------------

    def short_why(self, sheet: Sheet, progress: Progress) -> int:
        """Whether the dice left hold too few of some number: ``ENOUGH``, ``OUT_OF_ORDER``
        (a track's order needs too many made up), or the number the dice left are the
        most short of.

        Worked out once for what it reads (the marks still to make, the dice left, the
        Wild dice and superpower uses left): states that differ only in place or in the
        order of their steps ask again.
        """
        r = self.reading
        key = (progress.stays_id, sheet.round, r.free(sheet), sheet.wild_spent,
               sheet.powers_used)
        why = self.shorts.get(key)
        if why is None:
            why = self.shorts[key] = self._short_why(sheet, progress)
        return why

    def _short_why(self, sheet: Sheet, progress: Progress) -> int:
        r = self.reading
        wild = r.drawn.wild_used - sheet.wild_spent
        powers = r.drawn.powers_used - sheet.powers_used
        short_by = self.deficit(sheet, progress)
        if progress.tracks and self.out_of_order(sheet, progress, short_by, r.makers(sheet)):
            return OUT_OF_ORDER
        return bounds.numbers_short(short_by, wild, powers, r.unmade[sheet.round]) or ENOUGH

    def deficit(self, sheet: Sheet, progress: Progress) -> list[int]:
        """For each number, how many more dice of it the marks still need than are left."""
        r = self.reading
        have = list(r.future[sheet.round])
        for v in r.free(sheet):
            have[v] += 1
        return bounds.deficit(progress.need, have)

    def forced(self, sheet: Sheet, progress: Progress) -> int:
        """:func:`~dicehero.engine.paper.bounds.made_up_numbers` of a state, its counts
        kept."""
        short_by = self.deficit(sheet, progress)
        alone, _, scarce_tracks = self.track_counts(sheet, progress, short_by)
        if not scarce_tracks:
            return alone + sum(short_by)
        return alone + self.scarce_made_up(sheet, scarce_tracks, short_by)

    def track_counts(self, sheet: Sheet, progress: Progress, short_by: Sequence[int]
                     ) -> tuple[int, int, list[tuple[int, ...]]]:
        """The tracks' numbers no die can write in order (:func:`bounds.unmatched`): the
        count over the tracks with no scarce number, over those with one (each counted
        alone), and those tracks' numbers. The later rounds are counted once per track's
        numbers (:func:`bounds.unmatched_after`), the dice left once per state."""
        r = self.reading
        now = r.now(sheet)
        alone = 0  # the tracks with no scarce number
        each = 0  # the tracks with one, each counted alone
        scarce_tracks = []
        for numbers in progress.tracks:  # one number has no order: numbers_short counts it
            key = (numbers, sheet.round, now)
            made_up = self.unmatched.get(key)
            if made_up is None:
                table = self.unmatched_tables.get(numbers)
                if table is None:
                    table = self.unmatched_tables[numbers] = bounds.unmatched_after(
                        numbers, r.rolls, r.faces)
                after = table[sheet.round]
                made_up = self.unmatched[key] = (
                    bounds.unmatched_with(numbers, now, after, r.faces) if now else after[0])
            if any(short_by[v] for v in numbers):
                scarce_tracks.append(numbers)
                each += made_up
            else:
                alone += made_up
        return alone, each, scarce_tracks

    def scarce_made_up(self, sheet: Sheet, scarce_tracks: list[tuple[int, ...]],
                       short_by: Sequence[int]) -> int:
        """:func:`bounds.made_up` for the tracks with a scarce number, read once per
        search."""
        r = self.reading
        now = r.now(sheet)
        scarce = tuple((v, short_by[v]) for v in range(1, r.faces + 1) if short_by[v])
        key = (tuple(scarce_tracks), sheet.round, now, scarce)
        made_up = self.unmatched.get(key)
        if made_up is None:
            rounds = r.rounds_left(sheet.round, now)
            made_up = self.unmatched[key] = bounds.made_up(scarce_tracks, rounds, r.faces,
                                                           dict(scarce))
        return made_up

    def out_of_order(self, sheet: Sheet, progress: Progress, short_by: Sequence[int],
                     budget: int) -> bool:
        """Whether :func:`~dicehero.engine.paper.bounds.made_up_numbers` exceeds ``budget``
        once the tracks are counted (with no track numbers made up, numbers_short judges),
        the cheap counts first: each scarce track counted apart bounds the exact count
        from above, the largest of them from below."""
        alone, each, scarce_tracks = self.track_counts(sheet, progress, short_by)
        short = sum(short_by)
        if not scarce_tracks:
            return alone + short > budget if alone else False
        if alone + max(short, each) > budget:
            return True
        if alone + short + each <= budget:  # at most this many even counted apart
            return False
        return alone + self.scarce_made_up(sheet, scarce_tracks, short_by) > budget

    # -- route, tiling ---------------------------------------------------------------------------

    def no_route(self, sheet: Sheet, progress: Progress) -> bool:
        """Whether no order of visits lets every location with work find its numbers among
        the dice rolled while the hero is there (:mod:`~dicehero.engine.paper.bounds.route`;
        with no die to spare, :meth:`untiled`)."""
        r = self.reading
        here = sheet.position
        slack = self.slack_of(sheet, progress)
        if not slack:
            return self.untiled(sheet, progress)
        if slack < 0 or len(progress.work) > 5 or slack >= len(progress.work) - 1:
            return False  # short of dice (slack judges), too many orders, nothing to order
        now = r.now(sheet)
        key = (sheet.round, now, here, progress.stays_id, slack)
        spare = self.routes.get(key)
        if spare is None:
            rounds = r.rounds_left(sheet.round, now)
            if not rounds:  # no dice left: slack judges
                return False
            lacks = self._lacks(progress, sheet.round, now)
            spare = self.routes[key] = bounds.fewest_made_up(here, lacks, len(rounds), slack)
        return spare > r.makers(sheet)

    def untiled(self, sheet: Sheet, progress: Progress) -> bool:
        """With no die to spare: whether no order of single stays can take the dice left in
        turn (:func:`~dicehero.engine.paper.bounds.tiles`), worked out once per marks
        still to make, dice left, place, Wild dice and superpower uses left, and the Wild
        dice earned and still to earn."""
        r = self.reading
        now = r.now(sheet)
        key = (sheet.round, now, sheet.position, progress.stays_id, sheet.minions,
               sheet.wild_spent, sheet.powers_used, progress.wild_earned, progress.wild_to_earn)
        untiled = self.tilings.get(key)
        if untiled is None:
            round_sets = self.round_sets.get((sheet.round, now))
            if round_sets is None:
                round_sets = self.round_sets[sheet.round, now] = [
                    frozenset(d) for d in r.rounds_left(sheet.round, now)]
            drawn = r.drawn
            untiled = self.tilings[key] = not bounds.tiles(
                sheet.position, progress.jobs, self._lacks(progress, sheet.round, now),
                round_sets, len(now), r.per_round, drawn.wild_used - sheet.wild_spent,
                drawn.powers_used - sheet.powers_used, r.teleports(sheet),
                progress.wild_earned - sheet.wild_spent, dict(progress.wild_to_earn))
        return untiled

    def _lacks(self, progress: Progress, round_: int, now: tuple[int, ...]
               ) -> dict[int, list[list[int]]]:
        """For each location with work, :func:`bounds.stay_lacks` of its numbers missing
        (read once per numbers missing, round and dice left: route and tiling ask)."""
        key = (progress.stays_id, round_, now)
        lacks = self.lacks.get(key)
        if lacks is None:
            kinds = self.reading.kinds
            lacks = self.lacks[key] = {
                n: self._stay_lacks(numbers, round_, now, kinds[n - 1].ordered)
                for n, numbers in progress.stays}
        return lacks

    def _stay_lacks(self, numbers: tuple[int, ...], round_: int, now: tuple[int, ...],
                    ordered: bool) -> list[list[int]]:
        """:func:`bounds.stay_lacks` over the dice left (:func:`bounds.track_lacks` for a
        track's ``numbers``, in order), read once per numbers, round and dice."""
        ordered = ordered and len(numbers) > 1
        at = (numbers, round_, now, ordered)
        table = self.stay_lacks.get(at)
        if table is None:
            r = self.reading
            if ordered:
                table = self._track_lacks(numbers, round_, now)
            else:
                table = bounds.stay_lacks(numbers, r.rounds_left(round_, now), r.faces)
            self.stay_lacks[at] = table
        return table

    def _track_lacks(self, numbers: tuple[int, ...], round_: int, now: tuple[int, ...]
                     ) -> list[list[int]]:
        """:func:`bounds.track_lacks` over the dice left, a row from each whole roll on read
        once per numbers and roll (only the row from this round's dice left reads them)."""
        r = self.reading
        rows = []
        if now:
            rows.append(bounds.unmatched_by_round(numbers, r.rounds_left(round_, now), r.faces))
        for first in range(round_, len(r.rolls)):
            row = self.track_rows.get((numbers, first))
            if row is None:
                row = self.track_rows[numbers, first] = bounds.unmatched_by_round(
                    numbers, r.rolls[first:], r.faces)
            rows.append(row)
        count = len(rows)
        return [[0] * (count - len(row)) + row for row in rows]
