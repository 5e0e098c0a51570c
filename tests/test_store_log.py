"""The store: verifiable dice, hashed secrets, busy SQLite retried, the log replays."""

from __future__ import annotations

import hashlib
import hmac
import threading
from pathlib import Path

import pytest
from sqlitekit import write_lock_held

from dicehero.store import Refusal, Store, StoreError, schema
from dicehero.store.db import StoredEvent, emit
from dicehero.store.dice import derive, derive_offer, seed_digest
from dicehero.store.models import Game


def _documented_roll(seed_hex: str, n: int) -> list[int]:
    """The recipe printed in docs/API.md, verbatim."""
    dice, block = [], 0
    while len(dice) < 4:
        msg = f"roll:{n}#{block}".encode()
        for byte in hmac.new(bytes.fromhex(seed_hex), msg, hashlib.sha256).digest():
            if byte < 252 and len(dice) < 4:
                dice.append(byte % 6 + 1)
        block += 1
    return dice


def test_rolls_follow_the_documented_recipe():
    seed = "00" * 31 + "2a"
    for n in range(1, 11):
        assert derive(seed, f"roll:{n}", 4) == _documented_roll(seed, n)


def test_seed_digest_is_sha256_of_the_hex_text():
    assert seed_digest("ab" * 32) == hashlib.sha256(("ab" * 32).encode()).hexdigest()


def test_offer_is_two_different_numbers():
    for i in range(50):
        a, b = derive_offer(f"{i:064x}", "offer")
        assert a != b and {a, b} <= set(range(1, 7))


def test_secrets_are_stored_only_as_hashes(api, app):
    game = api.create()
    api.join(game, "Ann")
    url = app.config["DATABASE_URL"]
    if url.startswith("sqlite"):
        db = Path(url.removeprefix("sqlite:///"))
        wal = db.with_name(db.name + "-wal")
        raw = db.read_bytes() + (wal.read_bytes() if wal.exists() else b"")
    else:  # PostgreSQL (DICEHERO_TEST_DATABASE_URL): every row of every table, as text
        from sqlalchemy import text

        with app.extensions["dicehero.store"].engine.connect() as con:
            raw = b"".join(str(row).encode() for table in ("games", "players", "events",
                                                           "actions", "rolls")
                           for row in con.execute(text(f"SELECT * FROM {table}")))
    for secret in (game.host, game.players["Ann"][1]):
        assert secret.encode() not in raw
        assert hashlib.sha256(secret.encode()).hexdigest().encode() in raw


def _store(tmp_path) -> tuple[Store, str]:
    path = str(tmp_path / "busy.sqlite")
    store = Store(f"sqlite:///{path}")
    schema.upgrade(store.engine)
    return store, path


def _add_game(session) -> int:
    g = Game(code="AAAAAA", edition="classic", rounds=1, power_mode="table", seed="00",
             seed_sha256="x", host_secret_hash="y")
    session.add(g)
    session.flush()
    return g.id


def test_a_write_waits_for_a_busy_database_instead_of_failing(tmp_path):
    store, path = _store(tmp_path)
    with write_lock_held(path, 1.5):
        assert store.write(None, _add_game) == 1


def test_a_database_that_stays_busy_is_refused_with_503(tmp_path, monkeypatch):
    monkeypatch.setattr("dicehero.store.db.RETRIES", 2)
    store, path = _store(tmp_path)
    with write_lock_held(path, 4), pytest.raises(StoreError) as e:
        store.write(None, _add_game)
    assert e.value.kind == Refusal.BUSY and e.value.code == "busy"


def _another_writer_may_enter(store: Store, code: str) -> bool:
    """Whether a writer on another thread could take the game's writer lock now."""
    lock, got = store.writer_lock(code), []

    def try_it() -> None:
        got.append(lock.acquire(blocking=False))
        if got[-1]:
            lock.release()

    other = threading.Thread(target=try_it)
    other.start()
    other.join()
    return got[0]


def test_events_are_published_under_the_writer_lock_and_work_is_asked_after_it(tmp_path):
    """A listener is told of each event in order, under the game's writer lock; what asks
    for work (par after a roll) is told once the lock is let go, because starting a worker
    may wait for the event loop, and every writer would wait with it (issue 26.1)."""
    store, _ = _store(tmp_path)
    seen: list[tuple[str, bool]] = []
    store.listeners.append(lambda ev: seen.append(
        ("published", _another_writer_may_enter(store, ev.code))))
    store.after_commit.append(lambda ev: seen.append(
        ("asked", _another_writer_may_enter(store, ev.code))))

    def roll(session) -> StoredEvent:
        game = session.get(Game, _add_game(session))
        return emit(session, game, "roll", {"number": 1})

    store.write("AAAAAA", roll)
    assert seen == [("published", False), ("asked", True)]


def test_sheets_equal_a_replay_from_nothing(api, app):
    from dicehero.store.projection import replay_player

    game = api.create()
    for name in ("Ann", "Bob"):
        api.join(game, name)
    api.roll(game, dice=[1, 1, 2, 3])
    for name in ("Ann", "Bob"):
        api.choose_first(game, name)
    api.act(game, "Ann", {"type": "move", "die": 0, "to": 1})
    api.act(game, "Ann", {"type": "undo"})
    api.act(game, "Bob", {"type": "move", "die": 3, "to": 3})
    api.roll(game, dice=[3, 3, 3, 3], go_on=True)
    store = app.extensions["dicehero.store"]
    with store.read() as s:
        from sqlalchemy import select

        from dicehero.store.models import Player
        g = s.scalar(select(Game).where(Game.code == game.code))
        for p in s.scalars(select(Player).where(Player.game_id == g.id)):
            fresh = replay_player(s, g, p)
            pid = p.id
            name = p.name
            assert api.sheet(game, name)["forfeited"] == fresh.extras()["forfeited"], pid
            assert api.sheet(game, name)["position"] == fresh.sheet.position
