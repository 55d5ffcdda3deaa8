"""The package is laid out by stage (README, "Layout"), and the layout holds: each stage imports only from the
stages before it, so the pipeline can be read from the folder tree; and no module outgrows a reader (~400 lines).

Imports inside functions count too: a lazy import running back up is still a dependency running back up.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "orbis_dsl"

# The stages in pipeline order, as the README's layout table lists them; the CLI and the pad sit side by side.
STAGE_RANK = {"common": 0, "runtime": 1, "language": 2, "records": 3, "reports": 4, "engine": 5, "cli": 6,
              "serve": 6}
MAX_MODULE_LINES = 400

MODULES = sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)


def _imported_stages(path: Path) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = []
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        for name in names:
            parts = name.split(".")
            if parts[0] == "orbis_dsl" and len(parts) > 1 and parts[1] in STAGE_RANK:
                found.append((node.lineno, parts[1]))
    return found


def test_every_stage_folder_is_ranked():
    folders = {p.name for p in PACKAGE.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert folders == set(STAGE_RANK)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_a_stage_imports_only_from_the_stages_before_it(path):
    stage = path.relative_to(PACKAGE).parts[0]
    if stage not in STAGE_RANK:
        return  # the package's own __init__ and __main__
    upward = [f"line {line}: orbis_dsl.{other}" for line, other in _imported_stages(path)
              if STAGE_RANK[other] > STAGE_RANK[stage]]
    assert not upward, f"{stage} must not import from a later stage: {upward}"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_outgrows_a_reader(path):
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_MODULE_LINES, f"{lines} lines: split it by responsibility"
