"""The JSON API under ``/api``: games, players, rolls, actions, scores and exports.

Handlers only translate HTTP to :class:`dicehero.store.Games` calls and back;
who may do what, and every rule, is decided there and in the engine.
"""

from __future__ import annotations

from http import HTTPStatus
from typing import Any

from flask import Blueprint, Flask, Response, jsonify, make_response, request

from dicehero.i18n import N_
from dicehero.store.errors import Refusal
from dicehero.web import games
from dicehero.web.device import device_id
from dicehero.web.errors import ApiError, refusal_details, said, said_check
from dicehero.web.guard import client_address
from dicehero.web.language import current_language
from dicehero.web.request import bearer, body

bp = Blueprint("api", __name__, url_prefix="/api")

EDITION_FLAGS = ("0", "1", "false", "true", "no", "yes", "")  # ?edition= of a player's sheet


def _no_store(resp: Response) -> Response:
    resp.headers["Cache-Control"] = "no-store"
    return resp


@bp.post("/games")
def create_game() -> tuple[Response, int]:
    """Create a game; the reply holds the host secret (the only time it is shown)."""
    return _no_store(jsonify(games().create(body(), current_language()))), HTTPStatus.CREATED


@bp.get("/games/<code>")
def game_state(code: str) -> Response:
    """The whole current state of a game."""
    return _no_store(jsonify(games().state(code)))


@bp.get("/games/<code>/me")
def whoami(code: str) -> Response:
    """Whose secret this is."""
    return _no_store(jsonify(games().whoami(code, bearer())))


@bp.post("/games/<code>/players")
def join(code: str) -> tuple[Response, int]:
    """Join with a hero name; the reply holds the player secret.

    In "each" mode a browser (its device cookie, from the join page) that already
    holds a hero of the game gets it back (``returning: true``), so joining again
    cannot shop for another superpower offer.
    """
    reply = games().join(code, body(), device_id(), bearer(), address=client_address())
    return _no_store(jsonify(reply)), HTTPStatus.CREATED


@bp.post("/games/<code>/names")
def name_offers(code: str) -> Response:
    """The generated names this browser (its device cookie) may join with, in a game with
    names from the generator; made on first asking, the same ones after."""
    return _no_store(jsonify(games().name_offers(code, device_id(), body())))


@bp.get("/games/<code>/players/<int:player_id>")
def player(code: str, player_id: int) -> Response:
    """A player's sheet, legal uses of each die, score (and the edition unless ?edition=0)."""
    flag = request.args.get("edition", "1").strip().lower()
    if flag not in EDITION_FLAGS or len(request.args.getlist("edition")) > 1:
        raise ApiError(Refusal.MALFORMED, "bad_field",
                       N_("'edition' is 1 (send the edition) or 0 (leave it out)."))
    with_edition = flag not in ("0", "false", "no")
    return _no_store(jsonify(games().player_view(code, bearer(), player_id, with_edition)))


@bp.patch("/games/<code>/players/<int:player_id>")
def rename(code: str, player_id: int) -> Response:
    """Host or co-host: rename a player."""
    return jsonify(games().rename(code, bearer(), player_id, body()))


@bp.delete("/games/<code>/players/<int:player_id>")
def remove(code: str, player_id: int) -> Response:
    """Host or co-host: remove a player."""
    return jsonify(games().remove(code, bearer(), player_id))


@bp.post("/games/<code>/players/<int:player_id>/ban")
def ban(code: str, player_id: int) -> Response:
    """Host: remove a hero and keep their phone (and, if asked, their address) out."""
    return _no_store(jsonify(games().ban(code, bearer(), player_id, body())))


@bp.get("/games/<code>/room")
def room_settings(code: str) -> Response:
    """Host: the room's settings and the words hero names may not have."""
    return _no_store(jsonify(games().room_settings(code, bearer())))


@bp.get("/games/<code>/bans")
def bans(code: str) -> Response:
    """Host: the game's bans."""
    return _no_store(jsonify(games().bans(code, bearer())))


@bp.delete("/games/<code>/bans/<int:ban_id>")
def unban(code: str, ban_id: int) -> Response:
    """Host: lift a ban."""
    return _no_store(jsonify(games().unban(code, bearer(), ban_id)))


