"""Paper-sheet verification: how long the witness search takes on sheets from real play.

Bot games give the marks a paper player would draw: random and greedy bots (``--games``
seeds, even seeds random, odd seeds greedy) and the par bot (``--par`` games of the
fixture ``tests/fixtures/par_games.json``: strong play, the search's weak spot). Each
sheet is verified from its marks alone, as ``PUT .../paper`` with ``{marks}`` does.
Prints, per bot: how many verified, the median, p99 and max time per sheet, and the
undecided rate (targets: median 50 ms, p99 1 s, undecided 0.5%), then the seeds that
did not verify and the slowest. Times are the search's CPU time (``time.process_time``):
on a machine whose cores are shared, the wall time (also shown) counts the waits for a
core too.

    .venv/bin/python bench/bench_witness.py [--games 1000] [--par 200] [--max-states 150000]

Which sheets a search leaves undecided moves with the order its later passes try steps
in (``Settings.order_seed``), so a change that reorders them moves a few seeds either way
by luck alone. ``--orders K`` searches every sheet in K orders (order seeds 0 to K-1) and
counts each search as a sheet: a fairer figure for a change's effect.

For a before/after on the same sheets in one run, ``--compare REV`` also runs the search
of git revision ``REV`` (its whole tree, in a worker process of its own), sheet by sheet,
the old search first::

    .venv/bin/python bench/bench_witness.py --games 1000 --par 200 --compare f705152
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PAR_GAMES = ROOT / "tests" / "fixtures" / "par_games.json"
TARGETS = {"median": 0.050, "p99": 1.0, "undecided": 0.005}

Sheet = dict[str, Any]  # one sheet to verify: bot, seed, offer, rolls, marks (JSON-able)
Timed = tuple[float, float, str, int]  # CPU seconds, wall seconds, status, states searched
Search = Callable[[Sheet, int, int], Timed]  # (sheet, cap, order seed) -> Timed


def _searcher() -> Search:
    """The search of whichever tree ``dicehero`` is imported from, old layout or new."""
    from dicehero.editions import load_edition

    edition = load_edition("classic")
    try:
        from dicehero.engine.paper import Settings, find_witness, parse_marks
    except ImportError:  # before the paper package: witness.py and paper_marks.py
        from dicehero.engine.paper_marks import parse_marks
        from dicehero.engine.witness import find_witness

        def search(marks: Any, offer: Any, rolls: Any, cap: int, order: int) -> Any:
            if order:
                raise SystemExit("--orders: this revision's search has one order only")
            return find_witness(edition, offer, rolls, marks, max_states=cap)
    else:
        ordered = "order_seed" in Settings.__dataclass_fields__
        if not ordered:
            _order_by_hand()

        def search(marks: Any, offer: Any, rolls: Any, cap: int, order: int) -> Any:
            if ordered:
                return find_witness(edition, offer, rolls, marks,
                                    Settings(max_states=cap, order_seed=order))
            _OrderedRandom.order = order
            return find_witness(edition, offer, rolls, marks, Settings(max_states=cap))

    def timed(sheet: Sheet, cap: int, order: int = 0) -> Timed:
        marks = parse_marks(sheet["marks"], edition)
        cpu, wall = time.process_time(), time.perf_counter()
        verdict = search(marks, sheet["offer"], sheet["rolls"], cap, order)
        return (time.process_time() - cpu, time.perf_counter() - wall, verdict.status,
                verdict.nodes)

    return timed


class _OrderedRandom(random.Random):
    """The passes' generator of a search from before ``Settings.order_seed``, seeded as
    that setting seeds it (pass + order x 1,000,003), so ``--orders`` compares alike."""

    order = 0

    def seed(self, a: Any = None, version: int = 2) -> None:
        super().seed(a + self.order * 1_000_003 if isinstance(a, int) else a, version)


def _order_by_hand() -> None:
    """Give a search from before ``Settings.order_seed`` the ordered generator."""
    from dicehero.engine.paper.search import core

    core.random = type("random", (), {"Random": _OrderedRandom})  # type: ignore[assignment]


def _worker() -> None:
    """``--worker``: verify the sheets read from stdin (one JSON line each), answering each."""
    timed = _searcher()
    for line in sys.stdin:
        request = json.loads(line)
        print(json.dumps(timed(request["sheet"], request["cap"], request.get("order", 0))),
              flush=True)


class _OldSearch:
    """The search of git revision ``rev``, in a worker process over its own tree."""

    def __init__(self, rev: str) -> None:
        self.rev = rev
        self.tree = tempfile.TemporaryDirectory(prefix=f"witness-{rev}-")
        archive = subprocess.run(["git", "archive", rev, "dicehero", "sheets"], cwd=ROOT,
                                 check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", self.tree.name], input=archive, check=True)
        env = {**os.environ, "PYTHONPATH": self.tree.name}
        self.worker = subprocess.Popen(
            [sys.executable, __file__, "--worker"], cwd=self.tree.name, env=env, text=True,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def __call__(self, sheet: Sheet, cap: int, order: int = 0) -> Timed:
        assert self.worker.stdin is not None and self.worker.stdout is not None
        self.worker.stdin.write(json.dumps({"sheet": sheet, "cap": cap, "order": order}) + "\n")
        self.worker.stdin.flush()
        line = self.worker.stdout.readline()
        if not line:
            raise SystemExit(f"the search at {self.rev} stopped (see above)")
        cpu, wall, status, nodes = json.loads(line)
        return cpu, wall, status, nodes

    def close(self) -> None:
        if self.worker.stdin is not None:
            self.worker.stdin.close()
        self.worker.wait()
        self.tree.cleanup()


def _sheets(games: int, first: int, par: int) -> list[Sheet]:
    """The sheets to verify: the bot games' (random, greedy), then the par fixture's."""
    from dicehero.editions import load_edition
    from dicehero.engine.actions import parse_action
    from dicehero.engine.bots import GreedyBot, RandomBot
    from dicehero.engine.paper import PaperMarks
    from dicehero.engine.replay import replay
    from dicehero.engine.simulation import play_game

    edition = load_edition("classic")
    out = []
    for seed in range(first, first + games):
        bot, kind = (GreedyBot, "greedy") if seed % 2 else (RandomBot, "random")
        game = play_game(edition, [bot(random.Random(seed))], seed)
        out.append({"bot": kind, "seed": seed, "offer": list(game.offer), "rolls": game.rolls,
                    "marks": PaperMarks.of(game.players[0].sheet).to_dict()})
    logs = json.loads(PAR_GAMES.read_text(encoding="utf-8"))[:par] if par else []
    for log in logs:
        player = log["players"][0]
        rounds = [[parse_action(a) for a in r] for r in player["rounds"]]
        sheet = replay(edition, log["superpower_offer"], log["rolls"], rounds,
                       player["superpower"])
        out.append({"bot": "par", "seed": log["seed"], "offer": log["superpower_offer"],
                    "rolls": log["rolls"], "marks": PaperMarks.of(sheet).to_dict()})
    return out


def _name(sheet: Sheet) -> str:
    """A sheet as the report names it: bot and seed, and the order seed if not 0."""
    order = f" order {sheet['order']}" if sheet.get("order") else ""
    return f"{sheet['bot']} seed {sheet['seed']}{order}"


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def _report(label: str, rows: list[tuple[Sheet, Timed]], slowest: int) -> None:
    """The figures of one search: by bot and overall, the sheets not verified, the slowest."""
    print(f"-- {label}")
    for bot in ("random", "greedy", "par", "all"):
        mine = [(s, t) for s, t in rows if bot in ("all", s["bot"])]
        if not mine:
            continue
        ts = [t[0] for _, t in mine]
        walls = [t[1] for _, t in mine]
        status: dict[str, int] = {}
        for _, t in mine:
            status[t[2]] = status.get(t[2], 0) + 1
        undecided = status.get("undecided", 0) / len(mine)
        median, p99 = statistics.median(ts), _p99(ts)
        met = (median <= TARGETS["median"] and p99 <= TARGETS["p99"]
               and undecided <= TARGETS["undecided"])
        print(f"{bot:>6}: {len(ts)} sheets {dict(sorted(status.items()))}; "
              f"median {median * 1000:.1f} ms, p99 {p99 * 1000:.0f} ms, "
              f"max {max(ts) * 1000:.0f} ms, undecided {undecided:.1%}, "
              f"states {sum(t[3] for _, t in mine):,} (wall: median "
              f"{statistics.median(walls) * 1000:.1f} ms, p99 {_p99(walls) * 1000:.0f} ms) "
              f"({'meets' if met else 'misses'} median 50 ms, p99 1 s, undecided 0.5%)")
    failed = [f"{_name(s)} ({t[2]})" for s, t in rows if t[2] != "verified"]
    print(f"not verified: {', '.join(failed) or 'none'}")
    for s, t in sorted(rows, key=lambda r: -r[1][0])[:slowest]:
        print(f"  {_name(s)}: {t[0] * 1000:.0f} ms, {t[2]}, {t[3]} states")


def main() -> None:
    """Verify the marks of the bot and par games and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="random and greedy games")
    parser.add_argument("--first", type=int, default=0, help="their first seed")
    parser.add_argument("--par", type=int, default=200, help="par games of the fixture")
    parser.add_argument("--max-states", type=int, default=150_000)
    parser.add_argument("--slowest", type=int, default=5, help="list the slowest N sheets")
    parser.add_argument("--compare", metavar="REV", help="also run the search as at REV")
    parser.add_argument("--orders", type=int, default=1,
                        help="search each sheet in this many orders (order seeds 0 to K-1)")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        _worker()
        return
    print(f"code: {ROOT}; load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    sheets = _sheets(args.games, args.first, args.par)
    searches: list[tuple[str, Search]] = []
    old = _OldSearch(args.compare) if args.compare else None
    if old is not None:
        searches.append((f"search at {args.compare}", old))
    searches.append(("search now", _searcher()))
    results: dict[str, list[tuple[Sheet, Timed]]] = {label: [] for label, _ in searches}
    try:
        for sheet in sheets:
            for order in range(args.orders):
                run = {**sheet, "order": order}
                for label, search in searches:
                    results[label].append((run, search(sheet, args.max_states, order)))
    finally:
        if old is not None:
            old.close()
    for label, rows in results.items():
        _report(label, rows, args.slowest)
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
