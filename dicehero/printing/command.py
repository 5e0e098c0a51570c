"""``dicehero print``: sheets as a PDF, blank or one per player of a game."""

from __future__ import annotations

import argparse
import io
import os
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TextIO
from urllib.parse import urlsplit

from dicehero.addresses import (
    DEFAULT_PORT,
    LOOPBACK,
    AddressError,
    checked_public_url,
    configured_public_url,
    public_url,
)
from dicehero.editions import DEFAULT_EDITION, available_editions, load_edition
from dicehero.engine.edition import EditionError
from dicehero.i18n import cli_gettext as _
from dicehero.i18n import cli_language, languages
from dicehero.i18n import cli_pgettext as pgettext
from dicehero.printing.geometry import PAPERS
from dicehero.printing.render import for_rounds, game_sheets, render_sheets
from dicehero.printing.sheet import SheetHeader
from dicehero.words.editions import edition_words

if TYPE_CHECKING:
    from dicehero.store import Games

MAX_SHEETS = 5000
_CODE = re.compile(r"[A-Za-z0-9_-]{1,24}")


class PrintError(Exception):
    """A problem with the command's input, reported as one line without a traceback."""


class GameLookupError(PrintError):
    """The game's players could not be read from the live server's store."""


@dataclass(frozen=True, slots=True)
class GamePlayers:
    """What the store knows of a game that matters on paper."""

    code: str
    edition: str
    rounds: int
    names: list[str]
    paper_paths: list[str | None]  # a paper hero's own page, key and all (their QR code)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Register the options of ``dicehero print``."""
    who = parser.add_mutually_exclusive_group()
    who.add_argument("--players", type=int, metavar="N",
                     help=_("print N sheets with the hero name left blank (default: 1, "
                            "or one per player with --game)"))
    who.add_argument("--names", metavar=pgettext("metavar", "FILE"),
                     help=_("a text file with one hero name per line ('-' reads standard "
                            "input)"))
    parser.add_argument("--game", metavar=pgettext("metavar", "CODE"),
                        help=_("print the game's join code and QR code on every sheet; without "
                               "--players or --names, one sheet per player of the game"))
    parser.add_argument("--register", action="store_true",
                        help=_("with --game and --names: also write the names in as the game's "
                               "paper heroes (before its first roll), so their sheets can be "
                               "entered and ranked"))
    # Translators: %(edition)s is the edition a sheet has when none is named (classic);
    # %(known)s the editions there are, as classic, marathon.
    parser.add_argument("--edition",
                        help=_("edition name or .toml file (default: the game's, else "
                               "%(edition)s; known: %(known)s)", edition=DEFAULT_EDITION,
                               known=", ".join(available_editions())),
                        metavar=pgettext("metavar", "NAME"))
    parser.add_argument("--paper", choices=sorted(PAPERS), default="a4",
                        help=_("paper size (default %(default)s)"))
    parser.add_argument("--rules", action="store_true", help=_("add a one-page rules summary"))
    parser.add_argument("--lang", choices=languages(), default=None,
                        metavar=pgettext("metavar", "LANG"),
                        help=_("the sheets' language (%(langs)s; default: DICEHERO_LANG)",
                               langs=", ".join(languages())))
    # Translators: %(port)s is a network port's number, as 5000.
    parser.add_argument("--url", metavar="URL",
                        help=_("the address phones open, in the QR code and printed beside it "
                               "(default: $PUBLIC_URL, else this machine's network address on "
                               "port %(port)s, as `dicehero serve` announces it)",
                               port=DEFAULT_PORT))
    parser.add_argument("--database", metavar="URL",
                        help=_("the live server's database for --game (default: $DATABASE_URL, "
                               "else the SQLite file in the instance folder)"))
    parser.add_argument("-o", "--output", required=True,
                        metavar=pgettext("metavar", "FILE") + ".pdf",
                        help=_("where to write the PDF ('-' writes to standard output)"))


def run(args: argparse.Namespace) -> int:
    """Build the sheets asked for and write the PDF; errors become one line and status 1."""
    try:
        return _run(args)
    except EditionError as e:
        print(f"dicehero print: {edition_words(e, cli_language())}", file=sys.stderr)
        return 1
    except (PrintError, ValueError) as e:
        print(f"dicehero print: {e}", file=sys.stderr)
        return 1


