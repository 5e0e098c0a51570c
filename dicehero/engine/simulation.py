"""Whole games of bots on shared dice: for ``dicehero simulate``, balance and tests."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from dicehero.engine.actions import Action
from dicehero.engine.bots import Bot
from dicehero.engine.edition import Edition
from dicehero.engine.replay import Replay
from dicehero.engine.state import Sheet, new_sheet


def roll_offer(rng: random.Random, faces: int = 6) -> tuple[int, int]:
    """Two different numbers for the superpower choice (the rulebook's reroll until different)."""
    first = rng.randint(1, faces)
    second = rng.randint(1, faces)
    while second == first:
        second = rng.randint(1, faces)
    return first, second


def roll_dice(rng: random.Random, count: int, faces: int = 6) -> list[int]:
    """One round's dice."""
    return [rng.randint(1, faces) for _ in range(count)]


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


def play_game(edition: Edition, bots: Sequence[Bot], rng: random.Random) -> SimulatedGame:
    """Play every round of a game with ``bots`` on one shared stream of dice from ``rng``."""
    offer = roll_offer(rng, edition.faces)
    players = []
    for i, bot in enumerate(bots, start=1):
        steps = Replay(new_sheet(edition, offer), f"Bot {i}")
        steps.act(bot.choose(steps.sheet))
        players.append(SimulatedPlayer(steps.player, steps, []))
    rolls = []
    for _ in range(edition.rounds):
        dice = roll_dice(rng, edition.dice_per_round, edition.faces)
        rolls.append(dice)
        for bot, player in zip(bots, players, strict=True):
            actions = bot.play_round(player.replay.roll(dice))
            for action in actions:
                player.replay.act(action)
            player.rounds.append(actions)
    return SimulatedGame(edition, offer, rolls, players)
