"""Bot games' paper marks for the witness tests: the marks, each changed in one place, and one
game judged both ways in a worker process (so the 1,000-game test can use both cores).

The par bot takes seconds a game, so its games are a fixture, played once and kept as game
logs (``tests/fixtures/par_games.json``, seeds 0-199; the witness only needs a real play,
so the fixture stays right whatever par learns later). To play them again::

    .venv/bin/python tests/witnesskit.py 200 > tests/fixtures/par_games.json
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from dicehero.editions import load_edition
from dicehero.engine.actions import Action, parse_action
from dicehero.engine.bots import GreedyBot, RandomBot
from dicehero.engine.errors import ActionError
from dicehero.engine.paper import (
    VERIFIED,
    PaperMarks,
    Settings,
    Verdict,
    check_drawn,
    find_witness,
    parse_marks,
)
from dicehero.engine.replay import replay
from dicehero.engine.simulation import SimulatedGame, make_bot, play_game
from dicehero.words import english

# for a changed sheet (undecided: counted, not failed), naming a wrong mark within as many
CHANGED_CAP = Settings(max_states=30_000, name_states=30_000)
PAR_GAMES = Path(__file__).resolve().parent / "fixtures" / "par_games.json"


def bot_game(ed, seed: int, bot=None) -> tuple[SimulatedGame, PaperMarks]:
    """Seed ``seed``'s game (even seeds a random bot, odd seeds a greedy one, unless ``bot``)
    and the marks its sheet shows."""
    bot = bot or (GreedyBot if seed % 2 else RandomBot)
    game = play_game(ed, [bot(random.Random(seed))], seed)
    return game, PaperMarks.of(game.players[0].sheet)


def par_game(seed: int) -> dict[str, Any]:
    """Seed ``seed``'s game of the par bot, as a game log (``docs/GAME-LOG.md``) with its seed."""
    ed = load_edition("classic")
    return {"seed": seed, **play_game(ed, [make_bot("par", random.Random(seed))], seed).to_log()}


@cache
def par_games() -> tuple[dict[str, Any], ...]:
    """The par bot's games of the fixture (see the module docstring)."""
    return tuple(json.loads(PAR_GAMES.read_text(encoding="utf-8")))


def par_sheet(ed, log: dict[str, Any]) -> tuple[Any, list[list[int]], list[list[Action]],
                                                PaperMarks]:
    """A par game of the fixture replayed: its offer, rolls, actions and the marks drawn."""
    player = log["players"][0]
    rounds = [[parse_action(a) for a in r] for r in player["rounds"]]
    sheet = replay(ed, log["superpower_offer"], log["rolls"], rounds, player["superpower"])
    return tuple(log["superpower_offer"]), log["rolls"], rounds, PaperMarks.of(sheet)


def witness_draws(ed, offer, rolls, paper: PaperMarks, verdict: Verdict) -> bool:
    """The witness, replayed from nothing by the engine, draws exactly the paper's marks."""
    sheet = replay(ed, offer, rolls, [list(r) for r in verdict.rounds], paper.superpower)
    return PaperMarks.of(sheet).to_dict() | {"bystanders": None} == (
        paper.to_dict() | {"bystanders": None})


ALL_CHANGES = ("move", "move", "swap", "mark", "minion", "wild")


def changed_in_one_place(ed, paper: PaperMarks, rng: random.Random,
                         offer: Sequence[int] | None = None,
                         rolls: Sequence[Sequence[int]] | None = None,
                         changes: tuple[str, ...] = ALL_CHANGES) -> tuple[PaperMarks, str]:
    """The marks with one thing changed, and what: an X, a number, a Robot Minion or a Wild
    die ticked; or, so that the quick checks pass and the search itself must judge, an X
    moved to another box, a Hospital number moved to another pair, two track numbers
    swapped or one moved to another number the rule allows. With the game's ``offer`` and
    ``rolls``, a change the
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
        if rolls is not None:
            try:
                check_drawn(changed, ed, offer or (), rolls)
            except ActionError:
                continue
        return changed, what
    return changed, what


def judge_game(seed: int) -> dict[str, Any]:
    """Seed ``seed``'s marks verified at the default cap (the witness replayed), and the
    marks changed in one place judged: verified with a witness that replays, or refused."""
    ed = load_edition("classic")
    game, paper = bot_game(ed, seed)
    return _judged(ed, seed, game.offer, game.rolls, paper)


def judge_par_game(index: int) -> dict[str, Any]:
    """:func:`judge_game` of the par fixture's game ``index``."""
    ed = load_edition("classic")
    log = par_games()[index]
    offer, rolls, _, paper = par_sheet(ed, log)
    return _judged(ed, log["seed"], offer, rolls, paper)


def _judged(ed, seed: int, offer, rolls, paper: PaperMarks) -> dict[str, Any]:
    verdict = find_witness(ed, offer, rolls, paper)
    out: dict[str, Any] = {"seed": seed, "status": verdict.status, "code": verdict.code,
                           "replays": verdict.verified and witness_draws(
                               ed, offer, rolls, paper, verdict)}
    changed, what = changed_in_one_place(ed, paper, random.Random(seed), offer, rolls)
    judged = find_witness(ed, offer, rolls, changed, CHANGED_CAP)
    out["changed"] = {"what": what, "status": judged.status, "code": judged.code,
                      "reason": english(judged.reason) if judged.reason else "",
                      "replays": judged.status == VERIFIED and witness_draws(
                          ed, offer, rolls, changed, judged)}
    return out


if __name__ == "__main__":  # the par fixture: python tests/witnesskit.py GAMES > par_games.json
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(2) as pool:
        games = list(pool.map(par_game, range(int(sys.argv[1]))))
    print("[" + ",\n".join(json.dumps(g, separators=(",", ":")) for g in games) + "]")
