"""Fixtures shared by every test."""

from __future__ import annotations

import pytest

from dicehero.editions import load_edition
from dicehero.engine import Edition


@pytest.fixture
def classic() -> Edition:
    """The classic edition, read from ``sheets/classic.toml``."""
    return load_edition("classic")


@pytest.fixture
def app(tmp_path):
    """A fresh live-game app on a temporary instance folder and SQLite database."""
    from dicehero.web import create_app

    return create_app({
        "TESTING": True,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'test.sqlite'}",
        "SSE_KEEPALIVE": 0.2,
    })


@pytest.fixture
def client(app):
    """A test client of ``app``."""
    return app.test_client()


@pytest.fixture
def api(client):
    """The JSON API through the test client, with helpers for hosts and players."""
    from apikit import Api

    return Api(client)
