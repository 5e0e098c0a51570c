"""Whether a text a page shows is one of a language's catalog messages, its placeholders
filled: a test of the pages' languages reads the catalogs, not sentences of its own."""

from __future__ import annotations

import re
from functools import cache

from babel.messages.pofile import read_po

from dicehero import i18n

PLACEHOLDER = re.compile(r"%\(\w+\)[sd]")


@cache
def _patterns(lang: str) -> tuple[re.Pattern[str], ...]:
    """Every message of ``lang``'s catalog (English: the template) as a pattern, each
    placeholder any text; messages with fewer than four letters of their own left out."""
    english = lang == i18n.SOURCE
    path = i18n.pot_path() if english else i18n.po_path(lang)
    with path.open("rb") as f:
        catalog = read_po(f, locale=lang)
    out = []
    for m in catalog:
        said = m.id if english else m.string
        for text in (said if isinstance(said, tuple) else (said,)):
            parts = PLACEHOLDER.split(text.replace("%%", "%")) if m.id and text else []
            if len(re.findall(r"\w", "".join(parts))) >= 4:  # words, not a bare "%(what)s."
                out.append(re.compile(".+?".join(re.escape(p) for p in parts), re.S))
    return tuple(out)


def said_in(lang: str, text: str) -> bool:
    """Whether ``text`` is one of ``lang``'s messages, its placeholders filled."""
    return any(p.fullmatch(text.strip()) for p in _patterns(lang))
