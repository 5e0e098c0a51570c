"""The rules engine: pure Python, no Flask, SQL or I/O; the dice are inputs.

A player's sheet is the fold of their actions over the shared dice::

    sheet = new_sheet(edition, offer=(2, 5))
    sheet = apply(sheet, {"type": "choose", "superpower": 2})
    sheet = start_round(sheet, [3, 1, 6, 6])
    sheet = apply(sheet, {"type": "move", "die": 0, "to": 3})
    legal_actions(sheet, die=1)     # every legal use of die 1
    score(sheet).total
"""

from dicehero.engine.actions import Action, parse_action
from dicehero.engine.edition import Edition, EditionError, parse_edition
from dicehero.engine.errors import ActionError, BadAction, RuleError
from dicehero.engine.rules import apply, check_roll, legal_actions, start_round
from dicehero.engine.scoring import Score, score
from dicehero.engine.state import Die, Sheet, new_sheet

__all__ = [
    "Action", "ActionError", "BadAction", "Die", "Edition", "EditionError", "RuleError",
    "Score", "Sheet", "apply", "check_roll", "legal_actions", "new_sheet",
    "parse_action", "parse_edition", "score", "start_round",
]
