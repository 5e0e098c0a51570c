"""Looking at a rendered sheet: how much of a box on a page's PNG is ink."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from dicehero.printing.geometry import PAPERS, Rect


def dark_share(png: Path, frame: Rect, paper: str) -> float:
    """The share of dark pixels inside ``frame`` (in millimetres, from the page's bottom left)
    on ``png``, a page of ``paper`` rendered by pdftoppm."""
    width, height = PAPERS[paper]
    with Image.open(png) as image:
        gray = image.convert("L")
        sx, sy = gray.width / width, gray.height / height
        box = (int(frame.x * sx), int((height - frame.top) * sy),
               int(frame.right * sx), int((height - frame.y) * sy))
        histogram = gray.crop(box).histogram()
    return sum(histogram[:128]) / sum(histogram)
