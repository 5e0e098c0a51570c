"""How a track prints (Downtown, Powerplant, Warehouse): boxes left to right, or bottom to
top for an upward track, each with its Honor and reward, and the START mark."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from dicehero.engine.edition import Location
from dicehero.i18n import is_rtl
from dicehero.printing import icons
from dicehero.printing.geometry import Rect, flip_in, pt
from dicehero.printing.kinds.base import PrintKind, boxes_scoring
from dicehero.printing.language import _, current
from dicehero.printing.panel import BADGE, CHROME, HEAD_H, ICON, PAD, PanelSize, badge_and_icon
from dicehero.printing.text import BOLD, draw_string


@dataclass(frozen=True, slots=True)
class TrackParts:
    """A track: its boxes in the order they are filled, their badges and reward slots,
    and the spot for the START mark."""

    boxes: tuple[Rect, ...]
    badges: tuple[Rect, ...]
    rewards: tuple[Rect, ...]
    start: Rect


def track_parts(location: Location, body: Rect, rtl: bool = False) -> TrackParts:
    """Place a track's boxes left to right (right to left for a ``left`` track), or bottom
    to top for an upward track, its arrow at the left and each box's Honor at its right (the
    other way round on a right-to-left sheet, ``rtl``)."""
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
        if rtl:
            flip = flip_in(body, rtl)
            boxes, badges, rewards = ([flip(r) for r in rs] for rs in (boxes, badges, rewards))
            start = flip(start)
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
            badge, reward = badge_and_icon(x + w / 2, top - h - 1.0 - BADGE,
                                            location.boxes[i].reward is not None)
            badges.append(badge)
            rewards.append(reward)
        start = Rect(body.x, top - h, start_w, h)
        if location.layout == "left":  # a right-to-left sheet: the same track, mirrored
            def mirrored(r: Rect) -> Rect:
                return Rect(body.x + body.right - r.right, r.y, r.w, r.h)
            boxes, badges, rewards = ([mirrored(r) for r in rs] for rs in (boxes, badges, rewards))
            start = mirrored(start)
    return TrackParts(tuple(boxes), tuple(badges), tuple(rewards), start)


class Track(PrintKind):
    """Boxes filled in order."""

    name = "track"

    def size(self, location: Location) -> PanelSize:
        n = len(location.boxes)
        if location.layout == "up":
            return PanelSize(56.0, CHROME + 5.9 * n + 4.5, CHROME + 7.0 * n + 6)
        # left to right: a band of its own, the rule in the heading bar
        return PanelSize(56.0, HEAD_H + 2 * PAD + 11.5, HEAD_H + 2 * PAD + 17.0, wide=True)

    def draw(self, c: Canvas, location: Location, body: Rect) -> None:
        rtl = is_rtl(current())
        t = track_parts(location, body, rtl)
        up, left = location.layout == "up", location.layout == "left"
        for i, (box, badge, reward, spec) in enumerate(
                zip(t.boxes, t.badges, t.rewards, location.boxes, strict=True)):
            icons.box(c, box, weight=1.0)
            icons.honor(c, badge, spec.honor)
            icons.reward(c, reward, spec.reward)
            # an upward track has its long arrow instead: chevrons would crowd its boxes
            if not up and i + 1 < len(t.boxes):
                a, b = (t.boxes[i + 1], box) if left else (box, t.boxes[i + 1])
                icons.chevron(c, (a.right + b.x) / 2, box.cy, min(2.4, b.x - a.right), left=left)
        c.setFont(BOLD, pt(6.5))
        if up:
            draw_string(c, t.boxes[0].cx, t.start.y + 0.8, _("START"), BOLD, pt(6.5), "centre")
            x = t.boxes[0].right + 3.0 if rtl else t.boxes[0].x - 3.0
            icons.arrow(c, x, t.boxes[0].y, x, t.boxes[-1].top)
        else:
            draw_string(c, t.start.cx - 0.8, t.start.cy + 1.0, _("START"), BOLD, pt(6.5), "centre")
            ends = (t.start.x + 0.5, t.start.right - 1.2)
            x0, x1 = ends[::-1] if left else ends
            icons.arrow(c, x0, t.start.cy - 1.6, x1, t.start.cy - 1.6)

    def scoring(self, location: Location) -> str:
        return boxes_scoring(location, _("Scores the Honor of the furthest box reached"))
