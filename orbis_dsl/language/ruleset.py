"""Getting a runtime rule set: the base game's committed modules when they are current, else compile."""

from __future__ import annotations

import types
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from orbis_dsl.common.collector import collector_paused
from orbis_dsl.common.diagnostics import Diagnostic
from orbis_dsl.common.games import Game
from orbis_dsl.common.paths import is_dir, is_file
from orbis_dsl.common.resources import BASE_GAME, GAME_ENTRY, data_dir
from orbis_dsl.runtime.rules import Rules, load_directory, merge, stale_sources

if TYPE_CHECKING:  # the compiler stages load only when something must be compiled
    from orbis_dsl.language.check.model import RuleSet
    from orbis_dsl.language.syntax.sources import SourceSet


class Compiled(NamedTuple):
    """A rule set through every stage: the sources (for diagnostics), the checked model and the modules."""

    sources: SourceSet
    model: RuleSet | None
    modules: dict[str, str]
    diagnostics: list[Diagnostic]


def compile_paths(paths: list[Path], root: Path | None = None, pack: list[Path] | None = None,
                  module_root: Path | None = None) -> Compiled:
    from orbis_dsl.language.backends.python.compile import render
    from orbis_dsl.language.check.checker import check_expanded
    from orbis_dsl.language.syntax.sources import load_sources

    with collector_paused():  # a large rule file's syntax tree: see common/collector.py
        sources, diags = load_sources(paths, pack)
        model, more, expanded = check_expanded(sources) if not diags else (None, [], sources)
        diags = diags + more
        modules = {}
        if model is not None:  # (the back ends read the declarations with functions and link sets expanded)
            modules = render(model, expanded, (root or paths[0]).resolve(), module_root and module_root.resolve())
    return Compiled(sources, model, modules, diags)


def compile_base() -> Compiled:
    return compile_game(Game(BASE_GAME, BASE_GAME))


def compile_game(game: Game) -> Compiled:
    """A bundled game: headers name `rules/GAME/FILE.orbis`, modules are named by FILE."""
    return compile_paths([game.entry], data_dir("rules"), module_root=game.entry.parent)


def generated_files(compiled: Compiled, game: Game | None = None) -> dict[str, str]:
    """Everything `orbis compile` keeps in generated/GAME/: the game's modules."""
    return dict(compiled.modules)


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


_LOADED: dict[str, Rules] = {}


def game_rules(game: Game) -> Rules:
    """A bundled game's rules. Imports `generated/GAME/` without parsing a rule file when it is current."""
    rules = _LOADED.get(game.folder)
    if rules is None:
        generated, rules_dir = game.generated, data_dir("rules")
        package = f"orbis_generated_{game.folder}"
        if (generated / "__init__.py").is_file() and not stale_sources(generated, rules_dir):
            rules = load_directory(generated, package)
        else:
            compiled = compile_game(game)
            if compiled.model is None:
                raise RuntimeError(f"the bundled rules of {game.id} do not check: " +
                                   "; ".join(d.message for d in compiled.diagnostics))
            rules = rules_from_modules(compiled.modules, package)
        _LOADED[game.folder] = rules
    return rules


def base_rules() -> Rules:
    """The base game, Orbis."""
    return game_rules(Game(BASE_GAME, BASE_GAME))


def rule_sets_in(paths: list[Path]) -> list[list[Path]]:
    """What `orbis check PATHS` checks, one rule set each: a folder of game folders (like rules/) is one rule
    set per game, a game folder is its entry file; any other files and folders together are one rule set."""
    sets, rest = [], []
    for path in paths:
        if is_dir(path) and is_file(path / GAME_ENTRY):
            sets.append([path / GAME_ENTRY])
        elif is_dir(path) and (games := sorted(p for p in path.iterdir() if is_file(p / GAME_ENTRY))):
            sets.extend([g / GAME_ENTRY] for g in games)
        else:
            rest.append(path)
    return sets + ([rest] if rest else [])


def summary(model: RuleSet) -> str:
    """What a checked rule set holds, in its own words: "8 kinds, 10 gods, 3 variants, 65 tiles"."""
    vocabulary = model.vocabulary
    parts = []
    if vocabulary.tile_family or model.kinds:
        parts.append(_count(len(model.kinds), vocabulary.tile_family or "kind"))
    if vocabulary.player_family or model.gods:
        parts.append(_count(len(model.gods), vocabulary.player_family or "god"))
    if model.scores:
        parts += [_count(len(model.scores), "score column"), _count(len(model.awards), "award")]
    if model.variants or not model.scores:
        parts.append(_count(len(model.variants), "variant"))
    if model.tiles or not model.scores:
        parts.append(_count(len(model.tiles), "tile"))
    return ", ".join(parts)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 and noun != 'kind' else 's'}"
