"""Engine benchmark: actions validated and applied per second, the time to replay
and score a whole 100-player, 10-round game, and the CPU of a class of 10,000 joining a
game's fold and meeting a roll (a roll past heroes still playing, folded cold; medians), and the
legal uses of the dice of 5,000 sheets after a roll, plain and asked once per situation.

    .venv/bin/python bench/bench_engine.py
"""

from __future__ import annotations

import contextlib
import random
import statistics
import time

from dicehero.editions import load_edition
from dicehero.engine import apply, score
from dicehero.engine.bots import GreedyBot, RandomBot
from dicehero.engine.edition import Edition
from dicehero.engine.fold import Fold
from dicehero.engine.gamelog import parse_log, replay_log
from dicehero.engine.replay import Replay
from dicehero.engine.rules import _allowed, _die_uses, candidates, legal_actions
from dicehero.engine.simulation import play_game, simulated_dice
from dicehero.engine.state import new_sheet


def main() -> None:
    """Build a 100-player game once, then time its replay."""
    edition = load_edition("classic")
    bots = [(GreedyBot if i % 2 else RandomBot)(random.Random(i)) for i in range(100)]
    log = parse_log(play_game(edition, bots, 2026).to_log(), edition)
    actions = sum(len(r) + 1 for p in log.players for r in p.rounds)  # +1: the choose
    replays = []
    for _ in range(15):
        t = time.perf_counter()
        sheets = replay_log(edition, log)
        totals = [score(s).total for _, s in sheets]
        replays.append(time.perf_counter() - t)
    median = statistics.median(replays)
    print(f"100 players x {edition.rounds} rounds: {actions} actions, "
          f"mean total {statistics.fmean(totals):.1f}")
    print(f"replay + score whole game: median {median * 1000:.1f} ms "
          f"(min {min(replays) * 1000:.1f}, max {max(replays) * 1000:.1f}, 15 runs)")
    print(f"actions validated and applied: {actions / median:,.0f} per second")
    # apply() alone on one mid-game sheet, to see the per-call cost without replay overhead.
    _, sheet = sheets[0]
    undo = {"type": "undo"}
    t = time.perf_counter()
    n = 0
    for _ in range(2000):
        with contextlib.suppress(ValueError):
            apply(sheet, undo)
        n += 1
    print(f"a refused action (nothing to undo): {(time.perf_counter() - t) / n * 1e6:.1f} µs")
    class_joins(edition)
    die_uses(edition)


def die_uses(edition: Edition, games: int = 10, heroes: int = 50) -> None:
    """The legal uses of every die of 5,000 sheets just after a roll (10 games of 50 bots,
    every round), as a pushed sheet asks them: the plain engine (every candidate judged),
    the shared checks made once (``_die_uses``), and :func:`legal_actions`, which keeps
    that answer per situation (issue 26.6)."""
    sheets = []
    for seed in range(games):
        offer, rolls = simulated_dice(edition, seed)
        bots = [(GreedyBot if i % 2 else RandomBot)(random.Random(seed * 1000 + i))
                for i in range(heroes)]
        replays = [Replay(new_sheet(edition, offer), "bench") for _ in bots]
        for bot, steps in zip(bots, replays, strict=True):
            steps.act(bot.choose(steps.sheet))
        for dice in rolls:
            for bot, steps in zip(bots, replays, strict=True):
                sheets.append(steps.roll(dice))
                steps.play(bot.play_round(sheets[-1]))
    dice = range(edition.dice_per_round)
    cpu, found = {}, []
    for name, uses in (("plain engine", lambda s, d: [a for a in candidates(s, d)
                                                       if _allowed(s, a)]),
                       ("checked once", _die_uses), ("kept per situation", legal_actions)):
        t = time.process_time()  # the kept uses come last, so only their own run keeps any
        found.append([uses(s, d) for s in sheets for d in dice])
        cpu[name] = (time.process_time() - t) / len(sheets) * 1e3
    assert found[0] == found[1] == found[2]
    print(f"legal uses of each die, {len(sheets):,} rolled sheets, ms CPU a sheet: "
          + ", ".join(f"{name} {ms:.3f}" for name, ms in cpu.items()))


def class_joins(edition: Edition, heroes: int = 10_000, runs: int = 7) -> None:
    """10,000 heroes join a fold and are brought to a roll: what a roll past a class whose
    sheets this process never folded pays before it can count their forfeited dice."""
    cpu = []
    for _ in range(runs):
        fold = Fold(edition, (1, 2))
        t = time.process_time()
        for hero in range(heroes):
            fold.join(hero, (1, 2))
        fold.roll([1, 2, 3, 4])
        for hero in range(heroes):
            fold.hero(hero)
        cpu.append(time.process_time() - t)
    print(f"{heroes:,} heroes join a fold and meet a roll: median "
          f"{statistics.median(cpu) * 1000:.1f} ms CPU ({runs} runs)")


if __name__ == "__main__":
    main()
