"""Dominance: a state that beats another in every way can do whatever the other can.

Two states at the same place with the same superpower uses, one with every mark of the
other and no more Wild dice spent: the first can leave the marks it has beyond the
other's, and spend the Wild dice it kept on moves at the very end. So if the first finds
no witness, the other will not; and of two endings of a round, the beaten one need not
be tried. (Before marks sent earlier stop binding, more marks are not better: see
:class:`Failures`.)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from dicehero.engine.state import Sheet


def beats(prog: int, wild_spent: int, other_prog: int, other_wild_spent: int) -> bool:
    """Whether a state with the marks ``prog`` (as bits) and ``wild_spent`` beats, or is,
    one with ``other_prog`` and ``other_wild_spent`` at the same place and superpower
    uses: every mark of it and more, no more Wild dice spent."""
    return wild_spent <= other_wild_spent and prog & other_prog == other_prog


def unbeaten(states: Iterable[tuple[Sheet, int, Any]]) -> list[tuple[Sheet, int, Any]]:
    """The states ``(sheet, prog, ...)`` no other beats (:func:`beats`), the first of equal
    ones kept."""
    groups: dict[tuple[Any, ...], list[tuple[Sheet, int, Any]]] = {}
    for state in sorted(states, key=lambda s: (-s[1].bit_count(), s[0].wild_spent)):
        sheet, bits = state[0], state[1]
        kept = groups.setdefault((sheet.position, sheet.powers_used), [])
        if not any(beats(k[1], k[0].wild_spent, bits, sheet.wild_spent) for k in kept):
            kept.append(state)
    return [state for kept in groups.values() for state in kept]


class Failures:
    """The states between rounds that were searched to no avail, by round, place and
    superpower uses; a state one of them beats leads nowhere either.

    Up to round ``capped_until`` marks sent earlier bound what may be drawn from above
    (nothing beyond them yet), so a state with more marks is not better: only the same
    state counts.
    """

    def __init__(self, capped_until: int = -1) -> None:
        self.capped_until = capped_until
        self.failed: dict[tuple[int, int | None, int], list[tuple[int, int]]] = {}

    def beaten(self, sheet: Sheet, prog: int) -> bool:
        """Whether a state that beats this one was searched to no avail."""
        failed = self.failed.get((sheet.round, sheet.position, sheet.powers_used), ())
        if sheet.round <= self.capped_until:
            return (prog, sheet.wild_spent) in failed
        wild = sheet.wild_spent
        return any(f_wild <= wild and f_prog & prog == prog for f_prog, f_wild in failed)

    def add(self, sheet: Sheet, prog: int) -> None:
        """``sheet`` (its marks ``prog``) was searched to no avail."""
        self.failed.setdefault((sheet.round, sheet.position, sheet.powers_used), []).append(
            (prog, sheet.wild_spent))
