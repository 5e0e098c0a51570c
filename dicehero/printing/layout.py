"""Where each part of the sheet goes on the page, as data in millimetres.

The page is a stack of bands: the header, the band with the hero's circle,
further bands of compact locations (with the superpower table), one full-width
band per left-to-right track, the rounds and tallies, and the score strip. Each
flexible band asks for its natural height (from the edition: how many rows,
boxes, rounds) and all of them are scaled together to fill the paper, so an
edition with longer tracks or more rounds lays itself out without new code.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from dicehero.engine.edition import Edition, Location
from dicehero.printing.geometry import PAPERS, Rect

MARGIN = 8.0
GAP = 2.5
HEADER_H = 18.0
SCORES_H = 15.0

# Panel chrome: the heading bar and the line with the location's rule.
HEAD_H = 7.0
RULE_H = 6.6
PAD = 1.6

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


def is_wide(location: Location) -> bool:
    """Whether a location gets a full-width band of its own (a left-to-right track)."""
    return location.kind == "track" and location.layout == "right"


def round_columns(rounds: int) -> int:
    """How many side-by-side columns the round rows are split into."""
    return 1 if rounds <= 4 else 2 if rounds <= 16 else 3


def pair_columns(pairs: int) -> int:
    """How many pairs sit side by side in a compact Hospital-like panel."""
    return 1 if pairs <= 2 else 2 if pairs <= 8 else 3


def legend_beside(location: Location) -> bool:
    """Whether a grid's honor and reward legend sits right of the grid (tall grids) or below it."""
    return len(location.rows) >= 4


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
    if location.kind == "cells":
        cols = max(len(r) for r in location.rows)
        return max(56.0, 10 + cols * 11 + (38 if legend_beside(location) else 0))
    if location.kind == "pairs":
        return 26.0 * pair_columns(len(location.boxes)) + 8
    return 56.0  # an upward track


def _natural_height(element: tuple[str, Location | None], edition: Edition) -> float:
    kind, location = element
    chrome = HEAD_H + RULE_H + 2 * PAD
    if kind == "hero":
        return 66.0
    if kind == "superpowers":
        return 7.0 + 8.5 * len(edition.superpowers)
    if kind == "rounds":
        return 7.0 + 7.0 * math.ceil(edition.rounds / round_columns(edition.rounds))
    if kind == "tallies":
        return 7.0 + 3 * 11.0
    assert location is not None
    if location.kind == "cells":
        legend = 0 if legend_beside(location) else 4.5 * (len(location.rewards) + 1)
        return chrome + 9.5 * len(location.rows) + 5 + legend
    if location.kind == "pairs":
        return chrome + 15.0 * math.ceil(len(location.boxes) / pair_columns(len(location.boxes)))
    if location.layout == "up":
        return chrome + 7.0 * len(location.boxes) + 6
    return HEAD_H + 2 * PAD + 17.0  # a wide track keeps its rule in the heading bar


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
    natural = [max(_natural_height(e, edition) for e in band) for band in bands]
    free = content.h - HEADER_H - SCORES_H - GAP * (len(bands) + 1)
    scale = free / sum(natural)
    elements = [Element("header", content.top_part(HEADER_H))]
    y = content.top - HEADER_H - GAP
    for band, h in zip(bands, natural, strict=True):
        row = Rect(content.x, y - h * scale, content.w, h * scale)
        frames = row.columns([_natural_width(e, edition) for e in band], gap=GAP)
        for (kind, location), frame in zip(band, frames, strict=True):
            elements.append(Element(kind, frame, location.number if location else 0))
        y -= h * scale + GAP
    elements.append(Element("scores", content.bottom_part(SCORES_H)))
    return PageLayout(paper, width, height, content, tuple(elements))
