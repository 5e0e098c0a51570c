"""Everything a live game can do, each write one transaction of the event log.

Each public method takes the caller's bearer secret, checks who they are,
validates the request (the engine checks every action), appends to the log
and its events, and returns JSON-ready data. A refusal raises
:class:`StoreError` (or the engine's :class:`ActionError`) before anything is
written.
"""

from __future__ import annotations

import csv
import hmac
import io
import secrets
import time
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from dicehero.editions import load_edition
from dicehero.engine import ActionError, BadAction, apply, check_roll, parse_action, score
from dicehero.engine.edition import Edition, EditionError
from dicehero.engine.view import edition_view, sheet_view
from dicehero.engine.witness import IMPOSSIBLE, find_witness
from dicehero.store.db import Store, emit
from dicehero.store.dice import derive, derive_offer, new_seed, offer_label, roll_label, seed_digest
from dicehero.store.errors import StoreError
from dicehero.store.fields import (
    bool_field,
    hash_secret,
    int_field,
    no_null,
    normalise_code,
    only,
)
from dicehero.store.models import ActionRow, Game, Player, Roll
from dicehero.store.names import check_distinct, clean_name
from dicehero.store.paper import (
    PAPER_DONE,
    check_not_erased,
    check_unchanged,
    is_approved,
    is_paper_row,
    marks_action,
    marks_refusal,
    next_round_view,
    paper_offer,
    paper_step,
    parse_paper_marks,
    parse_sheet,
    replay_sheet,
    row_sheet,
    stored_action,
)
from dicehero.store.projection import (
    GameFold,
    PlayerFold,
    Projections,
    player_offer,
    replay_player,
)

CODE_ALPHABET = "ACDEFHJKLMNPQRTUVWXY3479"  # no look-alikes: no B/8, O/0, I/1, S/5, Z/2, G/6
CODE_LENGTH = 6
KEY_MAX = 100
TIMER_MAX = 3600
POWER_MODES = ("table", "each")


def _player_json(p: Player, game: Game) -> dict[str, Any]:
    return {"id": p.id, "name": p.name, "joined_roll": p.joined_roll,
            "done": game.roll_count > 0 and p.done_roll >= game.roll_count,
            "paper": p.done_roll == PAPER_DONE,
            "joined_at": _unix(p.created_at) if p.created_at else None}


