"""Fixtures shared by every test."""

from __future__ import annotations

import pytest

from dicehero.editions import load_edition
from dicehero.engine import Edition


@pytest.fixture
def classic() -> Edition:
    """The classic edition, read from ``sheets/classic.toml``."""
    return load_edition("classic")
