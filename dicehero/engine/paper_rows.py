"""Paper sheets as rows of a game's action log: their shape and the sheet each one stands for.

A paper player never answers a roll live: their sheet is entered afterwards, at the end
or round by round, and each accepted sheet is one row of the append-only log,
``{"type": "paper", "superpower": n, "rounds": [[action, ...], ...], "approved": bool}``
(round ``k`` lists what they did with roll ``k``'s dice), with ``marks`` and ``check``
(``verified`` or ``undecided``) when it was sent as drawn. A player's newest paper row
supersedes the ones before it (:class:`dicehero.engine.fold.Fold`). docs/GAME-LOG.md
describes the rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dicehero.engine.edition import Edition
from dicehero.engine.paper import UNDECIDED, VERIFIED, PaperMarks, Verdict, parse_marks
from dicehero.engine.replay import replay
from dicehero.engine.state import Sheet

PAPER = "paper"  # the action-log type of a stored paper sheet


def is_paper_row(action: Any) -> bool:
    """Whether an action-log row is a stored paper sheet (not an engine action)."""
    return isinstance(action, dict) and action.get("type") == PAPER


def paper_row(superpower: int | None, rounds: list[list[dict[str, Any]]],
              approved: bool) -> dict[str, Any]:
    """The log row of a paper sheet: ``approved`` when the host entered or approved it."""
    return {"type": PAPER, "superpower": superpower, "rounds": rounds, "approved": approved}


def marks_row(paper: PaperMarks, verdict: Verdict, approved: bool) -> dict[str, Any]:
    """The log row of a sheet sent by its marks: the witness's rounds, or none if the
    check was undecided (then the marks themselves are scored, pending the host's word)."""
    assert verdict.status in (VERIFIED, UNDECIDED)
    rounds = [[a.to_dict() for a in r] for r in verdict.rounds]
    row = {**paper_row(paper.superpower, rounds, approved),
           "marks": paper.to_dict(), "check": verdict.status}
    return row  # an undecided check's reason is its status: the pages word it


def is_approved(row: dict[str, Any]) -> bool:
    """Whether a paper row counts as final (rows stored before approval existed do)."""
    return bool(row.get("approved", True))


def paper_offer(power_mode: str, offer: Sequence[int] | None, edition: Edition) -> tuple[int, ...]:
    """The superpowers a paper player may have chosen.

    With the table's offer, one of the two rolled for everyone (shown on the host's
    screen). When every player rolls their own, a paper player rolled real dice at
    their desk that the server never saw, so any superpower is accepted.
    """
    if power_mode == "each":
        return tuple(range(1, edition.faces + 1))
    return tuple(offer or ())


def rounds_sheet(edition: Edition, offer: Sequence[int], rolls: Sequence[Sequence[int]],
                 superpower: int | None, rounds: Sequence[Sequence[Any]]) -> Sheet:
    """The sheet after the choice and each entered round; :class:`IllegalAction` at a refusal.

    Round ``k``'s actions answer roll ``k``; rounds after the last entered one are
    not started (the sheet stands where the paper player stopped entering).
    """
    return replay(edition, offer, rolls[:len(rounds)], rounds, superpower)


def row_sheet(edition: Edition, offer: Sequence[int], rolls: Sequence[Sequence[int]],
              row: dict[str, Any]) -> Sheet:
    """The sheet of a stored paper row: its rounds replayed, or its marks if never verified."""
    if row.get("check") == UNDECIDED:
        return parse_marks(row["marks"], edition).sheet(edition, tuple(offer))
    return rounds_sheet(edition, offer, rolls, row.get("superpower"), row.get("rounds") or [])
