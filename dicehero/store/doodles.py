"""Costume doodles in the database, so every server process serves the same ones.

One per player, the newest replaces the old, written in the game's write transaction
with a ``player_doodle`` event, so a host screen on another process learns that there
is a picture to show. Who may draw is checked by :class:`dicehero.store.Games`; that the
bytes are a small PNG, by the web layer.
"""

from __future__ import annotations

import hashlib

from sqlalchemy.orm import Session

from dicehero.store.db import emit
from dicehero.store.models import Doodle, Game, Player


def put_doodle(s: Session, game: Game, player: Player, png: bytes) -> str:
    """Store ``player``'s PNG (an event only when it changed); returns its SHA-256."""
    digest = hashlib.sha256(png).hexdigest()
    row = s.get(Doodle, player.id)
    if row is None:
        s.add(Doodle(player_id=player.id, game_id=game.id, png=png, sha256=digest))
    elif row.sha256 != digest:
        row.png, row.sha256 = png, digest
    else:
        return digest  # the same picture again: no event
    emit(s, game, "player_doodle", {"player": {"id": player.id, "name": player.name}})
    return digest


def get_doodle(s: Session, player: Player) -> tuple[bytes, str] | None:
    """``player``'s PNG and its SHA-256, or None if they drew nothing."""
    row = s.get(Doodle, player.id)
    return (row.png, row.sha256) if row is not None else None
