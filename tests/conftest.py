"""Shared fixtures: the checkout's root, the `orbis` command run in-process, and rule text checked from a file."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BASE_ENTRY = ROOT / "rules" / "orbis" / "game.orbis"


@pytest.fixture
def repo_root() -> Path:
    return ROOT


@pytest.fixture
def orbis(monkeypatch):
    """Run `orbis ARGS…` in-process from the checkout's root (so shown paths are stable); returns the Result.

    Typer's CliRunner (click 8.2+) keeps stderr apart: use `result.stdout` and `result.stderr`.
    """
    from typer.testing import CliRunner

    from orbis_dsl.cli.app import app

    monkeypatch.chdir(ROOT)
    try:
        runner = CliRunner(mix_stderr=False)  # click < 8.2 mixes stderr into stdout unless told not to
    except TypeError:
        runner = CliRunner()  # click 8.2+ always keeps them apart

    def run(*args: str):
        return runner.invoke(app, [str(a) for a in args])

    return run


@pytest.fixture
def check_rules(tmp_path):
    """`check_rules(text, base=True)` writes TEXT to a rule file (after an include of the base game when `base`),
    loads and checks it. Returns (model or None, diagnostics, shown name of the file). With `base`, the text
    starts on line 2 of the file."""
    from orbis_dsl.language.check.checker import check
    from orbis_dsl.language.syntax.sources import load_sources

    counter = iter(range(1_000_000))

    def run(text: str, base: bool = True, name: str | None = None):
        path = tmp_path / (name or f"case{next(counter)}.orbis")
        include = Path(os.path.relpath(BASE_ENTRY, tmp_path)).as_posix()  # includes are relative to the file
        prefix = f'include "{include}"\n' if base else ""
        path.write_text(prefix + text, encoding="utf-8")
        sources, diags = load_sources([path])
        model = None
        if not diags:
            model, diags = check(sources)
        shown = next(s for s, p in sources.paths.items() if p == path.resolve()) if sources.paths else str(path)
        return model, diags, shown

    return run
