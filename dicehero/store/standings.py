"""A game's ranking kept between reads, so that each phone's place costs O(log N) (issue 25).

A phone says its place between rounds and follows the ranking at the end. Read from
``/scores``, that was the whole class per phone (390 ms of the server's CPU and 1.4 MB at
5,000 heroes), O(N²) a round. Here the ranking is made once and kept until the game
changes: a hero's place is then a search among the kept totals.

While the game is on, taps change it all the time; a ranking is then made again only once
the kept one is ``MIN_AGE`` old and older than ``1 / SHARE`` times what making it cost, so
ranking takes at most ``SHARE`` of a core however many phones ask, and a round's burst of
Done is ranked about once a second. A reader adds the hero's own total as it is now, so a
hero's place always counts their own last tap; a new roll is ranked at once. Once the game
is over, every change (a paper sheet approved, a hero renamed or removed) is ranked at
once. A new ranking scores only the sheets replaced since the kept one.
"""

from __future__ import annotations

import bisect
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from dicehero.engine import Sheet, score

SHARE = 0.1  # at most this share of a core spent ranking one game while it is on
MIN_AGE = 1.0  # seconds a ranking serves a game that is on, at least
TOP = 3  # heroes listed on the end screen


@dataclass
class Ranking:
    """One game's ranking as made at ``made``: the totals of the heroes who take a place
    (a paper sheet waiting for the host's approval takes none), and the top of the board."""

    hard: Hashable  # what a kept ranking must match: the game over, the ranks hidden, ...
    soft: Hashable  # what it should match: the last event, action and hero
    totals: dict[int, int]  # hero -> total, for each hero who takes a place
    top: list[dict[str, Any]]  # the first TOP rows of the board: rank, name, total
    waiting: int  # paper sheets to check
    paper: bool  # some hero plays on paper
    # hero -> (sheet, its total): a sheet is never changed, only replaced, so the next
    # ranking scores only the sheets replaced since
    scored: dict[int, tuple[Sheet, int]] = field(default_factory=dict)
    made: float = 0.0
    cost: float = 0.0  # seconds it took to make
    _desc: list[int] = field(default_factory=list)  # minus each total, ascending

    def __post_init__(self) -> None:
        self._desc = sorted(-t for t in self.totals.values())

    def total(self, hero: int, sheet: Sheet) -> int:
        """The hero's total on ``sheet``: as scored before if it is the sheet scored."""
        was = self.scored.get(hero)
        return was[1] if was is not None and was[0] is sheet else score(sheet).total

    def beaten(self, total: int) -> tuple[int, int]:
        """How many kept totals are above ``total``, and how many equal it (par's line)."""
        above = bisect.bisect_left(self._desc, -total)
        return above, bisect.bisect_right(self._desc, -total) - above

    def rank(self, hero: int, total: int) -> tuple[int, int]:
        """A hero's rank with ``total`` among the others as kept, and how many take a place
        with them; equal totals share a rank (1, 1, 3), as :func:`~.access.ranks_by`."""
        above = bisect.bisect_left(self._desc, -total)  # totals greater than the hero's
        kept = self.totals.get(hero)
        if kept is not None and kept > total:
            above -= 1  # the hero's own kept total is above their total now
        return above + 1, len(self.totals) + (kept is None)


class Standings:
    """The latest :class:`Ranking` of each game (least recently used dropped).

    ``clock`` tells the time; ``share`` is :data:`SHARE` and ``min_age``
    :data:`MIN_AGE` (``share`` 0: every change ranked at once, as a test that compares
    with ``/scores`` wants).
    """

    def __init__(self, size: int = 256, share: float = SHARE, min_age: float = MIN_AGE,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.size = size
        self.share = share
        self.min_age = min_age
        self.clock = clock
        self._games: OrderedDict[int, Ranking] = OrderedDict()
        self._lock = threading.Lock()
        self._making: dict[int, threading.Lock] = {}

    def get(self, game_id: int, hard: Hashable, soft: Hashable, live: bool,
            make: Callable[[Ranking | None], Ranking]) -> Ranking:
        """The game's ranking: the kept one if it still holds, else one ``make(kept)``
        makes from the kept one, if any (one maker a game at a time; the others then take
        what it made). ``live``: the game is on, so a kept ranking of the same ``hard``
        serves until it is old enough."""
        kept = self._kept(game_id, hard, soft, live)
        if kept is not None:
            return kept
        with self._lock:
            making = self._making.setdefault(game_id, threading.Lock())
        with making:
            kept = self._kept(game_id, hard, soft, live)
            if kept is not None:
                return kept
            with self._lock:
                before = self._games.get(game_id)
            start = self.clock()
            ranking = make(before)
            ranking.made = self.clock()
            ranking.cost = ranking.made - start
            with self._lock:
                self._games[game_id] = ranking
                self._games.move_to_end(game_id)
                while len(self._games) > self.size:
                    gone, _ = self._games.popitem(last=False)
                    self._making.pop(gone, None)
            return ranking

    def _kept(self, game_id: int, hard: Hashable, soft: Hashable, live: bool
              ) -> Ranking | None:
        with self._lock:
            kept = self._games.get(game_id)
        if kept is None or kept.hard != hard:
            return None
        if kept.soft == soft:
            return kept
        young = self.share > 0 and (self.clock() - kept.made
                                    < max(self.min_age, kept.cost / self.share))
        return kept if live and young else None
