"""How the scripts' words are marked for extraction (babel.cfg finds ``N_`` and ``Np_``)."""

from __future__ import annotations


def N_(text: str) -> str:
    """Marks ``text`` for extraction; it is translated when a page is drawn."""
    return text


def Np_(singular: str, plural: str) -> tuple[str, str]:
    """Marks a message with a count (``%(n)s``) for extraction, as ``ngettext`` would."""
    return singular, plural


Text = str | tuple[str, str]

# Translators: %(error)s is the browser's own message, in its language.
UNREACHABLE = N_("Could not reach the server: %(error)s")
