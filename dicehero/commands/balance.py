"""``dicehero balance``: many single-bot games; each location's mean Honor and the total.

A location whose mean is more than twice another's dominates the sheet; the
classic values were tuned with this until none does (docs/RULES.md, Balance).
``--bot hindsight`` is no player: it is the best play a search finds knowing every
roll in advance (the hindsight bound of :mod:`dicehero.engine.hindsight`).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
from concurrent.futures import ProcessPoolExecutor

from dicehero.commands.columns import left, right
from dicehero.editions import DEFAULT_EDITION, load_edition
from dicehero.engine.hindsight import hindsight_game
from dicehero.engine.scoring import score
from dicehero.engine.simulation import BOT_NAMES, make_bot, play_game, simulated_dice
from dicehero.i18n import cli_gettext as _
from dicehero.i18n import cli_ngettext as ngettext
from dicehero.i18n import cli_pgettext as pgettext


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Register the options of ``balance``."""
    parser.add_argument("--games", type=int, default=1000, metavar="N",
                        help=_("how many games (default %(default)s)"))
    parser.add_argument("--seed", type=int, default=1, metavar=pgettext("metavar", "SEED"),
                        help=_("seed for the dice and the bots (default %(default)s)"))
    parser.add_argument("--bot", choices=[*BOT_NAMES, "hindsight"], default="greedy",
                        help=_("which bot plays (default %(default)s)"))
    parser.add_argument("--edition", default=DEFAULT_EDITION, metavar=pgettext("metavar", "NAME"),
                        help=_("edition name or .toml path (default %(default)s)"))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, metavar="N",
                        help=_("games played at once (default %(default)s: one per core)"))


def _play(job: tuple[str, str, int]) -> list[float]:
    """One game's Honor per location, then Bystanders, Minions and total."""
    edition_name, bot, seed = job
    edition = load_edition(edition_name)
    if bot == "hindsight":
        sheet = hindsight_game(edition, *simulated_dice(edition, seed)).sheet
    else:
        sheet = play_game(edition, [make_bot(bot, random.Random(seed))], seed).players[0].sheet
    s = score(sheet)
    return [h for _, h in s.locations] + [s.bystander_honor, s.minion_honor, s.total]


def run(args: argparse.Namespace) -> int:
    """Play the games on every core and print the means."""
    edition = load_edition(args.edition)
    jobs = [(args.edition, args.bot, args.seed * 1_000_003 + i) for i in range(args.games)]
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        rows = list(pool.map(_play, jobs, chunksize=16))
    labels = [pgettext("location", loc.name) for loc in edition.locations] + [
        _("Bystanders"), _("Robot Minions"), _("Total")]
    means = [statistics.fmean(col) for col in zip(*rows, strict=True)]
    # Translators: %(bot)s is a bot's name (greedy, par); %(edition)s an edition's name.
    print(ngettext("%(n)s game, %(bot)s bot, edition %(edition)s, seed %(seed)s",
                   "%(n)s games, %(bot)s bot, edition %(edition)s, seed %(seed)s", args.games,
                   bot=args.bot, edition=edition.name, seed=args.seed))
    # Translators: the heads of two columns of numbers: the mean and the standard deviation.
    heads = _("mean"), _("stdev")
    print(" " * 14 + right(heads[0], 7) + right(heads[1], 7))
    for label, mean, col in zip(labels, means, zip(*rows, strict=True), strict=True):
        print(f"{left(label, 14)}{mean:7.1f}{statistics.pstdev(col):7.1f}")
    loc_means = means[:len(edition.locations)]
    ratio = max(loc_means) / min(loc_means) if min(loc_means) > 0 else float("inf")
    shown = f"{ratio:.2f}"
    if ratio <= 2:
        # Translators: %(ratio)s is a number, as 1.85.
        print(_("highest / lowest location mean: %(ratio)s (balanced)", ratio=shown))
    else:
        # Translators: %(ratio)s is a number, as 2.40.
        print(_("highest / lowest location mean: %(ratio)s (one location dominates)",
                ratio=shown))
    return 0
