"""The schemas of the OpenAPI document (``dicehero.web.openapi``): what the API's
bodies and replies hold, named once and referred to by ``ref``."""

from __future__ import annotations

from typing import Any

OBJ = {"type": "object"}


def strict(props: dict[str, Any], required: tuple[str, ...] = ()) -> dict[str, Any]:
    """An object with these properties and no others (the API refuses unknown fields)."""
    out: dict[str, Any] = {"type": "object", "properties": props, "additionalProperties": False}
    if required:
        out["required"] = list(required)
    return out


def ref(name: str) -> dict[str, str]:
    """A reference to one of the :data:`SCHEMAS`."""
    return {"$ref": f"#/components/schemas/{name}"}


DIE = {"type": "integer", "minimum": 1, "maximum": 20}
NAME = {"type": "string", "minLength": 1, "maxLength": 200,
        "description": "cleaned (NFC; control and format characters removed, invisible "
                        "letters count as spaces), at most 24 letters; refused when it looks "
                        "blank (blank_name), has accents on no letter or too many on one "
                        "(name_marks), or is or looks like a hero's already in the game "
                        "(name_taken, name_confusable: 409)"}

# The room's settings, when a game is created and later (POST .../room).
ROOM = {"password": {"type": ["string", "null"], "minLength": 1, "maxLength": 64,
                     "description": "a password to join (compared without case or extra "
                                    "spaces); null: none"},
        "stream": {"type": "boolean", "description": "the projected view keeps the join "
                                                     "code back (Host tools show it)"},
        "ranks_at_end": {"type": "boolean", "description": "no ranks (nor others' totals) "
                                                           "in any reading until the end"},
        "name_words": {"type": "array", "maxItems": 200,
                       "items": {"type": "string", "minLength": 1, "maxLength": 24},
                       "description": "words hero names may not have, besides the shipped "
                                      "lists (replaces the game's list; [] for none)"},
        "generated_names": {"type": "boolean", "description": "heroes join with a name "
                            "offered to their phone (POST .../names), no free text"}}
HERO_SETTINGS = {"extra_time": {"enum": [0, 50, 100], "description": "percent of the "
                                "timer's length the timer waits longer (host only)"},
                 "less_motion": {"type": "boolean"}, "high_contrast": {"type": "boolean"},
                 "big_text": {"type": "boolean"}}

