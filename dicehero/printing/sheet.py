"""Drawing one sheet: the parts every player shares, then the parts printed for one player.

The renderer looks up a drawer per element kind and wraps each element in
``saveState``/``restoreState``, so no element can leak a font, a colour or a
line width into the next. The canvas is scaled to millimetres by the caller.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from dicehero.engine.edition import Edition
from dicehero.i18n import N_, is_rtl
from dicehero.printing import icons
from dicehero.printing.geometry import Rect, flip_align, flip_in, pt
from dicehero.printing.kinds import print_kind
from dicehero.printing.language import _, current
from dicehero.printing.layout import Element, PageLayout, is_wide
from dicehero.printing.paragraphs import Piece, draw_line, wrap_pieces
from dicehero.printing.parts import (
    header_parts,
    hero_parts,
    panel_parts,
    round_parts,
    score_parts,
    tally_parts,
)
from dicehero.printing.qr import draw_qr
from dicehero.printing.scripts import draw_name
from dicehero.printing.text import (
    BOLD,
    ITALIC,
    MONO,
    REGULAR,
    draw_block,
    draw_fitted,
    draw_string,
    edition_line,
    ellipsize,
    fit_size,
    printable,
    width,
    wrap,
)

HEAD_GREY = 0.88
RADIUS = 1.6
SCORE_LABEL_MIN_PT = 4.8  # the longest location name (Italian's Powerplant) fits uncut


@dataclass(frozen=True, slots=True)
class SheetHeader:
    """What is printed for one player: hero name, game code and the URL of the QR code.

    Every field may be empty: a blank sheet has room to write the name and no QR code.
    ``label`` says what the QR code is for; ``shown`` is the address printed beside it
    (the URL itself unless it holds a key that only the QR code should carry).
    """

    hero: str = ""
    game: str = ""
    url: str = ""
    label: str = N_("scan the QR code to join")
    shown: str = ""


# --- shared pieces -----------------------------------------------------------


def _panel(c: Canvas, frame: Rect, head_h: float, weight: float = 1.0) -> None:
    """A rounded panel with a light grey heading bar of height ``head_h``."""
    path = c.beginPath()
    path.roundRect(frame.x, frame.y, frame.w, frame.h, RADIUS)
    c.saveState()
    c.clipPath(path, stroke=0, fill=0)
    c.setFillGray(HEAD_GREY)
    c.rect(frame.x, frame.top - head_h, frame.w, head_h, stroke=0, fill=1)
    c.restoreState()
    if head_h:
        c.setLineWidth(pt(0.5))
        c.line(frame.x, frame.top - head_h, frame.right, frame.top - head_h)
    c.setLineWidth(pt(weight))
    c.roundRect(frame.x, frame.y, frame.w, frame.h, RADIUS, stroke=1, fill=0)


def _caption(c: Canvas, box: Rect, bold: str, rest: str = "", size_pt: float = 8.0) -> None:
    """A heading in bold capitals followed by a plain explanation: on one line, shrunk a
    little to fit, else on two lines (a Polish or German explanation is long), from the
    box's right edge on a right-to-left sheet."""
    bold = printable(bold.upper())
    rest = printable(rest)
    rtl = is_rtl(current())
    size = pt(size_pt)
    total = width(bold, BOLD, size) + (width("  " + rest, REGULAR, size * 0.9) if rest else 0)
    if total <= box.w or total * 0.7 <= box.w:
        size *= min(1.0, box.w / total)
        y, align = box.cy - size * 0.35, "right" if rtl else "left"
        draw_string(c, box.right if rtl else box.x, y, bold, BOLD, size, align)
        if rest:
            gap = width(bold, BOLD, size) + width("  ", REGULAR, size * 0.9)
            draw_string(c, box.right - gap if rtl else box.x + gap, y, rest, REGULAR,
                        size * 0.9, align)
        return
    pieces = [Piece(bold, bold=True), Piece("  " + rest)]
    size = min(size, box.h / 2.45)
    lines = wrap_pieces(pieces, size, box.w, box.w)
    while len(lines) > 2 and size > pt(4.5):
        size *= 0.94
        lines = wrap_pieces(pieces, size, box.w, box.w)
    if len(lines) > 2:  # not even at 4.5 pt: the second line ends with an ellipsis
        last = lines[1][-1]
        lines[1][-1] = Piece(ellipsize(last.text + " " + " ".join(
            "".join(p.text for p in line) for line in lines[2:]), last.font, size,
            box.w - sum(width(p.text, p.font, size) for p in lines[1][:-1])), last.bold)
    y = box.cy + size * 1.05 / 2 - size * 0.35
    for line in lines[:2]:
        draw_line(c, line, box.x, box.right, y, size, rtl)
        y -= size * 1.05


