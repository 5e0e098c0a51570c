"""The order a tight round's endings are tried in: free to tune, as it never changes what
is a witness, only how soon one is found.

In a round with few dice to spare (``Settings.tight``) the endings are walked layer by
layer (:class:`Layers`): first those that keep every die to spare the round opened with,
then those that keep one fewer, and so on, a deeper layer only once the ones above it
are used up. Dice to spare only go down within a round, so the walk of a layer prunes
every state below it: the top layers cost a few states where every ending of the round
costs hundreds (in par sheets, the first pass would spend its 1,000 states inside the
first round's walk). Each layer's endings are made distinct, the dominated ones dropped
(:func:`.dominance.unbeaten`), the rest ranked as a player aiming for Honor would choose
(the greedy bot's own valuation). Passes of growing length try other orders: every other
pass ranks each layer by the game's scarce numbers its endings keep (the Wild dice and
superpower uses beyond the numbers the rolls left hold too few of,
:meth:`Ordering.by_scarce`) and lets an ending move up a few places within its layer,
more in later passes (:meth:`Ordering.shaken`); from ``Settings.late_pass`` on, every
ending is ranked at once by what it keeps, scarce numbers counted, so an ending that
keeps a Wild die may come before one that keeps a die (:meth:`Ordering.late`); the last
pass, which runs to the cap, puts the player's valuation first
(:meth:`Ordering.by_value`). Each order is worked out once per search and read back by
later passes.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from dicehero.engine.actions import Action
from dicehero.engine.bots import GreedyBot
from dicehero.engine.paper.search.dominance import unbeaten
from dicehero.engine.paper.search.pruning import Pruning
from dicehero.engine.paper.search.settings import Settings
from dicehero.engine.state import Sheet

# A round's ending: the sheet after done, its marks as bits, the actions that led there.
End = tuple[Sheet, int, tuple[Action, ...]]
_VALUE = GreedyBot()  # what a player aiming for Honor would make of a sheet


def ending_key(end: End) -> tuple[Any, ...]:
    """What the rounds after an ending can do depends on: two endings alike in it are one."""
    sheet = end[0]
    return sheet.position, end[1], sheet.wild_spent, sheet.powers_used


def opened_key(opened: Sheet, prog: int) -> tuple[Any, ...]:
    """What a round opened on ``opened`` with the marks ``prog`` can end in depends on."""
    return (opened.round, opened.position, prog, opened.wild_spent, opened.powers_used)


class Ordering:
    """The ranked endings of one search's tight rounds (see the module docstring)."""

    def __init__(self, pruning: Pruning, settings: Settings, capped_until: int) -> None:
        self.pruning = pruning
        self.reading = pruning.reading
        self.settings = settings
        self.capped_until = capped_until  # see dominance.Failures
        self.seen: dict[tuple[Any, ...], Layers] = {}  # see layers
        self.kept = 0  # endings held in ``seen``
        self.late_kept: dict[tuple[Any, ...], list[End]] = {}  # see late
        self.by_value_kept: dict[tuple[Any, ...], list[End]] = {}  # see by_value
        self.scarce_kept: dict[tuple[Any, ...], list[End]] = {}  # see by_scarce
        self.worths: dict[tuple[Any, ...], float] = {}  # see worth

    def layers(self, opened: Sheet, prog: int, top: int,
               walk: Callable[[int], Iterable[End]]) -> Layers:
        """The ranked endings of a tight round opened on ``opened`` (with ``top`` dice to
        spare), layer by layer (:class:`Layers`), worked out once per search: a later
        pass (or another way to the same state) reads them back rather than walk the
        round again. ``walk(floor)``: the round's endings that keep ``floor`` dice to
        spare or more."""
        key = opened_key(opened, prog)
        layers = self.seen.get(key)
        if layers is None:
            if self.kept > self.settings.keep_endings:  # memory: start again, not grow
                self.seen.clear()
                self.late_kept.clear()
                self.by_value_kept.clear()
                self.scarce_kept.clear()
                self.kept = 0
            layers = self.seen[key] = Layers(self, top, walk)
        return layers

    def ranked(self, endings: Iterable[End]) -> list[End]:
        """Every distinct ending of a layer, those another beats left out, the ones a
        player aiming for Honor would choose first."""
        unique: dict[tuple[Any, ...], End] = {}
        for end in endings:
            unique.setdefault(ending_key(end), end)
        ends = list(unique.values())
        if ends and ends[0][0].round > self.capped_until:
            ends = unbeaten(ends)
        self.kept += len(ends)
        return sorted(ends, key=lambda e: -self.worth(e[0]))

    def by_scarce(self, opened: Sheet, prog: int, spare: int, layer: list[End]
                  ) -> list[End]:
        """A layer (its endings keep ``spare`` dice to spare) ranked for an odd pass: those
        that keep the most of the game's scarce numbers first (:meth:`spare`), then the
        player's valuation. Each order suits sheets the other leaves to later passes (in
        par sheets, those the player's valuation leads astray; in greedy ones, those where
        the Wild dice kept are not needed)."""
        return self._sorted_once(self.scarce_kept, (*opened_key(opened, prog), spare),
                                 lambda: layer, self._by_spare)

    def late(self, opened: Sheet, prog: int, layers: Layers) -> list[End]:
        """Every ending ranked at once for a long pass: those that keep the most to spare,
        scarce numbers counted too (:meth:`spare`), first, whatever their layer. Quick
        searches do better layer by layer (the Wild dice an ending keeps are often not
        needed, and the deeper layers cost more to walk), so the first passes keep that
        order."""
        return self._sorted_once(self.late_kept, opened_key(opened, prog), layers.every,
                                 self._by_spare)

    def by_value(self, opened: Sheet, prog: int, layers: Layers) -> list[End]:
        """The ranked endings for the last pass: those a player aiming for Honor would
        choose first, then the most to spare. A sheet of such a player's own play that the
        earlier passes did not reach often follows the player's valuation instead."""
        slack = self.pruning.slack
        return self._sorted_once(self.by_value_kept, opened_key(opened, prog), layers.every,
                                 lambda e: (-self.worth(e[0]), -slack(e[0], e[1])))

    def _by_spare(self, end: End) -> tuple[int, float]:
        """The most to spare first, scarce numbers counted (:meth:`spare`), then the
        player's valuation."""
        return -self.spare(end[0], end[1]), -self.worth(end[0])

    @staticmethod
    def _sorted_once(kept: dict[tuple[Any, ...], list[End]], key: tuple[Any, ...],
                     ends: Callable[[], list[End]], order: Callable[[End], Any]
                     ) -> list[End]:
        """``ends()`` sorted by ``order``, once per search (kept in ``kept``)."""
        ranked = kept.get(key)
        if ranked is None:
            ranked = kept[key] = sorted(ends(), key=order)
        return ranked

    def shaken(self, ends: list[End], passes: int, rng: random.Random) -> list[End]:
        """The ranked endings in a new order for pass ``passes``: in odd passes each may move
        up a few places (more in later passes), the most to spare still first; even passes
        keep the ranked order, with ever more states, so a sheet the first order nearly
        reached is not lost to the shaking."""
        if not passes % 2:
            return ends
        spread = self.settings.shake * passes
        slack = self.pruning.slack
        keyed = [(-slack(e[0], e[1]), i + rng.random() * spread, i) for i, e in enumerate(ends)]
        keyed.sort()
        return [ends[k[2]] for k in keyed]

    def spare(self, sheet: Sheet, prog: int) -> int:
        """What an ending keeps to spare: the dice left beyond what the drawing needs, and
        the Wild dice and superpower uses left beyond the numbers they must make
        (:meth:`Pruning.forced`): an ending that leaves the game's scarce numbers unspent
        keeps more of them."""
        pruning = self.pruning
        progress = self.reading.progress(sheet, prog)
        return (pruning.slack_of(sheet, progress) + self.reading.makers(sheet)
                - pruning.forced(sheet, progress))

    def worth(self, sheet: Sheet) -> float:
        """What a player aiming for Honor would make of ``sheet`` (:meth:`GreedyBot.value`),
        read once per marks, Wild dice and superpower uses: every ranking asks, and scoring
        a sheet costs as much as a dozen steps of the search."""
        key = (sheet.marks, sheet.minions, sheet.wild_spent, sheet.powers_used)
        worth = self.worths.get(key)
        if worth is None:
            worth = self.worths[key] = _VALUE.value(sheet)
        return worth


