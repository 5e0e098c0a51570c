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
from dicehero.engine.par import ParDecision, ParGame, par_game, par_round
from dicehero.engine.phrase import phrase, to_json
from dicehero.engine.replay import Replay

PAR_SEED = 0


def _decision(edition: Edition, before: Sheet, d: ParDecision) -> dict[str, Any]:
    """One of par's decisions as a person reads it: which die, what it did where, and why
    (``what`` and ``reason`` as phrases, :func:`dicehero.engine.phrase.to_json`)."""
    a = d.action
    where = a.to if a.type == "move" else before.position if a.type in ("help", "minion") \
        else None
    value = (a.value if a.wild else before.dice[a.die].value if a.die is not None
             and a.die < len(before.dice) else None)
    place = edition.locations[where - 1].name if where else None
    return {"action": a.to_dict(), "die": None if a.wild else a.die, "wild": a.wild,
            "value": value, "type": a.type, "location": place,
            "what": to_json(phrase(f"did_{a.type}", place=place)),
            "reason": to_json(d.reason)}  # phrases: worded where they are shown


class _Met:
    """A replay's observer that keeps the sheet each action met (to describe par's
    decisions against it) and, for a whole game, tells ``uses`` what each die did."""

    def __init__(self, uses: DieUses | None = None) -> None:
        self.sheets: list[Sheet] = []
        self.uses = uses

    def __call__(self, before: Sheet, action: Action, after: Sheet) -> None:
        self.sheets.append(before)
        if self.uses is not None:
            self.uses(before, action, after)


def _play(replay: Replay, met: _Met, decisions: Sequence[ParDecision]) -> list[dict[str, Any]]:
    """Apply par's decisions to its sheet (``replay``, watched by ``met``); each one
    described against the sheet it met."""
    # A choice made before the round began (ParGame.superpower) is not made again.
    played = [d for d in decisions
              if d.action.type != "choose" or replay.sheet.superpower is None]
    met.sheets.clear()
    replay.play(d.action for d in played)
    return [_decision(before.edition, before, d)
            for before, d in zip(met.sheets, played, strict=True)
            if d.action.type != "done"]  # ending the round is no choice to show


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
    known = next((_games[_key(edition, offer, rolls[:k])] for k in range(len(rolls), 0, -1)
                  if _key(edition, offer, rolls[:k]) in _games), None)
    par = par_game(edition, tuple(offer), [list(r) for r in rolls], seed=PAR_SEED, known=known)
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
    met = _Met(uses)
    replay = Replay(new_sheet(edition, offer), observer=met)
    if par.sheet.superpower is not None:
        replay.act(Action("choose", superpower=par.sheet.superpower))
    rounds = []
    for r in par.rounds:
        replay.roll(r.dice)
        decisions = _play(replay, met, r.decisions)
        rounds.append({"number": r.number, "dice": list(r.dice), "total": r.total,
                       "decisions": decisions,
                       "uses": [list(u) for u in uses.of_round(r.number, len(r.dice))]})
    return {"rolls": len(rolls), "superpower": par.sheet.superpower, "total": par.total,
            "score": score(par.sheet).to_dict(), "rounds": rounds}


def round_job(edition_name: str, sheet: dict[str, Any]) -> dict:
    """What par would do with the open round of ``sheet`` (a player's, for coaching)."""
    edition = load_edition(edition_name)
    start = Sheet.from_dict(edition, sheet)
    met = _Met()
    replay = Replay(start, observer=met)
    decisions = _play(replay, met, par_round(start, seed=PAR_SEED))
    return {"round": start.round, "decisions": decisions,
            "honor": score(replay.sheet).total - score(start).total}


JOBS = {"game": game_job, "round": round_job}