# --- the header and the hero's circle ----------------------------------------


def draw_header(c: Canvas, edition: Edition, element: Element) -> None:
    """The title block and the empty game-code field (title at the right, QR code at the
    left on a right-to-left sheet)."""
    rtl = is_rtl(current())
    parts = header_parts(element.frame, rtl)
    title = parts.title
    start = flip_align("left", rtl)
    c.setFillGray(0)
    draw_fitted(c, edition.title.upper(), BOLD, 22,
                title.top_part(title.h * 0.62).inset(0, 1), align=start, min_pt=12)
    draw_fitted(c, edition_line(edition), REGULAR, 8,
                title.bottom_part(title.h * 0.38).top_part(4.0), align=start)
    game = parts.game
    _panel(c, game, 5.0, weight=1.0)
    c.setFont(BOLD, pt(7.5))
    draw_string(c, game.right - 2.0 if rtl else game.x + 2.0, game.top - 3.6, _("GAME CODE"),
                BOLD, pt(7.5), start)


def draw_hero(c: Canvas, edition: Edition, element: Element) -> None:
    """The middle circle: name line, room to draw the hero, superpower and its uses (the
    superpower's box at the right on a right-to-left sheet, its uses left of it)."""
    h = hero_parts(edition, element.frame)
    rtl = is_rtl(current())
    flip = flip_in(element.frame, rtl)
    c.setLineWidth(pt(1.4))
    c.circle(h.cx, h.cy, h.r, stroke=1, fill=0)
    c.setLineWidth(pt(0.6))
    c.line(h.name.x, h.name.y, h.name.right, h.name.y)
    # Each line is shrunk to its room: a language's longer words must not run into the next.
    _centred(c, _("YOUR HERO'S NAME"), BOLD, 6.5, h.name.x, h.name.w, h.name.y - 2.6)
    c.setFillGray(0.6)
    _centred(c, _("draw your hero here"), ITALIC, 8, h.drawing.x, h.drawing.w, h.drawing.cy)
    _centred(c, _("(your token starts in this circle)"), REGULAR, 6.5, h.drawing.x,
             h.drawing.w, h.drawing.cy - 3.4)
    c.setFillGray(0)
    icons.box(c, flip(h.power), weight=1.0)
    for use in h.uses:
        icons.box(c, flip(use), weight=1.0)
    half = (h.uses[0].x - h.power.right) / 2 if h.uses else h.power.w
    power = _("SUPERPOWER #")
    room = h.power.w + 2 * half - 1.0
    if width(power, BOLD, pt(6)) > room:  # a long word: ends at the box, grows outwards
        right = h.power.right + half - 0.5
        draw_fitted(c, power, BOLD, 6, flip(Rect(h.cx - 0.8 * h.r, h.power.top + 0.26,
                                                 right - (h.cx - 0.8 * h.r), 3.0)),
                    align=flip_align("right", rtl), min_pt=4.5)
    else:
        label = flip(Rect(h.power.x - half + 0.5, 0, room, 0))
        _centred(c, power, BOLD, 6, label.x, label.w, h.power.top + 1.0)
    if h.uses:
        left, right = h.uses[0].x - half + 0.5, h.uses[-1].right + half - 0.5
        label = flip(Rect(left, 0, right - left, 0))
        _centred(c, _("X ONE PER USE"), BOLD, 6, label.x, label.w, h.uses[0].top + 1.0)


def _centred(c: Canvas, text: str, font: str, size_pt: float, x: float, w: float,
             baseline: float) -> None:
    """One line centred on ``x .. x + w`` at ``baseline``, shrunk to fit that width."""
    size = pt(size_pt)
    draw_fitted(c, text, font, size_pt, Rect(x, baseline + size * 0.35 - 1.5, w, 3.0),
                align="centre", min_pt=4.5)


