"""Words the engine means, without the words: a key naming the sentence and its parameters.

The engine is language-free: a refusal, a verdict's reason or par's reason is a
:class:`Phrase` (``Phrase("track_lower", {"place": "Warehouse", "number": 4})``), and the
edge (:mod:`dicehero.words`) says it in the reader's language. Parameters are plain data
(numbers, a location's or superpower's name as the edition spells it, tuples of numbers,
other phrases), so a phrase pickles, compares and goes through JSON-free queues.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Phrase:
    """One sentence (or part a sentence's placeholder takes) by its ``key``, with ``params``."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        # For logs and assertion output only; a person reads dicehero.words.say(phrase).
        return f"{self.key}{dict(self.params)!r}"


def phrase(key: str, **params: Any) -> Phrase:
    """``Phrase(key, params)`` written as a call: ``phrase("no_wild", n=2)``."""
    return Phrase(key, params)


def numbered_powers(edition: Any, numbers: Any) -> tuple[Phrase, ...]:
    """The superpowers of ``numbers`` as ``2 (Teleport)``, each a phrase (a list's items)."""
    return tuple(phrase("numbered_power", number=n, power=edition.superpower(n).name)
                 for n in numbers)


def to_json(value: Any) -> Any:
    """A phrase (or a parameter) as JSON-ready data: ``{"say": key, "params": {...}}``, so
    one worked out in another process (par's reasons) is worded where it is shown."""
    if isinstance(value, Phrase):
        return {"say": value.key, "params": {k: to_json(v) for k, v in value.params.items()}}
    if isinstance(value, (tuple, list)):
        return [to_json(v) for v in value]
    return value


def from_json(value: Any) -> Any:
    """The phrase (or parameter) :func:`to_json` wrote."""
    if isinstance(value, dict) and "say" in value:
        return Phrase(value["say"], {k: from_json(v) for k, v in value["params"].items()})
    if isinstance(value, list):
        return tuple(from_json(v) for v in value)
    return value
