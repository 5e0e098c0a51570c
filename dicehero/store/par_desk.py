"""Par on a live game: the par bot's play on the class's own dice, read by every screen.

Par is worked out after each roll by :class:`~dicehero.store.par_work.ParWork`, never
in a request; a reader gets what is ready. A round's par is shown once the round is
closed for the class (every hero done with it, the next roll out, or the game over):
while heroes still play it, par's choices would be a hint.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from dicehero.editions import load_edition
from dicehero.engine.par import par_offer
from dicehero.store.access import GameAccess, round_closed
from dicehero.store.db import Store, StoredEvent
from dicehero.store.models import Game
from dicehero.store.par_work import Job, ParWork


def game_par_offer(game: Game) -> list[int]:
    """The superpowers par chooses from in ``game`` (:func:`dicehero.engine.par.par_offer`)."""
    return par_offer(game.power_mode, game.offer, game.seed, load_edition(game.edition).faces)


class ParDesk(GameAccess):
    """Par's running total, its final breakdown and its choices, as far as they are ready."""

    def __init__(self, store: Store, max_players: int = 5000) -> None:
        super().__init__(store, max_players)
        self.par_work = ParWork()
        store.after_commit.append(self._after_roll)  # starting a worker may wait

    def _after_roll(self, ev: StoredEvent) -> None:
        if ev.type == "roll":
            self.par_work.ask(ev.game_id, lambda: self._game_job(ev.game_id))

    def _game_job(self, game_id: int) -> tuple[int, Job] | None:
        """Par over every roll so far (read by the worker, when it gets to it)."""
        with self.store.read() as s:
            game = s.get(Game, game_id)
            if game is None or game.roll_count == 0:
                return None
            rolls = self._rolls(s, game)
            return len(rolls), ("game", {"edition_name": game.edition,
                                         "offer": game_par_offer(game), "rolls": rolls})

    def _closed_rounds(self, s: Session, game: Game) -> int:
        """How many rounds are over for the class (par may be shown for these)."""
        if game.status == "over" or game.roll_count == 0:
            return game.roll_count
        closed = round_closed(game.roll_count, self._active(s, game))
        return game.roll_count if closed else game.roll_count - 1

    def _par_rounds(self, s: Session, game: Game) -> tuple[str, list[dict[str, Any]], Any]:
        """``(status, rounds shown, the answer)``: status ``none`` (no round closed yet),
        ``working``, ``ready`` or ``failed``; queues the work if it is out of date."""
        closed = self._closed_rounds(s, game)
        result = self.par_work.result(game.id)
        if game.roll_count and (result is None or result.version < game.roll_count):
            self.par_work.ask(game.id, lambda: self._game_job(game.id))  # e.g. after a restart
        if closed == 0:
            return "none", [], None
        if result is not None and result.error is not None and result.version >= closed:
            return "failed", [], None
        if result is None or result.answer is None or result.version < closed:
            return "working", [], None
        return "ready", result.answer["rounds"][:closed], result.answer

    def _par_json(self, s: Session, game: Game,
                  totals: list[int] | None = None) -> dict[str, Any]:
        """Par for the state and the scores: each closed round's running total; with the
        heroes' ``totals`` once the game is over, par's breakdown and how many beat it."""
        status, rounds, answer = self._par_rounds(s, game)
        out: dict[str, Any] = {"status": status, "round": len(rounds),
                               "total": rounds[-1]["total"] if rounds else None,
                               "rounds": [{"number": r["number"], "total": r["total"]}
                                          for r in rounds]}
        if game.status == "over" and status == "ready" and totals is not None:
            par = answer["total"]
            out.update(superpower=answer["superpower"], score=answer["score"],
                       beaten_by=sum(1 for t in totals if t > par),
                       tied=sum(1 for t in totals if t == par))
        return out

    def _par_uses(self, s: Session, game: Game, number: int) -> list[dict[str, Any]] | None:
        """What par did with each die of round ``number`` (the map's marks), if shown yet."""
        status, rounds, _ = self._par_rounds(s, game)
        if status != "ready" or number > len(rounds):
            return None
        return [{"use": use, "location": where} for use, where in rounds[number - 1]["uses"]]
