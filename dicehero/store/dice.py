"""Verifiable dice: every roll is derived from a secret seed, so anyone can re-check it.

The server picks ``seed = secrets.token_hex(32)`` when a game is created and
shows ``sha256(seed)`` at once; the seed itself is revealed when the game ends.
Roll ``n`` is then :func:`derive` ``(seed, f"roll:{n}", 4)``; the recipe lives in
:mod:`dicehero.engine.dice` and is repeated, runnable, in ``docs/API.md``.
"""

from __future__ import annotations

import secrets

from dicehero.engine.dice import derive, derive_offer, seed_digest

__all__ = ["derive", "derive_offer", "new_seed", "offer_label", "roll_label", "seed_digest"]


def new_seed() -> str:
    """A fresh secret seed: 64 hex digits."""
    return secrets.token_hex(32)


def roll_label(number: int) -> str:
    """The label of the ``number``-th roll (1-based)."""
    return f"roll:{number}"


def offer_label(player_id: int | None = None) -> str:
    """The label of the table's superpower offer, or of one player's own offer."""
    return "offer" if player_id is None else f"offer:player:{player_id}"
