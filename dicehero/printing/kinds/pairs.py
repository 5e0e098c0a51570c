"""How pairs print (Hospital): two boxes with an equals sign, the pair's Honor and reward."""

from __future__ import annotations

import math
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from dicehero.engine.edition import Location
from dicehero.i18n import is_rtl
from dicehero.printing import icons
from dicehero.printing.geometry import Rect, flip_in, pt
from dicehero.printing.kinds.base import PrintKind, boxes_scoring
from dicehero.printing.language import _, current
from dicehero.printing.panel import BADGE, CHROME, ICON, PanelSize, badge_and_icon


@dataclass(frozen=True, slots=True)
class PairParts:
    """One pair: its two boxes, its Honor badge and the slot for its reward icon."""

    first: Rect
    second: Rect
    badge: Rect
    reward: Rect


_PAIR_GAP = 3.0  # between the two boxes of a pair, room for the "=" sign
_SIDE = 1.2 + BADGE + 0.6 + ICON  # badge and reward slot right of a pair


def _pair_box(cols: int, n: int, body: Rect, side: bool) -> float:
    """The box size when ``n`` pairs sit in ``cols`` columns, labels beside or below."""
    rows = math.ceil(n / cols)
    cw, ch = body.w / cols, body.h / rows
    if side:
        return min((cw - _PAIR_GAP - _SIDE - 2.0) / 2, ch - 1.6, 13.0)
    return min((cw - _PAIR_GAP - 3.0) / 2, ch - BADGE - 2.4, 13.0)


def pair_parts(location: Location, body: Rect, rtl: bool = False) -> list[PairParts]:
    """Place the pairs in the grid of columns, with the Honor below or beside each pair,
    that gives the biggest boxes; mirrored on a right-to-left sheet (the first pair at the
    right, a pair's Honor left of it)."""
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
            badge, reward = badge_and_icon(cell.cx, y - 0.8 - BADGE, rewarded)
        out.append(PairParts(Rect(left, y, box, box), Rect(second_x, y, box, box), badge, reward))
    if rtl:
        flip = flip_in(body, rtl)
        out = [PairParts(flip(p.first), flip(p.second), flip(p.badge), flip(p.reward))
               for p in out]
    return out


def pair_columns(pairs: int) -> int:
    """How many pairs sit side by side in a compact Hospital-like panel."""
    return 1 if pairs <= 2 else 2 if pairs <= 8 else 3


class Pairs(PrintKind):
    """Boxes filled two by two."""

    name = "pairs"

    def size(self, location: Location) -> PanelSize:
        n = len(location.boxes)
        return PanelSize(26.0 * pair_columns(n) + 8, CHROME + 12.5 * math.ceil(n / 3),
                         CHROME + 15.0 * math.ceil(n / pair_columns(n)))

    def draw(self, c: Canvas, location: Location, body: Rect) -> None:
        pairs = pair_parts(location, body, is_rtl(current()))
        for pair, box in zip(pairs, location.boxes, strict=True):
            icons.box(c, pair.first, weight=0.9)
            icons.box(c, pair.second, weight=0.9)
            mid_y = pair.first.cy
            # between the two boxes, whichever side the first is on
            mid_x = (min(pair.first.right, pair.second.right)
                     + max(pair.first.x, pair.second.x)) / 2
            c.setLineWidth(pt(0.8))
            c.line(mid_x - 0.9, mid_y + 0.5, mid_x + 0.9, mid_y + 0.5)
            c.line(mid_x - 0.9, mid_y - 0.5, mid_x + 0.9, mid_y - 0.5)
            icons.honor(c, pair.badge, box.honor)
            icons.reward(c, pair.reward, box.reward)

    def scoring(self, location: Location) -> str:
        return boxes_scoring(location, _("Each completed pair scores its Honor"))
