"""The durable record of paper sheets being checked (issue 26.2: nothing accepted is lost).

A sheet accepted as "being checked" has its row here from the transaction that accepts
it to the one that stores its verdict; at start the server checks every row again
(:meth:`dicehero.store.marks_desk.MarksDesk.resume_paper_checks`). A check that ends in
a refusal leaves it in the row for the hero's next read: no event, since no screen but
the hero's needs it and every stream of the game would be sent one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from dicehero.store.models import Game, PaperWait


@dataclass(frozen=True)
class Waiting:
    """One sheet whose verdict was not stored: enough to check it again."""

    code: str
    player_id: int
    token: str
    body: dict[str, Any]
    by_host: bool


def keep_wait(s: Session, game: Game, player_id: int, token: str, body: dict[str, Any],
              by_host: bool) -> None:
    """Record the hero's sheet as being checked (replacing one sent before)."""
    row = s.get(PaperWait, player_id)
    if row is None:
        s.add(PaperWait(player_id=player_id, game_id=game.id, token=token, body=body,
                        by_host=by_host))
    else:
        row.token, row.body, row.by_host, row.refusal = token, body, by_host, None


def refuse_wait(s: Session, game: Game, player_id: int, token: str,
                refusal: dict[str, Any]) -> None:
    """The check ``token`` ended in ``refusal``: kept for the hero's next read (unless a
    newer sheet replaced it); a sheet refused before its check (a resumed one) gets a row."""
    row = s.get(PaperWait, player_id)
    if row is None:
        s.add(PaperWait(player_id=player_id, game_id=game.id, token=token, body={},
                        by_host=False, refusal=refusal))
    elif row.token == token:
        row.refusal = refusal


def check_status(s: Session, player_id: int) -> dict[str, Any] | None:
    """How the hero's sheet check stands: ``{"status": "checking"}``, the refusal
    (``{"status": "refused", "code", "reason", ...}``) or None (no check since the sheet
    last stored)."""
    row = s.get(PaperWait, player_id)
    if row is None:
        return None
    return {"status": "checking"} if row.refusal is None else row.refusal


def forget_refusal(s: Session, player_id: int) -> None:
    """A sheet was stored for the hero: a refusal before it is no longer news."""
    s.execute(delete(PaperWait).where(PaperWait.player_id == player_id,
                                      PaperWait.refusal.is_not(None)))


def drop_wait(s: Session, player_id: int, token: str) -> None:
    """The check ``token`` has its verdict: forget it, unless a newer sheet replaced it."""
    s.execute(delete(PaperWait).where(PaperWait.player_id == player_id,
                                      PaperWait.token == token))


def waiting(s: Session) -> list[Waiting]:
    """Every sheet still being checked, oldest first."""
    rows = s.execute(select(Game.code, PaperWait).join(Game, Game.id == PaperWait.game_id)
                     .where(PaperWait.refusal.is_(None)).order_by(PaperWait.created_at))
    return [Waiting(code, w.player_id, w.token, w.body, w.by_host) for code, w in rows]
