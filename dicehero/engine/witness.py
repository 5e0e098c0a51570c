"""Finding a witness: a legal play over the game's real rolls that draws exactly a paper sheet.

A paper sheet shows marks, not moves. To verify it, the search looks for a
**witness**: round by round, what each die did (move, help, minion, power or
nothing), such that the engine accepts every step and the last sheet holds
exactly the drawn marks. The rules are the engine's own: every step is one of
:func:`dicehero.engine.rules.successors`, the same list a phone lights up.
The search only decides which of them to try, in three ways:

* **towards the drawing**: a step that writes a number, an X or a Robot Minion
  the paper does not show, or spends more Wild dice or superpower uses than it
  ticks, can never be undone by later play, so it is not followed;
* **enough dice**: the marks still to make, plus one move for every location
  with work left that the hero is not at, need one die each; and for every
  number, the drawn numbers still missing need dice of that number, of which
  only a Wild die or a superpower use can make more. A state short of dice is
  abandoned;
* **once per state**: a state (round, place, marks, ticks, this round's dice)
  already searched to no avail is not searched again, which also folds the
  many orders of the same actions into one.

Unused dice are simply left at the end of a round (skipped). The search is
depth first with the most promising step first, so a real sheet usually
verifies along the first path tried. A search that runs out of time says so:
``undecided``, for the host to judge by hand.
"""

from __future__ import annotations

import heapq
import itertools
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from dicehero.engine.actions import Action
from dicehero.engine.edition import Edition, Location
from dicehero.engine.errors import ActionError
from dicehero.engine.paper_marks import PaperMarks, check_drawn, ordinal
from dicehero.engine.rules import apply, start_round, successors
from dicehero.engine.state import Sheet, new_sheet

VERIFIED = "verified"
IMPOSSIBLE = "impossible"
UNDECIDED = "undecided"
MAX_STATES = 150_000  # states searched before giving up as undecided (about 10 s here)
_RECENT = 48  # how many of a bucket's failed states a new state is compared with
_ORDER = {"help": 0, "minion": 1, "power": 2}


@dataclass(frozen=True)
class Verdict:
    """What the search found: a witness, a proof there is none, or that it gave up first.

    ``rounds`` is the witness, one list of actions per roll (each round ends with
    ``done``; dice left unused are shown as ``skip``); ``sheet`` is the sheet it
    draws. ``reason`` says in plain words why a sheet is refused or undecided.
    """

    status: str
    rounds: tuple[tuple[Action, ...], ...] = ()
    sheet: Sheet | None = None
    reason: str = ""
    code: str = ""
    nodes: int = 0  # states searched

    @property
    def verified(self) -> bool:
        """Whether a witness was found."""
        return self.status == VERIFIED


class _OutOfTime(Exception):
    pass


class _PassOver(Exception):
    pass


def find_witness(edition: Edition, offer: Sequence[int], rolls: Sequence[Sequence[int]],
                 paper: PaperMarks, max_states: int = MAX_STATES,
                 pause: Callable[[], bool] | None = None) -> Verdict:
    """Search for a legal play over ``rolls`` (the rolls so far) that draws ``paper``.

    The search gives up (``undecided``) after ``max_states`` states, or when
    ``pause``, called before it starts and every 256 states, returns false. A server passes a
    ``pause`` that lets the rest of the server run (a cooperative server such as
    gevent would otherwise stall every live game for the length of the
    search) and watches its own clock: the engine reads none.
    """
    try:
        check_drawn(paper, edition, offer, rolls)
    except ActionError as e:
        return Verdict(IMPOSSIBLE, reason=e.message, code=e.code)
    short = _short_of_numbers(edition, rolls, paper)
    if short:
        return Verdict(IMPOSSIBLE, reason=short, code="not_enough_dice")
    start = new_sheet(edition, offer)
    if paper.superpower is not None:
        start = apply(start, Action("choose", superpower=paper.superpower))
    search = _Search(edition, rolls, paper, max_states, pause)
    try:
        search.tick()
        path = search.run(start)
    except _OutOfTime:
        return Verdict(UNDECIDED, code="check_undecided", nodes=search.nodes,
                       reason="The check ran out of time before it found a play that draws "
                              "these marks or proved there is none: the host may approve the "
                              "sheet by hand.")
    if path is None:
        return Verdict(IMPOSSIBLE, code="no_witness", nodes=search.nodes,
                       reason=search.nearest_failure())
    rounds, sheet = _witness_rounds(start, rolls, path)
    return Verdict(VERIFIED, rounds=rounds, sheet=sheet, nodes=search.nodes)


