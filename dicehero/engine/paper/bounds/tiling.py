"""Tiling: with no die to spare, the stays at the locations with work take the dice left in
turn, so a stay's count of marks and Robot Minions says which rounds it draws its numbers
from and in which round the move on is made."""

from __future__ import annotations

from collections.abc import Sequence


def tiles(here: int | None, jobs: dict[int, tuple[int, int]],
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
    numbers come from the rounds it covers (``lacks[n]``, :func:`.route.stay_lacks`: a round
    shared with the stay before or after counted whole, as its dice may be used in
    any order), the ones missing from Wild dice, or from superpower uses that change
    one of its dice (not Teleport); the move's die is of either place's number in the
    round that die is from (``rounds``: the numbers of each round's dice left, the
    first holding ``first`` dice, the others ``per_round``), or a superpower use (any
    die, with Teleport) or a Wild die. ``wild`` Wild dice must all be spent, at most
    ``powers`` superpower uses. A Wild die is spent only once earned: by the end of a
    stay, no more than ``in_hand`` (earned and not spent yet) and those the marks of the
    stays so far unlock (``to_earn``, the whole stay's as soon as it starts). What each
    superpower makes is not asked, nor a track's order beyond what ``lacks`` reads
    (:func:`.route.track_lacks`), nor when in a stay its Wild dice are earned: this
    never refuses a play that exists.
    """
    return _Tiling(jobs, lacks, rounds, first, per_round, wild, powers, teleport, in_hand,
                   to_earn).tiles(here)


class _Tiling:
    """The search of :func:`tiles`: a depth-first search over which locations are stayed
    at so far (``mask``), the place the hero is at, the Wild dice and superpower uses
    spent (where among the dice left it is follows from them), remembering the ones that
    failed. ``cap`` goes along: the most Wild dice spent by the end of the stays so far
    (those in hand, and all those the stays' marks unlock). An object rather than two
    nested functions calling each other: those make a reference cycle on every call,
    which only the cycle collector frees (see :mod:`dicehero.engine.paper.witness`)."""

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
