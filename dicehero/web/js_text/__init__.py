"""The words the pages' scripts write, by key: each page receives them in its reader's
language, and only those of its own scripts (a phone downloads no other page's words).

The scripts hold no English: ``DH.t("key", {name: value})`` and, for a count,
``DH.tn("key", n, {...})`` (net.js) look the words up here. A ``%(name)s`` is filled
in by the script; every placeholder has a translator comment.
"""

from __future__ import annotations

import json
from typing import Any

from flask_babel import get_translations
from jinja2.utils import htmlsafe_json_dumps
from markupsafe import Markup

from dicehero.web.js_text.host import HOST, OVERLAY
from dicehero.web.js_text.marks import UNREACHABLE, Text
from dicehero.web.js_text.pages import MARKS_PAGE, PAPER, PAR, PLAY, SOLO
from dicehero.web.js_text.sheet import SHEET

# Each page script: the words it writes.
SCRIPTS: dict[str, dict[str, Text]] = {
    "host_new": {"unreachable": UNREACHABLE},
    "sheet": SHEET, "solo": SOLO, "host": HOST, "overlay": OVERLAY, "par": PAR, "paper": PAPER,
    "play": PLAY, "marks": MARKS_PAGE,
}


def _entry(text: Text, translations: Any, nplurals: int) -> str | list[str]:
    if isinstance(text, str):
        return translations.gettext(text)
    singular, plural = text
    catalog = getattr(translations, "_catalog", {})
    if (singular, 0) not in catalog:  # English, or not translated: gettext's own forms
        return [singular, plural]
    return [catalog[singular, i] for i in range(nplurals)]


def plural_rule(translations: Any) -> tuple[int, str]:
    """The language's number of plural forms and its rule, a C expression of ``n`` that
    picks one (gettext's Plural-Forms header; English's without one)."""
    info = getattr(translations, "_info", {}).get("plural-forms", "")
    head, _, rule = info.partition("plural=")
    count = head.strip().rstrip(";").partition("nplurals=")[2]
    rule = rule.strip().rstrip(";")
    return (int(count), rule) if count.isdigit() and rule else (2, "n != 1")


def page_text(*scripts: str) -> Markup:
    """The words of ``scripts`` in the reader's language, as a JSON script element."""
    t = get_translations()
    nplurals, rule = plural_rule(t)
    words: dict[str, Any] = {"_plural": rule}
    for script in scripts:
        for key, text in SCRIPTS[script].items():
            words[key] = _entry(text, t, nplurals)
    return Markup('<script id="dh-text" type="application/json">{}</script>').format(
        htmlsafe_json_dumps(words, dumps=_dumps))


def _dumps(obj: Any, **kwargs: Any) -> str:
    # UTF-8 as it is: Arabic or Japanese in \\u escapes would be twice the bytes.
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"), **kwargs)
