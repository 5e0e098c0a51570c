"""``dicehero serve`` patches the standard library for gevent before the app is imported."""

from __future__ import annotations

import subprocess
import sys

# Runs the cli as `dicehero serve --help` does (the parser imports the serve module, and
# with it the whole app), then looks at a lock the app made when it was imported.
PROBE = """
from dicehero import cli
try:
    cli.main(["serve", "--help"])
except SystemExit:
    pass
from dicehero.store import work_pool
print(type(work_pool._MAKING).__module__)
"""


def test_serve_patches_threading_before_the_app_makes_its_locks():
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                         timeout=120, check=True)
    assert out.stdout.splitlines()[-1].startswith("gevent"), out.stdout
    assert "MonkeyPatchWarning" not in out.stderr, out.stderr

