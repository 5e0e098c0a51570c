"""Settings a teacher sets per hero, and a hero for themself: extra time on the round's
timer, less motion, high contrast and bigger text on the hero's own screen; and a game
whose ranks the class sees only at the end.

A hero's settings are theirs and the host's: they are never in the game's public state
(a class need not know who has extra time). Extra time only the host (or a co-host)
gives; the screen settings the hero may change too.

"Ranks only at the end" holds back every reading of ranks and of other heroes' totals
(from which ranks follow) until the game is over: the scores, the exports, the overlay,
a paper hero's rank. A hero still sees their own Honor.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from dicehero.i18n import N_
from dicehero.store.access import GameAccess
from dicehero.store.db import emit
from dicehero.store.errors import Refusal, StoreError
from dicehero.store.fields import bool_field, normalise_code, only
from dicehero.store.models import Game, Player

SCREEN_SETTINGS = ("less_motion", "high_contrast", "big_text")  # the hero may set these
EXTRA_TIMES = (0, 50, 100)  # percent of the timer's length a hero's timer waits longer
DEFAULTS: dict[str, Any] = {"extra_time": 0, **dict.fromkeys(SCREEN_SETTINGS, False)}


def hero_settings(player: Player) -> dict[str, Any]:
    """A hero's settings, every one present (the defaults where none was set)."""
    return {**DEFAULTS, **(player.settings or {})}


def ranks_hidden(game: Game) -> bool:
    """Whether ranks (and others' totals) are held back now: until the game is over."""
    return bool(game.ranks_at_end) and game.status != "over"


def extra_until(game: Game, players: list[Player]) -> float | None:
    """When the timer stops waiting for the last hero still playing with extra time
    (None: no such hero, or no timer)."""
    if not game.timer_ends_at or not game.timer_seconds:
        return None
    extra = max((hero_settings(p)["extra_time"] for p in players
                 if p.done_roll < game.roll_count), default=0)
    return game.timer_ends_at + game.timer_seconds * extra / 100 if extra else None


def read_settings(body: dict[str, Any]) -> dict[str, Any]:
    """The settings a body changes; 400 for a value that is not one."""
    only(body, "extra_time", *SCREEN_SETTINGS)
    if not body:
        raise StoreError(Refusal.REFUSED, "missing_field",
                         N_("Say at least one setting: 'extra_time' (0, 50 or 100), "
                            "'less_motion', 'high_contrast' or 'big_text' (true or false)."))
    out: dict[str, Any] = {key: bool_field(body, key) for key in SCREEN_SETTINGS if key in body}
    if "extra_time" in body:
        extra = body["extra_time"]
        if isinstance(extra, bool) or extra not in EXTRA_TIMES:
            raise StoreError(Refusal.REFUSED, "bad_field",
                             N_("'extra_time' is 0, 50 or 100 (percent of the timer)."))
        out["extra_time"] = extra
    return out


class SettingsDesk(GameAccess):
    """Per-hero settings."""

    def set_hero_settings(self, code: str, secret: str | None, player_id: int,
                          body: dict[str, Any]) -> dict[str, Any]:
        """The hero (screen settings) or the host or a co-host (all): change some settings."""
        changes = read_settings(body)

        def work(s: Session) -> dict[str, Any]:
            game = self._game(s, code, lock=True)
            player = self._player(s, game, player_id)
            role = self._owner(s, game, player, secret, host_may=True, cohost_may=True)
            if role == "player" and "extra_time" in changes:
                raise StoreError(Refusal.NOT_YOURS, "host_only",
                                 N_("Only the host can give extra time."))
            settings = {**hero_settings(player), **changes}
            if settings != hero_settings(player):
                player.settings = settings
                # The hero's phone reads its settings again; the event says nothing of them.
                emit(s, game, "hero_settings", {"player": {"id": player.id}})
            return {"player_id": player.id, "settings": settings}

        return self.store.write(normalise_code(code), work)

    def all_hero_settings(self, code: str, secret: str | None) -> dict[str, Any]:
        """Host or co-host: every hero's settings, for Host tools."""
        with self.store.read() as s:
            game = self._game(s, code)
            self._moderator(s, game, secret)
            return {"ranks_at_end": game.ranks_at_end,
                    "heroes": [{"id": p.id, "name": p.name, "settings": hero_settings(p)}
                               for p in self._active(s, game)]}
