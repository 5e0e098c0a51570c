"""What every desk of the store shares: finding a game and a player, who a secret
belongs to (the one ownership check of a hero's sheet), the game's fold of sheets
and its leaderboard."""

from __future__ import annotations

import hmac
from collections.abc import Callable, Collection, Iterable
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from dicehero.engine import score
from dicehero.i18n import N_
from dicehero.store.cohost_keys import cohost_key
from dicehero.store.db import Store, emit
from dicehero.store.errors import Refusal, StoreError
from dicehero.store.fields import hash_secret, normalise_code
from dicehero.store.group_commit import GroupCommit
from dicehero.store.models import Game, Hero, Player, Roll
from dicehero.store.paper import PAPER_DONE
from dicehero.store.progress import ProgressTicker
from dicehero.store.projection import GameFold, Projections
from dicehero.store.standings import Standings


def unix_seconds(when: datetime) -> float:
    """Unix seconds of a stored time (SQLite gives UTC back without its zone)."""
    return (when if when.tzinfo else when.replace(tzinfo=UTC)).timestamp()


def ranks_by(rows: list[dict[str, Any]], total: Callable[[dict[str, Any]], int]) -> dict[int, int]:
    """Each row's rank by ``total``, highest first; equal totals share a rank (1, 1, 3)."""
    ordered = sorted(rows, key=lambda r: (-total(r), r["name"].casefold(), r["player_id"]))
    ranks: dict[int, int] = {}
    for i, r in enumerate(ordered):
        tie = i and total(ordered[i - 1]) == total(r)
        ranks[r["player_id"]] = ranks[ordered[i - 1]["player_id"]] if tie else i + 1
    return ranks


def round_closed(roll: int, heroes: Iterable[Player]) -> bool:
    """Whether the class is through with round ``roll``: some hero is done with it, and every
    other was left behind already, the host having gone on past a round they never
    finished (one absent child does not hold every later break up).

    A hero who joined during this round is waited for, as one who finished the last.
    """
    if roll == 0:
        return False
    done = False
    for p in heroes:
        if p.done_roll >= roll:
            done = True
        elif p.done_roll >= roll - 1 or p.joined_roll >= roll:
            return False
    return done


def player_json(p: Player, game: Game) -> dict[str, Any]:
    """A hero as every screen sees them (never their secret)."""
    return {"id": p.id, "name": p.name, "joined_roll": p.joined_roll,
            "done": game.roll_count > 0 and p.done_roll >= game.roll_count,
            "paper": p.done_roll == PAPER_DONE,
            "joined_at": unix_seconds(p.created_at) if p.created_at else None}


