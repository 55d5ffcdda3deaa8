"""Players' names in score-sheet records: a name that is not a string is told at its path rather than failing the
reader."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from orbis_dsl.common.games import game_named
from orbis_dsl.language.ruleset import game_rules
from orbis_dsl.records.sheets import read_sheet_doc

ROOT = Path(__file__).resolve().parents[2]
MONDO = "examples/mondo/counts-expert-2p-tasks.json"


def _rules(game: str):
    return game_rules(game_named(game))


@pytest.mark.parametrize("name", [{}, [1, 2], True, 3, None, ""])
@pytest.mark.parametrize("round_", [0, 1])
def test_a_name_that_is_not_a_string_is_told_at_its_path(name, round_):
    doc = json.loads((ROOT / MONDO).read_text(encoding="utf-8"))
    doc["rounds"][round_]["players"][0]["name"] = name
    record, diags = read_sheet_doc(doc, "m.json", _rules("mondo"))
    assert record is None
    assert [(d.path, d.message.split(",")[0]) for d in diags] == [
        (f"$.rounds[{round_}].players[0].name", "expected the player's name")]


def test_orbis_score_refuses_a_name_that_is_not_a_string_with_exit_2(orbis, tmp_path):
    doc = json.loads((ROOT / MONDO).read_text(encoding="utf-8"))
    doc["rounds"][1]["players"][0]["name"] = {}
    (tmp_path / "m.json").write_text(json.dumps(doc))
    result = orbis("score", tmp_path / "m.json")
    assert result.exit_code == 2
    assert "$.rounds[1].players[0].name: error: expected the player's name, got an object" in result.stderr
    assert "Traceback" not in result.stderr
