"""Where the grammar, the base rules and the generated modules live, from a checkout or from a wheel."""

from __future__ import annotations

import os
import stat
from functools import cache
from pathlib import Path

# The one hash a start needs, from the C module hashlib would wrap: importing hashlib loads OpenSSL's
# _hashlib, a few ms of every `orbis score`. Its digests are the same bytes.
try:
    from _sha256 import sha256  # Python 3.11
except ImportError:
    try:
        from _sha2 import sha256  # Python 3.12 and later
    except ImportError:  # a Python built without them: hashlib's (OpenSSL's) is the same function
        from hashlib import sha256

_PACKAGE = Path(__file__).resolve().parents[1]  # orbis_dsl/, above this common/ folder
# A wheel carries the top-level folders inside the package (see pyproject's force-include).
_BUNDLED = _PACKAGE / "_bundled"
_CHECKOUT = _PACKAGE.parent


def data_dir(name: str) -> Path:
    """`grammar`, `rules` or `generated`: bundled in the wheel, else beside the package in a checkout."""
    bundled = _BUNDLED / name
    if bundled.is_dir():
        return bundled
    return _CHECKOUT / name


def grammar_path(name: str) -> Path:
    return data_dir("grammar") / name


# Every game is a folder of rules/ whose entry file is this; its compiled modules are generated/FOLDER/.
GAME_ENTRY = "game.orbis"
BASE_GAME = "orbis"


def game_entry(folder: str) -> Path:
    return data_dir("rules") / folder / GAME_ENTRY


def base_rules_entry() -> Path:
    return game_entry(BASE_GAME)


def display_path(path: Path) -> str:
    """A path as a person would type it: relative to the working directory when it lies below it."""
    cwd = os.getcwd()
    name = path.name
    try:
        plain = name not in ("", ".", "..") and not stat.S_ISLNK(os.lstat(path).st_mode)
    except OSError:
        plain = False
    if plain:  # a file that is not a link: where its folder lies, remembered (a batch names thousands of files)
        shown = _shown_folder(os.path.join(cwd, str(path.parent)), cwd)
        return str(path) if shown is None else shown + name
    try:
        return str(path.resolve().relative_to(_resolved(cwd)))
    # ValueError: it lies elsewhere. OSError, RuntimeError: a loop of symlinks, a name too long (the read that
    # follows says so).
    except (ValueError, OSError, RuntimeError):
        return str(path)


@cache
def _shown_folder(folder: str, cwd: str) -> str | None:
    """The folder, resolved, as a prefix relative to the resolved working directory ('' for that directory
    itself, else ending in a separator); None when it lies elsewhere."""
    try:
        relative = _resolved(folder).relative_to(_resolved(cwd))
    except ValueError:
        return None
    return "" if str(relative) == "." else str(relative) + os.sep


@cache
def _resolved(folder: str) -> Path:
    # Resolving the working directory walks every component with lstat: once per process is enough for a batch
    # of thousands of files (keyed by the directory, so a chdir is still seen).
    return Path(folder).resolve()


def source_hash(text: str) -> str:
    """The sha256 a generated module's header carries of the text it was generated from."""
    return sha256(text.encode("utf-8")).hexdigest()
