"""The stream overlay: what a streaming program's browser source shows of a game, and the
host's delay for it.

The overlay is public (anyone with the code may open it), so it carries only what the
projector shows the class: the round's dice, how many heroes are ready, the standings at
the break and the podium. Never a secret, never the seed before the end.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from dicehero.store.access import GameAccess, round_closed
from dicehero.store.db import emit
from dicehero.store.fields import int_field, normalise_code, only
from dicehero.store.hero_settings import ranks_hidden
from dicehero.store.models import Roll

OVERLAY_DELAY_MAX = 120  # seconds: more than any stream's latency
OVERLAY_STANDINGS = 10  # the heroes a stream's standings name


class OverlayDesk(GameAccess):
    """The overlay's view of a game and its delay."""

    def overlay(self, code: str) -> dict[str, Any]:
        """What the overlay shows now (the page itself holds it back ``delay`` seconds)."""
        with self.store.read() as s:
            game = self._game(s, code)
            heroes = self._active(s, game)
            last = s.scalar(select(Roll).where(Roll.game_id == game.id)
                            .order_by(Roll.number.desc()).limit(1))
            over = game.status == "over"
            between = not over and round_closed(game.roll_count, heroes)
            done = self._done_count(s, game)
            board = ([{"rank": r["rank"], "name": r["name"], "total": r["total"]}
                      for r in self._leaderboard(s, game) if not r["pending"]]
                     [:OVERLAY_STANDINGS] if (over or between) and not ranks_hidden(game)
                     else [])
            return {"code": game.code, "status": game.status, "rounds": game.rounds,
                    "roll": game.roll_count, "dice": list(last.dice) if last else None,
                    "typed": bool(last and last.typed), "ready": done,
                    "heroes": len(heroes), "between": between, "standings": board,
                    # a "stream" game keeps its join code off the picture (store/room.py)
                    "stream": game.stream,
                    "delay": game.overlay_delay, "last_event_id": game.last_event_id}

    def set_overlay(self, code: str, secret: str | None, body: dict[str, Any]
                    ) -> dict[str, Any]:
        """Host: how many seconds (``delay``, 0 to 120) the overlay shows the game late."""
        only(body, "delay")
        delay = int_field(body, "delay", 0, OVERLAY_DELAY_MAX, required=True)

        def work(s: Session) -> dict[str, Any]:
            game = self._game(s, code, lock=True)
            self._host(s, game, secret)
            if game.overlay_delay != delay:
                game.overlay_delay = delay or 0
                emit(s, game, "overlay", {"delay": game.overlay_delay})
            return {"delay": game.overlay_delay}

        return self.store.write(normalise_code(code), work)
