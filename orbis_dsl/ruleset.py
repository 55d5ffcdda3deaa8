"""Getting a runtime rule set: the base game's committed modules when they are current, else compile."""

from __future__ import annotations

import types
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from .diagnostics import Diagnostic
from .resources import GAME_PARSER_MODULE, base_rules_entry, data_dir
from .runtime.rules import Rules, load_directory, merge, stale_sources

if TYPE_CHECKING:  # the compiler stages load only when something must be compiled
    from .model import RuleSet
    from .parse import SourceSet


class Compiled(NamedTuple):
    """A rule set through every stage: the sources (for diagnostics), the checked model and the modules."""

    sources: SourceSet
    model: RuleSet | None
    modules: dict[str, str]
    diagnostics: list[Diagnostic]


def compile_paths(paths: list[Path], root: Path | None = None, pack: list[Path] | None = None) -> Compiled:
    from .check import check
    from .compile import render
    from .parse import load_sources

    sources, diags = load_sources(paths, pack)
    model, more = check(sources) if not diags else (None, [])
    diags = diags + more
    modules = {}
    if model is not None:
        modules = render(model, sources, (root or paths[0]).resolve())
    return Compiled(sources, model, modules, diags)


def compile_base() -> Compiled:
    return compile_paths([base_rules_entry()], data_dir("rules"))


# Modules of generated/ judged by the hash of their source: their body is Lark's code, which changes with Lark.
JUDGED_BY_SOURCE = frozenset({GAME_PARSER_MODULE})


def generated_files(compiled: Compiled) -> dict[str, str]:
    """Everything `orbis compile` keeps in generated/: the base game's modules and the game notation's parser."""
    from .parsergen import render_game_parser

    grammar = data_dir("grammar") / "game.lark"
    return {**compiled.modules,
            GAME_PARSER_MODULE: render_game_parser(grammar.read_text(encoding="utf-8"), "grammar/game.lark")}


def rules_from_modules(modules: dict[str, str], package: str) -> Rules:
    """Execute rendered modules in memory (used when the committed ones are stale, and for rule packs)."""
    index: dict[str, object] = {}
    exec(compile(modules["__init__.py"], f"{package}/__init__.py", "exec"), index)
    loaded = []
    for stem in index["MODULES"]:
        module = types.ModuleType(f"{package}.{stem}")
        exec(compile(modules[f"{stem}.py"], f"{package}/{stem}.py", "exec"), module.__dict__)
        loaded.append(module)
    return merge(loaded)


_BASE: Rules | None = None


def base_rules() -> Rules:
    """The base game. Imports `generated/` without parsing a rule file when it is current."""
    global _BASE
    if _BASE is None:
        generated, rules_dir = data_dir("generated"), data_dir("rules")
        if (generated / "__init__.py").is_file() and not stale_sources(generated, rules_dir):
            _BASE = load_directory(generated, "orbis_generated")
        else:
            compiled = compile_base()
            if compiled.model is None:
                raise RuntimeError("the bundled base rules do not check: " +
                                   "; ".join(d.message for d in compiled.diagnostics))
            _BASE = rules_from_modules(compiled.modules, "orbis_generated")
    return _BASE
