"""The command line's parser, argparse's own words included, in the command's language.

argparse asks ``gettext.gettext`` for its words ("usage:", "options", "error:", "invalid
choice" ...) in the process's global gettext domain, where no dicehero catalog is: patching
that, or argparse's module, would change every other parser in the process too. Instead
:class:`Parser` says its own words itself: the usage line's prefix (:class:`Formatter`), the
groups' titles and ``-h``'s help when it is built, and an error in :meth:`Parser.error`,
where argparse's English message is read back against the forms below and said again from
the catalogs (one argparse does not say in these forms stays as argparse said it).
Sub-commands' parsers are made of the same class (argparse's ``parser_class``).
"""

from __future__ import annotations

import argparse
import re
import sys
from typing import Any, NoReturn

from dicehero.commands import columns
from dicehero.i18n import N_
from dicehero.i18n import cli_gettext as _

# argparse's error messages as argparse (3.11) writes them -> ours, whole
# sentences with named placeholders. A ``why`` is itself one of these, said first.
# Translators: an error of the command line, after "dicehero print: error:"; %(why)s is
# what is wrong with it, one of the messages below.
ARGUMENT = N_("argument %(option)s: %(why)s")
FORMS: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(p, re.S), m) for p, m in (
    (r"argument (?P<option>[^ :]+(?:/[^ :]+)*): (?P<why>.+)", ARGUMENT),
    (r"invalid choice: (?P<value>.+?) \(choose from (?P<choices>.+)\)",
     N_("invalid choice: %(value)s (choose from %(choices)s)")),
    (r"invalid int value: (?P<value>.+)", N_("%(value)s is not a whole number")),
    (r"invalid \w+ value: (?P<value>.+)", N_("invalid value: %(value)s")),
    (r"the following arguments are required: (?P<arguments>.+)",
     N_("these arguments are required: %(arguments)s")),
    (r"one of the arguments (?P<arguments>.+) is required",
     N_("one of the arguments %(arguments)s is required")),
    (r"unrecognized arguments: (?P<arguments>.+)", N_("unknown arguments: %(arguments)s")),
    (r"not allowed with argument (?P<option>.+)", N_("not allowed with %(option)s")),
    (r"expected one argument", N_("expected one value")),
    (r"ambiguous option: (?P<option>.+?) could match (?P<choices>.+)",
     N_("%(option)s is short for more than one option: %(choices)s")),
    (r"ignored explicit argument (?P<value>.+)", N_("takes no value, not %(value)s")),
))


def said(message: str) -> str:
    """argparse's English ``message`` in the command's language, if it is one of
    :data:`FORMS` (an inner message said first); else as it is."""
    for pattern, ours in FORMS:
        found = pattern.fullmatch(message)
        if found:
            params = found.groupdict()
            if "why" in params:
                params["why"] = said(params["why"])
            return _(ours, **params) if params else _(ours)
    return message


class Formatter(argparse.HelpFormatter):
    """argparse's help layout with the usage line's prefix in the command's language, and
    help wrapped by screen columns (Chinese and Japanese break between letters)."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        return columns.wrap(" ".join(text.split()), width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return "\n".join(indent + line for line in self._split_lines(text, width - len(indent)))

    def _format_usage(self, usage: Any, actions: Any, groups: Any, prefix: str | None) -> str:
        # argparse indents the usage's next lines by the prefix's length; a prefix of wide
        # letters (使い方：) takes more columns than that, so they are indented further
        text = super()._format_usage(usage, actions, groups, prefix)
        extra = columns.width(prefix or "") - len(prefix or "")
        return text.replace("\n  ", "\n" + " " * extra + "  ") if extra > 0 else text

    def add_usage(self, usage: str | None, actions: Any, groups: Any,
                  prefix: str | None = None) -> None:
        """As argparse's, with "usage: " said in the command's language."""
        if prefix is None:
            # Translators: the start of a command's usage line, as "usage: dicehero print ...".
            prefix = _("usage:") + " "
        super().add_usage(usage, actions, groups, prefix)


class Parser(argparse.ArgumentParser):
    """An ``ArgumentParser`` that says its own words in the command's language."""

    def __init__(self, *args: Any, add_help: bool = True, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", Formatter)
        super().__init__(*args, add_help=False, **kwargs)
        # Translators: the heading over a command's arguments given without an option name.
        self._positionals.title = _("positional arguments")
        # Translators: the heading over a command's options (--paper, --rules, ...).
        self._optionals.title = _("options")
        if add_help:
            self.add_help = True
            self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                              help=_("show this help message and exit"))

    def error(self, message: str) -> NoReturn:
        """The usage and the error, in the command's language, on stderr; exit status 2."""
        self.print_usage(sys.stderr)
        # Translators: %(prog)s is the command (dicehero print); %(error)s what is wrong.
        self.exit(2, _("%(prog)s: error: %(error)s", prog=self.prog,
                       error=said(message)) + "\n")
