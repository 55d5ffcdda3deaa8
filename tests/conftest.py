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


# The files that take longest, longest first (the sum of each one's tests' times in the 2026-12-07 00:07 UTC suite,
# from its JUnit report; the order was within 1 % of the best two workers can do). pytest-xdist's `--dist loadfile`
# hands the files out in collection order (`--no-loadscope-reorder` in pyproject's addopts: its default order is by
# number of tests, which put these one-test sweeps and games last, and the run waited minutes on one worker at the
# end). Longest first, the short files at the end fill whichever worker finishes first. A file missing from the list
# costs nothing but that balance (tests/test_conftest.py checks that each one listed exists).
HEAVY_FIRST = (
    "tests/serve/test_pad_at_table.py",
    "tests/serve/test_browser_offline.py",
    "tests/language/test_terra_mystica_properties.py",
    "tests/custom/test_pack_collisions_over_terra_mystica.py",
    "tests/language/syntax/test_lark_reductions.py",
    "tests/golden/test_golden.py",
    "tests/serve/by_finger/test_orbis_game.py",
    "tests/robustness/test_security_resources.py",
    "tests/robustness/test_security_pack_cache.py",
    "tests/serve/by_finger/test_mondo_game.py",
    "tests/serve/test_browser_sheets.py",
    "tests/robustness/test_limits.py",
    "tests/engine/test_balance_symmetric.py",
    "tests/serve/test_browser.py",
    "tests/robustness/test_security_lark_cache.py",
    "tests/custom/test_pack_collisions_over_orbis.py",
    "tests/serve/by_finger/test_terra_mystica_sheet.py",
    "tests/custom/test_pack_collisions_over_mondo.py",
    "tests/robustness/test_fuzz_rules.py",
    "tests/language/backends/interpret/test_interpreter_agreement.py",
    "tests/robustness/test_security_optional_params.py",
    "tests/records/orbis/test_notation_common.py",
    "tests/robustness/test_fuzz_games.py",
    "tests/engine/test_sweep_address.py",
    "tests/language/format/test_fmt.py",
    "tests/records/orbis/test_notation_reader.py",
    "tests/serve/test_offline_api.py",
    "tests/engine/test_search.py",
    "tests/robustness/test_adversarial_packs.py",
    "tests/robustness/test_security_numbers.py",
)


def heavy_first(items: list) -> list:
    """`items` with the files of HEAVY_FIRST first, in its order, then every other file by its number of tests,
    most first (xdist's own order); each file's tests stay together and in their order."""
    rank = {name: i for i, name in enumerate(HEAVY_FIRST)}
    by_file: dict[str, list] = {}
    for item in items:
        by_file.setdefault(item.nodeid.split("::", 1)[0], []).append(item)
    order = sorted(by_file, key=lambda name: (rank.get(name, len(rank)), -len(by_file[name])))
    return [item for name in order for item in by_file[name]]


def pytest_collection_modifyitems(config, items):
    if os.environ.get("PYTEST_XDIST_WORKER") is not None:  # only the order the workers are handed matters
        items[:] = heavy_first(items)