class GameAccess:
    """The live games on one :class:`Store`, and the reads every desk shares."""

    def __init__(self, store: Store, max_players: int = 5000) -> None:
        self.store = store
        self.projections = Projections()
        self.standings = Standings()  # each game's ranking, kept for its heroes' places
        self.group_commit = GroupCommit(store)  # heroes' taps, committed a batch at a time
        self.progress = ProgressTicker(self._send_progress)  # the ready count, coalesced
        self.max_players = max_players
        self.paper_grace = 3600.0  # seconds after the end that paper sheets may still come in
        self.paper_check_seconds = 10.0  # how long a sheet sent by its marks may be searched

    def _game(self, session: Session, code: str, lock: bool = False) -> Game:
        query = select(Game).where(Game.code == normalise_code(code))
        if lock and not self.store.is_sqlite:
            query = query.with_for_update()
        game = session.scalar(query)
        if game is None:
            raise StoreError(Refusal.NOT_FOUND, "unknown_game",
                             N_("There is no game %(game)s. Check the join code."),
                             game=repr(code))
        return game

    def _player(self, session: Session, game: Game, player_id: int) -> Player:
        p = session.get(Player, player_id) if 0 < player_id < 2**62 else None
        if p is None or p.game_id != game.id:
            raise StoreError(Refusal.NOT_FOUND, "unknown_player",
                             N_("There is no player %(player)s in this game."),
                             player=player_id)
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
        """``("host", None)``, ``("cohost", None)`` or ``("player", p)`` for the secret; 401 for
        none or a wrong one."""
        if not secret:
            raise StoreError(Refusal.NO_SECRET, "no_secret",
                             N_("Send your secret as 'Authorization: Bearer ...'."))
        h = hash_secret(secret)
        if hmac.compare_digest(h, game.host_secret_hash):
            return "host", None
        cohost = cohost_key(game)
        if cohost is not None and hmac.compare_digest(h, hash_secret(cohost)):
            return "cohost", None
        p = session.scalar(select(Player).where(Player.secret_hash == h,
                                                Player.game_id == game.id))
        if p is None or not hmac.compare_digest(h, p.secret_hash):
            raise StoreError(Refusal.NO_SECRET, "bad_secret",
                             N_("That secret does not belong to this game."))
        return "player", p

    def _host(self, session: Session, game: Game, secret: str | None) -> None:
        role, _ = self._who(session, game, secret)
        if role == "cohost":
            raise StoreError(Refusal.NOT_YOURS, "not_host",
                             N_("A co-host can remove, ban and rename heroes, approve paper "
                                "sheets and lock the list; only the host can do that."))
        if role != "host":
            raise StoreError(Refusal.NOT_YOURS, "not_host", N_("Only the host can do that."))

    def _moderator(self, session: Session, game: Game, secret: str | None) -> str:
        """``"host"`` or ``"cohost"``: who takes a moderation step (403 for a hero)."""
        role, _ = self._who(session, game, secret)
        if role == "player":
            raise StoreError(Refusal.NOT_YOURS, "not_host", N_("Only the host can do that."))
        return role

    def _owner(self, session: Session, game: Game, player: Hero, secret: str | None,
               host_may: bool, cohost_may: bool = False) -> str:
        """Who may touch ``player``'s sheet: ``"player"`` with their own secret, ``"host"``
        with the host's when ``host_may``, ``"cohost"`` with the co-host's when
        ``cohost_may`` (reading a paper sheet to approve it); 401 without a secret, 403 for
        anyone else.

        The one ownership check of the store: every route to a hero's sheet comes here.
        """
        # The common case first, without a lookup: the player's own secret.
        if secret and hmac.compare_digest(hash_secret(secret), player.secret_hash):
            return "player"
        role, _ = self._who(session, game, secret)  # 401 for none or a wrong one
        if (role == "host" and host_may) or (role == "cohost" and cohost_may):
            return role
        raise StoreError(Refusal.NOT_YOURS, "not_your_sheet", N_("That is another player's sheet."))

    def _as_player(self, session: Session, game: Game, player: Hero,
                   secret: str | None) -> None:
        """The hero themselves, still in the game (an action, a doodle)."""
        self._owner(session, game, player, secret, host_may=False)
        if player.removed:
            raise StoreError(Refusal.NOT_YOURS, "player_removed",
                             N_("The host removed you from this game."))

    def _fold(self, session: Session, game: Game, players: Collection[int] | None = None
              ) -> GameFold:
        return self.projections.get(session, game, players)

    def _active(self, session: Session, game: Game) -> list[Player]:
        return list(session.scalars(select(Player).where(Player.game_id == game.id,
                                                         Player.removed.is_(False))
                                    .order_by(Player.id)))

    @staticmethod
    def _rolls(s: Session, game: Game) -> list[list[int]]:
        return [list(r.dice) for r in s.scalars(
            select(Roll).where(Roll.game_id == game.id).order_by(Roll.number))]

    @staticmethod
    def _active_count(s: Session, game: Game) -> int:
        """How many heroes are in the game (counted by the database, none loaded)."""
        return s.scalar(select(func.count(Player.id)).where(
            Player.game_id == game.id, Player.removed.is_(False))) or 0

    def _done_count(self, s: Session, game: Game) -> int:
        if game.roll_count == 0:
            return 0
        return s.scalar(select(func.count(Player.id)).where(
            Player.game_id == game.id, Player.removed.is_(False),
            Player.done_roll >= game.roll_count)) or 0

    def _progress(self, s: Session, game: Game, complete: bool) -> None:
        """The round's ready count to every screen: now if the round is complete or the
        game's last count is old enough, else soon (:mod:`dicehero.store.progress`)."""
        if complete:
            self.progress.sent(game.code)
        elif not self.progress.now(game.code):
            return
        self._emit_count(s, game)

    def _send_progress(self, code: str) -> None:
        """The count a burst of Dones left unsent, in a transaction of its own."""
        def work(s: Session) -> None:
            game = self._game(s, code, lock=True)
            if game.status != "over" and game.roll_count > 0:
                self._emit_count(s, game)
        self.store.write(code, work)

    def _emit_count(self, s: Session, game: Game) -> None:
        emit(s, game, "player_done", {"round": game.roll_count,
                                      "done_count": self._done_count(s, game),
                                      "player_count": self._active_count(s, game)})

    def _leaderboard(self, s: Session, game: Game, override: dict[int, Any] | None = None,
                     checked: dict[int, bool] | None = None) -> list[dict[str, Any]]:
        """Every hero's score, ranked; ``override``: sheets (and ``checked``: whether each is
        approved) not stored yet.

        A paper sheet waiting for the host's approval takes no place: it is listed after
        the ranked heroes, ``pending``, with no rank, until the host approves it.
        """
        players = self._active(s, game)
        fold = self._fold(s, game)
        override, checked = override or {}, checked or {}
        rows = []
        before: dict[int, int] = {}  # each hero's total when the latest roll came
        with fold.lock:
            for p in players:
                hero = fold.fold(p.id)
                sheet = override.get(p.id) or hero.replay.sheet
                before[p.id] = (score(hero.replay.before_roll).total if p.id not in override
                                else score(sheet).total)
                rows.append({"player_id": p.id, "name": p.name,
                             "superpower": sheet.superpower,
                             "paper": p.done_roll == PAPER_DONE,
                             "pending": not checked.get(p.id, hero.checked),
                             **score(sheet).to_dict()})
        ranked = [r for r in rows if not r["pending"]]
        now = ranks_by(ranked, lambda r: r["total"])
        previous = ranks_by(ranked, lambda r: before[r["player_id"]])
        for r in rows:
            r["rank"] = now.get(r["player_id"])
            r["rank_before_roll"] = previous.get(r["player_id"])
        rows.sort(key=lambda r: (r["pending"], r["rank"] or 0, -r["total"],
                                 r["name"].casefold(), r["player_id"]))
        return rows