class Layers:
    """The endings of one tight round, ranked, layer by layer: those that keep the most
    dice to spare first, each layer ranked by :meth:`Ordering.ranked`.

    A layer is walked only when the ones above it are used up: a walk that keeps ``floor``
    dice to spare prunes every state below it, so the top layers cost a few states where
    every ending of the round would cost hundreds (the first pass would spend its states
    inside the round's first walk). Each walk goes one layer deeper than the last;
    ``walk(floor)`` gives the round's endings that keep ``floor`` dice to spare or more.
    """

    def __init__(self, ordering: Ordering, top: int,
                 walk: Callable[[int], Iterable[End]]) -> None:
        self.ordering = ordering
        self.walk = walk
        self.floor = top + 1  # the fewest dice to spare walked so far
        self.ranked: list[tuple[int, list[End]]] = []  # (dice to spare, endings), not empty

    def __iter__(self) -> Iterator[tuple[int, list[End]]]:
        """The layers that have endings, (dice to spare, ranked endings), the most first."""
        i = 0
        while True:
            while i >= len(self.ranked) and self.floor > 0:
                self._walk(self.floor - 1)
            if i >= len(self.ranked):
                return
            yield self.ranked[i]
            i += 1

    def every(self) -> list[End]:
        """Every ending, layer after layer (the rest walked at once)."""
        if self.floor > 0:
            self._walk(0)
        return [end for _, layer in self.ranked for end in layer]

    def _walk(self, floor: int) -> None:
        """Walk the layers from ``floor`` up to those walked already."""
        slack = self.ordering.pruning.slack
        new: dict[int, list[End]] = {}
        for end in self.walk(floor):
            spare = slack(end[0], end[1])
            if spare < self.floor:
                new.setdefault(spare, []).append(end)
        for spare in sorted(new, reverse=True):
            self.ranked.append((spare, self.ordering.ranked(new[spare])))
        self.floor = floor
