"""The geometry inside each element: every box, badge and icon slot, in millimetres.

Each function takes an element's frame (from :mod:`dicehero.printing.layout`) and
the edition data, and returns plain rectangles, so the drawing code only paints
what these functions placed and tests can check the boxes without a PDF.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from dicehero.engine.edition import Edition, Location
from dicehero.printing.geometry import Rect, flip_in
from dicehero.printing.language import _
from dicehero.printing.layout import is_wide, round_columns
from dicehero.printing.panel import HEAD_H, PAD, RULE_H

CAPTION_H = 5.0  # the caption line at the top of the tables


# --- location panels ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PanelParts:
    """A location panel: its heading bar, the line for its rule, its body and minion slots."""

    head: Rect
    rule: Rect
    body: Rect
    minions: tuple[Rect, ...]


def panel_parts(location: Location, frame: Rect, minions: int) -> PanelParts:
    """Split a location's frame into heading, rule line and body; wide panels keep the rule
    in the heading bar."""
    head = frame.top_part(HEAD_H)
    size = HEAD_H - 2.0
    slots = tuple(
        Rect(head.right - 1.2 - (minions - i) * (size + 0.8), head.y + 1.0, size, size)
        for i in range(minions)
    )
    if is_wide(location):
        left = slots[0].x if slots else head.right
        # the rule shares the heading bar; the drawer starts it after the name
        rule = Rect(head.x, head.y, left - head.x - 2.0, head.h)
        body = frame.below(HEAD_H).inset(PAD)
    else:
        rule = frame.below(HEAD_H).top_part(RULE_H).inset(PAD, 0)
        body = frame.below(HEAD_H + RULE_H).inset(PAD)
    return PanelParts(head, rule, body, slots)


# --- the hero's circle -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HeroParts:
    """The middle circle: centre and radius, the name line, the drawing area,
    the box for the chosen superpower and the superpower-use boxes."""

    cx: float
    cy: float
    r: float
    name: Rect
    drawing: Rect
    power: Rect
    uses: tuple[Rect, ...]


def hero_parts(edition: Edition, frame: Rect) -> HeroParts:
    """Place the name line, drawing room and superpower boxes inside the circle."""
    r = min(frame.w, frame.h) / 2 - 0.4
    cx, cy = frame.cx, frame.cy
    name_y = cy + 0.40 * r
    name_h = min(7.0, 0.3 * r)
    # the name must fit the chord at the top of its letters, not at its base line
    half = math.sqrt(max(0.0, r * r - (name_y - cy + name_h) ** 2)) - 1.5
    name = Rect(cx - half, name_y, 2 * half, name_h)
    n = edition.superpower_uses
    uses_y = cy - 0.62 * r
    # the row of boxes must fit the circle's chord at its lower edge
    chord = 2 * r * math.sqrt(1 - 0.62 ** 2) - 3.0
    box = min(7.0, r * 0.2, (chord - 3.0 - 1.4 * n) / (n + 2))
    row_w = 2 * box + 3.0 + n * (box + 1.4)
    x = cx - row_w / 2
    power = Rect(x, uses_y, 2 * box, box)
    uses = tuple(Rect(x + 2 * box + 3.0 + i * (box + 1.4), uses_y, box, box) for i in range(n))
    drawing_half = r * 0.78
    drawing = Rect(cx - drawing_half, uses_y + box + 4.5, 2 * drawing_half,
                   name_y - uses_y - box - 4.5 - 1.0)
    return HeroParts(cx, cy, r, name, drawing, power, uses)


# --- rounds, superpowers, tallies, scores -----------------------------------


@dataclass(frozen=True, slots=True)
class RoundRow:
    """One round: its number's slot and a box for each die."""

    number: int
    label: Rect
    dice: tuple[Rect, ...]


def round_parts(edition: Edition, frame: Rect) -> list[RoundRow]:
    """One row per round, split into columns, each row with a box per die."""
    body = frame.below(CAPTION_H + 1.0).inset(1.5, 0.5)
    cols = round_columns(edition.rounds)
    per_col = math.ceil(edition.rounds / cols)
    col_w = body.w / cols
    row_h = min(body.h / per_col, 9.0)
    label_w = 7.0
    box = min(row_h - 1.2, (col_w - label_w - 3.0) / edition.dice_per_round - 1.0, 8.0)
    out = []
    for i in range(edition.rounds):
        c, r = divmod(i, per_col)
        x = body.x + c * col_w + max(0.0, (col_w - label_w - edition.dice_per_round
                                           * (box + 1.0)) / 2)
        y = body.top - (r + 1) * row_h + (row_h - box) / 2
        dice = tuple(Rect(x + label_w + k * (box + 1.0), y, box, box)
                     for k in range(edition.dice_per_round))
        out.append(RoundRow(i + 1, Rect(x, y, label_w - 1.0, box), dice))
    return out


