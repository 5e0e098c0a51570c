"""Pad words into terminal columns by the width they take on screen, not their length.

Chinese and Japanese letters take two columns of a terminal each (East Asian Wide/Fullwidth),
so ``str.ljust`` would leave a column of 教练 and City Hall crooked.
"""
from __future__ import annotations

import unicodedata


def width(text: str) -> int:
    """How many terminal columns ``text`` takes: wide letters two, combining marks none."""
    return sum(0 if unicodedata.combining(c) else
               2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in text)


def left(text: str, columns: int) -> str:
    """``text`` padded on its right to ``columns`` screen columns (never cut)."""
    return text + " " * max(0, columns - width(text))


def right(text: str, columns: int) -> str:
    """``text`` padded on its left to ``columns`` screen columns (never cut)."""
    return " " * max(0, columns - width(text)) + text
