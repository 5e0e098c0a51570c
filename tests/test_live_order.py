"""The order of a stream: a client takes the next event, skips one it has, and never
skips over a missing one (the one rule every delivery path asks)."""

from __future__ import annotations

from dicehero.live.order import Place, place


def test_an_event_the_client_has_is_skipped() -> None:
    assert place(4, sent=5) is Place.HAVE
    assert place(5, sent=5) is Place.HAVE


def test_the_next_event_is_handed_over() -> None:
    assert place(6, sent=5) is Place.NEXT


def test_an_event_after_a_missing_one_is_a_gap() -> None:
    assert place(7, sent=5) is Place.GAP
