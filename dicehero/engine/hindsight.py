"""The hindsight bound: the best score a search finds knowing every roll in advance.

No player can know the rolls to come, so this is not a fair opponent: it says how much
of a game's dice par (or a class) made use of. It is a beam search over rounds: each
sheet in the beam plays the next roll in its few best ways (and its best way to end
at each location), and the most promising sheets go on; the superpower is tried both
ways. It finds a good play, not always the best one, so the bound is a lower bound on
what these dice allow.
"""

from __future__ import annotations

from collections.abc import Sequence

from dicehero.engine.actions import Action
from dicehero.engine.edition import Edition
from dicehero.engine.par import ParGame, ParRound, Reasons
from dicehero.engine.par_search import Heuristic, Plan, end_key, round_plans
from dicehero.engine.replay import Replay
from dicehero.engine.rules import apply, start_round
from dicehero.engine.scoring import score
from dicehero.engine.state import Sheet, new_sheet


def hindsight_game(edition: Edition, offer: Sequence[int], rolls: Sequence[Sequence[int]],
                   beam: int = 16, keep: int = 3) -> ParGame:
    """The best play the search finds over all of ``rolls``, known from the start."""
    sheet = new_sheet(edition, offer)
    starts = [apply(sheet, Action("choose", superpower=n)) for n in offer] or [sheet]
    best: tuple[int, Sheet, tuple[Plan, ...]] | None = None
    for start in starts:
        found = _search(start, rolls, beam, keep)
        if best is None or found[0] > best[0]:
            best = found
    assert best is not None
    return _game(best[1], rolls, best[2])


def _search(start: Sheet, rolls: Sequence[Sequence[int]], beam: int,
            keep: int) -> tuple[int, Sheet, tuple[Plan, ...]]:
    """The best final sheet the beam reaches from ``start`` and its plans, round by round."""
    value = Heuristic()
    states: list[tuple[Sheet, tuple[Plan, ...]]] = [(start, ())]
    for dice in rolls:
        children: dict[tuple[object, ...], tuple[float, Sheet, tuple[Plan, ...]]] = {}
        for sheet, plans in states:
            for worth, end, plan in round_plans(start_round(sheet, dice), value, keep=keep,
                                                spread=len(start.edition.locations)):
                key = end_key(end)
                if key not in children or worth > children[key][0]:
                    children[key] = (worth, end, (*plans, plan))
        ranked = sorted(children.values(), key=lambda c: c[0], reverse=True)[:beam]
        states = [(end, plans) for _, end, plans in ranked]
    total, plans = max(((score(s).total, p) for s, p in states), key=lambda c: c[0])
    return total, start, plans


def _game(start: Sheet, rolls: Sequence[Sequence[int]], plans: tuple[Plan, ...]) -> ParGame:
    """The found play as a :class:`ParGame`, each action with its reason."""
    reasons = Reasons()
    steps = Replay(start, observer=reasons)
    rounds = []
    for number, (dice, plan) in enumerate(zip(rolls, plans, strict=True), start=1):
        steps.roll(dice)
        sheet = steps.play((*plan, Action("done")))
        rounds.append(ParRound(number, tuple(dice), reasons.played(), score(sheet).total))
    sheet = steps.sheet
    return ParGame(sheet.superpower, tuple(rounds), sheet, score(sheet).total)
