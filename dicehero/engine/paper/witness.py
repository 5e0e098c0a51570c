"""Finding a witness: a legal play over the game's real rolls that draws exactly a paper sheet.

A paper sheet shows marks, not moves. To verify it, the search looks for a
**witness**: round by round, what each die did (move, help, minion, power or
nothing), such that the engine accepts every step and the last sheet holds
exactly the drawn marks. The rules are the engine's own: every step is an
:func:`~dicehero.engine.rules.apply` of one of the actions the engine itself
lists (:func:`~dicehero.engine.rules.candidates`), each round opened by
:func:`~dicehero.engine.rules.start_round`, and the witness found is replayed
once more from nothing by :class:`~dicehero.engine.replay.Replay`. The search
only decides which steps to try:

* **towards the drawing**: a step that writes a number, an X or a Robot Minion
  the paper does not show, or spends more Wild dice or superpower uses than it
  ticks, can never be undone by later play, so it is not tried;
* **one order per round**: the search goes round by round. Within a round, what
  a hero does at one place in one stay gives the same sheet in any order, so
  it is tried in one order only: helps (by die, or box by box on a track; Wild
  dice after the rolled ones, in any order, as one may earn the next), then
  Robot Minions, then a move on; a superpower use just before the die it
  changes is spent. In a round with few dice to spare every distinct way the
  round can end is collected, and an ending that another ending of the round
  beats in every way (the same place and superpower uses, every mark of it and
  more, no more Wild dice spent) is dropped;
* **the likeliest first**: in a round with few dice to spare, the endings that keep
  the most to spare, then those a player aiming for Honor would choose (the greedy
  bot's own valuation); passes of growing length try other orders (in a round with
  few dice to spare, every other pass lets an ending move up a few places, more in
  later passes, and from the fifth pass on the Wild dice and superpower uses an
  ending keeps beyond the numbers the rolls left hold too few of count as spare
  too; the last pass, which runs to the cap, puts the player's valuation first);
* **once per state**: a state at the end of a round that did not lead to the
  drawing marks every state it beats the same way as failed, so they are not
  searched again; the endings of a round with few dice to spare are worked out
  once per search and read back by later passes;
* **enough dice**: the marks still to make, plus one move for every location
  with work left that the hero is not at, need one die each (a die of this round
  that no mark, Robot Minion or move can use any more counts as lost, but for the
  ones two of which make a move by way of a location with nothing to do); and for every
  number, the drawn numbers still missing need dice of that number, of which
  only a Wild die or a superpower use can make more (Grow only 6s, Shrink only
  1s, Shapeshift only numbers rolled beside the die, Teleport none); a track's
  numbers need dice of rounds in the track's order, the ones no such die writes
  being Wild dice or superpower uses too, a number short anyway counted once for
  both; the hero stays once at each location with work, in some order (with ``k``
  dice to spare, all but ``k`` of them), so each such location's numbers must come
  from the rounds of its stay (or from Wild dice and superpower uses); with no die
  to spare, every die left is a mark, a Robot Minion or a move, so the stays take
  the dice in turn: a stay's count of marks and Robot Minions (less the Wild dice it
  spends) says where among the dice left it ends, which rounds it can draw its
  numbers from, and in which round the move on is made, with a die of either place's
  number (or a Wild die or a superpower use); and no more Wild dice are spent by the
  end of a stay than the hero holds now and the marks of the stays so far unlock (a
  Wild die is spent only once earned). A state short of dice is abandoned, between
  rounds and within one (the orders of visits with dice to spare only once a search
  has gone past a few thousand states, and within a round past a few hundred: they
  cost more than they save in a quick one).

Unused dice are left at the end of a round (shown as skipped). A search that
runs out of states, or that the server stops, says so: ``undecided``, for the
host to judge by hand.

A player who sent marks earlier and sends the sheet again may only have added
what the dice rolled since could have made (:class:`Sent`): the witness must
draw the earlier marks by the end of the round that was open when they were
sent, and nothing more before that round.
"""

from __future__ import annotations

import gc
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Any, NamedTuple

from dicehero.engine import locations
from dicehero.engine.actions import Action
from dicehero.engine.bots import GreedyBot
from dicehero.engine.edition import Edition
from dicehero.engine.errors import ActionError
from dicehero.engine.paper.marks import PaperMarks, check_drawn
from dicehero.engine.replay import Replay
from dicehero.engine.rules import apply, candidates, start_round
from dicehero.engine.state import Sheet, new_sheet

VERIFIED = "verified"
IMPOSSIBLE = "impossible"
UNDECIDED = "undecided"
MAX_STATES = 150_000  # states searched before giving up as undecided
_FIRST_PASS = 1_000  # states of the first pass (see _Search.run)
_ROUTES_WITHIN = 2_000  # states searched before routes are checked with dice to spare
#                         (see _Search._no_route)
_TILES_WITHIN = 300  # states searched before the steps of a round with no die to spare are
#                      checked against the stays taking the dice in turn (see _tiles)
_TIGHT = 6  # dice to spare at most for a round's endings to be ranked (see _Search._ranked)
_NEVER = 1 << 60  # more than any count of numbers made up (see _fewest_made_up)
_ENOUGH, _OUT_OF_ORDER = 0, -1  # what _Search._short_why finds (else the number short of)
_KEEP_ENDINGS = 200_000  # ranked endings of tight rounds kept for later passes, at most
_LATE = 4  # the first pass whose tight rounds rank by scarce numbers too (see _ranked_late)
_SHAKE = 8  # places a ranked ending may move up in each later pass (see _Search._shaken)
_VALUE = GreedyBot()  # what a player aiming for Honor would make of a sheet
# The engine's refusals of a move for the die's number alone (see _Search._moved)
_NUMBER_REFUSALS = frozenset({"move_needs_match", "teleport_not_needed"})
DONE = Action("done")


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


@dataclass(frozen=True)
class Sent:
    """Marks the player sent before: a later sheet may add only what later dice could make.

    ``rolled`` is how many rolls were out when they were sent; ``open`` whether the
    last of them could still be played then (the game went on), so the marks of that
    round may still grow.
    """

    marks: PaperMarks
    rolled: int
    open: bool = True


class _OutOfTime(Exception):
    pass


class _PassOver(Exception):
    pass


