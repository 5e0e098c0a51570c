"""The one-page rules summary, written from the edition's own numbers and texts."""

from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Frame, KeepInFrame, Paragraph, Spacer

from dicehero.engine.edition import Edition
from dicehero.printing.kinds import print_kind
from dicehero.printing.language import _, pgettext
from dicehero.printing.layout import PageLayout
from dicehero.printing.text import BOLD, REGULAR, printable

BODY = ParagraphStyle("body", fontName=REGULAR, fontSize=11.5, leading=15, spaceAfter=3.5)
TITLE = ParagraphStyle("title", parent=BODY, fontName=BOLD, fontSize=20, leading=24, spaceAfter=2)
HEADING = ParagraphStyle("heading", parent=BODY, fontName=BOLD, fontSize=13.5, leading=17,
                         spaceBefore=7, spaceAfter=2)
ITEM = ParagraphStyle("item", parent=BODY, leftIndent=14, firstLineIndent=-14, spaceAfter=2.5)


def _e(text: str) -> str:
    return escape(printable(text))


def _p(text: str) -> str:
    """A translated text that keeps its own ``<b>`` tags: everything else escaped."""
    return _e(text).replace("&lt;b&gt;", "<b>").replace("&lt;/b&gt;", "</b>")


def rules_story(edition: Edition) -> list[Flowable]:
    """The paragraphs of the rules summary, in the printing language."""
    e = edition
    story: list[Flowable] = [
        # Translators: %(title)s is the game's name (Super Dice Heroes).
        Paragraph(_e(_("%(title)s: rules summary", title=pgettext("edition", e.title))), TITLE),
        # Translators: %(name)s is the edition's name (Classic); %(dice)s how many dice.
        Paragraph("<i>" + _e(_("%(name)s edition: %(rounds)s rounds of %(dice)s dice that "
                               "every player shares.", name=e.name, rounds=e.rounds,
                               dice=e.dice_per_round)) + "</i>", BODY),
        Paragraph(_e(_("Setup")), HEADING),
        Paragraph(_e(_("Roll 2 dice and choose one of the two superpowers (reroll until the "
                       "numbers differ); write its number in the middle circle. Name your hero "
                       "and draw them in the circle: your token starts there, and never comes "
                       "back.")), BODY),
        Paragraph(_e(_("Each round (do this %(n)s times)", n=e.rounds)), HEADING),
        # Translators: <b>Move</b> and <b>Help</b> are bold; keep the tags around your words.
        # %(dice)s: how many dice; %(minions)s: Robot Minions per location.
        Paragraph(_p(_("Roll %(dice)s dice and write them in the round's boxes. Spend each die "
                       "to <b>Move</b> (to the location with the die's number, or anywhere "
                       "with a die that matches the location you are in) or to <b>Help</b> "
                       "where you are (mark an X or write the number, as the location says). "
                       "A die can also defeat one of the %(minions)s Robot Minions of your "
                       "location: X it there and in the tally at the bottom.",
                       dice=e.dice_per_round, minions=e.minions_per_location)), BODY),
        Paragraph(_e(_("Locations")), HEADING),
    ]
    for loc in e.locations:
        story.append(Paragraph(
            f"<b>{loc.number} {_e(pgettext('location', loc.name))}</b>: "
            f"{_e(pgettext('location rule', loc.rule))} <i>{_e(print_kind(loc).scoring(loc))}</i>",
            ITEM))
    story.append(Paragraph(_e(_("Superpowers (use yours %(n)s times, X a box each time)",
                                n=e.superpower_uses)), HEADING))
    for sp in e.superpowers:
        story.append(Paragraph(f"<b>{sp.number} {_e(pgettext('superpower', sp.name))}</b>: "
                               f"{_e(pgettext('superpower rule', sp.text))}", ITEM))
    story += [
        Paragraph(_e(_("Wild dice and Bystanders")), HEADING),
        Paragraph(_e(_("When you earn a Wild die, circle one at the bottom; it is an extra die "
                       "of any number, to Move or Help, at any time, even at once. X it when "
                       "you use it. When you rescue a Bystander, circle one at the bottom.")),
                  BODY),
        Paragraph(_e(_("Scoring")), HEADING),
        # Translators: %(bystander)s and %(minion)s are the Honor each one is worth.
        Paragraph(_e(_("After round %(rounds)s, add up the Honor of every location, "
                       "%(bystander)s Honor per rescued Bystander and %(minion)s Honor per "
                       "defeated Robot Minion. The most Honor wins!", rounds=e.rounds,
                       bystander=e.bystander_honor, minion=e.minion_honor)), BODY),
    ]
    return story


def draw_rules_page(c: Canvas, edition: Edition, layout: PageLayout) -> None:
    """Fill one page with the rules summary, shrunk if an edition's texts run long."""
    content = layout.content
    frame = Frame(content.x * mm, content.y * mm, content.w * mm, content.h * mm,
                  leftPadding=6 * mm, rightPadding=6 * mm, topPadding=4 * mm, bottomPadding=4 * mm,
                  showBoundary=0)
    story = [*rules_story(edition), Spacer(1, 1)]
    frame.addFromList([KeepInFrame(content.w * mm - 12 * mm, content.h * mm - 8 * mm, story,
                                   mode="shrink")], c)
