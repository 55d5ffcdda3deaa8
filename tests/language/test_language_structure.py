"""The checker, the interpreter and the formatter stay in small modules and small functions (issue 11), import
nothing from the stages that use the language (records, reports, the engine, the CLI, the pad), and no module of
the language imports another in a circle."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

LANGUAGE = Path(__file__).resolve().parents[2] / "orbis_dsl" / "language"
SPLIT = sorted(p for pattern in ("check*.py", "interpret*.py", "fmt*.py") for p in LANGUAGE.glob(pattern))
MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 60
ABOVE_THE_LANGUAGE = ("orbis_dsl.records", "orbis_dsl.reports", "orbis_dsl.engine", "orbis_dsl.cli",
                      "orbis_dsl.serve")


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def _imported(path: Path) -> set[str]:
    """Every orbis_dsl module `path` imports, at its top or inside a function (`from orbis_dsl.language import
    ast` names the module `orbis_dsl.language.ast`)."""
    names = set()
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("orbis_dsl"):
            names.add(node.module)
            if node.module == "orbis_dsl.language":
                names.update(f"orbis_dsl.language.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names if alias.name.startswith("orbis_dsl"))
    return names


def _circles(graph: dict[str, set[str]]) -> list[str]:
    """Every import circle a depth-first walk from each module meets, as 'a -> b -> a'."""
    circles = []

    def visit(module: str, path: list[str], done: set[str]) -> None:
        for target in sorted(graph.get(module, ())):
            if target in path:
                circles.append(" -> ".join([*path[path.index(target):], target]))
            elif target not in done:
                done.add(target)
                visit(target, [*path, target], done)

    for module in sorted(graph):
        visit(module, [module], {module})
    return circles


def test_the_split_modules_are_there():
    names = {p.stem for p in SPLIT}
    assert {"check", "check_declarations", "check_literals", "check_pieces", "check_sheets", "check_variants",
            "interpret", "interpret_expr", "interpret_pieces", "interpret_sheets",
            "fmt", "fmt_expr", "fmt_decls", "fmt_comments"} <= names


@pytest.mark.parametrize("path", SPLIT, ids=lambda p: p.name)
def test_module_is_small(path):
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_MODULE_LINES, f"{path.name} has {lines} lines; split it by responsibility"


@pytest.mark.parametrize("path", SPLIT, ids=lambda p: p.name)
def test_functions_are_small(path):
    long = [f"{node.name} (line {node.lineno}, {node.end_lineno - node.lineno + 1} lines)"
            for node in ast.walk(_tree(path)) if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            and node.end_lineno - node.lineno + 1 > MAX_FUNCTION_LINES]
    assert not long, f"{path.name}: functions over {MAX_FUNCTION_LINES} lines: {', '.join(long)}"


@pytest.mark.parametrize("path", SPLIT, ids=lambda p: p.name)
def test_no_import_from_above(path):
    upward = sorted(m for m in _imported(path) if m.startswith(ABOVE_THE_LANGUAGE))
    assert not upward, f"{path.name} imports {', '.join(upward)}"


def test_no_import_circle_among_language_modules():
    graph = {f"orbis_dsl.language.{p.stem}": {m for m in _imported(p) if m.startswith("orbis_dsl.language.")}
             for p in sorted(LANGUAGE.glob("*.py"))}
    circles = _circles(graph)
    assert not circles, "import circles: " + "; ".join(circles)


def test_the_checks_can_fail(tmp_path):
    """A module importing the CLI, and two modules importing each other (one through the package), are found."""
    (tmp_path / "a.py").write_text("from orbis_dsl.language import b\nfrom orbis_dsl.cli.app import app\n")
    (tmp_path / "b.py").write_text("def f():\n    from orbis_dsl.language.a import y\n")
    imports = {p.stem: _imported(p) for p in sorted(tmp_path.glob("*.py"))}
    assert "orbis_dsl.cli.app" in imports["a"] and "orbis_dsl.language.b" in imports["a"]
    graph = {f"orbis_dsl.language.{name}": names for name, names in imports.items()}
    assert "orbis_dsl.language.a -> orbis_dsl.language.b -> orbis_dsl.language.a" in _circles(graph)
