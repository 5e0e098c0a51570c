"""Paper players at the desk: sheets entered round by round or by their marks,
checked over the game's rolls, approved by the host, and paper entry closed."""

from __future__ import annotations

import secrets
import time
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from dicehero.editions import load_edition
from dicehero.engine import parse_action
from dicehero.engine.paper import PaperMarks, Sent
from dicehero.engine.paper.entry import next_round_view
from dicehero.engine.paper_rows import (
    is_approved,
    is_paper_row,
    paper_offer,
    paper_row,
    row_sheet,
)
from dicehero.engine.view import sheet_view
from dicehero.i18n import N_
from dicehero.store.access import GameAccess, player_json, unix_seconds
from dicehero.store.db import emit
from dicehero.store.errors import Refusal, StoreError
from dicehero.store.fields import bool_field, normalise_code, only
from dicehero.store.hero_settings import ranks_hidden
from dicehero.store.models import ActionRow, Game, Player
from dicehero.store.moderation import log_step
from dicehero.store.paper import (
    PAPER_DONE,
    check_unchanged,
    paper_step,
    parse_sheet,
    replay_sheet,
)
from dicehero.store.paper_waits import check_status, forget_refusal

# A sheet the host approved is final for its player.
APPROVED = N_("The host approved your sheet; only the host can change it now.")


