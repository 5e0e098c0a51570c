"""The languages dicehero speaks, outside any request (Babel only: no Flask).

A language is one ``.po`` file, ``translations/<lang>/LC_MESSAGES/messages.po``
beside this module: adding one needs no code. Catalogs are compiled in memory the
first time a language is asked for, so installing the package is all the set-up
(no ``pybabel compile`` step). English is the source language and needs no file.

The pseudo-language ``en_XA`` is every English message accented and bracketed
(``[Ŕöļļ]``): a page shown in it shows at once any text that skipped gettext.
"""

from __future__ import annotations

import io
import os
import re
from functools import cache
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

SOURCE = "en"
PSEUDO = "en_XA"
COOKIE = "lang"
DOMAIN = "messages"


def N_(text: str) -> str:
    """Marks ``text`` as a message for extraction; it is translated where it is shown."""
    return text


def translations_dir() -> Path:
    """The folder of catalogs: ``translations/`` beside this module."""
    return Path(__file__).resolve().parent / "translations"


def pot_path() -> Path:
    """The template every catalog is made from (``messages.pot``, kept current by extraction)."""
    return translations_dir() / f"{DOMAIN}.pot"


def po_path(lang: str) -> Path:
    """The catalog of ``lang``."""
    return translations_dir() / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def languages() -> tuple[str, ...]:
    """The shipped languages: English, then each folder with a catalog, sorted."""
    found = sorted(p.parent.parent.name
                   for p in translations_dir().glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    return (SOURCE, *found)


def babel_locale(lang: str) -> Locale:
    """The Babel locale that formats numbers and dates for ``lang`` (the pseudo one: English)."""
    return Locale.parse(SOURCE if lang == PSEUDO else lang)


def native_name(lang: str) -> str:
    """The language's name in itself, as its speakers look for it in a picker."""
    if lang == PSEUDO:
        return "[Ƥšéûðö]"
    name = babel_locale(lang).get_display_name(lang) or lang
    return name[:1].upper() + name[1:]


def is_rtl(lang: str) -> bool:
    """Whether ``lang`` is written right to left (Arabic)."""
    return babel_locale(lang).text_direction == "rtl"


def html_lang(lang: str) -> str:
    """The BCP 47 tag of ``lang`` for ``<html lang>`` and ``Accept-Language`` (``pt-BR``)."""
    return lang.replace("_", "-")


def negotiate(wanted: list[str], offered: tuple[str, ...]) -> str | None:
    """The first of ``wanted`` (tags, best first) that ``offered`` has, by full tag, then by
    language (``fr-CA`` gets ``fr``, ``zh-CN`` gets ``zh_Hans``)."""
    exact = {o.lower(): o for o in offered}
    first = {}
    for o in reversed(offered):
        first[o.split("_")[0].lower()] = o
    for tag in wanted:
        tag = tag.strip().replace("-", "_").lower()
        if tag in exact:
            return exact[tag]
        if tag.split("_")[0] in first:
            return first[tag.split("_")[0]]
    return None


@cache
def translations(lang: str) -> NullTranslations:
    """The compiled catalog of ``lang`` (English and unknown languages: the msgids)."""
    if lang == PSEUDO:
        return _compiled(pseudo_catalog())
    path = po_path(lang)
    if lang == SOURCE or not path.is_file():
        return NullTranslations()
    with path.open("rb") as f:
        return _compiled(read_po(f, locale=lang))


def _compiled(catalog: Catalog) -> Translations:
    buf = io.BytesIO()
    write_mo(buf, catalog)
    buf.seek(0)
    return Translations(buf, domain=DOMAIN)


def cli_language() -> str:
    """The language of a command's messages to a person: ``DICEHERO_LANG``, else the
    terminal's (``LC_ALL``, ``LC_MESSAGES``, ``LANG``), if dicehero speaks it; else English."""
    for var in ("DICEHERO_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "").split(".")[0]
        if value and value not in ("C", "POSIX"):
            return negotiate([value], (*languages(), PSEUDO)) or SOURCE
    return SOURCE


def cli_gettext(message: str, **params: object) -> str:
    """``message`` (a msgid) in the command's language (:func:`cli_language`), filled."""
    text = translations(cli_language()).gettext(message)
    return text % params if params else text


def cli_ngettext(singular: str, plural: str, n: int, **params: object) -> str:
    """The form of ``singular``/``plural`` for ``n`` in the command's language, filled
    (``n`` among the parameters)."""
    return translations(cli_language()).ngettext(singular, plural, n) % {"n": n, **params}


def cli_pgettext(context: str, message: str) -> str:
    """``message`` in ``context`` (a location's or superpower's name) in the command's
    language."""
    return translations(cli_language()).pgettext(context, message)


def read_pot() -> Catalog:
    """``messages.pot`` as a catalog."""
    with pot_path().open("rb") as f:
        return read_po(f)


# The placeholders a translation must keep: %(name)s, %d, and {name} (Jinja, JS).
PLACEHOLDER = re.compile(r"%\([a-z_0-9]+\)[sdif]|%[sdif]|\{[a-z_0-9]+\}|<[^>]+>|&[a-z]+;")
_ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "àƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÀƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ")


def pseudo(text: str) -> str:
    """``text`` accented and bracketed, its placeholders and markup kept as they are."""
    if not text:
        return text
    parts, last = [], 0
    for m in PLACEHOLDER.finditer(text):
        parts.append(text[last:m.start()].translate(_ACCENTED))
        parts.append(m.group())
        last = m.end()
    parts.append(text[last:].translate(_ACCENTED))
    return "[" + "".join(parts) + "]"


def pseudo_catalog() -> Catalog:
    """Every message of ``messages.pot``, pseudo-translated."""
    pot = read_pot()
    catalog = Catalog(locale=SOURCE, domain=DOMAIN)
    for m in pot:
        if not m.id:
            continue
        string = ([pseudo(s) for s in m.id] if isinstance(m.id, tuple) else pseudo(m.id))
        catalog.add(m.id, string, context=m.context)
    return catalog
