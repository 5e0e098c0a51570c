"""The room's locks besides the roster's: a password a game may require to join, and a
"stream" game whose join code the projected view keeps back (Host tools show it, for the
host to give to whom they choose); a game whose ranks show only at the end
(store/hero_settings.py); what the screens need to know of them.

The password is for a class told it aloud: it is compared without case and extra
spaces, and kept only as a hash salted with the game's code. Guessing it is held back by
the join limits (per phone and per address), and a wrong one changes nothing.
"""

from __future__ import annotations

import hashlib
import hmac
import unicodedata
from typing import Any

from sqlalchemy.orm import Session

from dicehero.i18n import N_
from dicehero.store.access import GameAccess
from dicehero.store.db import emit
from dicehero.store.errors import Refusal, StoreError
from dicehero.store.fields import bool_field, normalise_code, only
from dicehero.store.models import Game
from dicehero.store.moderation import log_step
from dicehero.store.names import NAME_MAX
from dicehero.store.profanity import fold_word

PASSWORD_MAX = 64
ROOM_FIELDS = ("password", "stream", "ranks_at_end", "name_words", "generated_names")
NAME_WORDS_MAX = 200


def _password_hash(code: str, password: str) -> str:
    said = " ".join(unicodedata.normalize("NFKC", password).casefold().split())
    return hashlib.sha256(f"{code}|room|{said}".encode()).hexdigest()


def read_room(body: dict[str, Any]) -> dict[str, Any]:
    """The room settings a body gives (``password``: text, or null for none; ``stream``;
    ``ranks_at_end``; ``generated_names``)."""
    out: dict[str, Any] = {}
    if "password" in body:
        password = body["password"]
        if password is not None and (not isinstance(password, str) or not password.strip()
                                     or len(password) > PASSWORD_MAX):
            raise StoreError(Refusal.REFUSED, "bad_password",
                             N_("A room password is text of 1 to %(n)s letters, or null "
                                "for none."), n=PASSWORD_MAX)
        out["password"] = password
    for key in ("stream", "ranks_at_end", "generated_names"):
        if key in body:
            out[key] = bool_field(body, key)
    if "name_words" in body:
        words = body["name_words"]
        if (not isinstance(words, list) or len(words) > NAME_WORDS_MAX
                or not all(isinstance(w, str) and len(w) <= NAME_MAX and fold_word(w)
                           for w in words)):
            raise StoreError(Refusal.REFUSED, "bad_name_words",
                             N_("Words a hero name may not have: a list of at most %(n)s "
                                "words, each with letters in it."), n=NAME_WORDS_MAX)
        out["name_words"] = sorted({fold_word(w) for w in words})
    return out


def apply_room(game: Game, settings: dict[str, Any]) -> dict[str, bool]:
    """Set the room settings on ``game``; what changed, as the moderation log says it."""
    changed: dict[str, bool] = {}
    if "password" in settings:
        given = settings["password"]
        new = _password_hash(game.code, given) if given is not None else None
        if new != game.password_hash:
            game.password_hash = new
            changed["password"] = new is not None
    for key in ("stream", "ranks_at_end", "generated_names"):
        if key in settings and settings[key] != getattr(game, key):
            setattr(game, key, settings[key])
            changed[key] = settings[key]
    if "name_words" in settings and settings["name_words"] != (game.name_words or []):
        game.name_words = settings["name_words"] or None
        changed["name_words"] = bool(game.name_words)
    return changed


def room_json(game: Game) -> dict[str, bool]:
    """What every screen knows of the room: whether a password is needed, whether the
    join code is kept off the projected view (never the password, nor its hash), whether
    ranks wait for the end, whether heroes pick generated names."""
    return {"password_required": game.password_hash is not None, "stream": game.stream,
            "ranks_at_end": game.ranks_at_end, "generated_names": game.generated_names}


def check_password(game: Game, given: Any) -> None:
    """Refuse a join without the room's password (403 with what to do), or with one that
    is not text (422, even in a room without a password: bad input is never taken)."""
    if given is not None and not isinstance(given, str):
        raise StoreError(Refusal.REFUSED, "bad_password",
                         N_("A room password is text of 1 to %(n)s letters, or null for none."),
                         n=PASSWORD_MAX)
    if game.password_hash is None:
        return
    if not isinstance(given, str) or not given.strip():
        raise StoreError(Refusal.NOT_YOURS, "password_needed",
                         N_("This game has a password: ask the host for it and type it in."))
    if not hmac.compare_digest(_password_hash(game.code, given), game.password_hash):
        raise StoreError(Refusal.NOT_YOURS, "password_wrong",
                         N_("That is not this game's password. Check it with the host."))


class RoomDesk(GameAccess):
    """The room's password, stream and ranks-at-the-end settings."""

    def room(self, code: str, secret: str | None, body: dict[str, Any]) -> dict[str, Any]:
        """Host: set or clear the room's password, turn "stream" or "ranks_at_end" on or off,
        set the words hero names may not have (``name_words``, besides the shipped lists)."""
        only(body, *ROOM_FIELDS)
        settings = read_room(body)
        if not settings:
            raise StoreError(Refusal.REFUSED, "missing_field",
                             N_("Say 'password' (text, or null for none), 'stream' or "
                                "'ranks_at_end' (true or false)."))

        def work(s: Session) -> dict[str, Any]:
            game = self._game(s, code, lock=True)
            self._host(s, game, secret)
            changed = apply_room(game, settings)
            for step, on in changed.items():
                log_step(s, game, "host", step, None, on=on)
            if changed:
                emit(s, game, "room", room_json(game))
            return {**room_json(game), "name_words": game.name_words or []}  # host's eyes only

        return self.store.write(normalise_code(code), work)

    def room_settings(self, code: str, secret: str | None) -> dict[str, Any]:
        """Host: the room's settings, with the words hero names may not have (Host tools
        shows them to the host: the room event every screen gets never carries them)."""
        with self.store.read() as s:
            game = self._game(s, code)
            self._host(s, game, secret)
            return {**room_json(game), "name_words": game.name_words or []}
