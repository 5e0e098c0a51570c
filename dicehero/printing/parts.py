"""The geometry inside each element: every box, badge and icon slot, in millimetres.

Each function takes an element's frame (from :mod:`dicehero.printing.layout`) and
the edition data, and returns plain rectangles, so the drawing code only paints
what these functions placed and tests can check the boxes without a PDF.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from dicehero.engine.edition import Edition, Location
from dicehero.printing.cells import legend_beside, legend_lines, line_kind
from dicehero.printing.geometry import Rect
from dicehero.printing.layout import HEAD_H, PAD, RULE_H, is_wide, round_columns

BADGE = 4.6  # diameter of an Honor badge
ICON = 4.6  # side of a reward icon next to a box
LEGEND_LINE = 4.5
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


# --- grids of printed numbers (City Hall, Church) ----------------------------


@dataclass(frozen=True, slots=True)
class GridParts:
    """A grid: its cells (in cell order), the badges of row and column lines, the legend
    and whether it sits beside the grid (else below)."""

    cells: tuple[Rect, ...]
    row_badges: dict[int, Rect]
    column_badges: dict[int, Rect]
    legend: Rect
    beside: bool


def grid_parts(location: Location, body: Rect) -> GridParts:
    """Place the cells of a ``cells`` location, the Honor badges of its rows and columns
    beside and under them, and the legend (line Honor, rewards) right of or below it."""
    n_rows = len(location.rows)
    n_cols = max(len(r) for r in location.rows)
    kinds = [line_kind(location, line) for line in location.lines]
    badge_w = BADGE + 1.6 if any(k == "row" for k, _ in kinds) else 0.0
    badge_h = BADGE + 1.2 if any(k == "column" for k, _ in kinds) else 0.0
    areas = {True: body.left_part(body.w - min(40.0, body.w * 0.55)),
             False: body.above(LEGEND_LINE * legend_lines(location))}

    def cell_size(area: Rect) -> float:
        return min((area.w - badge_w) / n_cols, (area.h - badge_h) / n_rows, 12.0)

    # the usual place first; the other one only if it gives clearly bigger cells
    usual = legend_beside(location)
    beside = usual if cell_size(areas[usual]) + 0.5 >= cell_size(areas[not usual]) else not usual
    area = areas[beside]
    cell = cell_size(area)
    grid_w, grid_h = cell * n_cols + badge_w, cell * n_rows + badge_h
    if beside:
        x0, top = area.x + (area.w - grid_w) / 2, area.top - (area.h - grid_h) / 2
        legend = Rect(x0 + grid_w + 2.0, body.y, body.right - x0 - grid_w - 2.0, body.h)
    else:
        x0, top = area.x + (area.w - grid_w) / 2, area.top
        legend = Rect(body.x, body.y, body.w, area.y - body.y + max(0.0, area.h - grid_h))
        legend = legend.top_part(min(legend.h, LEGEND_LINE * legend_lines(location)))
        legend = Rect(legend.x, top - grid_h - 0.5 - legend.h, legend.w, legend.h)
    cells = []
    for r, row in enumerate(location.rows):
        for c in range(len(row)):
            cells.append(Rect(x0 + c * cell, top - (r + 1) * cell, cell, cell))
    row_badges: dict[int, Rect] = {}
    column_badges: dict[int, Rect] = {}
    for kind, index in kinds:
        if kind == "row":
            row = location.rows[index]
            y = top - (index + 0.5) * cell
            row_badges[index] = Rect(x0 + len(row) * cell + 1.2, y - BADGE / 2, BADGE, BADGE)
        elif kind == "column":
            last = max(r for r, row in enumerate(location.rows) if len(row) > index)
            x = x0 + (index + 0.5) * cell
            column_badges[index] = Rect(x - BADGE / 2, top - (last + 1) * cell - 0.8 - BADGE,
                                        BADGE, BADGE)
    return GridParts(tuple(cells), row_badges, column_badges, legend, beside)


# --- pairs (Hospital) --------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PairParts:
    """One pair: its two boxes, its Honor badge and the slot for its reward icon."""

    first: Rect
    second: Rect
    badge: Rect
    reward: Rect


def _badge_and_icon(cx: float, y: float, with_icon: bool) -> tuple[Rect, Rect]:
    """An Honor badge centred on ``cx``, or badge and reward icon centred together."""
    if not with_icon:
        return Rect(cx - BADGE / 2, y, BADGE, BADGE), Rect(cx + BADGE / 2 + 0.8, y, ICON, ICON)
    left = cx - (BADGE + 0.8 + ICON) / 2
    return Rect(left, y, BADGE, BADGE), Rect(left + BADGE + 0.8, y, ICON, ICON)


_PAIR_GAP = 3.0  # between the two boxes of a pair, room for the "=" sign
_SIDE = 1.2 + BADGE + 0.6 + ICON  # badge and reward slot right of a pair


def _pair_box(cols: int, n: int, body: Rect, side: bool) -> float:
    """The box size when ``n`` pairs sit in ``cols`` columns, labels beside or below."""
    rows = math.ceil(n / cols)
    cw, ch = body.w / cols, body.h / rows
    if side:
        return min((cw - _PAIR_GAP - _SIDE - 2.0) / 2, ch - 1.6, 13.0)
    return min((cw - _PAIR_GAP - 3.0) / 2, ch - BADGE - 2.4, 13.0)


def pair_parts(location: Location, body: Rect) -> list[PairParts]:
    """Place the pairs in the grid of columns, with the Honor below or beside each pair,
    that gives the biggest boxes."""
    n = len(location.boxes)
    options = [(_pair_box(k, n, body, side), -k, not side, k, side)
               for k in range(1, n + 1) for side in (False, True)]
    box, _, _, cols, side = max(options)
    rows = math.ceil(n / cols)
    cw, ch = body.w / cols, body.h / rows
    out = []
    for i in range(n):
        r, c = divmod(i, cols)
        cell = Rect(body.x + c * cw, body.top - (r + 1) * ch, cw, ch)
        rewarded = location.boxes[i].reward is not None
        if side:
            left = cell.cx - (2 * box + _PAIR_GAP + _SIDE) / 2
            y = cell.cy - box / 2
            second_x = left + box + _PAIR_GAP
            label_x = second_x + box + 1.2
            badge = Rect(label_x, cell.cy - BADGE / 2, BADGE, BADGE)
            reward = Rect(label_x + BADGE + 0.6, cell.cy - ICON / 2, ICON, ICON)
        else:
            unit_h = box + 0.8 + BADGE
            y = cell.cy + unit_h / 2 - box
            left = cell.cx - box - _PAIR_GAP / 2
            second_x = cell.cx + _PAIR_GAP / 2
            badge, reward = _badge_and_icon(cell.cx, y - 0.8 - BADGE, rewarded)
        out.append(PairParts(Rect(left, y, box, box), Rect(second_x, y, box, box), badge, reward))
    return out


# --- tracks (Downtown, Powerplant, Warehouse) --------------------------------


@dataclass(frozen=True, slots=True)
class TrackParts:
    """A track: its boxes in the order they are filled, their badges and reward slots,
    and the spot for the START mark."""

    boxes: tuple[Rect, ...]
    badges: tuple[Rect, ...]
    rewards: tuple[Rect, ...]
    start: Rect


def track_parts(location: Location, body: Rect) -> TrackParts:
    """Place a track's boxes left to right, or bottom to top for an upward track."""
    n = len(location.boxes)
    boxes, badges, rewards = [], [], []
    if location.layout == "up":
        start = body.bottom_part(4.0)
        column = body.above(4.5)
        slot = column.h / n
        h = min(slot - 1.0, 12.0)
        w = min(h * 1.5, 16.0, column.w - BADGE - ICON - 10.0)
        side = w + 1.5 + BADGE + 1.0 + ICON
        x0 = column.x + 5.0 + max(0.0, (column.w - 5.0 - side) / 2)
        for i in range(n):
            y = column.y + i * slot + (slot - h) / 2
            boxes.append(Rect(x0, y, w, h))
            badges.append(Rect(x0 + w + 1.5, y + (h - BADGE) / 2, BADGE, BADGE))
            rewards.append(Rect(x0 + w + 2.5 + BADGE, y + (h - ICON) / 2, ICON, ICON))
        start = Rect(x0 - 3.0, start.y, w + 6.0, start.h)
    else:
        start_w = 9.0
        row = body.right_of(start_w)
        slot = row.w / n
        h = min(row.h - BADGE - 1.0, 12.0)
        w = min(slot - 3.0, h * 1.4)
        top = row.top - (row.h - h - BADGE - 1.0) / 2
        for i in range(n):
            x = row.x + i * slot + (slot - w) / 2
            boxes.append(Rect(x, top - h, w, h))
            badge, reward = _badge_and_icon(x + w / 2, top - h - 1.0 - BADGE,
                                            location.boxes[i].reward is not None)
            badges.append(badge)
            rewards.append(reward)
        start = Rect(body.x, top - h, start_w, h)
    return TrackParts(tuple(boxes), tuple(badges), tuple(rewards), start)


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
    labels += [f"Bystanders \u00d7{edition.bystander_honor}",
               f"Minions \u00d7{edition.minion_honor}", "TOTAL"]
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


def header_parts(frame: Rect) -> HeaderParts:
    """The QR square at the right, the game field left of it, the title taking the rest."""
    qr = Rect(frame.right - frame.h, frame.y, frame.h, frame.h)
    game = Rect(qr.x - 2.0 - 62.0, frame.y, 62.0, frame.h)
    title = Rect(frame.x, frame.y, game.x - frame.x - 2.0, frame.h)
    return HeaderParts(title, game, qr)
