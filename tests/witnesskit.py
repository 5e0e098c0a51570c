"""Bot games' paper marks for the witness tests: the marks, each changed in one place, and one
game judged both ways in a worker process (so the 1,000-game test can use both cores)."""

from __future__ import annotations

import random
from typing import Any

from dicehero.editions import load_edition
from dicehero.engine.bots import GreedyBot, RandomBot
from dicehero.engine.errors import ActionError
from dicehero.engine.paper import (
    VERIFIED,
    PaperMarks,
    Verdict,
    check_drawn,
    find_witness,
    parse_marks,
)
from dicehero.engine.replay import replay
from dicehero.engine.simulation import SimulatedGame, play_game

CHANGED_CAP = 30_000  # states for a changed sheet (an undecided one is counted, not failed)


def bot_game(ed, seed: int, bot=None) -> tuple[SimulatedGame, PaperMarks]:
    """Seed ``seed``'s game (even seeds a random bot, odd seeds a greedy one, unless ``bot``)
    and the marks its sheet shows."""
    bot = bot or (GreedyBot if seed % 2 else RandomBot)
    game = play_game(ed, [bot(random.Random(seed))], seed)
    return game, PaperMarks.of(game.players[0].sheet)


def witness_draws(ed, offer, rolls, paper: PaperMarks, verdict: Verdict) -> bool:
    """The witness, replayed from nothing by the engine, draws exactly the paper's marks."""
    sheet = replay(ed, offer, rolls, [list(r) for r in verdict.rounds], paper.superpower)
    return PaperMarks.of(sheet).to_dict() | {"bystanders": None} == (
        paper.to_dict() | {"bystanders": None})


ALL_CHANGES = ("move", "move", "swap", "mark", "minion", "wild")


def changed_in_one_place(ed, paper: PaperMarks, rng: random.Random,
                         game: SimulatedGame | None = None,
                         changes: tuple[str, ...] = ALL_CHANGES) -> tuple[PaperMarks, str]:
    """The marks with one thing changed, and what: an X, a number, a Robot Minion or a Wild
    die ticked; or, so that the quick checks pass and the search itself must judge, an X
    moved to another box, a Hospital number moved to another pair, two track numbers
    swapped or one moved to another number the rule allows. With ``game``, a change the
    quick checks (each location's rule, the ticks, the numbers rolled) refuse is drawn again
    (up to 30 times). ``changes`` picks the kinds of change (see :data:`ALL_CHANGES`)."""
    for _ in range(30):
        data = paper.to_dict()
        data.pop("bystanders", None)
        i = rng.randrange(len(ed.locations))
        loc, marks = ed.locations[i], data["marks"][i]
        what = rng.choice(changes)
        if what == "minion":
            data["minions"][i] = max(0, min(ed.minions_per_location,
                                            data["minions"][i] + rng.choice((-1, 1))))
        elif what == "wild":
            data["wild_used"] = max(0, data["wild_used"] + rng.choice((-1, 1)))
        elif loc.kind == "cells":
            on = [c for c, m in enumerate(marks) if m]
            off = [c for c, m in enumerate(marks) if not m]
            if what in ("move", "swap") and on and off:
                marks[rng.choice(on)], marks[rng.choice(off)] = False, True
                what = "move an X"
            else:
                c = rng.randrange(len(marks))
                marks[c] = not marks[c]
                what = "add or take away an X"
        elif loc.kind == "pairs":
            used = [p for p, m in enumerate(marks) if m]
            empty = [p for p, m in enumerate(marks) if not m]
            if what in ("move", "swap") and used and empty:
                p = rng.choice(used)
                value, marks[p] = marks[p][-1], marks[p][:-1]
                marks[rng.choice(empty)] = [value]
                what = "move a number to another pair"
            else:
                p = rng.randrange(len(marks))
                marks[p] = marks[p][:-1] if marks[p] else [rng.randint(1, ed.faces)]
                what = "add or take away a Hospital number"
        elif what == "swap" and len(marks) >= 2:
            a, b = rng.sample(range(len(marks)), 2)
            marks[a], marks[b] = marks[b], marks[a]
            what = "swap two track numbers"
        elif what == "move" and marks:
            k = rng.randrange(len(marks))
            marks[k] = rng.choice([v for v in range(1, ed.faces + 1) if v != marks[k]])
            what = "move a track number to another number"
        elif len(marks) < len(loc.boxes):
            marks.append(rng.randint(1, ed.faces))
            what = "add a track number"
        changed = parse_marks(data, ed)
        if changed == paper:
            continue
        if game is not None:
            try:
                check_drawn(changed, ed, game.offer, game.rolls)
            except ActionError:
                continue
        return changed, what
    return changed, what


def judge_game(seed: int) -> dict[str, Any]:
    """Seed ``seed``'s marks verified at the default cap (the witness replayed), and the
    marks changed in one place judged: verified with a witness that replays, or refused."""
    ed = load_edition("classic")
    game, paper = bot_game(ed, seed)
    verdict = find_witness(ed, game.offer, game.rolls, paper)
    out: dict[str, Any] = {"seed": seed, "status": verdict.status, "code": verdict.code,
                           "replays": verdict.verified and witness_draws(
                               ed, game.offer, game.rolls, paper, verdict)}
    changed, what = changed_in_one_place(ed, paper, random.Random(seed), game)
    judged = find_witness(ed, game.offer, game.rolls, changed, max_states=CHANGED_CAP)
    out["changed"] = {"what": what, "status": judged.status, "code": judged.code,
                      "reason": judged.reason,
                      "replays": judged.status == VERIFIED and witness_draws(
                          ed, game.offer, game.rolls, changed, judged)}
    return out
