"""What a screen needs to draw a sheet, as JSON-ready data (pure, so pages and API share it).

``edition_view`` describes the printed sheet once; ``sheet_view`` gives one
player's marks, dice, the legal uses of each die and the score. Pages draw from
these and never decide a rule themselves: the engine's ``legal_actions`` is
the only copy of the rules.
"""

from __future__ import annotations

from typing import Any

from dicehero.engine.edition import Edition, Location
from dicehero.engine.locations import kind_of
from dicehero.engine.rules import legal_actions
from dicehero.engine.scoring import score
from dicehero.engine.state import Sheet


def _location_view(loc: Location) -> dict[str, Any]:
    return {"number": loc.number, "name": loc.name, "kind": loc.kind, "rule": loc.rule,
            **kind_of(loc).describe(loc)}


def edition_view(edition: Edition) -> dict[str, Any]:
    """The whole printed sheet: numbers, locations and superpowers."""
    return {
        "name": edition.name,
        "title": edition.title,
        "rounds": edition.rounds,
        "dice_per_round": edition.dice_per_round,
        "superpower_uses": edition.superpower_uses,
        "minions_per_location": edition.minions_per_location,
        "minion_honor": edition.minion_honor,
        "bystander_honor": edition.bystander_honor,
        "wild_dice": edition.reward_count("wild"),
        "bystanders": edition.reward_count("bystander"),
        "faces": edition.faces,
        "locations": [_location_view(loc) for loc in edition.locations],
        "superpowers": [{"number": s.number, "name": s.name, "effect": s.effect,
                         "text": s.text} for s in edition.superpowers],
    }


def sheet_view(sheet: Sheet) -> dict[str, Any]:
    """One player's sheet now: marks, dice with their legal uses, Wild dice, score."""
    state = sheet.to_dict(undo_steps=False)
    del state["previous"]
    state["can_undo"] = sheet.previous is not None
    state["finished"] = sheet.finished
    state["wild_earned"] = sheet.wild_earned
    state["wild_left"] = sheet.wild_left
    state["powers_left"] = sheet.powers_left
    state["bystanders"] = sheet.bystanders
    open_round = sheet.round_open and sheet.superpower is not None
    state["legal"] = {
        "dice": [[a.to_dict() for a in legal_actions(sheet, i)] if open_round and not d.used
                 else [] for i, d in enumerate(sheet.dice)],
        "wild": ([a.to_dict() for a in legal_actions(sheet, wild=True)]
                 if open_round and sheet.wild_left > 0 else []),
        "choose": list(sheet.offer) if sheet.superpower is None and not sheet.played else [],
        "done": sheet.round > 0 and not sheet.done,
    }
    state["score"] = score(sheet).to_dict()
    return state
