"""The SQLite file holds every game's secret seed: only its owner may read it."""

from __future__ import annotations

import stat
from pathlib import Path

from dicehero.store import Store, schema


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_new_sqlite_file_is_readable_by_its_owner_only(tmp_path: Path):
    db = tmp_path / "dicehero.sqlite"
    store = Store(f"sqlite:///{db}")
    schema.upgrade(store.engine)
    assert _mode(db) == 0o600


def test_the_write_ahead_log_is_as_private_as_the_database(tmp_path: Path):
    db = tmp_path / "dicehero.sqlite"
    store = Store(f"sqlite:///{db}")
    schema.upgrade(store.engine)
    wal = tmp_path / "dicehero.sqlite-wal"
    with store.engine.connect() as conn:  # the WAL exists while a connection is open
        conn.exec_driver_sql("SELECT 1")
        assert wal.exists() and _mode(wal) == 0o600


def test_an_existing_file_others_could_read_is_made_private(tmp_path: Path, caplog):
    db = tmp_path / "dicehero.sqlite"
    db.touch()
    db.chmod(0o644)
    Store(f"sqlite:///{db}")
    assert _mode(db) == 0o600
    assert "readable by others" in caplog.text


def test_a_private_file_is_left_as_it_is(tmp_path: Path, caplog):
    db = tmp_path / "dicehero.sqlite"
    db.touch()
    db.chmod(0o600)
    Store(f"sqlite:///{db}")
    assert _mode(db) == 0o600
    assert "readable by others" not in caplog.text
