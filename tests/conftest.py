"""Fixtures shared by every test."""

from __future__ import annotations

import os
import shutil

import pytest

from dicehero.editions import load_edition
from dicehero.engine import Edition


@pytest.fixture
def classic() -> Edition:
    """The classic edition, read from ``sheets/classic.toml``."""
    return load_edition("classic")


@pytest.fixture
def database_url(tmp_path):
    """A fresh SQLite file; or, with ``DICEHERO_TEST_DATABASE_URL`` set to a PostgreSQL
    database, a fresh schema in it (so the API tests run on PostgreSQL too)."""
    pg = os.environ.get("DICEHERO_TEST_DATABASE_URL")
    if not pg:
        yield f"sqlite:///{tmp_path / 'test.sqlite'}"
        return
    from pgkit import fresh_schema

    with fresh_schema(pg) as url:
        yield url


@pytest.fixture
def app(database_url):
    """A fresh live-game app on a temporary instance folder and database."""
    from dicehero.web import create_app

    app = create_app({
        "TESTING": True,
        "DATABASE_URL": database_url,
        "SSE_KEEPALIVE": 0.2,
        "PAPER_ANSWER_SECONDS": 120,  # a sheet's verdict in the reply, however loaded the machine
    })
    yield app
    # Par's worker reads the database in the background after each roll: let it finish
    # before the connections (and, on PostgreSQL, the test's schema) go away.
    assert app.extensions["dicehero.games"].par_work.settle()
    assert app.extensions["dicehero.games"].progress.settle()  # a count a timer was to send
    assert app.extensions["dicehero.sheet_push"].settle()  # sheets pushed after a roll
    engine = app.extensions["dicehero.store"].engine
    # A connection still out now is never closed (dispose closes the pooled ones only):
    # it would fail a later test with a ResourceWarning, far from its cause.
    assert engine.pool.checkedout() == 0, "a connection outlives the test"
    engine.dispose()  # no pooled connections left over


@pytest.fixture
def client(app):
    """A test client of ``app``."""
    return app.test_client()


@pytest.fixture
def api(client):
    """The JSON API through the test client, with helpers for hosts and players."""
    from apikit import Api

    return Api(client)


@pytest.fixture
def pdftoppm() -> str:
    """poppler's PDF-to-PNG renderer, or a clear failure: the PDF is looked at, never skipped."""
    path = shutil.which("pdftoppm")
    if path is None:
        pytest.fail("pdftoppm not found: install poppler-utils (.ci/run does)")
    return path
