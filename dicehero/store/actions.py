"""A hero's taps: one action against one roll, checked by the engine, stored once
(idempotency keys), and the hero's sheet as they see it.

Taps of one game that arrive together are committed together
(:mod:`dicehero.store.group_commit`): one transaction finds the game and every
tapping hero in two queries, folds each tap onto the cached sheet, inserts all
the rows at once and commits, before any tap gets its reply. The accepted
sheets then go into the cache, so nothing is folded twice.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Collection
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.orm import Session

from dicehero.engine import Action, ActionError, Sheet, apply, parse_action
from dicehero.engine.view import edition_view, sheet_view
from dicehero.i18n import N_
from dicehero.store.access import GameAccess, player_json
from dicehero.store.db import emit
from dicehero.store.errors import Refusal, StoreError
from dicehero.store.fields import bool_field, int_field, normalise_code, only
from dicehero.store.group_commit import AfterCommit, Job
from dicehero.store.models import HERO_COLUMNS, ActionRow, Game, Hero, Player
from dicehero.store.paper import PAPER_DONE
from dicehero.store.projection import GameFold, PlayerFold, replay_player

KEY_MAX = 100
ACTIONS = ActionRow.__table__


@dataclass(frozen=True, slots=True)
class Tap:
    """One action as the hero sent it, its shape already checked (parsed once)."""

    player_id: int
    secret: str | None
    roll: int
    action: Action
    stored: dict[str, Any]  # the action as the log keeps it
    key: str


@dataclass(slots=True)
class Accepted:
    """A stored action (or the earlier one its key repeats) and the sheet after it."""

    row: dict[str, Any]
    sheet: Sheet
    extras: dict[str, Any]
    repeated: bool = False

    def reply(self) -> dict[str, Any]:
        """The reply: the action as stored and the hero's sheet after it."""
        return {"action": {k: self.row[k] for k in ("id", "roll", "action", "idempotency_key")},
                "sheet": {**sheet_view(self.sheet), **self.extras}}


