"""Determinism: generated code and every report are byte-identical across renders, processes and hash seeds.

- `compile_base().modules` (and a rule pack's modules) render identically twice in one process and in
  subprocesses run with PYTHONHASHSEED=0, 1 and random;
- `orbis score --json` of the seed games and `orbis rules --json` print the same bytes under every hash seed;
- `orbis compile --check` passes: generated/ is what the rules compile to;
- `orbis simulate … --json` (when the command exists) prints the same summary in separate processes, under
  different hash seeds, and with --jobs 1 and --jobs 2; its --records files are identical too.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SEEDS = Path(__file__).resolve().parent / "seeds"
HASH_SEEDS = ("0", "1", "random")

# Run in a fresh interpreter: every rendered module, a pack's modules and the CLI's JSON outputs, as digests.
PROBE = r"""
import contextlib, hashlib, io, json, sys
from pathlib import Path
from typer.testing import CliRunner
from orbis_dsl.cli.app import app
from orbis_dsl.language.ruleset import compile_base, compile_paths

seeds = Path(sys.argv[1])
out = {}
for name, text in compile_base().modules.items():
    out["base/" + name] = text
compiled = compile_paths([seeds / "rules" / "mini.orbis"])
assert compiled.model is not None, [d.message for d in compiled.diagnostics]
for name, text in compiled.modules.items():
    out["mini/" + name] = text
runner = CliRunner()
for game in sorted((seeds / "games").iterdir()):
    result = runner.invoke(app, ["score", str(game), "--json"])
    assert result.exit_code == 0, result.stderr
    out["score/" + game.name] = result.stdout
    result = runner.invoke(app, ["convert", str(game)])
    assert result.exit_code == 0, result.stderr
    out["convert/" + game.name] = result.stdout
result = runner.invoke(app, ["rules", "--json"])
out["rules"] = result.stdout
print(json.dumps({k: hashlib.sha256(v.encode()).hexdigest() for k, v in sorted(out.items())}))
"""


def _python(args: list[str], hash_seed: str, cwd: Path = ROOT, timeout: float = 120) -> str:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, *args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=timeout)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return proc.stdout


def test_two_renders_in_one_process_are_identical():
    from orbis_dsl.language.ruleset import compile_base, compile_paths

    assert compile_base().modules == compile_base().modules
    mini = SEEDS / "rules" / "mini.orbis"
    assert compile_paths([mini]).modules == compile_paths([mini]).modules


@pytest.fixture(scope="module")
def digests(tmp_path_factory):
    """The probe's digests under each hash seed, the three processes run side by side."""
    cwd = tmp_path_factory.mktemp("probe")
    procs = {seed: subprocess.Popen([sys.executable, "-c", PROBE, str(SEEDS)], cwd=cwd, text=True,
                                    env={**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(ROOT)},
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE)
             for seed in HASH_SEEDS}
    out = {}
    for seed, proc in procs.items():
        stdout, stderr = proc.communicate(timeout=120)
        assert proc.returncode == 0, stderr[-3000:]
        out[seed] = json.loads(stdout)
    return out


def test_outputs_do_not_depend_on_the_hash_seed(digests):
    reference = digests["0"]
    assert len(reference) > 10
    for seed, got in digests.items():
        differing = sorted(k for k in reference if got.get(k) != reference[k])
        assert not differing, f"PYTHONHASHSEED={seed} changes {differing}"


def test_in_process_render_matches_a_fresh_process(digests):
    from orbis_dsl.language.ruleset import compile_base

    fresh = digests["0"]
    here = {f"base/{n}": hashlib.sha256(t.encode()).hexdigest() for n, t in compile_base().modules.items()}
    assert {k: v for k, v in fresh.items() if k.startswith("base/")} == here


def test_generated_folder_is_current(monkeypatch):
    from typer.testing import CliRunner

    from orbis_dsl.cli.app import app

    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(app, ["compile", "--check"])
    assert result.exit_code == 0, result.stderr
    assert "is current" in result.stdout


# ---- simulations -------------------------------------------------------------------------------------------

def _simulate_available() -> bool:
    proc = subprocess.run([sys.executable, "-m", "orbis_dsl.cli.app", "simulate", "--help"], cwd=ROOT,
                          capture_output=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    return proc.returncode == 0


@pytest.fixture(scope="module")
def simulate():
    if not _simulate_available():
        pytest.skip("`orbis simulate` does not exist yet")

    def run(*args: str, hash_seed: str = "0", cwd: Path = ROOT) -> str:
        return _python(["-m", "orbis_dsl.cli.app", "simulate", *args, "--json"], hash_seed, cwd=cwd)

    return run


@pytest.mark.parametrize("args", [
    ("--games", "12", "--seed", "7"),
    ("--players", "3", "--games", "8", "--seed", "11", "--policy", "greedy"),
])
def test_seeded_simulations_repeat_across_processes_and_hash_seeds(simulate, args):
    first = simulate(*args, hash_seed="0")
    assert json.loads(first)["games"] == int(args[args.index("--games") + 1])
    assert simulate(*args, hash_seed="random") == first


def test_simulations_do_not_depend_on_the_number_of_jobs(simulate, tmp_path):
    args = ("--games", "16", "--seed", "5", "--policy", "greedy,random")
    one = simulate(*args, "--jobs", "1", "--records", str(tmp_path / "one"))
    two = simulate(*args, "--jobs", "2", "--records", str(tmp_path / "two"), hash_seed="random")
    assert one == two
    files_one = {p.relative_to(tmp_path / "one"): p.read_bytes() for p in (tmp_path / "one").rglob("*") if p.is_file()}
    files_two = {p.relative_to(tmp_path / "two"): p.read_bytes() for p in (tmp_path / "two").rglob("*") if p.is_file()}
    assert files_one and files_one.keys() == files_two.keys()
    differing = sorted(str(k) for k in files_one if files_one[k] != files_two[k])
    assert not differing, f"records differ between --jobs 1 and --jobs 2: {differing[:5]}"


def test_different_seeds_give_different_games(simulate):
    assert simulate("--games", "6", "--seed", "1") != simulate("--games", "6", "--seed", "2")
