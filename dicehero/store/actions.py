"""A hero's taps: one action against one roll, checked by the engine, stored once
(idempotency keys), and the hero's sheet as they see it."""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from dicehero.engine import apply, parse_action
from dicehero.engine.view import edition_view, sheet_view
from dicehero.store.access import GameAccess, player_json
from dicehero.store.db import emit
from dicehero.store.errors import Refusal, StoreError
from dicehero.store.fields import bool_field, int_field, normalise_code, only
from dicehero.store.models import ActionRow, Game
from dicehero.store.paper import PAPER_DONE
from dicehero.store.projection import PlayerFold, replay_player

KEY_MAX = 100


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
                             f"'idempotency_key' is printable text of 1 to {KEY_MAX} "
                             "characters, new for each action.")
        roll = int_field(body, "roll", 0, 1000, required=True)
        if "action" not in body:
            raise StoreError(Refusal.REFUSED, "missing_field", "'action' is required.")
        action = parse_action(body["action"]).to_dict()  # BadAction -> 400

        def work(s: Session) -> tuple[dict[str, Any], bool]:
            game, player = self._game_and_player(s, code, player_id, lock=not check)
            self._as_player(s, game, player, secret)
            if player.done_roll == PAPER_DONE:
                raise StoreError(Refusal.NOT_NOW, "paper_player",
                                 "You play on paper: enter your sheet "
                                 "on the paper page instead.")
            gfold = self._fold(s, game, player.id)
            earlier_id = gfold.players[player.id].keys.get(key) if key is not None else None
            if earlier_id is not None and not check:
                earlier = s.get(ActionRow, earlier_id)
                if earlier.action != action or earlier.roll != roll:
                    raise StoreError(Refusal.REFUSED, "idempotency_key_reused",
                                     "That idempotency key was used for another action.")
                fold = replay_player(s, game, player, upto_action=earlier.id)
                return self._reply(game, earlier, fold.sheet, fold), True
            if game.status == "over":
                raise StoreError(Refusal.NOT_NOW, "game_over", "This game is over.")
            if roll != game.roll_count:
                raise StoreError(Refusal.NOT_NOW, "stale_roll",
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

    def player_view(self, code: str, secret: str | None, player_id: int,
                    with_edition: bool = True) -> dict[str, Any]:
        """A player's sheet with the legal uses of each die and the score (player or host)."""
        with self.store.read() as s:
            game = self._game(s, code)
            player = self._player(s, game, player_id)
            self._owner(s, game, player, secret, host_may=True)
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
            out = {"player": {**player_json(player, game), "removed": player.removed},
                   "game": {"code": game.code, "status": game.status, "roll": game.roll_count,
                            "rounds": game.rounds, "last_event_id": game.last_event_id,
                            "rolls": rolls},
                   "sheet": view}
            if with_edition:
                out["edition"] = edition_view(fold.edition)
            return out