@dataclass(frozen=True, slots=True)
class TallyParts:
    """The tallies: a caption line and icon slots for Wild dice, Bystanders and Minions
    (the minions grouped by location, each group with the slot for its number)."""

    captions: tuple[Rect, Rect, Rect]
    wild: tuple[Rect, ...]
    bystanders: tuple[Rect, ...]
    minions: tuple[tuple[Rect, tuple[Rect, ...]], ...]


def _minion_size(area: Rect, groups: int, per: int, lines: int) -> float:
    """The icon size when ``groups`` groups of ``per`` minions sit on ``lines`` lines."""
    across = math.ceil(groups / lines)
    return min(area.h / lines - 0.8, 6.5,
               ((area.w - 1.0) / across - _LABEL_W - 2.0) / max(per, 1) - 0.6)


_LABEL_W = 3.4


def tally_parts(edition: Edition, frame: Rect) -> TallyParts:
    """Wild dice beside Bystanders on the upper half, the Robot Minions (grouped by
    location, on one or two lines, whichever gives bigger icons) on the lower half."""
    upper, lower = frame.inset(1.5, 0.5).rows([1, 1], gap=0.5)
    left, right = upper.columns([1, 1], gap=2.0)
    captions = (left.top_part(CAPTION_H), right.top_part(CAPTION_H), lower.top_part(CAPTION_H))

    def row_of(area: Rect, n: int) -> tuple[Rect, ...]:
        size = min(area.h - 0.8, 7.0, (area.w - 1.0) / max(n, 1) - 1.2)
        y = area.y + (area.h - size) / 2
        return tuple(Rect(area.x + 1.0 + i * (size + 1.2), y, size, size) for i in range(n))

    wild = row_of(left.below(CAPTION_H), edition.reward_count("wild"))
    bystanders = row_of(right.below(CAPTION_H), edition.reward_count("bystander"))
    area = lower.below(CAPTION_H)
    per = edition.minions_per_location
    n_loc = len(edition.locations)
    lines = max((1, 2), key=lambda k: (_minion_size(area, n_loc, per, k), -k))
    size = _minion_size(area, n_loc, per, lines)
    across = math.ceil(n_loc / lines)
    group_w = (area.w - 1.0) / across
    line_h = area.h / lines
    minions = []
    for g in range(n_loc):
        line, col = divmod(g, across)
        x = area.x + 1.0 + col * group_w
        y = area.top - (line + 1) * line_h + (line_h - size) / 2
        icons = tuple(Rect(x + _LABEL_W + k * (size + 0.6), y, size, size) for k in range(per))
        minions.append((Rect(x, y, _LABEL_W, size), icons))
    return TallyParts(captions, wild, bystanders, tuple(minions))  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class ScoreBox:
    """One box of the score strip: its label, its frame and the sign drawn before it."""

    label: str
    frame: Rect
    sign: str


def score_parts(edition: Edition, frame: Rect) -> list[ScoreBox]:
    """A box per location, one for Bystanders, one for Minions and a wider one for the total."""
    labels = [f"{loc.number} {loc.name}" for loc in edition.locations]
    # Translators: the score strip's boxes; %(n)s is the Honor each is worth.
    labels += [_("Bystanders \u00d7%(n)s", n=edition.bystander_honor),
               _("Minions \u00d7%(n)s", n=edition.minion_honor), _("TOTAL")]
    weights = [1.0] * (len(labels) - 1) + [1.35]
    sign_w = 3.6
    inner = Rect(frame.x, frame.y, frame.w - sign_w * (len(labels) - 1), frame.h)
    widths = [inner.w * w / sum(weights) for w in weights]
    out, x = [], frame.x
    for i, (label, w) in enumerate(zip(labels, widths, strict=True)):
        sign = "" if i == 0 else "=" if i == len(labels) - 1 else "+"
        out.append(ScoreBox(label, Rect(x, frame.y, w, frame.h), sign))
        x += w + sign_w
    return out


# --- header ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HeaderParts:
    """The header: the title block, the game-code field and the QR code's square."""

    title: Rect
    game: Rect
    qr: Rect


def header_parts(frame: Rect, rtl: bool = False) -> HeaderParts:
    """The QR square at the right, the game field left of it, the title taking the rest;
    the other way round on a right-to-left sheet."""
    qr = Rect(frame.right - frame.h, frame.y, frame.h, frame.h)
    game = Rect(qr.x - 2.0 - 62.0, frame.y, 62.0, frame.h)
    title = Rect(frame.x, frame.y, game.x - frame.x - 2.0, frame.h)
    flip = flip_in(frame, rtl)
    return HeaderParts(flip(title), flip(game), flip(qr))
