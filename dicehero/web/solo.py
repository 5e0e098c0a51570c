"""Solo play in the browser: the engine on the server is the only copy of the rules.

Solo is stateless on the server. The browser keeps the game (which dice, the
superpower offer's source, and the list of actions) in localStorage and posts
it to ``/api/solo/state``; the server replays it through the engine and answers
with the sheet, so a tampered or stale list is refused like any illegal action.

Dice come from a key: ``daily:YYYY-MM-DD`` (the same dice for everyone on that
date) or ``seed:<hex>`` (a random game); :mod:`dicehero.engine.dice` says how
anyone can re-derive them.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
from typing import Any

from flask import Blueprint, Response, render_template
from flask_babel import format_date, gettext

from dicehero.editions import load_edition
from dicehero.engine import new_sheet, score
from dicehero.engine.actions import Action
from dicehero.engine.dice import solo_dice
from dicehero.engine.edition import Edition
from dicehero.engine.locations import filled, kind_of
from dicehero.engine.phrase import from_json
from dicehero.engine.replay import IllegalAction, Observer, Replay
from dicehero.engine.state import Sheet
from dicehero.engine.view import sheet_view
from dicehero.i18n import N_
from dicehero.store.errors import Refusal
from dicehero.store.par_work import ParWork
from dicehero.web import games
from dicehero.web.errors import ApiError, said_phrase
from dicehero.web.guard import client_address, limit, too_many
from dicehero.web.language import edition_shown
from dicehero.web.request import body

bp = Blueprint("solo", __name__)

MAX_ACTIONS = 600  # ten rounds need about 60; undo steps count too
_SEED = re.compile(r"^[0-9a-f]{8,64}$")


def dice_for(key: str, edition: Edition) -> tuple[tuple[int, int], list[list[int]]]:
    """The superpower offer and every round's dice for a solo key."""
    return solo_dice(key, edition.rounds, edition.dice_per_round, edition.faces)


def solo_key(data: Any) -> str:
    """The dice key a request names; :class:`ApiError` 400 if it names none."""
    mode = data.get("mode")
    if mode == "daily":
        raw = data.get("date")
        try:
            day = dt.date.fromisoformat(raw) if isinstance(raw, str) and len(raw) == 10 else None
        except ValueError:
            day = None
        if day is None:
            raise ApiError(Refusal.MALFORMED, "bad_date",
                           N_("The daily challenge needs a date like 2025-01-31."))
        if day > dt.date.today() + dt.timedelta(days=1):
            raise ApiError(Refusal.MALFORMED, "future_date",
                           N_("That day's challenge is not out yet."))
        return f"daily:{day.isoformat()}"
    if mode == "random":
        seed = data.get("seed")
        if not isinstance(seed, str) or not _SEED.match(seed):
            raise ApiError(Refusal.MALFORMED, "bad_seed",
                           N_("A random game needs a seed of 8 to 64 hexadecimal digits."))
        return f"seed:{seed}"
    raise ApiError(Refusal.MALFORMED, "bad_mode",
                   N_("Choose the daily challenge or a random game."))


def replay(edition: Edition, key: str, actions: list[Any],
           observer: Observer | None = None) -> Replay:
    """The game after ``actions``; the next round is rolled as soon as one is done."""
    offer, rolls = dice_for(key, edition)
    game = Replay(new_sheet(edition, offer), observer=observer)
    game.roll(rolls[0])
    try:
        game.play(actions, rolls)
    except IllegalAction as e:
        raise ApiError(Refusal.MALFORMED, "bad_log",
                       # Translators: %(n)s is the action's place in the saved game, counted
                       # from 1; %(why)s is the refusal.
                       N_("Saved action %(n)s is not allowed: %(why)s"), n=(e.index or 0) + 1,
                       why=e.phrase) from None
    return game


# One mark per location, in sheet order, as the daily word games share their rows.
EMPTY, PART, FULL = "\u2b1c", "\U0001f7e8", "\U0001f7e9"  # white, yellow, green squares


def location_marks(sheet: Sheet) -> str:
    """A row of marks, one per location: nothing filled, some, or all of it. It tells how a
    game went without giving away the dice or where they went."""
    row = []
    for loc, marks in zip(sheet.edition.locations, sheet.marks, strict=True):
        done = filled(loc, marks)
        row.append(FULL if done == kind_of(loc).size(loc) else PART if done else EMPTY)
    return "".join(row)


def share_text(key: str, sheet: Sheet, practice: bool = False) -> str:
    """The spoiler-free line a finished solo game shares: which game, the Honor, the marks;
    in the player's language (the day stays as the challenge names it: 2026-11-28)."""
    honor = score(sheet).total
    if not key.startswith("daily:"):
        line = gettext("Super Dice Heroes · Solo game · %(honor)s Honor", honor=honor)
    elif practice:
        # Translators: %(date)s is the day's challenge, written 2026-11-28; %(honor)s a score.
        line = gettext("Super Dice Heroes · Daily %(date)s (practice) · %(honor)s Honor",
                       date=key.split(":", 1)[1], honor=honor)
    else:
        # Translators: %(date)s is the day's challenge, written 2026-11-28; %(honor)s a score.
        line = gettext("Super Dice Heroes · Daily %(date)s · %(honor)s Honor",
                       date=key.split(":", 1)[1], honor=honor)
    return f"{line}\n{location_marks(sheet)}"


@bp.get("/solo")
def page() -> str:
    """The solo page: the sheet, drawn from the edition, and the solo script."""
    edition = load_edition()
    today = dt.date.today()
    return render_template("solo.html", edition=edition_shown(edition),
                           today=today.isoformat(), today_shown=format_date(today, "long"))


