"""Where the grammar, the base rules and the generated modules live, from a checkout or from a wheel."""

from __future__ import annotations

import hashlib
import os
import stat
from functools import cache
from pathlib import Path

# The Orbis notation's standalone parser, in generated/orbis/ beside the rule modules (written by parsergen.py).
GAME_PARSER_MODULE = "game_parser.py"

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
    try:
        return str(_resolved_file(path, cwd).relative_to(_resolved(cwd)))
    except ValueError:
        return str(path)


def _resolved_file(path: Path, cwd: str) -> Path:
    """`path.resolve()`, with its folder's resolution remembered: a batch names thousands of files in a few
    folders, and resolving walks every component of the path with lstat. Only a file that is not a link (one
    lstat) takes its folder's remembered resolution; a link, `..` or a missing file is resolved in full."""
    name = path.name
    if name in ("", ".", ".."):
        return path.resolve()
    try:
        if stat.S_ISLNK(os.lstat(path).st_mode):
            return path.resolve()
    except OSError:
        return path.resolve()
    return _resolved(os.path.join(cwd, str(path.parent))) / name


@cache
def _resolved(folder: str) -> Path:
    # Resolving the working directory walks every component with lstat: once per process is enough for a batch
    # of thousands of files (keyed by the directory, so a chdir is still seen).
    return Path(folder).resolve()


def source_hash(text: str) -> str:
    """The sha256 a generated module's header carries of the text it was generated from."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
