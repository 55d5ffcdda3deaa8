"""`orbis export bgstats GAME… -o FILE` (cli/export.py): an existing file kept without --force, a file that cannot be
read named and nothing written, bad options in a sentence, the create-play links; and the file itself, exactly
(a snapshot: the format BG Stats reads must not drift unnoticed). The file's content is tested over every example
in tests/reports/test_bgstats.py."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from orbis_dsl.cli.app import app

ROOT = Path(__file__).resolve().parents[2]
ORBIS = ROOT / "examples" / "games" / "3p-book-club-tie.orbisgame"
TM = ROOT / "examples" / "terra-mystica" / "2p-basic.json"
MONDO = sorted((ROOT / "examples" / "mondo").glob("*.json"))
WHEN = "2026-12-03 20:15"


def orbis(*args):
    return CliRunner().invoke(app, [str(a) for a in args])


def test_the_file_is_as_it_was(snapshot):
    result = orbis("export", "bgstats", ORBIS, TM, "--date", WHEN, "--location", "Ana's", "--minutes", "80",
                   "--me", "Ann")
    assert result.exit_code == 0, result.output
    assert result.stdout == snapshot

def test_an_existing_file_is_kept_without_force(tmp_path):
    out = tmp_path / "plays.json"
    out.write_text("mine", encoding="utf-8")
    game = MONDO[0]
    result = orbis("export", "bgstats", game, "-o", out)
    assert result.exit_code == 2
    assert "exists; give --force" in result.stderr
    assert out.read_text(encoding="utf-8") == "mine"
    result = orbis("export", "bgstats", game, "-o", out, "--force")
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text(encoding="utf-8"))["plays"][0]["playerScores"]


def test_a_bad_file_writes_nothing_and_names_it(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "orbis-game/1", "players": 3}\n', encoding="utf-8")
    out = tmp_path / "plays.json"
    result = orbis("export", "bgstats", ORBIS, bad, "-o", out)
    assert result.exit_code == 2
    assert "bad.json" in result.stderr and "nothing was written" in result.stderr
    assert not out.exists()


def test_bad_options_are_one_line_errors(tmp_path):
    game = TM
    result = orbis("export", "bgstats", game, "--date", "yesterday")
    assert result.exit_code == 2 and "--date expects YYYY-MM-DD" in result.stderr
    result = orbis("export", "bgstats", game, "--me", "Anne")
    assert result.exit_code == 2 and "did you mean 'Ann'" in result.stderr


def test_link_prints_one_link_per_game():
    result = orbis("export", "bgstats", *MONDO[:2], "--link", "--date", WHEN)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert len(lines) == 2 and all(line.startswith("bgstats://app.bgstatsapp.com/createPlay.html?data=")
                                   for line in lines)
