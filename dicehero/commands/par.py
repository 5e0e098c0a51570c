"""``dicehero par GAME.json``: the par bot's score on a logged game's own dice.

Par plays the log's rolls round by round, never looking ahead, with the table's
superpower offer (a free choice of all six when the log has none); on a game's own
export (``/api/games/CODE/export.json``), with the offer par had on the host screen.
Each player's
score is printed beside it. Exit status as ``dicehero score``: 1 an illegal action in
the log, 2 a file that is not a game log.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from dicehero.commands.columns import left
from dicehero.commands.score import load_log, said
from dicehero.engine.par import par_game, par_offer
from dicehero.engine.scoring import score
from dicehero.i18n import cli_gettext as _
from dicehero.i18n import cli_ngettext as ngettext
from dicehero.i18n import cli_pgettext as pgettext


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Register the options of ``par``."""
    parser.add_argument("log", metavar=pgettext("metavar", "GAME") + ".json",
                        help=_("the game log (see docs/GAME-LOG.md)"))
    parser.add_argument("--seed", type=int, default=0, metavar=pgettext("metavar", "SEED"),
                        help=_("the par bot's seed (default %(default)s)"))
    parser.add_argument("--reasons", action="store_true",
                        help=_("also print each of par's decisions with its reason"))
    parser.add_argument("--json", action="store_true",
                        help=_("print par and the scores as JSON"))


def _offer(data: dict[str, Any], faces: int) -> list[int] | None:
    """Par's superpowers: on a game's own export (it names its ``power_mode``) the ones par
    had on the host screen (None before the end in "each" mode: the seed is still secret);
    on a game log the table's offer, else a free choice of all."""
    if data.get("power_mode") in ("table", "each"):
        if data["power_mode"] == "each" and not isinstance(data.get("seed"), str):
            return None
        table = data.get("offer")
        table = table if isinstance(table, list) and all(
            isinstance(n, int) and 1 <= n <= faces for n in table) else None
        return par_offer(data["power_mode"], table, data.get("seed") or "", faces)
    return list(data.get("superpower_offer") or range(1, faces + 1))


def run(args: argparse.Namespace) -> int:
    """Play par on the log's rolls; print its score round by round and the players'."""
    loaded = load_log(args.log, "par")
    if isinstance(loaded, int):
        return loaded
    edition, data, sheets = loaded
    offer = _offer(data, edition.faces)
    if offer is None:
        print(_("dicehero par: the export's game is not over: par's own superpowers, rolled "
                "off the game's seed, are known once it is"), file=sys.stderr)
        return 2
    game = par_game(edition, offer, data["rolls"], args.seed)
    par = score(game.sheet)
    beat = sum(1 for _, s in sheets if score(s).total > game.total)
    if args.json:
        print(json.dumps({
            "par": {**par.to_dict(), "superpower": game.superpower,
                    "rounds": [r.total for r in game.rounds]},
            "players": [{"name": n, "total": score(s).total} for n, s in sheets],
            "beat_par": beat}, indent=1))
        return 0
    if game.superpower:
        power = pgettext("superpower", edition.superpower(game.superpower).name)
        # Translators: %(honor)s is par's score; %(power)s the superpower par chose.
        print(ngettext("Par %(honor)s (%(n)s round, superpower %(power)s)",
                       "Par %(honor)s (%(n)s rounds, superpower %(power)s)", len(game.rounds),
                       honor=game.total, power=power))
    else:
        # Translators: %(honor)s is par's score.
        print(ngettext("Par %(honor)s (%(n)s round, no superpower)",
                       "Par %(honor)s (%(n)s rounds, no superpower)", len(game.rounds),
                       honor=game.total))
    for r in game.rounds:
        number, total = str(r.number).rjust(2), str(r.total).rjust(4)
        print("  " + _("round %(round)s: %(dice)s", round=number, dice=" ".join(map(str, r.dice)))
              + "  " + _("%(honor)s Honor", honor=total))
        if args.reasons:
            for d in r.decisions:
                print(f"      {said(d.reason)}")
    for loc_name, honor in par.locations:
        print(f"     {left(pgettext('location', loc_name), 12)} {honor:4}")
    bystanders, minions = _("Bystanders"), _("Robot Minions")
    print(f"     {left(bystanders, 12)} {par.bystander_honor:4}")
    print(f"     {left(minions, 12)} {par.minion_honor:4}")
    for player, s in sorted(sheets, key=lambda ps: score(ps[1]).total, reverse=True):
        total = score(s).total
        # Translators: %(name)s is a hero's name; %(more)s their score minus par's, as +3.
        more = format(total - game.total, "+d")
        print(_("%(name)s: %(honor)s Honor (%(more)s against par)", name=player, honor=total,
                more=more))
    # Translators: %(beat)s heroes of %(n)s scored more than par.
    print(ngettext("%(beat)s of %(n)s hero beat par", "%(beat)s of %(n)s heroes beat par",
                   len(sheets), beat=beat))
    return 0