def find_witness(edition: Edition, offer: Sequence[int], rolls: Sequence[Sequence[int]],
                 paper: PaperMarks, max_states: int = MAX_STATES,
                 pause: Callable[[], bool] | None = None,
                 sent: Iterable[Sent] = ()) -> Verdict:
    """Search for a legal play over ``rolls`` (the rolls so far) that draws ``paper``.

    The search gives up (``undecided``) after ``max_states`` states, or when
    ``pause``, called before it starts and every 256 states, returns false. A server passes a
    ``pause`` that lets the rest of the server run (a cooperative server such as
    gevent would otherwise stall every live game for the length of the
    search) and watches its own clock: the engine reads none. ``sent``: marks the
    player sent earlier, which the witness must draw by then (:class:`Sent`).
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
    sent = tuple(sent)
    with _collector_paused():
        path, nodes, undecided, failure = _searched(
            _Search(edition, rolls, paper, max_states, pause, sent), start)
    if undecided:
        return Verdict(UNDECIDED, code="check_undecided", nodes=nodes,
                       reason="The check ran out of time before it found a play that draws "
                              "these marks or proved there is none: the host may approve the "
                              "sheet by hand.")
    if path is None:
        if sent:  # is it the marks, or the marks sent before?
            alone = find_witness(edition, offer, rolls, paper, max(0, max_states - nodes), pause)
            if not alone.verified:
                return Verdict(alone.status, code=alone.code, reason=alone.reason,
                               nodes=nodes + alone.nodes)
            return Verdict(IMPOSSIBLE, code="sent_before", nodes=nodes + alone.nodes,
                           reason="These marks could only have been drawn by changing what you "
                                  "sent before: the marks you add must be made with dice rolled "
                                  "after you sent it, and the marks you sent must be made by then.")
        return Verdict(IMPOSSIBLE, code="no_witness", nodes=nodes, reason=failure)
    rounds, sheet = _witness_rounds(start, rolls, path)
    return Verdict(VERIFIED, rounds=rounds, sheet=sheet, nodes=nodes)


class _Outcome(NamedTuple):
    path: list[tuple[Action, ...]] | None  # the witness's actions round by round, if found
    nodes: int  # states searched
    undecided: bool  # whether the search ran out of states or was stopped
    failure: str  # with no witness: the nearest point of failure, in words


def _searched(search: _Search, start: Sheet) -> _Outcome:
    """``search`` run from ``start``, kept to what the verdict needs, so that the search and
    all it holds are gone when this returns (see :func:`_collector_paused`)."""
    try:
        search.tick()
        path = search.run(start)
    except _OutOfTime:
        return _Outcome(None, search.nodes, True, "")
    return _Outcome(path, search.nodes, False,
                    search.nearest_failure() if path is None else "")


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cycle collector off for the length of a search, as ``timeit`` does.

    A search makes hundreds of thousands of sheets, tuples and generators and keeps many
    of them (the states it proved lead nowhere), so the collector, which runs every few
    hundred of them and now and then walks every object the process holds, took a tenth
    of the search's time (seeds 757, 861 and 225 of bench_witness: 10-11%). The search
    makes no reference cycles to collect, and what it made is freed before the collector
    is back (:func:`_searched`): else its first run would walk all of it. The state is put
    back as it was, so a server that turned the collector off keeps it off; what a server
    runs while the search gives way (``pause``) runs without it for that long, its cycles
    freed at the next collection.
    """
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def _witness_rounds(start: Sheet, rolls: Sequence[Sequence[int]],
                    path: Sequence[Sequence[Action]]
                    ) -> tuple[tuple[tuple[Action, ...], ...], Sheet]:
    """The witness round by round, unused dice shown as skips, replayed once more by the engine.

    A hero with no superpower spends no die, not even on a skip (``no_superpower``), but
    may say done: their unused dice are left as they are, as a phone hero's would be."""
    steps = Replay(start)
    rounds: list[tuple[Action, ...]] = []
    for dice, actions in zip(rolls, path, strict=True):
        steps.roll(dice)
        this = list(actions)
        for action in actions:
            steps.act(action)
        for index, die in enumerate(steps.sheet.dice):
            if not die.used and steps.sheet.superpower is not None:
                this.append(Action("skip", die=index))
                steps.act(this[-1])
        this.append(DONE)
        steps.act(DONE)
        rounds.append(tuple(this))
    return tuple(rounds), steps.sheet


def _missing_numbers(edition: Edition, have: Sequence[Any], want: Sequence[Any]) -> list[int]:
    """How many dice of each number the drawn marks ``want`` still need beyond ``have``."""
    need = [0] * (edition.faces + 1)
    for loc, h, w in zip(edition.locations, have, want, strict=True):
        if h != w:
            for v, _ in locations.kind_of(loc).missing(loc, h, w):
                need[v] += 1
    return need


def _short_of_numbers(edition: Edition, rolls: Sequence[Sequence[int]],
                      drawn: PaperMarks) -> str:
    """Why the game's rolls hold too few of some number for the sheet, or ``""``."""
    blank = new_sheet(edition).marks
    need = _missing_numbers(edition, blank, drawn.marks)
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


# A round's ending: the sheet after done, its marks as bits, the actions that led there.
_End = tuple[Sheet, int, tuple[Action, ...]]
_Variants = dict[int, list[tuple[tuple[Action, ...], Sheet]]]  # see _Search._variants


def _opened(opened: Sheet, prog: int) -> tuple[Any, ...]:
    """What a round opened on ``opened`` with the marks ``prog`` can end in depends on."""
    return (opened.round, opened.position, prog, opened.wild_spent, opened.powers_used)


class _Progress(NamedTuple):
    """What the bounds read off the marks and Robot Minions made so far (``prog``).

    Many states share their marks (they differ in dice, place or Wild dice spent), and
    every state asks the bounds, so each ``prog`` is read once per search
    (:meth:`_Search._progress`). The fields up to ``stays_id`` follow from ``stays``
    alone: they are shared by every ``prog`` with the same numbers missing.
    """

    work: tuple[int, ...]  # the numbers of the locations with work left
    work_set: frozenset[int]  # the same, to ask whether a location has work
    need: tuple[int, ...]  # need[v]: the dice of number v the marks still to make need
    needed: frozenset[int]  # the numbers some mark still needs
    tracks: tuple[tuple[int, ...], ...]  # each track's numbers still missing, if two or more
    stays: tuple[tuple[int, tuple[int, ...]], ...]  # (location, numbers missing there)
    stays_id: int  # one id for each distinct ``stays``: a cheap key (see _Search._short)
    still: int  # the marks still to make
    minions_left: bool  # whether a location with work has Robot Minions still to fight
    jobs: dict[int, tuple[int, int]]  # its marks and Robot Minions to make, its numbers (_tiles)
    wild_earned: int  # Wild dice these marks unlock
    wild_to_earn: tuple[tuple[int, int], ...]  # each location with work: the Wild dice its
    #                                             drawn marks unlock beyond these


