"""``dicehero simulate``: bots play a whole game on shared dice; print the leaderboard."""

from __future__ import annotations

import argparse
import json
import random
import sys

from dicehero.commands.columns import left
from dicehero.commands.score import edition_error
from dicehero.editions import DEFAULT_EDITION, load_edition
from dicehero.engine.edition import EditionError
from dicehero.engine.scoring import score
from dicehero.engine.simulation import BOT_NAMES, make_bot, play_game
from dicehero.i18n import cli_gettext as _
from dicehero.i18n import cli_ngettext as ngettext
from dicehero.i18n import cli_pgettext as pgettext


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Register the options of ``simulate``."""
    parser.add_argument("--players", type=int, default=4, metavar="N",
                        help=_("how many bots (default %(default)s)"))
    parser.add_argument("--seed", type=int, default=None, metavar=pgettext("metavar", "SEED"),
                        help=_("seed for the dice and the bots (default: a new one)"))
    parser.add_argument("--bot", choices=BOT_NAMES, default="greedy",
                        help=_("which bot plays (default %(default)s)"))
    parser.add_argument("--edition", default=DEFAULT_EDITION, metavar=pgettext("metavar", "NAME"),
                        help=_("edition name or .toml path (default %(default)s)"))
    parser.add_argument("--log", metavar=pgettext("metavar", "FILE"),
                        help=_("also write the game log (JSON) here"))


def run(args: argparse.Namespace) -> int:
    """Play the game and print the leaderboard and each location's average Honor."""
    if not 1 <= args.players <= 10_000:
        print(_("dicehero simulate: --players must be 1 to %(most)s", most=10_000),
              file=sys.stderr)
        return 2
    try:
        edition = load_edition(args.edition)
    except EditionError as e:
        # Translators: %(error)s says what is wrong with the edition.
        print(_("dicehero simulate: %(error)s", error=edition_error(e)), file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
    rng = random.Random(seed)
    bots = [make_bot(args.bot, random.Random(rng.random())) for _ in range(args.players)]
    game = play_game(edition, bots, seed)
    scores = [(p.name, score(p.sheet)) for p in game.players]
    scores.sort(key=lambda ps: ps[1].total, reverse=True)
    # Translators: %(title)s (%(name)s) is the edition; %(bot)s a bot's name (greedy, par).
    print(ngettext("%(title)s (%(name)s), %(n)s %(bot)s bot, seed %(seed)s",
                   "%(title)s (%(name)s), %(n)s %(bot)s bots, seed %(seed)s", args.players,
                   title=pgettext("edition", edition.title), name=edition.name, bot=args.bot,
                   seed=seed))
    first, second = (f"{n} {pgettext('superpower', edition.superpower(n).name)}"
                     for n in game.offer)
    print(_("superpower choices: %(first)s or %(second)s", first=first, second=second))
    for number, dice in enumerate(game.rolls, start=1):
        # Translators: %(round)s is a round's number; %(dice)s its dice, as 3 5 1 6.
        print("  " + _("round %(round)s: %(dice)s", round=str(number).rjust(2),
                       dice=" ".join(map(str, dice))))
    print("\n" + _("Leaderboard"))
    for place, (name, s) in enumerate(scores[:20], start=1):
        print(f"{place:4}. {left(name, 12)} " + _("%(honor)s Honor", honor=str(s.total).rjust(4)))
    if len(scores) > 20:
        print("      " + ngettext("... and %(n)s more", "... and %(n)s more", len(scores) - 20))
    print("\n" + _("Average Honor per location"))
    for i, loc in enumerate(edition.locations):
        mean = sum(s.locations[i][1] for _n, s in scores) / len(scores)
        print(f"  {left(pgettext('location', loc.name), 12)} {mean:6.1f}")
    for label, attr in ((_("Bystanders"), "bystander_honor"),
                        (_("Robot Minions"), "minion_honor")):
        print(f"  {left(label, 12)} {sum(getattr(s, attr) for _n, s in scores) / len(scores):6.1f}")
    total = _("Total")
    print(f"  {left(total, 12)} {sum(s.total for _n, s in scores) / len(scores):6.1f}")
    if args.log:
        with open(args.log, "w") as f:
            json.dump(game.to_log(), f, indent=1)
    return 0
