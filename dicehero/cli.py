"""The ``dicehero`` command: one sub-command per job, each in the module that owns it."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from importlib import import_module

from dicehero.cli_parser import Parser
from dicehero.i18n import N_
from dicehero.i18n import cli_gettext as _
from dicehero.i18n import cli_pgettext as pgettext

# sub-command -> (module with ``add_arguments(parser)`` and ``run(args) -> int``, help,
# said in DICEHERO_LANG's language). Only the chosen command's module is imported, so
# ``dicehero simulate`` never pays for Flask or reportlab.
COMMANDS = {
    "serve": ("dicehero.web.serve", N_("run the live game server")),
    "simulate": ("dicehero.commands.simulate",
                 N_("play whole games with bots and print the results")),
    "score": ("dicehero.commands.score", N_("check and score a game log (JSON)")),
    "par": ("dicehero.commands.par", N_("the par bot's score on a logged game's dice")),
    "balance": ("dicehero.commands.balance", N_("mean Honor per location over many bot games")),
    "print": ("dicehero.printing.command", N_("print sheets as a PDF")),
    "db": ("dicehero.commands.db",
           N_("the database schema: current, upgrade (docs/DEPLOY.md)")),
}
DESCRIPTION = N_("The dicehero command: one sub-command per job.")
# Commands that run on gevent: the standard library is patched before their module is
# imported, since importing it loads the whole app (threading, ssl, subprocess), and a
# lock or socket class bound before the patch stays a real one that blocks the event loop.
ON_GEVENT = frozenset({"serve"})


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The argument parser; the arguments of ``command`` (if known) are registered."""
    parser = Parser(prog="dicehero", description=_(DESCRIPTION))
    sub = parser.add_subparsers(dest="command", required=True,
                                # Translators: msgctxt "metavar" is a word standing for what a
                                # person types in a command's help: one word, no spaces.
                                metavar=pgettext("metavar", "COMMAND"))
    for name, (module, help_text) in COMMANDS.items():
        p = sub.add_parser(name, help=_(help_text), description=_(help_text))
        p.set_defaults(module=module)
        if name == command:
            import_module(module).add_arguments(p)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``dicehero`` console script."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in ON_GEVENT:
        from gevent import monkey

        monkey.patch_all()
    args = build_parser(argv[0] if argv else None).parse_args(argv)
    try:
        return import_module(args.module).run(args) or 0
    except BrokenPipeError:  # output piped into `head`: not an error of ours
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
