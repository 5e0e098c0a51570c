"""QR codes drawn as vector squares, so they stay sharp on any printer."""

from __future__ import annotations

from functools import lru_cache

import segno
from reportlab.pdfgen.canvas import Canvas

from dicehero.printing.geometry import Rect

QUIET = 2  # modules of white around the code; the page margin adds more


@lru_cache(maxsize=256)
def qr_runs(data: str) -> tuple[int, tuple[tuple[int, int, int], ...]]:
    """The size of the QR symbol for ``data`` and its dark modules as (row, column, length) runs."""
    code = segno.make(data, error="m", micro=False)
    matrix = [list(row) for row in code.matrix_iter(scale=1, border=0)]
    runs = []
    for r, row in enumerate(matrix):
        c = 0
        while c < len(row):
            if row[c]:
                start = c
                while c < len(row) and row[c]:
                    c += 1
                runs.append((r, start, c - start))
            else:
                c += 1
    return len(matrix), tuple(runs)


def draw_qr(c: Canvas, frame: Rect, data: str) -> None:
    """Draw the QR code of ``data`` as large as fits in ``frame``, square and centred."""
    size, runs = qr_runs(data)
    side = min(frame.w, frame.h)
    module = side / (size + 2 * QUIET)
    x0 = frame.cx - side / 2 + QUIET * module
    top = frame.cy + side / 2 - QUIET * module
    path = c.beginPath()
    for r, col, length in runs:
        # a hair of overlap so that no white seams show between touching modules
        path.rect(x0 + col * module, top - (r + 1) * module, length * module + 0.01, module + 0.01)
    c.setFillGray(0)
    c.drawPath(path, stroke=0, fill=1)
