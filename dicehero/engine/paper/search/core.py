"""The search itself: round by round, the steps of each round in one order, passes of
growing length (see :mod:`dicehero.engine.paper.witness` for what it promises)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from dicehero.engine.actions import Action
from dicehero.engine.edition import Edition
from dicehero.engine.paper.marks import PaperMarks
from dicehero.engine.paper.search.dominance import Failures
from dicehero.engine.paper.search.failure import nearest_failure
from dicehero.engine.paper.search.order import End, Layers, Ordering, ending_key
from dicehero.engine.paper.search.pruning import ENOUGH, OUT_OF_ORDER, Pruning
from dicehero.engine.paper.search.reading import Progress, Reading
from dicehero.engine.paper.search.settings import Settings
from dicehero.engine.paper.search.steps import Steps, Variants
from dicehero.engine.paper.verdict import Sent
from dicehero.engine.phrase import Phrase
from dicehero.engine.rules import apply, start_round
from dicehero.engine.state import Sheet

DONE = Action("done")


class OutOfTime(Exception):
    """The search ran out of states, or the server stopped it."""


class _PassOver(Exception):
    pass


class Search:
    """One search; :meth:`run` returns the actions of a witness round by round, or None."""

    def __init__(self, edition: Edition, rolls: Sequence[Sequence[int]], drawn: PaperMarks,
                 settings: Settings, pause: Callable[[], bool] | None = None,
                 sent: Sequence[Sent] = ()) -> None:
        self.reading = reading = Reading(edition, rolls, drawn)
        self.pruning = Pruning(reading)
        self.settings = settings
        self.max_states = settings.max_states
        self.pause = pause
        self.nodes = 0
        self.budget = settings.max_states
        self.passes = 0  # passes over: the steps of a round are tried in a shuffled order
        self.last_pass = False  # whether this pass is the last, which runs to the cap
        self.breadth: int | None = None  # the endings of a round this pass tries, at most
        self.cuts = 0  # rounds whose endings a pass left untried, so far (see _next_round)
        self.rng = random.Random(0)  # seeded: a search is repeatable
        self.path: list[tuple[Action, ...]] = []
        self.best: tuple[int, int, Sheet] | None = None  # (marks made, round, sheet)
        self.best_short = 0  # the number the closest play ran short of, if that stopped it
        self.best_order = False  # whether a track's order stopped it
        # Marks sent before: (bits, Wild dice, superpower uses): by the end of round
        # ``by`` every earlier mark is drawn; by the end of round ``upto`` nothing beyond.
        self.by: dict[int, list[tuple[int, int, int]]] = {}
        self.upto: dict[int, list[tuple[int, int, int]]] = {}
        for earlier in sent:
            bits = reading.bits(earlier.marks.marks, earlier.marks.minions)
            row = (bits, earlier.marks.wild_used, earlier.marks.powers_used)
            self.by.setdefault(earlier.rolled, []).append(row)
            self.upto.setdefault(earlier.rolled - 1 if earlier.open else earlier.rolled,
                                 []).append(row)
        # Up to this round a state with more marks is not better than one with fewer (marks
        # sent earlier cap what may be drawn by then), nor are two alike boxes the same.
        capped_until = max(self.upto, default=-1)
        self.failures = Failures(capped_until)
        self.steps = Steps(reading, alike=not sent)
        self.ordering = Ordering(self.pruning, settings, capped_until)

    def tick(self) -> None:
        """Every 256 states: give way to the server (which may stop us), and count."""
        if self.nodes > self.max_states or (self.pause is not None and not self.pause()):
            raise OutOfTime

    def run(self, start: Sheet) -> list[tuple[Action, ...]] | None:
        """The witness's actions round by round (unused dice and ``done`` left out), or None.

        Passes of growing length: a pass that took a wrong turn early can spend its time
        below it, so the next pass, given twice the states, tries the steps of a round in
        a new order. From the second pass on, each pass but the last tries only the first
        few endings of every round, one more each pass (``Settings.breadth``): a wrong
        turn in an early round is seldom proved wrong short of searching every round
        after it, so a pass that tried every ending would spend itself below the first.
        What a pass proved (states that cannot lead to the drawing) holds for every later
        pass; the last tries every ending and runs to the end (or to the cap on states).
        """
        prog = self.reading.bits(start.marks, start.minions)
        budget = self.settings.first_pass
        breadth = self.settings.breadth
        while True:
            self.path = []
            self.budget = self.nodes + budget
            self.last_pass = self.budget >= self.max_states
            self.breadth = None if self.last_pass or not self.passes or not breadth else (
                breadth + self.passes - 1)
            cuts = self.cuts
            try:
                if self._between(start, prog):
                    return self.path
                if self.cuts == cuts:  # every ending tried: there is no witness
                    return None
            except _PassOver:
                pass
            self.passes += 1
            self.rng.seed(self.passes + self.settings.order_seed * 1_000_003)
            budget *= 2

    def nearest_failure(self) -> Phrase:
        """In plain words: how far the closest legal play gets, and the first mark it misses."""
        made, _, sheet = self.best or (0, 0, None)
        return nearest_failure(self.reading, made, sheet, self.best_short, self.best_order)

    # -- between rounds ----------------------------------------------------------------------

    def _between(self, sheet: Sheet, prog: int) -> bool:
        """From a sheet between two rounds (or before the first): is there a witness?"""
        r = sheet.round
        if not self._keeps_to_what_was_sent(sheet, prog):
            return False
        reading = self.reading
        if r == len(reading.rolls):
            return reading.drawn_exactly(sheet, prog)
        # A state that beats this one in every way can do whatever this one can
        # (dominance): if it found no witness, this one will not.
        if self.failures.beaten(sheet, prog):
            return False
        if self.nodes > self.budget:
            raise _PassOver
        opened = start_round(sheet, reading.rolls[r])
        self._remember(opened, prog)
        progress = reading.progress(opened, prog)
        pruning, settings = self.pruning, self.settings
        slack = pruning.slack_of(opened, progress)
        if not self._short(opened, progress) and not (
                (self.nodes > settings.routes_within or not slack)
                and pruning.no_route(opened, progress)):
            cuts = self.cuts
            if self._next_round(opened, prog, slack):
                return True
            if self.cuts > cuts:  # endings were left untried, here or below: proves nothing
                return False
        self.failures.add(sheet, prog)
        return False

    def _next_round(self, opened: Sheet, prog: int, slack: int) -> bool:
        """Whether an ending of the round opened on ``opened`` leads to the drawing, of the
        first ``self.breadth`` distinct ones (all, if None), counting in ``cuts`` a round
        whose endings were left untried."""
        ends: set[tuple[Any, ...]] = set()
        for ending in self._endings(opened, prog, slack):
            key = ending_key(ending)
            if key in ends:
                continue
            if len(ends) == self.breadth:
                self.cuts += 1
                return False
            ends.add(key)
            end, end_prog, actions = ending
            self.path.append(actions)
            if self._between(end, end_prog):
                return True
            self.path.pop()
        return False

    def _endings(self, opened: Sheet, prog: int, slack: int) -> Iterable[End]:
        """The endings of the round opened on ``opened``, in the order this pass tries them."""
        if slack > self.settings.tight:
            return self._stay(opened, prog, (), None, set())
        ordering = self.ordering
        layers = ordering.layers(opened, prog, slack,
                                 lambda floor: self._stay(opened, prog, (), None, set(), floor))
        if self.last_pass:
            if self.settings.by_value_last:
                return ordering.by_value(opened, prog, layers)
            return layers.every()
        if self.passes >= self.settings.late_pass:
            return ordering.shaken(ordering.late(opened, prog, layers), self.passes, self.rng)
        return self._layered(opened, prog, layers)

    def _layered(self, opened: Sheet, prog: int, layers: Layers) -> Iterator[End]:
        """The endings layer by layer (the most dice to spare first), each layer in this
        pass's order: the odd passes rank a layer by the scarce numbers its endings keep
        and shake it, the even ones keep the player's valuation."""
        ordering = self.ordering
        odd = self.passes % 2
        for spare, layer in layers:
            yield from (ordering.shaken(ordering.by_scarce(opened, prog, spare, layer),
                                        self.passes, self.rng) if odd else layer)

    def _keeps_to_what_was_sent(self, sheet: Sheet, prog: int) -> bool:
        """Whether the sheet, at the end of its round, fits the marks the player sent before."""
        r = sheet.round
        for bits, wild, powers in self.by.get(r, ()):
            if prog & bits != bits or sheet.wild_spent < wild or sheet.powers_used < powers:
                return False
        for bits, wild, powers in self.upto.get(r, ()):
            if prog & bits != prog or sheet.wild_spent > wild or sheet.powers_used > powers:
                return False
        return True

    # -- within a round ----------------------------------------------------------------------

    def _stay(self, sheet: Sheet, prog: int, actions: tuple[Action, ...], last: Any,
              seen: set[tuple[Any, ...]], floor: int = 0) -> Iterator[End]:
        """Every ending of the round from ``sheet`` that keeps at least ``floor`` dice to
        spare, the likeliest first: more work here, a move on, or done.

        ``last`` is the order key of the last help or Robot Minion of this stay: the
        next one must come after it (one order per stay). Dice to spare only go down
        within a round (a die spent on nothing the drawing needs is lost), so a state
        below ``floor`` has no such ending.
        """
        key = (sheet.position, tuple([d.value if d.used is None else 0 for d in sheet.dice]),
               prog, sheet.wild_spent, sheet.powers_used, last)
        if key in seen:
            return
        seen.add(key)
        self.nodes += 1
        if not self.nodes & 255:
            self.tick()
        self._remember(sheet, prog)
        progress = self.reading.progress(sheet, prog)
        pruning, settings = self.pruning, self.settings
        slack = pruning.slack_of(sheet, progress)
        if slack < floor or (slack < settings.check_below and (
                slack - floor < pruning.lost_dice(sheet, progress)
                or self._short(sheet, progress)
                or (not slack and self.nodes > settings.tiles_within
                    and pruning.no_route(sheet, progress)))):
            return
        known: Variants = {}
        steps = self.steps
        if sheet.position is not None:
            i = sheet.position - 1
            works = steps.works(sheet, progress, i, last, known)
            if self.passes:
                self.rng.shuffle(works)
            rebit = self.reading.rebit
            for order, done, after in works:
                yield from self._stay(after, rebit(prog, after, i), actions + done, order,
                                      seen, floor)
        later = []
        moves = steps.moves(sheet, progress, slack - floor, known)
        if self.passes:
            self.rng.shuffle(moves)
        for done, after in moves:
            if after.position in progress.work_set:
                yield from self._stay(after, prog, actions + done, None, seen, floor)
            else:
                later.append((done, after))
        yield from self._end(sheet, prog, actions, floor)
        if slack > floor:
            for done, after in later:
                yield from self._stay(after, prog, actions + done, None, seen, floor)

    def _end(self, sheet: Sheet, prog: int, actions: tuple[Action, ...], floor: int
             ) -> Iterator[End]:
        """Done, as it is or after a superpower use no mark needed (on a die left unused),
        if that keeps ``floor`` dice to spare."""
        done = apply(sheet, DONE)
        if self.pruning.slack(done, prog) >= floor:
            yield done, prog, actions
            if sheet.powers_used < self.reading.drawn.powers_used:
                for steps, after in self.steps.powered(sheet):
                    yield apply(after, DONE), prog, actions + steps

    def _short(self, sheet: Sheet, progress: Progress) -> bool:
        """Whether the dice left hold too few of some number (:meth:`Pruning.short_why`),
        noting why if this is the closest play so far."""
        why = self.pruning.short_why(sheet, progress)
        best = self.best
        if why != ENOUGH and best is not None and best[2] is sheet:  # why the closest stopped
            if why == OUT_OF_ORDER:
                self.best_order = True
            else:
                self.best_short = why
        return why != ENOUGH

    def _remember(self, sheet: Sheet, prog: int) -> None:
        """Keep the closest play so far (the most marks made, then the latest round)."""
        made = prog.bit_count()
        best = self.best
        if best is None or made > best[0] or (made == best[0] and sheet.round > best[1]):
            self.best = (made, sheet.round, sheet)
            self.best_short = 0
            self.best_order = False
