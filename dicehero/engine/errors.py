"""The errors the engine raises: each has a stable ``code`` and a :class:`Phrase` that says why.

The engine holds no words: ``RuleError("wrong_number", "box_needs", place="Church",
wanted=4, number=3)`` names its sentence (``why``, the code when left out) and its
parameters, and :mod:`dicehero.words` says it in the reader's language.
"""

from __future__ import annotations

from typing import Any

from dicehero.engine.phrase import Phrase


class ActionError(ValueError):
    """An action the engine will not apply; the state it was offered to is unchanged."""

    def __init__(self, code: str, why: str | None = None, /, **params: Any) -> None:
        self.code = code
        self.phrase = Phrase(why or code, params)
        super().__init__(code)

    def __str__(self) -> str:
        # Made when read (a log, a test), not when raised: a sheet's view asks the rules
        # about some forty candidate actions per hero, refuses about twenty and reads none.
        return f"{self.code}: {self.phrase}"

    @property
    def params(self) -> dict[str, Any]:
        """The refusal's parameters (die, number, place, box, round, ...)."""
        return dict(self.phrase.params)


class BadAction(ActionError):
    """An action of the wrong shape: an unknown type, a missing or impossible field."""


class RuleError(ActionError):
    """A well-formed action that the rules of the game do not allow now."""


class SheetError(ValueError):
    """A saved sheet that does not fit the edition it is read with (``other_edition``)."""

    def __init__(self, code: str, /, **params: Any) -> None:
        self.code = code
        self.phrase = Phrase(code, params)
        super().__init__(f"{code}: {self.phrase}")
