"""A game log's action in the reader's words, for the log checker's line (``dicehero score``).

The action's type stays as the log writes it (help, move, power: the API's own word); its
fields are said one by one, each a whole message, and listed as the reader's language lists
units (``die 2, box 5``). Dice and boxes count from 1 here, though the log counts from 0.
"""

from __future__ import annotations

from babel.lists import format_list

from dicehero import i18n
from dicehero.engine.actions import Action
from dicehero.i18n import N_

PARTS: dict[str, str] = {
    # Translators: %(number)s is the number the Wild die is played as (1 to 6).
    "wild_as": N_("Wild die as %(number)s"),
    "wild": N_("Wild die"),
    # Translators: %(die)s is a die's place in the tray: 1 to 4.
    "die": N_("die %(die)s"),
    # Translators: %(number)s is a location's number on the sheet (1 to 6).
    "to": N_("to location %(number)s"),
    # Translators: %(box)s is a box's number at a location, counted from 1.
    "box": N_("box %(box)s"),
    # Translators: %(die)s is the die Shapeshift copies: 1 to 4.
    "copy": N_("copying die %(die)s"),
    # Translators: %(number)s is the number of the superpower chosen (1 to 6).
    "superpower": N_("superpower %(number)s"),
}
# Translators: %(action)s is the action's type, kept as the log writes it (help, move).
# %(details)s: its dice and boxes, as die 2, box 5.
ACTION = N_("%(action)s (%(details)s)")


def action_words(action: Action, lang: str) -> str:
    """``action`` as ``help (die 2, box 5)`` in ``lang``."""
    tr = i18n.translations(lang)
    parts: list[tuple[str, dict[str, int]]] = []
    if action.wild and action.value is not None:
        parts.append(("wild_as", {"number": action.value}))
    elif action.wild:
        parts.append(("wild", {}))
    elif action.die is not None:
        parts.append(("die", {"die": action.die + 1}))
    if action.to is not None:
        parts.append(("to", {"number": action.to}))
    if action.slot is not None:
        parts.append(("box", {"box": action.slot + 1}))
    if action.copy is not None:
        parts.append(("copy", {"die": action.copy + 1}))
    if action.superpower is not None:
        parts.append(("superpower", {"number": action.superpower}))
    if not parts:
        return action.type
    said = [tr.gettext(PARTS[key]) % params if params else tr.gettext(PARTS[key])
            for key, params in parts]
    details = format_list(said, style="unit", locale=i18n.babel_locale(lang))
    return tr.gettext(ACTION) % {"action": action.type, "details": details}
