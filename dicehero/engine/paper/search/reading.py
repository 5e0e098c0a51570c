"""What the search reads off the drawing, the rolls and a state, each read once per search.

A state's marks and Robot Minions are held as one int of bits (``prog``): each
location's drawn marks, then its Robot Minions. The search writes only marks the drawing
has, so ``prog`` alone says which of the drawn marks are made, and any sheet with it
reads the same (:class:`Progress`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from dicehero.engine import locations
from dicehero.engine.edition import Edition
from dicehero.engine.paper.marks import PaperMarks
from dicehero.engine.state import Sheet


class Progress(NamedTuple):
    """What the bounds read off the marks and Robot Minions made so far (``prog``).

    Many states share their marks (they differ in dice, place or Wild dice spent), and
    every state asks the bounds, so each ``prog`` is read once per search
    (:meth:`Reading.progress`). The fields up to ``stays_id`` follow from ``stays``
    alone: they are shared by every ``prog`` with the same numbers missing.
    """

    work: tuple[int, ...]  # the numbers of the locations with work left
    work_set: frozenset[int]  # the same, to ask whether a location has work
    need: tuple[int, ...]  # need[v]: the dice of number v the marks still to make need
    needed: frozenset[int]  # the numbers some mark still needs
    tracks: tuple[tuple[int, ...], ...]  # each track's numbers still missing, if two or more
    stays: tuple[tuple[int, tuple[int, ...]], ...]  # (location, numbers missing there)
    stays_id: int  # one id for each distinct ``stays``: a cheap key for the bounds' caches
    still: int  # the marks still to make
    minions_left: bool  # whether a location with work has Robot Minions still to fight
    jobs: dict[int, tuple[int, int]]  # its marks and Robot Minions to make, its numbers
    wild_earned: int  # Wild dice these marks unlock
    wild_to_earn: tuple[tuple[int, int], ...]  # each location with work: the Wild dice its
    #                                             drawn marks unlock beyond these


class Reading:
    """The drawing and the rolls of one search, and what it reads off its states."""

    def __init__(self, edition: Edition, rolls: Sequence[Sequence[int]],
                 drawn: PaperMarks) -> None:
        self.edition = edition
        self.rolls = [tuple(r) for r in rolls]
        self.drawn = drawn
        self.locs = edition.locations
        self.kinds = [locations.kind_of(loc) for loc in self.locs]
        self.faces = edition.faces
        self.per_round = edition.dice_per_round
        self.tracks = [i for i, kind in enumerate(self.kinds) if kind.ordered]
        # The bits of the marks: each location's marks, then its Robot Minions.
        self.offsets: list[int] = []
        self.minion_offsets: list[int] = []
        self.masks: list[int] = []
        offset = 0
        for loc, kind in zip(self.locs, self.kinds, strict=True):
            width = kind.width(loc)
            self.offsets.append(offset)
            self.minion_offsets.append(offset + width)
            span = width + edition.minions_per_location
            self.masks.append(((1 << span) - 1) << offset)
            offset += span
        self.unmasks = [~m for m in self.masks]
        self.bits_cache: list[dict[tuple[Any, int], int]] = [{} for _ in self.locs]
        self.target = self.bits(drawn.marks, drawn.minions)
        self.total = self.target.bit_count()
        self.work = [self.target & m for m in self.masks]  # each location's drawn bits
        # future[k][v]: the dice of number v in the rolls after roll k (k counted from 1)
        self.future = [[0] * (self.faces + 1) for _ in range(len(rolls) + 1)]
        for k in range(len(rolls) - 1, -1, -1):
            row = list(self.future[k + 1])
            for v in rolls[k]:
                row[v] += 1
            self.future[k] = row
        # left_after[k]: the dice of the rolls after roll k, and the Wild dice to spend
        self.left_after = [self.per_round * (len(rolls) - k) + drawn.wild_used
                           for k in range(len(rolls) + 1)]
        self.progress_of: dict[int, Progress] = {}
        self.lacking: dict[tuple[Any, ...], tuple[Any, ...]] = {}  # see _lacking
        self.free_of: Sheet | None = None  # the sheet whose unused dice are ``free_dice``
        self.free_dice: tuple[int, ...] = ()
        self.missing_cache: list[dict[Any, tuple[int, ...]]] = [{} for _ in self.locs]
        self.wild_cache: list[dict[Any, int]] = [{} for _ in self.locs]
        self.power = (None if drawn.superpower is None
                      else edition.superpower(drawn.superpower))
        # What the superpower can make: any number at all, and round by round the numbers
        # it cannot make (the bounds ask at every state).
        self.power_any = self.power_makes(0, 0)
        self.unmade = [tuple(v for v in range(1, self.faces + 1) if not self.power_makes(k, v))
                       for k in range(len(rolls) + 1)]

    # -- marks as bits ---------------------------------------------------------------------

    def bits(self, marks: Sequence[Any], minions: Sequence[int]) -> int:
        """The bits of these marks and Robot Minions (``prog``)."""
        out = 0
        for i in range(len(self.locs)):
            out |= self.location_bits(i, marks[i], minions[i])
        return out

    def location_bits(self, i: int, marks: Any, minions: int) -> int:
        """Location ``i``'s bits of ``prog``."""
        loc = self.locs[i]
        return (self.kinds[i].bits(loc, marks) << self.offsets[i]
                | ((1 << minions) - 1) << self.minion_offsets[i])

    def rebit(self, prog: int, sheet: Sheet, i: int) -> int:
        """``prog`` with location ``i``'s bits read again from ``sheet`` (once per marks and
        Robot Minions there: every help and Robot Minion asks)."""
        cache = self.bits_cache[i]
        key = (sheet.marks[i], sheet.minions[i])
        bits = cache.get(key)
        if bits is None:
            bits = cache[key] = self.location_bits(i, *key)
        return (prog & self.unmasks[i]) | bits

    def drawn_exactly(self, sheet: Sheet, prog: int) -> bool:
        """Whether ``sheet`` (its bits ``prog``) is the drawing, ticks and all."""
        drawn = self.drawn
        return (prog == self.target and sheet.wild_spent == drawn.wild_used
                and sheet.powers_used == drawn.powers_used)

    # -- what is left to draw ------------------------------------------------------------------

    def progress(self, sheet: Sheet, prog: int) -> Progress:
        """What the bounds read off ``prog``, the bits of ``sheet``'s marks and Robot
        Minions (read once per ``prog``)."""
        progress = self.progress_of.get(prog)
        if progress is None:
            progress = self.progress_of[prog] = self._read_progress(sheet, prog)
        return progress

    def _read_progress(self, sheet: Sheet, prog: int) -> Progress:
        masks, work = self.masks, self.work
        numbers = tuple(n for n in self.edition.location_numbers
                        if prog & masks[n - 1] != work[n - 1])
        stays = tuple((n, self.missing_at(n - 1, sheet.marks[n - 1])) for n in numbers)
        shared = self.lacking.get(stays)
        if shared is None:
            shared = self.lacking[stays] = self._lacking(stays)
        drawn = self.drawn
        return Progress(
            *shared, still=self.total - prog.bit_count(),
            minions_left=any(sheet.minions[n - 1] < drawn.minions[n - 1] for n in numbers),
            jobs={n: (len(missing) + drawn.minions[n - 1] - sheet.minions[n - 1], len(missing))
                  for n, missing in stays},
            wild_earned=self.wild_earned(sheet),
            wild_to_earn=tuple((n, self.location_wild(n - 1, drawn.marks[n - 1])
                                - self.location_wild(n - 1, sheet.marks[n - 1]))
                               for n in numbers))

    def _lacking(self, stays: tuple[tuple[int, tuple[int, ...]], ...]) -> tuple[Any, ...]:
        """The fields of :class:`Progress` that follow from ``stays`` (the numbers missing
        at each location with work; a location with none has none missing)."""
        work = tuple(n for n, _ in stays)
        need = [0] * (self.faces + 1)
        for _, numbers in stays:
            for v in numbers:
                need[v] += 1
        return (work, frozenset(work), tuple(need),
                frozenset(v for _, numbers in stays for v in numbers),
                tuple(numbers for n, numbers in stays
                      if self.kinds[n - 1].ordered and len(numbers) > 1),
                stays, len(self.lacking))

    def missing_at(self, i: int, have: Any) -> tuple[int, ...]:
        """The numbers the drawing still needs at location ``i`` beyond ``have``, in the order
        they can be written (read once per marks: the search asks at every state)."""
        cache = self.missing_cache[i]
        out = cache.get(have)
        if out is None:
            out = tuple(v for v, _ in self.kinds[i].missing(self.locs[i], have,
                                                            self.drawn.marks[i]))
            cache[have] = out
        return out

    def wild_earned(self, sheet: Sheet) -> int:
        """``sheet.wild_earned``, each location's share read once per its marks."""
        return sum(self.location_wild(i, have) for i, have in enumerate(sheet.marks))

    def location_wild(self, i: int, marks: Any) -> int:
        """The Wild dice ``marks`` unlock at location ``i``, read once per marks."""
        cache = self.wild_cache[i]
        wild = cache.get(marks)
        if wild is None:
            wild = cache[marks] = locations.rewards(self.locs[i], marks)[0]
        return wild

    # -- what is left to draw with -------------------------------------------------------------

    def free(self, sheet: Sheet) -> tuple[int, ...]:
        """The numbers of the round's unused dice, sorted (read once per sheet: each bound
        asks for them)."""
        if sheet is not self.free_of:
            self.free_of = sheet
            self.free_dice = tuple(sorted([d.value for d in sheet.dice if d.used is None]))
        return self.free_dice

    def now(self, sheet: Sheet) -> tuple[int, ...]:
        """:meth:`free`, or none once the round is done."""
        return () if sheet.done else self.free(sheet)

    def rounds_left(self, round_: int, now: tuple[int, ...]) -> list[Sequence[int]]:
        """The dice left by rolls: this round's unused ones (if any), then each later roll."""
        return [now, *self.rolls[round_:]] if now else list(self.rolls[round_:])

    def makers(self, sheet: Sheet) -> int:
        """The Wild dice and superpower uses left that could make any number (or a move)."""
        wild = self.drawn.wild_used - sheet.wild_spent
        powers = self.drawn.powers_used - sheet.powers_used
        return wild + (powers if self.power_any else 0)

    def teleports(self, sheet: Sheet) -> bool:
        """Whether the hero may still Teleport (move anywhere with any die)."""
        power = self.power
        return (power is not None and power.effect == "teleport"
                and sheet.powers_used < self.drawn.powers_used)

    def power_makes(self, round_: int, value: int) -> bool:
        """Whether the superpower could still turn some die of round ``round_`` or later into
        ``value`` (0: into any number at all)."""
        power = self.power
        if power is None:
            return False
        if not value:
            return power.effect != "teleport"
        if power.effect == "set":
            return power.value == value
        if power.effect == "teleport":
            return False
        if power.effect == "copy":  # only a number rolled beside the die, this round or later
            return any(value in dice for dice in self.rolls[round_ - 1:])
        return True
