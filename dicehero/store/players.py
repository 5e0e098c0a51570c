"""The heroes of a game: joining, renaming, removing (one or in bulk), locking the
list, whose a secret is, and costume doodles."""

from __future__ import annotations

import hashlib
import secrets
import time
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from dicehero.i18n import N_
from dicehero.store.access import GameAccess, player_json, unix_seconds
from dicehero.store.bans import address_hash, refuse_banned
from dicehero.store.db import emit
from dicehero.store.doodles import get_doodle, put_doodle
from dicehero.store.errors import Refusal, StoreError
from dicehero.store.fields import bool_field, hash_secret, int_field, normalise_code, only
from dicehero.store.models import Game, Player
from dicehero.store.moderation import log_step
from dicehero.store.name_offers import take_offered
from dicehero.store.names import check_distinct, clean_name, looks
from dicehero.store.paper import PAPER_DONE
from dicehero.store.paper_keys import paper_key, paper_path
from dicehero.store.profanity import check_polite
from dicehero.store.room import check_password


def name_offer_label(name: str) -> str:
    """The label a hero's own offer ("each" mode) is drawn for: how their name looks.

    Not their id, nor their device: a phone that clears its cookie, or a script with a
    fresh one, and joins again as the same hero (once the host removed the first) is
    offered the same two superpowers; shopping for another offer takes another name,
    a new hero on the host's list (``join_address`` counts every join from one address).
    """
    return "offer:name:" + hashlib.sha256(looks(name)[1].encode()).hexdigest()[:40]


