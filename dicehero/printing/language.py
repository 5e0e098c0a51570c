"""The edition's own words (its title, its locations' names and rules, its superpowers'
names and what they do) in a reader's language, as the catalogs and the phone's sheet say
them: the printed sheet is drawn from the edition it returns.

The sheet's own words (its labels, the rules page) are asked for with ``_``, ``ngettext``
and ``pgettext`` here, in the language :func:`speaking` sets for one rendering (a context
variable, so two sheets rendered at once by the web server in two languages do not mix).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from dicehero import i18n
from dicehero.engine.edition import Edition


def in_language(edition: Edition, lang: str) -> Edition:
    """``edition`` with its words in ``lang`` (the same edition for English)."""
    if lang == i18n.SOURCE:
        return edition
    tr = i18n.translations(lang)
    # a right-to-left sheet runs its left-to-right tracks from the right, as the phone's
    # mirrored sheet does and as the language's rules say
    flow = "left" if i18n.is_rtl(lang) else "right"
    locations = tuple(dataclasses.replace(loc, name=tr.pgettext("location", loc.name),
                                          rule=tr.pgettext("location rule", loc.rule),
                                          layout=flow if loc.layout == "right" else loc.layout)
                      for loc in edition.locations)
    powers = tuple(dataclasses.replace(sp, name=tr.pgettext("superpower", sp.name),
                                       text=tr.pgettext("superpower rule", sp.text))
                   for sp in edition.superpowers)
    return dataclasses.replace(edition, title=tr.pgettext("edition", edition.title),
                               label=tr.pgettext("edition name", edition.label),
                               locations=locations, superpowers=powers,
                               _by_number={loc.number: loc for loc in locations})


_LANG: ContextVar[str] = ContextVar("print_lang", default=i18n.SOURCE)


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Draw in ``lang`` (a shipped language or the pseudo one) inside the block."""
    token = _LANG.set(lang)
    try:
        yield
    finally:
        _LANG.reset(token)


def current() -> str:
    """The language being printed in."""
    return _LANG.get()


def _(message: str, **params: object) -> str:
    """``message`` (a msgid) in the printing language, filled with ``params``."""
    text = i18n.translations(current()).gettext(message)
    return text % params if params else text


def ngettext(singular: str, plural: str, n: int, **params: object) -> str:
    """The form for ``n`` in the printing language, filled (``n`` among the parameters)."""
    return i18n.translations(current()).ngettext(singular, plural, n) % {"n": n, **params}


def pgettext(context: str, message: str) -> str:
    """An edition's text (a location's name, a superpower's rule) in the printing language."""
    return i18n.translations(current()).pgettext(context, message) if message else message
