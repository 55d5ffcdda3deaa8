"""Rule packs: `.orbis` files laid over the base game, compiled on the fly into a per-user cache.

The cache key is a hash of every rule text involved and of this package's version, so an unchanged pack is
imported from the cache without being parsed again, and nothing is ever written into the installed package.
"""

from __future__ import annotations

import hashlib
import os
import re
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from .files import write_atomic
from .parse import _rule_files_in
from .resources import base_rules_entry, data_dir
from .ruleset import Compiled, compile_paths
from .runtime.rules import Rules, load_directory


def cache_root() -> Path:
    """$ORBIS_CACHE_DIR as it is, else orbis-dsl/ in $XDG_CACHE_HOME (default ~/.cache)."""
    if os.environ.get("ORBIS_CACHE_DIR"):
        return Path(os.environ["ORBIS_CACHE_DIR"])
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "orbis-dsl"


def _package_version() -> str:
    try:
        return version("orbis-dsl")
    except PackageNotFoundError:
        return "checkout"


_INCLUDE = re.compile(rb'^\s*include\s+"([^"\n]*)"', re.M)
# The compiler's own sources: a change to any of them must miss the cache.
_COMPILER = ("ast.py", "check.py", "codegen.py", "compile.py", "describe.py", "model.py", "parse.py", "scope.py")


def _rule_files_with_includes(roots: list[Path]) -> list[Path]:
    """Every rule file of the roots and, transitively, what they include (found by a scan, not a parse)."""
    seen: dict[Path, None] = {}
    todo = [f.resolve() for root in roots if root.exists() for f in _rule_files_in(root)]
    while todo:
        path = todo.pop()
        if path in seen or not path.is_file():
            continue
        seen[path] = None
        for match in _INCLUDE.finditer(path.read_bytes()):
            todo.append((path.parent / match.group(1).decode("utf-8", "replace")).resolve())
    return sorted(seen)


def pack_key(pack: Path) -> str:
    """A hash of the package version, the compiler and templates, and every rule file involved, by path."""
    digest = hashlib.sha256(_package_version().encode())
    here = Path(__file__).parent
    sources = [here / name for name in _COMPILER] + sorted((here / "templates").glob("*.jinja"))
    for path in sources + _rule_files_with_includes([data_dir("rules"), pack]):
        digest.update(os.fsencode(path) + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:24]


def compile_pack(pack: Path) -> Compiled:
    return compile_paths([base_rules_entry()], root=pack.resolve() if pack.is_dir() else pack.resolve().parent,
                         pack=[pack])


def load_pack(pack: Path) -> tuple[Rules | None, Compiled | None]:
    """The base game with the pack laid over it. On errors: (None, the compiled result with its diagnostics)."""
    directory = cache_root() / pack_key(pack)
    if (directory / "__init__.py").is_file():
        return load_directory(directory, f"orbis_pack_{directory.name}"), None
    compiled = compile_pack(pack)
    if compiled.model is None:
        return None, compiled
    for name, text in compiled.modules.items():
        if name != "__init__.py":
            write_atomic(directory / name, text)
    write_atomic(directory / "__init__.py", compiled.modules["__init__.py"])  # last: marks the folder complete
    return load_directory(directory, f"orbis_pack_{directory.name}"), compiled
