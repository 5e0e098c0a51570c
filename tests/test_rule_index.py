"""docs/RULES.md is the index of the rules: every test it names exists, every rule test is
named there, and every refusal code the engine can raise is there.

The checks are functions of the page's text, so the last tests can show that each one
bites: a copy of the page with a code or a citation taken out fails it.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
from pathlib import Path

import dicehero.engine
from dicehero.engine.errors import ActionError

ROOT = Path(__file__).resolve().parent.parent
RULES = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")
ENGINE = ROOT / "dicehero" / "engine"
TESTS = ROOT / "tests"


def cited(rules: str) -> set[tuple[str, str]]:
    """Every ``file.py::test`` (or ``file.py::TestClass::test``) of the page; a bare
    ``::test`` is in the file named last."""
    out, current = set(), ""
    for token in re.findall(r"`([^`]*::[^`]*)`", rules):
        file, _, name = token.partition("::")
        current = file or current
        if name.rpartition("::")[2].startswith("test_"):
            out.add((current, name))
    return out


def defined(tests: Path) -> set[tuple[str, str]]:
    """Every test pytest collects from ``tests``: module functions, and the methods of
    ``Test*`` classes as ``TestClass::test``."""
    out = set()
    for path in tests.glob("test_*.py"):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                out.add((path.name, node.name))
            elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
                out |= {(path.name, f"{node.name}::{item.name}") for item in node.body
                        if isinstance(item, ast.FunctionDef) and item.name.startswith("test_")}
    return out


def _refusal_types() -> set[str]:
    """The names of the engine's refusal errors: ActionError and all its subclasses, in
    whichever engine module they are."""
    for module in pkgutil.walk_packages(dicehero.engine.__path__, "dicehero.engine."):
        importlib.import_module(module.name)
    found, todo = set(), [ActionError]
    while todo:
        cls = todo.pop()
        found.add(cls.__name__)
        todo += cls.__subclasses__()
    return found


def _text(node: ast.AST | None) -> str | None:
    """The string a node is, if it is a non-empty string constant."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value:
        return node.value
    return None


def _named_code(target: ast.AST) -> bool:
    """Whether an assignment's target is a name or an attribute called ``code``."""
    name = target.id if isinstance(target, ast.Name) else getattr(target, "attr", None)
    return name == "code"


def engine_codes(engine: Path) -> set[str]:
    """Every code the engine can refuse with, wherever it is written:

    * the first argument of a refusal error, ``RuleError("no_room", ...)``;
    * a ``code=`` keyword, ``Verdict(..., code="no_witness")``;
    * a string given to a name or attribute called ``code``, alone or in a tuple:
      the track steps' ``name, code = "same", "track_same"``, raised as
      ``RuleError(step.code, ...)``.
    """
    refusals = _refusal_types()
    codes: set[str] = set()
    for path in engine.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                callee = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(
                    node.func, "id", "")
                if callee in refusals and node.args and _text(node.args[0]):
                    codes.add(_text(node.args[0]))
                codes |= {_text(k.value) for k in node.keywords
                          if k.arg == "code" and _text(k.value)}
            elif isinstance(node, ast.Assign | ast.AnnAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    if _named_code(target) and _text(node.value):
                        codes.add(_text(node.value))
                    elif isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple):
                        codes |= {_text(v) for t, v in zip(target.elts, node.value.elts,
                                                           strict=False)
                                  if _named_code(t) and _text(v)}
    return codes


def undocumented(codes: set[str], rules: str) -> list[str]:
    """The codes the page does not name (as `` `code` ``)."""
    return sorted(c for c in codes if f"`{c}`" not in rules)


def test_every_test_named_in_the_rules_exists():
    missing = sorted(cited(RULES) - defined(TESTS))
    assert missing == []


def test_every_rule_test_is_named_in_the_rules():
    uncited = sorted(t for t in defined(TESTS) - cited(RULES) if t[0].startswith("test_rules_"))
    assert uncited == []


def test_every_refusal_code_of_the_engine_is_in_the_rules():
    codes = engine_codes(ENGINE)
    # one of each way a code is written: a literal, a track step's attribute, a verdict's
    assert {"no_room", "track_adjacent", "track_same", "no_witness", "bad_slot"} <= codes
    assert undocumented(codes, RULES) == []


# -- each check bites ----------------------------------------------------------------------


def test_a_code_taken_out_of_the_page_fails_the_index():
    for code in ("track_adjacent", "no_witness", "die_spent"):
        assert undocumented(engine_codes(ENGINE), RULES.replace(f"`{code}`", code)) == [code]


def test_a_citation_taken_out_of_the_page_fails_the_index():
    test = "test_rules_city_hall.py::test_city_hall_each_diagonal_reads_1_2_3_and_earns_a_wild_die"
    file, _, name = test.partition("::")
    page = RULES.replace(f"`{test}`", "").replace(f"`::{name}`", "")
    uncited = {t for t in defined(TESTS) - cited(page) if t[0].startswith("test_rules_")}
    assert uncited == {(file, name)}


def test_a_test_the_page_names_but_nobody_wrote_fails_the_index():
    page = RULES + "\n`test_rules_city_hall.py::test_nobody_wrote_this`\n"
    assert cited(page) - defined(TESTS) == {("test_rules_city_hall.py", "test_nobody_wrote_this")}


def test_tests_in_classes_are_seen_and_may_be_cited(tmp_path):
    (tmp_path / "test_rules_x.py").write_text(
        "class TestPairs:\n    def test_a(self):\n        pass\n\n    def helper(self):\n"
        "        pass\n\n\ndef test_b():\n    pass\n", encoding="utf-8")
    assert defined(tmp_path) == {("test_rules_x.py", "TestPairs::test_a"),
                                 ("test_rules_x.py", "test_b")}
    page = "`test_rules_x.py::TestPairs::test_a`, `::test_b`"
    assert cited(page) == defined(tmp_path)


def test_codes_written_every_way_are_found(tmp_path):
    (tmp_path / "rule.py").write_text(
        'class Step:\n    name, code = "up", "track_up"\n\n'
        'class Verdict:\n    code: str = ""\n\n'
        'def f(e):\n    raise RuleError("literal", "words")\n\n'
        'def g(e):\n    return Verdict("x", code="keyword")\n\n'
        'def h(e):\n    e.code = "attribute"\n    raise RuleError(e.code, "not a literal")\n',
        encoding="utf-8")
    assert engine_codes(tmp_path) == {"track_up", "literal", "keyword", "attribute"}
