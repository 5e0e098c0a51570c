"""The witness search's knobs, in one frozen object passed to ``find_witness``."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Settings:
    """How the witness search spends its states. None of these changes what is a witness:
    they change only how soon one is found (or how soon the search gives up), so a
    different setting may turn ``undecided`` into ``verified`` or ``impossible``, never
    one of those into the other.

    Args:
        max_states: states searched before giving up as ``undecided`` (the cap: it counts
            states, not seconds, so a verdict is the same on any machine).
        first_pass: states of the first pass; each later pass has twice as many, and the
            pass that would reach ``max_states`` runs to it.
        routes_within: states searched before the route bound is asked of states with
            dice to spare (between rounds): in a quick search it costs more than it saves.
        tiles_within: states searched before the tiling bound is asked of states with no
            die to spare within a round (the same trade-off).
        check_below: dice to spare below which a state within a round is asked the dead
            dice and numbers bounds (with more to spare they seldom prune).
        tight: dice to spare at most for a round to be tight: its endings are walked
            layer by layer, those that keep the most dice to spare first, the dominated
            ones dropped, the rest ranked (:mod:`.order`); a round with more to spare is
            walked step by step, as its steps come.
        keep_endings: ranked endings of tight rounds kept for later passes, at most
            (memory: past it the kept ones are dropped and worked out again).
        late_pass: the first pass whose tight rounds rank all their endings at once by
            what they keep, Wild dice and superpower uses beyond the scarce numbers
            counted (rather than layer by layer).
        shake: places a ranked ending may move up, per pass, in the odd passes (within
            its layer; the even ones keep the ranked order).
        by_value_last: whether the last pass (the one that runs to the cap) ranks a tight
            round's endings as a player aiming for Honor would value them first.
        breadth: the endings of each round the second pass tries, at most; each later pass
            tries one more, and the last pass every one (0: every pass tries every one).
            A wrong turn in an early round is seldom proved wrong short of searching
            every round after it, so a pass that tries every ending spends itself below
            the first wrong one; a narrow pass tries other turns early and often finds a
            witness within a few endings of each round (iterative broadening). What a
            narrow pass leaves untried proves nothing, so only a pass that tried every
            ending can refuse a sheet.
        order_seed: picks the shuffled orders in which the passes after the first try
            steps (0, the default, gives the orders every verdict so far was measured
            with). Which sheets a search leaves undecided moves with the orders, so a
            benchmark runs several to tell a change's effect from one order's luck.
        name_states: states spent, after a refusal, on naming the one wrong mark
            (:mod:`dicehero.engine.paper.wrong_mark`), at most; 0 names none. Running out
            leaves the refusal unnamed, never changes it.
    """

    max_states: int = 150_000
    first_pass: int = 1_000
    routes_within: int = 2_000
    tiles_within: int = 300
    check_below: int = 6
    tight: int = 9
    keep_endings: int = 200_000
    late_pass: int = 4
    shake: int = 8
    by_value_last: bool = True
    breadth: int = 2
    order_seed: int = 0
    name_states: int = 150_000


DEFAULT = Settings()
