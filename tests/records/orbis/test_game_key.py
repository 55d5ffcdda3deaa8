"""docs/rules/orbis.md §10: an Orbis record may name its game, `"game": "orbis"` (any letter case); `orbis score`
reads it as Orbis, the schema takes it, and the Orbis reader refuses a record naming another game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from orbis_dsl.language.ruleset import base_rules
from orbis_dsl.records.orbis.json_reader import read_json_text

ROOT = Path(__file__).resolve().parents[3]
RECORD = json.loads((ROOT / "examples" / "games" / "2p-first-game-new-box.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("game", ["orbis", "ORBIS", " Orbis "])
def test_a_record_naming_orbis_scores_as_one_naming_nothing(orbis, tmp_path, game):
    path = tmp_path / "named.json"
    path.write_text(json.dumps({**RECORD, "game": game}), encoding="utf-8")
    named = orbis("score", path, "--json")
    assert named.exit_code == 0, named.stderr
    assert named.stdout == orbis("score", "examples/games/2p-first-game-new-box.json", "--json").stdout
    game_record, diags = read_json_text(path.read_text(encoding="utf-8"), "named.json", base_rules())
    assert diags == [] and game_record is not None


def test_the_schema_takes_the_game_key():
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((ROOT / "schemas" / "orbis-game-1.schema.json").read_text(encoding="utf-8"))
    jsonschema.validate({**RECORD, "game": "orbis"}, schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**RECORD, "game": "mondo"}, schema)


@pytest.mark.parametrize("game", ["mondo", "chess", 3])
def test_the_orbis_reader_refuses_a_record_of_another_game(game):
    text = json.dumps({**RECORD, "game": game})
    record, diags = read_json_text(text, "other.json", base_rules())
    assert record is None
    assert [d.path for d in diags] == ["$.game"] and diags[0].message.startswith('expected "orbis", got ')


def test_an_unknown_game_is_refused_at_its_name_with_did_you_mean(orbis, tmp_path):
    path = tmp_path / "typo.json"
    path.write_text(json.dumps({**RECORD, "game": "orbsi"}), encoding="utf-8")
    result = orbis("score", path)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [f"{path}: $.game: error: unknown game 'orbsi'", "  = did you mean 'orbis'?"]
