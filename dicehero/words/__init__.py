"""The engine's phrases said in a reader's language: the edge where its codes become words.

The engine is language-free (:mod:`dicehero.engine.phrase`): a refusal, a paper sheet's
verdict or par's reason names its sentence by a key and gives its parameters. Here each
key has one message (a plural one where a count is in it) in the catalogs, and
:func:`say` fills it in a language: a location's or superpower's name as the reader's
sheet spells it, a list of numbers joined as the reader's language joins them, a phrase
inside a phrase said first. The web says phrases in its reader's language, the CLI and
the PDF in the one they were asked for (Babel outside a request).
"""

from __future__ import annotations

from typing import Any

from babel.lists import format_list

from dicehero import i18n
from dicehero.engine.errors import ActionError
from dicehero.engine.phrase import Phrase, from_json, to_json
from dicehero.words.logs import LOGS
from dicehero.words.reasons import REASONS
from dicehero.words.refusals import REFUSALS, Message

# Every key the engine may name, with its message.
MESSAGES: dict[str, Message] = {**REFUSALS, **REASONS, **LOGS}

# Parameters that are an edition's names, said as the reader's sheet says them.
LOCATION_PARAMS = frozenset({"place", "target", "here"})
POWER_PARAMS = frozenset({"power"})
LINE_PARAMS = frozenset({"line"})
# Parameters that are a list of choices (``1, 2 or 3``); other lists are joined with "and".
CHOICE_PARAMS = frozenset({"either"})


def say(said: Phrase | ActionError, lang: str) -> str:
    """``said`` (a phrase, or an engine refusal's) in ``lang``."""
    p = said.phrase if isinstance(said, ActionError) else said
    tr = i18n.translations(lang)
    message = MESSAGES[p.key]
    params = {name: _param(name, value, lang, tr) for name, value in p.params.items()}
    if isinstance(message, tuple):
        text = tr.ngettext(message[0], message[1], p.params["n"])
    else:
        text = tr.gettext(message)
    return text % params if params else text


def english(said: Phrase | ActionError) -> str:
    """``said`` in English: for logs, tests and the CLI's own lines."""
    return say(said, i18n.SOURCE)


def _param(name: str, value: Any, lang: str, tr: Any) -> Any:
    if isinstance(value, (Phrase, ActionError)):
        return say(value, lang)
    if name in LOCATION_PARAMS and isinstance(value, str):
        return tr.pgettext("location", value)
    if name in POWER_PARAMS and isinstance(value, str):
        return tr.pgettext("superpower", value)
    if name in LINE_PARAMS and isinstance(value, str):
        return tr.pgettext("line", value)
    if isinstance(value, (tuple, list)):
        items = [_param("", v, lang, tr) for v in value]
        return _joined([str(v) for v in items], "or" if name in CHOICE_PARAMS else "standard",
                       lang)
    return value


def _joined(items: list[str], style: str, lang: str) -> str:
    """``1, 2 or 3`` as the reader's language joins a list (Babel's CLDR patterns)."""
    text = format_list(items, style=style, locale=i18n.babel_locale(lang))
    if lang == i18n.PSEUDO and len(items) > 1:  # the joining words, visibly through Babel
        return i18n.pseudo(text)
    return text


def fill(template: str | Phrase, params: dict[str, Any], lang: str) -> str:
    """A store's or the web's refusal in ``lang``: its msgid ``template`` (or an engine
    phrase) with ``params``, any phrase among them said first."""
    if isinstance(template, Phrase):
        return say(template, lang)
    text = i18n.translations(lang).gettext(template)
    if not params:
        return text
    return text % {k: say(v, lang) if isinstance(v, (Phrase, ActionError)) else v
                   for k, v in params.items()}


def refusal_to_json(template: str | Phrase, params: dict[str, Any]) -> dict[str, Any]:
    """A refusal's words as data (its msgid or engine phrase, and its parameters), so one
    noted in the game's log by a worker is worded later, in each reader's language."""
    if isinstance(template, Phrase):
        return {"phrase": to_json(template)}
    return {"msgid": template, "params": {
        k: to_json(v.phrase if isinstance(v, ActionError) else v) for k, v in params.items()}}


def fill_json(words: dict[str, Any], lang: str) -> str:
    """A refusal :func:`refusal_to_json` wrote, in ``lang``."""
    if "phrase" in words:
        return say(from_json(words["phrase"]), lang)
    return fill(words["msgid"], {k: from_json(v) for k, v in words["params"].items()}, lang)
