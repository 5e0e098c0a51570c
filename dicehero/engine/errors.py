"""The errors the engine raises: each has a stable ``code`` and a message in plain words."""

from __future__ import annotations


class ActionError(ValueError):
    """An action the engine will not apply; the state it was offered to is unchanged."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def to_dict(self) -> dict[str, str]:
        """The error as JSON-ready data: ``{"code": ..., "message": ...}``."""
        return {"code": self.code, "message": self.message}


class BadAction(ActionError):
    """An action of the wrong shape: an unknown type, a missing or impossible field."""


class RuleError(ActionError):
    """A well-formed action that the rules of the game do not allow now."""