def _witness_rounds(start: Sheet, rolls: Sequence[Sequence[int]],
                    path: list[Action]) -> tuple[tuple[tuple[Action, ...], ...], Sheet]:
    """The path cut into rounds, unused dice shown as skips, replayed once more by the engine."""
    sheet = start
    rounds: list[tuple[Action, ...]] = []
    actions = iter(path)
    for dice in rolls:
        sheet = start_round(sheet, dice)
        this: list[Action] = []
        for action in actions:
            if action.type == "done":
                break
            this.append(action)
            sheet = apply(sheet, action)
        for index, die in enumerate(sheet.dice):
            if not die.used:
                skip = Action("skip", die=index)
                this.append(skip)
                sheet = apply(sheet, skip)
        this.append(Action("done"))
        sheet = apply(sheet, this[-1])
        rounds.append(tuple(this))
    return tuple(rounds), sheet


def _wanted_numbers(edition: Edition, marks: Sequence[Any], drawn: PaperMarks) -> list[int]:
    """How many dice of each number the drawn marks still need beyond ``marks`` (index = number)."""
    need = [0] * (edition.faces + 1)
    for loc, have, want in zip(edition.locations, marks, drawn.marks, strict=True):
        if have != want:
            for v, n in enumerate(_wanted_numbers_at(loc, have, want, edition.faces)):
                need[v] += n
    return need


def _wanted_numbers_at(loc: Location, have: Any, want: Any, faces: int) -> list[int]:
    """:func:`_wanted_numbers` for one location."""
    need = [0] * (faces + 1)
    if loc.kind == "cells":
        for number, h, w in zip(loc.cell_numbers, have, want, strict=True):
            if w and not h:
                need[number] += 1
    elif loc.kind == "pairs":
        for h, w in zip(have, want, strict=True):
            for v in w[len(h):]:
                need[v] += 1
    else:
        for v in want[len(have):]:
            need[v] += 1
    return need


def _short_of_numbers(edition: Edition, rolls: Sequence[Sequence[int]],
                      drawn: PaperMarks) -> str:
    """Why the game's rolls hold too few of some number for the sheet, or ``""``."""
    blank = new_sheet(edition).marks
    need = _wanted_numbers(edition, blank, drawn)
    rolled = [0] * (edition.faces + 1)
    for dice in rolls:
        for v in dice:
            rolled[v] += 1
    spare = drawn.wild_used + drawn.powers_used
    missing = [(v, need[v], rolled[v]) for v in range(1, edition.faces + 1) if need[v] > rolled[v]]
    if sum(n - r for _, n, r in missing) <= spare:
        return ""
    v, n, r = max(missing, key=lambda m: m[1] - m[2])
    return (f"The sheet has {n} numbers or X's that need a {v}, but the game rolled only {r} "
            f"{v}s, and its {drawn.wild_used} Wild dice and {drawn.powers_used} superpower uses "
            f"cannot make up the difference.")