@bp.put("/games/<code>/players/<int:player_id>/settings")
def hero_settings(code: str, player_id: int) -> Response:
    """The hero (screen settings), the host or a co-host (extra time too): change settings."""
    return _no_store(jsonify(games().set_hero_settings(code, bearer(), player_id, body())))


@bp.get("/games/<code>/settings")
def all_hero_settings(code: str) -> Response:
    """Host or co-host: every hero's settings."""
    return _no_store(jsonify(games().all_hero_settings(code, bearer())))


@bp.post("/games/<code>/players/<int:player_id>/actions")
def act(code: str, player_id: int) -> Response:
    """The player: one engine action answering one roll, with an idempotency key."""
    reply, repeated = games().act(code, bearer(), player_id, body())
    resp = _no_store(jsonify(reply))
    if repeated:
        resp.headers["Idempotent-Replayed"] = "true"
    return resp


@bp.get("/games/<code>/players/<int:player_id>/paper")
def paper_get(code: str, player_id: int) -> Response:
    """A paper player's sheet as last sent, with score and rank (them or the host)."""
    return _no_store(jsonify(_said_check(games().paper_sheet(code, bearer(), player_id))))


@bp.put("/games/<code>/players/<int:player_id>/paper")
def paper_put(code: str, player_id: int) -> Response:
    """A paper player's whole sheet, checked over the game's rolls; replaces the last one.
    202 while a sheet sent by its marks is still being checked (the verdict comes as an
    event and on the next read)."""
    reply = _said_check(games().paper_submit(code, bearer(), player_id, body()))
    checking = (reply.get("checking") or {}).get("status") == "checking"
    return _no_store(make_response(jsonify(reply), 202 if checking else 200))


def _said_check(reply: dict[str, Any]) -> dict[str, Any]:
    """A paper reply with its sheet's refusal after the check in the reader's language."""
    return {**reply, "checking": said_check(reply.get("checking"))}


@bp.post("/games/<code>/players/<int:player_id>/paper/link")
def paper_link(code: str, player_id: int) -> Response:
    """Host: a paper hero's own link to enter their sheet; ``{"renew": true}`` for a new one."""
    return _no_store(jsonify(games().paper_link(code, bearer(), player_id, body())))


@bp.post("/games/<code>/players/remove")
def remove_players(code: str) -> Response:
    """Host or co-host: remove heroes in bulk (by id, who joined in a burst, who never chose)."""
    return _no_store(jsonify(games().remove_many(code, bearer(), body())))


@bp.post("/games/<code>/roster")
def roster(code: str) -> Response:
    """Host or co-host: lock the roster (no one joins) or open it again."""
    return _no_store(jsonify(games().lock_roster(code, bearer(), body())))


@bp.post("/games/<code>/room")
def room(code: str) -> Response:
    """Host: the room's password (null: none) and whether it is a "stream" game."""
    return _no_store(jsonify(games().room(code, bearer(), body())))


@bp.post("/games/<code>/host-hero")
def host_hero(code: str) -> Response:
    """Host: play along with a hero of their own; the hero's link (asked again: a new one)."""
    return _no_store(jsonify(games().host_hero(code, bearer(), body())))


@bp.post("/games/<code>/cohost")
def cohost(code: str) -> Response:
    """Host: the co-host link (``{"renew": true}`` for a new one; the old one dies)."""
    return _no_store(jsonify(games().cohost_link(code, bearer(), body())))


@bp.post("/games/<code>/players/<int:player_id>/paper/approve")
def paper_approve(code: str, player_id: int) -> Response:
    """Host or co-host: approve a paper player's pending sheet as it was sent."""
    return _no_store(jsonify(games().paper_approve(code, bearer(), player_id, body())))


@bp.post("/games/<code>/paper/close")
def paper_close(code: str) -> Response:
    """Host: close paper entry after the end; the results become final."""
    return _no_store(jsonify(games().paper_close(code, bearer(), body())))


