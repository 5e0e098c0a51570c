"""Sheets as the replay of the log, cached per game and brought up to date incrementally.

The database is the truth; the cache only remembers how far it has folded
(the last action id and the rolls seen), so each request replays just what is
new. Every process folds the same rows in the same order (action ids grow in
commit order, since writers of a game are serialised), so every process
reaches the same sheets.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from dicehero.editions import load_edition
from dicehero.engine import Sheet
from dicehero.engine.edition import Edition
from dicehero.engine.fold import Fold, Row
from dicehero.engine.paper_rows import is_approved, is_paper_row, paper_offer
from dicehero.engine.replay import Replay
from dicehero.store.dice import derive_offer, offer_label
from dicehero.store.models import ActionRow, Game, Hero, Player, Roll


@dataclass
class PlayerFold:
    """One player's replay so far (the engine's), and the keys of the actions folded."""

    player_id: int
    replay: Replay
    checked: bool = True  # False while the hero's paper sheet waits for the host's approval
    # idempotency key -> action id of every action folded, so a new action needs no
    # lookup to know its key is fresh (the fold is refreshed inside the write lock).
    keys: dict[str, int] = field(default_factory=dict)

    @property
    def sheet(self) -> Sheet:
        """The player's sheet as far as it is folded."""
        return self.replay.sheet

    def extras(self) -> dict[str, Any]:
        """What the sheet view adds: the rounds missed by joining late, forfeited dice."""
        # A latecomer's rounds before joining are missed, not forfeited.
        joined = self.replay.joined
        return {"missed_rounds": max(0, joined - 1),
                "forfeited": [{"round": r, "dice": list(dice)}
                              for r, dice in self.replay.forfeited if r >= joined]}


def player_offer(game: Game, player_id: int, edition: Edition,
                 offer_key: str | None = None) -> tuple[int, ...]:
    """The superpowers a player may choose from: the table's offer or their own (drawn for
    their ``offer_key``, or for their id when they joined before there was one)."""
    if game.power_mode == "each":
        return tuple(derive_offer(game.seed, offer_key or offer_label(player_id),
                                  edition.faces))
    return tuple(game.offer or ())


def game_log(game: Game, edition: Edition, rolls: Iterable[Sequence[int]] = ()) -> Fold:
    """The engine's fold for ``game``, with ``rolls`` rolled and nobody joined yet."""
    return Fold(edition, paper_offer(game.power_mode, game.offer, edition), rolls)


@dataclass
class GameFold:
    """Every player's fold for one game, up to ``last_action_id``."""

    game_id: int
    offer_key: tuple[Any, ...]
    edition: Edition
    log: Fold
    typed: set[int] = field(default_factory=set)  # numbers of the rolls the host typed in
    players: dict[int, PlayerFold] = field(default_factory=dict)
    last_action_id: int = 0
    last_player_id: int = 0
    lock: threading.RLock = field(default_factory=threading.RLock)

    @property
    def rolls(self) -> list[list[int]]:
        """The game's rolls folded so far."""
        return self.log.rolls

    def refresh(self, session: Session, game: Game, players: Collection[int] | None = None
                ) -> None:
        """Fold in the rolls, players and actions committed since the last refresh.

        With ``players`` (the heroes a request is about) new players are looked up only
        if one of them, or one who acted, is not known yet: one query less per request.
        """
        if len(self.rolls) < game.roll_count:
            for r in session.scalars(select(Roll).where(Roll.game_id == game.id,
                                                        Roll.number > len(self.rolls))
                                     .order_by(Roll.number)):
                self.log.roll(r.dice)
                if r.typed:
                    self.typed.add(r.number)
        if players is None or any(p not in self.players for p in players):
            self._new_players(session, game)
        self.log.rows(self._rows(session, game, session.execute(
            select(ActionRow.id, ActionRow.player_id, ActionRow.roll, ActionRow.action,
                   ActionRow.idempotency_key)
            .where(ActionRow.game_id == game.id, ActionRow.id > self.last_action_id)
            .order_by(ActionRow.id))))

    def _rows(self, session: Session, game: Game, stored: Iterable[Any]) -> Iterator[Row]:
        """The stored rows as the engine folds them; each one's key and id are noted once
        it is folded (a row the engine refused is not counted as folded)."""
        for aid, pid, roll, action, key in stored:
            if pid not in self.players:
                self._new_players(session, game)
            yield pid, roll, action
            if is_paper_row(action):
                self.players[pid].checked = is_approved(action)
            if key is not None:
                self.players[pid].keys[key] = aid
            self.last_action_id = aid

    def _new_players(self, session: Session, game: Game) -> None:
        for pid, joined, key in session.execute(
                select(Player.id, Player.joined_roll, Player.offer_key)
                .where(Player.game_id == game.id, Player.id > self.last_player_id)
                .order_by(Player.id)):
            self.players[pid] = PlayerFold(
                pid, self.log.join(pid, player_offer(game, pid, self.edition, key), joined))
            self.last_player_id = pid

    def fold(self, player_id: int) -> PlayerFold:
        """The player's fold brought up to the latest roll."""
        self.log.hero(player_id)
        return self.players[player_id]


def replay_player(session: Session, game: Game, player: Hero,
                  upto_action: int | None = None) -> PlayerFold:
    """Replay one player from nothing, up to and including action ``upto_action`` (uncached)."""
    edition = load_edition(game.edition)
    log = game_log(game, edition, session.scalars(
        select(Roll.dice).where(Roll.game_id == game.id).order_by(Roll.number)))
    fold = PlayerFold(player.id, log.join(
        player.id, player_offer(game, player.id, edition, player.offer_key), player.joined_roll))
    query = select(ActionRow.roll, ActionRow.action).where(ActionRow.player_id == player.id)
    if upto_action is not None:
        query = query.where(ActionRow.id <= upto_action)
    log.rows((player.id, roll, action)
             for roll, action in session.execute(query.order_by(ActionRow.id)))
    if upto_action is None:
        log.hero(player.id)
    return fold


class Projections:
    """A bounded cache of :class:`GameFold` per game (least recently used dropped)."""

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self._games: OrderedDict[int, GameFold] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, session: Session, game: Game, players: Collection[int] | None = None
            ) -> GameFold:
        """The game's fold, refreshed from ``session`` (knowing at least ``players``, or
        everyone); hold ``fold.lock`` while using it."""
        key = (game.power_mode, tuple(game.offer or ()), game.edition)
        with self._lock:
            fold = self._games.get(game.id)
            if fold is None or fold.offer_key != key:
                edition = load_edition(game.edition)
                fold = GameFold(game.id, key, edition, game_log(game, edition))
                self._games[game.id] = fold
            self._games.move_to_end(game.id)
            while len(self._games) > self.size:
                self._games.popitem(last=False)
        with fold.lock:
            fold.refresh(session, game, players)
        return fold
