"""The Server-Sent Events wire format, in one place (its exact output is tested)."""

from __future__ import annotations

KEEPALIVE = b": keep-alive\n\n"


def format_sse(data: str, *, id: int | None = None, event: str | None = None,
               retry: int | None = None) -> bytes:
    """One SSE message as UTF-8 bytes: ``id``, ``event``, ``retry`` then one ``data:`` per line."""
    lines = []
    if id is not None:
        lines.append(f"id: {id}")
    if event is not None:
        lines.append(f"event: {event}")
    if retry is not None:
        lines.append(f"retry: {retry}")
    # A line break inside the data would end the field early: split it over data lines.
    lines += [f"data: {line}" for line in data.replace("\r\n", "\n").replace("\r", "\n")
              .split("\n")]
    return ("\n".join(lines) + "\n\n").encode("utf-8")