SCHEMAS: dict[str, Any] = {
    "Room": {"type": "object", "required": ["password_required", "stream", "ranks_at_end"],
             "properties": {"password_required": {"type": "boolean"},
                            "stream": {"type": "boolean"}, "ranks_at_end": {"type": "boolean"},
                            "name_words": {"type": "array", "items": {"type": "string"},
                                           "description": "the host's reply only"},
                            "generated_names": {"type": "boolean"}}},
    "Ban": {"type": "object", "required": ["id", "player_id", "device", "address", "lifted"],
            "properties": {"id": {"type": "integer"}, "player_id": {"type": "integer"},
                           "device": {"type": "boolean"}, "address": {"type": "boolean"},
                           "lifted": {"type": "boolean"}, "name": {"type": ["string", "null"]}}},
    "Error": strict({"error": strict({
        "code": {"type": "string"}, "message": {"type": "string"},
        # Only a refused paper sheet says where: round (0 = the superpower), die, action.
        "round": {"type": "integer", "minimum": 0},
        "die": {"type": ["integer", "null"]}, "wild": {"type": "boolean"},
        "action": OBJ, "rule": {"type": "string"}}, ("code", "message"))}, ("error",)),
    "Player": {"type": "object", "properties": {
        "id": {"type": "integer"}, "name": {"type": "string"},
        "joined_roll": {"type": "integer"}, "done": {"type": "boolean"},
        "paper": {"type": "boolean", "description": "plays on a printed sheet"}},
        "required": ["id", "name", "joined_roll", "done"]},
    "PaperSheet": strict({
        "superpower": {"type": ["integer", "null"], "minimum": 1},
        "rounds": {"type": "array", "description":
                   "round k: what was done with roll k's dice, as engine actions",
                   "items": {"type": "array", "maxItems": 40, "items": ref("Action")}}}),
    "PaperReply": {"type": "object", "required": ["player", "paper", "score", "status"],
                   "properties": {
                       "player": ref("Player"),
                       "paper": {"type": "object", "properties": {
                           "superpower": {"type": ["integer", "null"]},
                           "rounds": {"type": "array"},
                           "marks": {"type": ["object", "null"],
                                     "description": "the sheet as drawn, if sent by its marks"},
                           "check": {"enum": ["verified", "undecided", None],
                                     "description": "the witness search's verdict on the marks"},
                           "reason": {"type": ["string", "null"],
                                      "description": "why the check is undecided"},
                           "submitted_at": {"type": ["number", "null"]},
                           "approved": {"type": "boolean"}}},
                       "score": OBJ, "player_count": {"type": "integer"},
                       "status": {"enum": ["lobby", "playing", "over"]},
                       "checking": {"type": ["object", "null"], "description":
                                    "a sheet sent by its marks after the one stored: "
                                    "{status: checking} while the worker checks it, or "
                                    "{status: refused, code, reason} (nothing stored)"},
                       "roll": {"type": "integer"},
                       "open_until": {"type": ["number", "null"]},
                       "stored": {"type": "boolean"}}},
    "GameState": {"type": "object", "required": [
        "code", "status", "roll", "rounds", "players", "seed_sha256", "last_event_id"],
        "properties": {
            "code": {"type": "string"}, "edition": {"type": "string"},
            "rounds": {"type": "integer"}, "power_mode": {"enum": ["table", "each"]},
            "status": {"enum": ["lobby", "playing", "over"]}, "roll": {"type": "integer"},
            "dice": {"type": ["array", "null"], "items": {"type": "integer"}},
            "rolls": {"type": "array", "items": OBJ},
            "offer": {"type": ["object", "null"]},
            "seed_sha256": {"type": "string"}, "seed": {"type": ["string", "null"]},
            "timer": {"type": ["object", "null"]}, "server_time": {"type": "number"},
            "players": {"type": "array", "items": OBJ},
            "player_count": {"type": "integer"}, "done_count": {"type": "integer"},
            "roster_locked": {"type": "boolean"},
            "roster_cap": {"type": ["integer", "null"]},
            "password_required": {"type": "boolean"}, "stream": {"type": "boolean"},
            "overlay_delay": {"type": "integer",
                              "description": "seconds the stream overlay shows the game late"},
            "round_closed": {"type": "boolean",
                             "description": "a break: the class is through with the round"},
            "par": ref("Par"),
            "last_event_id": {"type": "integer"}}},
    "Par": {"type": "object", "required": ["status", "round", "total", "rounds"],
            "description": "The par bot on the class's dice, worked out in the background: "
                           "each round the class has closed (all done, next roll, or over)",
            "properties": {
                "status": {"enum": ["none", "working", "ready", "failed"]},
                "round": {"type": "integer", "minimum": 0},
                "total": {"type": ["integer", "null"]},
                "rounds": {"type": "array", "items": {
                    "type": "object", "required": ["number", "total"],
                    "properties": {"number": {"type": "integer"},
                                   "total": {"type": "integer"}}}},
                "superpower": {"type": ["integer", "null"]},
                "score": {"type": "object", "description": "par's breakdown (over, in /scores)"},
                "beaten_by": {"type": "integer", "description": "heroes above par"},
                "tied": {"type": "integer", "description": "heroes level with par"}}},
    "Action": {"type": "object", "required": ["type"], "description":
               "An engine action (see docs/API.md): choose, move, help, minion, power, "
               "skip, done, undo.",
               "properties": {
                   "type": {"enum": ["choose", "move", "help", "minion", "power", "skip",
                                     "done", "undo"]},
                   "die": {"type": "integer"}, "wild": {"type": "boolean"},
                   "value": {"type": "integer"}, "to": {"type": "integer"},
                   "slot": {"type": "integer"}, "teleport": {"type": "boolean"},
                   "copy": {"type": "integer"}, "superpower": {"type": "integer"}},
               "additionalProperties": False},
    "ActionReply": {"type": "object", "required": ["action", "sheet"], "properties": {
        "action": OBJ, "sheet": OBJ}},
    "Leaderboard": {"type": "object", "required": ["leaderboard"], "properties": {
        "code": {"type": "string"}, "status": {"type": "string"}, "final": {"type": "boolean"},
        "roll": {"type": "integer"}, "rounds": {"type": "integer"},
        "leaderboard": {"type": "array", "items": {
            "type": "object", "required": ["player_id", "name", "rank", "rank_before_roll",
                                           "total"],
            "properties": {"player_id": {"type": "integer"}, "name": {"type": "string"},
                           "rank": {"type": ["integer", "null"], "minimum": 1,
                                    "description": "null while the hero's paper sheet "
                                                   "waits for the host (pending)"},
                           "rank_before_roll": {
                               "type": ["integer", "null"], "minimum": 1,
                               "description": "the rank when the latest roll came: "
                                              "rank_before_roll - rank places climbed "
                                              "this round"},
                           "pending": {"type": "boolean",
                                       "description": "a paper sheet to check: listed "
                                                      "after the ranked heroes, no place"},
                           "total": {"type": "integer"}}}},
        "par": ref("Par")}},
    "Place": {"type": "object", "required": ["player_id", "rank", "of", "top"], "properties": {
        "player_id": {"type": "integer"}, "status": {"type": "string"},
        "roll": {"type": "integer"}, "ranks_hidden": {"type": "boolean"},
        "rank": {"type": ["integer", "null"], "minimum": 1,
                 "description": "as in /scores; null with ranks hidden, for a removed hero "
                                "or while the hero's paper sheet waits for the host"},
        "of": {"type": "integer", "description": "heroes who take a place"},
        "total": {"type": ["integer", "null"], "description": "null with ranks hidden"},
        "top": {"type": "array", "items": {"type": "object", "properties": {
            "rank": {"type": "integer"}, "name": {"type": "string"},
            "total": {"type": "integer"}}}},
        "to_check": {"type": "integer"}, "provisional": {"type": "boolean"},
        "final": {"type": "boolean"},
        "par": ref("Par")}},
}