def _actions(data: Any) -> list[Any]:
    actions = data.get("actions", [])
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        raise ApiError(Refusal.MALFORMED, "bad_log",
                       N_("'actions' must be a list of at most %(most)s actions."),
                       most=MAX_ACTIONS)
    return actions


@bp.post("/api/solo/state")
def state() -> dict[str, Any]:
    """Replay a solo game, then try one more action; the sheet and any refusal."""
    data = body()  # the API's one reading of a body: 400 bad_json, 413 too big
    key = solo_key(data)
    actions = _actions(data)
    practice = data.get("practice", False)
    if not isinstance(practice, bool):
        raise ApiError(Refusal.MALFORMED, "bad_practice",
                       N_("'practice' is true (a daily game played again) or false."))
    edition = load_edition()
    game = replay(edition, key, actions)
    sheet = game.sheet
    error = None
    accepted = False
    attempt = data.get("try")
    if attempt is not None:
        try:
            after = game.act_then_roll(attempt, dice_for(key, edition)[1])
            accepted = True
            # A check only asks whether the action would be allowed; the game stays as it was.
            if not data.get("check"):
                sheet = after
        except IllegalAction as e:
            # a fresh tap: the engine's own words, no place
            error = {"code": e.error.code, "message": said_phrase(e.error)}
    view = sheet_view(sheet)
    out: dict[str, Any] = {"key": key, "sheet": view, "accepted": accepted, "error": error}
    if sheet.finished:
        out["share"] = share_text(key, sheet, practice)
    return out


class RoundStarts:
    """A replay's observer that keeps each round's sheet as the hero began to play it: after
    the superpower choice, before the first die (what par is asked about, for coaching)."""

    def __init__(self) -> None:
        self.sheets: dict[int, Sheet] = {}

    def __call__(self, before: Sheet, action: Action, after: Sheet) -> None:
        if action.type != "choose" and before.round not in self.sheets:
            self.sheets[before.round] = before


def _par_status(work: ParWork, key: Any) -> tuple[str, dict[str, Any] | None]:
    result = work.result(key)
    if result is None:
        return "working", None
    if result.error is not None:
        return "failed", None
    return "ready", result.answer


@bp.post("/api/solo/par")
def par() -> dict[str, Any] | Response:
    """Par for a solo game's dice (the number to beat); its breakdown once the game is over;
    with ``round``, what par would have done in that round, from the hero's own sheet."""
    data = body()
    extra = set(data) - {"mode", "date", "seed", "actions", "round"}
    if extra:
        raise ApiError(Refusal.MALFORMED, "bad_field",
                       N_("Unknown field %(fields)s; expected mode, date or seed, actions and "
                          "round."), fields=", ".join(sorted(extra)))
    key = solo_key(data)
    actions = _actions(data)
    number = data.get("round")
    if number is not None and (isinstance(number, bool) or not isinstance(number, int)):
        raise ApiError(Refusal.MALFORMED, "bad_round", N_("'round' is a round number, like 3."))
    edition = load_edition()
    starts = RoundStarts()
    sheet = replay(edition, key, actions, observer=starts).sheet
    work = games().par_work
    offer, rolls = dice_for(key, edition)
    try:
        _ask(work, ("solo", key), lambda: (0, ("game", {"edition_name": edition.name,
                                                         "offer": list(offer),
                                                         "rolls": rolls})))
        status, answer = _par_status(work, ("solo", key))
        out: dict[str, Any] = {"key": key, "par": {
            "status": status, "total": answer["total"] if answer else None}}
        if answer and sheet.finished:
            out["par"]["score"] = answer["score"]
        if number is not None:
            out["coach"] = _coach(work, edition, key, sheet, starts, number)
    except _Flood as e:
        return too_many(e.wait, N_("Too many new questions for the Coach from here; try again "
                                   "in %(s)s s."))
    return out


class _Flood(Exception):
    """An asker over its allowance of new par searches (seconds to wait)."""

    def __init__(self, wait: float) -> None:
        super().__init__(wait)
        self.wait = wait


def _ask(work: ParWork, key: Any, make_job: Any) -> None:
    """Ask par for ``key``; a search not yet asked for counts against the address's
    allowance (fresh seeds cost a search each: a flood of them would keep a real
    player's par "being worked out"), and waits in the pool behind that address's other
    asks only, whatever another address asks."""
    address = client_address()
    if work.result(key) is None and not work.pending(key):
        wait = limit("solo_par_new", address)
        if wait:
            raise _Flood(wait)
    work.ask(key, make_job, fair_key=("address", address))


def _coach(work: ParWork, edition: Edition, key: str, sheet: Sheet, starts: RoundStarts,
           number: int) -> dict[str, Any]:
    """What par would do with round ``number`` of this hero's game, once they played it."""
    played = number < sheet.round or (number == sheet.round and sheet.finished)
    if not 1 <= number <= edition.rounds or not played:
        raise ApiError(Refusal.NOT_NOW, "round_not_played",
                       N_("Play round %(round)s first: the Coach's advice comes after you have "
                          "played the round."), round=number)
    # Every played round has an action (its "done" at least): its sheet was kept.
    wanted = starts.sheets[number].to_dict()
    coach_key = ("coach", hashlib.sha256(json.dumps(wanted, sort_keys=True).encode()).digest())
    _ask(work, coach_key,
         lambda: (0, ("round", {"edition_name": edition.name, "sheet": wanted})))
    status, answer = _par_status(work, coach_key)
    if answer is None:
        return {"round": number, "status": status}
    decisions = [{**d, "what": said_phrase(from_json(d["what"])),
                  "reason": said_phrase(from_json(d["reason"]))} for d in answer["decisions"]]
    return {"round": number, "status": status, **answer, "decisions": decisions}
