"""Rendering a batch of sheets to one PDF: the function the CLI and the web server share."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import BinaryIO

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from dicehero import i18n
from dicehero.engine.edition import Edition
from dicehero.printing.language import _, in_language, ngettext, speaking
from dicehero.printing.layout import PageLayout, page_layout
from dicehero.printing.rules import draw_rules_page
from dicehero.printing.sheet import SheetHeader, draw_personal, draw_static

Progress = Callable[[int, int], None]

_FORM = "sheet"


def join_url(base: str, game: str) -> str:
    """The address a QR code points at: the game's player page, ``/play/CODE``, the same
    link as the host screen's QR code."""
    return f"{base.rstrip('/')}/play/{game}"


def game_sheets(names: Sequence[str], game: str, base: str,
                paper_paths: Sequence[str | None] = ()) -> list[SheetHeader]:
    """One sheet per name (``""`` for a blank one), each with the game's code and a QR code
    to ``base``'s player page; a written-in paper hero's (``paper_paths``, by position)
    leads to their own page for entering their sheet, key and all."""
    url = join_url(base, game)
    paths = list(paper_paths) + [None] * (len(names) - len(paper_paths))
    return [SheetHeader(hero=name, game=game, url=url) if path is None
            else SheetHeader(hero=name, game=game, url=base.rstrip("/") + path,
                             label=i18n.N_("scan to enter your sheet"),
                             shown=f"{base.rstrip('/')}/paper/{game}")
            for name, path in zip(names, paths, strict=True)]


def for_rounds(edition: Edition, rounds: int) -> Edition:
    """``edition`` with a row per round the game really plays (a host may play fewer)."""
    return dataclasses.replace(edition, rounds=rounds) if 0 < rounds < edition.rounds else edition


def render_sheets(edition: Edition, sheets: Sequence[SheetHeader], out: BinaryIO,
                  paper: str = "a4", rules: bool = False,
                  progress: Progress | None = None, lang: str = i18n.SOURCE) -> int:
    """Write one page per sheet (and a rules page if ``rules``) as a PDF to ``out``.

    The sheets carry the edition's words (title, locations, superpowers) in ``lang``, and
    their own labels and the rules page too.

    ``progress(done, total)`` is called after each sheet. Returns the number of pages.
    Raises ValueError for an unknown paper size or when there is nothing to print.
    """
    layout = page_layout(edition, paper)
    if i18n.is_rtl(lang):
        layout = layout.mirrored()
    english, edition = edition, in_language(edition, lang)
    if not sheets and not rules:
        raise ValueError("nothing to print: no sheets and no rules page")
    with speaking(lang):
        return _render(edition, english, sheets, out, layout, rules, progress)


def _render(edition: Edition, english: Edition, sheets: Sequence[SheetHeader], out: BinaryIO,
            layout: PageLayout, rules: bool, progress: Progress | None) -> int:
    c = Canvas(out, pagesize=(layout.width * mm, layout.height * mm), pageCompression=1)
    # Translators: the PDF's title (a viewer shows it); %(title)s is the game's name.
    c.setTitle(_("%(title)s sheets", title=edition.title))
    c.setAuthor("dicehero")
    # Translators: the PDF's subject; %(name)s is the edition's name (Classic).
    c.setSubject(ngettext("%(name)s edition, %(n)s sheet", "%(name)s edition, %(n)s sheets",
                          len(sheets), name=edition.label))
    if sheets:
        # Everything the players share is drawn once, as a form every page reuses:
        # a hundred sheets then cost little more time and space than one.
        c.beginForm(_FORM)
        c.saveState()
        c.scale(mm, mm)
        draw_static(c, edition, layout)
        c.restoreState()
        c.endForm()
    for done, sheet in enumerate(sheets, start=1):
        c.doForm(_FORM)
        c.saveState()
        c.scale(mm, mm)
        draw_personal(c, edition, layout, sheet)
        c.restoreState()
        c.showPage()
        if progress:
            progress(done, len(sheets))
    if rules:
        draw_rules_page(c, english, layout)
        c.showPage()
    c.save()
    return len(sheets) + (1 if rules else 0)
