"""The allow-list only lets through words the maintained lists would refuse (issue 28.1):
an entry no list has is dead weight that hides what the review covered."""

from __future__ import annotations

import pytest

from dicehero.store import profanity


@pytest.mark.parametrize("word", sorted(profanity.allowed_words()))
def test_every_allowed_word_is_one_a_maintained_list_has(word, monkeypatch):
    profanity._entries.cache_clear()
    monkeypatch.setattr(profanity, "allowed_words", frozenset)
    try:
        assert profanity.rude_word(word) == word
    finally:
        profanity._entries.cache_clear()
