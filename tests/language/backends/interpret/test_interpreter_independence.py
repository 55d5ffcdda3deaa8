"""The interpreter is the oracle the compiled scorers are held to, so it must not lean on the compiler: a helper
shared by both back ends could be wrong in both and every agreement test would still pass."""

from __future__ import annotations

import ast
import pathlib

import orbis_dsl.language as language

# What the compiled back end is made of, and what only its generated handlers call at score time; and the checker,
# which the interpreter reads only through the IR stage (`ir.scope`, `ir.checked`).
_COMPILER = ("backends.python", "check")
# (`runtime.awards`: the compiled scorers' award code; the interpreter has its own, backends/interpret/awards.py)
_RUNTIME_HELPERS = ("orbis_dsl.runtime.support", "orbis_dsl.runtime.awards")


def _interpreter_modules() -> list[pathlib.Path]:
    root = pathlib.Path(language.__file__).parent / "backends" / "interpret"
    return sorted(root.rglob("*.py"))


def _imports(path: pathlib.Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def _leans_on_compiler(name: str) -> bool:
    if name in _RUNTIME_HELPERS or name.startswith(tuple(h + "." for h in _RUNTIME_HELPERS)):
        return True
    return name.startswith(tuple(f"orbis_dsl.language.{part}" for part in _COMPILER))


def test_there_are_interpreter_modules_to_check():
    assert len(_interpreter_modules()) >= 4


def test_the_interpreter_imports_nothing_from_the_compiler_or_its_run_time_helpers():
    leaning = {f"{path.name}: {name}" for path in _interpreter_modules() for name in _imports(path)
               if _leans_on_compiler(name)}
    assert not leaning
