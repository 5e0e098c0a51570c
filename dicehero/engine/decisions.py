"""What a hero did with each die of a round, read from their actions: the cells of the
class's decision map (the projector shows, between rounds, what everyone did with each
die).

A :class:`DieUses` watches a hero's :class:`~dicehero.engine.replay.Replay` (it is the
replay's observer), so the actions are read as the engine applied them, undo included:
an undone action did nothing. A die is used once, by a move, a help (at the location the
hero stood at then), a Robot Minion or a skip; a die left unused when the round ended
counts as a skip. A superpower changes a die without using it; the die counts for what it
did next. Wild dice are not the round's dice and are not counted.
"""

from __future__ import annotations

from dicehero.engine.actions import Action
from dicehero.engine.state import Sheet

HELP, MOVE, MINION, SKIP = "help", "move", "minion", "skip"

Use = tuple[str, int | None]


class DieUses:
    """A replay's observer that remembers, round by round, the actions still in effect."""

    def __init__(self) -> None:
        # round number -> the actions in effect, each with where the hero stood then (not
        # the sheets: a class's worth of them would be kept alive for nothing)
        self._rounds: dict[int, list[tuple[Action, int | None]]] = {}

    def __call__(self, before: Sheet, action: Action, after: Sheet) -> None:
        done = self._rounds.setdefault(before.round, [])
        if action.type == "undo":
            done.pop()  # undo reaches back only inside the round: the last action here
        else:
            done.append((action, before.position))

    def of_round(self, number: int, dice: int) -> list[Use]:
        """For each of round ``number``'s ``dice``, what the hero did with it:
        ``("help", location)``, ``("move", location)``, ``("minion", location)`` or
        ``("skip", None)``."""
        uses: list[Use] = [(SKIP, None)] * dice
        for action, position in self._rounds.get(number, ()):
            if action.die is None or action.wild:
                continue
            if action.type == "move":
                uses[action.die] = (MOVE, action.to)
            elif action.type == "help":
                uses[action.die] = (HELP, position)
            elif action.type == "minion":
                uses[action.die] = (MINION, position)
        return uses
