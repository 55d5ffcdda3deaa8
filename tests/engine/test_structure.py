"""The engine package stays in small modules and small functions (issue 11), imports nothing from the stages
above it (the CLI, the web pad, the reports), and its modules import each other without a circle."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[2] / "orbis_dsl" / "engine"
MODULES = sorted(ENGINE.glob("*.py"))
MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 60
ABOVE_THE_ENGINE = ("orbis_dsl.cli", "orbis_dsl.serve", "orbis_dsl.reports")


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def _imported(path: Path) -> set[str]:
    """Every orbis_dsl module `path` imports, at its top or inside a function."""
    names = set()
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("orbis_dsl"):
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names if alias.name.startswith("orbis_dsl"))
    return names


def test_the_engine_has_its_modules():
    names = {p.stem for p in MODULES}
    assert {"game", "game_setup", "game_turn", "log_write", "log_replay", "policy", "policy_greedy"} <= names


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_module_is_small(path):
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_MODULE_LINES, f"{path.name} has {lines} lines; split it by responsibility"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_functions_are_small(path):
    long = [f"{node.name} (line {node.lineno}, {node.end_lineno - node.lineno + 1} lines)"
            for node in ast.walk(_tree(path)) if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            and node.end_lineno - node.lineno + 1 > MAX_FUNCTION_LINES]
    assert not long, f"{path.name}: functions over {MAX_FUNCTION_LINES} lines: {', '.join(long)}"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_no_import_from_above(path):
    upward = sorted(m for m in _imported(path) if m.startswith(ABOVE_THE_ENGINE))
    assert not upward, f"{path.name} imports {', '.join(upward)}"


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


def test_no_import_circle_among_engine_modules():
    graph = {f"orbis_dsl.engine.{p.stem}": {m for m in _imported(p) if m.startswith("orbis_dsl.engine.")}
             for p in MODULES}
    circles = _circles(graph)
    assert not circles, "import circles: " + "; ".join(circles)


def test_the_checks_can_fail(tmp_path):
    """Two modules importing each other (one inside a function) make a circle the check reports."""
    (tmp_path / "a.py").write_text("from orbis_dsl.engine.b import x\n")
    (tmp_path / "b.py").write_text("def f():\n    from orbis_dsl.engine.a import y\n")
    graph = {f"orbis_dsl.engine.{p.stem}": _imported(p) for p in sorted(tmp_path.glob("*.py"))}
    assert _circles(graph) == ["orbis_dsl.engine.a -> orbis_dsl.engine.b -> orbis_dsl.engine.a",
                               "orbis_dsl.engine.b -> orbis_dsl.engine.a -> orbis_dsl.engine.b"]
    assert not _circles({"a": {"b"}, "b": {"c"}, "c": set()})
