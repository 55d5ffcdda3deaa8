"""Rule packs: `.orbis` files laid over the base game, compiled on the fly into a per-user cache.

The cache key is a hash of every rule text involved and of this package's version, so an unchanged pack is
imported from the cache without being parsed again, and nothing is ever written into the installed package.
"""

from __future__ import annotations

import hashlib
import os
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from .files import write_atomic
from .parse import _rule_files_in
from .resources import base_rules_entry, data_dir
from .ruleset import Compiled, compile_paths
from .runtime.rules import Rules, load_directory


def cache_root() -> Path:
    base = os.environ.get("ORBIS_CACHE_DIR") or os.environ.get("XDG_CACHE_HOME")
    root = Path(base) if base else Path.home() / ".cache"
    return (root / "orbis-dsl") if not os.environ.get("ORBIS_CACHE_DIR") else root


def _package_version() -> str:
    try:
        return version("orbis-dsl")
    except PackageNotFoundError:
        return "checkout"


def pack_key(pack: Path) -> str:
    """A hash of the compiler's version, the templates, the base rules and every file of the pack."""
    digest = hashlib.sha256(_package_version().encode())
    templates = Path(__file__).parent / "templates"
    files = sorted(templates.glob("*.jinja")) + sorted(_rule_files_in(data_dir("rules")))
    files += sorted(_rule_files_in(pack)) if pack.exists() else []
    for path in files:
        digest.update(str(path.name).encode())
        digest.update(path.read_bytes())
    for module in sorted((Path(__file__).parent).glob("*.py")):
        if module.name in ("codegen.py", "compile.py", "check.py", "parse.py", "describe.py", "scope.py"):
            digest.update(module.read_bytes())
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
