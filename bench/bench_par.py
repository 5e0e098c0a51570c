"""Par bot benchmark: par's and greedy's mean totals on the same seeded games, the
hindsight bound, and how long par takes to decide a round.

The games are those of ``dicehero balance --seed 1`` (game ``1_000_003 * seed + i``),
so the means agree with the balance tables in docs/RULES.md. Each bot plays on every
core; a round's decision time is the worker's CPU time (``time.process_time``), so it
is what one core spends, however busy the machine. The hindsight search is slower and
runs on the first ``--hindsight`` games only.

    .venv/bin/python bench/bench_par.py [--games 1000] [--hindsight 200] [--jobs 2]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from dicehero.editions import load_edition
from dicehero.engine.actions import Action
from dicehero.engine.bots import GreedyBot
from dicehero.engine.hindsight import hindsight_game
from dicehero.engine.par import ParBot
from dicehero.engine.scoring import score
from dicehero.engine.simulation import play_game, simulated_dice
from dicehero.engine.state import Sheet


class Timed:
    """A bot whose every round is timed in CPU seconds."""

    def __init__(self, bot: ParBot | GreedyBot) -> None:
        self.bot = bot
        self.times: list[float] = []

    def choose(self, sheet: Sheet) -> Action:
        """The wrapped bot's superpower choice (not timed)."""
        return self.bot.choose(sheet)

    def play_round(self, sheet: Sheet) -> list[Action]:
        """The wrapped bot's round, timed."""
        started = time.process_time()
        actions = self.bot.play_round(sheet)
        self.times.append(time.process_time() - started)
        return actions


Row = tuple[int, list[float], list[int]]  # total, decision times, Honor of each part


def _parts(sheet: Sheet) -> list[int]:
    s = score(sheet)
    return [h for _, h in s.locations] + [s.bystander_honor, s.minion_honor]


def _play(job: tuple[str, int]) -> Row:
    """One game: the bot's total, each round's decision time, each location's Honor."""
    kind, seed = job
    edition = load_edition("classic")
    if kind == "hindsight":
        started = time.process_time()
        sheet = hindsight_game(edition, *simulated_dice(edition, seed)).sheet
        return score(sheet).total, [time.process_time() - started], _parts(sheet)
    bot = Timed(ParBot(seed) if kind == "par" else GreedyBot(random.Random(seed)))
    sheet = play_game(edition, [bot], seed).players[0].sheet
    return score(sheet).total, bot.times, _parts(sheet)


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def main() -> None:
    """Play the games and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--hindsight", type=int, default=200,
                        help="games for the hindsight bound (it is slower)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    seeds = [args.seed * 1_000_003 + i for i in range(args.games)]
    results = {}
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for kind, games in (("greedy", seeds), ("par", seeds),
                            ("hindsight", seeds[:args.hindsight])):
            started = time.perf_counter()
            results[kind] = list(pool.map(_play, [(kind, s) for s in games], chunksize=4))
            print(f"  ({kind}: {len(games)} games in {time.perf_counter() - started:.0f} s)",
                  flush=True)
    mean = {k: statistics.fmean(r[0] for r in rows) for k, rows in results.items()}
    load = os.getloadavg()
    print(f"{args.games} games (seed {args.seed}), {args.jobs} workers, "
          f"load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")
    print(f"greedy mean total   {mean['greedy']:6.1f}")
    print(f"par mean total      {mean['par']:6.1f}")
    print(f"par / greedy        {mean['par'] / mean['greedy']:6.3f}  (target >= 1.15)")
    n = args.hindsight
    par_first = statistics.fmean(r[0] for r in results["par"][:n])
    greedy_first = statistics.fmean(r[0] for r in results["greedy"][:n])
    print(f"hindsight bound     {mean['hindsight']:6.1f}  (first {n} games, where par "
          f"averages {par_first:.1f} = {par_first / mean['hindsight']:.0%} of it and "
          f"greedy {greedy_first:.1f} = {greedy_first / mean['hindsight']:.0%})")
    for kind in ("par", "greedy"):
        times = [t * 1000 for _, ts, _ in results[kind] for t in ts]
        print(f"{kind} decision per round: median {statistics.median(times):.0f} ms, "
              f"p99 {_percentile(times, 0.99):.0f} ms, max {max(times):.0f} ms "
              f"(CPU time, {len(times)} rounds)")
    hind = [ts[0] for _, ts, _ in results["hindsight"]]
    print(f"hindsight search per game: median {statistics.median(hind):.1f} s CPU")
    edition = load_edition("classic")
    labels = [loc.name for loc in edition.locations] + ["Bystanders", "Robot Minions"]
    print(f"\nmean Honor   {'greedy':>8}{'par':>8}{'hindsight':>11}")
    columns = {k: [statistics.fmean(c) for c in zip(*(r[2] for r in rows), strict=True)]
               for k, rows in results.items()}
    for i, label in enumerate(labels):
        print(f"{label:<13}{columns['greedy'][i]:8.1f}{columns['par'][i]:8.1f}"
              f"{columns['hindsight'][i]:11.1f}")
    for kind in ("greedy", "par"):
        places = columns[kind][:len(edition.locations)]
        print(f"{kind}: highest / lowest location mean {max(places) / min(places):.2f}")


if __name__ == "__main__":
    main()
