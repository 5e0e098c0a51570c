"""The witness search of a paper sheet as a worker process's job: JSON in, JSON out.

Run by :mod:`dicehero.store.par_child`, never by a process that answers requests: the
search takes up to seconds of CPU and pauses the garbage collector while it runs.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from dicehero.editions import load_edition
from dicehero.engine.actions import parse_action
from dicehero.engine.paper import (
    Sent,
    Settings,
    Verdict,
    collector_paused,
    find_witness,
    parse_marks,
)
from dicehero.engine.phrase import from_json, to_json


def witness_job(edition_name: str, offer: Sequence[int], rolls: Sequence[Sequence[int]],
                marks: dict[str, Any], sent: Sequence[tuple[dict[str, Any], int, bool]] = (),
                max_states: int | None = None, seconds: float | None = None) -> dict[str, Any]:
    """The verdict on ``marks`` over ``rolls`` (:func:`find_witness`), or ``cut_short``
    when ``seconds`` ran out first: the pool then runs it again when it is free, so a
    verdict never depends on how busy the machine was."""
    edition = load_edition(edition_name)
    # The server's cap bounds the search and, after a refusal, the naming of a wrong mark.
    settings = Settings() if max_states is None else Settings(max_states=max_states,
                                                              name_states=max_states)
    stopped = []
    deadline = None if seconds is None else time.monotonic() + seconds

    def pause() -> bool:
        if deadline is not None and time.monotonic() >= deadline:
            stopped.append(True)
            return False
        return True

    with collector_paused():
        verdict = find_witness(edition, tuple(offer), rolls, parse_marks(marks, edition),
                               settings, pause,
                               [Sent(parse_marks(m, edition), rolled, open_)
                                for m, rolled, open_ in sent])
    if stopped:
        return {"cut_short": True}
    return {"status": verdict.status, "code": verdict.code, "reason": to_json(verdict.reason),
            "nodes": verdict.nodes, "rounds": [[a.to_dict() for a in r] for r in verdict.rounds],
            "mark": verdict.mark}


def verdict_of(answer: dict[str, Any]) -> Verdict:
    """The :class:`Verdict` a :func:`witness_job` answered (its witness, not its sheet)."""
    return Verdict(answer["status"], code=answer["code"], reason=from_json(answer["reason"]),
                   nodes=answer["nodes"], mark=answer.get("mark"),
                   rounds=tuple(tuple(parse_action(a) for a in r) for r in answer["rounds"]))


JOBS = {"witness": witness_job}
