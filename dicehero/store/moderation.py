"""The moderation log: each step a host (or co-host) takes to keep a room safe, with who
took it and when, written in the same transaction as the change it records (so a step
is never logged without happening, nor happens unlogged). The game's export carries it
(docs/GAME-LOG.md), so a teacher or a streamer can answer "who removed me?" afterwards.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from dicehero.store.access import unix_seconds
from dicehero.store.models import Game, ModerationRow


def log_step(s: Session, game: Game, by: str, step: str, player_id: int | None = None,
             **detail: Any) -> None:
    """Record one step (``"remove"``, ``"ban"``, ``"unban"``...) taken by ``by``."""
    s.add(ModerationRow(game_id=game.id, by=by, step=step, player_id=player_id, detail=detail))


def moderation_log(s: Session, game: Game) -> list[dict[str, Any]]:
    """The game's moderation steps, oldest first, as the export carries them."""
    return [{"at": unix_seconds(m.at), "by": m.by, "step": m.step, "player_id": m.player_id,
             "detail": m.detail}
            for m in s.scalars(select(ModerationRow).where(ModerationRow.game_id == game.id)
                               .order_by(ModerationRow.id))]
