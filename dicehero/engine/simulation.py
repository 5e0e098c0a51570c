"""Whole games of bots on shared dice: for ``dicehero simulate``, balance and tests.

A simulated game's dice come from :mod:`dicehero.engine.dice`, the one place dice are
derived from a seed: the solo recipe keyed ``simulate:<seed>``, so a seeded simulation
plays the same game every time, on any machine. The bots' own choices draw on their own
``random.Random``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from dicehero.engine.actions import Action
from dicehero.engine.bots import BOTS, Bot
from dicehero.engine.dice import solo_dice
from dicehero.engine.edition import Edition
from dicehero.engine.par import ParBot
from dicehero.engine.replay import Replay
from dicehero.engine.state import Sheet, new_sheet

BOT_NAMES = (*sorted(BOTS), "par")
"""The bots a simulation can seat: ``random``, ``greedy`` and ``par``."""


def make_bot(name: str, rng: random.Random) -> Bot:
    """A bot of kind ``name`` whose choices are drawn from ``rng`` (par: seeded from it)."""
    if name == "par":
        return ParBot(rng.randrange(2**31))
    return BOTS[name](rng)


def simulated_dice(edition: Edition, seed: int) -> tuple[tuple[int, int], list[list[int]]]:
    """The superpower offer and every round's dice of the simulated game ``seed``."""
    # ":d" refuses anything but a whole number: a random.Random here would not repeat
    return solo_dice(f"simulate:{seed:d}", edition.rounds, edition.dice_per_round, edition.faces)


@dataclass
class SimulatedPlayer:
    """One bot's replay and every action it took, round by round."""

    name: str
    replay: Replay
    rounds: list[list[Action]]

    @property
    def sheet(self) -> Sheet:
        """The bot's sheet so far."""
        return self.replay.sheet


@dataclass
class SimulatedGame:
    """A finished game: the offer, every roll, every player."""

    edition: Edition
    offer: tuple[int, int]
    rolls: list[list[int]]
    players: list[SimulatedPlayer]

    def to_log(self) -> dict[str, Any]:
        """The game in the game-log format of ``docs/GAME-LOG.md``."""
        return {
            "edition": self.edition.name,
            "superpower_offer": list(self.offer),
            "rolls": self.rolls,
            "players": [{"name": p.name, "superpower": p.sheet.superpower,
                         "rounds": [[a.to_dict() for a in r] for r in p.rounds]}
                        for p in self.players],
        }


def play_game(edition: Edition, bots: Sequence[Bot], seed: int) -> SimulatedGame:
    """Play every round of a game with ``bots`` on the shared dice of game ``seed``."""
    offer, rolls = simulated_dice(edition, seed)
    players = []
    for i, bot in enumerate(bots, start=1):
        steps = Replay(new_sheet(edition, offer), f"Bot {i}")
        steps.act(bot.choose(steps.sheet))
        players.append(SimulatedPlayer(steps.player, steps, []))
    for dice in rolls:
        for bot, player in zip(bots, players, strict=True):
            actions = bot.play_round(player.replay.roll(dice))
            player.replay.play(actions)
            player.rounds.append(actions)
    return SimulatedGame(edition, offer, rolls, players)
