"""Pad and wrap words into terminal columns by the width they take on screen, not their
length.

Chinese and Japanese letters take two columns of a terminal each (East Asian Wide/Fullwidth),
so ``str.ljust`` would leave a column of 教练 and City Hall crooked, and ``textwrap`` (which
breaks only at spaces) a line of Japanese help as long as the whole sentence.
"""
from __future__ import annotations

import re
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


# A wide letter is a word of its own (a line may break before it); any other run of
# letters without a space is one word.
_WIDE = r"\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef"
_WORD = re.compile(f"[{_WIDE}]|[^\\s{_WIDE}]+")
# Marks a line of Chinese or Japanese never starts with (they close what came before).
_NO_START = set("、。，．：；！？）」』】〕・ー")


def wrap(text: str, columns: int) -> list[str]:
    """``text`` in lines of at most ``columns`` screen columns (a longer word alone on its
    line), broken at spaces and between wide letters, never before a closing mark (it
    takes the letter before it to the next line)."""
    lines: list[str] = []
    line = ""
    for found in _WORD.finditer(text):
        word = found.group()
        spaced = found.start() > 0 and text[found.start() - 1].isspace()
        joined = f"{line} {word}" if spaced and line else line + word
        if not line or width(joined) <= columns:
            line = joined
        elif word not in _NO_START:
            lines.append(line)
            line = word
        elif len(line) > 1 and not spaced:  # the mark takes the letter before it along
            lines.append(line[:-1])
            line = line[-1] + word
        else:
            line = joined
    return [*lines, line] if line else lines
