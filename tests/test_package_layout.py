"""The package is laid out by stage (README, "Layout"), and the layout holds (issue 11):
- each stage imports only from the stages before it, so the pipeline can be read from the folder tree;
- no two modules import each other, directly or round a circle;
- the interpreter, the oracle the compiled scorers are held to, shares only the IR with the compiler: it imports
  nothing from the compiler (`backends/python`), the checker (`check`, reached only through `ir.scope` and
  `ir.checked`) or a describer outside the IR (issue 32, item 5);
- no block is too tangled to read: every function, method and class is of radon's rank C at most (cyclomatic
  complexity 20), so a module splits by concept rather than by length; and no function outgrows a reader (60 lines of
  body).

Imports inside functions count too: a lazy import running back up, or round a circle, is still one.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest
from radon.complexity import cc_rank, cc_visit

PACKAGE = Path(__file__).resolve().parent.parent / "orbis_dsl"

# The stages in pipeline order, as the README's layout table lists them; the CLI and the pad sit side by side.
STAGE_RANK = {"common": 0, "runtime": 1, "language": 2, "records": 3, "reports": 4, "engine": 5, "cli": 6,
              "serve": 6}
MAX_RANK = "C"  # radon's ranks: A 1-5, B 6-10, C 11-20, D 21-30, E 31-40, F 41 and more
MAX_FUNCTION_LINES = 60  # of body: a command's option declarations are its signature, not its logic

MODULES = sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)

INTERPRETER = "orbis_dsl.language.backends.interpret"
# The compiler, the checker (reached only through the IR stage), and what only the generated handlers call at
# score time: a helper shared by both back ends could be wrong in both while every agreement test passed.
NOT_FOR_THE_INTERPRETER = ("orbis_dsl.language.backends.python", "orbis_dsl.language.check",
                           "orbis_dsl.runtime.support", "orbis_dsl.runtime.awards", "orbis_dsl.runtime.lists",
                           "orbis_dsl.runtime.hexmap_measures")
# Inside the language, its own stages in order (README, "Layout"): the syntax; the formatter and the highlighter,
# which read only the syntax; the checker; the IR it lowers to; the back ends; the rule set put together from them;
# the packs laid over it. The two back ends are siblings: neither imports the other.
LANGUAGE_STAGE_RANK = {"syntax": 0, "format": 1, "highlight": 1, "check": 2, "ir": 3, "backends": 4, "ruleset": 5,
                       "packs": 6}
BACKENDS = ("python", "interpret")


@cache
def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def _imports(tree: ast.Module) -> list[tuple[int, str]]:
    """(line, module) for every orbis_dsl module imported, at the top or inside a function; `from orbis_dsl.x
    import y` names both `orbis_dsl.x` and `orbis_dsl.x.y` (y may be a module)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module.startswith("orbis_dsl"):
                found.append((node.lineno, node.module))
                found += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names]
        elif isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names if alias.name.startswith("orbis_dsl")]
    return found


def _module_name(path: Path) -> str:
    return ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)


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


