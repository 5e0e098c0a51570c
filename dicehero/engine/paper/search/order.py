"""The order a tight round's endings are tried in: free to tune, as it never changes what
is a witness, only how soon one is found.

In a round with few dice to spare (``Settings.tight``) every distinct way the round can
end is collected, the dominated ones dropped (:func:`.dominance.unbeaten`), the rest
ranked: those that keep the most dice to spare first, then those a player aiming for
Honor would choose (the greedy bot's own valuation). Passes of growing length try other
orders: every other pass lets an ending move up a few places, more in later passes
(:meth:`Ordering.shaken`); from ``Settings.late_pass`` on, the Wild dice and superpower
uses an ending keeps beyond the numbers the rolls left hold too few of count as spare
too (:meth:`Ordering.late`); the last pass, which runs to the cap, puts the player's
valuation first (:meth:`Ordering.by_value`). Each order is worked out once per search
and read back by later passes.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
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
        self.seen: dict[tuple[Any, ...], list[End]] = {}  # see ranked_from
        self.kept = 0  # endings held in ``seen``
        self.late_kept: dict[tuple[Any, ...], list[End]] = {}  # see late
        self.by_value_kept: dict[tuple[Any, ...], list[End]] = {}  # see by_value
        self.worths: dict[tuple[Any, ...], float] = {}  # see worth

    def ranked_from(self, opened: Sheet, prog: int,
                    endings: Callable[[], Iterable[End]]) -> list[End]:
        """The ranked endings (:meth:`ranked`) of a tight round opened on ``opened``, worked
        out once per search from ``endings``: a later pass (or another way to the same
        state) reads them back rather than walk the round again."""
        key = opened_key(opened, prog)
        ends = self.seen.get(key)
        if ends is None:
            ends = self.ranked(endings())
            self.kept += len(ends)
            if self.kept > self.settings.keep_endings:  # memory: start again, not grow
                self.seen.clear()
                self.late_kept.clear()
                self.by_value_kept.clear()
                self.kept = len(ends)
            self.seen[key] = ends
        return ends

    def ranked(self, endings: Iterable[End]) -> list[End]:
        """Every distinct ending of a tight round, those another beats left out, the ones
        that keep the most dice to spare first, then those a player aiming for Honor would
        choose."""
        unique: dict[tuple[Any, ...], End] = {}
        for end in endings:
            unique.setdefault((end[0].position, end[1], end[0].wild_spent, end[0].powers_used),
                              end)
        ends = list(unique.values())
        if ends and ends[0][0].round > self.capped_until:
            ends = unbeaten(ends)
        slack = self.pruning.slack
        return sorted(ends, key=lambda e: (-slack(e[0], e[1]), -self.worth(e[0])))

    def late(self, opened: Sheet, prog: int, ends: list[End]) -> list[End]:
        """The ranked endings for a long pass: those that keep the most to spare, scarce
        numbers counted too (:meth:`spare`), first. Quick searches do better with the dice
        to spare alone (the Wild dice an ending keeps are often not needed, and reading
        the scarce numbers costs more), so the first passes keep that order."""
        return self._reranked(self.late_kept, opened, prog, ends,
                              lambda e: (-self.spare(e[0], e[1]), -self.worth(e[0])))

    def by_value(self, opened: Sheet, prog: int, ends: list[End]) -> list[End]:
        """The ranked endings for the last pass: those a player aiming for Honor would
        choose first, then the most to spare. A sheet of such a player's own play that the
        earlier passes did not reach often follows the player's valuation instead."""
        slack = self.pruning.slack
        return self._reranked(self.by_value_kept, opened, prog, ends,
                              lambda e: (-self.worth(e[0]), -slack(e[0], e[1])))

    @staticmethod
    def _reranked(kept: dict[tuple[Any, ...], list[End]], opened: Sheet, prog: int,
                  ends: list[End], order: Callable[[End], Any]) -> list[End]:
        """``ends`` sorted by ``order`` once per search and kept in ``kept``."""
        key = opened_key(opened, prog)
        ranked = kept.get(key)
        if ranked is None:
            ranked = kept[key] = sorted(ends, key=order)
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
