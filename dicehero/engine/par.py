"""Par: a strong bot that plays the class's own dice knowing only what a player knows.

The par bot sees its sheet (the dice of the open round included) and its superpower
offer, never a roll still to come: :func:`par_round` is given a sheet and nothing else,
and :func:`par_game` hands it the rolls one at a time, so par over the first k rolls is
the first k rounds of par over all of them. Each decision carries a reason in plain words
for the coaching screen.

How it plays: a beam search finds the few best ways to end the round, valued by the
score plus a guess at what half-done work, Wild dice and superpower uses in hand are
worth (:class:`~dicehero.engine.par_search.Heuristic`), and the best way to end it at a
few more locations (where the hero stands decides what the next roll can do). Each is
then played against the same sampled next rolls by a shorter search, and the end that
does best on average wins. The samples come from a ``random.Random`` seeded with the
bot's seed and the round number: par is repeatable, and the real next roll is never
among its inputs.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from dicehero.engine.actions import Action
from dicehero.engine.dice import derive_offer
from dicehero.engine.edition import Edition
from dicehero.engine.par_reasons import reason
from dicehero.engine.par_search import Heuristic, Plan, round_plans, rounds_left
from dicehero.engine.phrase import Phrase
from dicehero.engine.planning import prefer_superpower
from dicehero.engine.replay import Replay
from dicehero.engine.rules import start_round
from dicehero.engine.scoring import score
from dicehero.engine.state import Sheet, new_sheet


@dataclass(frozen=True)
class ParDecision:
    """One action the par bot took, and why, in words shown to a child."""

    action: Action
    reason: Phrase


class Reasons:
    """A replay's observer that gives each action it accepts its reason, for the
    coaching screen: par's decisions as they are played."""

    def __init__(self) -> None:
        self._decisions: list[ParDecision] = []

    def __call__(self, before: Sheet, action: Action, after: Sheet) -> None:
        self._decisions.append(ParDecision(action, reason(before, action, after)))

    def played(self) -> tuple[ParDecision, ...]:
        """The decisions played since this was last asked (then forgotten)."""
        out = tuple(self._decisions)
        self._decisions.clear()
        return out


@dataclass(frozen=True)
class ParRound:
    """Par's play of one round: the round's number (from 1), its dice, each decision
    (ending with ``done``) and par's running total after it."""

    number: int
    dice: tuple[int, ...]
    decisions: tuple[ParDecision, ...]
    total: int


@dataclass(frozen=True)
class ParGame:
    """Par over a game's rolls: the superpower it chose (a number of the offer, ``None``
    with no offer), each round, its final sheet and total."""

    superpower: int | None
    rounds: tuple[ParRound, ...]
    sheet: Sheet
    total: int


@dataclass(frozen=True)
class ParBot:
    """The par bot as a :class:`~dicehero.engine.bots.Bot`: deterministic for its seed."""

    seed: int = 0
    # Measured over 40 games against greedy (ratio, decision CPU time): a beam of 1 for
    # the sampled rolls plays far worse (1.12), more candidates or samples gain nothing.
    candidates: int = 5  # the best ends of the round
    spread: int = 3  # and the best ends at this many other locations
    samples: int = 8  # next rolls sampled per decision, the same for every candidate
    screen: int = 3  # how many of them every candidate meets
    finalists: int = 3  # how many candidates meet the rest
    width: int = 2  # beam width of the search answering each sampled roll

    def choose(self, sheet: Sheet) -> Action:
        """The offered superpower par prefers (the greedy bot's preference)."""
        return prefer_superpower(sheet)

    def decide(self, sheet: Sheet) -> tuple[ParDecision, ...]:
        """Par's actions for the open round, each with its reason, ending with ``done``."""
        reasons = Reasons()
        Replay(sheet, observer=reasons).play((*self._plan(sheet), Action("done")))
        return reasons.played()

    def _plan(self, sheet: Sheet) -> Plan:
        """The round's plan whose end does best, on average, against sampled next rolls.

        Every candidate meets the first few rolls; the best few then meet the rest (the
        same rolls for all, so luck does not pick the winner).
        """
        value = Heuristic()
        options = round_plans(sheet, value, keep=self.candidates, spread=self.spread)
        if len(options) == 1 or rounds_left(sheet) <= 0:
            return options[0][2]
        ed = sheet.edition
        rng = random.Random(f"par:{self.seed}:{sheet.round}")
        rolls = [[rng.randint(1, ed.faces) for _ in range(ed.dice_per_round)]
                 for _ in range(self.samples)]

        def worth(end: Sheet, dice: list[list[int]]) -> float:
            return sum(round_plans(start_round(end, d), value, self.width)[0][0] for d in dice)

        first = sorted(((worth(end, rolls[:self.screen]), i) for i, (_, end, _) in
                        enumerate(options)), key=lambda c: -c[0])[:self.finalists]
        best = max((total + worth(options[i][1], rolls[self.screen:]), -i)
                   for total, i in first)
        return options[-best[1]][2]

    def play_round(self, sheet: Sheet) -> list[Action]:
        """The actions for the open round, ending with ``done``."""
        return [d.action for d in self.decide(sheet)]


def par_round(sheet: Sheet, seed: int = 0) -> tuple[ParDecision, ...]:
    """The par bot's decisions for the open round of ``sheet`` (it sees only the sheet)."""
    return ParBot(seed).decide(sheet)


PAR_OFFER_LABEL = "offer:par"  # par's own two superpowers when every hero rolls their own


def par_offer(power_mode: str, table_offer: Sequence[int] | None, seed: str,
              faces: int) -> list[int]:
    """The superpowers par chooses from: the table's two (none if none was rolled), or when
    every hero rolls their own, par's own two off the game's seed, as a hero's are.

    The one answer for the host screen and for ``dicehero par`` on the game's export.
    """
    if power_mode == "each":
        return derive_offer(seed, PAR_OFFER_LABEL, faces)
    return list(table_offer or ())


def par_game(edition: Edition, offer: Sequence[int], rolls: Sequence[Sequence[int]],
             seed: int = 0, known: ParGame | None = None) -> ParGame:
    """Par on a game's own dice: round by round over the rolls given so far, never looking
    ahead.

    ``offer`` is the superpower offer (two numbers; empty for none); ``rolls`` may be
    fewer than the edition's rounds (a game still being played). Each roll is read only
    when its round starts, so par over the first k rolls (``known``, with this ``seed``)
    is the first k rounds of par over more: the rounds after them are all that is played.
    """
    bot = ParBot(seed)
    if known is None:
        steps = Replay(new_sheet(edition, offer), "Par")
        if offer:
            steps.act(bot.choose(steps.sheet))
        rounds = []
    else:
        steps, rounds = Replay(known.sheet, "Par"), list(known.rounds)
    for number in range(len(rounds) + 1, min(len(rolls), edition.rounds) + 1):
        sheet = steps.roll(rolls[number - 1])
        decisions = bot.decide(sheet)
        steps.play(d.action for d in decisions)
        rounds.append(ParRound(number, tuple(d.value for d in sheet.dice), decisions,
                               score(steps.sheet).total))
    final = steps.sheet
    return ParGame(final.superpower, tuple(rounds), final, score(final).total)
