"""Bot players: a random legal player and a greedy planner, for simulation and balance.

Both only ever choose among the engine's legal actions, so they double as a
random-playout check of the rules. The randomness is a :class:`random.Random`
passed in, so every simulated game replays from its seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Protocol

from dicehero.engine.actions import Action
from dicehero.engine.locations import kind_of
from dicehero.engine.rules import apply, legal_actions, successors
from dicehero.engine.scoring import score
from dicehero.engine.state import Sheet

_SPEND = ("move", "help", "minion", "power")


class Bot(Protocol):
    """Anything that can pick a superpower and play a round."""

    def choose(self, sheet: Sheet) -> Action:
        """The ``choose`` action for the offered superpowers."""
        ...

    def play_round(self, sheet: Sheet) -> list[Action]:
        """The actions for the open round, ending with ``done``."""
        ...


def _spending_moves(sheet: Sheet) -> list[tuple[Action, Sheet]]:
    out: list[tuple[Action, Sheet]] = []
    for index, die in enumerate(sheet.dice):
        if not die.used:
            out += [(a, s) for a, s in successors(sheet, index) if a.type in _SPEND]
    if sheet.wild_left > 0:
        out += successors(sheet, wild=True)
    return out


@dataclass
class RandomBot:
    """Picks uniformly among legal actions; sometimes skips, sometimes stops early."""

    rng: random.Random = field(default_factory=random.Random)

    def choose(self, sheet: Sheet) -> Action:
        """Pick one of the offered superpowers at random."""
        return Action("choose", superpower=self.rng.choice(sorted(set(sheet.offer))))

    def play_round(self, sheet: Sheet) -> list[Action]:
        """Spend dice at random until none is left (or it feels like stopping)."""
        actions: list[Action] = []
        while True:
            options = [a for a in legal_actions(sheet) if a.type not in ("done", "undo")]
            if not options or self.rng.random() < 0.05:
                break
            action = self.rng.choice(options)
            sheet = apply(sheet, action)
            actions.append(action)
        actions.append(Action("done"))
        return actions


@dataclass
class GreedyBot:
    """Plans each round by beam search over the round's actions, valuing the sheet it reaches.

    The value is the score plus a guess at what partial work is worth; Wild dice
    and superpower uses held in hand are worth something, so they are spent only
    when that pays.
    """

    rng: random.Random = field(default_factory=random.Random)
    width: int = 4
    wild_worth: float = 3.0
    power_worth: float = 1.2

    def choose(self, sheet: Sheet) -> Action:
        """Prefer the superpowers that change dice the most freely."""
        preference = (5, 2, 4, 3, 6, 1)  # Shapeshift, Teleport, Fire, Ice, Grow, Shrink
        offered = set(sheet.offer)
        pick = next((n for n in preference if n in offered), min(offered))
        return Action("choose", superpower=pick)

    def play_round(self, sheet: Sheet) -> list[Action]:
        """The best sequence of actions found for this round, then ``done``."""
        best_value, best_plan = self.value(sheet), []
        beam: list[tuple[float, Sheet, list[Action]]] = [(best_value, sheet, [])]
        seen: set[tuple[object, ...]] = set()
        while beam:
            children: list[tuple[float, Sheet, list[Action]]] = []
            for _, state, plan in beam:
                for action, nxt in _spending_moves(state):
                    key = _key(nxt)
                    if key in seen:
                        continue
                    seen.add(key)
                    value = self.value(nxt) + self.rng.random() * 1e-6
                    children.append((value, nxt, [*plan, action]))
                    if value > best_value:
                        best_value, best_plan = value, [*plan, action]
            children.sort(key=lambda c: c[0], reverse=True)
            beam = children[:self.width]
        return [*best_plan, Action("done")]

    def value(self, sheet: Sheet) -> float:
        """Score now plus the estimated worth of partial progress and resources in hand."""
        total = float(score(sheet).total)
        for loc, marks in zip(sheet.edition.locations, sheet.marks, strict=True):
            total += kind_of(loc).potential(loc, marks)
        total += sheet.wild_left * self.wild_worth + sheet.powers_left * self.power_worth
        return total


def _key(sheet: Sheet) -> tuple[object, ...]:
    return (sheet.position, sheet.marks, sheet.minions, sheet.wild_spent, sheet.powers_used,
            tuple((d.value, d.used) for d in sheet.dice))


BOTS = {"random": RandomBot, "greedy": GreedyBot}
