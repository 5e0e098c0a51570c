"""Paper-sheet verification: how long the witness search takes on sheets from real play.

Bot games (random and greedy, half each) give the marks a paper player would draw; each
sheet is verified from its marks alone, as ``PUT .../paper`` with ``{marks}`` does. Prints
how many verified, the median and p99 time per sheet (targets: 50 ms and 1 s), by bot.

    .venv/bin/python bench/bench_witness.py [--games 1000] [--max-states 150000]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from dicehero.editions import load_edition
from dicehero.engine.bots import GreedyBot, RandomBot
from dicehero.engine.paper_marks import PaperMarks
from dicehero.engine.simulation import play_game
from dicehero.engine.witness import MAX_STATES, find_witness


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def main() -> None:
    """Verify the marks of ``--games`` bot games and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--max-states", type=int, default=MAX_STATES)
    args = parser.parse_args()
    edition = load_edition("classic")
    times: dict[str, list[float]] = {"random": [], "greedy": []}
    counts: dict[str, dict[str, int]] = {"random": {}, "greedy": {}}
    for seed in range(args.games):
        kind, bot = ("greedy", GreedyBot) if seed % 2 else ("random", RandomBot)
        game = play_game(edition, [bot(random.Random(seed))], random.Random(seed))
        paper = PaperMarks.of(game.players[0].sheet)
        started = time.perf_counter()
        verdict = find_witness(edition, game.offer, game.rolls, paper,
                               max_states=args.max_states)
        times[kind].append(time.perf_counter() - started)
        counts[kind][verdict.status] = counts[kind].get(verdict.status, 0) + 1
    everything = times["random"] + times["greedy"]
    for kind, ts in (*times.items(), ("all", everything)):
        status = counts.get(kind) or {
            s: counts["random"].get(s, 0) + counts["greedy"].get(s, 0)
            for s in ("verified", "undecided", "impossible")}
        print(f"{kind:>6}: {len(ts)} sheets {dict(sorted(status.items()))}; "
              f"median {statistics.median(ts) * 1000:.1f} ms, p99 {_p99(ts) * 1000:.0f} ms, "
              f"max {max(ts) * 1000:.0f} ms (targets: median 50 ms, p99 1000 ms)")


if __name__ == "__main__":
    main()
