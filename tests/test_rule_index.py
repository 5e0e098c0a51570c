"""docs/RULES.md is the index of the rules: every test it names exists, every rule test is
named there, and every refusal code the engine can raise is there."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")


def _cited() -> set[tuple[str, str]]:
    """Every ``file.py::test`` of the page; a bare ``::test`` is in the file named last."""
    cited, current = set(), ""
    for token in re.findall(r"`([^`]*::[^`]*)`", RULES):
        file, _, name = token.partition("::")
        current = file or current
        if name.startswith("test_"):
            cited.add((current, name))
    return cited


def _defined() -> set[tuple[str, str]]:
    out = set()
    for path in (ROOT / "tests").glob("test_*.py"):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                out.add((path.name, node.name))
    return out


def test_every_test_named_in_the_rules_exists():
    missing = sorted(_cited() - _defined())
    assert missing == []


def test_every_rule_test_is_named_in_the_rules():
    uncited = sorted(t for t in _defined() - _cited() if t[0].startswith("test_rules_"))
    assert uncited == []


def test_every_refusal_code_of_the_engine_is_in_the_rules():
    codes = set()
    for path in (ROOT / "dicehero" / "engine").glob("*.py"):
        codes |= set(re.findall(r'RuleError\(\s*"(\w+)"', path.read_text(encoding="utf-8")))
    assert codes, "the engine raises RuleErrors with codes"
    assert sorted(c for c in codes if f"`{c}`" not in RULES) == []
