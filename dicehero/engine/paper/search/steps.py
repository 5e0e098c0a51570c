"""The steps of a stay the search tries: helps and Robot Minions where the drawing has them,
moves on, superpower uses just before the die they change is spent.

Each step is an :func:`~dicehero.engine.rules.apply` of an action the engine itself
lists (:func:`~dicehero.engine.rules.candidates`); what the engine answers is kept per
what it depends on here, as every state asks.
"""

from __future__ import annotations

from typing import Any

from dicehero.engine import locations
from dicehero.engine.actions import Action
from dicehero.engine.errors import ActionError
from dicehero.engine.paper.search.reading import Progress, Reading
from dicehero.engine.rules import apply, candidates
from dicehero.engine.state import Sheet

# The engine's refusals of a move for the die's number alone (see Steps.moved)
NUMBER_REFUSALS = frozenset({"move_needs_match", "teleport_not_needed"})
Variants = dict[int, list[tuple[tuple[Action, ...], Sheet]]]  # see Steps.variants


class Steps:
    """The steps of one search's stays (see the module docstring).

    ``alike``: whether two alike boxes of a location are the same (not when marks were
    sent before: they may differ in what was sent).
    """

    def __init__(self, reading: Reading, alike: bool) -> None:
        self.reading = reading
        self.alike = alike
        self.listed_cache: dict[tuple[Any, ...], tuple[Action, ...]] = {}  # see listed
        self.unmatched_moves: set[tuple[Any, ...]] = set()  # see moved
        self.helps_cache: list[dict[Any, tuple[Action, ...]]] = [{} for _ in reading.locs]

    def dice(self, sheet: Sheet) -> list[int]:
        """The unused rolled dice worth trying: one of each kind (equal dice are alike)."""
        out, kinds = [], set()
        for index, die in enumerate(sheet.dice):
            if not die.used and (die.rolled, die.value) not in kinds:
                kinds.add((die.rolled, die.value))
                out.append(index)
        return out

    def powered(self, sheet: Sheet, index: int | None = None
                 ) -> list[tuple[tuple[Action, ...], Sheet]]:
        """The sheet after each superpower use on a die (every die if ``index`` is None)."""
        if sheet.powers_used >= self.reading.drawn.powers_used:
            return []
        out = []
        values = set()
        for i in self.dice(sheet) if index is None else (index,):
            for action in self.listed(sheet, "power", i):
                try:
                    after = apply(sheet, action)
                except ActionError:
                    continue
                if (i, after.dice[i].value) not in values:  # two copies of one number: alike
                    values.add((i, after.dice[i].value))
                    out.append(((action,), after))
        return out

    def variants(self, sheet: Sheet, index: int, known: Variants
                  ) -> list[tuple[tuple[Action, ...], Sheet]]:
        """Die ``index`` as it is, or changed by the superpower just before it is spent, once
        or several times over (Ice twice turns a 6 into a 4). ``known`` holds those of
        ``sheet`` worked out already: a state's helps and its moves both ask."""
        out: list[tuple[tuple[Action, ...], Sheet]] = [((), sheet)]
        if sheet.powers_used >= self.reading.drawn.powers_used:  # the usual case: nothing to change
            return out
        if index in known:
            return known[index]
        known[index] = out
        seen = {(sheet.dice[index].value, sheet.powers_used)}
        for steps, s in out:  # grows while it is read: every further use of the power
            for more, after in self.powered(s, index):
                key = (after.dice[index].value, after.powers_used)
                if key not in seen:
                    seen.add(key)
                    out.append(((*steps, *more), after))
        return out

    def works(self, sheet: Sheet, progress: Progress, i: int, last: Any, known: Variants
               ) -> list[tuple[Any, tuple[Action, ...], Sheet]]:
        """Helps and Robot Minions at location ``i`` that may come after ``last`` in this stay.

        The order key of a help is ``(0, die)`` (``(0, box)`` on a track, whose boxes
        are written in order anyway), of a Wild die's help ``(1,)`` (in any order among
        themselves: one may earn the next), of a Robot Minion ``(2, die)`` or ``(3,)``
        with a Wild die: any order of what one stay does gives the same sheet, so one
        order is enough.
        """
        drawn = self.reading.drawn
        loc, kind = self.reading.locs[i], self.reading.kinds[i]
        want = drawn.marks[i]
        minions_left = drawn.minions[i] - sheet.minions[i]
        ordered = kind.ordered
        out: list[tuple[Any, tuple[Action, ...], Sheet]] = []

        def after_last(order: Any, repeat: bool = False) -> bool:
            return last is None or order > last or (repeat and order == last)

        for index in self.dice(sheet):
            for steps, s in self.variants(sheet, index, known):
                have = s.marks[i]
                order = (0, len(have)) if ordered else (0, index)
                if after_last(order):
                    for action in self.helps(i, loc, kind, have, want, s.dice[index].value,
                                              die=index):
                        after = self.try_(s, action)
                        if after is not None:
                            out.append((order, (*steps, action), after))
                if minions_left > 0 and after_last((2, index)):
                    action = Action("minion", die=index)
                    after = self.try_(s, action)
                    if after is not None:
                        out.append(((2, index), (*steps, action), after))
        if sheet.wild_spent < drawn.wild_used and progress.wild_earned > sheet.wild_spent:
            have = sheet.marks[i]
            for v in sorted(set(self.reading.missing_at(i, have))):
                for action in self.helps(i, loc, kind, have, want, v, wild=True):
                    order = (0, len(have)) if ordered else (1,)
                    if after_last(order, repeat=not ordered):
                        after = self.try_(sheet, action)
                        if after is not None:
                            out.append((order, (action,), after))
            if minions_left > 0 and after_last((3,), repeat=True):
                action = Action("minion", wild=True)
                after = self.try_(sheet, action)
                if after is not None:
                    out.append(((3,), (action,), after))
        return out

    def helps(self, i: int, loc: Any, kind: locations.Kind, have: Any, want: Any,
              value: int, die: int | None = None, wild: bool = False
              ) -> tuple[Action, ...]:
        """Helps writing ``value`` at location ``i`` where the drawing has it (one of alike
        slots), worked out once per marks, number and die: every state with them asks."""
        cache = self.helps_cache[i]
        key = (have, value, die, wild)
        helps = cache.get(key)
        if helps is None:
            helps = cache[key] = tuple(
                Action("help", wild=True, value=value, slot=slot) if wild
                else Action("help", die=die, slot=slot)
                for slot in locations.help_slots(loc, have, value)
                if kind.within(kind.put(have, value, slot), want)
                and not (self.alike and kind.alike(loc, have, want, slot)))
        return helps

    def moves(self, sheet: Sheet, progress: Progress, slack: int, known: Variants
               ) -> list[tuple[tuple[Action, ...], Sheet]]:
        """Every move on that leaves dice enough: with a die (changed first only where it
        could not go as it is), with Teleport, or with a Wild die."""
        here = sheet.position
        drawn = self.reading.drawn
        # A move spends a die; it saves one only if it leaves no work behind for a later
        # move and goes where there is work.
        work = progress.work_set
        cost = 1 + (here in work)
        worth = [n for n in self.reading.edition.location_numbers
                 if n != here and slack - cost + (n in work) >= 0]
        if not worth:
            return []
        out = []
        for index in self.dice(sheet):
            out += self._die_moves(sheet, index, worth, known)
        if sheet.wild_spent < drawn.wild_used and progress.wild_earned > sheet.wild_spent:
            out += self._wild_moves(sheet, worth)
        return out

    def _die_moves(self, sheet: Sheet, index: int, worth: list[int], known: Variants
                   ) -> list[tuple[tuple[Action, ...], Sheet]]:
        """The moves on to a place in ``worth`` with die ``index``: as rolled, or changed
        by the superpower first only to reach a place it could not reach as rolled; with
        Teleport only as rolled, and only if the sheet ticks a use still unspent."""
        out = []
        reached = set()
        for steps, s in self.variants(sheet, index, known):
            for action in self.listed(s, "move", index):
                if action.to in reached or action.to not in worth:
                    continue
                if action.teleport and (steps or s.powers_used >= self.reading.drawn.powers_used):
                    continue
                after = self.moved(s, action, s.dice[index].value)
                if after is not None:
                    out.append(((*steps, action), after))
                    if not steps and not action.teleport:
                        reached.add(action.to)
        return out

    def _wild_moves(self, sheet: Sheet, worth: list[int]
                    ) -> list[tuple[tuple[Action, ...], Sheet]]:
        """The moves on to a place in ``worth`` with a Wild die."""
        out = []
        for action in self.listed(sheet, "move"):
            if action.to in worth:
                after = self.try_(sheet, action)
                if after is not None:
                    out.append(((action,), after))
        return out

    def listed(self, sheet: Sheet, type_: str, index: int | None = None
                ) -> tuple[Action, ...]:
        """The actions of ``type_`` (a move or a superpower use) that
        :func:`~dicehero.engine.rules.candidates` lists for die ``index`` (a Wild die if
        None), asked once for each place, die and number: that is all they depend on here
        (the superpower is chosen before the search and every roll has as many dice),
        and every state asks for them, building every other action too.
        """
        value = 0 if index is None else sheet.dice[index].value
        key = (type_, sheet.position, index, value)
        listed = self.listed_cache.get(key)
        if listed is None:
            listed = self.listed_cache[key] = tuple(
                a for a in candidates(sheet, index, wild=index is None) if a.type == type_)
        return listed

    def moved(self, sheet: Sheet, action: Action, value: int) -> Sheet | None:
        """``sheet`` after ``action``, a move with a rolled die of ``value``, or None if the
        engine refuses it. A refusal for the die's number (it does not take the hero
        there, or needs no Teleport) is remembered per place, number and move: the engine
        asks nothing else for it, and most moves a state lists are refused so."""
        key = (sheet.position, value, action.to, action.teleport)
        if key in self.unmatched_moves:
            return None
        try:
            return apply(sheet, action)
        except ActionError as e:
            if e.code in NUMBER_REFUSALS:
                self.unmatched_moves.add(key)
            return None

    @staticmethod
    def try_(sheet: Sheet, action: Action) -> Sheet | None:
        try:
            return apply(sheet, action)
        except ActionError:
            return None
