"""Extraction brings every language's catalog up to the template (docs/TRANSLATING.md, "For
developers"): one command, then the catalog test lists what is left to translate."""

from __future__ import annotations

from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from dicehero.i18n_extract import update_catalog


def _template(*messages: tuple) -> Catalog:
    pot = Catalog(project="dicehero", domain="messages")
    for context, msgid in messages:
        pot.add(msgid, None, context=context)
    return pot


def _po_file(tmp_path: Path, lang: str, *messages: tuple) -> Path:
    po = Catalog(locale=lang, domain="messages", fuzzy=False)
    for context, msgid, string in messages:
        po.add(msgid, string, context=context)
    path = tmp_path / "messages.po"
    with path.open("wb") as f:
        write_po(f, po, width=0)
    return path


def _merged(path: Path, template: Catalog, lang: str = "fr") -> dict:
    update_catalog(path, lang, template)
    with path.open("rb") as f:
        po = read_po(f, locale=lang)
    return {(m.context, m.id): (m.string, m.fuzzy) for m in po if m.id}


def test_a_message_unchanged_keeps_its_translation(tmp_path):
    path = _po_file(tmp_path, "fr", (None, "Roll the dice", "Lance les dés"))
    assert _merged(path, _template((None, "Roll the dice"))) == {
        (None, "Roll the dice"): ("Lance les dés", False)}


def test_a_new_message_arrives_untranslated(tmp_path):
    path = _po_file(tmp_path, "fr", (None, "Roll the dice", "Lance les dés"))
    merged = _merged(path, _template((None, "Roll the dice"), (None, "Done")))
    assert merged[None, "Done"] == ("", False)


def test_a_changed_message_arrives_untranslated_not_guessed_from_the_old_one(tmp_path):
    path = _po_file(tmp_path, "fr", (None, "Roll the dice", "Lance les dés"))
    assert _merged(path, _template((None, "Roll the dice!"))) == {
        (None, "Roll the dice!"): ("", False)}


def test_a_message_in_a_new_context_arrives_untranslated(tmp_path):
    path = _po_file(tmp_path, "fr", (None, "Fire", "Tirer"))
    assert _merged(path, _template(("superpower", "Fire"))) == {
        ("superpower", "Fire"): ("", False)}


def test_a_message_whose_plural_changed_arrives_untranslated(tmp_path):
    path = _po_file(tmp_path, "fr", (None, ("%(n)s hero", "%(n)s heroes"),
                                     ("%(n)s héros", "%(n)s héros")))
    merged = _merged(path, _template((None, ("%(n)s hero", "%(n)s heroes are done"))))
    [(key, (strings, fuzzy))] = merged.items()
    assert key == (None, ("%(n)s hero", "%(n)s heroes are done"))
    assert set(strings) == {""} and not fuzzy


def test_a_new_plural_gets_every_form_of_the_language_empty(tmp_path):
    path = _po_file(tmp_path, "pl")
    merged = _merged(path, _template((None, ("%(n)s die", "%(n)s dice"))), lang="pl")
    assert merged == {(None, ("%(n)s die", "%(n)s dice")): (("", "", ""), False)}


def test_a_message_no_longer_in_the_template_is_dropped_from_the_file(tmp_path):
    path = _po_file(tmp_path, "fr", (None, "Old words", "Vieux mots"))
    assert _merged(path, _template((None, "Done"))) == {(None, "Done"): ("", False)}
    assert "Old words" not in path.read_text(encoding="utf-8")


def test_the_header_keeps_the_language_and_its_plural_forms(tmp_path):
    path = _po_file(tmp_path, "pl", (None, "Done", "Gotowe"))
    _merged(path, _template((None, "Done")), lang="pl")
    text = path.read_text(encoding="utf-8")
    assert '"Language: pl\\n"' in text and "nplurals=3" in text
    assert "#, fuzzy" not in text
