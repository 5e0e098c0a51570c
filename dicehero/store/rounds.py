"""A game's life on the host's side: creating it, the superpower offer, each roll
(and what a roll does to heroes still playing), the timer and the end."""

from __future__ import annotations

import secrets
import time
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from dicehero.editions import load_edition
from dicehero.engine import BadAction, check_roll
from dicehero.engine.edition import EditionError
from dicehero.engine.replay import Replay
from dicehero.i18n import N_
from dicehero.store.access import GameAccess
from dicehero.store.db import emit
from dicehero.store.dice import derive, derive_offer, new_seed, offer_label, roll_label, seed_digest
from dicehero.store.errors import Refusal, StoreError
from dicehero.store.fields import bool_field, hash_secret, int_field, no_null, normalise_code, only
from dicehero.store.models import Game, Player, Roll
from dicehero.store.room import ROOM_FIELDS, apply_room, read_room

CODE_ALPHABET = "ACDEFHJKLMNPQRTUVWXY3479"  # no look-alikes: no B/8, O/0, I/1, S/5, Z/2, G/6
CODE_LENGTH = 6
TIMER_MAX = 3600
POWER_MODES = ("table", "each")
SHOWN = 10  # heroes named when a roll or the end is refused because they still play


class RoundDesk(GameAccess):
    """Creating a game and moving it from roll to roll to the end."""

    def create(self, body: dict[str, Any], language: str | None = None) -> dict[str, Any]:
        """A new game; returns its join code, the host secret (shown once) and its state.
        ``language``: the host page's, kept as the game's (its generated names')."""
        only(body, "edition", "rounds", "power_mode", *ROOM_FIELDS)
        room = read_room(body)
        name = body.get("edition", "classic")
        if not isinstance(name, str):
            raise StoreError(Refusal.REFUSED, "unknown_edition",
                             N_("'edition' is an edition name."))
        try:
            edition = load_edition(name)
        except EditionError:
            raise StoreError(Refusal.REFUSED, "unknown_edition",
                             N_("There is no edition %(name)s."), name=repr(name)) from None
        rounds = int_field(body, "rounds", 1, edition.rounds, default=edition.rounds)
        mode = body.get("power_mode", "table")
        if mode not in POWER_MODES:
            raise StoreError(Refusal.REFUSED, "bad_field",
                             N_("'power_mode' is 'table' (one shared choice) "
                                "or 'each' (every player rolls their own)."))
        host_secret = secrets.token_urlsafe(32)
        seed = new_seed()

        def work(s: Session) -> str:
            for _ in range(50):
                code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
                if s.scalar(select(Game.id).where(Game.code == code)) is None:
                    break
            else:  # pragma: no cover - 191 million codes
                raise StoreError(Refusal.BUSY, "busy", N_("No free join code; try again."))
            game = Game(code=code, edition=edition.name, rounds=rounds, power_mode=mode,
                        seed=seed, seed_sha256=seed_digest(seed),
                        host_secret_hash=hash_secret(host_secret), language=language)
            apply_room(game, room)
            s.add(game)
            s.flush()
            emit(s, game, "game_created", {"code": code, "edition": edition.name,
                                           "rounds": rounds, "power_mode": mode,
                                           "seed_sha256": game.seed_sha256})
            return code

        code = self.store.write(None, work)
        return {"code": code, "host_secret": host_secret, "game": self.state(code)}

    def roll_offer(self, code: str, secret: str | None, body: dict[str, Any]) -> dict[str, Any]:
        """Roll (or type) the table's two superpower choices; once, before the first roll."""
        only(body, "choices")
        no_null(body, "choices", "bad_offer")

        def work(s: Session) -> dict[str, Any]:
            game = self._game(s, code, lock=True)
            self._host(s, game, secret)
            if game.power_mode != "table":
                raise StoreError(Refusal.NOT_NOW, "wrong_mode",
                                 N_("In this game every player rolls their "
                                    "own superpower choices."))
            if game.offer is not None:
                raise StoreError(Refusal.NOT_NOW, "offer_rolled",
                                 N_("The superpower choices are rolled already."))
            return self._set_offer(s, game, body.get("choices"))

        return self.store.write(normalise_code(code), work)

    def _set_offer(self, s: Session, game: Game, typed: Any) -> dict[str, Any]:
        faces = load_edition(game.edition).faces
        if typed is None:
            choices = derive_offer(game.seed, offer_label(), faces)
        else:
            if (not isinstance(typed, list) or len(typed) != 2 or typed[0] == typed[1]
                    or any(isinstance(v, bool) or not isinstance(v, int)
                           or not 1 <= v <= faces for v in typed)):
                raise StoreError(Refusal.REFUSED, "bad_offer",
                                 N_("'choices' is two different numbers from 1 to "
                                    "%(faces)s."), faces=faces)
            choices = list(typed)
        game.offer = choices
        game.offer_typed = typed is not None
        data = {"mode": "table", "choices": choices, "typed": game.offer_typed}
        emit(s, game, "offer", data)
        return data

    @staticmethod
    def _playing(game: Game, roll: int) -> tuple[Any, ...]:
        """The heroes of ``game`` still playing round ``roll`` (a WHERE clause)."""
        return (Player.game_id == game.id, Player.removed.is_(False), Player.done_roll < roll)

    def _anyone_playing(self, s: Session, game: Game) -> bool:
        """Whether a hero is still playing the round."""
        return game.roll_count > 0 and s.scalar(select(Player.id).where(
            *self._playing(game, game.roll_count)).limit(1)) is not None

    def _check_go_on(self, s: Session, game: Game, go_on: bool) -> None:
        """Refused while heroes still play the round, unless the host goes on without them:
        the first ten are named and the others counted, so no more than ten are read."""
        if go_on or game.roll_count == 0:
            return
        playing = self._playing(game, game.roll_count)
        names = list(s.scalars(select(Player.name).where(*playing).order_by(Player.id)
                               .limit(SHOWN)))
        if not names:
            return
        n = len(names) if len(names) < SHOWN else s.scalar(
            select(func.count(Player.id)).where(*playing))
        if n > SHOWN:
            # Translators: %(names)s are the first ten; %(more)s how many others.
            raise StoreError(Refusal.NOT_NOW, "players_not_done",
                             N_("%(n)s still playing: %(names)s and %(more)s more. Send "
                                "'go_on': true to go on without them."),
                             n=n, names=", ".join(names), more=n - SHOWN)
        raise StoreError(Refusal.NOT_NOW, "players_not_done",
                         N_("%(n)s still playing: %(names)s. Send 'go_on': true to go on "
                            "without them."), n=n, names=", ".join(names))

    def _forfeited(self, game_id: int, number: int, ids: list[int]) -> list[dict[str, Any]]:
        """The heroes whose unspent dice roll ``number`` forfeited, in id order, among ``ids``
        (those still playing in the roll's transaction: a hero who presses Done on the new
        round before this read is no longer playing, but lost their dice all the same).
        Read once the roll is committed and its event is out, from the heroes' sheets
        meeting the roll (the sheets pushed after it then find them met). Not a batch at a
        time between the pushed sheets' batches: the host's page shows the roll's dice when
        its reply comes."""
        if not ids:
            return []
        with self.store.read() as s:
            game = s.get(Game, game_id)
            if game is None:  # pragma: no cover - a game is never deleted
                return []
            stragglers = s.execute(select(Player.id, Player.name).where(
                Player.game_id == game.id, Player.id.in_(ids)).order_by(Player.id)).all()
            fold = self._fold(s, game, [pid for pid, _ in stragglers])
        out = []
        with fold.lock:  # in one go: the host's screen shows the dice when this reply comes
            for pid, name in stragglers:
                dice = _forfeited_in(fold.fold(pid).replay, number - 1)
                if dice:
                    out.append({"player_id": pid, "name": name, "dice": dice})
        return out

    def roll(self, code: str, secret: str | None, body: dict[str, Any]) -> dict[str, Any]:
        """The next round's dice: derived from the seed, or ``dice`` as typed by the host."""
        only(body, "dice", "number", "go_on")
        no_null(body, "dice", "bad_roll")

        def work(s: Session) -> tuple[int, dict[str, Any], list[int]]:
            game = self._game(s, code, lock=True)
            self._host(s, game, secret)
            if game.status == "over":
                raise StoreError(Refusal.NOT_NOW, "game_over", N_("This game is over."))
            if game.roll_count >= game.rounds:
                raise StoreError(Refusal.NOT_NOW, "no_rounds_left",
                                 N_("All %(rounds)s rounds are rolled; finish the game."),
                                 rounds=game.rounds)
            number = game.roll_count + 1
            expected = int_field(body, "number", 1, 1000)
            if expected is not None and expected != number:
                raise StoreError(Refusal.NOT_NOW, "stale_roll",
                                 N_("The next roll is roll %(next)s, not %(sent)s."),
                                 next=number, sent=expected)
            edition = load_edition(game.edition)
            typed = body.get("dice")
            if typed is not None:
                try:
                    check_roll(edition.dice_per_round, edition.faces, typed)
                except BadAction as e:
                    raise StoreError(Refusal.REFUSED, e.code, e.phrase) from None
            go_on = bool_field(body, "go_on")
            self._check_go_on(s, game, go_on)
            # Who still plays the round, as the roll meets them (their ids only: the
            # names and sheets are read after the event is out).
            stragglers = list(s.scalars(select(Player.id).where(
                *self._playing(game, game.roll_count)))) if go_on and game.roll_count else []
            if game.power_mode == "table" and game.offer is None:
                self._set_offer(s, game, None)
            dice = (list(typed) if typed is not None
                    else derive(game.seed, roll_label(number), edition.dice_per_round,
                                edition.faces))
            s.add(Roll(game_id=game.id, number=number, dice=dice, typed=typed is not None))
            game.roll_count = number
            game.status = "playing"
            game.timer_ends_at = None
            data = {"number": number, "dice": dice, "typed": typed is not None,
                    "rounds": game.rounds, "player_count": self._active_count(s, game)}
            # The event reads no hero: every stream waits for it (issue 26.10).
            emit(s, game, "roll", data)
            return game.id, data, stragglers

        game_id, data, stragglers = self.store.write(normalise_code(code), work)
        time.sleep(0)  # under gevent: the roll's event reaches every stream first
        # Each hero's own sheet lists the dice they lost; the host's reply lists the heroes.
        return {**data, "forfeited": self._forfeited(game_id, data["number"], stragglers)}

    def finish(self, code: str, secret: str | None, body: dict[str, Any]) -> dict[str, Any]:
        """End the game now (``go_on`` if some are still playing); the seed is revealed."""
        only(body, "go_on")

        def work(s: Session) -> dict[str, Any]:
            game = self._game(s, code, lock=True)
            self._host(s, game, secret)
            if game.status == "over":
                raise StoreError(Refusal.NOT_NOW, "game_over",
                                 N_("This game is over already."))
            self._check_go_on(s, game, bool_field(body, "go_on"))
            return self._finish(s, game)

        return self.store.write(normalise_code(code), work)

    def _finish(self, s: Session, game: Game, override: dict[int, Any] | None = None) -> dict:
        game.status = "over"
        game.finished_at = datetime.now(UTC)
        game.timer_ends_at = None
        board = self._leaderboard(s, game, override)
        data = {"seed": game.seed, "seed_sha256": game.seed_sha256,
                "rounds_played": game.roll_count,
                "leaderboard": [{k: e[k] for k in ("rank", "player_id", "name", "total")}
                                for e in board]}
        emit(s, game, "game_over", data)
        return data

    def _maybe_auto_finish(self, s: Session, game: Game,
                           override: dict[int, Any] | None = None) -> None:
        """After the last roll, the game is over once every active player is done."""
        if game.status == "over" or game.roll_count < game.rounds:
            return
        if not self._anyone_playing(s, game):
            self._finish(s, game, override)

    def timer(self, code: str, secret: str | None, body: dict[str, Any]) -> dict[str, Any]:
        """Set (or with 0, clear) a countdown for the round; shown on every screen."""
        only(body, "seconds")

        def work(s: Session) -> dict[str, Any]:
            game = self._game(s, code, lock=True)
            self._host(s, game, secret)
            seconds = int_field(body, "seconds", 0, TIMER_MAX, required=True)
            if game.status == "over":
                raise StoreError(Refusal.NOT_NOW, "game_over", N_("This game is over."))
            now = time.time()
            game.timer_ends_at = now + seconds if seconds else None
            game.timer_seconds = seconds or None
            data = {"seconds": seconds, "ends_at": game.timer_ends_at, "server_time": now}
            emit(s, game, "timer", data)
            return data

        return self.store.write(normalise_code(code), work)


def _forfeited_in(replay: Replay, round_: int) -> list[int]:
    """The dice ``replay``'s hero left unspent in round ``round_`` (forfeited by the next roll;
    none for a round before the hero joined: it was missed)."""
    if round_ < replay.joined:
        return []
    for r, dice in reversed(replay.forfeited):
        if r == round_:
            return list(dice)
        if r < round_:
            break
    return []
