"""The dice recipes are published: known seeds and keys give these numbers, forever.

A live game's rolls must re-derive from its revealed seed (docs/API.md, "Checking
the dice"), and a daily challenge must give everyone the same dice on its date, so
existing games and today's challenge never change when the code around them does.
"""

from __future__ import annotations

import hashlib
import hmac

import pytest

from dicehero.editions import load_edition
from dicehero.store.dice import derive, derive_offer, seed_digest
from dicehero.web.solo import dice_for

ZEROS = "00" * 32
MIXED = "9f" * 16 + "0123456789abcdef" * 2


def published_recipe(seed_hex: str, label: str, count: int, faces: int = 6) -> list[int]:
    """The recipe exactly as docs/API.md prints it."""
    out, block = [], 0
    while len(out) < count:
        digest = hmac.new(bytes.fromhex(seed_hex), f"{label}#{block}".encode(),
                          hashlib.sha256).digest()
        out += [b % faces + 1 for b in digest if b < 256 - 256 % faces]
        block += 1
    return out[:count]


@pytest.mark.parametrize(("seed", "label", "count", "faces", "dice"), [
    (ZEROS, "roll:1", 4, 6, [3, 2, 5, 6]),
    (ZEROS, "roll:10", 4, 6, [4, 6, 6, 4]),
    (ZEROS, "roll:1", 6, 8, [8, 7, 4, 7, 6, 8]),
    (MIXED, "roll:1", 4, 6, [1, 3, 5, 5]),
    (MIXED, "roll:10", 4, 6, [6, 3, 2, 6]),
    (MIXED, "roll:1", 6, 8, [3, 1, 1, 5, 7, 7]),
])
def test_live_rolls_are_the_published_hmac_recipe(seed, label, count, faces, dice):
    assert derive(seed, label, count, faces) == dice
    assert published_recipe(seed, label, count, faces) == dice


@pytest.mark.parametrize(("seed", "label", "offer"), [
    (ZEROS, "offer", [5, 2]),
    (ZEROS, "offer:player:7", [6, 1]),
    (MIXED, "offer", [3, 1]),
    (MIXED, "offer:player:7", [2, 5]),
])
def test_superpower_offers_are_the_first_two_different_values(seed, label, offer):
    assert derive_offer(seed, label) == offer


def test_the_seed_digest_is_sha256_of_its_hex_text():
    assert seed_digest(ZEROS) == ("60e05bd1b195af2f94112fa7197a5c88"
                                  "289058840ce7c6df9693756bc6250f55")
    assert seed_digest(MIXED) == hashlib.sha256(MIXED.encode("ascii")).hexdigest()


@pytest.mark.parametrize(("key", "offer", "rolls"), [
    ("daily:2025-03-14", (4, 3), [[5, 5, 3, 3], [6, 6, 1, 2], [3, 4, 3, 1], [4, 3, 1, 6],
                                  [6, 4, 3, 2], [3, 1, 6, 6], [5, 6, 1, 5], [5, 5, 6, 4],
                                  [6, 2, 1, 1], [4, 1, 3, 1]]),
    ("daily:2026-11-22", (6, 5), [[4, 1, 1, 6], [2, 6, 6, 1], [5, 5, 2, 3], [2, 4, 5, 6],
                                  [1, 2, 4, 4], [4, 4, 2, 4], [6, 4, 2, 2], [1, 2, 5, 2],
                                  [3, 2, 2, 5], [2, 5, 4, 4]]),
    ("seed:deadbeef", (4, 5), [[6, 1, 2, 4], [4, 6, 6, 4], [3, 6, 3, 4], [5, 5, 4, 3],
                               [6, 3, 4, 3], [4, 1, 3, 4], [4, 2, 5, 6], [6, 5, 3, 3],
                               [2, 4, 4, 2], [1, 5, 5, 5]]),
])
def test_solo_dice_are_the_sha256_stream_of_their_key(key, offer, rolls):
    assert dice_for(key, load_edition("classic")) == (offer, rolls)
