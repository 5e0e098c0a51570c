"""Costume doodles in the database, so every server process serves the same ones.

The web layer checks who may draw and that the bytes are a small PNG; here a
doodle is stored (one per player, the newest replaces the old) in the game's
write transaction with a ``player_doodle`` event, so a host screen on another
process learns that there is a picture to show.
"""

from __future__ import annotations

import hashlib

from sqlalchemy import select
from sqlalchemy.orm import Session

from dicehero.store.db import Store, emit
from dicehero.store.errors import StoreError
from dicehero.store.fields import normalise_code
from dicehero.store.models import Doodle, Game, Player


def _player(s: Session, code: str, player_id: int, lock: bool = False) -> tuple[Game, Player]:
    query = select(Game).where(Game.code == normalise_code(code))
    if lock:  # PostgreSQL: the event id is counted on the game row, as for every write
        query = query.with_for_update()
    game = s.scalar(query)
    if game is None:
        raise StoreError(404, "unknown_game", f"There is no game {code!r}. Check the join code.")
    p = s.get(Player, player_id) if 0 < player_id < 2**62 else None
    if p is None or p.game_id != game.id:
        raise StoreError(404, "unknown_player", f"There is no player {player_id} in this game.")
    return game, p


def save_doodle(store: Store, code: str, player_id: int, png: bytes) -> str:
    """Store a player's (already checked) PNG; returns its SHA-256."""
    digest = hashlib.sha256(png).hexdigest()

    def work(s: Session) -> str:
        game, p = _player(s, code, player_id, lock=not store.is_sqlite)
        row = s.get(Doodle, p.id)
        if row is None:
            s.add(Doodle(player_id=p.id, game_id=game.id, png=png, sha256=digest))
        elif row.sha256 != digest:
            row.png, row.sha256 = png, digest
        else:
            return digest  # the same picture again: no event
        emit(s, game, "player_doodle", {"player": {"id": p.id, "name": p.name}})
        return digest

    return store.write(normalise_code(code), work)


def load_doodle(store: Store, code: str, player_id: int) -> tuple[bytes, str] | None:
    """A player's PNG and its SHA-256, or None if they drew nothing."""
    with store.read() as s:
        _player(s, code, player_id)
        row = s.get(Doodle, player_id)
        return (row.png, row.sha256) if row is not None else None
