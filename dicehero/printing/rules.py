"""The one-page rules summary, written from the edition's own numbers and texts."""

from __future__ import annotations

import re
from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Frame, KeepInFrame, Paragraph, Spacer

from dicehero import i18n
from dicehero.engine.edition import Edition
from dicehero.printing.kinds import print_kind
from dicehero.printing.language import _, current, pgettext
from dicehero.printing.layout import PageLayout
from dicehero.printing.paragraphs import Lines, Piece, printable_piece
from dicehero.printing.text import BOLD, REGULAR, builtin

BODY = ParagraphStyle("body", fontName=REGULAR, fontSize=11.5, leading=15, spaceAfter=3.5)
TITLE = ParagraphStyle("title", parent=BODY, fontName=BOLD, fontSize=20, leading=24, spaceAfter=2)
HEADING = ParagraphStyle("heading", parent=BODY, fontName=BOLD, fontSize=13.5, leading=17,
                         spaceBefore=7, spaceAfter=2)
ITEM = ParagraphStyle("item", parent=BODY, leftIndent=14, firstLineIndent=-14, spaceAfter=2.5)
INTRO = ParagraphStyle("intro", parent=BODY, fontName="Helvetica-Oblique")

Block = tuple[ParagraphStyle, list[Piece]]
_BOLD_TAGS = re.compile(r"<b>(.*?)</b>", re.S)


def _tagged(text: str) -> list[Piece]:
    """A translated text that keeps its own ``<b>`` tags, as pieces."""
    pieces, last = [], 0
    for m in _BOLD_TAGS.finditer(text):
        pieces += [Piece(text[last:m.start()]), Piece(m.group(1), bold=True)]
        last = m.end()
    return [p for p in [*pieces, Piece(text[last:])] if p.text]


def rules_blocks(edition: Edition) -> list[Block]:
    """The paragraphs of the rules summary, in the printing language."""
    e = edition
    blocks: list[Block] = [
        # Translators: %(title)s is the game's name (Super Dice Heroes).
        (TITLE, [Piece(_("%(title)s: rules summary", title=pgettext("edition", e.title)), True)]),
        # Translators: %(name)s is the edition's name (Classic); %(dice)s how many dice.
        (INTRO, [Piece(_("%(name)s edition: %(rounds)s rounds of %(dice)s dice that "
                         "every player shares.", name=pgettext("edition name", e.label),
                         rounds=e.rounds,
                         dice=e.dice_per_round))]),
        (HEADING, [Piece(_("Setup"), True)]),
        (BODY, [Piece(_("Roll 2 dice and choose one of the two superpowers (reroll until the "
                        "numbers differ); write its number in the middle circle. Name your hero "
                        "and draw them in the circle: your token starts there, and never comes "
                        "back."))]),
        (HEADING, [Piece(_("Each round (do this %(n)s times)", n=e.rounds), True)]),
        # Translators: <b>Move</b> and <b>Help</b> are bold; keep the tags around your words.
        # %(dice)s: how many dice; %(minions)s: Robot Minions per location.
        (BODY, _tagged(_("Roll %(dice)s dice and write them in the round's boxes. Spend each die "
                         "to <b>Move</b> (to the location with the die's number, or anywhere "
                         "with a die that matches the location you are in) or to <b>Help</b> "
                         "where you are (mark an X or write the number, as the location says). "
                         "A die can also defeat one of the %(minions)s Robot Minions of your "
                         "location: X it there and in the tally at the bottom.",
                         dice=e.dice_per_round, minions=e.minions_per_location))),
        (HEADING, [Piece(_("Locations"), True)]),
    ]
    for loc in e.locations:
        blocks.append((ITEM, [Piece(f"{loc.number} {pgettext('location', loc.name)}", True),
                              Piece(f": {pgettext('location rule', loc.rule)} "),
                              Piece(print_kind(loc).scoring(loc), italic=True)]))
    blocks.append((HEADING, [Piece(_("Superpowers (use yours %(n)s times, X a box each time)",
                                     n=e.superpower_uses), True)]))
    for sp in e.superpowers:
        blocks.append((ITEM, [Piece(f"{sp.number} {pgettext('superpower', sp.name)}", True),
                              Piece(f": {pgettext('superpower rule', sp.text)}")]))
    blocks += [
        (HEADING, [Piece(_("Wild dice and Bystanders"), True)]),
        (BODY, [Piece(_("When you earn a Wild die, circle one at the bottom; it is an extra die "
                        "of any number, to Move or Help, at any time, even at once. X it when "
                        "you use it. When you rescue a Bystander, circle one at the bottom."))]),
        (HEADING, [Piece(_("Scoring"), True)]),
        # Translators: %(bystander)s and %(minion)s are the Honor each one is worth.
        (BODY, [Piece(_("After round %(rounds)s, add up the Honor of every location, "
                        "%(bystander)s Honor per rescued Bystander and %(minion)s Honor per "
                        "defeated Robot Minion. The most Honor wins!", rounds=e.rounds,
                        bystander=e.bystander_honor, minion=e.minion_honor))]),
    ]
    return blocks


def _markup(pieces: list[Piece]) -> str:
    """Pieces as reportlab paragraph markup."""
    tags = {(True, False): "b", (False, True): "i", (True, True): "b"}
    return "".join(f"<{t}>{escape(p.text)}</{t}>" if (t := tags.get((p.bold, p.italic)))
                   else escape(p.text) for p in pieces)


def rules_story(edition: Edition) -> list[Flowable]:
    """The rules summary as flowables: reportlab paragraphs in Helvetica when it has every
    letter (English, French...), else :class:`Lines` in the script fonts, right to left in
    Arabic."""
    blocks = [(style, [printable_piece(p) for p in pieces])
              for style, pieces in rules_blocks(edition)]
    if all(builtin(p.text) for _style, pieces in blocks for p in pieces):
        return [Paragraph(_markup(pieces), style) for style, pieces in blocks]
    rtl = i18n.is_rtl(current())
    return [Lines(pieces, style, rtl) for style, pieces in blocks]


def draw_rules_page(c: Canvas, edition: Edition, layout: PageLayout) -> None:
    """Fill one page with the rules summary, shrunk if an edition's texts run long."""
    content = layout.content
    frame = Frame(content.x * mm, content.y * mm, content.w * mm, content.h * mm,
                  leftPadding=6 * mm, rightPadding=6 * mm, topPadding=4 * mm, bottomPadding=4 * mm,
                  showBoundary=0)
    story = [*rules_story(edition), Spacer(1, 1)]
    frame.addFromList([KeepInFrame(content.w * mm - 12 * mm, content.h * mm - 8 * mm, story,
                                   mode="shrink")], c)
