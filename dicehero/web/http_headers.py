"""Reading a request's header lines for gevent's WSGI handler, without the email parser.

gevent's pywsgi reads headers with ``http.client.parse_headers``, which runs the
standard library's email parser over them: in a burst of taps that was a sixth of
the server's time (py-spy), more than the engine. :func:`read_headers` reads the same
lines into :class:`Headers`, the small part of the message API pywsgi and gunicorn's
gevent handler use (``get``, ``getheader``, ``typeheader``, ``headers``, ``items``,
``del``, ``status``).

It is stricter where RFC 9112 allows a server to be: a header line folded over
two lines (obsolete), a line without a colon, or a name with white space before the
colon is refused (``status`` says why and pywsgi answers 400), as are more than
100 headers or a line over 64 KiB, which ``http.client`` refuses too.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, BinaryIO

MAX_LINE = 65536  # as http.client
MAX_HEADERS = 100


class Headers:
    """A request's headers in order, names matched in any case (as ``HTTPMessage``)."""

    __slots__ = ("_items", "status")

    def __init__(self, items: list[tuple[str, str]] | None = None, status: str = "") -> None:
        self._items = items or []
        self.status = status  # why the headers are refused; empty when they are fine

    def get(self, name: str, default: Any = None) -> Any:
        """The first value of header ``name``, or ``default``."""
        name = name.lower()
        for key, value in self._items:
            if key.lower() == name:
                return value
        return default

    getheader = get

    def items(self) -> list[tuple[str, str]]:
        """Every ``(name, value)`` in order (gunicorn's access log reads them)."""
        return list(self._items)

    def __delitem__(self, name: str) -> None:
        """Forget every header called ``name`` (pywsgi drops Content-Length when chunked)."""
        name = name.lower()
        self._items = [(k, v) for k, v in self._items if k.lower() != name]

    @property
    def typeheader(self) -> str | None:
        """The Content-Type."""
        return self.get("content-type")

    @property
    def headers(self) -> Iterator[str]:
        """The header lines as pywsgi builds the environ from them."""
        for key, value in self._items:
            yield f"{key}: {value}\r\n"


def read_headers(fp: BinaryIO, *_: Any) -> Headers:
    """Read header lines up to the blank line that ends them."""
    items: list[tuple[str, str]] = []
    while True:
        raw = fp.readline(MAX_LINE + 1)
        if len(raw) > MAX_LINE:
            return Headers(status="Line too long")
        if raw in (b"\r\n", b"\n", b""):
            return Headers(items)
        if len(items) >= MAX_HEADERS:
            return Headers(status=f"More than {MAX_HEADERS} headers")
        line = raw.decode("iso-8859-1")
        if line[0] in " \t":
            return Headers(status="Header folded over two lines")
        name, colon, value = line.partition(":")
        if not colon or not name or name != name.rstrip(" \t"):
            return Headers(status="Invalid header line")
        items.append((name, value.strip(" \t\r\n")))
