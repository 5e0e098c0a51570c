"""The OpenAPI 3 document of the JSON API, served at ``/api/openapi.json``.

Written by hand next to the handlers; a test checks that every ``/api`` route
is in it. Bodies are described strictly (no unknown fields), as the API is.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from flask import Blueprint, Flask, Response, jsonify

from dicehero.web.openapi_schemas import DIE, HERO_SETTINGS, NAME, OBJ, ROOM, SCHEMAS, ref, strict

bp = Blueprint("openapi", __name__, url_prefix="/api")


def _json(schema: dict[str, Any]) -> dict[str, Any]:
    return {"content": {"application/json": {"schema": schema}}}


def _errors(*statuses: int) -> dict[str, Any]:
    return {str(s): {"description": _REASONS[s], **_json(ref("Error"))} for s in statuses}


_REASONS = {
    400: "Malformed JSON or a malformed action", 401: "No secret, or a wrong one",
    403: "A secret that may not do this, or a write from another site (foreign_origin)",
    404: "Unknown game, player or edition",
    409: "Wrong phase: stale roll, game over, players not done...; a hero name taken "
         "or that looks like one",
    413: "Body too large", 422: "Invalid field, or an action the rules refuse",
    429: "Too many requests (a join, action or new-game flood); see Retry-After",
    503: "The database stayed busy; try again",
}

_CODE = {"name": "code", "in": "path", "required": True, "description": "the join code",
         "schema": {"type": "string", "maxLength": 12}}
_PID = {"name": "player_id", "in": "path", "required": True,
        "schema": {"type": "integer", "minimum": 1}}
_AUTH = [{"bearer": []}]


def _op(summary: str, ok: int, ok_schema: dict[str, Any], errors: tuple[int, ...],
        params: tuple[dict[str, Any], ...] = (), body: dict[str, Any] | None = None,
        auth: bool = False, media: str = "application/json") -> dict[str, Any]:
    op: dict[str, Any] = {
        "summary": summary,
        "parameters": list(params),
        "responses": {str(ok): {"description": "OK",
                                "content": {media: {"schema": ok_schema}}},
                      **_errors(*errors)},
    }
    if body is not None:
        op["requestBody"] = {"required": False, **_json(body)}
    if auth:
        op["security"] = _AUTH
    return op


def _marks_op() -> dict[str, Any]:
    """PUT .../paper: 200 with the verdict, or 202 while a sheet's marks are still checked."""
    op = _op("A paper player's whole sheet, checked over the game's rolls (all or nothing; "
             "replaces the last one)", 200, ref("PaperReply"), _HOST, (_CODE, _PID),
             body=ref("PaperSheet"), auth=True)
    op["responses"]["202"] = {
        "description": "Sent by its marks and still being checked (checking: {status: "
                       "checking}); the verdict comes on the next GET (a stored sheet also "
                       "as a paper_sheet event)", "content": {"application/json": {
                           "schema": ref("PaperReply")}}}
    return op



_HOST = (400, 401, 403, 404, 409, 413, 422, 503)


