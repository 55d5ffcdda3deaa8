"""The interpreter is the oracle the compiled scorers are held to, so it must not lean on the compiler: a helper
shared by both back ends could be wrong in both and every agreement test would still pass."""

from __future__ import annotations

import ast
import pathlib

import orbis_dsl.language as language

# What the compiled back end is made of, and what only its generated handlers call at score time; and the checker,
# which the interpreter reads only through the IR stage (`ir.scope`, `ir.checked`).
_COMPILER = ("backends.python", "check")
# (`runtime.awards`: the compiled scorers' award code; the interpreter has its own, backends/interpret/awards.py;
# `runtime.lists` and `runtime.hexmap_measures`: what the generated handlers count lists and measure groups with;
# the interpreter's are in `values` and `groups`)
_RUNTIME_HELPERS = ("orbis_dsl.runtime.support", "orbis_dsl.runtime.awards", "orbis_dsl.runtime.lists",
                    "orbis_dsl.runtime.hexmap_measures")
# A module of which the interpreter may read only data: the map's geometry as declared (its cells, what each
# touches, which are water), not the groups the compiled scorers find over it.
_DATA_ONLY = {"orbis_dsl.runtime.hexmap": {"HexMap", "HexMapSpec"}}


def _interpreter_modules() -> list[pathlib.Path]:
    root = pathlib.Path(language.__file__).parent / "backends" / "interpret"
    return sorted(root.rglob("*.py"))


def _imports(path: pathlib.Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module not in _DATA_ONLY:  # (from a data-only module, each name imported is judged)
                names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def _leans_on_compiler(name: str) -> bool:
    module, _, imported = name.rpartition(".")
    if name in _DATA_ONLY:
        return True  # `from orbis_dsl.runtime import hexmap` (or `import …hexmap`) hands every function over
    if module in _DATA_ONLY:
        return imported not in _DATA_ONLY[module]
    if name in _RUNTIME_HELPERS or name.startswith(tuple(h + "." for h in _RUNTIME_HELPERS)):
        return True
    return name.startswith(tuple(f"orbis_dsl.language.{part}" for part in _COMPILER))


def test_there_are_interpreter_modules_to_check():
    assert len(_interpreter_modules()) >= 4


def test_the_interpreter_imports_nothing_from_the_compiler_or_its_run_time_helpers():
    leaning = {f"{path.name}: {name}" for path in _interpreter_modules() for name in _imports(path)
               if _leans_on_compiler(name)}
    assert not leaning


def test_reading_the_map_s_data_is_allowed_and_its_groups_are_not():
    assert not _leans_on_compiler("orbis_dsl.runtime.hexmap.HexMapSpec")
    assert _leans_on_compiler("orbis_dsl.runtime.hexmap.largest_group")
    assert _leans_on_compiler("orbis_dsl.runtime.hexmap")  # `from orbis_dsl.runtime import hexmap`
    assert _leans_on_compiler("orbis_dsl.runtime.lists.position")
