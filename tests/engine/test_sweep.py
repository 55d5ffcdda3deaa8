"""`orbis sweep`: spec errors located like every other input error, and the same JSON byte for byte on one
process, on --jobs 2 and on a Dask cluster (a local one: the test skips only when the [cluster] extra is missing)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from orbis_dsl.cli.engine import make_app

ROOT = Path(__file__).resolve().parents[2]
PACK = ROOT / "examples" / "custom" / "pack"

SPEC = f"""\
games = 3
seed = 8
variants = ["2p"]
packs = ["base", "{PACK.as_posix()}"]
policies = ["greedy", "mcts:2,random"]

[options]
majority_needs_one = [false, true]
"""


@pytest.fixture
def cli(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("ORBIS_CACHE_DIR", str(tmp_path / "cache"))
    runner = CliRunner()
    app = make_app()

    def invoke(*args):
        result = runner.invoke(app, [str(a) for a in args])
        assert "Traceback" not in result.output
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
        return result

    return invoke


def _spec(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "grid.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_backends_agree_byte_for_byte(cli, tmp_path):
    spec = _spec(tmp_path, SPEC)
    one = cli("sweep", spec, "--json")
    assert one.exit_code == 0, one.stderr
    two = cli("sweep", spec, "--json", "--jobs", 2)
    assert two.exit_code == 0, two.stderr
    assert two.stdout == one.stdout
    report = json.loads(one.stdout)
    cells = report["cells"]
    assert report["format"] == "orbis-sweep/1" and len(cells) == 2 * 2 * 2
    assert [(c["pack"], c["policy"], c["options"]["majority_needs_one"]) for c in cells[:4]] == [
        ("base", "greedy", False), ("base", "greedy", True), ("base", "mcts:2,random", False),
        ("base", "mcts:2,random", True)]
    assert all(c["summary"]["games"] == 3 for c in cells)
    pack_gods = {g for c in cells[4:] for g in c["summary"]["win_rate_by_god"]}
    assert pack_gods & {"sage", "wanderer", "builder", "hermit"}  # the pack's own gods take part
    assert cells[3]["new_gods"] == []
    added = cells[4]["new_gods"]  # the pack's own gods; not 'apprentice', which it replaces
    assert {"builder", "hermit", "sage", "wanderer"} <= set(added) and "apprentice" not in added
    pytest.importorskip("distributed", reason="the [cluster] extra is not installed")
    dask = cli("sweep", spec, "--json", "--jobs", 2, "--backend", "dask")
    assert dask.exit_code == 0, dask.stderr
    assert dask.stdout == one.stdout


def test_text_report_names_every_cell(cli, tmp_path):
    spec = _spec(tmp_path, 'games = 2\nvariants = ["3p"]\npolicies = ["greedy"]\n')
    result = cli("sweep", spec)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("1 cells, 2 games each, seed 0")
    assert "base · 3p · greedy" in result.stdout and "mean CP" in result.stdout


def test_text_report_gives_each_cell_its_rates_and_its_chance_baseline(cli, tmp_path):
    # the text report printed flags per cell with no chance baseline (the JSON had it) and no win rates
    pack = ROOT / "examples" / "balance" / "oracle"
    spec = _spec(tmp_path, f'games = 6\nseed = 3\nvariants = ["3p"]\npacks = ["base", "{pack.as_posix()}"]\n'
                           'policies = ["greedy", "greedy,random"]\n')
    text = cli("sweep", spec).stdout
    report = json.loads(cli("sweep", spec, "--json").stdout)
    blocks = text.split("\n\n")[1:-1]  # the header, the cells, the line over all cells
    assert len(blocks) == 4 == len(report["cells"])
    for block, cell in zip(blocks, report["cells"]):
        b = cell["summary"]["balance"]
        seat = b["win_rate_by_seat"]["1"]
        assert f"seats: 1: {seat['rate']:.1%} ({seat['low']:.1%}-{seat['high']:.1%})" in block
        for god, e in b["win_rate_by_god"].items():
            assert f"{god}{' (new)' if god in cell['new_gods'] else ''} {e['rate']:.1%}" in block
        assert "kinds: " in block
        if b["not_tested"]:
            assert "no rate tested: the seats play different policies" in block and "policies: greedy:" in block
        else:
            chance = f"(about {b['flags_expected_by_chance']:g} expected by chance)"
            assert chance in block
    assert [c["new_gods"] for c in report["cells"]] == [[], [], ["oracle"], ["oracle"]]
    assert report["flags_expected_by_chance"] == round(sum(c["summary"]["balance"]["flags_expected_by_chance"]
                                                           for c in report["cells"]), 2)
    assert text.rstrip().endswith(f"about {report['flags_expected_by_chance']:g} expected by chance alone when every "
                                  "rate is fair (each cell's rates are tested on their own)")


@pytest.mark.parametrize(("text", "expected"), [
    ('games = 2\nvariant = ["2p"]\n', ["grid.toml:2:1: error: unknown sweep setting 'variant'",
                                       "did you mean 'variants'?"]),
    ('games = 2\nvariants = ["2p", "5p"]\n', ["grid.toml:2:19: error: unknown variant '5p'", "   2 | variants",
                                              "^^^^"]),
    ('games = 2\npolicies = ["greedy", "mtcs"]\n', ["grid.toml:2:23: error: unknown policy 'mtcs'",
                                                    "did you mean 'mcts'?"]),
    ('games = 0\n', ["grid.toml:1:1: error: 'games' must be at least 1, not 0"]),
    ('games = "many"\n', ["grid.toml:1:1: error: 'games' is a whole number, not 'many'"]),
    ('games = 2\n[options]\nmajority_needs_one = ["yes"]\n',
     ["grid.toml:3:1: error: option 'majority_needs_one' is true or false, not 'yes'"]),
    ('games = 2\n[options]\ntemple_cuont = ["tiles"]\n', ["unknown rule option 'temple_cuont'",
                                                          "did you mean 'temple_count'?"]),
    ('games = 2\npacks = ["no-such-pack"]\n', ["grid.toml:2:10: error: no such rule pack: no-such-pack"]),
    ('games = 2\nvariants = [\n', ["grid.toml:3:1: error: this is not TOML: Invalid value (the file ends too early)"]),
])
def test_spec_errors_are_located(cli, tmp_path, text, expected):
    result = cli("sweep", _spec(tmp_path, text))
    assert result.exit_code == 2
    for line in expected:
        assert line in result.stderr, result.stderr
    assert "error: the sweep spec grid.toml does not check" in result.stderr


def test_bad_arguments_exit_2(cli, tmp_path):
    spec = _spec(tmp_path, "games = 1\n")
    assert "unknown backend 'ray'" in cli("sweep", spec, "--backend", "ray").stderr
    assert cli("sweep", spec, "--address", "tcp://x:1").exit_code == 2
    assert "no such sweep spec" in cli("sweep", tmp_path / "missing.toml").stderr
    assert cli("sweep", spec, "--jobs", 0).exit_code == 2
