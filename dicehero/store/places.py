"""A hero's own place, read by their phone between rounds and at the end (issue 25).

The phone used to read ``/scores`` (the whole class) for one line; this read gives that
line and no more: the hero's rank among the heroes who take a place, how many they are,
the top of the board for the end screen, and whether the results are final. It ranks as
``/scores`` does (equal totals share a rank; a paper sheet waiting for the host takes no
place) from the game's kept ranking (:mod:`dicehero.store.standings`).
"""

from __future__ import annotations

import heapq
from collections.abc import Hashable
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from dicehero.engine import Sheet
from dicehero.store.actions import ActionDesk
from dicehero.store.hero_settings import ranks_hidden
from dicehero.store.models import Game, Player
from dicehero.store.paper import PAPER_DONE
from dicehero.store.paper_desk import PaperDesk
from dicehero.store.par_desk import ParDesk
from dicehero.store.projection import GameFold
from dicehero.store.standings import TOP, Ranking


class PlaceDesk(ActionDesk, PaperDesk, ParDesk):
    """Reading one hero's place: on its own, or with the hero's sheet read."""

    def _read_with_sheet(self, s: Session, game: Game, player: Player, fold: GameFold
                         ) -> dict[str, Any]:
        """A hero done with the round (or the game over) gets their place with their sheet:
        the read their phone makes after Done says it, with no request more."""
        if game.status == "over" or 0 < game.roll_count <= player.done_roll:
            return {"place": self._place(s, game, player, fold)}
        return {}

    def place(self, code: str, player_id: int) -> dict[str, Any]:
        """Hero ``player_id``'s place now (public, as ``/scores`` is; nothing while the host
        keeps ranks for the end, not even the hero's total, from which ranks follow)."""
        with self.store.read() as s:
            game, player = self._game_and_player(s, code, player_id)
            return self._place(s, game, player, self._fold(s, game, (player.id,)))

    def _place(self, s: Session, game: Game, player: Player, fold: GameFold) -> dict[str, Any]:
        """The hero's place, from the game's kept ranking (``fold``: refreshed already)."""
        hidden = ranks_hidden(game)
        hard = (game.status, hidden, game.roll_count)
        soft = (game.last_event_id, fold.last_action_id, fold.last_player_id)
        ranking = self.standings.get(game.id, hard, soft, game.status != "over",
                                     lambda kept: self._ranking(s, game, hard, soft, kept))
        with fold.lock:
            pf = fold.fold(player.id)
            total = ranking.total(player.id, pf.sheet)
            placed = pf.checked and not player.removed
        rank, of = ranking.rank(player.id, total)
        if not placed:
            rank, of = None, len(ranking.totals) - (player.id in ranking.totals)
        provisional = bool(ranking.waiting) or (game.status == "over" and ranking.paper
                                                and self._paper_open(game))
        out = {"player_id": player.id, "status": game.status, "roll": game.roll_count,
               "ranks_hidden": hidden,
               "rank": None if hidden else rank, "of": of,
               "total": None if hidden else total,
               "top": [] if hidden else ranking.top,
               "to_check": ranking.waiting, "provisional": provisional,
               "final": game.status == "over" and not provisional}
        if game.status == "over":  # par beside the hero on the end screen, as /scores says it
            par = out["par"] = self._par_json(s, game, [])
            if "score" in par:
                par["beaten_by"], par["tied"] = ranking.beaten(par["score"]["total"])
        return out

    def _ranking(self, s: Session, game: Game, hard: Hashable, soft: Hashable,
                 before: Ranking | None) -> Ranking:
        """The game's ranking, as :meth:`_leaderboard` ranks (``/scores``), but totals only,
        and only the sheets replaced since ``before`` scored."""
        heroes = s.execute(select(Player.id, Player.name, Player.done_roll).where(
            Player.game_id == game.id, Player.removed.is_(False))).all()
        fold = self._fold(s, game)
        kept = before or Ranking(None, None, {}, [], 0, False)
        scored: dict[int, tuple[Sheet, int]] = {}
        totals: dict[int, int] = {}
        with fold.lock:
            for pid, _name, _done in heroes:
                pf = fold.fold(pid)
                total = kept.total(pid, pf.sheet)
                scored[pid] = (pf.sheet, total)
                if pf.checked:
                    totals[pid] = total
        names = {pid: name for pid, name, _done in heroes}
        best = heapq.nsmallest(TOP, totals, key=lambda p: (-totals[p], names[p].casefold(), p))
        top = []
        for pid in best:
            rank = top[-1]["rank"] if top and top[-1]["total"] == totals[pid] else len(top) + 1
            top.append({"rank": rank, "name": names[pid], "total": totals[pid]})
        return Ranking(hard=hard, soft=soft, totals=totals, top=top,
                       waiting=len(heroes) - len(totals),
                       paper=any(done == PAPER_DONE for _pid, _name, done in heroes),
                       scored=scored)
