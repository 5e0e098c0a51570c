"""The host plays along: the host's own hero, a hero like any other (joined as a phone
joins, ranked like everyone), with its own secret. The host page hands the hero's link to
a phone or to the panel in Host tools; the host's secret never goes to the phone page."""

from __future__ import annotations

import secrets
from typing import Any

from sqlalchemy.orm import Session

from dicehero.store.access import player_json
from dicehero.store.fields import hash_secret, normalise_code, only
from dicehero.store.names import clean_name
from dicehero.store.players import PlayerDesk


def hero_path(code: str, player_id: int, secret: str) -> str:
    """A phone hero's own page, their secret after ``#`` (never in a server's log)."""
    return f"/play/{code}#hero={player_id}&key={secret}"


class HostHeroDesk(PlayerDesk):
    """The host's own hero."""

    def host_hero(self, code: str, secret: str | None, body: dict[str, Any]) -> dict[str, Any]:
        """Host: join the game as a hero named ``name`` (as any phone joins: the list's lock
        and cap, the names' checks, no one after the last roll), or, asked again, the same
        hero under a new secret (a new phone: the old one's link no longer works)."""
        only(body, "name")
        if "name" in body:  # checked even when the hero is there already: bad input is refused
            clean_name(body["name"])

        def again(s: Session) -> dict[str, Any] | None:
            game = self._game(s, code, lock=True)
            self._host(s, game, secret)
            if game.host_player_id is None:
                return None
            p = self._player(s, game, game.host_player_id)
            if p.removed:
                return None
            given = secrets.token_urlsafe(32)
            p.secret_hash = hash_secret(given)
            return {"player": player_json(p, game), "secret": given, "returning": True}

        reply = self.store.write(normalise_code(code), again)
        if reply is None:
            joined = self.join(code, {"name": body.get("name")})

            def mark(s: Session) -> None:
                game = self._game(s, code, lock=True)
                game.host_player_id = joined["player"]["id"]

            self.store.write(normalise_code(code), mark)
            reply = {"player": joined["player"], "secret": joined["secret"], "returning": False}
        reply["path"] = hero_path(normalise_code(code), reply["player"]["id"], reply["secret"])
        return reply
