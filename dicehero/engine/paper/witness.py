"""Finding a witness: a legal play over the game's real rolls that draws exactly a paper sheet.

A paper sheet shows marks, not moves. To verify it, :func:`find_witness` looks for a
**witness**: round by round, what each die did (move, help, minion, power or nothing),
such that the engine accepts every step and the last sheet holds exactly the drawn
marks. The rules are the engine's own: every step is an
:func:`~dicehero.engine.rules.apply` of one of the actions the engine itself lists
(:func:`~dicehero.engine.rules.candidates`), each round opened by
:func:`~dicehero.engine.rules.start_round`, and the witness found is replayed once more
from nothing by :class:`~dicehero.engine.replay.Replay`.

**The contract.** ``verified`` comes with a witness the engine replays; ``impossible``
only when no legal play draws the marks (the search went through every play that the
bounds of :mod:`dicehero.engine.paper.bounds` did not prove hopeless, and those never
refuse a play that exists); ``undecided`` when the search ran out of states
(``Settings.max_states``) or the server stopped it, for the host to judge by hand. A
verdict is the same on any machine: the cap counts states, not seconds. The settings
(:class:`Settings`) only change how soon a verdict comes, never which of ``verified``
and ``impossible`` it is.

The search only decides which steps to try (:mod:`dicehero.engine.paper.search`):

* **towards the drawing**: a step that writes a number, an X or a Robot Minion the
  paper does not show, or spends more Wild dice or superpower uses than it ticks, can
  never be undone by later play, so it is not tried;
* **one order per round**: the search goes round by round. Within a round, what a hero
  does at one place in one stay gives the same sheet in any order, so it is tried in one
  order only: helps (by die, or box by box on a track; Wild dice after the rolled ones,
  in any order, as one may earn the next), then Robot Minions, then a move on; a
  superpower use just before the die it changes is spent. Unused dice are left at the
  end of a round (shown as skipped);
* **the likeliest first**: the endings of a round with few dice to spare come layer by
  layer, those that keep the most dice to spare first, each layer ranked
  (:mod:`.search.order`); passes of growing length try other orders, and the passes
  before the last try only the first few endings of each round, one more each pass (a
  wrong turn in an early round is seldom proved wrong short of searching every round
  after it);
* **once per state**: a state at the end of a round that did not lead to the drawing
  marks every state it beats the same way as failed (:mod:`.search.dominance`);
* **enough dice**: the bounds (:mod:`dicehero.engine.paper.bounds`) abandon a state
  that cannot lead to the drawing, between rounds and within one.

A player who sent marks earlier and sends the sheet again may only have added what the
dice rolled since could have made (:class:`Sent`): the witness must draw the earlier
marks by the end of the round that was open when they were sent, and nothing more
before that round.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from itertools import combinations
from typing import NamedTuple

from dicehero.engine.actions import Action
from dicehero.engine.edition import Edition
from dicehero.engine.errors import ActionError
from dicehero.engine.paper.bounds import short_of_numbers
from dicehero.engine.paper.marks import PaperMarks, check_drawn
from dicehero.engine.paper.search.core import DONE, OutOfTime, Search
from dicehero.engine.paper.search.settings import DEFAULT, Settings
from dicehero.engine.paper.verdict import IMPOSSIBLE, UNDECIDED, VERIFIED, Sent, Verdict
from dicehero.engine.paper.wrong_mark import name_wrong_mark
from dicehero.engine.phrase import Phrase, phrase
from dicehero.engine.replay import Replay
from dicehero.engine.rules import apply
from dicehero.engine.state import Sheet, new_sheet

UNDECIDED_REASON = phrase("check_undecided")


def find_witness(edition: Edition, offer: Sequence[int], rolls: Sequence[Sequence[int]],
                 paper: PaperMarks, settings: Settings = DEFAULT,
                 pause: Callable[[], bool] | None = None,
                 sent: Iterable[Sent] = ()) -> Verdict:
    """Search for a legal play over ``rolls`` (the rolls so far) that draws ``paper``.

    Args:
        edition, offer, rolls: the game: its edition, superpower offer and rolls so far.
        paper: the marks drawn on the sheet.
        settings: how the search spends its states (:class:`Settings`); the search gives
            up (``undecided``) after ``settings.max_states`` states.
        pause: called before the search starts and every 256 states; when it returns
            false the search stops (``undecided``). A server passes one that lets the
            rest of the server run (a cooperative server such as gevent would otherwise
            stall every live game for the length of the search) and watches its own
            clock: the engine reads none.
        sent: marks the player sent earlier, which the witness must draw by then
            (:class:`Sent`).

    Returns:
        A :class:`Verdict`: ``verified`` with the witness, ``impossible`` with a code and
        the reason in plain words (``wrong_mark`` naming the one mark without which the
        sheet is drawable, when exactly one is: :mod:`.wrong_mark`), or ``undecided``.
    """
    quick = precheck(edition, offer, rolls, paper)
    if quick is not None:
        return quick
    start = new_sheet(edition, offer)
    if paper.superpower is not None:
        start = apply(start, Action("choose", superpower=paper.superpower))
    sent = tuple(sent)
    path, nodes, undecided, failure = _searched(
        Search(edition, rolls, paper, settings, pause, sent), start)
    if undecided:
        return Verdict(UNDECIDED, code="check_undecided", nodes=nodes, reason=UNDECIDED_REASON)
    if path is None:
        if sent:  # is it the marks, or the marks sent before?
            rest = replace(settings, max_states=max(0, settings.max_states - nodes))
            alone = find_witness(edition, offer, rolls, paper, rest, pause)
            if not alone.verified:
                return replace(alone, nodes=nodes + alone.nodes)  # its reason, named mark
            return Verdict(IMPOSSIBLE, code="sent_before", nodes=nodes + alone.nodes,
                           reason=phrase("sent_before"))
        named, spent = name_wrong_mark(edition, offer, rolls, paper, settings, pause,
                                       find_witness, precheck) if settings.name_states \
            else (None, 0)
        if named is not None:
            return replace(named, nodes=nodes + spent)
        return Verdict(IMPOSSIBLE, code="no_witness", nodes=nodes + spent, reason=failure)
    rounds, sheet = _witness_rounds(start, rolls, path)
    return Verdict(VERIFIED, rounds=rounds, sheet=sheet, nodes=nodes)


def precheck(edition: Edition, offer: Sequence[int], rolls: Sequence[Sequence[int]],
             paper: PaperMarks) -> Verdict | None:
    """The refusals that need no search (a location's rule, the ticks, too few of a
    number): ``impossible`` with its reason, or None. Quick enough for a request."""
    try:
        check_drawn(paper, edition, offer, rolls)
    except ActionError as e:
        return Verdict(IMPOSSIBLE, reason=e.phrase, code=e.code)
    short = short_of_numbers(edition, rolls, paper)
    if short:
        return Verdict(IMPOSSIBLE, reason=short, code="not_enough_dice")
    return None


class _Outcome(NamedTuple):
    path: list[tuple[Action, ...]] | None  # the witness's actions round by round, if found
    nodes: int  # states searched
    undecided: bool  # whether the search ran out of states or was stopped
    failure: Phrase | None  # with no witness: the nearest point of failure


def _searched(search: Search, start: Sheet) -> _Outcome:
    """``search`` run from ``start``, kept to what the verdict needs, so that the search and
    all it holds are gone when this returns (see :func:`collector_paused`: a collector
    turned back on after the search would otherwise walk all of it)."""
    try:
        search.tick()
        path = search.run(start)
    except OutOfTime:
        return _Outcome(None, search.nodes, True, None)
    return _Outcome(path, search.nodes, False,
                    search.nearest_failure() if path is None else None)


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector off for a search, as ``timeit`` does: for a worker process
    (:mod:`dicehero.store.witness_job`) or a benchmark, never the server process, whose
    taps would run without it for the search's length.

    A search makes hundreds of thousands of sheets, tuples and generators and keeps many
    of them (the states it proved lead nowhere), so the collector, which runs every few
    hundred of them and now and then walks every object the process holds, took a tenth
    of the search's time (seeds 757, 861 and 225 of bench_witness: 10-11%). The search
    makes no reference cycles to collect, and what it made is freed before
    :func:`find_witness` returns (:func:`_searched`). The state is put back as it was.
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
        actions = _without_detours(steps.sheet, tuple(actions),
                                   last=len(rounds) + 1 == len(path))
        steps.play(actions)
        skips = [Action("skip", die=index) for index, die in enumerate(steps.sheet.dice)
                 if not die.used and steps.sheet.superpower is not None]
        steps.play([*skips, DONE])
        rounds.append((*actions, *skips, DONE))
    return tuple(rounds), steps.sheet


def _without_detours(opened: Sheet, actions: tuple[Action, ...], last: bool
                     ) -> tuple[Action, ...]:
    """A round's actions without the moves that change nothing the drawing or the next round
    sees, left out one or two at a time (two for a way there and back): the round still
    ends with the same marks, Robot Minions, Wild dice and superpower uses, and at the same
    place unless it is the witness's ``last`` round (where the hero ends, nothing reads: a
    later sheet is searched anew). Of two endings alike, the search keeps the one it met
    first, which may wander (par's game 1 ends with four moves and nothing done); a person
    reads the witness, and a die left unused says what it did better than a move that led
    nowhere."""
    def ending(acts: Sequence[Action]) -> tuple[object, ...] | None:
        sheet = opened
        try:
            for action in acts:
                sheet = apply(sheet, action)
        except ActionError:
            return None
        return (sheet.marks, sheet.minions, sheet.wild_spent, sheet.powers_used,
                None if last else sheet.position)

    target = ending(actions)
    while True:
        moves = [i for i, action in enumerate(actions) if action.type == "move"]
        drops = (drop for n in (1, 2) for drop in combinations(moves, n))
        for drop in drops:
            trial = tuple(a for i, a in enumerate(actions) if i not in drop)
            if ending(trial) == target:
                actions = trial
                break
        else:
            return actions
