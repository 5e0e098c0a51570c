"""``dicehero score GAME.json``: check every action of a game log and print the scores.

Exit status: 0 all legal; 1 an illegal action (who, when, what, which rule);
2 a file that is not a game log, an action of the wrong shape included (a Wild
die of 7, a die the round does not have), with a message, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from dicehero.commands.columns import left
from dicehero.editions import DEFAULT_EDITION, load_edition
from dicehero.engine.edition import Edition, EditionError
from dicehero.engine.errors import BadAction
from dicehero.engine.gamelog import LogError, parse_log, replay_log
from dicehero.engine.phrase import Phrase
from dicehero.engine.replay import IllegalAction
from dicehero.engine.scoring import score
from dicehero.engine.state import Sheet
from dicehero.i18n import cli_gettext as _
from dicehero.i18n import cli_language
from dicehero.i18n import cli_ngettext as ngettext
from dicehero.i18n import cli_pgettext as pgettext
from dicehero.words import say
from dicehero.words.actions import action_words
from dicehero.words.editions import edition_words


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Register the options of ``score``."""
    parser.add_argument("log", metavar=pgettext("metavar", "GAME") + ".json",
                        help=_("the game log (see docs/GAME-LOG.md)"))
    parser.add_argument("--json", action="store_true", help=_("print the scores as JSON"))


def _fail(command: str, message: str) -> int:
    # Translators: %(command)s is the command (score, par); %(error)s what went wrong.
    print(_("dicehero %(command)s: %(error)s", command=command, error=message), file=sys.stderr)
    return 2


def edition_error(e: EditionError) -> str:
    """An edition's refusal (a file that is missing, not TOML, or with a wrong field) in the
    command's language."""
    return edition_words(e, cli_language())


def said(phrase: Phrase) -> str:
    """An engine phrase (a rule's refusal) in the command's language."""
    return say(phrase, cli_language())


def illegal(e: IllegalAction) -> str:
    """One line for a log checker: who, when, the action (its type as the log names it, its
    dice and boxes in words), the rule in the command's language and its code."""
    what = (action_words(e.action, cli_language()) if e.action is not None
            else _("an unreadable action"))
    parts = {"name": e.player, "action": what, "why": said(e.rule), "code": e.code}
    if e.round == 0:
        # Translators: %(action)s is the action, as help (die 1, box 2);
        # %(why)s the rule it broke; %(code)s the rule's code.
        return _("%(name)s, before the first roll: %(action)s: %(why)s [%(code)s]", **parts)
    # Translators: %(action)s is the action, as help (die 1, box 2);
    # %(why)s the rule it broke; %(code)s the rule's code.
    return _("%(name)s, round %(round)s: %(action)s: %(why)s [%(code)s]", round=e.round, **parts)


def load_log(path: str, command: str = "score") -> int | tuple[Edition, dict[str, Any],
                                                               list[tuple[str, Sheet]]]:
    """The log at ``path`` replayed: its edition, its data and each player's sheet; or the
    exit status, after saying on stderr what is wrong with it (for ``command``)."""
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except OSError as e:
        # Translators: %(error)s is the system's own message.
        return _fail(command, _("cannot read %(file)s: %(error)s", file=path, error=e.strerror))
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        # Translators: %(error)s says where the JSON is wrong, in English.
        return _fail(command, _("%(file)s is not JSON: %(error)s", file=path, error=e))
    name = data.get("edition", DEFAULT_EDITION) if isinstance(data, dict) else DEFAULT_EDITION
    if not isinstance(name, str):
        return _fail(command, _("%(file)s: 'edition' must be an edition name", file=path))
    try:
        edition = load_edition(name)
        log = parse_log(data, edition)
    except EditionError as e:
        # Translators: %(error)s says what is wrong with the file.
        return _fail(command, _("%(file)s: %(error)s", file=path, error=edition_error(e)))
    except LogError as e:
        return _fail(command, _("%(file)s: %(error)s", file=path, error=said(e.phrase)))
    try:
        sheets = replay_log(edition, log)
    except IllegalAction as e:
        if isinstance(e.error, BadAction):  # a die of 7, a die the round does not have
            # Translators: %(why)s says which action is wrong and how.
            return _fail(command, _("%(file)s: not a game log: %(why)s", file=path,
                                    why=illegal(e)))
        # Translators: %(command)s is the command (score, par); %(why)s who broke which rule.
        print(_("dicehero %(command)s: illegal action: %(why)s", command=command,
                why=illegal(e)), file=sys.stderr)
        return 1
    return edition, data, sheets


def run(args: argparse.Namespace) -> int:
    """Replay the log through the rules and print each player's breakdown."""
    loaded = load_log(args.log)
    if isinstance(loaded, int):
        return loaded
    sheets = loaded[2]
    results = sorted(((n, score(s)) for n, s in sheets), key=lambda r: r[1].total, reverse=True)
    if args.json:
        print(json.dumps([{"name": n, **s.to_dict()} for n, s in results], indent=1))
        return 0
    for place, (player, s) in enumerate(results, start=1):
        # Translators: %(rank)s is a place in the standings; %(name)s a hero's name.
        print(_("%(rank)s. %(name)s: %(honor)s Honor", rank=place, name=player,
                honor=s.total))
        for loc_name, honor in s.locations:
            print(f"     {left(pgettext('location', loc_name), 12)} {honor:4}")
        bystanders, minions = _("Bystanders"), _("Robot Minions")
        rescued = ngettext("(%(n)s rescued)", "(%(n)s rescued)", s.bystanders)
        print(f"     {left(bystanders, 12)} {s.bystander_honor:4}  {rescued}")
        defeated = ngettext("(%(n)s defeated)", "(%(n)s defeated)", s.minions)
        print(f"     {left(minions, 12)} {s.minion_honor:4}  {defeated}")
    return 0
