"""A game's action log folded into every hero's sheet: the one loop over a stored log.

A game is its rolls, its heroes and an append-only log of rows ``(hero, roll, action)``:
an engine action answering roll number ``roll``, or a paper sheet
(:mod:`dicehero.engine.paper_rows`) that supersedes all the hero's rows before it. A
:class:`Fold` takes the game's events as they come (a roll, a hero joining) and its rows
in log order, whole (:meth:`Fold.rows` over the log) or a few at a time (the same call
over the rows written since), and keeps one :class:`~dicehero.engine.replay.Replay` per
hero, so a reader that wants more than the sheets (the decision map) gives a hero an
observer. The store maps its tables to these rows and back; docs/GAME-LOG.md describes
them.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from typing import Any

from dicehero.engine.edition import Edition
from dicehero.engine.paper_rows import is_paper_row, row_sheet
from dicehero.engine.replay import Observer, Replay
from dicehero.engine.state import new_sheet

Row = tuple[Hashable, int, Any]
"""One row of a game's log: the hero, the roll it answers, an action or a paper sheet."""


class Fold:
    """Every hero's :class:`Replay` of one game, brought up to date row by row.

    ``paper_offer`` is what a paper sheet's superpower was chosen from
    (:func:`~dicehero.engine.paper_rows.paper_offer`). ``rolls`` is the game's rolls so
    far; :meth:`roll` adds the next one.
    """

    __slots__ = ("edition", "heroes", "paper_offer", "rolls")

    def __init__(self, edition: Edition, paper_offer: Sequence[int] = (),
                 rolls: Iterable[Sequence[int]] = ()) -> None:
        self.edition = edition
        self.paper_offer = tuple(paper_offer)
        self.rolls: list[list[int]] = [list(dice) for dice in rolls]
        self.heroes: dict[Hashable, Replay] = {}

    def roll(self, dice: Sequence[int]) -> None:
        """The game's next roll: each hero's sheet meets it at their next row or read."""
        self.rolls.append(list(dice))

    def join(self, hero: Hashable, offer: Sequence[int], joined: int = 0,
             observer: Observer | None = None) -> Replay:
        """A hero joins before roll ``joined`` (the rounds before it are missed), choosing
        their superpower from ``offer``; ``observer`` is told of each action they take."""
        steps = self.heroes[hero] = Replay(new_sheet(self.edition, offer), observer=observer,
                                           joined=joined)
        return steps

    def rows(self, rows: Iterable[Row]) -> None:
        """Each row in log order: an action after the rolls up to the one it answers, or a
        paper sheet in place of all the hero's rows before it.

        The first action the rules refuse raises
        :class:`~dicehero.engine.replay.IllegalAction`; the rows before it stay folded.
        """
        heroes, rolls = self.heroes, self.rolls
        for hero, roll, action in rows:
            steps = heroes[hero]
            if is_paper_row(action):
                steps.supersede(row_sheet(self.edition, self.paper_offer, rolls, action))
                steps.catch_up(rolls, roll)
            else:
                steps.take(roll, action, rolls)

    def hero(self, hero: Hashable) -> Replay:
        """The hero's replay brought up to the latest roll."""
        steps = self.heroes[hero]
        steps.catch_up(self.rolls, len(self.rolls))
        return steps

