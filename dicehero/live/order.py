"""The one rule of a stream's order, for every place that hands a client an event.

A client that has every event up to ``sent`` takes ``sent + 1`` next; an event it
has is skipped; anything further means events are missing in between (a gap):
they are filled from the store first, or the client is dropped and its page
reconnects with ``Last-Event-ID``. An event is never skipped over.
"""

from __future__ import annotations

from enum import Enum


class Place(Enum):
    """Where an event stands for a client."""

    HAVE = "have"  # the client has it already: skip it
    NEXT = "next"  # the very next one: hand it over
    GAP = "gap"    # some before it are missing: fill them first, or drop the client


def place(seq: int, sent: int) -> Place:
    """Where event ``seq`` stands for a client that has every event up to ``sent``."""
    if seq <= sent:
        return Place.HAVE
    return Place.NEXT if seq == sent + 1 else Place.GAP
