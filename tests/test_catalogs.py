"""The translation catalogs: current with the code, complete, and keeping every placeholder."""

from __future__ import annotations

import pytest
from babel.messages.pofile import read_po

from dicehero import i18n
from dicehero.i18n_extract import PLACEHOLDER_NAME, extract


def _key(m) -> tuple:
    return (m.context, m.id)


def _po(lang: str):
    with i18n.po_path(lang).open("rb") as f:
        return read_po(f, locale=lang)


def test_messages_pot_is_what_extraction_finds_in_the_code_today():
    """A string added without running extraction (docs/TRANSLATING.md) fails here."""
    found = {_key(m): m.auto_comments for m in extract() if m.id}
    shipped = {_key(m): m.auto_comments for m in i18n.read_pot() if m.id}
    assert sorted(set(found) - set(shipped), key=str) == [], "not extracted yet"
    assert sorted(set(shipped) - set(found), key=str) == [], "no longer in the code"
    assert found == shipped, "translator comments changed"


def test_every_placeholder_is_explained_to_the_translator():
    """A translator sees what each %(name)s stands for, in the message's comments."""
    unexplained = []
    for m in i18n.read_pot():
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        said = " ".join(m.auto_comments)
        unexplained += [(ids[0], name) for text in ids
                        for name in PLACEHOLDER_NAME.findall(text) if f"%({name})s" not in said]
    assert unexplained == []


@pytest.mark.parametrize("lang", i18n.languages()[1:])
def test_every_shipped_language_translates_every_message(lang):
    """Fails listing every message left to translate (missing, empty or fuzzy), all at once."""
    po = _po(lang)
    translated = {_key(m) for m in po if m.id and not m.fuzzy and all(
        m.string if isinstance(m.string, tuple) else (m.string,))}
    left = [(m.context, m.id) for m in i18n.read_pot() if m.id and _key(m) not in translated]
    assert left == [], f"{lang}: {len(left)} messages left to translate"


@pytest.mark.parametrize("lang", i18n.languages()[1:])
def test_every_translation_keeps_the_placeholders_of_its_message(lang):
    for m in _po(lang):
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        wanted = set(i18n.PLACEHOLDER.findall(ids[-1]))
        for s in strings:
            assert set(i18n.PLACEHOLDER.findall(s)) >= wanted - {"%(count)s", "%(count)d"}, (
                lang, m.id, s)


def test_the_pseudo_language_transforms_every_message_and_keeps_its_placeholders():
    t = i18n.translations(i18n.PSEUDO)
    for m in i18n.read_pot():
        if not m.id or isinstance(m.id, tuple):
            continue
        text = t.pgettext(m.context, m.id) if m.context else t.gettext(m.id)
        assert text.startswith("[") and text != m.id
        assert i18n.PLACEHOLDER.findall(text) == i18n.PLACEHOLDER.findall(m.id)


def test_pseudo_text_is_accented_and_bracketed_around_its_placeholders():
    assert i18n.pseudo("Roll %(n)s dice") == "[Ŕöļļ %(n)s ðîçé]"
