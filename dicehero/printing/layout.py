"""Where each part of the sheet goes on the page, as data in millimetres.

The page is a stack of bands: the header, the band with the hero's circle,
further bands of compact locations (with the superpower table), one full-width
band per left-to-right track, the rounds and tallies, and the score strip. Each
flexible band asks for its natural height (from the edition: how many rows,
boxes, rounds) and all of them are scaled together to fill the paper, so an
edition with longer tracks or more rounds lays itself out without new code.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

from dicehero.engine.edition import Edition, Location
from dicehero.printing.geometry import PAPERS, Rect
from dicehero.printing.kinds import print_kind
from dicehero.printing.panel import PanelSize

MARGIN = 7.0
GAP = 2.2
HEADER_H = 17.0
SCORES_H = 14.0

KINDS = ("header", "hero", "location", "superpowers", "rounds", "tallies", "scores")


@dataclass(frozen=True, slots=True)
class Element:
    """One drawn part of the page: what it is, its frame, and its location number if any."""

    kind: str
    frame: Rect
    location: int = 0


@dataclass(frozen=True, slots=True)
class PageLayout:
    """The frames of every element of one sheet on one paper size."""

    paper: str
    width: float
    height: float
    content: Rect
    elements: tuple[Element, ...]

    def find(self, kind: str, location: int = 0) -> Element:
        """The element of ``kind`` (and ``location``); KeyError if the page has none."""
        for element in self.elements:
            if element.kind == kind and element.location == location:
                return element
        raise KeyError(f"no {kind} element for location {location}")

    def mirrored(self) -> PageLayout:
        """The same page with every element's place mirrored, for a right-to-left sheet:
        what English has on the left (City Hall, the rounds) is on the right, as on the
        phone's mirrored sheet."""
        elements = tuple(dataclasses.replace(e, frame=e.frame.mirrored(self.content))
                         for e in self.elements)
        return dataclasses.replace(self, elements=elements)


def round_columns(rounds: int) -> int:
    """How many side-by-side columns the round rows are split into."""
    return 1 if rounds <= 4 else 2 if rounds <= 16 else 3


def panel_size(location: Location) -> PanelSize:
    """The room the location's panel asks for."""
    return print_kind(location).size(location)


def is_wide(location: Location) -> bool:
    """Whether a location gets a full-width band of its own (a left-to-right track)."""
    return panel_size(location).wide


def _natural_width(element: tuple[str, Location | None], edition: Edition) -> float:
    kind, location = element
    if kind == "hero":
        return 66.0
    if kind == "superpowers":
        return 76.0
    if kind == "rounds":
        return 4.0 + round_columns(edition.rounds) * (7.0 + 8.5 * edition.dice_per_round)
    if kind == "tallies":
        return 110.0
    assert location is not None
    return panel_size(location).width


def _heights(element: tuple[str, Location | None], edition: Edition) -> tuple[float, float]:
    """The (smallest, natural) height of an element: the smallest keeps every box writable."""
    kind, location = element
    if kind == "hero":
        return 50.0, 66.0
    if kind == "superpowers":
        n = len(edition.superpowers)
        return 6.0 + 6.2 * n, 7.0 + 8.5 * n
    if kind == "rounds":
        rows = math.ceil(edition.rounds / round_columns(edition.rounds))
        return 7.0 + 5.8 * rows, 7.0 + 7.0 * rows
    if kind == "tallies":
        return 33.0, 40.0
    assert location is not None
    size = panel_size(location)
    return size.smallest, size.natural


def band_heights(smallest: list[float], natural: list[float], free: float) -> list[float]:
    """Share ``free`` millimetres among bands: all grow alike when there is room, else each
    gives up part of what it has above its smallest height, so tight bands keep theirs."""
    if sum(natural) <= free:
        return [h * free / sum(natural) for h in natural]
    if sum(smallest) < free:
        k = (free - sum(smallest)) / (sum(natural) - sum(smallest))
        return [lo + k * (hi - lo) for lo, hi in zip(smallest, natural, strict=True)]
    return [lo * free / sum(smallest) for lo in smallest]


def _bands(edition: Edition) -> list[list[tuple[str, Location | None]]]:
    """The flexible bands, top to bottom, as lists of (kind, location)."""
    compact = [loc for loc in edition.locations if not is_wide(loc)]
    wide = [loc for loc in edition.locations if is_wide(loc)]
    bands: list[list[tuple[str, Location | None]]] = []
    top: list[tuple[str, Location | None]] = [("hero", None)]
    if compact:
        top.insert(0, ("location", compact[0]))
    if len(compact) > 1:
        top.append(("location", compact[1]))
    bands.append(top)
    rest = compact[2:]
    superpowers_placed = False
    for i in range(0, len(rest), 2):
        band: list[tuple[str, Location | None]] = [("location", loc) for loc in rest[i:i + 2]]
        if not superpowers_placed:
            band.append(("superpowers", None))
            superpowers_placed = True
        bands.append(band)
    bands.extend([("location", loc)] for loc in wide)
    bottom: list[tuple[str, Location | None]] = [("rounds", None), ("tallies", None)]
    if not superpowers_placed:
        bottom.insert(1, ("superpowers", None))
    bands.append(bottom)
    return bands


def page_layout(edition: Edition, paper: str = "a4") -> PageLayout:
    """Lay out one sheet of ``edition`` on ``paper`` (``a4`` or ``letter``)."""
    if paper not in PAPERS:
        raise ValueError(f"unknown paper {paper!r}; choose one of {', '.join(PAPERS)}")
    width, height = PAPERS[paper]
    content = Rect(MARGIN, MARGIN, width - 2 * MARGIN, height - 2 * MARGIN)
    bands = _bands(edition)
    smallest = [max(_heights(e, edition)[0] for e in band) for band in bands]
    natural = [max(_heights(e, edition)[1] for e in band) for band in bands]
    free = content.h - HEADER_H - SCORES_H - GAP * (len(bands) + 1)
    heights = band_heights(smallest, natural, free)
    elements = [Element("header", content.top_part(HEADER_H))]
    y = content.top - HEADER_H - GAP
    for band, h in zip(bands, heights, strict=True):
        row = Rect(content.x, y - h, content.w, h)
        frames = row.columns([_natural_width(e, edition) for e in band], gap=GAP)
        for (kind, location), frame in zip(band, frames, strict=True):
            elements.append(Element(kind, frame, location.number if location else 0))
        y -= h + GAP
    elements.append(Element("scores", content.bottom_part(SCORES_H)))
    return PageLayout(paper, width, height, content, tuple(elements))
