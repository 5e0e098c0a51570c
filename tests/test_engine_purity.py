"""The engine is pure: it imports no Flask, SQLAlchemy or reportlab and does no I/O."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parent.parent / "dicehero" / "engine"
FORBIDDEN_MODULES = ("flask", "sqlalchemy", "reportlab", "gevent", "segno", "sqlite3", "socket",
                     "requests", "dicehero.web", "dicehero.store", "dicehero.printing",
                     "dicehero.live", "dicehero.editions")

PROBE = f"""
import importlib, pkgutil, sys
import dicehero.engine as engine
for module in pkgutil.walk_packages(engine.__path__, "dicehero.engine."):
    importlib.import_module(module.name)
forbidden = {FORBIDDEN_MODULES!r}
print(sorted(m for m in sys.modules if any(m == f or m.startswith(f + ".") for f in forbidden)))
"""

# What a line of engine code may never contain: I/O, the network, the clock, the console.
FORBIDDEN_CODE = [
    r"\bopen\(", r"\bimport os\b", r"\bos\.", r"\bsocket\b", r"\brequests\b", r"\burllib\b",
    r"\bsubprocess\b", r"\bprint\(", r"\binput\(", r"\bpathlib\b", r"\bsys\.std", r"\btime\.",
    r"datetime\.now", r"\btomllib\b", r"\bjson\.(load|dump)\(",
    r"^\s*(from|import)\s+(flask|sqlalchemy|reportlab|gevent)\b",
    r"^\s*(from|import)\s+dicehero\.(web|store|printing|live|editions|commands|cli)\b",
]


def test_engine_imports_no_flask_sqlalchemy_or_reportlab():
    result = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "[]"


@pytest.mark.parametrize("pattern", FORBIDDEN_CODE)
def test_engine_sources_do_no_io(pattern):
    hits = [f"{path.name}:{n}: {line.strip()}"
            for path in sorted(ENGINE.rglob("*.py"))
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
            if re.search(pattern, line)]
    assert hits == []


def test_engine_sources_are_found():
    assert {"rules.py", "state.py", "edition.py"} <= {p.name for p in ENGINE.glob("*.py")}
