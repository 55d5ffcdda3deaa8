"""`orbis score --explain` on the score-sheet games reads like the sheet: a column that is one fact reads by its
title, a column of awards is told by the awards' own lines, arithmetic is shown step by step, a conditional
column does not recite its cases, and a game of rounds labels each line with its round and its column."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from orbis_dsl.cli.app import app

ROOT = Path(__file__).resolve().parents[2]


def _explained(example: str) -> str:
    result = CliRunner().invoke(app, ["score", "--explain", str(ROOT / "examples" / example)])
    assert result.exit_code == 0, result.output
    return result.output


def test_terra_mystica_columns_read_by_their_titles_and_steps():
    out = _explained("terra-mystica/2p-basic.json")
    assert "VP on the score track 92\n" in out  # a single value: no "= 92" after it
    assert "Cult track prizes" not in out  # the four tracks' own lines are the column's breakdown
    assert "coins 4 + workers 3 + priests 0 + power[III] 4 + 2 = 13; 13 / coins_per_vp 3 = 4" in out
    assert "Fire & Ice final tile" not in out  # a base game: nobody takes part in the Fire & Ice tile


def test_mondo_lines_name_their_round_and_column_without_comparison_noise():
    out = _explained("mondo/counts-advanced-3p-counts-as-active.json")
    assert "round 1: Volcanoes" in out and "round 3: Mismatched edges" in out
    assert "most among players" not in out  # the notes say who has the volcano majority
    assert "has the most volcanoes that count as active" in out
    assert "-mismatches 2 = -2" in out


SHEET_EXAMPLES = sorted(str(p.relative_to(ROOT / "examples")) for game in ("terra-mystica", "mondo")
                        for p in (ROOT / "examples" / game).glob("*.json"))


@pytest.mark.parametrize("example", SHEET_EXAMPLES)
def test_a_players_lines_add_up_to_their_total(example):
    """Each line of the JSON report is counted once: an award's lines and the column that adds them up are not
    both listed with points."""
    import json

    result = CliRunner().invoke(app, ["score", "--json", str(ROOT / "examples" / example)])
    assert result.exit_code == 0, result.output
    for player in json.loads(result.output)["players"]:
        assert sum(line["cp"] for line in player["lines"]) == player["total"], player["name"]
