"""What the printed sheet asks of every kind of location: :class:`PrintKind`, the print
side of the engine's ``Kind`` (one subclass per kind, registered in ``PRINT_KINDS``)."""

from __future__ import annotations

from typing import ClassVar

from babel.lists import format_list
from reportlab.pdfgen.canvas import Canvas

from dicehero.engine.edition import Location
from dicehero.i18n import babel_locale
from dicehero.printing.geometry import Rect
from dicehero.printing.language import _, current
from dicehero.printing.panel import PanelSize
from dicehero.printing.text import reward_name


class PrintKind:
    """How one kind of location prints: the room its panel asks for, its boxes drawn in
    the panel's body, and its scoring sentence on the rules page."""

    name: ClassVar[str]

    def size(self, location: Location) -> PanelSize:
        """The room the location's panel asks for."""
        raise NotImplementedError

    def draw(self, c: Canvas, location: Location, body: Rect) -> None:
        """Draw the location's boxes (and their Honor and rewards) inside ``body``."""
        raise NotImplementedError

    def scoring(self, location: Location) -> str:
        """One sentence on how the location scores and what it rewards."""
        raise NotImplementedError


def boxes_scoring(location: Location, head: str) -> str:
    """``head`` with the boxes' Honor, then the boxes that reward."""
    honors = "/".join(str(b.honor) for b in location.boxes)
    # Translators: a box of a track that rewards; %(reward)s is "a Wild die" or "a Bystander".
    where = [_("%(reward)s at box %(box)s", reward=reward_name(b.reward), box=i + 1)
             for i, b in enumerate(location.boxes) if b.reward]
    joined = format_list(where, locale=babel_locale(current())) if where else ""
    return f"{head} ({honors})" + ("; " + joined if where else "") + "."
