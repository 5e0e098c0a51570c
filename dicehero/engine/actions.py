"""The action vocabulary: what a player can do to their sheet, as plain data.

=========  ==============================================================
type       fields
=========  ==============================================================
choose     ``superpower``: one of the two numbers offered at the start
move       ``die`` (index of a rolled die) or ``wild: true``; ``to`` (a
           location number); ``teleport: true`` spends a superpower use
           (Teleport only) to go anywhere with any die
help       ``die`` or ``wild: true`` with ``value``; ``slot`` where the
           location gives a choice (City Hall/Church cell, Hospital pair)
minion     ``die`` or ``wild: true``: defeat a Robot Minion where you are
power      ``die``; ``copy`` (the other die, for Shapeshift only)
skip       ``die``: leave a die unused
done       end your round
undo       take back your last action of the open round
=========  ==============================================================
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from dicehero.engine.errors import BadAction

TYPES = ("choose", "move", "help", "minion", "power", "skip", "done", "undo")
DIE_ACTIONS = frozenset({"move", "help", "minion", "power", "skip"})
WILD_ACTIONS = frozenset({"move", "help", "minion"})
_FIELDS = {
    "choose": {"superpower"},
    "move": {"die", "wild", "to", "teleport"},
    "help": {"die", "wild", "value", "slot"},
    "minion": {"die", "wild", "value"},
    "power": {"die", "copy"},
    "skip": {"die"},
    "done": set(),
    "undo": set(),
}


@dataclass(frozen=True, slots=True)
class Action:
    """One action; see the module docstring for which fields each type uses."""

    type: str
    die: int | None = None
    wild: bool = False
    value: int | None = None
    to: int | None = None
    slot: int | None = None
    teleport: bool = False
    copy: int | None = None
    superpower: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """The action as JSON-ready data, with only the fields it uses."""
        # Written out field by field: a phone's view turns some thirty actions into data
        # per tap, and a loop over getattr costs twice as much.
        out: dict[str, Any] = {"type": self.type}
        if self.die is not None:
            out["die"] = self.die
        if self.value is not None:
            out["value"] = self.value
        if self.to is not None:
            out["to"] = self.to
        if self.slot is not None:
            out["slot"] = self.slot
        if self.copy is not None:
            out["copy"] = self.copy
        if self.superpower is not None:
            out["superpower"] = self.superpower
        if self.wild:
            out["wild"] = True
        if self.teleport:
            out["teleport"] = True
        return out


def _int(data: Mapping[str, Any], key: str) -> int | None:
    value = data.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadAction("bad_field", "whole_number", field=key, value=repr(value))
    return value


def _flag(data: Mapping[str, Any], key: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise BadAction("bad_field", "true_or_false", field=key, value=repr(value))
    return value


def parse_action(data: Any) -> Action:
    """Check the shape of an action given as a mapping and build the :class:`Action`.

    Only the shape is checked here; whether the rules allow it is the engine's job.
    """
    if isinstance(data, Action):
        return data
    if not isinstance(data, Mapping):
        raise BadAction("bad_action")
    kind = data.get("type")
    if kind not in TYPES:
        raise BadAction("unknown_action", value=repr(kind), known=", ".join(TYPES))
    extra = set(data) - _FIELDS[kind] - {"type"}
    if extra:
        raise BadAction("bad_field", "no_such_field", action=kind,
                        fields=", ".join(sorted(map(str, extra))))
    action = Action(type=kind, die=_int(data, "die"), wild=_flag(data, "wild"),
                    value=_int(data, "value"), to=_int(data, "to"), slot=_int(data, "slot"),
                    teleport=_flag(data, "teleport"), copy=_int(data, "copy"),
                    superpower=_int(data, "superpower"))
    if kind in DIE_ACTIONS:
        if action.wild and action.die is not None:
            raise BadAction("bad_field", "die_or_wild")
        if not action.wild and action.die is None:
            raise BadAction("missing_field", "needs_die", action=kind)
        if action.wild and kind not in WILD_ACTIONS:
            raise BadAction("bad_field", "wild_cannot", action=kind)
    if kind == "move" and action.to is None:
        raise BadAction("missing_field", "move_needs_to")
    if kind == "help" and action.wild and action.value is None:
        raise BadAction("missing_field", "wild_needs_value")
    if kind == "choose" and action.superpower is None:
        raise BadAction("missing_field", "choose_needs_superpower")
    if action.value is not None and not action.wild:
        raise BadAction("bad_field", "value_only_wild")
    return action
