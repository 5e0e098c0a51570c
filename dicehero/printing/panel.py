"""What every location panel shares: its chrome (heading bar, rule line, padding), the
size of an Honor badge and a reward icon, and the room a panel asks for."""

from __future__ import annotations

from dataclasses import dataclass

from dicehero.printing.geometry import Rect

# Panel chrome: the heading bar and the line with the location's rule.
HEAD_H = 7.0
RULE_H = 6.6
PAD = 1.6
CHROME = HEAD_H + RULE_H + 2 * PAD  # heading bar, rule line and padding of a panel

BADGE = 4.6  # diameter of an Honor badge
ICON = 4.6  # side of a reward icon next to a box
LEGEND_LINE = 4.5


@dataclass(frozen=True, slots=True)
class PanelSize:
    """The room a location's panel asks for: its natural width beside others in a band,
    its smallest height (every box still writable) and its natural height, and whether
    it takes a full-width band of its own."""

    width: float
    smallest: float
    natural: float
    wide: bool = False


def badge_and_icon(cx: float, y: float, with_icon: bool) -> tuple[Rect, Rect]:
    """An Honor badge centred on ``cx``, or badge and reward icon centred together."""
    if not with_icon:
        return Rect(cx - BADGE / 2, y, BADGE, BADGE), Rect(cx + BADGE / 2 + 0.8, y, ICON, ICON)
    left = cx - (BADGE + 0.8 + ICON) / 2
    return Rect(left, y, BADGE, BADGE), Rect(left + BADGE + 0.8, y, ICON, ICON)
