"""What the witness search answers, and the marks a player sent before: both JSON-able."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dicehero.engine.actions import Action
from dicehero.engine.paper.marks import PaperMarks
from dicehero.engine.phrase import Phrase
from dicehero.engine.state import Sheet

VERIFIED = "verified"
IMPOSSIBLE = "impossible"
UNDECIDED = "undecided"


@dataclass(frozen=True)
class Verdict:
    """What the search found: a witness, a proof there is none, or that it gave up first.

    ``rounds`` is the witness, one list of actions per roll (each round ends with
    ``done``; dice left unused are shown as ``skip``); ``sheet`` is the sheet it
    draws. ``reason`` says why a sheet is refused or undecided (a phrase the edge words).
    ``mark`` is the wrong mark a ``wrong_mark`` refusal names, as JSON-able data:
    ``{"location": i, "slot": s}`` (the location's index in sheet order and the slot its
    kind writes the mark in: a cell, a pair, a track's box) or ``{"location": i,
    "minion": True}``.
    """

    status: str
    rounds: tuple[tuple[Action, ...], ...] = ()
    sheet: Sheet | None = None
    reason: Phrase | None = None
    code: str = ""
    nodes: int = 0  # states searched
    mark: dict[str, Any] | None = None  # the wrong mark named (see above)

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
