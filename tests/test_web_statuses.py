"""Statuses at the edge only: a web module names the kind of a refusal, and the one table
of ``dicehero.web.errors`` gives its HTTP status."""

from __future__ import annotations

import ast
from pathlib import Path

from dicehero.store import Refusal
from dicehero.web.errors import STATUS

WEB = Path(__file__).resolve().parents[1] / "dicehero" / "web"
REFUSING = {"ApiError", "error_response", "abort"}


def _status_literals(path: Path) -> list[str]:
    """Where ``path`` hands a refusal a literal number: ``ApiError(400, ...)``, ``abort(404)``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", getattr(node.func, "attr", None))
        literals = [a for a in ast.walk(node) if isinstance(a, ast.Constant)
                    and type(a.value) is int and 100 <= a.value <= 599]
        if name in REFUSING and literals:
            found.append(f"{path.name}:{node.lineno}")
    return found


def test_every_kind_of_refusal_has_one_status() -> None:
    assert set(STATUS) == set(Refusal)


def test_no_web_module_gives_a_refusal_its_own_status() -> None:
    found = [hit for path in sorted(WEB.glob("*.py")) if path.name != "errors.py"
             for hit in _status_literals(path)]
    assert found == []
