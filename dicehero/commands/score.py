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

from dicehero.editions import DEFAULT_EDITION, load_edition
from dicehero.engine.edition import Edition, EditionError
from dicehero.engine.errors import BadAction
from dicehero.engine.gamelog import LogError, parse_log, replay_log
from dicehero.engine.replay import IllegalAction
from dicehero.engine.scoring import score
from dicehero.engine.state import Sheet
from dicehero.words import english


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Register the options of ``score``."""
    parser.add_argument("log", metavar="GAME.json", help="the game log (see docs/GAME-LOG.md)")
    parser.add_argument("--json", action="store_true", help="print the scores as JSON")


def _fail(command: str, message: str) -> int:
    print(f"dicehero {command}: {message}", file=sys.stderr)
    return 2


def load_log(path: str, command: str = "score") -> int | tuple[Edition, dict[str, Any],
                                                               list[tuple[str, Sheet]]]:
    """The log at ``path`` replayed: its edition, its data and each player's sheet; or the
    exit status, after saying on stderr what is wrong with it (for ``command``)."""
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except OSError as e:
        return _fail(command, f"cannot read {path}: {e.strerror}")
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        return _fail(command, f"{path} is not JSON: {e}")
    name = data.get("edition", DEFAULT_EDITION) if isinstance(data, dict) else DEFAULT_EDITION
    if not isinstance(name, str):
        return _fail(command, f"{path}: 'edition' must be an edition name")
    try:
        edition = load_edition(name)
        log = parse_log(data, edition)
    except EditionError as e:
        return _fail(command, f"{path}: {e}")
    except LogError as e:
        return _fail(command, f"{path}: {e.said(english)}")
    try:
        sheets = replay_log(edition, log)
    except IllegalAction as e:
        if isinstance(e.error, BadAction):  # a die of 7, a die the round does not have
            return _fail(command, f"{path}: not a game log: {e.describe(english)}")
        print(f"dicehero {command}: illegal action: {e.describe(english)}", file=sys.stderr)
        return 1
    return edition, data, sheets


def run(args: argparse.Namespace) -> int:
    """Replay the log through the rules and print each player's breakdown."""
    loaded = load_log(args.log)
    if isinstance(loaded, int):
        return loaded
    _, _, sheets = loaded
    results = sorted(((n, score(s)) for n, s in sheets), key=lambda r: r[1].total, reverse=True)
    if args.json:
        print(json.dumps([{"name": n, **s.to_dict()} for n, s in results], indent=1))
        return 0
    for place, (player, s) in enumerate(results, start=1):
        print(f"{place}. {player}: {s.total} Honor")
        for loc_name, honor in s.locations:
            print(f"     {loc_name:<12} {honor:4}")
        print(f"     {'Bystanders':<12} {s.bystander_honor:4}  ({s.bystanders} rescued)")
        print(f"     {'Minions':<12} {s.minion_honor:4}  ({s.minions} defeated)")
    return 0