def _run(args: argparse.Namespace) -> int:
    game = args.game
    if game is not None and not _CODE.fullmatch(game):
        raise PrintError(_("%(game)s is not a game code (letters, digits, - or _)",
                           game=repr(game)))
    edition_name = args.edition
    rounds = 0
    paths: list[str | None] = []  # each paper hero's own page: their sheet's QR code
    if args.register and (game is None or args.names is None):
        raise PrintError(_("--register needs --game CODE and --names FILE"))
    if args.names is not None:
        names = read_names(args.names)
        if args.register:
            register_paper_heroes(game, names, args.database)
            found = players_of_game(game, args.database)
            by_name = dict(zip(found.names, found.paper_paths, strict=True))
            paths = [by_name.get(name) for name in names]
    elif args.players is not None:
        if not 1 <= args.players <= MAX_SHEETS:
            raise PrintError(_("--players must be between 1 and %(most)s, got %(n)s",
                               most=MAX_SHEETS, n=args.players))
        names = [""] * args.players
    elif game is not None:
        found = players_of_game(game, args.database)
        game, names, rounds, paths = found.code, found.names, found.rounds, found.paper_paths
        edition_name = edition_name or found.edition
    else:
        names = [""]
    if len(names) > MAX_SHEETS:
        raise PrintError(_("at most %(most)s sheets at a time, asked for %(n)s",
                           most=MAX_SHEETS, n=len(names)))
    edition = load_edition(edition_name or DEFAULT_EDITION)
    edition = for_rounds(edition, rounds)
    sheets = (game_sheets(names, game, base_url(args.url), paths) if game
              else [SheetHeader(hero=name) for name in names])
    buffer = io.BytesIO()
    progress = TerminalProgress(sys.stderr)
    pages = render_sheets(edition, sheets, buffer, paper=args.paper, rules=args.rules,
                          progress=progress, lang=args.lang or cli_language())
    write_output(args.output, buffer.getvalue())
    if args.output != "-":
        # Translators: %(n)s pages; %(kb)s the file's size.
        print(_("wrote %(file)s: %(n)s page(s), %(kb)s KB", file=args.output, n=pages,
                kb=len(buffer.getvalue()) // 1024), file=sys.stderr)
    return 0


def base_url(given: str | None) -> str:
    """The address phones open: ``--url``, else ``$PUBLIC_URL``, else this machine's network
    address (never ``localhost``, which on a phone is the phone; a warning if there is none)."""
    try:
        url = (checked_public_url(given) if given else configured_public_url()
               or public_url("0.0.0.0", DEFAULT_PORT))
    except AddressError as e:
        said = _(e.message, **e.params)
        raise PrintError(f"--url {said}" if given else f"PUBLIC_URL {said}") from None
    if urlsplit(url).hostname in LOOPBACK:
        print(_("warning: this machine has no network address, so the QR codes lead to "
                "%(url)s, which phones cannot open; pass --url", url=url), file=sys.stderr)
    return url


def read_names(path: str) -> list[str]:
    """The hero names in a text file, one a line; blank lines are skipped."""
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise PrintError(_("cannot read names file %(file)s: it is not UTF-8 text",
                           file=path)) from None
    except OSError as e:
        raise PrintError(_("cannot read names file %(file)s: %(error)s", file=path,
                           error=e.strerror or e)) from None
    names = [" ".join(line.split()) for line in text.splitlines()]
    names = [name for name in names if name]
    if not names:
        raise PrintError(_("names file %(file)s has no names in it", file=path))
    return names


def write_output(path: str, data: bytes) -> None:
    """Write the PDF to ``path`` (or standard output for ``-``), with a clear error."""
    if path == "-":
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return
    try:
        Path(path).write_bytes(data)
    except OSError as e:
        raise PrintError(_("cannot write %(file)s: %(error)s", file=path,
                           error=e.strerror or e)) from None


def default_database_url() -> str:
    """Where ``dicehero serve`` keeps its games: ``$DATABASE_URL``, else the SQLite file
    in ``$DICEHERO_INSTANCE`` or ``instance/`` beside the package."""
    if os.environ.get("DATABASE_URL"):
        return os.environ["DATABASE_URL"]
    instance = os.environ.get("DICEHERO_INSTANCE") or str(
        Path(__file__).resolve().parent.parent.parent / "instance")
    return "sqlite:///" + os.path.join(os.path.abspath(instance), "dicehero.sqlite")


def players_of_game(code: str, database_url: str | None = None) -> GamePlayers:
    """The hero names (and edition, rounds) of game ``code``, read from the live server's store.

    The store is imported only here, so printing blank sheets never needs a database.
    Raises :class:`GameLookupError` with "no such game" or "the game store is not
    available" in its message.
    """
    try:
        with _games(database_url) as games:
            state = games.print_roster(code, None, by_host=True)
    except GameLookupError:
        raise
    except Exception as e:  # a missing table, a refused connection: say so, no traceback
        if getattr(e, "code", "") == "unknown_game":  # the store's StoreError
            raise GameLookupError(_("no such game: %(code)s", code=code)) from None
        why = f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"
        raise GameLookupError(_("the game store is not available: %(error)s",
                                error=why)) from None
    names = [str(name) for name in state["names"]]
    if not names:
        raise GameLookupError(_("game %(code)s has no players yet; use --players N to print "
                                "blank sheets for it", code=state.get("code", code)))
    return GamePlayers(code=str(state.get("code", code)),
                       edition=str(state.get("edition") or DEFAULT_EDITION),
                       rounds=int(state.get("rounds") or 0), names=names,
                       paper_paths=list(state["paper_paths"]))


def register_paper_heroes(code: str, names: list[str], database_url: str | None = None) -> None:
    """Write ``names`` in as paper heroes of game ``code``; names already there are kept.

    The store refuses once the game's first roll is out (a hero written in later could
    fit a sheet to public dice); that refusal, or any other, is a :class:`PrintError`.
    """
    from dicehero.store import StoreError
    from dicehero.words import fill

    with _games(database_url) as games:
        try:
            have = {p["name"] for p in games.state(code).get("players", [])}
        except StoreError as e:
            raise PrintError(_("could not write the heroes in: %(why)s",
                               why=fill(e.template, e.params, cli_language()))) from None
        for name in names:
            if name and name not in have:
                try:
                    games.join(code, {"name": name, "paper": True}, by_host=True)
                except StoreError as e:
                    why = fill(e.template, e.params, cli_language())
                    raise PrintError(_("could not write in %(name)s: %(why)s", name=repr(name),
                                       why=why)) from None
                have.add(name)


@contextmanager
def _games(database_url: str | None) -> Iterator[Games]:
    """The live server's store, or :class:`GameLookupError` if it is not there.

    Its connections are closed on the way out: a command may run inside a longer-lived
    process (the tests), and a pooled connection left open there is a leak.
    """
    url = database_url or default_database_url()
    if url.startswith("sqlite:///") and ":memory:" not in url:
        path = url[len("sqlite:///"):]
        if not os.path.exists(path):
            raise GameLookupError(_("the game store is not available: no database at %(file)s "
                                    "(start the server with `dicehero serve`, or pass "
                                    "--database)", file=path))
    try:
        from dicehero.store import Games, Store
    except ImportError as e:
        raise GameLookupError(_("the game store is not available: %(error)s",
                                error=e)) from None
    games = Games(Store(url))
    try:
        yield games
    finally:
        games.store.engine.dispose()


class TerminalProgress:
    """Shows "sheet 37/100" on a terminal (one updating line), or every tenth on a log."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.tty = stream.isatty()

    def __call__(self, done: int, total: int) -> None:
        """Report that ``done`` of ``total`` sheets are drawn."""
        # Translators: how far the printing is: %(done)s sheets drawn of %(total)s.
        said = _("sheet %(done)s/%(total)s", done=done, total=total)
        if self.tty:
            end = "\n" if done == total else ""
            self.stream.write(f"\r{said}{end}")
            self.stream.flush()
        elif done == total or done % max(1, total // 10) == 0:
            self.stream.write(f"{said}\n")