def document() -> dict[str, Any]:
    """The OpenAPI document as a dict."""
    g = "/api/games/{code}"
    return {
        "openapi": "3.1.0",
        "info": {"title": "dicehero live games", "version": "1",
                 "description": "See docs/API.md. Secrets travel as "
                                "'Authorization: Bearer <secret>'."},
        "components": {"schemas": SCHEMAS,
                       "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}}},
        "paths": {
            "/api/games": {"post": _op(
                "Create a game (reply holds the host secret)", 201, {
                    "type": "object", "required": ["code", "host_secret", "game"],
                    "properties": {"code": {"type": "string"},
                                   "host_secret": {"type": "string"},
                                   "game": ref("GameState")}},
                (400, 403, 413, 422, 429, 503), body=strict({
                    "edition": {"type": "string"},
                    "rounds": {"type": "integer", "minimum": 1},
                    "power_mode": {"enum": ["table", "each"]}, **ROOM}))},
            g: {"get": _op("The whole current state of a game", 200, ref("GameState"),
                           (404,), (_CODE,))},
            g + "/me": {"get": _op("Whose secret this is", 200, {
                "type": "object", "required": ["role"],
                "properties": {"role": {"enum": ["host", "cohost", "player"]}, "player": OBJ}},
                (401, 404), (_CODE,), auth=True)},
            g + "/players": {"post": _op(
                "Join with a hero name (reply holds the player secret)", 201, {
                    "type": "object", "required": ["player", "secret"],
                    "properties": {"player": ref("Player"), "secret": {"type": "string"}}},
                (400, 401, 403, 404, 409, 413, 422, 429, 503), (_CODE,),
                body=strict({"name": NAME, "paper": {
                    "type": "boolean", "description": "a paper player, written in by the "
                    "host (send the host's secret as Bearer) before the first roll; never "
                    "waited for"}, "password": {
                    "type": ["string", "null"], "description": "the room's password, when "
                    "the game has one (403 password_needed, password_wrong); null or left "
                    "out: none given"}}, ("name",)))},
            g + "/names": {"post": _op(
                "The generated names this device (its cookie) may join with, in a game with "
                "names from the generator (empty otherwise)", 200, {
                    "type": "object", "required": ["generated_names", "names"],
                    "properties": {"generated_names": {"type": "boolean"}, "names": {
                        "type": "array", "items": {"type": "string"}}}},
                (400, 403, 404, 413, 422, 429, 503), (_CODE,), body=strict({}))},
            g + "/room": {
                "get": _op("Host: the room's settings, with the words hero names may not "
                           "have (name_words)", 200, ref("Room"), (401, 403, 404), (_CODE,),
                           auth=True),
                "post": _op(
                    "Host: set or clear the room's password, make it a stream game (its "
                    "join code kept off the projected view) or not, ranks only at the end, "
                    "the words hero names may not have", 200, ref("Room"), _HOST, (_CODE,),
                    body=strict(ROOM), auth=True)},
            g + "/players/{player_id}": {
                "get": _op("A player's sheet: marks, dice, legal uses, score, edition", 200, {
                    "type": "object", "required": ["player", "game", "sheet"],
                    "properties": {"player": OBJ, "game": OBJ, "sheet": OBJ,
                                   "edition": OBJ, "place": ref("Place")}},
                    (400, 401, 403, 404), (_CODE, _PID, {
                        "name": "edition", "in": "query", "required": False,
                        "schema": {"enum": ["0", "1", "false", "true", "no", "yes", ""]}}),
                    auth=True),
                "patch": _op("Host: rename a player", 200, OBJ, _HOST, (_CODE, _PID),
                             body=strict({"name": NAME}, ("name",)), auth=True),
                "delete": _op("Host: remove a player", 200, OBJ, _HOST, (_CODE, _PID),
                              auth=True)},
            g + "/players/{player_id}/settings": {"put": _op(
                "The hero (less_motion, high_contrast, big_text) or the host or a co-host "
                "(extra_time too): change a hero's settings", 200, OBJ, _HOST, (_CODE, _PID),
                body=strict(HERO_SETTINGS), auth=True)},
            g + "/settings": {"get": _op(
                "Host or co-host: every hero's settings, and whether ranks wait for the end",
                200, OBJ, (401, 403, 404), (_CODE,), auth=True)},
            g + "/players/{player_id}/ban": {"post": _op(
                "Host: remove a hero and keep their phone out of the game (address: every "
                "phone joining from their address too)", 200,
                {"type": "object", "required": ["player", "ban"],
                 "properties": {"player": OBJ, "ban": ref("Ban")}},
                _HOST, (_CODE, _PID), body=strict({"address": {"type": "boolean"}}), auth=True)},
            g + "/bans": {"get": _op(
                "Host: the game's bans, newest first", 200,
                {"type": "object", "required": ["bans"],
                 "properties": {"bans": {"type": "array", "items": ref("Ban")}}},
                (401, 403, 404), (_CODE,), auth=True)},
            g + "/bans/{ban_id}": {"delete": _op(
                "Host: lift a ban (the phone may join again, as a new hero)", 200,
                {"type": "object", "required": ["ban"], "properties": {"ban": ref("Ban")}},
                _HOST, (_CODE, {"name": "ban_id", "in": "path", "required": True,
                                "schema": {"type": "integer", "minimum": 1}}), auth=True)},
            g + "/players/{player_id}/actions": {"post": _op(
                "The player: one action answering one roll", 200, ref("ActionReply"),
                (*_HOST, 429), (_CODE, _PID), body=strict({
                    "action": ref("Action"),
                    "roll": {"type": "integer", "minimum": 0},
                    "idempotency_key": {"type": "string", "minLength": 1, "maxLength": 100},
                    "check": {"type": "boolean", "description": "a dry run: judged, not stored; "
                              "the idempotency key is then optional"}},
                    ("action", "roll")), auth=True)},
            g + "/offer": {"post": _op(
                "Host: roll (or type) the table's superpower choices", 200, OBJ, _HOST,
                (_CODE,), body=strict({"choices": {"type": "array", "items": DIE,
                                                  "minItems": 2, "maxItems": 2}}),
                auth=True)},
            g + "/rolls": {"post": _op(
                "Host: the next round's dice", 201, OBJ, _HOST, (_CODE,), body=strict({
                    "dice": {"type": "array", "items": DIE},
                    "number": {"type": "integer", "minimum": 1},
                    "go_on": {"type": "boolean"}}), auth=True)},
            g + "/finish": {"post": _op("Host: end the game", 200, OBJ, _HOST, (_CODE,),
                                        body=strict({"go_on": {"type": "boolean"}}),
                                        auth=True)},
            g + "/timer": {"post": _op(
                "Host: set (or with 0 clear) the round timer", 200, OBJ, _HOST, (_CODE,),
                body=strict({"seconds": {"type": "integer", "minimum": 0, "maximum": 3600}},
                           ("seconds",)), auth=True)},
            g + "/scores": {"get": _op("Leaderboard with breakdowns", 200,
                                       ref("Leaderboard"), (404,), (_CODE,))},
            g + "/players/{player_id}/place": {"get": _op(
                "A hero's place, as /scores ranks it (one hero, cheap for any class)", 200,
                ref("Place"), (404,), (_CODE, _PID))},
            g + "/export.json": {"get": _op("The whole game as JSON", 200, OBJ, (404,),
                                            (_CODE,))},
            g + "/export.csv": {"get": _op("The leaderboard as CSV", 200, {"type": "string"},
                                           (404,), (_CODE,), media="text/csv")},
            g + "/rounds/{number}/decisions": {"get": _op(
                "What the class did with each die of a round: per die, heroes who helped at "
                "each location, moved (and where to), fought a Robot Minion or skipped it",
                200, {"type": "object", "required": ["round", "heroes", "locations", "dice"],
                      "properties": {"round": {"type": "integer"},
                                     "heroes": {"type": "integer"},
                                     "locations": {"type": "array",
                                                   "items": {"type": "string"}},
                                     "dice": {"type": "array", "items": OBJ}}},
                (404,), (_CODE, {"name": "number", "in": "path", "required": True,
                                 "schema": {"type": "integer", "minimum": 1}}))},
            g + "/decisions.csv": {"get": _op(
                "Every rolled round's decision map as CSV", 200, {"type": "string"}, (404,),
                (_CODE,), media="text/csv")},
            g + "/sheets.pdf": {"get": _op(
                "Host: the printed sheets as a PDF (one per hero who joined, plus blank ones)",
                200, {"type": "string", "format": "binary"}, (400, 401, 403, 404, 422),
                (_CODE,
                 {"name": "blank", "in": "query", "required": False,
                  "schema": {"type": "integer", "minimum": 0, "maximum": 100}},
                 {"name": "paper", "in": "query", "required": False,
                  "schema": {"enum": ["a4", "letter"]}},
                 {"name": "rules", "in": "query", "required": False,
                  "schema": {"enum": ["0", "1", "false", "true", "no", "yes", ""]}},
                 {"name": "lang", "in": "query", "required": False,
                  "schema": {"type": "string", "example": "fr"}}),
                auth=True, media="application/pdf")},
            g + "/events": {"get": _op(
                "Server-Sent Events of the game", 200, {"type": "string"}, (404,),
                (_CODE, {"name": "last_event_id", "in": "query", "required": False,
                         "schema": {"type": "integer", "minimum": 0}},
                 {"name": "Last-Event-ID", "in": "header", "required": False,
                  "schema": {"type": "string"}}), media="text/event-stream")},
            g + "/players/{player_id}/doodle": {"put": _op(
                "The player: store their costume doodle (a PNG of at most 256x256, 24 KB)",
                200, {"type": "object", "required": ["width", "height", "bytes"],
                      "properties": {"width": {"type": "integer"},
                                     "height": {"type": "integer"},
                                     "bytes": {"type": "integer"}}},
                (400, 401, 403, 404, 413, 422), (_CODE, _PID), body=strict({
                    "png": {"type": "string", "pattern": "^data:image/png;base64,",
                            "description": "a data:image/png;base64 URL"}}, ("png",)),
                auth=True)},
            g + "/players/{player_id}/doodle.png": {"get": _op(
                "A player's costume doodle (404 when they drew none)", 200,
                {"type": "string", "format": "binary"}, (404,), (_CODE, _PID),
                media="image/png")},
            "/api/solo/par": {"post": _op(
                "Solo: par for the game's dice (the number to beat), par's breakdown once the "
                "game is finished, and with 'round' what par would have done in a round the "
                "hero played, from their own sheet", 200, {
                    "type": "object", "required": ["key", "par"],
                    "properties": {"key": {"type": "string"}, "par": {
                        "type": "object", "required": ["status", "total"], "properties": {
                            "status": {"enum": ["working", "ready", "failed"]},
                            "total": {"type": ["integer", "null"]}, "score": OBJ}},
                        "coach": {"type": "object", "required": ["round", "status"],
                                  "properties": {
                                      "round": {"type": "integer"},
                                      "status": {"enum": ["working", "ready", "failed"]},
                                      "decisions": {"type": "array", "items": OBJ},
                                      "honor": {"type": "integer"}}}}},
                (400, 403, 409, 413), body=strict({
                    "mode": {"enum": ["daily", "random"]},
                    "date": {"type": "string", "description": "daily: YYYY-MM-DD"},
                    "seed": {"type": "string", "pattern": "^[0-9a-f]{8,64}$"},
                    "actions": {"type": "array", "items": ref("Action"), "maxItems": 600},
                    "round": {"type": "integer", "minimum": 1}}, ("mode",)))},
            "/api/solo/state": {"post": _op(
                "Solo: replay a game's actions on its dice, then try one more", 200, {
                    "type": "object", "required": ["key", "sheet", "accepted", "error"],
                    "properties": {"key": {"type": "string"}, "sheet": OBJ,
                                   "accepted": {"type": "boolean"},
                                   "error": {"type": ["object", "null"]},
                                   "share": {"type": "string"}}},
                (400, 403, 413), body=strict({
                    "mode": {"enum": ["daily", "random"]},
                    "date": {"type": "string", "description": "daily: YYYY-MM-DD"},
                    "seed": {"type": "string", "pattern": "^[0-9a-f]{8,64}$"},
                    "actions": {"type": "array", "items": ref("Action"), "maxItems": 600},
                    "try": ref("Action"), "check": {"type": "boolean"},
                    "practice": {"type": "boolean", "description": "a daily game played "
                                 "again after the first: its share line says practice"}},
                    ("mode",)))},
            g + "/players/{player_id}/paper": {
                "get": _op("A paper player's sheet as last sent, with score and rank "
                           "(them or the host)", 200, ref("PaperReply"),
                           (401, 403, 404, 409), (_CODE, _PID), auth=True),
                "put": _marks_op()},
            g + "/players/remove": {"post": _op(
                "Host: remove heroes in bulk; every criterion given must match", 200,
                {"type": "object", "required": ["removed", "player_count"],
                 "properties": {"removed": {"type": "array"},
                                "player_count": {"type": "integer"}}},
                _HOST, (_CODE,), body=strict({
                    "ids": {"type": "array", "items": {"type": "integer"}},
                    "joined_within": {"type": "integer", "minimum": 1, "maximum": 86400,
                                      "description": "who joined in the last so many seconds"},
                    "never_chose": {"type": "boolean",
                                    "description": "phone heroes with no superpower yet"}}),
                auth=True)},
            g + "/roster": {"post": _op(
                "Host: lock the roster (no one else joins) or open it again, and cap how "
                "many heroes it takes (null: no cap)", 200,
                {"type": "object", "required": ["locked", "cap"],
                 "properties": {"locked": {"type": "boolean"},
                                "cap": {"type": ["integer", "null"]}}},
                _HOST, (_CODE,), body=strict({"locked": {"type": "boolean"},
                                             "cap": {"type": ["integer", "null"],
                                                     "minimum": 1}}),
                auth=True)},
            g + "/overlay": {
                "get": _op(
                    "The stream overlay's view: the round's dice, the ready count, the "
                    "standings at the break and the podium (public: no secret)", 200,
                    {"type": "object",
                     "required": ["code", "status", "rounds", "roll", "dice", "typed",
                                  "ready", "heroes", "between", "standings", "stream",
                                  "delay", "last_event_id"],
                     "properties": {"dice": {"type": ["array", "null"],
                                             "items": {"type": "integer"}},
                                    "standings": {"type": "array", "items": OBJ},
                                    "delay": {"type": "integer"}}},
                    (404,), (_CODE,)),
                "post": _op(
                    "Host: how many seconds the stream overlay shows the game late", 200,
                    {"type": "object", "required": ["delay"],
                     "properties": {"delay": {"type": "integer"}}},
                    _HOST, (_CODE,), body=strict({"delay": {"type": "integer", "minimum": 0,
                                                           "maximum": 120}}, ("delay",)),
                    auth=True)},
            g + "/host-hero": {"post": _op(
                "Host: play along with a hero of their own, joined as a phone joins; asked "
                "again, the same hero under a new secret", 200,
                {"type": "object", "required": ["player", "secret", "path", "returning"],
                 "properties": {"player": OBJ, "secret": {"type": "string"},
                                "path": {"type": "string"},
                                "returning": {"type": "boolean"}}},
                _HOST, (_CODE,), body=strict({"name": {"type": "string"}}), auth=True)},
            g + "/cohost": {"post": _op(
                "Host: the co-host link for a helper who moderates (renew: a new key, the "
                "old link no longer works)", 200,
                {"type": "object", "required": ["secret", "path", "renewed"],
                 "properties": {"secret": {"type": "string"}, "path": {"type": "string"},
                                "renewed": {"type": "boolean"}}},
                _HOST, (_CODE,), body=strict({"renew": {"type": "boolean"}}), auth=True)},
            g + "/players/{player_id}/paper/approve": {"post": _op(
                "Host: approve a paper player's pending sheet as it was sent", 200,
                ref("PaperReply"), _HOST, (_CODE, _PID), body=strict({}), auth=True)},
            g + "/players/{player_id}/paper/link": {"post": _op(
                "Host: a paper hero's own link to enter their sheet (renew: a new key)", 200,
                {"type": "object", "required": ["player", "secret", "path", "renewed"],
                 "properties": {"player": OBJ, "secret": {"type": "string"},
                                "path": {"type": "string"}, "renewed": {"type": "boolean"}}},
                _HOST, (_CODE, _PID), body=strict({"renew": {"type": "boolean"}}), auth=True)},
            g + "/paper/close": {"post": _op(
                "Host: close paper entry after the end; the results become final", 200,
                {"type": "object", "required": ["code", "paper_closed_at", "final"],
                 "properties": {"code": {"type": "string"},
                                "paper_closed_at": {"type": "number"},
                                "final": {"type": "boolean"}}},
                _HOST, (_CODE,), body=strict({}), auth=True)},
            g + "/paper/check": {"post": _op(
                "Paper entry page: replay a draft sheet, try one more mark (stores nothing)",
                200, {"type": "object", "required": ["draft", "sheet", "accepted", "error"],
                      "properties": {"draft": ref("PaperSheet"), "sheet": OBJ,
                                     "accepted": {"type": "boolean"},
                                     "error": {"type": ["object", "null"]},
                                     "rolled": {"type": "integer"},
                                     "status": {"type": "string"},
                                     "open_until": {"type": ["number", "null"]},
                                     "open": {"type": "boolean"}}},
                (400, 403, 404, 413, 422), (_CODE,), body=strict({
                    "superpower": {"type": ["integer", "null"]},
                    "rounds": {"type": "array", "items": {"type": "array",
                                                          "items": ref("Action")}},
                    "try": ref("Action"), "check": {"type": "boolean"}}))},
            "/api/editions/{name}": {"get": _op(
                "The printed sheet of an edition", 200, OBJ, (404,),
                ({"name": "name", "in": "path", "required": True,
                  "schema": {"type": "string"}},))},
            "/api/openapi.json": {"get": _op("This document", 200, OBJ, ())},
        },
    }


@bp.get("/openapi.json")
def openapi() -> Response:
    """The OpenAPI document, encoded once per process: it never changes while the server runs,
    and building it was 8% of the server's samples under bench_mixed's hostile loads (any
    address may ask for it as often as its read limit lets it)."""
    return Response(_encoded(), mimetype="application/json")


@cache
def _encoded() -> bytes:
    return jsonify(document()).get_data()


def init_app(app: Flask) -> None:
    """Serve the document."""
    app.register_blueprint(bp)
