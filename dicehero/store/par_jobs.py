"""The par bot's work as JSON in, JSON out: what the par worker process runs.

Every job is a pure function of public data (the edition, the superpower offer, the
dice rolled so far, a sheet), so its answer can be recomputed at any time and comes
out the same: nothing here needs storing to survive a restart. ``PAR_SEED`` fixes the
bot's own randomness, so par is one number for a game's dice, whoever asks.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from dicehero.editions import load_edition
from dicehero.engine import Action, Sheet, new_sheet, score
from dicehero.engine.decisions import DieUses
from dicehero.engine.edition import Edition
from dicehero.engine.par import ParDecision, ParGame, ParRound, par_game, par_round
from dicehero.engine.replay import Replay

PAR_SEED = 0


def _decision(edition: Edition, before: Sheet, d: ParDecision) -> dict[str, Any]:
    """One of par's decisions as a person reads it: which die, what it did where, and why."""
    a = d.action
    where = a.to if a.type == "move" else before.position if a.type in ("help", "minion") \
        else None
    value = (a.value if a.wild else before.dice[a.die].value if a.die is not None
             and a.die < len(before.dice) else None)
    place = edition.locations[where - 1].name if where else None
    return {"action": a.to_dict(), "die": None if a.wild else a.die, "wild": a.wild,
            "value": value, "type": a.type, "location": place,
            "what": _WHAT.get(a.type, a.type).format(place=place), "reason": d.reason}


# What a decision did, in words (``place`` is the location it happened at or went to).
_WHAT = {"move": "move to {place}", "help": "help at {place}",
         "minion": "fight a Robot Minion at {place}", "skip": "skip it",
         "power": "use the superpower on it", "choose": "choose the superpower"}


def _play(replay: Replay, decisions: Sequence[ParDecision]) -> list[dict[str, Any]]:
    """Apply par's decisions to its sheet; each one described against the sheet it met."""
    out = []
    for d in decisions:
        if d.action.type == "choose" and replay.sheet.superpower is not None:
            continue  # chosen before the round began (ParGame.superpower)
        before = replay.sheet
        replay.act(d.action)
        if d.action.type != "done":  # ending the round is no choice to show
            out.append(_decision(before.edition, before, d))
    return out


# Par over a game's rolls so far, by (edition, offer, rolls): the next roll's job goes on
# from here. Par never looks ahead, so par over k rolls is the first k rounds of par over
# k + 1 of them: each roll costs one round of search, not the whole game again.
_games: OrderedDict[tuple[Any, ...], ParGame] = OrderedDict()
GAMES_KEPT = 64


def _key(edition: Edition, offer: Sequence[int], rolls: Sequence[Sequence[int]]) -> tuple:
    return edition.name, tuple(offer), tuple(tuple(r) for r in rolls)


def par_so_far(edition: Edition, offer: Sequence[int],
               rolls: Sequence[Sequence[int]]) -> ParGame:
    """``par_game`` over ``rolls``, going on from the longest prefix worked out before."""
    known = next(((k, _games[_key(edition, offer, rolls[:k])])
                  for k in range(len(rolls), 0, -1)
                  if _key(edition, offer, rolls[:k]) in _games), None)
    if known is None:
        par = par_game(edition, tuple(offer), [list(r) for r in rolls], seed=PAR_SEED)
    else:
        done, par = known
        steps = Replay(par.sheet, "Par")
        rounds = list(par.rounds)
        for number in range(done + 1, min(len(rolls), edition.rounds) + 1):
            sheet = steps.roll(rolls[number - 1])
            decisions = par_round(sheet, seed=PAR_SEED)
            for d in decisions:
                steps.act(d.action)
            rounds.append(ParRound(number, tuple(d.value for d in sheet.dice), decisions,
                                   score(steps.sheet).total))
        par = ParGame(steps.sheet.superpower, tuple(rounds), steps.sheet,
                      score(steps.sheet).total)
    _games[_key(edition, offer, rolls)] = par
    _games.move_to_end(_key(edition, offer, rolls))
    while len(_games) > GAMES_KEPT:
        _games.popitem(last=False)
    return par


def game_job(edition_name: str, offer: Sequence[int], rolls: Sequence[Sequence[int]]) -> dict:
    """Par over the rolls so far: each round's decisions (with what each die did, in the
    decision map's terms) and running total, then par's final breakdown."""
    edition = load_edition(edition_name)
    par = par_so_far(edition, offer, rolls)
    uses = DieUses()
    replay = Replay(new_sheet(edition, offer), observer=uses)
    if par.sheet.superpower is not None:
        replay.act(Action("choose", superpower=par.sheet.superpower))
    rounds = []
    for r in par.rounds:
        replay.roll(r.dice)
        decisions = _play(replay, r.decisions)
        rounds.append({"number": r.number, "dice": list(r.dice), "total": r.total,
                       "decisions": decisions,
                       "uses": [list(u) for u in uses.of_round(r.number, len(r.dice))]})
    return {"rolls": len(rolls), "superpower": par.sheet.superpower, "total": par.total,
            "score": score(par.sheet).to_dict(), "rounds": rounds}


def round_job(edition_name: str, sheet: dict[str, Any]) -> dict:
    """What par would do with the open round of ``sheet`` (a player's, for coaching)."""
    edition = load_edition(edition_name)
    start = Sheet.from_dict(edition, sheet)
    replay = Replay(start)
    decisions = _play(replay, par_round(start, seed=PAR_SEED))
    return {"round": start.round, "decisions": decisions,
            "honor": score(replay.sheet).total - score(start).total}


JOBS = {"game": game_job, "round": round_job}
