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


def N_(text: str) -> str:
    """Marks ``text`` for extraction; it is translated when a page is drawn."""
    return text


def Np_(singular: str, plural: str) -> tuple[str, str]:
    """Marks a message with a count (``%(n)s``) for extraction, as ``ngettext`` would."""
    return singular, plural


Text = str | tuple[str, str]

# Translators: %(error)s is the browser's own message, in its language.
UNREACHABLE = N_("Could not reach the server: %(error)s")

SCRIPTS: dict[str, dict[str, Text]] = {
    "host_new": {"unreachable": UNREACHABLE},
    "play": {
        "live": N_("● Live"),
        "reconnecting": N_("Reconnecting…"),
        "wait_roll": N_("Waiting for the host to roll."),
        # Translators: %(done)s heroes of %(n)s are done with this round.
        "heroes_done": Np_("%(done)s of %(n)s hero done.", "%(done)s of %(n)s heroes done."),
        # Translators: %(time)s is the time left, as 1:05.
        "timer": N_("Timer: %(time)s left."),
        # Translators: %(status)s is an HTTP status number, as 502.
        "server_said": N_("The server said %(status)s."),
        # Translators: %(round)s is a round number; %(dice)s the dice, as "3, 5".
        "dice_lost": N_("⚠ The host went on: your unused dice of round %(round)s (%(dice)s) "
                        "were lost."),
        "typed_now": N_("The host typed in these dice."),
        "pick_power": N_("Pick your superpower."),
        "wait_first": N_("Wait for the first roll."),
        # Translators: %(round)s is the number of the round the hero finished.
        "done_round": N_("Done with round %(round)s. Wait for the next roll."),
        # Translators: %(n)s rounds were rolled before the hero joined; %(round)s is the
        # round they start from (%(n)s + 1).
        "joined_late": Np_("You joined in round %(round)s: round 1 was played before you "
                           "came, so you start from round %(round)s.",
                           "You joined in round %(round)s: rounds 1 to %(n)s were played "
                           "before you came, so you start from round %(round)s."),
        # Translators: %(round)s is a round number, shown on the strip of rolls: R3.
        "round_short": N_("R%(round)s"),
        "typed_by_host": N_("typed by the host"),
        "before_joined": N_("before you joined"),
        # Translators: %(round)s is a round number; %(dice)s its dice, as "3, 5, 1, 6".
        "roll_label": N_("Round %(round)s: %(dice)s"),
        "roll_label_typed": N_("Round %(round)s: %(dice)s, typed in by the host"),
        "roll_label_missed": N_("Round %(round)s: %(dice)s, before you joined"),
        "roll_label_typed_missed": N_("Round %(round)s: %(dice)s, typed in by the host, "
                                      "before you joined"),
        # Translators: %(rounds)s lists the rounds, as "round 3 (1 4 4 2), round 7 (6 6 1 2)".
        "typed_rounds": N_("Dice the host typed in (not from the seed): %(rounds)s."),
        # Translators: %(round)s is a round number; %(dice)s its dice, as "1 4 4 2".
        "typed_round": N_("round %(round)s (%(dice)s)"),
        # Translators: %(honor)s is a number of Honor points.
        "honor": N_("%(honor)s Honor"),
        # Translators: %(rank)s is the hero's place; %(n)s how many heroes played.
        "your_place": Np_("You are #%(rank)s of %(n)s hero.", "You are #%(rank)s of %(n)s heroes."),
        # Translators: a line of the leaderboard: place, hero name, Honor.
        "top_line": N_("#%(rank)s %(name)s — %(honor)s Honor"),
        "unreachable": UNREACHABLE,
        "join_failed": N_("Could not join."),
        # Translators: %(error)s is the server's message saying why.
        "drawing_not_saved": N_("Your drawing was not saved: %(error)s"),
    },
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
