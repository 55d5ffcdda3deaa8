"""Rule packs: `.orbis` files laid over the game they extend (`pack_game`), compiled on the fly into a per-user cache.

The cache key is a hash of this package's version, the compiler, its templates and the rules grammar, and the
pack's own rule files (names and texts); the entry's manifest adds every rule file the compiler read, includes
and the extended game's among them, and `pack_cache` executes an entry only when all of it still matches and the
folder is this user's alone. Otherwise the pack is compiled again, into the cache when it can be written, else
in memory. Nothing is ever written into the installed package.
"""

from __future__ import annotations

import hashlib
import os
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from orbis_dsl.common.diagnostics import Diagnostic
from orbis_dsl.common.resources import grammar_path
from orbis_dsl.language.packs.cache import UntrustedCache, cache_root, private_folder, read_entry, sha256, write_entry
from orbis_dsl.language.packs.game import LaidPack, extended_game, laid_pack
from orbis_dsl.language.ruleset import Compiled, compile_paths, rules_from_modules
from orbis_dsl.language.syntax.parse import MAX_READ_BYTES
from orbis_dsl.language.syntax.rule_files import ReadRefused, read_rule_text, rule_files_in
from orbis_dsl.language.syntax.sources import load_sources
from orbis_dsl.runtime.rules import Rules


def _package_version() -> str:
    try:
        return version("orbis-dsl")
    except PackageNotFoundError:
        return "checkout"


def _compiler_sources(language: Path) -> list[tuple[str, Path]]:
    """The compiler's own sources, a change to any of which must miss the cache, each with the name it is hashed
    under: every module of the language package, its sub-packages included (a module split or added is covered
    without a list to keep), its templates and the rules grammar."""
    files = sorted(language.rglob("*.py")) + sorted(language.rglob("*.jinja"))
    named = [(path.relative_to(language).as_posix(), path) for path in files]
    return [*named, ("rules.lark", grammar_path("rules.lark"))]


def source_digest(path: Path) -> str | None:
    """The hash of a rule file's text as the compiler reads it, or None when it cannot be read."""
    try:
        return sha256(read_rule_text(path, MAX_READ_BYTES).encode("utf-8"))
    except (OSError, ReadRefused, UnicodeDecodeError):
        return None


def pack_key(pack: Path) -> str:
    """A hash of the package version, the compiler, templates and grammar, and the pack's own rule files."""
    digest = hashlib.sha256(_package_version().encode())
    language = Path(__file__).parent.parent
    for name, path in _compiler_sources(language):
        digest.update(name.encode() + b"\0" + path.read_bytes() + b"\0")
    digest.update(os.fsencode(pack.resolve()) + b"\0")
    for path in rule_files_in(pack) if pack.exists() else []:
        digest.update(os.fsencode(path) + b"\0" + (source_digest(path) or "unreadable").encode() + b"\0")
    return digest.hexdigest()[:24]


def compile_pack(pack: Path) -> Compiled:
    """The game the pack extends (`extends "ID"`; none: Orbis) with the pack laid over it. The pack's files are
    parsed first on their own, to learn which game that is; a mistake there (a syntax error, an unknown game) is
    reported before any game's rules are read."""
    alone, diags = load_sources([pack])
    game, more = extended_game(alone) if not diags else (None, [])
    if game is None:
        return Compiled(alone, None, {}, diags + more)
    return compile_paths([game.entry], root=pack.resolve() if pack.is_dir() else pack.resolve().parent,
                         pack=[pack])


def load_pack(pack: Path) -> tuple[Rules | None, Compiled | None]:
    """The game the pack extends, with the pack laid over it: (rules, None) from the cache, (rules, compiled) when
    compiled now (its diagnostics then hold a warning if the cache could not be used); on errors (None, compiled)."""
    key = pack_key(pack)
    package = f"orbis_pack_{key}"
    try:
        entry = private_folder(cache_root(), follow=True) / key
    except UntrustedCache as error:
        entry, problem = None, error.message
    else:
        problem = None
        modules = read_entry(entry, key, source_digest)
        if modules is not None:
            return rules_from_modules(modules, package), None
    compiled = compile_pack(pack)
    if compiled.model is None:
        return None, compiled
    if entry is not None:
        try:
            sources = compiled.sources  # the texts the compiler read, not the files as they may be now
            write_entry(entry, key, compiled.modules, {str(sources.paths[shown]): sha256(text.encode("utf-8"))
                                                       for shown, text in sources.texts.items()})
        except (OSError, UntrustedCache) as error:
            problem = getattr(error, "message", None) or f"cannot write the cache {entry}: {error.strerror or error}"
    if problem is not None:
        compiled.diagnostics.append(Diagnostic(f"{problem}; the pack was compiled in memory", file=str(cache_root()),
                                               severity="warning"))
    return rules_from_modules(compiled.modules, package), compiled


def lay_pack(pack: Path) -> tuple[LaidPack | None, Compiled | None]:
    """`load_pack`, with the game the rules are: (the laid pack, compiled or None), or (None, compiled) on errors."""
    rules, compiled = load_pack(pack)
    return (laid_pack(pack, rules) if rules is not None else None), compiled
