"""``dicehero simulate``: bots play a whole game on shared dice; print the leaderboard."""

from __future__ import annotations

import argparse
import json
import random
import sys

from dicehero.editions import DEFAULT_EDITION, load_edition
from dicehero.engine.edition import EditionError
from dicehero.engine.scoring import score
from dicehero.engine.simulation import BOT_NAMES, make_bot, play_game


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Register the options of ``simulate``."""
    parser.add_argument("--players", type=int, default=4, help="how many bots (default 4)")
    parser.add_argument("--seed", type=int, default=None, help="seed for the dice and the bots")
    parser.add_argument("--bot", choices=BOT_NAMES, default="greedy")
    parser.add_argument("--edition", default=DEFAULT_EDITION, help="edition name or .toml path")
    parser.add_argument("--log", metavar="FILE", help="also write the game log (JSON) here")


def run(args: argparse.Namespace) -> int:
    """Play the game and print the leaderboard and each location's average Honor."""
    if not 1 <= args.players <= 10_000:
        print("dicehero simulate: --players must be 1 to 10000", file=sys.stderr)
        return 2
    try:
        edition = load_edition(args.edition)
    except EditionError as e:
        print(f"dicehero simulate: {e}", file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
    rng = random.Random(seed)
    bots = [make_bot(args.bot, random.Random(rng.random())) for _ in range(args.players)]
    game = play_game(edition, bots, seed)
    scores = [(p.name, score(p.sheet)) for p in game.players]
    scores.sort(key=lambda ps: ps[1].total, reverse=True)
    print(f"{edition.title} ({edition.name}), {args.players} {args.bot} bot(s), seed {seed}")
    print(f"superpower choices: {game.offer[0]} or {game.offer[1]}")
    for number, dice in enumerate(game.rolls, start=1):
        print(f"  round {number:2}: {' '.join(map(str, dice))}")
    print("\nLeaderboard")
    for place, (name, s) in enumerate(scores[:20], start=1):
        print(f"{place:4}. {name:<12} {s.total:4} Honor")
    if len(scores) > 20:
        print(f"      ... and {len(scores) - 20} more")
    print("\nAverage Honor per location")
    for i, loc in enumerate(edition.locations):
        mean = sum(s.locations[i][1] for _, s in scores) / len(scores)
        print(f"  {loc.name:<12} {mean:6.1f}")
    for label, attr in (("Bystanders", "bystander_honor"), ("Robot Minions", "minion_honor")):
        print(f"  {label:<12} {sum(getattr(s, attr) for _, s in scores) / len(scores):6.1f}")
    print(f"  {'Total':<12} {sum(s.total for _, s in scores) / len(scores):6.1f}")
    if args.log:
        with open(args.log, "w") as f:
            json.dump(game.to_log(), f, indent=1)
    return 0