class PaperDesk(GameAccess):
    """Paper sheets: entered, checked, approved, closed (by their marks: :mod:`.marks_desk`)."""

    def _paper_until(self, game: Game) -> float | None:
        """Until when (unix seconds) paper sheets are taken; None while the game runs."""
        if game.paper_closed_at is not None:
            return unix_seconds(game.paper_closed_at)
        if game.status != "over":
            return None
        if game.finished_at is None:
            return 0.0
        return unix_seconds(game.finished_at) + self.paper_grace

    def _paper_open(self, game: Game) -> bool:
        until = self._paper_until(game)
        return game.paper_closed_at is None and (until is None or time.time() <= until)

    def _check_paper_open(self, game: Game) -> None:
        if game.paper_closed_at is not None:
            raise StoreError(Refusal.NOT_NOW, "paper_closed",
                             N_("The host closed paper entry: the results are final."))
        until = self._paper_until(game)
        if until is not None and time.time() > until:
            minutes = round(self.paper_grace / 60)
            raise StoreError(Refusal.NOT_NOW, "paper_closed",
                             N_("Paper sheets for this game were taken until %(m)s minutes "
                                "after it ended."), m=minutes)

    def _paper_player(self, s: Session, game: Game, player_id: int, secret: str | None,
                      cohost_may: bool = False, role: str | None = None) -> tuple[Player, str]:
        """The paper player ``player_id`` and who asks, if the secret is theirs or the host's
        (or a co-host's, with ``cohost_may``: reading or approving a sheet). ``role``: who
        sent a sheet whose check the server resumes (no secret kept for it)."""
        player = self._player(s, game, player_id)
        if role is None:
            role = self._owner(s, game, player, secret, host_may=True, cohost_may=cohost_may)
        if player.removed:
            raise StoreError(Refusal.NOT_YOURS, "player_removed",
                             N_("The host removed this hero from the game."))
        if player.done_roll != PAPER_DONE:
            raise StoreError(Refusal.NOT_NOW, "not_paper",
                             N_("%(name)s plays on a phone; only paper players send a whole "
                                "sheet."), name=player.name)
        return player, role

    @staticmethod
    def _last_paper(s: Session, player: Player) -> ActionRow | None:
        return s.scalar(select(ActionRow).where(ActionRow.player_id == player.id)
                        .order_by(ActionRow.id.desc()).limit(1))

    def _paper_reply(self, game: Game, player: Player, row: ActionRow | None,
                     board: list[dict[str, Any]],
                     checking: dict[str, Any] | None = None) -> dict[str, Any]:
        mine = next(r for r in board if r["player_id"] == player.id)
        if ranks_hidden(game):  # a paper hero sees their Honor, not their place
            mine = {**mine, "rank": None, "rank_before_roll": None}
        sheet = (row.action if row is not None and is_paper_row(row.action)
                 else paper_row(None, [], approved=False))
        return {"player": player_json(player, game),
                "paper": {"superpower": sheet.get("superpower"),
                          "rounds": sheet.get("rounds") or [],
                          "marks": sheet.get("marks"), "check": sheet.get("check"),
                          "reason": sheet.get("reason"),
                          "submitted_at": unix_seconds(row.created_at) if row is not None else None,
                          "approved": row is not None and is_approved(sheet)},
                "score": {k: mine[k] for k in mine if k not in ("player_id", "name")},
                "player_count": len(board), "status": game.status, "roll": game.roll_count,
                "open_until": self._paper_until(game), "checking": checking}

    @staticmethod
    def _checking(s: Session, player: Player) -> dict[str, Any] | None:
        """The hero's sheet being checked (``{"status": "checking"}``) or refused after its
        check (with ``code`` and ``reason``), if that came after the sheet last stored."""
        return check_status(s, player.id)

    def paper_sheet(self, code: str, secret: str | None, player_id: int) -> dict[str, Any]:
        """A paper player's sheet as last sent, with its score and rank (them, the host or a
        co-host)."""
        with self.store.read() as s:
            game = self._game(s, code)
            player, _ = self._paper_player(s, game, player_id, secret, cohost_may=True)
            return self._paper_reply(game, player, self._last_paper(s, player),
                                     self._leaderboard(s, game),
                                     self._checking(s, player))

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
                    raise StoreError(Refusal.NOT_NOW, "sheet_approved",
                                     APPROVED)
                check_unchanged(last.action, superpower, rounds, len(rolls),
                                game.status == "over")
            action = paper_row(superpower, rounds, approved=host)
            return self._keep_sheet(s, game, player, last, action, sheet)

        return self.store.write(normalise_code(code), work)

    def _sent_before(self, s: Session, game: Game, player: Player, edition: Any,
                     offer: tuple[int, ...], rolls: list[list[int]]) -> list[Sent]:
        """Every sheet the player sent before, with the rolls out then: a sheet sent again
        may add only marks that dice rolled since (or the round then open) could make."""
        finished = game.finished_at
        out = []
        for row in s.scalars(select(ActionRow).where(ActionRow.player_id == player.id)
                             .order_by(ActionRow.id)):
            if is_paper_row(row.action):
                marks = PaperMarks.of(row_sheet(edition, offer, rolls[:row.roll], row.action))
                running = finished is None or _aware(row.created_at) < _aware(finished)
                out.append(Sent(marks, row.roll, open=running))
        return out

    def _keep_sheet(self, s: Session, game: Game, player: Player, last: ActionRow | None,
                    action: dict[str, Any], sheet: Any) -> dict[str, Any]:
        """Store a paper sheet's row, unless it is the one already stored; the reply."""
        # Ranked before the row is added: the cache must never fold an uncommitted row.
        board = self._leaderboard(s, game, {player.id: sheet}, {player.id: is_approved(action)})
        if last is not None and last.action == action:
            return {**self._paper_reply(game, player, last, board), "stored": False}
        row = ActionRow(game_id=game.id, player_id=player.id, roll=game.roll_count,
                        action=action, idempotency_key="paper:" + secrets.token_hex(12))
        s.add(row)
        s.flush()
        reply = self._paper_reply(game, player, row, board)
        self._emit_paper_sheet(s, game, player, reply)
        return {**reply, "stored": True}

    def _emit_paper_sheet(self, s: Session, game: Game, player: Player,
                          reply: dict[str, Any]) -> None:
        forget_refusal(s, player.id)
        emit(s, game, "paper_sheet", {
            "player": {"id": player.id, "name": player.name},
            "rounds": len(reply["paper"]["rounds"]), "approved": reply["paper"]["approved"],
            # every screen reads this: no total to rank by while ranks wait for the end
            "total": None if ranks_hidden(game) else reply["score"]["total"],
            "rank": reply["score"]["rank"],
            "final": game.status == "over"})

    def paper_approve(self, code: str, secret: str | None, player_id: int,
                      body: dict[str, Any]) -> dict[str, Any]:
        """The host (or a co-host) approves a paper player's pending sheet, as it was sent."""
        only(body)

        def work(s: Session) -> dict[str, Any]:
            game = self._game(s, code, lock=True)
            by = self._moderator(s, game, secret)
            player, _ = self._paper_player(s, game, player_id, secret, cohost_may=True)
            self._check_paper_open(game)
            last = self._last_paper(s, player)
            if last is None or not is_paper_row(last.action):
                raise StoreError(Refusal.NOT_NOW, "no_sheet",
                                 N_("%(name)s has not sent a sheet yet."), name=player.name)
            board = self._leaderboard(s, game, checked={player.id: True})
            if is_approved(last.action):
                return {**self._paper_reply(game, player, last, board), "stored": False}
            row = ActionRow(game_id=game.id, player_id=player.id, roll=game.roll_count,
                            action={**last.action, "approved": True},
                            idempotency_key="paper:" + secrets.token_hex(12))
            s.add(row)
            s.flush()
            log_step(s, game, by, "approve", player.id)
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
                raise StoreError(Refusal.NOT_NOW, "game_not_over",
                                 N_("Paper entry closes after the last round; the game is still "
                                    "on."))
            if game.paper_closed_at is None:
                pending = self._pending(s, game)
                if pending:
                    names = ", ".join(p.name for p in pending)
                    raise StoreError(Refusal.NOT_NOW, "sheets_pending",
                                     N_("Approve or remove the sheets still waiting first: "
                                        "%(names)s."), names=names)
                game.paper_closed_at = datetime.now(UTC)
                emit(s, game, "paper_closed", {"final": True})
            return {"code": game.code, "paper_closed_at": unix_seconds(game.paper_closed_at),
                    "final": True}

        return self.store.write(normalise_code(code), work)

    def _sheets(self, s: Session, game: Game,
                players: list[Player] | None = None) -> list[tuple[Player, dict[str, Any]]]:
        """Each paper hero who sent a sheet, with the newest one stored."""
        out = []
        for p in self._active(s, game) if players is None else players:
            if p.done_roll == PAPER_DONE:
                last = self._last_paper(s, p)
                if last is not None and is_paper_row(last.action):
                    out.append((p, last.action))
        return out

    def _pending(self, s: Session, game: Game,
                 players: list[Player] | None = None) -> list[Player]:
        """Paper heroes whose newest sheet waits for the host's approval."""
        return [p for p, sheet in self._sheets(s, game, players) if not is_approved(sheet)]

    def _results(self, s: Session, game: Game,
                 players: list[Player] | None = None) -> dict[str, Any]:
        """Whether the results are final, which paper sheets still wait for the host, and how
        each stored sheet came in (by its marks, or round by round) with its check."""
        players = self._active(s, game) if players is None else players
        sheets = self._sheets(s, game, players)
        pending = [p for p, sheet in sheets if not is_approved(sheet)]
        paper = any(p.done_roll == PAPER_DONE for p in players)
        provisional = bool(pending) or (game.status == "over" and paper
                                        and self._paper_open(game))
        return {"final": game.status == "over" and not provisional,
                "provisional": provisional,
                "pending": [{"id": p.id, "name": p.name} for p in pending],
                "sheets": [{"id": p.id, "by": "marks" if sheet.get("marks") else "rounds",
                            "check": sheet.get("check"), "approved": is_approved(sheet)}
                           for p, sheet in sheets],
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
                if e.kind != Refusal.REFUSED:
                    raise
                error = e  # worded by the web layer, in the reader's language
            else:
                accepted = True
                if not bool_field(body, "check"):
                    superpower, rounds, sheet = after
        view = sheet_view(next_round_view(sheet, rolls))
        view["can_undo"] = superpower is not None or any(rounds)
        return {"draft": {"superpower": superpower, "rounds": rounds}, "sheet": view,
                "accepted": accepted, "error": error, "rolled": len(rolls),
                "status": status, "open_until": until, "open": open_}


def _aware(moment: datetime) -> datetime:
    """A stored time as UTC (SQLite hands times back without their zone)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
