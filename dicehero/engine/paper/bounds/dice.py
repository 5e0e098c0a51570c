"""Dice short and dead dice: every mark, Robot Minion and move still to make takes a die."""

from __future__ import annotations

from collections.abc import Collection, Iterable


def dice_to_spare(dice_left: int, marks_still: int, moves_still: int) -> int:
    """The dice left beyond what the drawing still needs; below 0, the state is short.

    ``dice_left``: this round's unused dice, the later rolls' dice and the Wild dice still
    to spend; each mark (or Robot Minion) still to make takes one, and so does each move
    to a location with work left that the hero is not at (``moves_still``).
    """
    return dice_left - (marks_still + moves_still)


def lost_dice(free: Iterable[int], needed: Collection[int], work: Collection[int],
              here: int | None, minions_left: bool, powers_left: bool) -> int:
    """How many of the round's unused dice (``free``, their numbers) are lost whatever the
    hero does; more than the dice to spare, and the state is short.

    A die is dead if its number no mark still needs (``needed``), no Robot Minion is left
    to fight at a location with work (``minions_left``), it moves nowhere with work
    (``work``: the numbers of the locations with work) and no superpower use is left to
    change it (``powers_left``).

    Two dead dice may still make one move the count of dice asks for: the first takes
    the hero to its number's location (nothing to do there), the second, now of the
    place the hero stands on, goes anywhere (a 5 and a 5 from Downtown to the Church).
    So of ``d`` dead dice, as many as half, and no more than the moves still to make,
    may count as moves; the rest are lost.
    """
    if powers_left or minions_left:
        return 0
    moves = len(work) - (here in work)
    dead = 0
    for v in free:
        if v not in needed and not (moves and (v == here or (v in work and v != here))):
            dead += 1
    return dead - min(moves, dead // 2)
