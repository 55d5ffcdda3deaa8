"""Issue 35, F4, F5, F13: what a sweep spec may ask for is bounded, each bound a located error naming it. A
`games` of 2^63-1 was a MemoryError traceback after 22 s; 62 kB of options making 16 million cells a MemoryError
(the grid was built whole before anything was counted); a spec nested 50,000 deep a RecursionError."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from orbis_dsl.cli.engine import make_app
from orbis_dsl.engine import sweep_spec
from orbis_dsl.engine.sweep_spec import MAX_CELLS, MAX_GAMES, MAX_SPEC_DEPTH, MAX_SWEEP_GAMES, read_spec


def _read(tmp_path: Path, text: str):
    path = tmp_path / "grid.toml"
    path.write_text(text, encoding="utf-8")
    return read_spec(path, "grid.toml")


def _one_error(tmp_path: Path, text: str):
    result = _read(tmp_path, text)
    assert result.sweep is None
    assert len(result.diagnostics) == 1, [d.message for d in result.diagnostics]
    return result.diagnostics[0]


def test_games_past_the_bound_is_refused_at_games(tmp_path):
    error = _one_error(tmp_path, "seed = 1\ngames = 9223372036854775807\n")
    assert (error.span.line, error.span.column) == (2, 1)
    assert f"at most {MAX_GAMES:,}" in error.message


def test_games_at_the_bound_is_taken(tmp_path):
    assert _read(tmp_path, f'games = {MAX_GAMES}\nvariants = ["2p"]\n').sweep.games == MAX_GAMES


def test_a_grid_of_16_million_cells_is_counted_not_built(tmp_path, monkeypatch):
    def never(*args):
        raise AssertionError("the grid was built")

    monkeypatch.setattr(sweep_spec, "_cells", never)
    values = ", ".join(str(i) for i in range(64))
    error = _one_error(tmp_path, "games = 1\n[options]\n" + "".join(f"o{k} = [{values}]\n" for k in range(4)))
    assert "16,777,216 cells" in error.message and f"at most {MAX_CELLS:,}" in error.message
    assert error.span.line == 2


def test_games_times_cells_is_bounded(tmp_path):
    variants = ", ".join('"2p"' for _ in range(20))
    error = _one_error(tmp_path, f"games = {MAX_GAMES}\nvariants = [{variants}]\n")
    assert f"at most {MAX_SWEEP_GAMES:,}" in error.message and error.span.line == 1


@pytest.mark.parametrize("opening", ["[", "{a = ", "[{b = "])
def test_a_spec_nested_50000_deep_is_a_located_error(tmp_path, opening):
    error = _one_error(tmp_path, "games = 1\nx = " + opening * 50_000 + "\n")
    assert f"at most {MAX_SPEC_DEPTH}" in error.message and error.span.line == 2


def test_brackets_in_strings_and_comments_open_nothing(tmp_path):
    text = ('games = 1\nvariants = ["2p"]  # [[[[[[[[[[[[[[[[\npolicies = ["greedy"]\n'
            'seed = 3 # """ [[[[[[[[[[[[[[[[[[[[\n')
    assert _read(tmp_path, text).sweep is not None


def test_a_seed_of_5000_digits_is_located(tmp_path):
    error = _one_error(tmp_path, "games = 1\nseed = " + "9" * 5000 + "\n")
    assert (error.span.line, error.span.column) == (2, 8) and "4,300 digits" in error.message


def test_the_cli_gives_exit_2_without_a_traceback(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "grid.toml").write_text("games = 1\nx = " + "[" * 50_000 + "\n", encoding="utf-8")
    result = CliRunner().invoke(make_app(), ["sweep", "grid.toml"])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "grid.toml:2:" in result.stderr


@pytest.mark.parametrize(("text", "words"), [
    ('games = 1\npacks = ["\\u0000base"]\n', "no control characters"),
    ("games = " + "9" * 300 + "\n", "not a number of 300 digits"),
    ("games = 1\n" + "k" * 5000 + " = 1\n", "unknown sweep setting 'kkkk"),
])
def test_what_the_fuzzer_found_is_a_short_located_message(tmp_path, text, words):
    """Found by bench/fuzz_budget.py (issue 35, item 6): a NUL in a pack's path was a ValueError traceback; a
    long number or name was echoed whole."""
    error = _one_error(tmp_path, text)
    assert words in error.message and len(error.message) < 300, error.message[:500]
