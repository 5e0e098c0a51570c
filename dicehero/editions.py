"""Finding and reading edition files under ``sheets/``.

The engine parses an edition from plain data; this module does the file I/O
around it and caches each edition, since every request of a live game needs one.
"""

from __future__ import annotations

import os
import tomllib
from functools import cache
from pathlib import Path

from dicehero.engine.edition import Edition, EditionError, parse_edition

DEFAULT_EDITION = "classic"


def sheets_dir() -> Path:
    """The folder of edition files: ``$DICEHERO_SHEETS`` or ``sheets/`` beside the package."""
    env = os.environ.get("DICEHERO_SHEETS")
    return Path(env) if env else Path(__file__).resolve().parent.parent / "sheets"


def available_editions() -> list[str]:
    """The names of the edition files that can be loaded, sorted."""
    return sorted(p.stem for p in sheets_dir().glob("*.toml"))


def load_edition(name_or_path: str = DEFAULT_EDITION) -> Edition:
    """Load an edition by name (``classic``) or by the path of a ``.toml`` file."""
    path = Path(name_or_path)
    if path.suffix != ".toml":
        if not name_or_path.replace("-", "").replace("_", "").isalnum():
            raise EditionError(f"{name_or_path!r} is not an edition name")
        path = sheets_dir() / f"{name_or_path}.toml"
    return _load_path(str(path.resolve()))


@cache
def _load_path(path: str) -> Edition:
    shown = os.path.relpath(path)
    try:
        with open(path, "rb") as f:
            data = tomllib.load(f)
    except FileNotFoundError:
        known = ", ".join(available_editions()) or "none"
        raise EditionError(f"{shown}: no such edition file (known editions: {known})") from None
    except tomllib.TOMLDecodeError as e:
        raise EditionError(f"{shown}: not valid TOML: {e}") from None
    return parse_edition(data, shown)
