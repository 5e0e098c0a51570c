"""The tables: games, players, rolls, actions and events. The log tables are append-only.

A player's sheet is never stored: it is the engine's replay of their actions
over the game's rolls (see :mod:`dicehero.store.projection`). ``players`` and
``games`` hold only what is not derivable from the log (names, secrets'
hashes, the seed) plus a few counters kept in the same transaction as the log
rows they count.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, ClassVar, Protocol

from sqlalchemy import JSON, ForeignKey, Index, LargeBinary, String, UniqueConstraint, false
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def _now() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    """The declarative base of every table."""

    type_annotation_map: ClassVar[dict[Any, Any]] = {dict[str, Any]: JSON, list[int]: JSON}


class Game(Base):
    """One live game: its settings, its secret seed and its counters."""

    __tablename__ = "games"

    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(12), unique=True)
    edition: Mapped[str] = mapped_column(String(64))
    rounds: Mapped[int]
    power_mode: Mapped[str] = mapped_column(String(8))  # "table" or "each"
    seed: Mapped[str] = mapped_column(String(64))  # secret until the game is over
    seed_sha256: Mapped[str] = mapped_column(String(64))
    host_secret_hash: Mapped[str] = mapped_column(String(64))
    offer: Mapped[list[int] | None] = mapped_column(JSON, default=None)
    offer_typed: Mapped[bool] = mapped_column(default=False)
    status: Mapped[str] = mapped_column(String(10), default="lobby")  # lobby, playing, over
    roll_count: Mapped[int] = mapped_column(default=0)
    last_event_id: Mapped[int] = mapped_column(default=0)
    timer_ends_at: Mapped[float | None] = mapped_column(default=None)
    created_at: Mapped[datetime] = mapped_column(default=_now)
    finished_at: Mapped[datetime | None] = mapped_column(default=None)
    # The host closed paper entry: no sheet comes in or changes, the results are final.
    paper_closed_at: Mapped[datetime | None] = mapped_column(default=None)
    # The host locked the roster: no one else joins (a griefer's flood, a full class).
    roster_locked: Mapped[bool] = mapped_column(default=False, server_default=false())
    # The host's cap on the heroes of the game (None: the server's MAX_PLAYERS only).
    roster_cap: Mapped[int | None] = mapped_column(default=None)
    # The room's password, hashed with the game's code (None: no password to join).
    password_hash: Mapped[str | None] = mapped_column(String(64), default=None)
    # A "stream" game: the projected view does not show the join code (store/room.py).
    stream: Mapped[bool] = mapped_column(default=False, server_default=false())
    # Seconds the stream overlay shows the game late, for a stream whose viewers see it late.
    overlay_delay: Mapped[int] = mapped_column(default=0, server_default="0")
    # Words the host added that hero names may not have (folded; None: the shipped lists only).
    name_words: Mapped[list[str] | None] = mapped_column(JSON, default=None)
    # The co-host link's round (0: never shared); renewing it counts up, the old link dies.
    cohost_round: Mapped[int] = mapped_column(default=0, server_default="0")
    # The host's own hero, when the host plays along (a hero like any other, own secret).
    host_player_id: Mapped[int | None] = mapped_column(default=None)
    # The class sees ranks only once the game is over (store/hero_settings.py).
    ranks_at_end: Mapped[bool] = mapped_column(default=False, server_default=false())
    # The running timer's length in seconds: a hero's extra time is a share of it.
    timer_seconds: Mapped[int | None] = mapped_column(default=None)
    # "Names from the generator": heroes pick a name offered to their phone, no free text.
    generated_names: Mapped[bool] = mapped_column(default=False, server_default=false())
    # The host page's language when the game was made: the generated names' language.
    language: Mapped[str | None] = mapped_column(String(16), default=None)


class Player(Base):
    """A hero in a game; the secret is kept only as its SHA-256."""

    __tablename__ = "players"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), index=True)
    name: Mapped[str] = mapped_column(String(64))
    secret_hash: Mapped[str] = mapped_column(String(64), unique=True)
    joined_roll: Mapped[int] = mapped_column(default=0)  # rolls made before they joined
    done_roll: Mapped[int] = mapped_column(default=0)  # the last roll they said done to
    removed: Mapped[bool] = mapped_column(default=False)
    # SHA-256 of the device cookie that joined this hero ("each" mode: one hero a device).
    device_hash: Mapped[str | None] = mapped_column(String(64), default=None)
    # "each" mode: the label the hero's own offer is drawn for (their name's look, so a
    # fresh cookie re-joining as them is offered the same); None: drawn for their id.
    offer_key: Mapped[str | None] = mapped_column(String(64), default=None)
    created_at: Mapped[datetime] = mapped_column(default=_now)
    # A paper hero's key is derived (store/paper_keys.py); renewing it counts this up.
    key_round: Mapped[int] = mapped_column(default=0, server_default="0")
    # The address the hero joined from, hashed with the game's code (store/bans.py): what
    # a ban of their address matches. None for a paper hero and heroes from before.
    address_hash: Mapped[str | None] = mapped_column(String(64), default=None)
    # What this hero's screen and timer need (store/hero_settings.py); None: the defaults.
    settings: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)


class Hero(Protocol):
    """What the checks of who may act read of a player: an ORM :class:`Player`, or a row of
    just these columns (a batch of taps reads a thousand heroes; ORM objects cost 5x more)."""

    id: int
    name: str
    secret_hash: str
    joined_roll: int
    done_roll: int
    removed: bool
    offer_key: str | None


HERO_COLUMNS = (Player.id, Player.name, Player.secret_hash, Player.joined_roll,
                Player.done_roll, Player.removed, Player.offer_key)


class Roll(Base):
    """The dice of one round, as derived from the seed or as typed by the host."""

    __tablename__ = "rolls"
    __table_args__ = (UniqueConstraint("game_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    number: Mapped[int]
    dice: Mapped[list[int]] = mapped_column(JSON)
    typed: Mapped[bool] = mapped_column(default=False)
    created_at: Mapped[datetime] = mapped_column(default=_now)


class ActionRow(Base):
    """One accepted action of one player, answering roll ``roll`` (0 before the first)."""

    __tablename__ = "actions"
    __table_args__ = (
        UniqueConstraint("player_id", "idempotency_key"),
        Index("ix_actions_game_id_id", "game_id", "id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    roll: Mapped[int]
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    idempotency_key: Mapped[str] = mapped_column(String(100))
    created_at: Mapped[datetime] = mapped_column(default=_now)


class EventRow(Base):
    """One game event as pushed to live clients; ``seq`` counts up from 1 per game."""

    __tablename__ = "events"
    __table_args__ = (UniqueConstraint("game_id", "seq"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    seq: Mapped[int]
    type: Mapped[str] = mapped_column(String(32))
    data: Mapped[str]  # the event's JSON text, exactly as sent
    created_at: Mapped[datetime] = mapped_column(default=_now)


class Ban(Base):
    """The host banned a hero: no phone with their device cookie (or, if the host chose,
    from their address) joins the game again. Kept by the server, so it outlives the
    cookie the child can delete and a restart; ``lifted_at`` is set when the host lifts it."""

    __tablename__ = "bans"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    device_hash: Mapped[str | None] = mapped_column(String(64), default=None)
    address_hash: Mapped[str | None] = mapped_column(String(64), default=None)
    created_at: Mapped[datetime] = mapped_column(default=_now)
    lifted_at: Mapped[datetime | None] = mapped_column(default=None)


class ModerationRow(Base):
    """One moderation step (a removal, a ban, a lock...): who did it, what, when.
    Append-only, written in the transaction of the change it records."""

    __tablename__ = "moderation"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), index=True)
    at: Mapped[datetime] = mapped_column(default=_now)
    by: Mapped[str] = mapped_column(String(32))  # "host" or "cohost"
    step: Mapped[str] = mapped_column(String(16))
    player_id: Mapped[int | None] = mapped_column(default=None)
    detail: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)


class Doodle(Base):
    """A player's costume doodle: a small PNG, checked before it is stored; the latest wins."""

    __tablename__ = "doodles"

    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), index=True)
    png: Mapped[bytes] = mapped_column(LargeBinary)
    sha256: Mapped[str] = mapped_column(String(64))  # the ETag: a redrawn doodle is refetched
    updated_at: Mapped[datetime] = mapped_column(default=_now, onupdate=_now)


class NameOffer(Base):
    """A generated name offered to one device of a game (store/name_offers.py): unique in
    the game, so two phones are never offered the same; gone once that device joins."""

    __tablename__ = "name_offers"
    __table_args__ = (UniqueConstraint("game_id", "name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), index=True)
    device_hash: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(64))


class PaperWait(Base):
    """A paper sheet accepted as "being checked" whose verdict is not stored yet, or the
    refusal its check ended in (until the hero's next sheet).

    Written in the transaction that accepts the sheet, deleted in the one that stores its
    verdict: a server killed while the check was in the worker pool finds it here when
    it starts and checks it again (:mod:`dicehero.store.paper_waits`). One a hero: a
    sheet sent again replaces it (``token`` tells the checks apart).
    """

    __tablename__ = "paper_waits"

    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), index=True)
    token: Mapped[str] = mapped_column(String(32))
    body: Mapped[dict[str, Any]] = mapped_column(JSON)  # the sheet as sent: its marks
    by_host: Mapped[bool]  # the host sent it: stored approved
    # Refused after its check: what the hero's next read says (None: still being checked).
    refusal: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True),
                                                          default=None)
    created_at: Mapped[datetime] = mapped_column(default=_now)
