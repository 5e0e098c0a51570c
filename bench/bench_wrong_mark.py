"""Naming the wrong mark (issue 25.4): over sheets made by changing one mark of a real sheet,
how often the refusal names a mark, how often the named mark is the changed one, and what
the naming costs.

The real sheets are bench_witness's: random and greedy bot games (``--games`` seeds, even
seeds random, odd seeds greedy) and the par bot's fixture games (``--par``). Each gets one
mark changed, the way a child's pen slips: a number, X or Robot Minion too many, or one
written in the wrong place (an X in another box, a Hospital number in another pair, a
track number changed). Sheets the quick checks refuse already say which location is
wrong, and sheets some play still draws are not refused at all: only those the search
itself refuses count. Each of those is judged twice in the same run, without naming
(``name_states=0``: the refusal as it was) and with it, and the CPU time of both is shown.

    .venv/bin/python bench/bench_wrong_mark.py [--games 200] [--par 60] [--max-states 150000]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from dataclasses import replace
from typing import Any

from bench_witness import _p99, _sheets

from dicehero.editions import load_edition
from dicehero.engine import locations
from dicehero.engine.edition import Edition
from dicehero.engine.paper import (
    IMPOSSIBLE,
    PaperMarks,
    Settings,
    find_witness,
    parse_marks,
    precheck,
)
from dicehero.engine.phrase import Phrase, phrase
from dicehero.words import english

CHANGES = ("extra", "extra", "moved")


def changed_mark(ed: Edition, paper: PaperMarks, rng: random.Random
                 ) -> tuple[PaperMarks, Phrase] | None:
    """``paper`` with one mark added or written elsewhere, and that mark as the refusal
    would name it; None if the change drawn does not fit the sheet."""
    data = paper.to_dict()
    data.pop("bystanders", None)
    i = rng.randrange(len(ed.locations))
    loc, marks = ed.locations[i], data["marks"][i]
    kind = locations.kind_of(loc)
    what = rng.choice(CHANGES)
    if rng.random() < 0.1:  # a Robot Minion too many
        if data["minions"][i] >= ed.minions_per_location:
            return None
        data["minions"][i] += 1
        return parse_marks(data, ed), phrase("wrong_minion", place=loc.name)
    if kind.name == "cells":
        off = [c for c, m in enumerate(marks) if not m]
        on = [c for c, m in enumerate(marks) if m]
        if not off or (what == "moved" and not on):
            return None
        if what == "moved":
            marks[rng.choice(on)] = False
        slot = rng.choice(off)
        marks[slot] = True
    elif kind.name == "pairs":
        room = [p for p, pair in enumerate(marks) if len(pair) < 2]
        if not room:
            return None
        slot = rng.choice(room)
        value = marks[slot][0] if marks[slot] else rng.randint(1, ed.faces)
        if what == "moved":
            full = [p for p, pair in enumerate(marks) if pair and p != slot]
            if not full:
                return None
            source = rng.choice(full)
            value = marks[source].pop()
            if marks[slot] and marks[slot][0] != value:
                return None
        marks[slot].append(value)
    else:
        if what == "moved" and marks:
            slot = rng.randrange(len(marks))
            marks[slot] = rng.choice([v for v in range(1, ed.faces + 1) if v != marks[slot]])
        else:
            if len(marks) >= len(loc.boxes):
                return None
            slot = len(marks)
            marks.append(rng.randint(1, ed.faces))
    changed = parse_marks(data, ed)
    where = next((w for k, (_, s, w) in enumerate(kind.writes(loc, changed.marks[i]))
                  if (k if kind.ordered else s) == slot), None)
    if where is None:
        return None
    return changed, phrase("wrong_mark", place=loc.name, where=where)


def _judged(ed: Edition, sheet: dict[str, Any], paper: PaperMarks, settings: Settings
            ) -> tuple[float, Any]:
    cpu = time.process_time()
    verdict = find_witness(ed, sheet["offer"], sheet["rolls"], paper, settings)
    return time.process_time() - cpu, verdict


def main() -> None:
    """Change one mark of each real sheet, judge it with and without naming, print figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="random and greedy games")
    parser.add_argument("--first", type=int, default=0, help="their first seed")
    parser.add_argument("--par", type=int, default=60, help="par games of the fixture")
    parser.add_argument("--max-states", type=int, default=150_000)
    parser.add_argument("--show", type=int, default=5, help="print N named refusals")
    args = parser.parse_args()
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} on "
          f"{os.cpu_count()} cores")
    ed = load_edition("classic")
    named_on = Settings(max_states=args.max_states)
    named_off = replace(named_on, name_states=0)
    rows: dict[str, list[dict[str, Any]]] = {"random": [], "greedy": [], "par": []}
    shown = 0
    for sheet in _sheets(args.games, args.first, args.par):
        rng = random.Random(sheet["seed"] * 7919 + 1)
        paper = parse_marks(sheet["marks"], ed)
        change = None
        for _ in range(20):
            change = changed_mark(ed, paper, rng)
            if change and precheck(ed, sheet["offer"], sheet["rolls"], change[0]) is None:
                break
            change = None
        if change is None:
            continue
        changed, expected = change
        before_cpu, before = _judged(ed, sheet, changed, named_off)
        if before.status != IMPOSSIBLE:
            continue  # still drawn by some play (or undecided): nothing to name
        after_cpu, after = _judged(ed, sheet, changed, named_on)
        row = {"seed": sheet["seed"], "before": before_cpu, "after": after_cpu,
               "named": after.code in ("wrong_mark", "wrong_minion"),
               "right": after.reason == expected, "reason": after.reason, "expected": expected}
        rows[sheet["bot"]].append(row)
        if row["named"] and shown < args.show:
            shown += 1
            print(f"  {sheet['bot']} {sheet['seed']}: {english(after.reason)}")
        if row["named"] and not row["right"]:
            print(f"  WRONG {sheet['bot']} {sheet['seed']}: named {english(after.reason)!r}, "
                  f"changed {english(expected)!r}")
    for bot, mine in [*rows.items(), ("all", [r for rs in rows.values() for r in rs])]:
        if not mine:
            continue
        named = [r for r in mine if r["named"]]
        wrong = [r for r in named if not r["right"]]
        before, after = [r["before"] for r in mine], [r["after"] for r in mine]
        print(f"{bot:>6}: {len(mine)} changed sheets refused by the search; named "
              f"{len(named)} ({len(named) / len(mine):.0%}), the changed mark "
              f"{len(named) - len(wrong)}, another {len(wrong)}; CPU without naming median "
              f"{statistics.median(before) * 1000:.0f} ms p99 {_p99(before) * 1000:.0f} ms, "
              f"with naming median {statistics.median(after) * 1000:.0f} ms "
              f"p99 {_p99(after) * 1000:.0f} ms")
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
