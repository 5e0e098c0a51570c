"""Every kind of location as the printed sheet draws it: one :class:`PrintKind` per kind
of the engine's ``Kind`` (a new kind adds one class here, as it adds one entry to
static/kinds.js and one template to templates/kinds/)."""

from __future__ import annotations

from dicehero.engine.edition import Location
from dicehero.printing.kinds.base import PrintKind
from dicehero.printing.kinds.cells import Cells
from dicehero.printing.kinds.pairs import Pairs
from dicehero.printing.kinds.track import Track

PRINT_KINDS: dict[str, PrintKind] = {k.name: k for k in (Cells(), Pairs(), Track())}
"""The print side of each kind of location, by the kind's name."""


def print_kind(location: Location) -> PrintKind:
    """How ``location`` prints."""
    return PRINT_KINDS[location.kind]