class _Search:
    """One depth-first search; ``run`` returns the actions of a witness, or ``None``."""

    def __init__(self, edition: Edition, rolls: Sequence[Sequence[int]], drawn: PaperMarks,
                 max_states: int, pause: Callable[[], bool] | None = None) -> None:
        self.edition = edition
        self.rolls = [tuple(r) for r in rolls]
        self.drawn = drawn
        self.max_states = max_states
        self.pause = pause
        self.nodes = 0
        self.budget = 0
        self.passes = 0  # depth-first passes started (see run)
        self.rng = random.Random(0)  # the order of equally promising steps; seeded: repeatable
        self.failed: dict[tuple[Any, ...], list[tuple[Any, ...]]] = {}
        self.kinds = [loc.kind for loc in edition.locations]
        self.offsets: list[int] = []
        self.minion_offsets: list[int] = []
        self.masks: list[int] = []  # the bits of each location's marks and Robot Minions
        offset = 0
        for loc in edition.locations:
            width = loc.size * (2 if loc.kind == "pairs" else 1)
            self.offsets.append(offset)
            self.minion_offsets.append(offset + width)
            span = width + edition.minions_per_location
            self.masks.append(((1 << span) - 1) << offset)
            offset += span
        self.dice_shift = offset  # the unused dice of the round, one bit each, above the marks
        # for each cell of each location, the Wild-die groups it belongs to
        self.wild_groups = [
            [frozenset(g for g, group in enumerate(loc.rewards)
                       if group.reward == "wild" and c in group.cells)
             for c in range(len(loc.cell_numbers))] if loc.kind == "cells" else []
            for loc in edition.locations]
        self.path: list[Action] = []
        self.target = self._progress(drawn.sheet(edition))
        self.best: tuple[int, int, Sheet] | None = None  # (marks made, round, sheet)
        self.best_short = 0  # the number the closest play ran short of, if that stopped it
        # future[k][v]: the dice of number v in the rolls after roll k (k counted from 1)
        faces = edition.faces
        self.future = [[0] * (faces + 1) for _ in range(len(rolls) + 1)]
        for k in range(len(rolls) - 1, -1, -1):
            row = list(self.future[k + 1])
            for v in rolls[k]:
                row[v] += 1
            self.future[k] = row
        self.per_round = edition.dice_per_round

    def run(self, start: Sheet) -> list[Action] | None:
        """Two searches in turn, each given twice the steps of its last turn.

        * **Depth first, restarted**: a depth-first search that takes one wrong
          turn early (to the wrong location first) can spend its time below it;
          passes of growing length, each trying equally promising steps and every
          move in a new order, get out. What a pass
          proved (states that cannot lead to the drawing) holds for every later
          pass. Loose sheets, with dice to spare, verify along the first path.
        * **Least waste first**: states are taken in order of the slack they
          have used (dice spent on nothing drawn), so a tight sheet, whose
          witness wastes almost nothing, is found among few states.

        Only the depth-first search proves a sheet impossible: its passes end
        once one runs to completion.
        """
        if not self.rolls:
            return [] if self._drawn_exactly(start) else None
        first = start_round(start, self.rolls[0])
        least_waste = self._least_waste(first)
        budget = 400
        while True:
            self.path = []
            self.passes += 1
            self.budget = self.nodes + budget
            try:
                return self.path if self._round(first) else None
            except _PassOver:
                pass
            found = next(least_waste)  # one turn: ``budget`` more states
            if found is not None:
                return found
            budget *= 2
            self.rng.seed(budget)

    def _least_waste(self, first: Sheet) -> Iterator[list[Action] | None]:
        """Best-first search by slack used; yields ``None`` after each turn, or the witness."""
        slack = self._slack(first, self._progress(first))
        order = itertools.count()
        queue: list[tuple[int, int, int, Sheet, tuple[Any, ...]]] = [(0, 0, 0, first, ())]
        seen: set[tuple[Any, ...]] = set()
        budget = 400
        while True:
            stop = self.nodes + budget
            while queue and self.nodes < stop:
                _, depth, _, sheet, path = heapq.heappop(queue)
                progress = self._progress(sheet)
                key = (sheet.round, sheet.position, sheet.dice, sheet.powers_used, progress,
                       sheet.wild_spent)
                if key in seen:
                    continue
                seen.add(key)
                self.nodes += 1
                if not self.nodes & 255:
                    self.tick()
                if self._short_of_dice(sheet, progress):
                    continue
                for action, after in self._steps(sheet, progress):
                    if action.type == "done":
                        if after.round >= len(self.rolls):
                            if self._drawn_exactly(after):
                                yield _unwind((action, path))
                            continue
                        after = start_round(after, self.rolls[after.round])
                    used = slack - self._slack(after, self._progress(after))
                    heapq.heappush(queue, (used, depth - 1, next(order), after, (action, path)))
            yield None
            budget *= 2

    def tick(self) -> None:
        """Every 256 states: give way to the server (which may stop us), and count."""
        if self.nodes > self.max_states or (self.pause is not None and not self.pause()):
            raise _OutOfTime

    # -- the search ------------------------------------------------------------------------

    def _round(self, sheet: Sheet) -> bool:
        """Search from a sheet with its round open: spend a die, or end the round."""
        progress = self._progress(sheet)
        bucket = (sheet.round, sheet.position, sheet.powers_used, *(d.value for d in sheet.dice))
        failed = self.failed.setdefault(bucket, [])
        wild = sheet.wild_spent
        unused = 0
        for i, die in enumerate(sheet.dice):
            if not die.used:
                unused |= 1 << i
        held = progress | unused << self.dice_shift
        # A failed state with every mark of this one, every die it has left and no more
        # Wild dice spent can do whatever this one can: follow the same steps, leave the
        # marks it already has, and spend the Wild dice it kept on moves at the very end.
        # It found no witness, so this one will not either.
        # (the newest failures are the likeliest to cover this state: they share its past)
        for f_held, f_wild in failed[-_RECENT:]:
            if f_wild <= wild and f_held & held == held:
                return False
        self.nodes += 1
        if self.nodes > self.budget:
            raise _PassOver
        if not self.nodes & 255:
            self.tick()
        self._remember(sheet, progress)
        if not self._short_of_dice(sheet, progress):
            for action, after in self._steps(sheet, progress):
                self.path.append(action)
                if self._round(after) if action.type != "done" else self._next_round(after):
                    return True
                self.path.pop()
        failed.append((held, wild))
        return False

    def _progress(self, sheet: Sheet) -> int:
        """The marks made so far as bits: one per X, per number written, per Robot Minion.

        The search only ever makes drawn marks, so these bits say everything; a
        track of three numbers or a pair of one is written as 0b111 or 0b1 at the
        location's offset, so one state has every mark of another exactly when its
        bits include the other's.
        """
        bits = 0
        for kind, offset, marks, minions, m_offset in zip(
                self.kinds, self.offsets, sheet.marks, sheet.minions, self.minion_offsets,
                strict=True):
            if kind == "cells":
                for i, marked in enumerate(marks):
                    if marked:
                        bits |= 1 << (offset + i)
            elif kind == "pairs":
                for i, pair in enumerate(marks):
                    bits |= ((1 << len(pair)) - 1) << (offset + 2 * i)
            else:
                bits |= ((1 << len(marks)) - 1) << offset
            bits |= ((1 << minions) - 1) << m_offset
        return bits

    def _next_round(self, sheet: Sheet) -> bool:
        if sheet.round >= len(self.rolls):
            return self._drawn_exactly(sheet)
        return self._round(start_round(sheet, self.rolls[sheet.round]))

    def _steps(self, sheet: Sheet, progress: int) -> list[tuple[Action, Sheet]]:
        """The legal steps towards the drawing, most promising first; ``done`` among them."""
        drawn = self.drawn
        surplus = self._surplus(sheet)
        steps: list[tuple[tuple[int, int, int], Action, Sheet]] = []
        seen: set[tuple[int, int]] = set()
        for index, die in enumerate(sheet.dice):
            if die.used or (die.rolled, die.value) in seen:
                continue  # two equal dice lead to the same states: try one of them
            seen.add((die.rolled, die.value))
            for action, after in successors(sheet, index):
                if action.type != "skip" and self._towards(sheet, action, after) \
                        and not self._outshone(sheet, action):
                    steps.append((self._rank(action, progress, surplus[die.value], after),
                                  action, after))
        if sheet.wild_spent < drawn.wild_used and sheet.wild_left > 0:
            for action, after in successors(sheet, wild=True):
                if self._towards(sheet, action, after) and not self._outshone(sheet, action):
                    steps.append((self._rank(action, progress, -99, after), action, after))
        self.rng.shuffle(steps)
        if self.passes > 1:  # after the first pass, moves' order among themselves is random
            steps.sort(key=lambda s: s[0][0])
        else:
            steps.sort(key=lambda s: s[0])
        done = Action("done")
        out = [(a, s) for rank, a, s in steps if rank[0] < 4]
        out.append((done, apply(sheet, done)))
        out += [(a, s) for rank, a, s in steps if rank[0] >= 4]
        return out

    def _surplus(self, sheet: Sheet) -> list[int]:
        """For each number, the dice of it left (this round's and later) beyond what is drawn."""
        need = _wanted_numbers(self.edition, sheet.marks, self.drawn)
        have = list(self.future[sheet.round])
        for d in sheet.dice:
            if not d.used:
                have[d.value] += 1
        return [h - n for h, n in zip(have, need, strict=True)]

    def _outshone(self, sheet: Sheet, action: Action) -> bool:
        """Whether another box takes the same number at least as well as the action's box.

        Two City Hall or Church boxes with the same number, both drawn and both
        empty, end the game the same whichever is marked first; only a Wild die
        won sooner can differ. So the box that completes Wild-die groups at
        least as soon is tried, not both (the lower-numbered of two alike).
        Hospital pairs alike in what is drawn, in what is written and in their
        reward are tried once, the first of them.
        """
        if action.type != "help" or action.slot is None:
            return False
        i = sheet.position - 1
        loc = self.edition.locations[i]
        have, want = sheet.marks[i], self.drawn.marks[i]
        slot = action.slot
        if loc.kind == "cells":
            number, groups = loc.cell_numbers[slot], self.wild_groups[i]
            return any(j != slot and loc.cell_numbers[j] == number and want[j] and not have[j]
                       and groups[j] >= groups[slot] and (groups[j] > groups[slot] or j < slot)
                       for j in range(len(have)))
        if loc.kind == "pairs":
            like = (want[slot], have[slot], loc.boxes[slot].reward == "wild")
            return any((want[j], have[j], loc.boxes[j].reward == "wild") == like
                       for j in range(slot))
        return False

    def _rank(self, action: Action, progress: int, surplus: int,
              after: Sheet) -> tuple[int, int, int]:
        """Helping and fighting first, then moving where work is left, then the rest.

        Among moves, first where the dice left this round can do the most at
        once, then with a die of a number the drawing needs least; a Wild die
        last, as it could have been any number.
        """
        if action.type == "move":
            if not self._work_at(progress, action.to):
                return (4, 0, 0)
            return (3, -self._work_now(after, action.to), 1 if action.teleport else -surplus)
        return (_ORDER[action.type], 1 if action.wild else 0, 0)

    def _work_now(self, sheet: Sheet, number: int) -> int:
        """How many drawn marks this round's dice left could make at once at location ``number``."""
        i = number - 1
        dice = [0] * (self.edition.faces + 1)
        for d in sheet.dice:
            if not d.used:
                dice[d.value] += 1
        spare = sum(dice)
        made = 0
        have, want = sheet.marks[i], self.drawn.marks[i]
        kind = self.kinds[i]
        if kind == "track":
            for v in want[len(have):]:  # in order: the first missing number stops the run
                if not dice[v]:
                    break
                dice[v] -= 1
                made += 1
        else:
            needed = _wanted_numbers_at(self.edition.locations[i], have, want,
                                        self.edition.faces)
            for v, n in enumerate(needed):
                made += min(n, dice[v])
        minions = self.drawn.minions[i] - sheet.minions[i]
        return made + min(minions, spare - made)

    def _towards(self, before: Sheet, action: Action, after: Sheet) -> bool:
        """Whether ``after`` can still grow into the drawing (marks only ever grow)."""
        drawn = self.drawn
        if after.powers_used > drawn.powers_used or after.wild_spent > drawn.wild_used:
            return False
        if action.type == "help":
            i = before.position - 1
            return _within(self.edition.locations[i].kind, after.marks[i], drawn.marks[i])
        if action.type == "minion":
            i = before.position - 1
            return after.minions[i] <= drawn.minions[i]
        return True

    def _work_at(self, progress: int, number: int) -> bool:
        mask = self.masks[number - 1]
        return progress & mask != self.target & mask

    def _slack(self, sheet: Sheet, progress: int) -> int:
        """The dice left (this round's, later rolls', Wild dice to spend) beyond what the
        drawing still needs: one per mark, one move per location with work left elsewhere."""
        unused = sum(1 for d in sheet.dice if not d.used)
        wild = self.drawn.wild_used - sheet.wild_spent
        left = unused + self.per_round * (len(self.rolls) - sheet.round) + wild
        moves = sum(1 for n in self.edition.location_numbers
                    if n != sheet.position and self._work_at(progress, n))
        return left - (self.target.bit_count() - progress.bit_count() + moves)

    def _short_of_dice(self, sheet: Sheet, progress: int) -> bool:
        """Whether the dice left cannot make the marks still to make (see :meth:`_slack`)."""
        if self._slack(sheet, progress) < 0:
            return True
        short = self._short_number(sheet)
        if short and self.best is not None and self.best[2] is sheet:
            self.best_short = short  # the closest play fails for want of this number
        return bool(short)

    def _short_number(self, sheet: Sheet) -> int:
        """The number the dice left hold too few of, beyond Wild dice and powers; 0 if none."""
        drawn = self.drawn
        surplus = self._surplus(sheet)
        short = sum(max(0, -n) for n in surplus)
        if short <= drawn.wild_used - sheet.wild_spent + drawn.powers_used - sheet.powers_used:
            return 0
        return min(range(1, len(surplus)), key=lambda v: surplus[v])

    def _drawn_exactly(self, sheet: Sheet) -> bool:
        drawn = self.drawn
        return (sheet.marks == drawn.marks and sheet.minions == drawn.minions
                and sheet.wild_spent == drawn.wild_used
                and sheet.powers_used == drawn.powers_used)

    # -- the nearest point of failure ------------------------------------------------------

    def _remember(self, sheet: Sheet, progress: int) -> None:
        made = progress.bit_count()
        best = self.best
        if best is None or made > best[0] or (made == best[0] and sheet.round > best[1]):
            self.best = (made, sheet.round, sheet)
            self.best_short = 0

    def nearest_failure(self) -> str:
        """In plain words: how far the closest legal play gets, and the first mark it misses."""
        assert self.best is not None
        made, _, sheet = self.best
        missing = _first_missing(self.edition, sheet, self.drawn, self.best_short)
        total = self.target.bit_count()
        if made == total:
            return ("No legal play over this game's rolls draws exactly these marks: every "
                    "play that makes all of them leaves the Wild dice or superpower uses "
                    "ticked on the sheet unspent or overspent.")
        return (f"No legal play over this game's rolls draws all these marks. The closest "
                f"makes {made} of the sheet's {total} marks; after it, no roll has a die that "
                f"{missing} while you could be there.")


