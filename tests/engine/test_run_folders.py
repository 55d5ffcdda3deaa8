"""`--records DIR` and `--logs DIR`: a folder that holds another run's files is refused (exit 2) unless
`--replace` is given, and every folder written gets the run's manifest, so it says what it holds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from orbis_dsl.cli.engine import make_app
from orbis_dsl.engine.simulate import MANIFEST, FolderInUse, run

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def cli(monkeypatch):
    monkeypatch.chdir(ROOT)
    runner = CliRunner()
    app = make_app()

    def invoke(*args):
        result = runner.invoke(app, [str(a) for a in args])
        assert "Traceback" not in result.output
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
        return result

    return invoke


def _simulate(cli, games: int, *extra):
    return cli("simulate", "--players", 3, "--games", games, "--seed", 2, "--policy", "greedy", "--json", *extra)


@pytest.mark.parametrize("option", ["--records", "--logs"])
def test_a_folder_holding_another_run_is_refused(cli, tmp_path, option):
    # `… --games 200 --records /tmp/x` then `… --games 5 --records /tmp/x` left games 0-4 new, 5-199 old, silently
    folder = tmp_path / "out"
    assert _simulate(cli, 6, option, folder).exit_code == 0
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    again = _simulate(cli, 2, option, folder)
    assert again.exit_code == 2 and again.stdout == ""
    assert f"error: the {option[2:]} folder {folder} already holds" in again.stderr
    assert "writing into it would mix the two runs" in again.stderr and "--replace" in again.stderr
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before  # nothing written, nothing removed


def test_replace_leaves_only_the_new_run(cli, tmp_path):
    folder = tmp_path / "out"
    assert _simulate(cli, 6, "--records", folder, "--logs", folder).exit_code == 0
    (folder / "notes.txt").write_text("mine\n", encoding="utf-8")
    assert _simulate(cli, 2, "--records", folder, "--logs", folder, "--replace").exit_code == 0
    names = sorted(p.name for p in folder.iterdir())
    assert names == ["game-000000.json", "game-000000.log", "game-000000.score.json", "game-000001.json",
                     "game-000001.log", "game-000001.score.json", "notes.txt", MANIFEST]
    manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    assert manifest["format"] == "orbis-run/1" and manifest["games"] == 2 and manifest["seed"] == 2
    assert manifest["players"] == 3 and manifest["policies"] == ["greedy"] * 3 and manifest["variant"] == "3p"
    assert manifest["rules"]["source"] == "base" and manifest["rules"]["digest"].startswith("sha256:")
    assert manifest["records"] == "game-000000.json to game-000001.json, each with NAME.score.json"
    assert manifest["logs"] == "game-000000.log to game-000001.log"
    assert "jobs" not in manifest  # the folder is the same bytes whatever --jobs wrote it


def test_the_folder_is_the_same_bytes_whatever_jobs_wrote_it(cli, tmp_path):
    for jobs in (1, 2):
        assert _simulate(cli, 4, "--records", tmp_path / str(jobs), "--jobs", jobs).exit_code == 0
    one, two = ({p.name: p.read_bytes() for p in (tmp_path / j).iterdir()} for j in ("1", "2"))
    assert MANIFEST in one and one == two


def test_other_files_do_not_make_a_folder_in_use(cli, tmp_path):
    (tmp_path / "README.txt").write_text("records of the spring tournament go here\n", encoding="utf-8")
    assert _simulate(cli, 2, "--records", tmp_path).exit_code == 0
    assert (tmp_path / "game-000001.json").exists() and (tmp_path / MANIFEST).exists()


def test_the_engine_refuses_before_playing(tmp_path):
    run("2p", 2, 1, "greedy", records=tmp_path)
    with pytest.raises(FolderInUse, match="already holds 5 files of a run"):
        run("2p", 1, 1, "greedy", logs=tmp_path)
