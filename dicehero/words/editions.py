"""The words of an edition file's errors: one message per code the file's checker
(:class:`dicehero.engine.printed.Checker`) gives, for the person who writes the TOML file.

Each message is whole: ``%(file)s`` is the file's path, ``%(field)s`` the field's (as
``locations[2].rows[0]``), ``%(got)s`` what the file has there, as it is written.
"""

from __future__ import annotations

from dicehero import i18n
from dicehero.engine.printed import EditionError
from dicehero.i18n import N_

# Translators: %(file)s is an edition file's path and %(field)s a field of it (as
# locations[2].rows[0]) in every message below; %(got)s is what the file has there.
PROBLEMS: dict[str, str] = {
    "not_table": N_("%(file)s: %(field)s: expected a table, got %(got)s"),
    "missing": N_("%(file)s: %(field)s: is missing"),
    "not_whole": N_("%(file)s: %(field)s: expected a whole number, got %(got)s"),
    "out_of_range": N_("%(file)s: %(field)s: must be between %(lo)s and %(hi)s, got %(got)s"),
    "not_text": N_("%(file)s: %(field)s: expected some text, got %(got)s"),
    # Translators: %(options)s lists the words the field may be (cells, pairs, track).
    "not_choice": N_("%(file)s: %(field)s: must be one of %(options)s, got %(got)s"),
    "empty_list": N_("%(file)s: %(field)s: expected a non-empty list"),
    "bad_cell": N_("%(file)s: %(field)s: expected a cell number from 0 to %(last)s, got %(got)s"),
    "cell_twice": N_("%(file)s: %(field)s: names a cell twice"),
    "empty_row": N_("%(file)s: %(field)s: expected a non-empty list of printed numbers"),
    "bad_face": N_("%(file)s: %(field)s: expected a die face 1-%(faces)s, got %(got)s"),
    "power_count": N_("%(file)s: %(field)s: expected one superpower per die face "
                      "(%(faces)s), got %(got)s"),
    "location_count": N_("%(file)s: %(field)s: expected one location per die face "
                         "(%(faces)s), got %(got)s"),
    # Translators: %(number)s is the number the next superpower must have (1 to 6).
    "power_order": N_("%(file)s: %(field)s: superpowers must be listed in order; "
                      "expected %(number)s"),
    # Translators: %(number)s is the number the next location must have (1 to 6).
    "location_order": N_("%(file)s: %(field)s: locations must be listed in order; "
                         "expected %(number)s"),
    "bad_step": N_("%(file)s: %(field)s: must be -1 or 1"),
}
# Translators: the field named in an edition file's error when the whole file is wrong.
WHOLE_FILE = N_("the file")


def edition_words(e: EditionError, lang: str) -> str:
    """``e`` in ``lang``: a loader's message, or the checker's code worded; an error with
    neither (none is raised so) as its own text."""
    tr = i18n.translations(lang)
    if e.message:
        return tr.gettext(e.message) % e.params
    if e.code in PROBLEMS:
        params = {**e.params, "field": e.params.get("field") or tr.gettext(WHOLE_FILE)}
        return tr.gettext(PROBLEMS[e.code]) % params
    return str(e)