def _unwind(path: tuple[Any, ...]) -> list[Action]:
    """The actions of a linked path ``(last, (previous, (...)))``, first to last."""
    out = []
    while path:
        action, path = path
        out.append(action)
    return out[::-1]


def _within(kind: str, have: Any, want: Any) -> bool:
    if kind == "cells":
        return all(w or not h for h, w in zip(have, want, strict=True))
    if kind == "pairs":
        return all(h == w[:len(h)] for h, w in zip(have, want, strict=True))
    return have == want[:len(have)]


def _first_missing(edition: Edition, sheet: Sheet, drawn: PaperMarks, number: int = 0) -> str:
    """The first drawn mark ``sheet`` lacks (of ``number``, if given), in words.

    ``puts the 5 after the 4 in Powerplant's 3rd box``.
    """
    for loc, have, want in zip(edition.locations, sheet.marks, drawn.marks, strict=True):
        if have == want:
            continue
        if loc.kind == "cells":
            for i, (h, w) in enumerate(zip(have, want, strict=True)):
                if w and not h and number in (0, loc.cell_numbers[i]):
                    return f"marks the {loc.cell_numbers[i]} in {loc.name}'s box {i + 1}"
        elif loc.kind == "pairs":
            for i, (h, w) in enumerate(zip(have, want, strict=True)):
                if len(h) < len(w) and number in (0, w[0]):
                    which = "second " if h else ""
                    return f"puts the {which}{w[0]} in {loc.name}'s {ordinal(i + 1)} pair"
        else:
            for k in range(len(have), len(want)):
                if number in (0, want[k]):
                    after = f" after the {want[k - 1]}" if k else ""
                    return f"puts the {want[k]}{after} in {loc.name}'s {ordinal(k + 1)} box"
    for loc, have, want in zip(edition.locations, sheet.minions, drawn.minions, strict=True):
        if have < want:
            return f"defeats a {ordinal(have + 1)} Robot Minion at {loc.name}"
    return "spends the Wild dice and superpower uses the sheet ticks"