class ActionDesk(GameAccess):
    """A hero's actions and sheet."""

    def act(self, code: str, secret: str | None, player_id: int,
            body: dict[str, Any]) -> tuple[dict[str, Any], bool]:
        """Apply one action; returns the reply and whether it repeats an earlier key."""
        only(body, "action", "roll", "idempotency_key", "check")
        check = bool_field(body, "check")  # a dry run: why a tap is refused, nothing stored
        key = body.get("idempotency_key")
        if not (check and key is None) and (not isinstance(key, str) or not key.isprintable()
                                             or not 1 <= len(key) <= KEY_MAX):
            raise StoreError(Refusal.REFUSED, "bad_idempotency_key",
                             N_("'idempotency_key' is printable text of 1 to %(most)s "
                                "characters, new for each action."), most=KEY_MAX)
        roll = int_field(body, "roll", 0, 1000, required=True)
        if "action" not in body:
            raise StoreError(Refusal.REFUSED, "missing_field", N_("'action' is required."))
        action = parse_action(body["action"])  # BadAction -> 400
        if check:
            return self._check(code, secret, player_id, roll, action), False
        tap = Tap(player_id, secret, roll, action, action.to_dict(), key)
        done: Accepted = self.group_commit.submit(
            normalise_code(code), tap, lambda s, jobs: self._act_batch(s, code, jobs))
        return done.reply(), done.repeated

    def _check(self, code: str, secret: str | None, player_id: int, roll: int,
               action: Action) -> dict[str, Any]:
        """Judge a tap exactly like the real action; nothing written, no event."""
        with self.store.read() as s:
            game, player = self._game_and_player(s, code, player_id)
            self._tapper(s, game, player, secret)
            self._open_for(game, roll)
            gfold = self._fold(s, game, (player.id,))
            with gfold.lock:
                pfold = gfold.fold(player.id)
                new = apply(pfold.sheet, action)  # ActionError: the refusal
                extras = pfold.extras()
            return {"check": True, "action": {"roll": roll, "action": action.to_dict()},
                    "sheet": {**sheet_view(new), **extras}}

    def _tapper(self, s: Session, game: Game, player: Hero, secret: str | None) -> None:
        """The hero themselves, still in the game, and playing on the phone."""
        self._as_player(s, game, player, secret)
        if player.done_roll == PAPER_DONE:
            raise StoreError(Refusal.NOT_NOW, "paper_player",
                             N_("You play on paper: enter your sheet on the paper page "
                                "instead."))

    @staticmethod
    def _open_for(game: Game, roll: int) -> None:
        if game.status == "over":
            raise StoreError(Refusal.NOT_NOW, "game_over", N_("This game is over."))
        if roll != game.roll_count:
            raise StoreError(Refusal.NOT_NOW, "stale_roll",
                             N_("That was for roll %(roll)s; this is roll %(now)s."),
                             roll=roll, now=game.roll_count)

    def _act_batch(self, s: Session, code: str, jobs: list[Job]) -> AfterCommit:
        """Every tap of the batch in this transaction; each job gets its outcome."""
        try:
            game = self._game(s, code, lock=True)
        except StoreError as e:
            for job in jobs:
                job.refuse(e)
            return lambda: None
        ids = {job.item.player_id for job in jobs if 0 < job.item.player_id < 2**62}
        players: dict[int, Hero] = {p.id: p for p in s.execute(
            select(*HERO_COLUMNS).where(Player.game_id == game.id, Player.id.in_(ids)))}
        gfold = self._fold(s, game, players)
        sheets: dict[int, Sheet] = {}  # this batch's sheets, ahead of the cache until commit
        unstored: list[Accepted] = []  # rows not inserted yet
        for job in jobs:
            try:
                job.accept(self._one(s, game, players, gfold, job.item, sheets, unstored))
            except (StoreError, ActionError) as e:
                job.refuse(e)
        self._insert(s, unstored)  # the leaderboard of an automatic end reads them
        if game.roll_count > 0 and any(job.result is not None and not job.result.repeated
                                       and job.item.action.type == "done" for job in jobs):
            self._dones(s, game, sheets)
        new = [a for a in (job.result for job in jobs) if a is not None and not a.repeated]
        return lambda: self._cache(gfold, new)

    def _one(self, s: Session, game: Game, players: dict[int, Hero], gfold: GameFold,
             tap: Tap, sheets: dict[int, Sheet], unstored: list[Accepted]) -> Accepted:
        """One tap of a batch: checked, applied to the hero's newest sheet, row queued."""
        player = players.get(tap.player_id)
        if player is None:
            raise StoreError(Refusal.NOT_FOUND, "unknown_player",
                             N_("There is no player %(player)s in this game."),
                             player=tap.player_id)
        self._tapper(s, game, player, tap.secret)
        earlier_id = gfold.players[player.id].keys.get(tap.key)
        if earlier_id is not None:
            return self._repeat(s, game, player, tap, earlier_id)
        self._open_for(game, tap.roll)
        with gfold.lock:
            pfold = gfold.fold(player.id)
            new = apply(sheets.get(player.id, pfold.sheet), tap.action)  # refused: nothing
            extras = pfold.extras()
        sheets[player.id] = new
        done = Accepted({"game_id": game.id, "player_id": player.id, "roll": tap.roll,
                         "action": tap.stored, "idempotency_key": tap.key,
                         "created_at": datetime.now(UTC).replace(tzinfo=None)}, new, extras)
        unstored.append(done)
        kind = tap.action.type
        if kind == "done" and game.roll_count > 0:
            s.execute(update(Player).where(Player.id == player.id)  # counted after the batch
                      .values(done_roll=game.roll_count))
        elif kind == "choose":
            emit(s, game, "player_chose", {"player": {"id": player.id, "name": player.name},
                                           "superpower": tap.action.superpower})
        return done

    def _dones(self, s: Session, game: Game, sheets: dict[int, Sheet]) -> None:
        """After a batch with Dones: the ready count (coalesced, see ``progress.py``; at once
        when the round is complete), and the end of the game after its last round."""
        s.flush()
        complete = not self._anyone_playing(s, game)
        self._progress(s, game, complete)
        if complete:
            self._maybe_auto_finish(s, game, dict(sheets))

    def _repeat(self, s: Session, game: Game, player: Hero, tap: Tap,
                earlier_id: int) -> Accepted:
        """A key sent again (a retry after a lost reply): the first reply again, or 422."""
        earlier = s.get(ActionRow, earlier_id)
        if earlier.action != tap.stored or earlier.roll != tap.roll:
            raise StoreError(Refusal.REFUSED, "idempotency_key_reused",
                             N_("That idempotency key was used for another action."))
        fold = replay_player(s, game, player, upto_action=earlier.id)
        row = {"id": earlier.id, "roll": earlier.roll, "action": earlier.action,
               "idempotency_key": earlier.idempotency_key}
        return Accepted(row, fold.sheet, fold.extras(), repeated=True)

    @staticmethod
    def _insert(s: Session, unstored: list[Accepted]) -> None:
        """Insert the queued rows in one statement; each learns its id. Empties the queue."""
        if not unstored:
            return
        ids = s.execute(insert(ACTIONS).returning(ACTIONS.c.id, sort_by_parameter_order=True),
                        [a.row for a in unstored]).scalars().all()
        for a, row_id in zip(unstored, ids, strict=True):
            a.row["id"] = row_id
        unstored.clear()

    @staticmethod
    def _cache(gfold: GameFold, accepted: list[Accepted]) -> None:
        """After the commit: the accepted sheets become the cache, so none is folded again.

        A row the fold already has (a leaderboard read it inside the transaction) is
        skipped; ids grow in commit order, as the fold expects.
        """
        with gfold.lock:
            for a in sorted(accepted, key=lambda a: a.row["id"]):
                if a.row["id"] <= gfold.last_action_id:
                    continue
                pfold: PlayerFold = gfold.players[a.row["player_id"]]
                pfold.replay.sheet = a.sheet
                pfold.keys[a.row["idempotency_key"]] = a.row["id"]
                gfold.last_action_id = a.row["id"]

    def player_view(self, code: str, secret: str | None, player_id: int,
                    with_edition: bool = True) -> dict[str, Any]:
        """A player's sheet with the legal uses of each die and the score (player or host)."""
        with self.store.read() as s:
            # Two SELECTs when nothing else is new: the game with the hero, and the actions
            # since the fold's last one (new heroes are looked up only if one acted).
            game, player = self._game_and_player(s, code, player_id)
            self._owner(s, game, player, secret, host_may=True)
            fold = self._fold(s, game, (player.id,))
            out = self._view(game, player, fold)
            out.update(self._read_with_sheet(s, game, player, fold))
            if with_edition:
                out["edition"] = edition_view(fold.edition)
            return out

    def _read_with_sheet(self, s: Session, game: Game, player: Player, fold: GameFold
                         ) -> dict[str, Any]:
        """What a hero's own sheet read carries besides the sheet (the place: PlaceDesk)."""
        return {}

    def pushed_sheets(self, game_id: int, heroes: Collection[int]) -> dict[int, dict[str, Any]]:
        """What each hero's sheet read gives (without the edition), for the heroes whose
        phones follow the game's stream: after a roll it is pushed to them, so no phone has
        to ask (issue 26.6). Three queries for any number of heroes."""
        with self.store.read() as s:
            game = s.get(Game, game_id)
            if game is None:
                return {}
            players = list(s.execute(select(*HERO_COLUMNS, Player.created_at, Player.settings)
                                     .where(Player.game_id == game_id,
                                            Player.id.in_(list(heroes)))))
            fold = self._fold(s, game, [p.id for p in players])
            return {p.id: self._view(game, p, fold) for p in players}

    def stream_hero(self, game_id: int, player_id: int, key: str) -> bool:
        """Whether ``key`` is the stream key of hero ``player_id`` of the game."""
        if not 0 < player_id < 2**62:
            return False
        with self.store.read() as s:
            secret_hash = s.scalar(select(Player.secret_hash).where(
                Player.id == player_id, Player.game_id == game_id))
        return secret_hash is not None and hmac.compare_digest(stream_key(secret_hash), key)

    @staticmethod
    def _view(game: Game, player: Any, fold: GameFold) -> dict[str, Any]:
        """A hero's sheet read: the hero, the game's rolls, the sheet with its legal moves."""
        with fold.lock:
            pf = fold.fold(player.id)
            sheet = pf.sheet
            view = {**sheet_view(sheet), **pf.extras()}
            rolls = [{"number": n, "dice": dice, "typed": n in fold.typed}
                     for n, dice in enumerate(fold.rolls, start=1)]
        if game.status == "over":
            view["legal"] = {"dice": [[] for _ in sheet.dice], "wild": [], "choose": [],
                             "done": False}
        return {"player": {**player_json(player, game), "removed": player.removed,
                           "stream_key": stream_key(player.secret_hash),
                           "settings": player.settings},  # null: the defaults
                "game": {"code": game.code, "status": game.status, "roll": game.roll_count,
                         "rounds": game.rounds, "last_event_id": game.last_event_id,
                         "rolls": rolls},
                "sheet": view}


def stream_key(secret_hash: str) -> str:
    """The key a hero's phone adds to its event stream to get its sheet pushed with each
    roll: derived from the stored hash, so it reads that sheet and nothing more (the
    stream's address may be logged; the secret never is)."""
    return hashlib.sha256(b"dicehero-stream:" + secret_hash.encode()).hexdigest()[:32]
