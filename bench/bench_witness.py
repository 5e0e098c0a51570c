"""Paper-sheet verification: how long the witness search takes on sheets from real play.

Bot games (random and greedy, half each: even seeds random, odd seeds greedy) give the
marks a paper player would draw; each sheet is verified from its marks alone, as
``PUT .../paper`` with ``{marks}`` does. Prints how many verified, the median and p99
time per sheet (targets: 50 ms and 1 s), by bot, and the seeds that did not verify.

    .venv/bin/python bench/bench_witness.py [--games 1000] [--max-states 150000]

For a before/after on the same games in one process, ``--compare REV`` also runs the
search of ``dicehero/engine/witness.py`` as it was at git revision ``REV`` (loaded beside
today's engine, which it calls), sheet by sheet, the old search first::

    .venv/bin/python bench/bench_witness.py --games 1000 --compare b3b23b1
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

import dicehero
from dicehero.editions import load_edition
from dicehero.engine.bots import GreedyBot, RandomBot
from dicehero.engine.paper import MAX_STATES, PaperMarks, find_witness
from dicehero.engine.simulation import play_game


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def _search_at(rev: str) -> Callable[..., Any]:
    """``find_witness`` of witness.py at git revision ``rev``, as a module of its own."""
    root = Path(__file__).resolve().parent.parent
    source = subprocess.run(["git", "show", f"{rev}:dicehero/engine/witness.py"], cwd=root,
                            check=True, capture_output=True, text=True).stdout
    # the marks moved into the paper package since
    source = source.replace("dicehero.engine.paper_marks", "dicehero.engine.paper.marks")
    name = f"witness_at_{rev}"
    module = types.ModuleType(name)
    sys.modules[name] = module  # dataclasses look their module up
    exec(compile(source, f"{rev}:dicehero/engine/witness.py", "exec"), module.__dict__)
    return module.find_witness


def _report(label: str, by_seed: list[tuple[float, int, str, str, int]], slowest: int) -> None:
    """The figures of one search: by bot and overall, the seeds not verified, the slowest."""
    print(f"-- {label}")
    for kind in ("random", "greedy", "all"):
        rows = [r for r in by_seed if kind in ("all", r[2])]
        if not rows:
            continue
        ts = [r[0] for r in rows]
        status: dict[str, int] = {}
        for r in rows:
            status[r[3]] = status.get(r[3], 0) + 1
        print(f"{kind:>6}: {len(ts)} sheets {dict(sorted(status.items()))}; "
              f"median {statistics.median(ts) * 1000:.1f} ms, p99 {_p99(ts) * 1000:.0f} ms, "
              f"max {max(ts) * 1000:.0f} ms (targets: median 50 ms, p99 1000 ms)")
    failed = sorted(r[1] for r in by_seed if r[3] != "verified")
    print(f"not verified: {failed or 'none'}")
    for took, seed, kind, status_, nodes in sorted(by_seed, reverse=True)[:slowest]:
        print(f"  seed {seed} ({kind}): {took * 1000:.0f} ms, {status_}, {nodes} states")


def main() -> None:
    """Verify the marks of ``--games`` bot games and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--first", type=int, default=0, help="the first seed")
    parser.add_argument("--max-states", type=int, default=MAX_STATES)
    parser.add_argument("--slowest", type=int, default=5, help="list the slowest N seeds")
    parser.add_argument("--compare", metavar="REV", help="also run witness.py as at REV")
    args = parser.parse_args()
    edition = load_edition("classic")
    print(f"code: {os.path.dirname(dicehero.__file__)}; load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    searches: list[tuple[str, Callable[..., Any]]] = []
    if args.compare:
        searches.append((f"witness.py at {args.compare}", _search_at(args.compare)))
    searches.append(("witness.py now", find_witness))
    results: dict[str, list[tuple[float, int, str, str, int]]] = {s[0]: [] for s in searches}
    for seed in range(args.first, args.first + args.games):
        kind, bot = ("greedy", GreedyBot) if seed % 2 else ("random", RandomBot)
        game = play_game(edition, [bot(random.Random(seed))], seed)
        paper = PaperMarks.of(game.players[0].sheet)
        for label, search in searches:
            started = time.perf_counter()
            verdict = search(edition, game.offer, game.rolls, paper,
                             max_states=args.max_states)
            took = time.perf_counter() - started
            results[label].append((took, seed, kind, verdict.status, verdict.nodes))
    for label, by_seed in results.items():
        _report(label, by_seed, args.slowest)
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