class _Search:
    """One search; ``run`` returns the actions of a witness round by round, or ``None``."""

    def __init__(self, edition: Edition, rolls: Sequence[Sequence[int]], drawn: PaperMarks,
                 max_states: int, pause: Callable[[], bool] | None = None,
                 sent: tuple[Sent, ...] = ()) -> None:
        self.edition = edition
        self.rolls = [tuple(r) for r in rolls]
        self.drawn = drawn
        self.max_states = max_states
        self.pause = pause
        self.nodes = 0
        self.budget = max_states
        self.passes = 0  # passes over: the steps of a round are tried in a shuffled order
        self.rng = random.Random(0)  # seeded: a search is repeatable
        self.locs = edition.locations
        self.kinds = [locations.kind_of(loc) for loc in self.locs]
        self.faces = edition.faces
        self.per_round = edition.dice_per_round
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
        self.target = self._bits(drawn.marks, drawn.minions)
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
        self.progress: dict[int, _Progress] = {}  # see _progress
        self.lacking: dict[tuple[Any, ...], tuple[Any, ...]] = {}  # see _lacking
        self.free_of: Sheet | None = None  # the sheet whose unused dice are ``free``
        self.free: tuple[int, ...] = ()  # see _free
        self.failed: dict[tuple[Any, ...], list[tuple[int, int]]] = {}
        self.tracks = [i for i, kind in enumerate(self.kinds) if kind.ordered]
        self.unmatched: dict[tuple[Any, ...], int] = {}  # see _out_of_order
        self.shorts: dict[tuple[Any, ...], int] = {}  # see _short
        self.routes: dict[tuple[Any, ...], int] = {}  # see _no_route
        self.tilings: dict[tuple[Any, ...], bool] = {}  # see _untiled
        self.stay_lacks: dict[tuple[Any, ...], list[list[int]]] = {}  # see _no_route
        self.lacks: dict[tuple[Any, ...], dict[int, list[list[int]]]] = {}  # see _lacks
        self.round_sets: dict[tuple[Any, ...], list[frozenset[int]]] = {}  # see _untiled
        self.missing_cache: list[dict[Any, tuple[int, ...]]] = [{} for _ in self.locs]
        self.listed: dict[tuple[Any, ...], tuple[Action, ...]] = {}  # see _listed
        self.unmatched_moves: set[tuple[Any, ...]] = set()  # see _moved
        self.helps_cache: list[dict[Any, tuple[Action, ...]]] = [{} for _ in self.locs]
        self.wild_cache: list[dict[Any, int]] = [{} for _ in self.locs]  # see _wild_earned
        self.rounds_seen: dict[tuple[Any, ...], list[_End]] = {}  # see _ranked_from
        self.kept = 0  # endings held in rounds_seen
        self.rounds_late: dict[tuple[Any, ...], list[_End]] = {}  # see _ranked_late
        self.rounds_by_value: dict[tuple[Any, ...], list[_End]] = {}  # see _by_value
        self.worths: dict[tuple[Any, ...], float] = {}  # see _worth
        self.best: tuple[int, int, Sheet] | None = None  # (marks made, round, sheet)
        self.best_short = 0  # the number the closest play ran short of, if that stopped it
        self.best_order = False  # whether a track's order stopped it (see _out_of_order)
        # Marks sent before: (round, bits): by the end of round ``by`` every earlier mark is
        # drawn; by the end of round ``upto`` nothing beyond them is.
        self.by: dict[int, list[tuple[int, int, int]]] = {}
        self.upto: dict[int, list[tuple[int, int, int]]] = {}
        for earlier in sent:
            bits = self._bits(earlier.marks.marks, earlier.marks.minions)
            row = (bits, earlier.marks.wild_used, earlier.marks.powers_used)
            self.by.setdefault(earlier.rolled, []).append(row)
            self.upto.setdefault(earlier.rolled - 1 if earlier.open else earlier.rolled,
                                 []).append(row)
        # Up to this round a state with more marks is not better than one with fewer (marks
        # sent earlier cap what may be drawn by then), nor are two alike boxes the same.
        self.capped_until = max(self.upto, default=-1)
        self.alike = not sent  # alike boxes may differ in what was sent before
        power = None
        if drawn.superpower is not None:
            power = edition.superpower(drawn.superpower)
        self.power = power
        # What the superpower can make: any number at all, and round by round the numbers
        # it cannot make (the bounds ask at every state).
        self.power_any = self._power_makes(0, 0)
        self.unmade = [tuple(v for v in range(1, self.faces + 1) if not self._power_makes(k, v))
                       for k in range(len(rolls) + 1)]

    def tick(self) -> None:
        """Every 256 states: give way to the server (which may stop us), and count."""
        if self.nodes > self.max_states or (self.pause is not None and not self.pause()):
            raise _OutOfTime

    # -- marks as bits ---------------------------------------------------------------------

    def _bits(self, marks: Sequence[Any], minions: Sequence[int]) -> int:
        out = 0
        for i in range(len(self.locs)):
            out |= self._location_bits(i, marks[i], minions[i])
        return out

    def _location_bits(self, i: int, marks: Any, minions: int) -> int:
        loc = self.locs[i]
        return (self.kinds[i].bits(loc, marks) << self.offsets[i]
                | ((1 << minions) - 1) << self.minion_offsets[i])

    def _rebit(self, prog: int, sheet: Sheet, i: int) -> int:
        """``prog`` with location ``i``'s bits read again from ``sheet`` (once per marks and
        Robot Minions there: every help and Robot Minion asks)."""
        cache = self.bits_cache[i]
        key = (sheet.marks[i], sheet.minions[i])
        bits = cache.get(key)
        if bits is None:
            bits = cache[key] = self._location_bits(i, *key)
        return (prog & self.unmasks[i]) | bits

    def _work_at(self, prog: int, number: int) -> bool:
        i = number - 1
        return prog & self.masks[i] != self.work[i]

    def _progress(self, sheet: Sheet, prog: int) -> _Progress:
        """What the bounds read off ``prog``, the bits of ``sheet``'s marks and Robot Minions.

        The search writes only marks the drawing has, so a location's bits say which of
        its drawn marks are made: ``prog`` alone tells the marks, and any sheet with it
        reads the same.
        """
        progress = self.progress.get(prog)
        if progress is None:
            progress = self.progress[prog] = self._read_progress(sheet, prog)
        return progress

    def _read_progress(self, sheet: Sheet, prog: int) -> _Progress:
        work = tuple(n for n in self.edition.location_numbers if self._work_at(prog, n))
        stays = tuple((n, self._missing_at(n - 1, sheet.marks[n - 1])) for n in work)
        shared = self.lacking.get(stays)
        if shared is None:
            shared = self.lacking[stays] = self._lacking(stays)
        return _Progress(
            *shared, still=self.total - prog.bit_count(),
            minions_left=any(sheet.minions[n - 1] < self.drawn.minions[n - 1] for n in work),
            jobs={n: (len(numbers) + self.drawn.minions[n - 1] - sheet.minions[n - 1],
                      len(numbers)) for n, numbers in stays},
            wild_earned=self._wild_earned(sheet),
            wild_to_earn=tuple((n, self._location_wild(n - 1, self.drawn.marks[n - 1])
                                - self._location_wild(n - 1, sheet.marks[n - 1]))
                               for n in work))

    def _lacking(self, stays: tuple[tuple[int, tuple[int, ...]], ...]) -> tuple[Any, ...]:
        """The fields of :class:`_Progress` that follow from ``stays`` (the numbers missing
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

    def _wild_earned(self, sheet: Sheet) -> int:
        """``sheet.wild_earned``, each location's share read once per its marks."""
        return sum(self._location_wild(i, have) for i, have in enumerate(sheet.marks))

    def _location_wild(self, i: int, marks: Any) -> int:
        """The Wild dice ``marks`` unlock at location ``i``, read once per marks."""
        cache = self.wild_cache[i]
        wild = cache.get(marks)
        if wild is None:
            wild = cache[marks] = locations.rewards(self.locs[i], marks)[0]
        return wild

    def _free(self, sheet: Sheet) -> tuple[int, ...]:
        """The numbers of the round's unused dice, sorted (read once per sheet: each bound
        asks for them)."""
        if sheet is not self.free_of:
            self.free_of = sheet
            self.free = tuple(sorted([d.value for d in sheet.dice if d.used is None]))
        return self.free

    # -- the search, round by round ----------------------------------------------------------

    def run(self, start: Sheet) -> list[tuple[Action, ...]] | None:
        """The witness's actions round by round (unused dice and ``done`` left out), or None.

        Passes of growing length: a pass that took a wrong turn early can spend its time
        below it, so the next pass, given twice the states, tries the steps of a round in
        a new order (the ranked endings of a tight round shaken every other pass, a little
        more each time: see _shaken). What a pass proved (states that cannot lead to the
        drawing) holds for every later pass; the last runs to the end (or to the cap on
        states), its tight rounds' endings ranked as the player would value them first
        (see _by_value).
        """
        prog = self._bits(start.marks, start.minions)
        budget = _FIRST_PASS
        while True:
            self.path: list[tuple[Action, ...]] = []
            self.budget = self.nodes + budget
            try:
                return self.path if self._between(start, prog) else None
            except _PassOver:
                pass
            self.passes += 1
            self.rng.seed(self.passes)
            budget *= 2

    def _beaten_by_failure(self, sheet: Sheet, prog: int) -> bool:
        """Whether a state that beats this one in every way was searched to no avail.

        Before the last round marks sent earlier bound from above (nothing beyond them
        yet), a state with more marks is not better: only the same state counts.
        """
        failed = self.failed.get((sheet.round, sheet.position, sheet.powers_used), ())
        if sheet.round <= self.capped_until:
            return (prog, sheet.wild_spent) in failed
        for f_prog, f_wild in failed:
            if f_wild <= sheet.wild_spent and f_prog & prog == prog:
                return True
        return False

    def _between(self, sheet: Sheet, prog: int) -> bool:
        """From a sheet between two rounds (or before the first): is there a witness?"""
        r = sheet.round
        if not self._keeps_to_what_was_sent(sheet, prog):
            return False
        if r == len(self.rolls):
            return self._drawn_exactly(sheet, prog)
        wild = sheet.wild_spent
        # A state with every mark of this one and no more Wild dice spent can do whatever
        # this one can (leave the marks it already has, spend the Wild dice it kept on
        # moves at the very end). If it found no witness, this one will not.
        if self._beaten_by_failure(sheet, prog):
            return False
        if self.nodes > self.budget:
            raise _PassOver
        failed = self.failed.setdefault((r, sheet.position, sheet.powers_used), [])
        opened = start_round(sheet, self.rolls[r])
        self._remember(opened, prog)
        progress = self._progress(opened, prog)
        if not self._short(opened, progress) and not (
                (self.nodes > _ROUTES_WITHIN or not self._slack_of(opened, progress))
                and self._no_route(opened, progress)):
            endings: Iterable[_End]
            if self._slack_of(opened, progress) <= _TIGHT:
                endings = self._ranked_from(opened, prog)
                if self.budget >= self.max_states:  # the last pass, which runs to the cap
                    endings = self._by_value(opened, prog, endings)
                else:
                    if self.passes >= _LATE:
                        endings = self._ranked_late(opened, prog, endings)
                    if self.passes:
                        endings = self._shaken(endings)
            else:
                endings = self._stay(opened, prog, (), None, set())
            ends: set[tuple[Any, ...]] = set()
            for end, end_prog, actions in endings:
                key = (end.position, end_prog, end.wild_spent, end.powers_used)
                if key in ends:
                    continue
                ends.add(key)
                self.path.append(actions)
                if self._between(end, end_prog):
                    return True
                self.path.pop()
        failed.append((prog, wild))
        return False

    def _ranked_from(self, opened: Sheet, prog: int) -> list[_End]:
        """The ranked endings of a tight round opened on ``opened``, worked out once per
        search: a later pass (or another way to the same state) reads them back rather than
        walk the round again, which can take thousands of states."""
        key = _opened(opened, prog)
        ends = self.rounds_seen.get(key)
        if ends is None:
            ends = self._ranked(self._stay(opened, prog, (), None, set()))
            self.kept += len(ends)
            if self.kept > _KEEP_ENDINGS:  # memory: start again rather than grow without end
                self.rounds_seen.clear()
                self.rounds_late.clear()
                self.rounds_by_value.clear()
                self.kept = len(ends)
            self.rounds_seen[key] = ends
        return ends

    def _ranked_late(self, opened: Sheet, prog: int, ends: list[_End]) -> list[_End]:
        """The ranked endings of a tight round for a long pass: those that keep the most to
        spare, scarce numbers counted too (:meth:`_spare`), first. Quick searches do better
        with the dice to spare alone (the Wild dice an ending keeps are often not needed,
        and reading the scarce numbers costs more), so the first passes keep that order."""
        return self._reranked(self.rounds_late, opened, prog, ends,
                              lambda e: (-self._spare(e[0], e[1]), -self._worth(e[0])))

    def _by_value(self, opened: Sheet, prog: int, ends: list[_End]) -> list[_End]:
        """The ranked endings of a tight round for the last pass: those a player aiming for
        Honor would choose first, then the most to spare. Every earlier pass put the dice
        to spare first; a sheet of such a player's own play that they did not reach often
        follows the player's valuation instead (1,000 bot games: seed 157 verifies in the
        last pass, and no sheet that verified before is lost)."""
        return self._reranked(self.rounds_by_value, opened, prog, ends,
                              lambda e: (-self._worth(e[0]), -self._slack(e[0], e[1])))

    @staticmethod
    def _reranked(kept: dict[tuple[Any, ...], list[_End]], opened: Sheet, prog: int,
                  ends: list[_End], order: Callable[[_End], Any]) -> list[_End]:
        """``ends``, the ranked endings of the round opened on ``opened``, sorted by
        ``order`` once per search and kept in ``kept`` (see :meth:`_ranked_from`)."""
        key = _opened(opened, prog)
        ranked = kept.get(key)
        if ranked is None:
            ranked = kept[key] = sorted(ends, key=order)
        return ranked

    def _shaken(self, ends: list[_End]) -> list[_End]:
        """The ranked endings of a tight round in a new order for a later pass: in odd
        passes each may move up a few places (more in later passes), the most to spare
        still first; even passes keep the ranked order, with ever more states, so a sheet
        the first order nearly reached is not lost to the shaking."""
        if not self.passes % 2:
            return ends
        spread = _SHAKE * self.passes
        rng = self.rng
        keyed = [(-self._slack(e[0], e[1]), i + rng.random() * spread, i)
                 for i, e in enumerate(ends)]
        keyed.sort()
        return [ends[k[2]] for k in keyed]

    def _ranked(self, endings: Iterable[_End]) -> list[_End]:
        """Every ending of a tight round (few dice to spare): the ones that keep the most dice
        to spare first, then those a player aiming for Honor would choose; an ending
        another beats in every way is left out."""
        unique: dict[tuple[Any, ...], _End] = {}
        for end in endings:
            unique.setdefault((end[0].position, end[1], end[0].wild_spent, end[0].powers_used),
                              end)
        ends = list(unique.values())
        if _round_of(ends) > self.capped_until:
            ends = _unbeaten(ends)
        return sorted(ends, key=lambda e: (-self._slack(e[0], e[1]), -self._worth(e[0])))

    def _spare(self, sheet: Sheet, prog: int) -> int:
        """What an ending keeps to spare: the dice left beyond what the drawing needs
        (:meth:`_slack`), and the Wild dice and superpower uses left beyond the numbers they
        must make (:meth:`_forced`): an ending that leaves the game's scarce numbers
        unspent keeps more of them."""
        progress = self._progress(sheet, prog)
        return (self._slack_of(sheet, progress) + self._makers(sheet)
                - self._forced(sheet, progress))

    def _worth(self, sheet: Sheet) -> float:
        """What a player aiming for Honor would make of ``sheet`` (:meth:`GreedyBot.value`),
        read once per marks, Wild dice and superpower uses: every ranking of a round's
        endings asks, and scoring a sheet costs as much as a dozen steps of the search."""
        key = (sheet.marks, sheet.minions, sheet.wild_spent, sheet.powers_used)
        worth = self.worths.get(key)
        if worth is None:
            worth = self.worths[key] = _VALUE.value(sheet)
        return worth

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

    def _drawn_exactly(self, sheet: Sheet, prog: int) -> bool:
        drawn = self.drawn
        return (prog == self.target and sheet.wild_spent == drawn.wild_used
                and sheet.powers_used == drawn.powers_used)

    def _stay(self, sheet: Sheet, prog: int, actions: tuple[Action, ...], last: Any,
              seen: set[tuple[Any, ...]]) -> Iterator[_End]:
        """Every ending of the round from ``sheet``, the likeliest first: more work here, a
        move on, or done.

        ``last`` is the order key of the last help or Robot Minion of this stay: the
        next one must come after it (one order per stay).
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
        progress = self._progress(sheet, prog)
        slack = self._slack_of(sheet, progress)
        if slack < 0 or (slack < 6 and (slack < self._lost_dice(sheet, progress)
                                        or self._short(sheet, progress)
                                        or (not slack and self.nodes > _TILES_WITHIN
                                            and self._no_route(sheet, progress)))):
            return
        known: _Variants = {}
        if sheet.position is not None:
            i = sheet.position - 1
            works = self._works(sheet, progress, i, last, known)
            if self.passes:
                self.rng.shuffle(works)
            for order, steps, after in works:
                yield from self._stay(after, self._rebit(prog, after, i), actions + steps,
                                      order, seen)
        later = []
        moves = self._moves(sheet, progress, slack, known)
        if self.passes:
            self.rng.shuffle(moves)
        for steps, after in moves:
            if after.position in progress.work_set:
                yield from self._stay(after, prog, actions + steps, None, seen)
            else:
                later.append((steps, after))
        yield from self._end(sheet, prog, actions)
        if slack > 0:
            for steps, after in later:
                yield from self._stay(after, prog, actions + steps, None, seen)

    def _end(self, sheet: Sheet, prog: int, actions: tuple[Action, ...]) -> Iterator[_End]:
        """Done, as it is or after a superpower use no mark needed (on a die left unused)."""
        done = apply(sheet, DONE)
        if self._slack(done, prog) >= 0:
            yield done, prog, actions
            if sheet.powers_used < self.drawn.powers_used:
                for steps, after in self._powered(sheet):
                    yield apply(after, DONE), prog, actions + steps

    def _dice(self, sheet: Sheet) -> list[int]:
        """The unused rolled dice worth trying: one of each kind (equal dice are alike)."""
        out, kinds = [], set()
        for index, die in enumerate(sheet.dice):
            if not die.used and (die.rolled, die.value) not in kinds:
                kinds.add((die.rolled, die.value))
                out.append(index)
        return out

    def _powered(self, sheet: Sheet, index: int | None = None
                 ) -> list[tuple[tuple[Action, ...], Sheet]]:
        """The sheet after each superpower use on a die (every die if ``index`` is None)."""
        if sheet.powers_used >= self.drawn.powers_used:
            return []
        out = []
        values = set()
        for i in self._dice(sheet) if index is None else (index,):
            for action in self._listed(sheet, "power", i):
                try:
                    after = apply(sheet, action)
                except ActionError:
                    continue
                if (i, after.dice[i].value) not in values:  # two copies of one number: alike
                    values.add((i, after.dice[i].value))
                    out.append(((action,), after))
        return out

    def _variants(self, sheet: Sheet, index: int, known: _Variants
                  ) -> list[tuple[tuple[Action, ...], Sheet]]:
        """Die ``index`` as it is, or changed by the superpower just before it is spent, once
        or several times over (Ice twice turns a 6 into a 4). ``known`` holds those of
        ``sheet`` worked out already: a state's helps and its moves both ask."""
        out: list[tuple[tuple[Action, ...], Sheet]] = [((), sheet)]
        if sheet.powers_used >= self.drawn.powers_used:  # the usual case: nothing to change
            return out
        if index in known:
            return known[index]
        known[index] = out
        seen = {(sheet.dice[index].value, sheet.powers_used)}
        for steps, s in out:  # grows while it is read: every further use of the power
            for more, after in self._powered(s, index):
                key = (after.dice[index].value, after.powers_used)
                if key not in seen:
                    seen.add(key)
                    out.append(((*steps, *more), after))
        return out

    def _works(self, sheet: Sheet, progress: _Progress, i: int, last: Any, known: _Variants
               ) -> list[tuple[Any, tuple[Action, ...], Sheet]]:
        """Helps and Robot Minions at location ``i`` that may come after ``last`` in this stay.

        The order key of a help is ``(0, die)`` (``(0, box)`` on a track, whose boxes
        are written in order anyway), of a Wild die's help ``(1,)`` (in any order among
        themselves: one may earn the next), of a Robot Minion ``(2, die)`` or ``(3,)``
        with a Wild die: any order of what one stay does gives the same sheet, so one
        order is enough.
        """
        loc, kind = self.locs[i], self.kinds[i]
        want = self.drawn.marks[i]
        minions_left = self.drawn.minions[i] - sheet.minions[i]
        ordered = kind.ordered
        out: list[tuple[Any, tuple[Action, ...], Sheet]] = []

        def after_last(order: Any, repeat: bool = False) -> bool:
            return last is None or order > last or (repeat and order == last)

        for index in self._dice(sheet):
            for steps, s in self._variants(sheet, index, known):
                have = s.marks[i]
                order = (0, len(have)) if ordered else (0, index)
                if after_last(order):
                    for action in self._helps(i, loc, kind, have, want, s.dice[index].value,
                                              die=index):
                        after = self._try(s, action)
                        if after is not None:
                            out.append((order, (*steps, action), after))
                if minions_left > 0 and after_last((2, index)):
                    action = Action("minion", die=index)
                    after = self._try(s, action)
                    if after is not None:
                        out.append(((2, index), (*steps, action), after))
        if sheet.wild_spent < self.drawn.wild_used and progress.wild_earned > sheet.wild_spent:
            have = sheet.marks[i]
            for v in sorted(set(self._missing_at(i, have))):
                for action in self._helps(i, loc, kind, have, want, v, wild=True):
                    order = (0, len(have)) if ordered else (1,)
                    if after_last(order, repeat=not ordered):
                        after = self._try(sheet, action)
                        if after is not None:
                            out.append((order, (action,), after))
            if minions_left > 0 and after_last((3,), repeat=True):
                action = Action("minion", wild=True)
                after = self._try(sheet, action)
                if after is not None:
                    out.append(((3,), (action,), after))
        return out

    def _helps(self, i: int, loc: Any, kind: locations.Kind, have: Any, want: Any,
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

    def _moves(self, sheet: Sheet, progress: _Progress, slack: int, known: _Variants
               ) -> list[tuple[tuple[Action, ...], Sheet]]:
        """Every move on that leaves dice enough: with a die (changed first only where it
        could not go as it is), with Teleport, or with a Wild die."""
        here = sheet.position
        # A move spends a die; it saves one only if it leaves no work behind for a later
        # move and goes where there is work.
        work = progress.work_set
        cost = 1 + (here in work)
        worth = [n for n in self.edition.location_numbers
                 if n != here and slack - cost + (n in work) >= 0]
        if not worth:
            return []
        out = []
        for index in self._dice(sheet):
            reached = set()
            for steps, s in self._variants(sheet, index, known):
                for action in self._listed(s, "move", index):
                    if action.to in reached or action.to not in worth:
                        continue
                    if action.teleport and (steps or s.powers_used >= self.drawn.powers_used):
                        continue
                    after = self._moved(s, action, s.dice[index].value)
                    if after is not None:
                        out.append(((*steps, action), after))
                        if not steps and not action.teleport:
                            reached.add(action.to)
        if sheet.wild_spent < self.drawn.wild_used and progress.wild_earned > sheet.wild_spent:
            for action in self._listed(sheet, "move"):
                if action.to in worth:
                    after = self._try(sheet, action)
                    if after is not None:
                        out.append(((action,), after))
        return out

    def _listed(self, sheet: Sheet, type_: str, index: int | None = None
                ) -> tuple[Action, ...]:
        """The actions of ``type_`` (a move or a superpower use) that
        :func:`~dicehero.engine.rules.candidates` lists for die ``index`` (a Wild die if
        None), asked once for each place, die and number: that is all they depend on here
        (the superpower is chosen before the search and every roll has as many dice),
        and every state asks for them, building every other action too.
        """
        value = 0 if index is None else sheet.dice[index].value
        key = (type_, sheet.position, index, value)
        listed = self.listed.get(key)
        if listed is None:
            listed = self.listed[key] = tuple(
                a for a in candidates(sheet, index, wild=index is None) if a.type == type_)
        return listed

    def _moved(self, sheet: Sheet, action: Action, value: int) -> Sheet | None:
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
            if e.code in _NUMBER_REFUSALS:
                self.unmatched_moves.add(key)
            return None

    @staticmethod
    def _try(sheet: Sheet, action: Action) -> Sheet | None:
        try:
            return apply(sheet, action)
        except ActionError:
            return None

    # -- enough dice ---------------------------------------------------------------------------

    def _slack(self, sheet: Sheet, prog: int) -> int:
        """The dice left (this round's, later rolls', Wild dice to spend) beyond what the
        drawing still needs: one per mark, one move per location with work left elsewhere."""
        return self._slack_of(sheet, self._progress(sheet, prog))

    def _slack_of(self, sheet: Sheet, progress: _Progress) -> int:
        """:meth:`_slack`, with ``prog`` read already (a state asks several bounds)."""
        unused = 0 if sheet.done else len(self._free(sheet))
        left = unused + self.left_after[sheet.round] - sheet.wild_spent
        moves = len(progress.work) - (sheet.position in progress.work_set)
        return left - (progress.still + moves)

    def _missing_at(self, i: int, have: Any) -> tuple[int, ...]:
        """The numbers the drawing still needs at location ``i`` beyond ``have``, in the order
        they can be written (read once per marks: the search asks at every state)."""
        cache = self.missing_cache[i]
        out = cache.get(have)
        if out is None:
            out = tuple(v for v, _ in self.kinds[i].missing(self.locs[i], have,
                                                            self.drawn.marks[i]))
            cache[have] = out
        return out

    def _lost_dice(self, sheet: Sheet, progress: _Progress) -> int:
        """How many of the round's unused dice are lost whatever the hero does: a die is
        dead if its number no mark still needs, no Robot Minion is left to fight, it moves
        nowhere with work and no superpower use is left to change it.

        Two dead dice may still make one move the count of dice asks for: the first takes
        the hero to its number's location (nothing to do there), the second, now of the
        place the hero stands on, goes anywhere (a 5 and a 5 from Downtown to the Church).
        So of ``d`` dead dice, as many as half, and no more than the moves still to make,
        may count as moves; the rest are lost.
        """
        if self.drawn.powers_used > sheet.powers_used:
            return 0
        here = sheet.position
        if progress.minions_left:
            return 0
        needed, work = progress.needed, progress.work_set
        moves = len(work) - (here in work)
        dead = 0
        for v in self._free(sheet):
            if v not in needed and not (moves and (v == here or (v in work and v != here))):
                dead += 1
        return dead - min(moves, dead // 2)

    def _short(self, sheet: Sheet, progress: _Progress) -> bool:
        """Whether the dice left hold too few of some number (see the module docstring).

        Worked out once for what it reads (the marks still to make, the dice left, the
        Wild dice and superpower uses left): states that differ only in place or in the
        order of their steps ask again.
        """
        # the numbers missing at each location with work tell what the marks still need
        key = (progress.stays_id, sheet.round, self._free(sheet), sheet.wild_spent,
               sheet.powers_used)
        why = self.shorts.get(key)
        if why is None:
            why = self.shorts[key] = self._short_why(sheet, progress)
        best = self.best
        if why != _ENOUGH and best is not None and best[2] is sheet:  # why the closest stopped
            if why == _OUT_OF_ORDER:
                self.best_order = True
            else:
                self.best_short = why
        return why != _ENOUGH

    def _short_why(self, sheet: Sheet, progress: _Progress) -> int:
        """:meth:`_short` worked out: ``_ENOUGH``, ``_OUT_OF_ORDER`` (a track's order needs
        too many made up), or the number the dice left are the most short of."""
        drawn = self.drawn
        wild = drawn.wild_used - sheet.wild_spent
        powers = drawn.powers_used - sheet.powers_used
        deficit = self._deficit(sheet, progress)
        short = sum(deficit)
        if progress.tracks and self._out_of_order(sheet, progress, deficit, wild + (
                powers if self.power_any else 0)):
            return _OUT_OF_ORDER
        if not short:
            return _ENOUGH
        if short > wild + powers or sum(deficit[v] for v in self.unmade[sheet.round]) > wild:
            return max(range(1, len(deficit)), key=lambda v: deficit[v])
        return _ENOUGH

    def _deficit(self, sheet: Sheet, progress: _Progress) -> list[int]:
        """For each number, how many more dice of it the marks still need than are left."""
        have = list(self.future[sheet.round])
        for v in self._free(sheet):
            have[v] += 1
        return [n - h if n > h else 0 for n, h in zip(progress.need, have, strict=True)]

    def _makers(self, sheet: Sheet) -> int:
        """The Wild dice and superpower uses left that could make any number (or a move)."""
        wild = self.drawn.wild_used - sheet.wild_spent
        powers = self.drawn.powers_used - sheet.powers_used
        return wild + (powers if self.power_any else 0)

    def _forced(self, sheet: Sheet, progress: _Progress) -> int:
        """The fewest numbers Wild dice or superpower uses must make for the marks still to
        make: those the dice left hold too few of, or more once the tracks' order is
        counted (see :meth:`_out_of_order`)."""
        deficit = self._deficit(sheet, progress)
        alone, _, scarce_tracks = self._track_counts(sheet, progress, deficit)
        if not scarce_tracks:
            return alone + sum(deficit)
        return alone + self._scarce_made_up(sheet, scarce_tracks, deficit)

    def _track_counts(self, sheet: Sheet, progress: _Progress, deficit: Sequence[int]
                      ) -> tuple[int, int, list[tuple[int, ...]]]:
        """The tracks' numbers no die can write in order (see :meth:`_out_of_order`): the
        count over the tracks with no scarce number, over those with one (each counted
        alone), and those tracks' numbers."""
        now = () if sheet.done else self._free(sheet)
        alone = 0  # the tracks with no scarce number
        each = 0  # the tracks with one, each counted alone
        scarce_tracks = []
        for numbers in progress.tracks:  # one number has no order: _short counts it
            key = (numbers, sheet.round, now)
            made_up = self.unmatched.get(key)
            if made_up is None:
                rounds = self._rounds_left(sheet.round, now)
                made_up = self.unmatched[key] = _unmatched(numbers, rounds, self.faces)
            if any(deficit[v] for v in numbers):
                scarce_tracks.append(numbers)
                each += made_up
            else:
                alone += made_up
        return alone, each, scarce_tracks

    def _scarce_made_up(self, sheet: Sheet, scarce_tracks: list[tuple[int, ...]],
                        deficit: Sequence[int]) -> int:
        """:func:`_made_up` for the tracks with a scarce number, read once per search."""
        now = () if sheet.done else self._free(sheet)
        scarce = tuple((v, deficit[v]) for v in range(1, self.faces + 1) if deficit[v])
        key = (tuple(scarce_tracks), sheet.round, now, scarce)
        made_up = self.unmatched.get(key)
        if made_up is None:
            rounds = self._rounds_left(sheet.round, now)
            made_up = self.unmatched[key] = _made_up(scarce_tracks, rounds, self.faces,
                                                     dict(scarce))
        return made_up

    def _out_of_order(self, sheet: Sheet, progress: _Progress, deficit: Sequence[int],
                      budget: int) -> bool:
        """Whether more numbers than ``budget`` must be made by Wild dice or superpower
        uses once the tracks' order is counted: a track is written in order, so its
        numbers need dice of the rounds in that order (dice of one round in any order
        among themselves); the rest must be Wild dice or changed by the superpower. Each
        track is counted on its own, as if no other location wanted its dice, so this
        never counts too many.

        A number the dice left hold too few of (``deficit``) is made that many times
        whatever the tracks do, so a track's number of it made costs nothing more up to
        that many (:func:`_made_up`); a track with no such number adds its own count.
        """
        alone, each, scarce_tracks = self._track_counts(sheet, progress, deficit)
        short = sum(deficit)
        if not scarce_tracks:
            return alone + short > budget if alone else False
        if alone + max(short, each) > budget:
            return True
        if alone + short + each <= budget:  # at most this many even counted apart
            return False
        return alone + self._scarce_made_up(sheet, scarce_tracks, deficit) > budget

    def _no_route(self, sheet: Sheet, progress: _Progress) -> bool:
        """Whether no order of visits lets every location with work find its numbers among
        the dice rolled while the hero is there.

        Every move is a die: with no die to spare, every move goes to a location with
        work that the hero then finishes before leaving (another move would be a die
        spent on no mark), so the hero stays at each such location once, in some order,
        the one it is at first, and the stays take the dice left in turn
        (:meth:`_untiled`). With ``k`` dice to spare, at most ``k`` locations are
        visited more than once: the others are still stayed at once each, in some order
        (the one it is at first, unless it is one of those ``k``), and for the ``k`` the
        dice of every round are counted. A location's numbers must then come from the
        rounds of its stay (a round where the hero moves counted for both locations),
        and the ones missing there from Wild dice or superpower uses.
        """
        here = sheet.position
        slack = self._slack_of(sheet, progress)
        if not slack:
            return self._untiled(sheet, progress)
        if slack < 0 or len(progress.work) > 5 or slack >= len(progress.work) - 1:
            return False  # short of dice (_slack judges), too many orders, nothing to order
        now = () if sheet.done else self._free(sheet)
        key = (sheet.round, now, here, progress.stays_id, slack)
        spare = self.routes.get(key)
        if spare is None:
            rounds = self._rounds_left(sheet.round, now)
            if not rounds:  # no dice left: _slack judges
                return False
            lacks = self._lacks(progress, sheet.round, now)
            spare = self.routes[key] = _fewest_made_up(here, lacks, len(rounds), slack)
        return spare > self._makers(sheet)

    def _untiled(self, sheet: Sheet, progress: _Progress) -> bool:
        """With no die to spare: whether no order of single stays can take the dice left in
        turn (see :func:`_tiles`), worked out once per marks still to make, dice left, place,
        Wild dice and superpower uses left, and the Wild dice earned and still to earn."""
        now = () if sheet.done else self._free(sheet)
        key = (sheet.round, now, sheet.position, progress.stays_id, sheet.minions,
               sheet.wild_spent, sheet.powers_used, progress.wild_earned, progress.wild_to_earn)
        untiled = self.tilings.get(key)
        if untiled is None:
            round_sets = self.round_sets.get((sheet.round, now))
            if round_sets is None:
                round_sets = self.round_sets[sheet.round, now] = [
                    frozenset(r) for r in self._rounds_left(sheet.round, now)]
            untiled = self.tilings[key] = not _tiles(
                sheet.position, progress.jobs, self._lacks(progress, sheet.round, now),
                round_sets, len(now), self.per_round, self.drawn.wild_used - sheet.wild_spent,
                self.drawn.powers_used - sheet.powers_used, self._teleports(sheet),
                progress.wild_earned - sheet.wild_spent, dict(progress.wild_to_earn))
        return untiled

    def _lacks(self, progress: _Progress, round_: int, now: tuple[int, ...]
               ) -> dict[int, list[list[int]]]:
        """For each location with work, :meth:`_stay_lacks` of its numbers missing (read once
        per numbers missing, round and dice left: the route and tiling bounds ask)."""
        key = (progress.stays_id, round_, now)
        lacks = self.lacks.get(key)
        if lacks is None:
            lacks = self.lacks[key] = {n: self._stay_lacks(numbers, round_, now)
                                       for n, numbers in progress.stays}
        return lacks

    def _rounds_left(self, round_: int, now: tuple[int, ...]) -> list[Sequence[int]]:
        """The dice left by rolls: this round's unused ones (if any), then each later roll."""
        return [now, *self.rolls[round_:]] if now else list(self.rolls[round_:])

    def _stay_lacks(self, numbers: tuple[int, ...], round_: int, now: tuple[int, ...]
                    ) -> list[list[int]]:
        """:func:`_stay_lacks` over the dice left, read once per numbers, round and dice."""
        at = (numbers, round_, now)
        table = self.stay_lacks.get(at)
        if table is None:
            table = self.stay_lacks[at] = _stay_lacks(numbers, self._rounds_left(round_, now),
                                                      self.faces)
        return table

    def _teleports(self, sheet: Sheet) -> bool:
        """Whether the hero may still Teleport (move anywhere with any die)."""
        power = self.power
        return (power is not None and power.effect == "teleport"
                and sheet.powers_used < self.drawn.powers_used)

    def _first_out_of_order(self, sheet: Sheet) -> str:
        """In words, the first number still missing on a track that the rolled dice cannot
        write in the track's order (each taken from the earliest round that has it)."""
        now = () if sheet.done else tuple(d.value for d in sheet.dice if d.used is None)
        rounds = [now, *self.rolls[sheet.round:]]
        for i in self.tracks:
            loc, have = self.locs[i], sheet.marks[i]
            at, pool = 0, list(rounds[0])
            for value, words in self.kinds[i].missing(loc, have, self.drawn.marks[i]):
                while value not in pool and at + 1 < len(rounds):
                    at += 1
                    pool = list(rounds[at])
                if value not in pool:
                    return words
                pool.remove(value)
        return ""

    def _power_makes(self, round_: int, value: int) -> bool:
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

    # -- the nearest point of failure ------------------------------------------------------

    def _remember(self, sheet: Sheet, prog: int) -> None:
        made = prog.bit_count()
        best = self.best
        if best is None or made > best[0] or (made == best[0] and sheet.round > best[1]):
            self.best = (made, sheet.round, sheet)
            self.best_short = 0
            self.best_order = False

    def nearest_failure(self) -> str:
        """In plain words: how far the closest legal play gets, and the first mark it misses."""
        if self.best is None:
            return "No legal play over this game's rolls draws these marks."
        made, _, sheet = self.best
        missing = (self.best_order and self._first_out_of_order(sheet)) or _first_missing(
            self.edition, sheet, self.drawn, self.best_short)
        if made == self.total:
            return ("No legal play over this game's rolls draws exactly these marks: every "
                    "play that makes all of them leaves the Wild dice or superpower uses "
                    "ticked on the sheet unspent or overspent.")
        return (f"No legal play over this game's rolls draws all these marks. The closest "
                f"makes {made} of the sheet's {self.total} marks; after it, no roll has a die "
                f"that {missing} while you could be there.")


def _unmatched(numbers: Sequence[int], rounds: Sequence[Sequence[int]], faces: int) -> int:
    """The fewest of ``numbers``, written in this order, that the dice of ``rounds`` cannot
    write, the dice of each round used in any order but the rounds in theirs (what
    :func:`_made_up` counts for one track with no number scarce, in plain lists).

    ``best[k]``: the fewest left unwritten among the first ``k`` numbers after the rounds
    so far. A round writes a run of the numbers that follow, as many of them as it holds
    dice for (a run's numbers in any order within the round).
    """
    n = len(numbers)
    best = list(range(n + 1))
    for dice in rounds:
        held = [0] * (faces + 1)
        for v in dice:
            held[v] += 1
        new = list(best)
        for k in range(n):
            wanted = [0] * (faces + 1)
            written = 0
            for j in range(k, n):
                v = numbers[j]
                wanted[v] += 1
                if wanted[v] <= held[v]:
                    written += 1
                cost = best[k] + (j + 1 - k) - written
                if cost < new[j + 1]:
                    new[j + 1] = cost
        best = new
    return min(best[k] + n - k for k in range(n + 1))


def _made_up(tracks: Sequence[Sequence[int]], rounds: Sequence[Sequence[int]], faces: int,
             scarce: dict[int, int]) -> int:
    """The fewest numbers Wild dice or superpower uses must make for the tracks' numbers
    (each track's written in its order) and for the numbers the dice of ``rounds`` hold too
    few of (``scarce``: how many too few), the dice of each round used in any order but the
    rounds in theirs.

    Each track is counted on its own, as if no other location wanted the dice, so this
    never counts too many. A number made for a track that is scarce anyway costs nothing
    until as many of it are made as it is short of (they are made whatever the tracks
    do). The states of the count: how many of each scarce number were made so far, at
    most its shortage, and the fewest numbers made beyond those.
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
    """``states`` after one more ``v`` is made (see :func:`_made_up`)."""
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
    """The states of :func:`_made_up` once ``numbers`` are written in this order too.

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


def _stay_lacks(numbers: Sequence[int], rounds: Sequence[Sequence[int]],
                faces: int) -> list[list[int]]:
    """For a location that needs ``numbers``: ``[first][last]``, the numbers it lacks in a
    stay over those rounds (see :func:`_fewest_made_up`).

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


def _fewest_made_up(here: int | None, lacks: dict[int, list[list[int]]], count: int,
                    split: int = 0) -> int:
    """The fewest numbers that Wild dice or superpower uses must make up, over every order
    of one stay at each location of ``lacks`` (``here`` first if it is one of them; see
    :func:`_stay_lacks`): a location's numbers come from the dice of the rounds of its
    stay; stays follow one another, a round where the hero moves on counting for both
    (see _Search._no_route).

    With ``split``, that many locations (any of them) may be stayed at more than once:
    they are left out of the order and take their numbers from every round.
    """
    if split:
        fewest = None
        for apart in combinations(list(lacks), split):
            rest = {n: t for n, t in lacks.items() if n not in apart}
            made = _fewest_made_up(here, rest, count)
            made += sum(lacks[n][0][count - 1] for n in apart)
            if fewest is None or made < fewest:
                fewest = made
                if not made:
                    break
        return fewest or 0
    if not lacks:
        return 0
    numbers = list(lacks)
    if numbers == [here]:
        return lacks[here][0][count - 1]
    bit = {n: 1 << i for i, n in enumerate(numbers)}
    full = (1 << len(numbers)) - 1
    last_round = count - 1
    # cost[mask][t]: the fewest so far over the stays at the locations of mask, the last
    # ending in round t (_NEVER: no such order)
    start = [0] + [_NEVER] * last_round
    first_mask = 0
    if here in lacks:
        first_mask = bit[here]
        start = list(lacks[here][0])
    cost = {first_mask: start}
    best = _NEVER
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
                    c = so_far + rows[first][last_round]
                    if c < best:
                        best = c
                continue
            new = cost.get(grown)
            if new is None:
                new = cost[grown] = [_NEVER] * count
            for first, so_far in starts:
                row = rows[first]
                for last in range(first, count):
                    c = so_far + row[last]
                    if c < new[last]:
                        new[last] = c
    return best if best < _NEVER else 0


def _tiles(here: int | None, jobs: dict[int, tuple[int, int]],
           lacks: dict[int, list[list[int]]], rounds: Sequence[frozenset[int]], first: int,
           per_round: int, wild: int, powers: int, teleport: bool, in_hand: int,
           to_earn: dict[int, int]) -> bool:
    """Whether, with no die to spare, some order of one stay at each location of ``jobs``
    (``here`` first if it is one of them) can take the dice left in turn.

    With no die to spare every die left is a mark, a Robot Minion or a move, and every
    Wild die one too. A stay at ``n`` takes ``jobs[n][0]`` of them (its marks and Robot
    Minions, of which ``jobs[n][1]`` are numbers), less the Wild dice it spends, and
    the move on takes the next die (or a Wild die): so where a stay starts and ends
    among the dice left follows from the stays before it and the Wild dice spent. Its
    numbers come from the rounds it covers (``lacks[n]``, :func:`_stay_lacks`: a round
    shared with the stay before or after counted whole, as its dice may be used in
    any order), the ones missing from Wild dice, or from superpower uses that change
    one of its dice (not Teleport); the move's die is of either place's number in the
    round that die is from (``rounds``: the numbers of each round's dice left, the
    first holding ``first`` dice, the others ``per_round``), or a superpower use (any
    die, with Teleport) or a Wild die. ``wild`` Wild dice must all be spent, at most
    ``powers`` superpower uses. A Wild die is spent only once earned: by the end of a
    stay, no more than ``in_hand`` (earned and not spent yet) and those the marks of the
    stays so far unlock (``to_earn``, the whole stay's as soon as it starts). What each
    superpower makes is not asked, nor a track's order, nor when in a stay its Wild dice
    are earned: this never refuses a play that exists.
    """
    return _Tiling(jobs, lacks, rounds, first, per_round, wild, powers, teleport, in_hand,
                   to_earn).tiles(here)


class _Tiling:
    """The search of :func:`_tiles`: a depth-first search over which locations are stayed
    at so far (``mask``), the place the hero is at, the Wild dice and superpower uses
    spent (where among the dice left it is follows from them), remembering the ones that
    failed. ``cap`` goes along: the most Wild dice spent by the end of the stays so far
    (those in hand, and all those the stays' marks unlock). An object rather than two
    nested functions calling each other: those make a reference cycle on every call,
    which only the cycle collector frees (see :func:`_collector_paused`)."""

    __slots__ = ("bit", "failed", "full", "in_hand", "jobs", "lacks", "numbers", "per_round",
                 "powers", "rounds", "skip", "teleport", "to_earn", "total", "wild")

    def __init__(self, jobs: dict[int, tuple[int, int]], lacks: dict[int, list[list[int]]],
                 rounds: Sequence[frozenset[int]], first: int, per_round: int, wild: int,
                 powers: int, teleport: bool, in_hand: int, to_earn: dict[int, int]) -> None:
        self.jobs, self.lacks, self.rounds = jobs, lacks, rounds
        self.per_round, self.wild, self.powers, self.teleport = per_round, wild, powers, teleport
        self.in_hand = in_hand
        self.numbers = list(jobs)
        self.to_earn = {n: to_earn.get(n, 0) for n in self.numbers}
        self.bit = {n: 1 << i for i, n in enumerate(self.numbers)}
        self.full = (1 << len(self.numbers)) - 1
        self.total = first + per_round * (len(rounds) - 1) if first else per_round * len(rounds)
        self.skip = per_round - first if first else 0  # so that die k is in round (k + skip) // n
        self.failed: set[tuple[int, int | None, int, int]] = set()

    def tiles(self, here: int | None) -> bool:
        if here in self.jobs:
            return self.stay(here, 0, 0, 0, self.bit[here], self.in_hand + self.to_earn[here])
        return self.moves_on(0, here, 0, 0, 0, self.in_hand)

    def stay(self, n: int, at: int, wild_spent: int, used: int, mask: int, cap: int) -> bool:
        """A stay at ``n`` from die ``at`` on: its marks and Robot Minions, then the move on."""
        size, need = self.jobs[n]
        rows = self.lacks[n]
        total, skip, per_round = self.total, self.skip, self.per_round
        room = min(self.wild, cap) - wild_spent  # the Wild dice the stay may spend
        for by_wild in range(min(size, room) + 1):
            dice = size - by_wild
            if at + dice > total:
                continue
            lack = (rows[(at + skip) // per_round][(at + dice - 1 + skip) // per_round]
                    if dice else need)
            changed = lack - by_wild if lack > by_wild else 0
            if changed and (self.teleport or used + changed > self.powers):
                continue
            if self.moves_on(mask, n, at + dice, wild_spent + by_wild, used + changed, cap):
                return True
        return False

    def moves_on(self, mask: int, place: int | None, at: int, wild_spent: int, used: int,
                 cap: int) -> bool:
        """The move from ``place`` on to a location not yet stayed at, or the end."""
        total = self.total
        if mask == self.full:
            return at == total and wild_spent == self.wild
        key = (mask, place, wild_spent, used)
        failed = self.failed
        if key in failed:
            return False
        dice = self.rounds[(at + self.skip) // self.per_round] if at < total else frozenset()
        bit, stay, to_earn = self.bit, self.stay, self.to_earn
        by_wild = wild_spent < self.wild and wild_spent < cap  # a move by a Wild die
        for n in self.numbers:
            if mask & bit[n]:
                continue
            grown = mask | bit[n]
            grown_cap = cap + to_earn[n]
            if at < total:
                if n in dice or place in dice:
                    if stay(n, at + 1, wild_spent, used, grown, grown_cap):
                        return True
                elif used < self.powers and stay(n, at + 1, wild_spent, used + 1, grown,
                                                 grown_cap):
                    return True
            if by_wild and stay(n, at, wild_spent + 1, used, grown, grown_cap):
                return True
        failed.add(key)
        return False


@cache
def _by_size(count: int) -> list[int]:
    """The subsets of ``count`` things as bits, the smaller first (see _fewest_made_up)."""
    return sorted(range(1 << count), key=int.bit_count)


def _cheaper_starts(now: list[int]) -> list[tuple[int, int]]:
    """The rounds the next stay may start in, with the fewest made up so far (see
    :func:`_fewest_made_up`), leaving out each that an earlier one costs no more than:
    a stay that starts sooner holds every die a later one would, so it lacks no more
    whatever round it ends in.
    """
    out = []
    low = _NEVER
    for first, so_far in enumerate(now):
        if so_far < low:
            low = so_far
            out.append((first, so_far))
    return out


def _round_of(ends: list[_End]) -> int:
    """The round the endings end (all end the same round); 0 if there are none."""
    return ends[0][0].round if ends else 0


def _unbeaten(states: Iterable[tuple[Sheet, int, Any]]) -> list[tuple[Sheet, int, Any]]:
    """The states no other beats in every way: at the same place with the same superpower
    uses, with every mark of it and more, and no more Wild dice spent."""
    groups: dict[tuple[Any, ...], list[tuple[Sheet, int, Any]]] = {}
    for state in sorted(states, key=lambda s: (-s[1].bit_count(), s[0].wild_spent)):
        sheet, bits = state[0], state[1]
        kept = groups.setdefault((sheet.position, sheet.powers_used), [])
        if not any(k[0].wild_spent <= sheet.wild_spent and k[1] & bits == bits for k in kept):
            kept.append(state)
    return [state for kept in groups.values() for state in kept]


def _first_missing(edition: Edition, sheet: Sheet, drawn: PaperMarks, number: int = 0) -> str:
    """The first drawn mark ``sheet`` lacks (of ``number``, if given), in words.

    ``puts the 5 after the 4 in Powerplant's 3rd box``.
    """
    for loc, have, want in zip(edition.locations, sheet.marks, drawn.marks, strict=True):
        for value, words in locations.kind_of(loc).missing(loc, have, want):
            if number in (0, value):
                return words
    for loc, have, want in zip(edition.locations, sheet.minions, drawn.minions, strict=True):
        if have < want:
            return f"defeats a {locations.ordinal(have + 1)} Robot Minion at {loc.name}"
    if number:
        return _first_missing(edition, sheet, drawn)
    return "spends the Wild dice and superpower uses the sheet ticks"
