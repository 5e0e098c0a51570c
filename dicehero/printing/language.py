"""The edition's own words (its title, its locations' names and rules, its superpowers'
names and what they do) in a reader's language, as the catalogs and the phone's sheet say
them: the printed sheet is drawn from the edition it returns."""

from __future__ import annotations

import dataclasses

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
                               locations=locations, superpowers=powers,
                               _by_number={loc.number: loc for loc in locations})
