"""Bans: the host takes a hero out of the game and keeps their phone out of it.

A ban is a row in the database, not a cookie: it outlives the browser's storage the
child can clear and a server restart. It covers the hero's device (the join page's
cookie) and, if the host chooses, the address they joined from: a fresh cookie on the
same network is then refused too, and so is every other phone behind that address (a
school's network often shows the whole class as one address, so the host decides).
A hero's address is kept only as a hash salted with the game's code.
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from dicehero.i18n import N_
from dicehero.store.access import GameAccess
from dicehero.store.db import emit
from dicehero.store.errors import Refusal, StoreError
from dicehero.store.fields import bool_field, normalise_code, only
from dicehero.store.models import Ban, Game, Player
from dicehero.store.moderation import log_step


def address_hash(game: Game, address: str | None) -> str | None:
    """How an address is kept for ``game``: hashed with the game's code (no address is
    stored, nor can one game's list be matched with another's)."""
    if not address:
        return None
    return hashlib.sha256(f"{game.code}|{address}".encode()).hexdigest()


def refuse_banned(s: Session, game: Game, device_hash: str | None,
                  address: str | None) -> None:
    """Refuse a join from a banned device or address (a calm 403)."""
    keys = []
    if device_hash:
        keys.append(Ban.device_hash == device_hash)
    if address:
        keys.append(Ban.address_hash == address)
    if not keys:
        return
    hit = s.scalar(select(Ban.id).where(Ban.game_id == game.id, Ban.lifted_at.is_(None),
                                        or_(*keys)).limit(1))
    if hit is not None:
        raise StoreError(Refusal.NOT_YOURS, "banned",
                         N_("This game is not open to this phone: the host has decided so. "
                            "If you think it is a mistake, talk to the host."))


def ban_json(ban: Ban) -> dict[str, Any]:
    """A ban as the host sees it (never the hashes)."""
    return {"id": ban.id, "player_id": ban.player_id, "device": ban.device_hash is not None,
            "address": ban.address_hash is not None, "lifted": ban.lifted_at is not None}


class BanDesk(GameAccess):
    """Who is kept out of a game."""

    def ban(self, code: str, secret: str | None, player_id: int,
            body: dict[str, Any]) -> dict[str, Any]:
        """Host or co-host: take a hero out of the game and keep their device out (``"address":
        true``: every phone joining from their address too)."""
        only(body, "address")
        by_address = bool_field(body, "address")

        def work(s: Session) -> dict[str, Any]:
            game = self._game(s, code, lock=True)
            by = self._moderator(s, game, secret)
            p = self._player(s, game, player_id)
            ban = Ban(game_id=game.id, player_id=p.id, device_hash=p.device_hash,
                      address_hash=p.address_hash if by_address else None)
            s.add(ban)
            was_in = not p.removed
            p.removed = True
            s.flush()
            log_step(s, game, by, "ban", p.id, address=by_address)
            if was_in:  # the same event as a removal: every screen drops the name
                emit(s, game, "player_removed", {
                    "player": {"id": p.id, "name": p.name},
                    "player_count": len(self._active(s, game)),
                    "done_count": self._done_count(s, game)})
                self._maybe_auto_finish(s, game)
            return {"player": {"id": p.id, "name": p.name, "removed": True},
                    "ban": ban_json(ban)}

        return self.store.write(normalise_code(code), work)

    def bans(self, code: str, secret: str | None) -> dict[str, Any]:
        """Host or co-host: the game's bans, with the banned heroes' names, newest first."""
        with self.store.read() as s:
            game = self._game(s, code)
            self._moderator(s, game, secret)
            rows = list(s.scalars(select(Ban).where(Ban.game_id == game.id)
                                  .order_by(Ban.id.desc())))
            names = {pid: name for pid, name in s.execute(select(Player.id, Player.name).where(
                Player.id.in_({b.player_id for b in rows})))}
            return {"bans": [{**ban_json(b), "name": names.get(b.player_id)} for b in rows]}

    def unban(self, code: str, secret: str | None, ban_id: int) -> dict[str, Any]:
        """Host or co-host: lift a ban; the phone may join again (as a new hero: the old one
        stays out)."""

        def work(s: Session) -> dict[str, Any]:
            game = self._game(s, code, lock=True)
            by = self._moderator(s, game, secret)
            ban = s.get(Ban, ban_id) if 0 < ban_id < 2**62 else None
            if ban is None or ban.game_id != game.id:
                raise StoreError(Refusal.NOT_FOUND, "unknown_ban",
                                 N_("There is no such ban in this game."))
            if ban.lifted_at is None:
                ban.lifted_at = datetime.now(UTC)
                log_step(s, game, by, "unban", ban.player_id, ban=ban.id)
            return {"ban": ban_json(ban)}

        return self.store.write(normalise_code(code), work)
