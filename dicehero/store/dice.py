"""Verifiable dice: every roll is derived from a secret seed, so anyone can re-check it.

The server picks ``seed = secrets.token_hex(32)`` when a game is created and
shows ``sha256(seed)`` at once; the seed itself is revealed when the game ends.
Roll ``n`` is then :func:`derive` ``(seed, f"roll:{n}", 4)``; the recipe is
repeated, runnable, in ``docs/API.md``.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_seed() -> str:
    """A fresh secret seed: 64 hex digits."""
    return secrets.token_hex(32)


def seed_digest(seed: str) -> str:
    """The SHA-256 of the seed's hex text, shown before the first roll."""
    return hashlib.sha256(seed.encode("ascii")).hexdigest()


def _values(seed: str, label: str, faces: int):
    """An endless stream of fair die values for ``label`` (rejection sampling, no bias)."""
    key = bytes.fromhex(seed)
    limit = 256 - 256 % faces
    block = 0
    while True:
        digest = hmac.new(key, f"{label}#{block}".encode(), hashlib.sha256).digest()
        for byte in digest:
            if byte < limit:
                yield byte % faces + 1
        block += 1


def derive(seed: str, label: str, count: int, faces: int = 6) -> list[int]:
    """``count`` dice of ``faces`` sides for ``label`` (``roll:3``, ``offer``...)."""
    stream = _values(seed, label, faces)
    return [next(stream) for _ in range(count)]


def derive_offer(seed: str, label: str, faces: int = 6) -> list[int]:
    """Two different numbers for a superpower choice: the first two distinct values."""
    out: list[int] = []
    for value in _values(seed, label, faces):
        if value not in out:
            out.append(value)
            if len(out) == 2:
                return out
    raise AssertionError("unreachable")  # pragma: no cover


def roll_label(number: int) -> str:
    """The label of the ``number``-th roll (1-based)."""
    return f"roll:{number}"


def offer_label(player_id: int | None = None) -> str:
    """The label of the table's superpower offer, or of one player's own offer."""
    return "offer" if player_id is None else f"offer:player:{player_id}"