def test_every_stage_folder_is_ranked():
    folders = {p.name for p in PACKAGE.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert folders == set(STAGE_RANK)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_a_stage_imports_only_from_the_stages_before_it(path):
    stage = path.relative_to(PACKAGE).parts[0]
    if stage not in STAGE_RANK:
        return  # the package's own __init__
    upward = sorted({f"line {line}: {'.'.join(name.split('.')[:2])}" for line, name in _imports(_tree(path))
                     if name.split(".")[1:2] and STAGE_RANK.get(name.split(".")[1], -1) > STAGE_RANK[stage]})
    assert not upward, f"{stage} must not import from a later stage: {upward}"


def _language_stage(module: str) -> tuple[str, str | None] | None:
    """(language stage, back end or None) of a module inside `orbis_dsl.language`; None outside it."""
    parts = module.split(".")
    if parts[:2] != ["orbis_dsl", "language"] or len(parts) < 3:
        return None
    return parts[2], parts[3] if parts[2] == "backends" and len(parts) > 3 and parts[3] in BACKENDS else None


LANGUAGE_MODULES = [p for p in MODULES if (_language_stage(_module_name(p)) or ("__init__",))[0] != "__init__"]


def test_every_language_stage_is_ranked():
    stages = {p.relative_to(PACKAGE / "language").parts[0].removesuffix(".py") for p in LANGUAGE_MODULES}
    assert stages == set(LANGUAGE_STAGE_RANK)


@pytest.mark.parametrize("path", LANGUAGE_MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_a_language_stage_imports_only_from_the_stages_before_it(path):
    stage, backend = _language_stage(_module_name(path))
    wrong = set()
    for line, name in _imports(_tree(path)):
        target = _language_stage(name)
        if target is None or target[0] not in LANGUAGE_STAGE_RANK:
            continue
        if LANGUAGE_STAGE_RANK[target[0]] > LANGUAGE_STAGE_RANK[stage] or (
                backend and target[1] and target[1] != backend):
            wrong.add(f"line {line}: {name}")
    assert not wrong, f"language/{stage} must not import from a later stage or the other back end: {sorted(wrong)}"


def _beyond_the_ir(tree: ast.Module) -> list[str]:
    """The imports of an interpreter module that reach past the IR into the compiler or the checker."""
    return sorted({f"line {line}: {name}" for line, name in _imports(tree) if _reaches(name, NOT_FOR_THE_INTERPRETER)})


def _reaches(name: str, modules: tuple[str, ...]) -> bool:
    """`name` is one of `modules` or inside one (`runtime.awards` reaches `runtime.awards`, not `runtime.awards_x`)."""
    return any(name == m or name.startswith(m + ".") for m in modules)


@pytest.mark.parametrize("path", [p for p in MODULES if _module_name(p).startswith(INTERPRETER)],
                         ids=lambda p: str(p.relative_to(PACKAGE)))
def test_the_interpreter_shares_only_the_ir_with_the_compiler(path):
    beyond = _beyond_the_ir(_tree(path))
    assert not beyond, f"the interpreter must reach the checker and the compiler only through the IR: {beyond}"


def test_no_import_circle():
    modules = {_module_name(p): p for p in MODULES if p.name != "__init__.py"}
    graph = {name: {m for _, m in _imports(_tree(path)) if m in modules and m != name}
             for name, path in modules.items()}
    circles = _circles(graph)
    assert not circles, "import circles: " + "; ".join(circles)


def _blocks(blocks) -> list:
    """radon's blocks with every closure beside them: radon counts a nested function apart from its enclosing one."""
    found = []
    for block in blocks:
        found.append(block)
        found += _blocks(getattr(block, "closures", ()))
    return found


def _tangled(source: str) -> list[str]:
    """Each block of the source over MAX_RANK, as 'name (line N, complexity K, rank R)'."""
    return [f"{block.fullname} (line {block.lineno}, complexity {block.complexity}, rank {cc_rank(block.complexity)})"
            for block in sorted(_blocks(cc_visit(source)), key=lambda b: b.lineno)
            if cc_rank(block.complexity) > MAX_RANK]


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_block_is_too_tangled(path):
    tangled = _tangled(path.read_text(encoding="utf-8"))
    assert not tangled, f"blocks over radon rank {MAX_RANK}: {', '.join(tangled)}; split each by concept"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_functions_are_small(path):
    long = [f"{node.name} (line {node.lineno}, {node.end_lineno - node.body[0].lineno + 1} lines)"
            for node in ast.walk(_tree(path)) if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            and node.end_lineno - node.body[0].lineno + 1 > MAX_FUNCTION_LINES]
    assert not long, f"functions over {MAX_FUNCTION_LINES} lines: {', '.join(long)}"


def test_the_checks_can_fail(tmp_path):
    """A later stage's import and two modules importing each other (one lazily) are found."""
    a = ast.parse("from orbis_dsl.cli.app import app\nfrom orbis_dsl.runtime import b\n")
    b = ast.parse("def f():\n    from orbis_dsl.runtime.a import y\n")
    assert (1, "orbis_dsl.cli.app") in _imports(a) and (2, "orbis_dsl.runtime.b") in _imports(a)
    graph = {"orbis_dsl.runtime.a": {m for _, m in _imports(a)} & {"orbis_dsl.runtime.b"},
             "orbis_dsl.runtime.b": {m for _, m in _imports(b)} & {"orbis_dsl.runtime.a"}}
    assert "orbis_dsl.runtime.a -> orbis_dsl.runtime.b -> orbis_dsl.runtime.a" in _circles(graph)
    reaching = ast.parse("from orbis_dsl.language.check.names import Context\nfrom orbis_dsl.language.ir import nodes\n"
                         "def f():\n    from orbis_dsl.language.backends.python.emit import call\n"
                         "from orbis_dsl.runtime import support\nfrom orbis_dsl.runtime.board import Board\n")
    assert _beyond_the_ir(reaching) == [
        "line 1: orbis_dsl.language.check.names", "line 1: orbis_dsl.language.check.names.Context",
        "line 4: orbis_dsl.language.backends.python.emit", "line 4: orbis_dsl.language.backends.python.emit.call",
        "line 5: orbis_dsl.runtime.support"]


def test_the_complexity_cap_can_fail():
    """A function of complexity 21 is over rank C, as a closure too; one of 20 is not."""
    branches = "".join(f"    if x == {i}:\n        return {i}\n" for i in range(19))
    assert _tangled(f"def f(x):\n{branches}    return -1\n") == []
    over = f"def f(x):\n    if x is None:\n        return None\n{branches}    return -1\n"
    assert _tangled(over) == ["f (line 1, complexity 21, rank D)"]
    nested = "def outer(x):\n" + "".join("    " + line + "\n" for line in over.splitlines())
    assert _tangled(nested) == ["f (line 2, complexity 21, rank D)"]
