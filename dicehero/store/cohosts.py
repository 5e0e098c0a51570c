"""Co-hosts: a helper the host shares a link with (never projected), who moderates the
heroes beside the host: remove, ban, rename, approve paper sheets, lock the list. Only the
host rolls, types dice, offers superpowers, runs the timer and ends the game
(``GameAccess._host`` refuses a co-host with a 403 that says so)."""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from dicehero.store.access import GameAccess
from dicehero.store.cohost_keys import cohost_key, cohost_path
from dicehero.store.fields import bool_field, normalise_code, only
from dicehero.store.moderation import log_step


class CohostDesk(GameAccess):
    """The co-host link."""

    def cohost_link(self, code: str, secret: str | None, body: dict[str, Any]
                    ) -> dict[str, Any]:
        """Host: the co-host link, to hand to a helper; the first ask makes it, ``"renew":
        true`` makes a new one and the old link no longer works.

        No event: the key is for the host's and the co-host's eyes only.
        """
        only(body, "renew")
        renew = bool_field(body, "renew")

        def work(s: Session) -> dict[str, Any]:
            game = self._game(s, code, lock=True)
            self._host(s, game, secret)
            made = renew or not game.cohost_round
            if made:
                game.cohost_round += 1
                log_step(s, game, "host", "cohost_link", renewed=renew)
            key = cohost_key(game)
            assert key is not None  # the round is at least 1 now
            return {"secret": key, "path": cohost_path(game.code, key), "renewed": renew}

        return self.store.write(normalise_code(code), work)