@bp.post("/games/<code>/paper/check")
def paper_check(code: str) -> Response:
    """The paper entry page: replay a draft sheet and try one more mark (stores nothing)."""
    out = games().paper_check(code, body())
    e = out["error"]
    if e is not None:  # a refused try: in the reader's language
        out["error"] = {**refusal_details(e.details), "code": e.code, "message": said(e)}
    return _no_store(jsonify(out))


@bp.post("/games/<code>/offer")
def offer(code: str) -> Response:
    """Host: roll (or type) the table's two superpower choices."""
    return jsonify(games().roll_offer(code, bearer(), body()))


@bp.post("/games/<code>/rolls")
def roll(code: str) -> tuple[Response, int]:
    """Host: the next round's dice (``{}`` to roll, ``{"dice": [...]}`` as typed)."""
    return jsonify(games().roll(code, bearer(), body())), HTTPStatus.CREATED


@bp.post("/games/<code>/finish")
def finish(code: str) -> Response:
    """Host: end the game; reveals the seed."""
    return jsonify(games().finish(code, bearer(), body()))


@bp.post("/games/<code>/timer")
def timer(code: str) -> Response:
    """Host: set or clear the round timer."""
    return jsonify(games().timer(code, bearer(), body()))


@bp.get("/games/<code>/scores")
def scores(code: str) -> Response:
    """The leaderboard with breakdowns."""
    return _no_store(jsonify(games().scores(code)))


@bp.get("/games/<code>/players/<int:player_id>/place")
def place(code: str, player_id: int) -> Response:
    """A hero's place as /scores ranks it, for their phone (issue 25): not the whole class."""
    return _no_store(jsonify(games().place(code, player_id)))


@bp.get("/games/<code>/export.json")
def export_json(code: str) -> Response:
    """The whole game as JSON (a download)."""
    data = games().export(code)
    resp = _no_store(jsonify(data))
    resp.headers["Content-Disposition"] = f'attachment; filename="dicehero-{data["code"]}.json"'
    return resp


@bp.get("/games/<code>/export.csv")
def export_csv(code: str) -> Response:
    """The leaderboard as CSV (a download)."""
    text = games().export_csv(code)
    resp = _no_store(Response(text, mimetype="text/csv"))
    name = code.strip().upper()
    resp.headers["Content-Disposition"] = f'attachment; filename="dicehero-{name}.csv"'
    return resp


@bp.get("/games/<code>/rounds/<int:number>/decisions")
def decisions(code: str, number: int) -> Response:
    """What the class did with each die of round ``number`` (counts, no names)."""
    return _no_store(jsonify(games().decisions(code, number)))


@bp.get("/games/<code>/decisions.csv")
def decisions_csv(code: str) -> Response:
    """Every rolled round's decision map as CSV (a download)."""
    resp = _no_store(Response(games().decisions_csv(code), mimetype="text/csv"))
    name = code.strip().upper()
    resp.headers["Content-Disposition"] = f'attachment; filename="dicehero-{name}-decisions.csv"'
    return resp


@bp.get("/games/<code>/overlay")
def overlay(code: str) -> Response:
    """What the stream overlay shows (public: no secret), and its delay."""
    return _no_store(jsonify(games().overlay(code)))


@bp.post("/games/<code>/overlay")
def overlay_delay(code: str) -> Response:
    """Host: the seconds the stream overlay shows the game late."""
    return _no_store(jsonify(games().set_overlay(code, bearer(), body())))


@bp.get("/editions/<name>")
def edition(name: str) -> Response:
    """The printed sheet of an edition."""
    return jsonify(games().edition(name))


def init_app(app: Flask) -> None:
    """Register the API and its settings (errors are mapped once, in :mod:`dicehero.web.errors`)."""
    app.register_blueprint(bp)
    app.extensions["dicehero.games"].paper_grace = float(
        app.config.get("PAPER_GRACE_SECONDS", 3600))
    desk = app.extensions["dicehero.games"]
    desk.paper_check_seconds = float(app.config.get("PAPER_CHECK_SECONDS", 10))
    desk.paper_answer_seconds = float(app.config.get("PAPER_ANSWER_SECONDS", 2))
    desk.paper_check_states = app.config.get("PAPER_CHECK_STATES")
    desk.pool.processes = int(app.config.get("WORK_PROCESSES", 1))