def draw_location(c: Canvas, edition: Edition, element: Element) -> None:
    """A location panel: number, name, minions and rule, then its boxes by kind; on a
    right-to-left sheet the heading starts at the right (number, then name) and its
    minions are at the left."""
    location = edition.location(element.location)
    parts = panel_parts(location, element.frame, edition.minions_per_location)
    _panel(c, element.frame, parts.head.h, weight=1.1)
    head = parts.head
    rtl = is_rtl(current())
    flip, start = flip_in(element.frame, rtl), flip_align("left", rtl)
    badge = Rect(head.x + 1.0, head.y + 0.8, head.h - 1.6, head.h - 1.6)
    icons.number_badge(c, flip(badge), location.number)
    name_box = Rect(badge.right + 1.6, head.y, (parts.minions[0].x if parts.minions
                                                 else head.right) - badge.right - 3.0, head.h)
    used = draw_fitted(c, location.name.upper(), BOLD, 11.5, flip(name_box), align=start,
                       min_pt=7)
    for slot in parts.minions:
        icons.minion(c, flip(slot))
    if is_wide(location):  # the rule follows the name in the heading bar
        x = name_box.x + used + 4.0
        rule = Rect(x, head.y, parts.rule.right - x, head.h)
        draw_fitted(c, location.rule, ITALIC, 8.5, flip(rule), align=start, min_pt=6)
    else:
        draw_block(c, location.rule, ITALIC, 7.5, parts.rule,
                   max_lines=2, min_pt=6)
    print_kind(location).draw(c, location, parts.body)


# --- tables: superpowers, rounds, tallies, scores ----------------------------


def draw_superpowers(c: Canvas, edition: Edition, element: Element) -> None:
    """The superpower table: number, name and what it does, one entry per die face (from
    the right on a right-to-left sheet: number, then name, then what it does)."""
    frame = element.frame
    rtl = is_rtl(current())
    flip, start = flip_in(frame, rtl), flip_align("left", rtl)
    _panel(c, frame, 6.0)
    _caption(c, frame.top_part(6.0).inset(2.0, 0), _("Superpowers"),
             _("roll 2 dice, choose one; use it %(n)s times", n=edition.superpower_uses))
    body = frame.below(6.0).inset(2.0, 1.0)
    n = len(edition.superpowers)
    slot = body.h / n
    die = min(4.6, slot - 1.0)
    text_w = body.w - die - 2.0
    size = pt(7.5)
    lines_per = [wrap(f"{sp.name}  {sp.text}", REGULAR, size, text_w) for sp in edition.superpowers]
    while size > pt(5.5) and max(len(lines) for lines in lines_per) * size * 1.18 > slot:
        size *= 0.94
        lines_per = [wrap(f"{sp.name}  {sp.text}", REGULAR, size, text_w)
                     for sp in edition.superpowers]
    for i, (sp, lines) in enumerate(zip(edition.superpowers, lines_per, strict=True)):
        top = body.top - i * slot
        block = len(lines) * size * 1.18
        y = top - (slot - block) / 2 - size * 0.9
        icons.number_badge(c, flip(Rect(body.x, top - slot / 2 - die / 2, die, die)),
                           sp.number)
        x = body.x + die + 2.0
        text_x = body.right - die - 2.0 if rtl else x
        for k, text in enumerate(lines):
            yy = y - k * size * 1.18
            if k == 0 and text.startswith(printable(sp.name)):
                name = printable(sp.name)
                draw_string(c, text_x, yy, name, BOLD, size, start)
                gap = width(name, BOLD, size) + width(" ", REGULAR, size)
                draw_string(c, text_x - gap if rtl else text_x + gap, yy,
                            text[len(name):].lstrip(), REGULAR, size, start)
            else:
                draw_string(c, text_x, yy, text, REGULAR, size, start)
        if i + 1 < n:
            c.setStrokeGray(0.75)
            c.setLineWidth(pt(0.4))
            rule = flip(Rect(x, 0, body.right - x, 0))
            c.line(rule.x, top - slot, rule.right, top - slot)
            c.setStrokeGray(0)


def draw_rounds(c: Canvas, edition: Edition, element: Element) -> None:
    """A row per round with a box for each die rolled; on a right-to-left sheet the first
    rounds are on the right and each number right of its boxes."""
    frame = element.frame
    rtl = is_rtl(current())
    _panel(c, frame, 6.0)
    _caption(c, frame.top_part(6.0).inset(2.0, 0), _("Rounds"),
             _("write the %(n)s dice rolled", n=edition.dice_per_round))
    for row in round_parts(edition, frame):
        label = row.label.mirrored(frame) if rtl else row.label
        size = min(pt(9), label.h * 0.75)
        c.setFont(BOLD, size)
        if rtl:
            c.drawString(label.x, label.cy - size * 0.35, str(row.number))
        else:
            c.drawRightString(label.right, label.cy - size * 0.35, str(row.number))
        for die in row.dice:
            icons.box(c, die.mirrored(frame) if rtl else die, weight=0.8)


