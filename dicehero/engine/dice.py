"""Dice derived from a seed: fair faces drawn from SHA-256, so anyone can re-derive them.

Two recipes are published and must never change (existing games and every
day's challenge replay from them), and they share one sampler:

* a live game (docs/API.md, "Checking the dice"): HMAC-SHA256 keyed with the
  seed's bytes over ``f"{label}#{block}"``; labels ``roll:N``, ``offer``,
  ``offer:player:ID`` and ``offer:name:<hex>`` (a hero's own offer, by how their
  name looks);
* solo play (the daily challenge, a random game): SHA-256 of
  ``f"{key}:{block}"`` with the key ``daily:YYYY-MM-DD`` or ``seed:<hex>``;
  a simulated game of bots (``dicehero simulate``, ``balance``) uses the same
  recipe with the key ``simulate:<seed>``.

Blocks are 0, 1, 2, ...; each byte below the largest multiple of ``faces``
gives the face ``byte % faces + 1``, other bytes are dropped so every face is
equally likely.
"""

from __future__ import annotations

import hashlib
import hmac
import itertools
from collections.abc import Iterable, Iterator
from itertools import islice


def fair_faces(digests: Iterable[bytes], faces: int) -> Iterator[int]:
    """The faces a stream of digests gives (rejection sampling: no face is favoured)."""
    limit = 256 - 256 % faces
    for digest in digests:
        for byte in digest:
            if byte < limit:
                yield byte % faces + 1


def hmac_faces(seed: str, label: str, faces: int = 6) -> Iterator[int]:
    """A live game's endless faces for ``label``, keyed with the hex ``seed``."""
    key = bytes.fromhex(seed)
    return fair_faces((hmac.new(key, f"{label}#{block}".encode(), hashlib.sha256).digest()
                       for block in itertools.count()), faces)


def sha256_faces(key: str, faces: int = 6) -> Iterator[int]:
    """Solo play's endless faces for ``key`` (``daily:2025-01-31``, ``seed:<hex>``)."""
    return fair_faces((hashlib.sha256(f"{key}:{block}".encode()).digest()
                       for block in itertools.count()), faces)


def first_two_different(stream: Iterator[int]) -> tuple[int, int]:
    """A superpower offer: the next face, then the next face that differs from it."""
    first = next(stream)
    return first, next(f for f in stream if f != first)


def derive(seed: str, label: str, count: int, faces: int = 6) -> list[int]:
    """``count`` dice of ``faces`` sides for ``label`` (``roll:3``, ``offer``...)."""
    return list(islice(hmac_faces(seed, label, faces), count))


def derive_offer(seed: str, label: str, faces: int = 6) -> list[int]:
    """Two different numbers for a superpower choice: the first two distinct values."""
    return list(first_two_different(hmac_faces(seed, label, faces)))


def seed_digest(seed: str) -> str:
    """The SHA-256 of the seed's hex text, shown before the first roll."""
    return hashlib.sha256(seed.encode("ascii")).hexdigest()


def solo_dice(key: str, rounds: int, dice_per_round: int,
              faces: int = 6) -> tuple[tuple[int, int], list[list[int]]]:
    """The superpower offer and every round's dice of a solo game.

    The offer is the first two different faces of the key's stream; the rolls
    are the next ``rounds * dice_per_round`` faces, round by round.
    """
    stream = sha256_faces(key, faces)
    offer = first_two_different(stream)
    return offer, [list(islice(stream, dice_per_round)) for _ in range(rounds)]
