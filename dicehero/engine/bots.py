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
from dicehero.engine.planning import beam_search, prefer_superpower
from dicehero.engine.rules import apply, legal_actions
from dicehero.engine.scoring import score
from dicehero.engine.state import Sheet


class Bot(Protocol):
    """Anything that can pick a superpower and play a round."""

    def choose(self, sheet: Sheet) -> Action:
        """The ``choose`` action for the offered superpowers."""
        ...

    def play_round(self, sheet: Sheet) -> list[Action]:
        """The actions for the open round, ending with ``done``."""
        ...


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
        return prefer_superpower(sheet)

    def play_round(self, sheet: Sheet) -> list[Action]:
        """The best sequence of actions found for this round, then ``done``."""
        best_value, best_plan = self.value(sheet), ()

        def noisy(state: Sheet) -> float:  # ties broken at random, from the bot's own rng
            return self.value(state) + self.rng.random() * 1e-6

        for value, _, plan in beam_search(sheet, noisy, self.width, _key):
            if value > best_value:
                best_value, best_plan = value, plan
        return [*best_plan, Action("done")]

    def value(self, sheet: Sheet) -> float:
        """Score now plus the estimated worth of partial progress and resources in hand."""
        total = float(score(sheet).total)
        for loc, marks in zip(sheet.edition.locations, sheet.marks, strict=True):
            total += kind_of(loc).potential(loc, marks)
        total += sheet.wild_left * self.wild_worth + sheet.powers_left * self.power_worth
        return total


def _key(sheet: Sheet) -> tuple[object, ...]:
    """A sheet mid-round, which die did what included (the par bot's key leaves that out:
    this one keeps the greedy bot's games as they have always been played)."""
    return (sheet.position, sheet.marks, sheet.minions, sheet.wild_spent, sheet.powers_used,
            tuple((d.value, d.used) for d in sheet.dice))


BOTS = {"random": RandomBot, "greedy": GreedyBot}
