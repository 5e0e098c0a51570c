"""Reading a request's header lines for gevent's WSGI handler, without the email parser.

gevent's pywsgi reads headers with ``http.client.parse_headers``, which runs the
standard library's email parser over them: in a burst of taps that was a sixth of
the server's time (py-spy), more than the engine. :func:`read_headers` reads the same
lines into :class:`Headers`, the small part of the message API pywsgi and gunicorn's
gevent handler use (``get``, ``getheader``, ``typeheader``, ``headers``, ``items``,
``del``, ``status``).

It is as strict as RFC 9112 asks and stricter where it allows a server to be, since a
proxy in front may read a message's framing otherwise than we do (request smuggling):
refused (``status`` says why; pywsgi answers 400 and closes the connection) are a
header line folded over two lines (obsolete), a line without a colon, a name that is
not a token (white space before the colon too), a control character in a value (a bare
CR, a NUL), a Content-Length given twice or not a number, Transfer-Encoding beside a
Content-Length, and any Transfer-Encoding but ``chunked`` alone (an unknown coding, or
chunked not last); so are more than 100 headers or a line over 64 KiB, which
``http.client`` refuses too, and headers the end of the stream cuts off before their blank
line (a client that hung up: its request is not run).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, BinaryIO

MAX_LINE = 65536  # as http.client
MAX_HEADERS = 100
_TOKEN = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+")
_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")  # every control character but HTAB


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
        if not raw:  # the stream ended before the blank line: no request (a hung-up client)
            return Headers(status="Headers cut off")
        if raw in (b"\r\n", b"\n"):
            framing = _framing(items)
            return Headers(status=framing) if framing else Headers(items)
        if len(items) >= MAX_HEADERS:
            return Headers(status=f"More than {MAX_HEADERS} headers")
        if not raw.endswith(b"\n"):
            return Headers(status="Headers cut off")
        line = raw[:-2] if raw.endswith(b"\r\n") else raw[:-1]
        text = line.decode("iso-8859-1")
        if text[0] in " \t":
            return Headers(status="Header folded over two lines")
        name, colon, value = text.partition(":")
        if not colon or not _TOKEN.fullmatch(name):
            return Headers(status="Invalid header line")
        if _CONTROL.search(value):
            return Headers(status="Control character in a header")
        items.append((name, value.strip(" \t")))


def _framing(items: list[tuple[str, str]]) -> str:
    """Why the body's length is ambiguous (RFC 9112 section 6); empty when it is not."""
    lengths = [v for k, v in items if k.lower() == "content-length"]
    codings = [v for k, v in items if k.lower() == "transfer-encoding"]
    if len(lengths) > 1:
        return "Content-Length given twice"
    if lengths and not (lengths[0].isascii() and lengths[0].isdigit()):
        return "Invalid Content-Length"
    if codings:
        if lengths:
            return "Transfer-Encoding with Content-Length"
        if [c.strip().lower() for v in codings for c in v.split(",")] != ["chunked"]:
            return "Unsupported Transfer-Encoding"
    return ""


def bad_request_line(line: str) -> bool:
    """Whether a request line (as read, line end included) holds a control character."""
    end = 2 if line.endswith("\r\n") else 1 if line.endswith("\n") else 0
    return bool(_CONTROL.search(line[:len(line) - end]))
