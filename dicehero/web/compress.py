"""Gzip for text responses, and static files that a browser keeps until they change.

A phone on school Wi-Fi pays for every byte, so HTML, CSS, JavaScript, JSON, CSV
and SVG are gzipped when the client says ``Accept-Encoding: gzip``. The event
stream (``text/event-stream``) never is: gzip would hold each event back until
its buffer fills, and streamed bodies are left alone anyway.

Static scripts and style sheets are sent without their comments and indentation
(:func:`lean`): a phone downloads the code, the reader of the source keeps the notes.

Static URLs carry a version (``/static/app.css?v=<content hash>``, added by
``url_for``): a versioned URL is cached for a year (``immutable``), an
unversioned one is revalidated with its ETag. A gzipped body gets a weak ETag
(``W/"..."``), as nginx does, so revalidation still answers 304.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import re
import threading
from typing import Any

from flask import Flask, Response, current_app, request

COMPRESSIBLE = frozenset({
    "text/html", "text/css", "text/javascript", "application/javascript",
    "application/json", "image/svg+xml", "text/csv", "text/plain", "application/xml",
})
MIN_SIZE = 512  # smaller bodies do not shrink enough to pay for the header
LEVEL = 6  # dynamic bodies: most of level 9's saving at a third of the time
STATIC_LEVEL = 9  # static files are compressed once and kept
YEAR = 365 * 24 * 3600

_lock = threading.Lock()
_versions: dict[str, tuple[float, str]] = {}  # path -> (mtime, version)
_gzipped: dict[tuple[str, str], bytes] = {}  # (path, etag) -> gzip bytes
_leaned: dict[tuple[str, str], bytes] = {}  # (path, etag) -> the body without comments

# Whole-line // comments, /* */ comments, blank lines and each line's indentation: none is
# code in our scripts and style sheets (no template literal or string spans lines).
_LEAN = {
    "text/javascript": re.compile(rb"^[ \t]*//[^\n]*\n|\A/\*.*?\*/\n|^[ \t]*\n|^[ \t]+",
                                  re.M | re.S),
    "text/css": re.compile(rb"/\*.*?\*/\n?|^[ \t]*\n|^[ \t]+", re.M | re.S),
}
# The spaces around a style sheet's braces ("a { b }"): no string in ours holds a brace.
_CSS_BRACES = re.compile(rb"[ \t]*([{}])[ \t]*")


def lean(data: bytes, mimetype: str) -> bytes:
    """A static script or style sheet without its comments, blank lines and indentation."""
    kind = "text/javascript" if mimetype.endswith("javascript") else mimetype
    pattern = _LEAN.get(kind)
    if pattern is None:
        return data
    data = pattern.sub(b"", data)
    return _CSS_BRACES.sub(rb"\1", data) if kind == "text/css" else data


def static_version(filename: str) -> str | None:
    """A short hash of a static file's content (None if there is no such file)."""
    folder = current_app.static_folder
    if not folder:
        return None
    path = os.path.join(folder, filename)
    try:
        mtime = os.stat(path).st_mtime
    except OSError:
        return None
    with _lock:
        hit = _versions.get(path)
    if hit and hit[0] == mtime:
        return hit[1]
    with open(path, "rb") as f:
        version = hashlib.sha256(f.read()).hexdigest()[:12]
    with _lock:
        _versions[path] = (mtime, version)
    return version


def _accepts_gzip() -> bool:
    return request.accept_encodings["gzip"] > 0


def _weak(etag: str) -> str:
    return etag if etag.startswith("W/") else "W/" + etag


def compress(resp: Response) -> Response:
    """After each request: cache headers for static files, then gzip if it pays."""
    static = request.endpoint == "static"
    if static and resp.status_code in (200, 304):
        filename = (request.view_args or {}).get("filename", "")
        wanted = request.args.get("v")
        if wanted and wanted == static_version(filename):
            resp.headers["Cache-Control"] = f"public, max-age={YEAR}, immutable"
        else:
            resp.headers["Cache-Control"] = "no-cache"  # revalidate: ETag -> 304
    if static and resp.status_code == 200 and request.method != "HEAD":
        _send_lean(resp)
    streamed = resp.is_streamed and not resp.direct_passthrough  # SSE: never buffered
    if (resp.mimetype not in COMPRESSIBLE or streamed
            or "Content-Encoding" in resp.headers or "Content-Range" in resp.headers):
        return resp
    resp.vary.add("Accept-Encoding")
    if not _accepts_gzip() or resp.status_code not in (200, 201, 304):
        return resp
    etag = resp.headers.get("ETag")
    if etag:
        resp.headers["ETag"] = _weak(etag)
    if resp.status_code == 304 or request.method == "HEAD":
        return resp
    source = resp.response
    if resp.direct_passthrough:  # a file from send_file: read it here
        resp.direct_passthrough = False
    data = resp.get_data()
    if hasattr(source, "close"):
        source.close()  # set_data below drops the file wrapper, so close it now
    if len(data) < MIN_SIZE:
        return resp
    if static and etag:
        key = (request.path, etag)
        with _lock:
            body = _gzipped.get(key)
        if body is None:
            body = gzip.compress(data, STATIC_LEVEL, mtime=0)
            with _lock:
                _gzipped[key] = body
    else:
        body = gzip.compress(data, LEVEL, mtime=0)
    resp.set_data(body)  # also sets Content-Length
    resp.headers["Content-Encoding"] = "gzip"
    return resp


def _send_lean(resp: Response) -> None:
    pattern_for = "text/javascript" if resp.mimetype.endswith("javascript") else resp.mimetype
    if pattern_for not in _LEAN:
        return
    key = (request.path, resp.headers.get("ETag", ""))
    with _lock:
        body = _leaned.get(key)
    source = resp.response
    resp.direct_passthrough = False
    if body is None:
        body = lean(resp.get_data(), resp.mimetype)
        with _lock:
            _leaned[key] = body
    if hasattr(source, "close"):
        source.close()  # set_data drops the file wrapper, so close it now
    resp.set_data(body)


def _version_static_urls(endpoint: str, values: dict[str, Any]) -> None:
    if endpoint == "static" and "v" not in values and "filename" in values:
        version = static_version(values["filename"])
        if version:
            values["v"] = version


def init_app(app: Flask) -> None:
    """Gzip text responses and version the static URLs."""
    app.url_defaults(_version_static_urls)
    app.after_request(compress)
