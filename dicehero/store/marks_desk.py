"""Paper sheets sent as drawn, checked by a worker process (issue 26.2, 26.3).

The request checks what needs no search (the form, ink that came off, a location's
rule, too few of a number) and queues the witness search in the worker pool
(:mod:`dicehero.store.work_pool`), fair between games, one search per hero (a sheet sent
again replaces the one waiting). It then waits at most ``paper_answer_seconds`` for the
verdict (the server's loop is free meanwhile) and answers it, or answers "being
checked" (``checking``). The verdict lands on its own: a verified sheet is stored (a
``paper_sheet`` event), marks no play draws are refused (the reason kept for the hero,
nothing stored), and the next read of the sheet says which. A search cut short by its
deadline is run again at its game's next turn in the pool, with twice the time, so how
busy the server was never changes a verdict. A sheet being checked is kept in
``paper_waits`` until its verdict is stored (:mod:`dicehero.store.paper_waits`): a
server killed meanwhile checks it again when it starts (:meth:`MarksDesk.resume_paper_checks`).
"""

from __future__ import annotations

import secrets
import threading
from typing import Any

from sqlalchemy.orm import Session

from dicehero.editions import load_edition
from dicehero.engine.paper import IMPOSSIBLE, UNDECIDED, Verdict, precheck
from dicehero.engine.paper.witness import UNDECIDED_REASON
from dicehero.engine.paper_rows import is_approved, is_paper_row, marks_row, paper_offer, row_sheet
from dicehero.engine.phrase import to_json
from dicehero.i18n import N_
from dicehero.store.errors import Refusal, StoreError
from dicehero.store.fields import normalise_code
from dicehero.store.paper import check_not_erased, marks_refusal, parse_paper_marks
from dicehero.store.paper_desk import APPROVED, PaperDesk
from dicehero.store.paper_waits import drop_wait, keep_wait, refuse_wait, waiting
from dicehero.store.witness_job import verdict_of
from dicehero.store.work_pool import POOL, Job, Task, WorkPool
from dicehero.words import refusal_to_json

SHEETS_PER_GAME = 5000  # checks waiting per game: one per paper hero (a newer one replaces it)


class MarksDesk(PaperDesk):
    """Sheets sent by their marks: checked in the worker pool, the verdict an event."""

    pool: WorkPool = POOL
    paper_answer_seconds = 2.0  # how long a request waits for its sheet's verdict
    paper_check_states: int | None = None  # the search's state cap (None: the engine's)

    def _paper_submit_marks(self, code: str, secret: str | None, player_id: int,
                            body: dict[str, Any]) -> dict[str, Any]:
        """Check a sheet sent as drawn: its verdict, or ``checking`` if not yet known."""
        check = _Check(self, code, secret, player_id, body)
        check.submit()
        if check.finished.wait(self.paper_answer_seconds):
            if isinstance(check.outcome, StoreError):
                raise check.outcome
            return check.outcome
        return self.paper_sheet(code, secret, player_id)

    def resume_paper_checks(self) -> int:
        """Check again every sheet accepted as being checked whose verdict was never stored
        (the server was killed meanwhile); how many. Called once when the server starts."""
        with self.store.read() as s:
            left = waiting(s)
        for wait in left:
            check = _Check(self, wait.code, None, wait.player_id, wait.body,
                           role="host" if wait.by_host else "player", token=wait.token)
            try:
                check.submit(again=True)
            except StoreError as e:  # refused now (removed, closed...): said, and forgotten
                check.refuse(e)
        return len(left)

    def _note_check(self, check: _Check, refusal: dict[str, Any] | None = None) -> None:
        """Keep the hero's sheet as being checked, or (``refusal``) the refusal its check
        ended in, for the hero's next read. No event: only the hero's page needs it (it
        reads its sheet), and an event would go to every stream of the game."""
        def work(s: Session) -> None:
            game = self._game(s, check.code, lock=True)
            self._player(s, game, check.player_id)
            if refusal is None:
                keep_wait(s, game, check.player_id, check.token, check.body,
                          check.role == "host")
            else:
                refuse_wait(s, game, check.player_id, check.token, refusal)

        self.store.write(normalise_code(check.code), work)


