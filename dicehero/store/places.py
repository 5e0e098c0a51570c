"""A hero's own place, read by their phone between rounds and at the end (issue 25).

The phone used to read ``/scores`` (the whole class) for one line; this read gives that
line and no more: the hero's rank among the heroes who take a place, how many they are,
the top of the board for the end screen, and whether the results are final. It ranks as
``/scores`` does (equal totals share a rank; a paper sheet waiting for the host takes no
place) from the game's kept ranking (:mod:`dicehero.store.standings`).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from sqlalchemy.orm import Session

from dicehero.engine import score
from dicehero.store.hero_settings import ranks_hidden
from dicehero.store.models import Game
from dicehero.store.paper_desk import PaperDesk
from dicehero.store.standings import TOP, Ranking


class PlaceDesk(PaperDesk):
    """Reading one hero's place."""

    def place(self, code: str, player_id: int) -> dict[str, Any]:
        """Hero ``player_id``'s place now (public, as ``/scores`` is; nothing while the host
        keeps ranks for the end, not even the hero's total, from which ranks follow)."""
        with self.store.read() as s:
            game, player = self._game_and_player(s, code, player_id)
            fold = self._fold(s, game, (player.id,))
            hidden = ranks_hidden(game)
            hard = (game.status, hidden, game.roll_count)
            soft = (game.last_event_id, fold.last_action_id, fold.last_player_id)
            ranking = self.standings.get(game.id, hard, soft, game.status != "over",
                                         lambda: self._ranking(s, game, hard, soft))
            with fold.lock:
                pf = fold.fold(player.id)
                total = score(pf.sheet).total
                placed = pf.checked and not player.removed
            rank, of = ranking.rank(player.id, total)
            if not placed:
                rank, of = None, len(ranking.totals) - (player.id in ranking.totals)
            provisional = bool(ranking.waiting) or (game.status == "over" and ranking.paper
                                                    and self._paper_open(game))
            return {"player_id": player.id, "status": game.status, "roll": game.roll_count,
                    "ranks_hidden": hidden,
                    "rank": None if hidden else rank, "of": of,
                    "total": None if hidden else total,
                    "top": [] if hidden else ranking.top,
                    "to_check": ranking.waiting, "provisional": provisional,
                    "final": game.status == "over" and not provisional}

    def _ranking(self, s: Session, game: Game, hard: Hashable, soft: Hashable) -> Ranking:
        """The game's ranking made from its leaderboard (the one ``/scores`` gives)."""
        board = self._leaderboard(s, game)
        placed = [r for r in board if not r["pending"]]
        return Ranking(hard=hard, soft=soft,
                       totals={r["player_id"]: r["total"] for r in placed},
                       top=[{"rank": r["rank"], "name": r["name"], "total": r["total"]}
                            for r in placed[:TOP]],
                       waiting=len(board) - len(placed),
                       paper=any(r["paper"] for r in board))
