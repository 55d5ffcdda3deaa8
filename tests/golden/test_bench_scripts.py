"""The benches under bench/ are run by hand, not by the suite, so nothing else notices when a module they import
moves (bench_terra_mystica.py and bench_mondo.py once looked for their test helpers in a folder that was gone).
Every name each bench imports must be found where the bench looks for it: its own folder, the checkout, and the
folders it puts on sys.path."""

from __future__ import annotations

import ast
import importlib
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BENCHES = sorted((ROOT / "bench").glob("*.py"))


def _extra_folders(tree: ast.Module) -> list[Path]:
    """The folders a bench adds with `sys.path.insert(0, str(ROOT / "a" / "b"))`, read off its source."""
    folders = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "insert"
                and len(node.args) == 2 and isinstance(node.args[1], ast.Call) and node.args[1].args):
            parts, path = [], node.args[1].args[0]
            while isinstance(path, ast.BinOp) and isinstance(path.op, ast.Div):
                if not isinstance(path.right, ast.Constant):
                    break
                parts.insert(0, path.right.value)
                path = path.left
            else:
                folders.append(ROOT.joinpath(*parts))
    return folders


def _imports(tree: ast.Module) -> list[tuple[str, list[str]]]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module != "__future__":
            found.append((node.module, [alias.name for alias in node.names]))
        elif isinstance(node, ast.Import):
            found += [(alias.name, []) for alias in node.names]
    return found


@pytest.mark.parametrize("bench", BENCHES, ids=[b.name for b in BENCHES])
def test_every_name_a_bench_imports_is_where_it_looks(bench: Path):
    tree = ast.parse(bench.read_text(encoding="utf-8"))
    folders = [str(bench.parent), str(ROOT), *map(str, _extra_folders(tree))]
    saved = list(sys.path)
    sys.path[:0] = folders
    try:
        for module, names in _imports(tree):
            loaded = importlib.import_module(module)
            missing = [name for name in names if not hasattr(loaded, name)
                       and importlib.util.find_spec(f"{module}.{name}") is None]
            assert not missing, f"{bench.name}: {module} has no {', '.join(missing)}"
    finally:
        sys.path[:] = saved


def test_the_helper_folders_are_read_off_the_benches():
    """The walk above must see bench_mondo.py's extra folder, or it would check nothing there."""
    tree = ast.parse((ROOT / "bench" / "bench_mondo.py").read_text(encoding="utf-8"))
    assert ROOT / "tests" / "language" / "backends" / "interpret" in _extra_folders(tree)
