"""`orbis rules --game NAME` lists a score-sheet game by what it is made of (facts, columns, awards), not as
Orbis's kinds and tiles; `--schema` gives that game's record and report schemas; an unknown game is refused."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from orbis_dsl.cli.app import app


def _run(*args):
    return CliRunner().invoke(app, ["rules", *args])


def test_terra_mystica_is_listed_by_its_facts_columns_and_awards():
    out = _run("--game", "terra-mystica").output
    assert "faction: alchemists (Alchemists)" in out
    assert "fact      cults: cult positions (int 0..10 per fire/water/earth/air)" in out
    assert "award     cult: Cult track for each of fire, water, earth, air: most first, prizes 8/4/2, ties split" in out
    assert not any(line.startswith(("kinds:", "gods:", "tiles:")) for line in out.splitlines())


def test_mondo_as_json_and_its_schemas():
    summary = json.loads(_run("--game", "mondo", "--json").output)
    assert summary["rounds"] == 3 and summary["report"] == "mondo-score/1"
    assert any(a["unless_all_equal"] for a in summary["awards"])
    assert json.loads(_run("--game", "mondo", "--schema", "game").output)["title"].startswith("Mondo record")


def test_an_unknown_game_is_refused_with_a_suggestion():
    result = _run("--game", "mondoo")
    assert result.exit_code == 2 and "did you mean 'mondo'?" in result.output