def draw_tallies(c: Canvas, edition: Edition, element: Element) -> None:
    """Wild dice, Bystanders and Robot Minions to circle or cross at the bottom, from the
    right on a right-to-left sheet (the Wild dice first, each location's number first)."""
    frame = element.frame
    _panel(c, frame, 0.0)
    t = tally_parts(edition, frame)
    flip = flip_in(frame, is_rtl(current()))
    captions = [flip(r) for r in t.captions]
    _caption(c, captions[0], _("Wild dice"), _("circle when earned, X when used"))
    _caption(c, captions[1], _("Bystanders"),
             _("circle per rescue, %(n)s Honor each", n=edition.bystander_honor))
    _caption(c, captions[2], _("Robot Minions"),
             _("X one per defeat (%(n)s Honor each)", n=edition.minion_honor))
    for slot in t.wild:
        icons.wild_die(c, flip(slot))
    for slot in t.bystanders:
        icons.bystander(c, flip(slot))
    for (label, slots), location in zip(t.minions, edition.locations, strict=True):
        label = flip(label)
        size = min(pt(8), label.h * 0.8)
        c.setFont(BOLD, size)
        c.drawCentredString(label.cx, label.cy - size * 0.35, str(location.number))
        for slot in slots:
            icons.minion(c, flip(slot))


def draw_scores(c: Canvas, edition: Edition, element: Element) -> None:
    """The score strip: a box per location, Bystanders, Minions and the total (from the
    right on a right-to-left sheet, each sign right of its box)."""
    rtl = is_rtl(current())
    flip = flip_in(element.frame, rtl)
    boxes = score_parts(edition, element.frame)
    for i, score in enumerate(boxes):
        last = i == len(boxes) - 1
        f = flip(score.frame)
        _panel(c, f, 4.6, weight=1.8 if last else 0.9)
        draw_fitted(c, score.label, BOLD, 7.0, f.top_part(4.6).inset(1.2, 0), align="centre",
                    min_pt=SCORE_LABEL_MIN_PT)
        if score.sign:
            c.setFont(BOLD, pt(13))
            c.drawCentredString(f.right + 1.8 if rtl else f.x - 1.8, f.cy - 1.9, score.sign)


STATIC_DRAWERS: dict[str, Callable[[Canvas, Edition, Element], None]] = {
    "header": draw_header,
    "hero": draw_hero,
    "location": draw_location,
    "superpowers": draw_superpowers,
    "rounds": draw_rounds,
    "tallies": draw_tallies,
    "scores": draw_scores,
}


def draw_static(c: Canvas, edition: Edition, layout: PageLayout) -> None:
    """Everything every player's sheet has in common."""
    for element in layout.elements:
        c.saveState()
        STATIC_DRAWERS[element.kind](c, edition, element)
        c.restoreState()


def draw_personal(c: Canvas, edition: Edition, layout: PageLayout, sheet: SheetHeader) -> None:
    """The player's own parts: the hero's name, the game code and the QR code."""
    if sheet.hero:
        c.saveState()
        h = hero_parts(edition, layout.find("hero").frame)
        draw_name(c, sheet.hero, 16, Rect(h.name.x, h.name.y + 0.6, h.name.w, 6.0),
                  align="centre", min_pt=7)
        c.restoreState()
    rtl = is_rtl(current())
    parts = header_parts(layout.find("header").frame, rtl)
    if sheet.game:
        c.saveState()
        game = parts.game
        code = printable(sheet.game)
        size = fit_size(code, MONO, 20, game.w - 4.0, min_pt=9)
        c.setFont(MONO, size)
        if rtl:
            c.drawRightString(game.right - 2.0, game.y + 4.9, code)
        else:
            c.drawString(game.x + 2.0, game.y + 4.9, code)
        c.restoreState()
    if sheet.url:
        c.saveState()
        game = parts.game
        c.setFont(REGULAR, pt(6.5))
        draw_string(c, game.x + 2.0 if rtl else game.right - 2.0, game.top - 3.6,
                    _(sheet.label), REGULAR, pt(6.5), align=flip_align("right", rtl))
        draw_fitted(c, sheet.shown or sheet.url, REGULAR, 6.5,
                    Rect(game.x + 2.0, game.y + 0.6, game.w - 4.0, 3.0),
                    align=flip_align("left", rtl))
        draw_qr(c, parts.qr, sheet.url)
        c.restoreState()