class Games:
    """The live games on one :class:`Store`."""

    def __init__(self, store: Store, max_players: int = 5000) -> None:
        self.store = store
        self.projections = Projections()
        self.max_players = max_players
        self.paper_grace = 3600.0  # seconds after the end that paper sheets may still come in
        self.paper_check_seconds = 10.0  # how long a sheet sent by its marks may be searched

    # -- lookups and who is asking ---------------------------------------------------------

    def _game(self, session: Session, code: str, lock: bool = False) -> Game:
        query = select(Game).where(Game.code == normalise_code(code))
        if lock and not self.store.is_sqlite:
            query = query.with_for_update()
        game = session.scalar(query)
        if game is None:
            raise StoreError(404, "unknown_game", f"There is no game {code!r}. "
                                                  "Check the join code.")
        return game

    def _player(self, session: Session, game: Game, player_id: int) -> Player:
        p = session.get(Player, player_id) if 0 < player_id < 2**62 else None
        if p is None or p.game_id != game.id:
            raise StoreError(404, "unknown_player", f"There is no player {player_id} "
                                                    "in this game.")
        return p

    def _game_and_player(self, session: Session, code: str, player_id: int,
                         lock: bool = False) -> tuple[Game, Player]:
        """Both rows in one query, as every action needs; the 404s as :meth:`_game`."""
        query = (select(Game, Player).join(Player, Player.game_id == Game.id)
                 .where(Game.code == normalise_code(code), Player.id == player_id))
        if lock and not self.store.is_sqlite:
            query = query.with_for_update(of=Game)
        row = session.execute(query).first() if 0 < player_id < 2**62 else None
        if row is None:  # which one is missing decides the error
            game = self._game(session, code, lock)
            return game, self._player(session, game, player_id)
        return row[0], row[1]

    def _who(self, session: Session, game: Game, secret: str | None) -> tuple[str, Player | None]:
        """``("host", None)`` or ``("player", p)`` for the secret; 401 for none or a wrong one."""
        if not secret:
            raise StoreError(401, "no_secret", "Send your secret as 'Authorization: Bearer ...'.")
        h = hash_secret(secret)
        if hmac.compare_digest(h, game.host_secret_hash):
            return "host", None
        p = session.scalar(select(Player).where(Player.secret_hash == h,
                                                Player.game_id == game.id))
        if p is None or not hmac.compare_digest(h, p.secret_hash):
            raise StoreError(401, "bad_secret", "That secret does not belong to this game.")
        return "player", p

    def _host(self, session: Session, game: Game, secret: str | None) -> None:
        role, _ = self._who(session, game, secret)
        if role != "host":
            raise StoreError(403, "not_host", "Only the host can do that.")

    def _as_player(self, session: Session, game: Game, player: Player,
                   secret: str | None) -> None:
        # The common case first, without a lookup: the player's own secret.
        if secret and hmac.compare_digest(hash_secret(secret), player.secret_hash):
            if player.removed:
                raise StoreError(403, "player_removed", "The host removed you from this game.")
            return
        role, who = self._who(session, game, secret)
        if role == "host" or who is None or who.id != player.id:
            raise StoreError(403, "not_your_sheet", "That is another player's sheet.")
        if player.removed:
            raise StoreError(403, "player_removed", "The host removed you from this game.")

    def _fold(self, session: Session, game: Game, player_id: int | None = None) -> GameFold:
        return self.projections.get(session, game, player_id)

    def _active(self, session: Session, game: Game) -> list[Player]:
        return list(session.scalars(select(Player).where(Player.game_id == game.id,
                                                         Player.removed.is_(False))
                                    .order_by(Player.id)))

    # -- creating and joining --------------------------------------------------------------

    def create(self, body: dict[str, Any]) -> dict[str, Any]:
        """A new game; returns its join code, the host secret (shown once) and its state."""
        only(body, "edition", "rounds", "power_mode")
        name = body.get("edition", "classic")
        if not isinstance(name, str):
            raise StoreError(422, "unknown_edition", "'edition' is an edition name.")
        try:
            edition = load_edition(name)
        except EditionError:
            raise StoreError(422, "unknown_edition", f"There is no edition {name!r}.") from None
        rounds = int_field(body, "rounds", 1, edition.rounds, default=edition.rounds)
        mode = body.get("power_mode", "table")
        if mode not in POWER_MODES:
            raise StoreError(422, "bad_field", "'power_mode' is 'table' (one shared choice) "
                                               "or 'each' (every player rolls their own).")
        host_secret = secrets.token_urlsafe(32)
        seed = new_seed()

        def work(s: Session) -> str:
            for _ in range(50):
                code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
                if s.scalar(select(Game.id).where(Game.code == code)) is None:
                    break
            else:  # pragma: no cover - 191 million codes
                raise StoreError(503, "busy", "No free join code; try again.")
            game = Game(code=code, edition=edition.name, rounds=rounds, power_mode=mode,
                        seed=seed, seed_sha256=seed_digest(seed),
                        host_secret_hash=hash_secret(host_secret))
            s.add(game)
            s.flush()
            emit(s, game, "game_created", {"code": code, "edition": edition.name,
                                           "rounds": rounds, "power_mode": mode,
                                           "seed_sha256": game.seed_sha256})
            return code

        code = self.store.write(None, work)
        return {"code": code, "host_secret": host_secret, "game": self.state(code)}

    def join(self, code: str, body: dict[str, Any], device: str | None = None) -> dict[str, Any]:
        """A new player; returns their id and secret (shown once).

        ``"paper": true`` joins a paper player: never waited for, their sheet comes
        in later as a whole (:meth:`paper_submit`). Paper heroes are written in before
        the first roll; phones join until the last roll is out; after that no one does
        (a hero who could join then would be choosing with the dice already public).
        In "each" mode a device (``device``, the browser's cookie) holds one hero: it
        gets that hero back, under a new secret, instead of a second one.
        """
        only(body, "name", "paper")
        name = clean_name(body.get("name"))
        paper = bool_field(body, "paper")
        secret = secrets.token_urlsafe(32)

        def work(s: Session) -> dict[str, Any]:
            game = self._game(s, code, lock=True)
            if game.status == "over":
                raise StoreError(409, "game_over", "This game is over.")
            if game.roster_locked:
                raise StoreError(409, "roster_locked", "The host has closed the list of heroes: "
                                                       "ask them to open it for you.")
            if paper and game.roll_count > 0:
                raise StoreError(409, "paper_after_first_roll",
                                 "Paper heroes are written in before the first roll, and "
                                 "this game has started: join on a phone instead.")
            if not paper and game.roll_count >= game.rounds:
                raise StoreError(409, "last_round", "The last round is being played: "
                                                    "join the next game.")
            device_hash = hash_secret(device) if device and not paper else None
            if device_hash and game.power_mode == "each":
                mine = s.scalar(select(Player).where(Player.game_id == game.id,
                                                     Player.device_hash == device_hash,
                                                     Player.removed.is_(False)))
                if mine is not None:  # no shopping for a better superpower offer
                    mine.secret_hash = hash_secret(secret)
                    return {"player": _player_json(mine, game), "secret": secret,
                            "code": game.code, "returning": True}
            active = self._active(s, game)
            if len(active) >= self.max_players:
                raise StoreError(409, "game_full", "This game is full.")
            check_distinct(name, (p.name for p in active))
            p = Player(game_id=game.id, name=name, secret_hash=hash_secret(secret),
                       joined_roll=0 if paper else game.roll_count,
                       done_roll=PAPER_DONE if paper else 0, device_hash=device_hash)
            s.add(p)
            s.flush()
            emit(s, game, "player_joined", {"player": _player_json(p, game),
                                            "player_count": len(active) + 1})
            return {"player": _player_json(p, game), "secret": secret, "code": game.code,
                    "returning": False}

        return self.store.write(normalise_code(code), work)

    # -- the host --------------------------------------------------------------------------

    def roll_offer(self, code: str, secret: str | None, body: dict[str, Any]) -> dict[str, Any]:
        """Roll (or type) the table's two superpower choices; once, before the first roll."""
        only(body, "choices")
        no_null(body, "choices", "bad_offer")

        def work(s: Session) -> dict[str, Any]:
            game = self._game(s, code, lock=True)
            self._host(s, game, secret)
            if game.power_mode != "table":
                raise StoreError(409, "wrong_mode", "In this game every player rolls their "
                                                    "own superpower choices.")
            if game.offer is not None:
                raise StoreError(409, "offer_rolled", "The superpower choices are rolled "
                                                      "already.")
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
                raise StoreError(422, "bad_offer", f"'choices' is two different numbers "
                                                   f"from 1 to {faces}.")
            choices = list(typed)
        game.offer = choices
        game.offer_typed = typed is not None
        data = {"mode": "table", "choices": choices, "typed": game.offer_typed}
        emit(s, game, "offer", data)
        return data

    def _stragglers(self, s: Session, game: Game) -> list[Player]:
        if game.roll_count == 0:
            return []
        return [p for p in self._active(s, game) if p.done_roll < game.roll_count]

    def _check_go_on(self, stragglers: list[Player], go_on: bool) -> None:
        if stragglers and not go_on:
            names = ", ".join(p.name for p in stragglers[:10])
            more = f" and {len(stragglers) - 10} more" if len(stragglers) > 10 else ""
            raise StoreError(409, "players_not_done",
                             f"{len(stragglers)} still playing: {names}{more}. "
                             "Send 'go_on': true to go on without them.")

    def _forfeits(self, s: Session, game: Game, stragglers: list[Player]) -> list[dict]:
        if not stragglers:
            return []
        fold = self._fold(s, game)
        out = []
        with fold.lock:
            for p in stragglers:
                sheet = fold.fold(p.id).sheet
                unspent = [d.value for d in sheet.dice if not d.used] if sheet.round_open else []
                if unspent:
                    out.append({"player_id": p.id, "name": p.name, "dice": unspent})
        return out

    def roll(self, code: str, secret: str | None, body: dict[str, Any]) -> dict[str, Any]:
        """The next round's dice: derived from the seed, or ``dice`` as typed by the host."""
        only(body, "dice", "number", "go_on")
        no_null(body, "dice", "bad_roll")

        def work(s: Session) -> dict[str, Any]:
            game = self._game(s, code, lock=True)
            self._host(s, game, secret)
            if game.status == "over":
                raise StoreError(409, "game_over", "This game is over.")
            if game.roll_count >= game.rounds:
                raise StoreError(409, "no_rounds_left", f"All {game.rounds} rounds are rolled; "
                                                        "finish the game.")
            number = game.roll_count + 1
            expected = int_field(body, "number", 1, 1000)
            if expected is not None and expected != number:
                raise StoreError(409, "stale_roll", f"The next roll is roll {number}, "
                                                    f"not {expected}.")
            edition = load_edition(game.edition)
            typed = body.get("dice")
            if typed is not None:
                try:
                    check_roll(edition.dice_per_round, edition.faces, typed)
                except BadAction as e:
                    raise StoreError(422, e.code, e.message) from None
            stragglers = self._stragglers(s, game)
            self._check_go_on(stragglers, bool_field(body, "go_on"))
            forfeited = self._forfeits(s, game, stragglers)
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
                    "rounds": game.rounds, "forfeited": forfeited,
                    "player_count": len(self._active(s, game))}
            emit(s, game, "roll", data)
            return data

        return self.store.write(normalise_code(code), work)

    def finish(self, code: str, secret: str | None, body: dict[str, Any]) -> dict[str, Any]:
        """End the game now (``go_on`` if some are still playing); the seed is revealed."""
        only(body, "go_on")

        def work(s: Session) -> dict[str, Any]:
            game = self._game(s, code, lock=True)
            self._host(s, game, secret)
            if game.status == "over":
                raise StoreError(409, "game_over", "This game is over already.")
            stragglers = self._stragglers(s, game)
            self._check_go_on(stragglers, bool_field(body, "go_on"))
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

    def timer(self, code: str, secret: str | None, body: dict[str, Any]) -> dict[str, Any]:
        """Set (or with 0, clear) a countdown for the round; shown on every screen."""
        only(body, "seconds")

        def work(s: Session) -> dict[str, Any]:
            game = self._game(s, code, lock=True)
            self._host(s, game, secret)
            seconds = int_field(body, "seconds", 0, TIMER_MAX, required=True)
            if game.status == "over":
                raise StoreError(409, "game_over", "This game is over.")
            now = time.time()
            game.timer_ends_at = now + seconds if seconds else None
            data = {"seconds": seconds, "ends_at": game.timer_ends_at, "server_time": now}
            emit(s, game, "timer", data)
            return data

        return self.store.write(normalise_code(code), work)

    def remove(self, code: str, secret: str | None, player_id: int) -> dict[str, Any]:
        """Take a player out of the game (their sheet stays in the log)."""

        def work(s: Session) -> dict[str, Any]:
            game = self._game(s, code, lock=True)
            self._host(s, game, secret)
            p = self._player(s, game, player_id)
            if not p.removed:
                p.removed = True
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
            raise StoreError(422, "bad_field", "'ids' is a list of hero ids.")
        within = int_field(body, "joined_within", 1, 24 * 3600)
        never_chose = bool_field(body, "never_chose")
        if ids is None and within is None and not never_chose:
            raise StoreError(422, "missing_field", "Say whom to remove: 'ids', "
                                                   "'joined_within' or 'never_chose'.")

        def work(s: Session) -> dict[str, Any]:
            game = self._game(s, code, lock=True)
            self._host(s, game, secret)
            chosen = {}
            if never_chose:
                fold = self._fold(s, game)
                with fold.lock:
                    chosen = {pid: fold.fold(pid).sheet.superpower is not None
                              for pid in fold.players}
            since = time.time() - within if within is not None else None
            gone = [p for p in self._active(s, game)
                    if (ids is None or p.id in ids)
                    and (since is None or (p.created_at and _unix(p.created_at) >= since))
                    and (not never_chose or (p.done_roll != PAPER_DONE
                                             and not chosen.get(p.id, False)))]
            for p in gone:
                p.removed = True
            if gone:
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
        """Lock (or open again) the list of heroes: while locked no one joins (host only)."""
        only(body, "locked")
        if "locked" not in body:
            raise StoreError(422, "missing_field", "'locked' is required: true or false.")
        locked = bool_field(body, "locked")

        def work(s: Session) -> dict[str, Any]:
            game = self._game(s, code, lock=True)
            self._host(s, game, secret)
            if game.roster_locked != locked:
                game.roster_locked = locked
                emit(s, game, "roster", {"locked": locked})
            return {"locked": locked}

        return self.store.write(normalise_code(code), work)

    def rename(self, code: str, secret: str | None, player_id: int,
               body: dict[str, Any]) -> dict[str, Any]:
        """Give a player another name (the host's answer to a rude one)."""
        only(body, "name")
        name = clean_name(body.get("name"))

        def work(s: Session) -> dict[str, Any]:
            game = self._game(s, code, lock=True)
            self._host(s, game, secret)
            p = self._player(s, game, player_id)
            check_distinct(name, (o.name for o in self._active(s, game) if o.id != p.id))
            p.name = name
            emit(s, game, "player_renamed", {"player": {"id": p.id, "name": name}})
            return {"player": _player_json(p, game)}

        return self.store.write(normalise_code(code), work)

    def _done_count(self, s: Session, game: Game) -> int:
        if game.roll_count == 0:
            return 0
        return s.scalar(select(func.count(Player.id)).where(
            Player.game_id == game.id, Player.removed.is_(False),
            Player.done_roll >= game.roll_count)) or 0

    def _maybe_auto_finish(self, s: Session, game: Game,
                           override: dict[int, Any] | None = None) -> None:
        """After the last roll, the game is over once every active player is done."""
        if game.status == "over" or game.roll_count < game.rounds:
            return
        if not self._stragglers(s, game):
            self._finish(s, game, override)

    # -- a player's actions ----------------------------------------------------------------

    def act(self, code: str, secret: str | None, player_id: int,
            body: dict[str, Any]) -> tuple[dict[str, Any], bool]:
        """Apply one action; returns the reply and whether it repeats an earlier key."""
        only(body, "action", "roll", "idempotency_key", "check")
        check = bool_field(body, "check")  # a dry run: why a tap is refused, nothing stored
        key = body.get("idempotency_key")
        if not (check and key is None) and (not isinstance(key, str) or not key.isprintable()
                                             or not 1 <= len(key) <= KEY_MAX):
            raise StoreError(422, "bad_idempotency_key",
                             f"'idempotency_key' is printable text of 1 to {KEY_MAX} "
                             "characters, new for each action.")
        roll = int_field(body, "roll", 0, 1000, required=True)
        if "action" not in body:
            raise StoreError(422, "missing_field", "'action' is required.")
        action = parse_action(body["action"]).to_dict()  # BadAction -> 400

        def work(s: Session) -> tuple[dict[str, Any], bool]:
            game, player = self._game_and_player(s, code, player_id, lock=not check)
            self._as_player(s, game, player, secret)
            if player.done_roll == PAPER_DONE:
                raise StoreError(409, "paper_player", "You play on paper: enter your sheet "
                                                      "on the paper page instead.")
            gfold = self._fold(s, game, player.id)
            earlier_id = gfold.players[player.id].keys.get(key) if key is not None else None
            if earlier_id is not None and not check:
                earlier = s.get(ActionRow, earlier_id)
                if earlier.action != action or earlier.roll != roll:
                    raise StoreError(422, "idempotency_key_reused",
                                     "That idempotency key was used for another action.")
                fold = replay_player(s, game, player, upto_action=earlier.id)
                return self._reply(game, earlier, fold.sheet, fold), True
            if game.status == "over":
                raise StoreError(409, "game_over", "This game is over.")
            if roll != game.roll_count:
                raise StoreError(409, "stale_roll",
                                 f"That was for roll {roll}; this is roll {game.roll_count}.")
            with gfold.lock:
                pfold = gfold.fold(player.id)
                new = apply(pfold.sheet, action)  # ActionError: nothing written
                extras = pfold.extras()
            if check:  # judged exactly like the real action; nothing written, no event
                return {"check": True, "action": {"roll": roll, "action": action},
                        "sheet": {**sheet_view(new), **extras}}, False
            row = ActionRow(game_id=game.id, player_id=player.id, roll=roll, action=action,
                            idempotency_key=key)
            s.add(row)
            if action["type"] == "done" and game.roll_count > 0:
                player.done_roll = game.roll_count
                s.flush()
                emit(s, game, "player_done", {
                    "round": game.roll_count, "player": {"id": player.id, "name": player.name},
                    "done_count": self._done_count(s, game),
                    "player_count": len(self._active(s, game))})
                self._maybe_auto_finish(s, game, {player.id: new})
            elif action["type"] == "choose":
                emit(s, game, "player_chose", {"player": {"id": player.id, "name": player.name},
                                               "superpower": action["superpower"]})
            s.flush()
            return self._reply(game, row, new, extras), False

        if check:
            with self.store.read() as s:
                return work(s)
        return self.store.write(normalise_code(code), work)

    def _reply(self, game: Game, row: ActionRow, sheet: Any, extras: Any) -> dict[str, Any]:
        if isinstance(extras, PlayerFold):
            extras = extras.extras()
        return {"action": {"id": row.id, "roll": row.roll, "action": row.action,
                           "idempotency_key": row.idempotency_key},
                "sheet": {**sheet_view(sheet), **extras}}

    # -- paper players ---------------------------------------------------------------------

    def _paper_until(self, game: Game) -> float | None:
        """Until when (unix seconds) paper sheets are taken; None while the game runs."""
        if game.paper_closed_at is not None:
            return _unix(game.paper_closed_at)
        if game.status != "over":
            return None
        if game.finished_at is None:
            return 0.0
        return _unix(game.finished_at) + self.paper_grace

    def _paper_open(self, game: Game) -> bool:
        until = self._paper_until(game)
        return game.paper_closed_at is None and (until is None or time.time() <= until)

    def _check_paper_open(self, game: Game) -> None:
        if game.paper_closed_at is not None:
            raise StoreError(409, "paper_closed", "The host closed paper entry: the results "
                                                  "are final.")
        until = self._paper_until(game)
        if until is not None and time.time() > until:
            minutes = round(self.paper_grace / 60)
            raise StoreError(409, "paper_closed", f"Paper sheets for this game were taken "
                                                  f"until {minutes} minutes after it ended.")

    def _paper_player(self, s: Session, game: Game, player_id: int,
                      secret: str | None) -> tuple[Player, str]:
        """The paper player ``player_id`` and who asks, if the secret is theirs or the host's."""
        player = self._player(s, game, player_id)
        role, who = self._who(s, game, secret)
        if role == "player" and (who is None or who.id != player.id):
            raise StoreError(403, "not_your_sheet", "That is another player's sheet.")
        if player.removed:
            raise StoreError(403, "player_removed", "The host removed this hero from the game.")
        if player.done_roll != PAPER_DONE:
            raise StoreError(409, "not_paper", f"{player.name} plays on a phone; only paper "
                                               "players send a whole sheet.")
        return player, role

    @staticmethod
    def _rolls(s: Session, game: Game) -> list[list[int]]:
        return [list(r.dice) for r in s.scalars(
            select(Roll).where(Roll.game_id == game.id).order_by(Roll.number))]

    @staticmethod
    def _last_paper(s: Session, player: Player) -> ActionRow | None:
        return s.scalar(select(ActionRow).where(ActionRow.player_id == player.id)
                        .order_by(ActionRow.id.desc()).limit(1))

    def _paper_reply(self, game: Game, player: Player, row: ActionRow | None,
                     board: list[dict[str, Any]]) -> dict[str, Any]:
        mine = next(r for r in board if r["player_id"] == player.id)
        sheet = (row.action if row is not None and is_paper_row(row.action)
                 else stored_action(None, [], approved=False))
        return {"player": _player_json(player, game),
                "paper": {"superpower": sheet.get("superpower"),
                          "rounds": sheet.get("rounds") or [],
                          "marks": sheet.get("marks"), "check": sheet.get("check"),
                          "submitted_at": _unix(row.created_at) if row is not None else None,
                          "approved": row is not None and is_approved(sheet)},
                "score": {k: mine[k] for k in mine if k not in ("player_id", "name")},
                "player_count": len(board), "status": game.status, "roll": game.roll_count,
                "open_until": self._paper_until(game)}

    def paper_sheet(self, code: str, secret: str | None, player_id: int) -> dict[str, Any]:
        """A paper player's sheet as last sent, with its score and rank (them or the host)."""
        with self.store.read() as s:
            game = self._game(s, code)
            player, _ = self._paper_player(s, game, player_id, secret)
            return self._paper_reply(game, player, self._last_paper(s, player),
                                     self._leaderboard(s, game))

    def paper_submit(self, code: str, secret: str | None, player_id: int,
                     body: dict[str, Any]) -> dict[str, Any]:
        """Replace a paper player's sheet with ``{superpower, rounds}``, checked over the rolls.

        All or nothing: the first mark the rules refuse is a 422 naming its round,
        die and rule, and nothing is stored. The same sheet again stores nothing new.
        A sheet the host sends is approved; the player's own is pending until the host
        approves it, may not rewrite rounds sent before the next roll was out, and may
        not change a sheet the host approved.
        """
        only(body, "superpower", "rounds", "marks")
        if "marks" in body:
            return self._paper_submit_marks(code, secret, player_id, body)

        def work(s: Session) -> dict[str, Any]:
            game = self._game(s, code, lock=True)
            player, role = self._paper_player(s, game, player_id, secret)
            self._check_paper_open(game)
            edition = load_edition(game.edition)
            rolls = self._rolls(s, game)
            superpower, rounds = parse_sheet(body, len(rolls))
            sheet = replay_sheet(edition, paper_offer(game.power_mode, game.offer, edition),
                                 rolls, superpower, rounds)
            last = self._last_paper(s, player)
            host = role == "host"
            if not host and last is not None and is_paper_row(last.action):
                if is_approved(last.action):
                    raise StoreError(409, "sheet_approved", "The host approved your sheet; "
                                                            "only the host can change it now.")
                check_unchanged(last.action, superpower, rounds, len(rolls),
                                game.status == "over")
            action = stored_action(superpower, rounds, approved=host)
            # Ranked before the row is added: the cache must never fold an uncommitted row.
            board = self._leaderboard(s, game, {player.id: sheet})
            if last is not None and last.action == action:
                return {**self._paper_reply(game, player, last, board), "stored": False}
            row = ActionRow(game_id=game.id, player_id=player.id, roll=game.roll_count,
                            action=action, idempotency_key="paper:" + secrets.token_hex(12))
            s.add(row)
            s.flush()
            reply = self._paper_reply(game, player, row, board)
            self._emit_paper_sheet(s, game, player, reply)
            return {**reply, "stored": True}

        return self.store.write(normalise_code(code), work)

    def _paper_submit_marks(self, code: str, secret: str | None, player_id: int,
                            body: dict[str, Any]) -> dict[str, Any]:
        """A paper sheet sent as drawn: verified by a witness search, then stored with it.

        The search runs outside the game's write lock (it may take seconds, and the
        game goes on meanwhile); the sheet is stored only if no roll came in since.
        Marks no legal play draws are a 422 in plain words. A search that runs out
        of time stores the sheet pending, for the host to approve by hand.
        """
        with self.store.read() as s:
            game = self._game(s, code)
            player, role = self._paper_player(s, game, player_id, secret)
            self._check_paper_open(game)
            edition = load_edition(game.edition)
            rolls = self._rolls(s, game)
            offer = paper_offer(game.power_mode, game.offer, edition)
            paper = parse_paper_marks(body, edition)
            last = self._last_paper(s, player)
            if role != "host" and last is not None and is_paper_row(last.action):
                if is_approved(last.action):
                    raise StoreError(409, "sheet_approved", "The host approved your sheet; "
                                                            "only the host can change it now.")
                check_not_erased(row_sheet(edition, offer, rolls, last.action), paper, edition)
        deadline = time.monotonic() + self.paper_check_seconds

        def pause() -> bool:
            time.sleep(0)  # under gevent: let the live game's requests run between states
            return time.monotonic() < deadline

        verdict = find_witness(edition, offer, rolls, paper, pause=pause)
        if verdict.status == IMPOSSIBLE:
            raise marks_refusal(verdict)

        def work(s: Session) -> dict[str, Any]:
            game = self._game(s, code, lock=True)
            player, role = self._paper_player(s, game, player_id, secret)
            self._check_paper_open(game)
            if game.roll_count != len(rolls):
                raise StoreError(409, "rolled_meanwhile", "A new roll came in while your "
                                                          "sheet was checked: send it again.")
            action = marks_action(paper, verdict, approved=role == "host")
            last = self._last_paper(s, player)
            if role != "host" and last is not None and is_approved(last.action):
                raise StoreError(409, "sheet_approved", "The host approved your sheet; "
                                                        "only the host can change it now.")
            sheet = row_sheet(edition, offer, rolls, action)
            board = self._leaderboard(s, game, {player.id: sheet})
            if last is not None and last.action == action:
                return {**self._paper_reply(game, player, last, board), "stored": False}
            row = ActionRow(game_id=game.id, player_id=player.id, roll=game.roll_count,
                            action=action, idempotency_key="paper:" + secrets.token_hex(12))
            s.add(row)
            s.flush()
            reply = self._paper_reply(game, player, row, board)
            self._emit_paper_sheet(s, game, player, reply)
            return {**reply, "stored": True}

        return self.store.write(normalise_code(code), work)

    def _emit_paper_sheet(self, s: Session, game: Game, player: Player,
                          reply: dict[str, Any]) -> None:
        emit(s, game, "paper_sheet", {
            "player": {"id": player.id, "name": player.name},
            "rounds": len(reply["paper"]["rounds"]), "approved": reply["paper"]["approved"],
            "total": reply["score"]["total"], "rank": reply["score"]["rank"],
            "final": game.status == "over"})

    def paper_approve(self, code: str, secret: str | None, player_id: int,
                      body: dict[str, Any]) -> dict[str, Any]:
        """The host approves a paper player's pending sheet, as it was sent (host only)."""
        only(body)

        def work(s: Session) -> dict[str, Any]:
            game = self._game(s, code, lock=True)
            self._host(s, game, secret)
            player, _ = self._paper_player(s, game, player_id, secret)
            self._check_paper_open(game)
            last = self._last_paper(s, player)
            if last is None or not is_paper_row(last.action):
                raise StoreError(409, "no_sheet", f"{player.name} has not sent a sheet yet.")
            board = self._leaderboard(s, game)
            if is_approved(last.action):
                return {**self._paper_reply(game, player, last, board), "stored": False}
            row = ActionRow(game_id=game.id, player_id=player.id, roll=game.roll_count,
                            action={**last.action, "approved": True},
                            idempotency_key="paper:" + secrets.token_hex(12))
            s.add(row)
            s.flush()
            reply = self._paper_reply(game, player, row, board)
            self._emit_paper_sheet(s, game, player, reply)
            return {**reply, "stored": True}

        return self.store.write(normalise_code(code), work)

    def paper_close(self, code: str, secret: str | None, body: dict[str, Any]) -> dict[str, Any]:
        """The host closes paper entry after the end: the results become final (host only)."""
        only(body)

        def work(s: Session) -> dict[str, Any]:
            game = self._game(s, code, lock=True)
            self._host(s, game, secret)
            if game.status != "over":
                raise StoreError(409, "game_not_over", "Paper entry closes after the last "
                                                       "round; the game is still on.")
            if game.paper_closed_at is None:
                pending = self._pending(s, game)
                if pending:
                    names = ", ".join(p.name for p in pending)
                    raise StoreError(409, "sheets_pending", f"Approve or remove the sheets "
                                                            f"still waiting first: {names}.")
                game.paper_closed_at = datetime.now(UTC)
                emit(s, game, "paper_closed", {"final": True})
            return {"code": game.code, "paper_closed_at": _unix(game.paper_closed_at),
                    "final": True}

        return self.store.write(normalise_code(code), work)

    def _pending(self, s: Session, game: Game,
                 players: list[Player] | None = None) -> list[Player]:
        """Paper heroes whose newest sheet waits for the host's approval."""
        pending = []
        for p in self._active(s, game) if players is None else players:
            if p.done_roll == PAPER_DONE:
                last = self._last_paper(s, p)
                if last is not None and is_paper_row(last.action) and not is_approved(
                        last.action):
                    pending.append(p)
        return pending

    def _results(self, s: Session, game: Game,
                 players: list[Player] | None = None) -> dict[str, Any]:
        """Whether the results are final, and which paper sheets still wait for the host."""
        players = self._active(s, game) if players is None else players
        pending = self._pending(s, game, players)
        paper = any(p.done_roll == PAPER_DONE for p in players)
        provisional = bool(pending) or (game.status == "over" and paper
                                        and self._paper_open(game))
        return {"final": game.status == "over" and not provisional,
                "provisional": provisional,
                "pending": [{"id": p.id, "name": p.name} for p in pending],
                "paper_open": self._paper_open(game)}

    def paper_check(self, code: str, body: dict[str, Any]) -> dict[str, Any]:
        """The entry page's tap: replay a draft sheet, then try one more action (stores nothing).

        Public, like the rolls it reads. A draft the rules refuse is a 422 as for
        :meth:`paper_submit`; a refused ``try`` is answered in ``error``.
        """
        only(body, "superpower", "rounds", "try", "check")
        with self.store.read() as s:
            game = self._game(s, code)
            rolls = self._rolls(s, game)
            edition = load_edition(game.edition)
            offer = paper_offer(game.power_mode, game.offer, edition)
            status, until, open_ = game.status, self._paper_until(game), self._paper_open(game)
        superpower, rounds = parse_sheet(body, len(rolls))
        sheet = replay_sheet(edition, offer, rolls, superpower, rounds)
        accepted, error = False, None
        if body.get("try") is not None:
            action = parse_action(body["try"])  # BadAction: 400
            try:
                after = paper_step(edition, offer, rolls, superpower, rounds, action)
            except StoreError as e:
                if e.status != 422:
                    raise
                error = {**(e.details or {}), "code": e.code, "message": e.message}
            else:
                accepted = True
                if not bool_field(body, "check"):
                    superpower, rounds, sheet = after
        view = sheet_view(next_round_view(sheet, rolls))
        view["can_undo"] = superpower is not None or any(rounds)
        return {"draft": {"superpower": superpower, "rounds": rounds}, "sheet": view,
                "accepted": accepted, "error": error, "rolled": len(rolls),
                "status": status, "open_until": until, "open": open_}

    # -- reading ---------------------------------------------------------------------------

    def state(self, code: str) -> dict[str, Any]:
        """The whole current state of a game, for a fresh page (no secrets)."""
        with self.store.read() as s:
            game = self._game(s, code)
            players = self._active(s, game)
            rolls = list(s.scalars(select(Roll).where(Roll.game_id == game.id)
                                   .order_by(Roll.number)))
            fold = self._fold(s, game)
            with fold.lock:
                powers = {p.id: fold.players[p.id].sheet.superpower
                          for p in players if p.id in fold.players}
            now = time.time()
            plist = [{**_player_json(p, game), "superpower": powers.get(p.id)} for p in players]
            return {
                "code": game.code, "edition": game.edition, "rounds": game.rounds,
                "power_mode": game.power_mode, "status": game.status,
                "roll": game.roll_count,
                "dice": list(rolls[-1].dice) if rolls else None,
                "rolls": [{"number": r.number, "dice": list(r.dice), "typed": r.typed}
                          for r in rolls],
                "offer": ({"choices": list(game.offer), "typed": game.offer_typed}
                          if game.offer is not None else None),
                "seed_sha256": game.seed_sha256,
                "seed": game.seed if game.status == "over" else None,
                "timer": ({"ends_at": game.timer_ends_at,
                           "seconds_left": max(0.0, round(game.timer_ends_at - now, 1))}
                          if game.timer_ends_at else None),
                "server_time": now,
                "players": plist,
                "player_count": len(plist),
                "done_count": sum(1 for p in plist if p["done"]),
                "roster_locked": game.roster_locked,
                "results": self._results(s, game, players),
                "last_event_id": game.last_event_id,
            }

    def event_position(self, code: str) -> tuple[int, int, dict[str, Any]]:
        """A game's id, its last event id, and its phase (for a stream's snapshot)."""
        with self.store.read() as s:  # five columns, no ORM object: every stream asks
            row = s.execute(select(Game.id, Game.last_event_id, Game.status, Game.roll_count,
                                   Game.rounds).where(Game.code == normalise_code(code))).first()
            if row is None:
                self._game(s, code)  # the 404 every reader gives
            game_id, last, status, roll, rounds = row
            return game_id, last, {"status": status, "roll": roll, "rounds": rounds}

    def whoami(self, code: str, secret: str | None) -> dict[str, Any]:
        """Who a secret belongs to: the host, or which player."""
        with self.store.read() as s:
            game = self._game(s, code)
            role, p = self._who(s, game, secret)
            out: dict[str, Any] = {"role": role, "code": game.code}
            if p is not None:
                out["player"] = {**_player_json(p, game), "removed": p.removed}
            return out

    def player_view(self, code: str, secret: str | None, player_id: int,
                    with_edition: bool = True) -> dict[str, Any]:
        """A player's sheet with the legal uses of each die and the score (player or host)."""
        with self.store.read() as s:
            game = self._game(s, code)
            player = self._player(s, game, player_id)
            role, who = self._who(s, game, secret)
            if role != "host" and (who is None or who.id != player.id):
                raise StoreError(403, "not_your_sheet", "That is another player's sheet.")
            fold = self._fold(s, game)
            with fold.lock:
                pf = fold.fold(player.id)
                sheet = pf.sheet
                view = {**sheet_view(sheet), **pf.extras()}
                rolls = [{"number": n, "dice": dice, "typed": n in fold.typed}
                         for n, dice in enumerate(fold.rolls, start=1)]
            if game.status == "over":
                view["legal"] = {"dice": [[] for _ in sheet.dice], "wild": [], "choose": [],
                                 "done": False}
            out = {"player": {**_player_json(player, game), "removed": player.removed},
                   "game": {"code": game.code, "status": game.status, "roll": game.roll_count,
                            "rounds": game.rounds, "last_event_id": game.last_event_id,
                            "rolls": rolls},
                   "sheet": view}
            if with_edition:
                out["edition"] = edition_view(fold.edition)
            return out

    def _leaderboard(self, s: Session, game: Game,
                     override: dict[int, Any] | None = None) -> list[dict[str, Any]]:
        players = self._active(s, game)
        fold = self._fold(s, game)
        rows = []
        with fold.lock:
            for p in players:
                sheet = (override or {}).get(p.id) or fold.fold(p.id).sheet
                rows.append({"player_id": p.id, "name": p.name,
                             "superpower": sheet.superpower,
                             "paper": p.done_roll == PAPER_DONE, **score(sheet).to_dict()})
        rows.sort(key=lambda r: (-r["total"], r["name"].casefold(), r["player_id"]))
        for i, r in enumerate(rows):
            r["rank"] = rows[i - 1]["rank"] if i and rows[i - 1]["total"] == r["total"] else i + 1
        return rows

    def scores(self, code: str) -> dict[str, Any]:
        """The leaderboard with every player's breakdown (final once the game is over)."""
        with self.store.read() as s:
            game = self._game(s, code)
            results = self._results(s, game)
            pending = {p["id"] for p in results["pending"]}
            board = [{**r, "pending": r["player_id"] in pending}
                     for r in self._leaderboard(s, game)]
            return {"code": game.code, "status": game.status, "roll": game.roll_count,
                    "rounds": game.rounds, "final": results["final"],
                    "provisional": results["provisional"], "leaderboard": board}

    def export(self, code: str) -> dict[str, Any]:
        """The whole game as JSON: settings, rolls, seed (when over), scores and every action."""
        with self.store.read() as s:
            game = self._game(s, code)
            over = game.status == "over"
            rolls = [list(r.dice) for r in s.scalars(
                select(Roll).where(Roll.game_id == game.id).order_by(Roll.number))]
            players = list(s.scalars(select(Player).where(Player.game_id == game.id)
                                     .order_by(Player.id)))
            actions: dict[int, list[dict[str, Any]]] = {p.id: [] for p in players}
            paper: dict[int, dict[str, Any]] = {}
            for row in s.scalars(select(ActionRow).where(ActionRow.game_id == game.id)
                                 .order_by(ActionRow.id)):
                actions[row.player_id].append({"id": row.id, "roll": row.roll,
                                               "action": row.action})
                if is_paper_row(row.action):  # the newest sheet counts
                    paper[row.player_id] = {"superpower": row.action.get("superpower"),
                                            "rounds": row.action.get("rounds") or []}
            board = {r["player_id"]: r for r in self._leaderboard(s, game)}
            edition = load_edition(game.edition)
            return {
                "code": game.code, "edition": game.edition, "rounds": game.rounds,
                "power_mode": game.power_mode, "status": game.status,
                "seed_sha256": game.seed_sha256, "seed": game.seed if over else None,
                "offer": game.offer, "rolls": rolls,
                "players": [{"id": p.id, "name": p.name, "removed": p.removed,
                             "joined_roll": p.joined_roll,
                             "offer": list(paper_offer(game.power_mode, game.offer, edition)
                                           if p.done_roll == PAPER_DONE
                                           else player_offer(game, p.id, edition)),
                             "score": board.get(p.id), "actions": actions[p.id],
                             "paper": p.done_roll == PAPER_DONE,
                             **({"paper_sheet": paper[p.id]} if p.id in paper else {})}
                            for p in players],
                "leaderboard": list(board.values()),
            }

    def export_csv(self, code: str) -> str:
        """The leaderboard as CSV, one row per player with the breakdown."""
        data = self.scores(code)
        edition = load_edition(self._edition_of(code))
        out = io.StringIO()
        w = csv.writer(out)
        locs = [loc.name for loc in edition.locations]
        w.writerow(["rank", "player_id", "name", *locs, "bystanders", "bystander_honor",
                    "minions", "minion_honor", "total"])
        for r in data["leaderboard"]:
            w.writerow([r["rank"], r["player_id"], _csv_safe(r["name"]),
                        *[r["locations"].get(n, 0) for n in locs], r["bystanders"],
                        r["bystander_honor"], r["minions"], r["minion_honor"], r["total"]])
        return out.getvalue()

    def _edition_of(self, code: str) -> str:
        with self.store.read() as s:
            return self._game(s, code).edition

    def edition(self, name: str) -> dict[str, Any]:
        """The printed sheet of an edition."""
        try:
            return edition_view(load_edition(name))
        except EditionError:
            raise StoreError(404, "unknown_edition", f"There is no edition {name!r}.") from None


def _unix(when: datetime) -> float:
    """Unix seconds of a stored time (SQLite gives UTC back without its zone)."""
    return (when if when.tzinfo else when.replace(tzinfo=UTC)).timestamp()


def _csv_safe(text: str) -> str:
    """Keep a spreadsheet from running a name as a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


__all__ = ["ActionError", "Edition", "Games", "StoreError", "clean_name", "hash_secret"]
