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
from dicehero.i18n import N_

DEFAULT_EDITION = "classic"


def sheets_dir() -> Path:
    """The folder of edition files: ``$DICEHERO_SHEETS`` or ``sheets/`` beside the package."""
    env = os.environ.get("DICEHERO_SHEETS")
    return Path(env) if env else Path(__file__).resolve().parent.parent / "sheets"


def _refused(message: str, **params: object) -> EditionError:
    """An edition error the command line can say in its reader's language."""
    return EditionError(message % params, message, **params)


def available_editions() -> list[str]:
    """The names of the edition files that can be loaded, sorted."""
    return sorted(p.stem for p in sheets_dir().glob("*.toml"))


def load_edition(name_or_path: str = DEFAULT_EDITION) -> Edition:
    """Load an edition by name (``classic``) or by the path of a ``.toml`` file."""
    path = Path(name_or_path)
    if path.suffix != ".toml":
        if not name_or_path.replace("-", "").replace("_", "").isalnum():
            # Translators: %(name)s is what was typed for an edition, quoted.
            raise _refused(N_("%(name)s is not an edition name"), name=repr(name_or_path))
        path = sheets_dir() / f"{name_or_path}.toml"
    return _load_path(str(path.resolve()))


@cache
def _load_path(path: str) -> Edition:
    shown = os.path.relpath(path)
    try:
        with open(path, "rb") as f:
            data = tomllib.load(f)
    except FileNotFoundError:
        # Translators: %(file)s is a file's path; %(known)s lists edition names (classic).
        raise _refused(N_("%(file)s: no such edition file (known editions: %(known)s)"),
                       file=shown, known=", ".join(available_editions()) or "-") from None
    except tomllib.TOMLDecodeError as e:
        # Translators: %(file)s is a file's path; %(error)s the TOML reader's own message.
        raise _refused(N_("%(file)s: not valid TOML: %(error)s"), file=shown,
                       error=str(e)) from None
    return parse_edition(data, shown)