class _Check:
    """One sheet's check, from the request to its verdict in the game's log."""

    def __init__(self, desk: MarksDesk, code: str, secret: str | None, player_id: int,
                 body: dict[str, Any], role: str | None = None, token: str | None = None) -> None:
        self.desk, self.code, self.secret, self.player_id = desk, code, secret, player_id
        self.body = body
        self.role = role  # who sent it: known from the secret, or kept with a resumed check
        self.token = token or secrets.token_hex(16)  # this check's row in paper_waits
        self.finished = threading.Event()  # set with the verdict (or its refusal)
        self.noted = threading.Event()  # "checking" is kept: the verdict comes after
        if token is not None:
            self.noted.set()  # resumed: kept before the restart
        self.outcome: dict[str, Any] | StoreError | None = None
        self.rolled = 0

    def submit(self, again: bool = False) -> None:
        """Read the game, check what needs no search, and queue the search; the 4xx at
        once for what is refused without one. ``again``: after a roll came in."""
        desk = self.desk
        with desk.store.read() as s:
            game = desk._game(s, self.code)
            player, role = desk._paper_player(s, game, self.player_id, self.secret,
                                              role=self.role)
            self.role = role
            desk._check_paper_open(game)
            edition = load_edition(game.edition)
            rolls = desk._rolls(s, game)
            offer = paper_offer(game.power_mode, game.offer, edition)
            paper = parse_paper_marks(self.body, edition)
            last = desk._last_paper(s, player)
            sent: list[list[Any]] = []
            if role != "host" and last is not None and is_paper_row(last.action):
                if is_approved(last.action):
                    raise StoreError(Refusal.NOT_NOW, "sheet_approved",
                                     APPROVED)
                check_not_erased(row_sheet(edition, offer, rolls, last.action), paper, edition)
                sent = [[was.marks.to_dict(), was.rolled, was.open] for was in
                        desk._sent_before(s, game, player, edition, offer, rolls)]
            game_id = game.id
        quick = precheck(edition, offer, rolls, paper)
        if quick is not None:
            raise marks_refusal(quick)
        self.paper, self.offer, self.rolled = paper, offer, len(rolls)
        job: Job = ("witness", {"edition_name": edition.name, "offer": list(offer),
                                "rolls": rolls, "marks": paper.to_dict(), "sent": sent,
                                "max_states": desk.paper_check_states})
        task = Task(("game", game_id), ("paper", game_id, self.player_id), lambda: job,
                    self._done, seconds=desk.paper_check_seconds)
        if not desk.pool.submit(task, per_key=SHEETS_PER_GAME):
            raise StoreError(Refusal.BUSY, "checks_busy",
                             N_("Many sheets are being checked: send yours again in a minute."))
        if again:
            return
        try:
            desk._note_check(self)
        finally:
            self.noted.set()

    def _done(self, answer: dict[str, Any] | None, error: str | None) -> None:
        """The worker's verdict, into the game's log (in the pool's worker thread); a
        failed worker (``error``, logged by the pool) leaves the sheet to the host."""
        self.noted.wait(30)
        again = False
        try:
            again = self._land(answer)
        finally:
            if not again:
                self.finished.set()

    def _land(self, answer: dict[str, Any] | None) -> bool:
        """Store the verdict, or note the refusal; whether the check was queued again."""
        try:
            if answer is None:  # the worker failed: the host judges by hand
                answer = {"status": UNDECIDED, "code": "check_undecided", "nodes": 0,
                          "rounds": [], "reason": to_json(UNDECIDED_REASON)}
            verdict = verdict_of(answer)
            if verdict.status == IMPOSSIBLE:
                raise marks_refusal(verdict)
            self.outcome = self._keep(verdict)
        except StoreError as e:
            if e.code == "rolled_meanwhile":
                try:
                    self.submit(again=True)  # checked again over the rolls now out
                    return True
                except StoreError as refused:
                    e = refused
            self.refuse(e)
        return False

    def refuse(self, e: StoreError) -> None:
        """The sheet is refused after its check: said in the log, no longer being checked."""
        self.outcome = e
        self.desk._note_check(self, {
            "status": "refused", "code": e.code, "reason": str(e),
            "words": refusal_to_json(e.template, e.params),
            **{k: v for k, v in (e.details or {}).items() if k == "mark"}})

    def _keep(self, verdict: Verdict) -> dict[str, Any]:
        """Store the verified (or undecided) sheet, unless a roll came in meanwhile."""
        desk = self.desk

        def work(s: Session) -> dict[str, Any]:
            game = desk._game(s, self.code, lock=True)
            player, role = desk._paper_player(s, game, self.player_id, self.secret,
                                              role=self.role)
            drop_wait(s, player.id, self.token)  # its verdict is stored with this
            desk._check_paper_open(game)
            if game.roll_count != self.rolled:
                raise StoreError(Refusal.NOT_NOW, "rolled_meanwhile",
                                 N_("A new roll came in while your sheet was checked: send it "
                                    "again."))
            action = marks_row(self.paper, verdict, approved=role == "host")
            last = desk._last_paper(s, player)
            if role != "host" and last is not None and is_approved(last.action):
                raise StoreError(Refusal.NOT_NOW, "sheet_approved",
                                 APPROVED)
            edition = load_edition(game.edition)
            sheet = row_sheet(edition, self.offer, desk._rolls(s, game), action)
            return desk._keep_sheet(s, game, player, last, action, sheet)

        return desk.store.write(normalise_code(self.code), work)