class PlayerDesk(GameAccess):
    """Who is in a game."""

    def join(self, code: str, body: dict[str, Any], device: str | None = None,
             secret: str | None = None, by_host: bool = False,
             address: str | None = None) -> dict[str, Any]:
        """A new player; returns their id and secret (shown once).

        ``"paper": true`` joins a paper player: never waited for, their sheet comes
        in later as a whole (:meth:`paper_submit`). Paper heroes are written in by the
        host (``secret``: the host's), before the first roll; phones join until the last
        roll is out; after that no one does (a hero who could join then would be
        choosing with the dice already public). ``by_host``: the caller is the host
        already, with no secret to show (``dicehero print --game``, with the database
        in hand).
        In "each" mode a device (``device``, the browser's cookie) holds one hero: it
        gets that hero back, under a new secret, instead of a second one.
        A device or an ``address`` (the client's) the host banned is refused.
        """
        only(body, "name", "paper", "password")
        name = clean_name(body.get("name"))
        paper = bool_field(body, "paper")
        asker = secret
        secret = secrets.token_urlsafe(32)

        def work(s: Session) -> dict[str, Any]:
            game = self._game(s, code, lock=True)
            if paper and not by_host:
                self._host_writes_in(s, game, asker)
            if game.status == "over":
                raise StoreError(Refusal.NOT_NOW, "game_over", N_("This game is over."))
            if game.roster_locked:
                raise StoreError(Refusal.NOT_NOW, "roster_locked",
                                 N_("The host has closed the list of heroes: "
                                    "ask them to open it for you."))
            if paper and game.roll_count > 0:
                raise StoreError(Refusal.NOT_NOW, "paper_after_first_roll",
                                 N_("Paper heroes are written in before the first roll, "
                                    "and this game has started: join on a phone instead."))
            if not paper and game.roll_count >= game.rounds:
                raise StoreError(Refusal.NOT_NOW, "last_round",
                                 N_("The last round is being played: join the next game."))
            device_hash = hash_secret(device) if device and not paper else None
            where = address_hash(game, address) if not paper else None
            refuse_banned(s, game, device_hash, where)
            if not paper:  # a paper hero is the host's own doing
                check_password(game, body.get("password"))
            if device_hash and game.power_mode == "each":
                mine = s.scalar(select(Player).where(Player.game_id == game.id,
                                                     Player.device_hash == device_hash,
                                                     Player.removed.is_(False)))
                if mine is not None:  # no shopping for a better superpower offer
                    mine.secret_hash = hash_secret(secret)
                    return {"player": player_json(mine, game), "secret": secret,
                            "code": game.code, "returning": True}
            # Names only, not Player objects: a stream's ten thousandth hero reads them all.
            names = list(s.scalars(select(Player.name).where(Player.game_id == game.id,
                                                             Player.removed.is_(False))))
            if len(names) >= self.max_players:
                raise StoreError(Refusal.NOT_NOW, "game_full", N_("This game is full."))
            if game.roster_cap is not None and len(names) >= game.roster_cap:
                raise StoreError(Refusal.NOT_NOW, "roster_full",
                                 N_("This game takes no more heroes: ask the host to "
                                    "make room for you."))
            if game.generated_names and not paper:  # no free text, not even through the API
                take_offered(s, game, device_hash, name)
            check_distinct(name, names)
            check_polite(name, game.name_words or ())
            p = Player(game_id=game.id, name=name, secret_hash=hash_secret(secret),
                       joined_roll=0 if paper else game.roll_count,
                       done_roll=PAPER_DONE if paper else 0, device_hash=device_hash,
                       address_hash=where,
                       offer_key=None if paper or game.power_mode != "each"
                       else name_offer_label(name))
            s.add(p)
            s.flush()
            given = secret
            if paper:  # their key is printed on their sheet and shown to the host again
                given = paper_key(game, p)
                p.secret_hash = hash_secret(given)
            emit(s, game, "player_joined", {"player": player_json(p, game),
                                            "player_count": len(names) + 1})
            return {"player": player_json(p, game), "secret": given, "code": game.code,
                    "returning": False}

        return self.store.write(normalise_code(code), work)

    def _host_writes_in(self, s: Session, game: Game, secret: str | None) -> None:
        """Only the host writes in a paper hero (401 without a secret, 403 with another's)."""
        words = N_("Paper heroes are written in by the host, on the host screen: ask your "
                   "host to add your hero and to give you the link for entering your sheet.")
        if not secret:
            raise StoreError(Refusal.NO_SECRET, "no_secret", words)
        role, _ = self._who(s, game, secret)
        if role == "cohost":
            self._host(s, game, secret)  # says what a co-host may do
        if role != "host":
            raise StoreError(Refusal.NOT_YOURS, "not_host", words)

    def paper_link(self, code: str, secret: str | None, player_id: int,
                   body: dict[str, Any]) -> dict[str, Any]:
        """Host: a paper hero's own link for entering their sheet, to hand to them (never
        projected); ``"renew": true`` gives a new key, and the old one no longer works.

        No event is sent: the key is for the host's eyes and the hero's only.
        """
        only(body, "renew")
        renew = bool_field(body, "renew")

        def work(s: Session) -> dict[str, Any]:
            game = self._game(s, code, lock=True)
            self._host(s, game, secret)
            p = self._player(s, game, player_id)
            if p.removed or p.done_roll != PAPER_DONE:
                raise StoreError(Refusal.NOT_NOW, "not_paper",
                                 N_("%(name)s does not play on paper: only a paper hero has a "
                                    "link for entering a sheet."), name=p.name)
            if renew:
                p.key_round += 1
            key = paper_key(game, p)
            p.secret_hash = hash_secret(key)  # a hero written in before keys were derived too
            return {"player": player_json(p, game), "secret": key,
                    "path": paper_path(game.code, p, key), "renewed": renew}

        return self.store.write(normalise_code(code), work)

    def rename(self, code: str, secret: str | None, player_id: int,
               body: dict[str, Any]) -> dict[str, Any]:
        """Give a player another name (the host's or a co-host's answer to a rude one)."""
        only(body, "name")
        name = clean_name(body.get("name"))

        def work(s: Session) -> dict[str, Any]:
            game = self._game(s, code, lock=True)
            by = self._moderator(s, game, secret)
            p = self._player(s, game, player_id)
            check_distinct(name, (o.name for o in self._active(s, game) if o.id != p.id))
            check_polite(name, game.name_words or ())
            log_step(s, game, by, "rename", p.id, **{"from": p.name, "to": name})
            p.name = name
            emit(s, game, "player_renamed", {"player": {"id": p.id, "name": name}})
            return {"player": player_json(p, game)}

        return self.store.write(normalise_code(code), work)

    def remove(self, code: str, secret: str | None, player_id: int) -> dict[str, Any]:
        """Take a player out of the game (their sheet stays in the log); host or co-host."""

        def work(s: Session) -> dict[str, Any]:
            game = self._game(s, code, lock=True)
            by = self._moderator(s, game, secret)
            p = self._player(s, game, player_id)
            if not p.removed:
                p.removed = True
                log_step(s, game, by, "remove", p.id)
                s.flush()
                emit(s, game, "player_removed", {
                    "player": {"id": p.id, "name": p.name},
                    "player_count": len(self._active(s, game)),
                    "done_count": self._done_count(s, game)})
                self._maybe_auto_finish(s, game)
            return {"player": {"id": p.id, "name": p.name, "removed": True}}

        return self.store.write(normalise_code(code), work)

    def remove_many(self, code: str, secret: str | None, body: dict[str, Any]) -> dict[str, Any]:
        """Take out every hero who matches all the criteria given (the host's answer to a flood).

        ``ids``: these heroes; ``joined_within``: who joined in the last so many
        seconds (a burst); ``never_chose``: phone heroes who have no superpower yet.
        """
        only(body, "ids", "joined_within", "never_chose")
        ids = body.get("ids")
        if ids is not None and (not isinstance(ids, list) or len(ids) > self.max_players
                                or not all(isinstance(i, int) and not isinstance(i, bool)
                                           for i in ids)):
            raise StoreError(Refusal.REFUSED, "bad_field", N_("'ids' is a list of hero ids."))
        within = int_field(body, "joined_within", 1, 24 * 3600)
        never_chose = bool_field(body, "never_chose")
        if ids is None and within is None and not never_chose:
            raise StoreError(Refusal.REFUSED, "missing_field",
                             N_("Say whom to remove: 'ids', 'joined_within' or "
                                "'never_chose'."))

        def work(s: Session) -> dict[str, Any]:
            game = self._game(s, code, lock=True)
            by = self._moderator(s, game, secret)
            chosen = {}
            if never_chose:
                fold = self._fold(s, game)
                with fold.lock:
                    chosen = {pid: fold.fold(pid).sheet.superpower is not None
                              for pid in fold.players}
            since = time.time() - within if within is not None else None
            gone = [p for p in self._active(s, game)
                    if (ids is None or p.id in ids)
                    and (since is None or (p.created_at and unix_seconds(p.created_at) >= since))
                    and (not never_chose or (p.done_roll != PAPER_DONE
                                             and not chosen.get(p.id, False)))]
            for p in gone:
                p.removed = True
            if gone:
                log_step(s, game, by, "remove", None, ids=[p.id for p in gone],
                         **{k: v for k, v in body.items() if k != "ids"})
                s.flush()
                emit(s, game, "players_removed", {
                    "players": [{"id": p.id, "name": p.name} for p in gone],
                    "player_count": len(self._active(s, game)),
                    "done_count": self._done_count(s, game)})
                self._maybe_auto_finish(s, game)
            return {"removed": [{"id": p.id, "name": p.name} for p in gone],
                    "player_count": len(self._active(s, game))}

        return self.store.write(normalise_code(code), work)

    def lock_roster(self, code: str, secret: str | None, body: dict[str, Any]) -> dict[str, Any]:
        """Lock (or open again) the list of heroes, and cap how many it takes (host or
        co-host).

        ``locked``: while locked no one joins. ``cap``: at most so many heroes (phone
        and paper; those already in stay), ``null`` for no cap but the server's. A
        fresh device cookie per join buys a flooder nothing against either.
        """
        only(body, "locked", "cap")
        if "locked" not in body and "cap" not in body:
            raise StoreError(Refusal.REFUSED, "missing_field",
                             N_("Say 'locked' (true or false) or 'cap' (a number of "
                                "heroes, or null)."))
        locked = bool_field(body, "locked") if "locked" in body else None
        cap = int_field(body, "cap", 1, self.max_players) if body.get("cap") is not None \
            else None

        def work(s: Session) -> dict[str, Any]:
            game = self._game(s, code, lock=True)
            by = self._moderator(s, game, secret)
            changed = False
            if locked is not None and game.roster_locked != locked:
                game.roster_locked = locked
                log_step(s, game, by, "lock" if locked else "unlock")
                changed = True
            if "cap" in body and game.roster_cap != cap:
                game.roster_cap = cap
                log_step(s, game, by, "cap", cap=cap)
                changed = True
            if changed:
                emit(s, game, "roster", {"locked": game.roster_locked, "cap": game.roster_cap})
            return {"locked": game.roster_locked, "cap": game.roster_cap}

        return self.store.write(normalise_code(code), work)

    def whoami(self, code: str, secret: str | None) -> dict[str, Any]:
        """Who a secret belongs to: the host, or which player."""
        with self.store.read() as s:
            game = self._game(s, code)
            role, p = self._who(s, game, secret)
            out: dict[str, Any] = {"role": role, "code": game.code}
            if p is not None:
                out["player"] = {**player_json(p, game), "removed": p.removed}
            return out

    def draw(self, code: str, secret: str | None, player_id: int, png: bytes) -> str:
        """The hero: store their costume doodle (a PNG the web layer checked); its SHA-256."""
        def work(s: Session) -> str:
            game, player = self._game_and_player(s, code, player_id, lock=True)
            self._as_player(s, game, player, secret)
            return put_doodle(s, game, player, png)

        return self.store.write(normalise_code(code), work)

    def doodle(self, code: str, player_id: int) -> tuple[bytes, str] | None:
        """A hero's doodle and its SHA-256 (anyone in the game may see it), or None."""
        with self.store.read() as s:
            _, player = self._game_and_player(s, code, player_id)
            return get_doodle(s, player)
