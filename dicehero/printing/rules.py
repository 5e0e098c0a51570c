"""The one-page rules summary, written from the edition's own numbers and texts."""

from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Frame, KeepInFrame, Paragraph, Spacer

from dicehero.engine.edition import Edition
from dicehero.printing.kinds import print_kind
from dicehero.printing.layout import PageLayout
from dicehero.printing.text import BOLD, REGULAR, printable

BODY = ParagraphStyle("body", fontName=REGULAR, fontSize=11.5, leading=15, spaceAfter=3.5)
TITLE = ParagraphStyle("title", parent=BODY, fontName=BOLD, fontSize=20, leading=24, spaceAfter=2)
HEADING = ParagraphStyle("heading", parent=BODY, fontName=BOLD, fontSize=13.5, leading=17,
                         spaceBefore=7, spaceAfter=2)
ITEM = ParagraphStyle("item", parent=BODY, leftIndent=14, firstLineIndent=-14, spaceAfter=2.5)


def _e(text: str) -> str:
    return escape(printable(text))


def rules_story(edition: Edition) -> list[Flowable]:
    """The paragraphs of the rules summary."""
    e = edition
    story: list[Flowable] = [
        Paragraph(f"{_e(e.title)}: rules summary", TITLE),
        Paragraph(f"<i>{_e(e.name)} edition: {e.rounds} rounds of {e.dice_per_round} dice "
                  "that every player shares.</i>", BODY),
        Paragraph("Setup", HEADING),
        Paragraph("Roll 2 dice and choose one of the two superpowers (reroll until the numbers "
                  "differ); write its number in the middle circle. Name your hero and draw them "
                  "in the circle: your token starts there, and never comes back.", BODY),
        Paragraph(f"Each round (do this {e.rounds} times)", HEADING),
        Paragraph(f"Roll {e.dice_per_round} dice and write them in the round's boxes. Spend each "
                  "die to <b>Move</b> (to the location with the die's number, or anywhere with "
                  "a die that matches the location you are in) or to <b>Help</b> where you are "
                  "(mark an X or write the number, as the location says). A die can also defeat "
                  f"one of the {e.minions_per_location} Robot Minions of your location: X it there "
                  "and in the tally at the bottom.", BODY),
        Paragraph("Locations", HEADING),
    ]
    for loc in e.locations:
        story.append(Paragraph(f"<b>{loc.number} {_e(loc.name)}</b>: {_e(loc.rule)} "
                               f"<i>{_e(print_kind(loc).scoring(loc))}</i>", ITEM))
    story.append(Paragraph(f"Superpowers (use yours {e.superpower_uses} times, X a box each time)",
                           HEADING))
    for sp in e.superpowers:
        story.append(Paragraph(f"<b>{sp.number} {_e(sp.name)}</b>: {_e(sp.text)}", ITEM))
    story += [
        Paragraph("Wild dice and Bystanders", HEADING),
        Paragraph("When you earn a Wild die, circle one at the bottom; it is an extra die of any "
                  "number, to Move or Help, at any time, even at once. X it when you use it. "
                  "When you rescue a Bystander, circle one at the bottom.", BODY),
        Paragraph("Scoring", HEADING),
        Paragraph(f"After round {e.rounds}, add up the Honor of every location, "
                  f"{e.bystander_honor} Honor per rescued Bystander and {e.minion_honor} Honor "
                  "per defeated Robot Minion. The most Honor wins!", BODY),
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
