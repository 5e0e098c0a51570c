"""The class's decision map: for each die of a round, how many heroes helped at each
location with it, moved with it (and where to), fought a Robot Minion or skipped it.

Read from the action log, anonymous (counts, never names), for the projector between
rounds and as a CSV after the game. Paper heroes are not counted (their sheets say what
they drew, not which die did what); a hero counts from the round they joined in.
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from dicehero.editions import load_edition
from dicehero.engine.decisions import HELP, MINION, MOVE, SKIP, DieUses
from dicehero.engine.fold import Fold
from dicehero.i18n import N_
from dicehero.store.errors import Refusal, StoreError
from dicehero.store.models import ActionRow, Game
from dicehero.store.paper import PAPER_DONE
from dicehero.store.par_desk import ParDesk
from dicehero.store.projection import player_offer


class DecisionDesk(ParDesk):
    """What the class did with each die."""

    def decisions(self, code: str, number: int) -> dict[str, Any]:
        """Round ``number``'s decision map (anyone in the room may see it: it names nobody)."""
        with self.store.read() as s:
            game = self._game(s, code)
            if not 1 <= number <= game.roll_count:
                raise StoreError(Refusal.NOT_FOUND, "no_such_round",
                                 N_("Round %(round)s has not been rolled: this game has rolled "
                                    "%(n)s."), round=number, n=game.roll_count)
            found = self._decision_maps(s, game, [number])[0]
            par = self._par_uses(s, game, number)
            for die, mark in zip(found["dice"], par or [None] * len(found["dice"]), strict=True):
                die["par"] = mark
            return found

    def decisions_csv(self, code: str) -> str:
        """Every rolled round's map as CSV: a row per die, a column per choice (counts)."""
        with self.store.read() as s:
            game = self._game(s, code)
            maps = self._decision_maps(s, game, list(range(1, game.roll_count + 1)))
            names = [loc.name for loc in load_edition(game.edition).locations]
        out = io.StringIO()
        w = csv.writer(out)
        w.writerow(["round", "die", "value", "heroes", *(f"help at {n}" for n in names),
                    *(f"move to {n}" for n in names), "minion", "skip"])
        for m in maps:
            for d in m["dice"]:
                w.writerow([m["round"], d["die"], d["value"], m["heroes"],
                            *(d[HELP].get(str(i), 0) for i in range(1, len(names) + 1)),
                            *(d[MOVE].get(str(i), 0) for i in range(1, len(names) + 1)),
                            d["minion"], d["skip"]])
        return out.getvalue()

    def _decision_maps(self, s: Session, game: Game, numbers: list[int]) -> list[dict[str, Any]]:
        if not numbers:
            return []
        edition = load_edition(game.edition)
        rolls = self._rolls(s, game)
        heroes = [p for p in self._active(s, game) if p.done_roll != PAPER_DONE]
        last = max(numbers)
        # The heroes' rows folded the way the store folds them; the fold tells each hero's
        # DieUses what every action did.
        seen = {p.id: DieUses() for p in heroes}
        log = Fold(edition, rolls=rolls)
        for p in heroes:
            log.join(p.id, player_offer(game, p.id, edition, p.offer_key), p.joined_roll,
                     seen[p.id])
        log.rows(row for row in s.execute(
            select(ActionRow.player_id, ActionRow.roll, ActionRow.action)
            .where(ActionRow.game_id == game.id, ActionRow.roll <= last)
            .order_by(ActionRow.id)) if row[0] in seen)
        tallies = {n: [{HELP: Counter(), MOVE: Counter(), MINION: 0, SKIP: 0}
                       for _ in rolls[n - 1]] for n in numbers}
        counted: Counter[int] = Counter()
        for p in heroes:
            for n in (n for n in numbers if p.joined_roll <= n):  # from the round they joined
                counted[n] += 1
                uses = seen[p.id].of_round(n, len(rolls[n - 1]))
                for tally, (use, where) in zip(tallies[n], uses, strict=True):
                    if use in (HELP, MOVE):
                        tally[use][str(where)] += 1
                    else:
                        tally[use] += 1
        return [{"round": n, "heroes": counted[n], "locations": [loc.name for loc in
                                                                 edition.locations],
                 "dice": [{"die": i + 1, "value": v, HELP: dict(t[HELP]),
                           MOVE: dict(t[MOVE]), MINION: t[MINION], SKIP: t[SKIP]}
                          for i, (v, t) in enumerate(zip(rolls[n - 1], tallies[n],
                                                         strict=True))]}
                for n in numbers]
