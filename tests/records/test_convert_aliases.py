"""`orbis convert` writes ids: whatever other name a reader accepts (a faction's or a god's title, an id, a card, a
cell or a colour in another letter case, `orange` for yellow) is written as the id the rules declare, so that the
JSON written holds to the project's own schemas (schemas/*.schema.json), in every game and from either format."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

jsonschema = pytest.importorskip("jsonschema")

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = {"terra-mystica": "tm-final-1.schema.json", "mondo": "mondo-rounds-1.schema.json",
           "orbis": "orbis-game-1.schema.json"}
SHEETS = sorted([*(ROOT / "examples" / "terra-mystica").glob("*.json"), *(ROOT / "examples" / "mondo").glob("*.json")])
_FREE = {"name", "title", "format", "game"}  # free text, and the header: as typed


def _rules(game: str):
    from orbis_dsl.common.games import game_named
    from orbis_dsl.language.ruleset import game_rules

    return game_rules(game_named(game))


def _other_names(value, rules, key=None):
    """The record with every id typed another way the readers accept: a title for a piece of the family players
    hold, lower case for any other id written in capitals (cards, tiles, cells)."""
    if isinstance(value, dict):
        return {k: _other_names(v, rules, k) for k, v in value.items()}
    if isinstance(value, list):
        return [_other_names(v, rules, key) for v in value]
    if isinstance(value, str) and key not in _FREE:
        if key == rules.settings.held_family and value in rules.gods:
            return rules.gods[value].title.upper()
        if value.upper() == value and any(c.isalpha() for c in value):
            return value.lower()
    return value


def _convert(orbis, path, *args) -> str:
    result = orbis("convert", path, *args)
    assert result.exit_code == 0, result.stderr
    return result.stdout


def _valid(game: str, doc: dict) -> None:
    schema = json.loads((ROOT / "schemas" / SCHEMAS[game]).read_text(encoding="utf-8"))
    jsonschema.validate(doc, schema)


@pytest.mark.parametrize("path", SHEETS, ids=lambda p: p.name)
def test_a_sheet_typed_with_other_names_converts_to_the_ids(orbis, path, tmp_path):
    doc = json.loads(path.read_text(encoding="utf-8"))
    rules = _rules(doc["game"])
    typed = _other_names(doc, rules)
    if typed == doc:
        pytest.skip("no id written in capitals and no held family in this record")
    source = tmp_path / path.name
    source.write_text(json.dumps(typed), encoding="utf-8")
    with pytest.raises(jsonschema.ValidationError):
        _valid(doc["game"], typed)  # the names the readers accept are not the schema's
    converted = json.loads(_convert(orbis, source, "--to", "json"))
    _valid(doc["game"], converted)
    assert converted == json.loads(_convert(orbis, path, "--to", "json"))
    # and through the text notation (which writes a fact per track or bowl as an object), from either
    suffix = ".tmgame" if doc["game"] == "terra-mystica" else ".mondo"
    through_text = []
    for name, given in (("typed", source), ("ids", path)):
        text = tmp_path / f"{name}{suffix}"
        text.write_text(_convert(orbis, given, "--to", "text"), encoding="utf-8")
        through_text.append(json.loads(_convert(orbis, text, "--to", "json")))
    _valid(doc["game"], through_text[0])
    assert through_text[0] == through_text[1]


def test_a_faction_typed_by_its_title_in_a_sheet_is_written_as_its_id(orbis, tmp_path):
    text = _convert(orbis, ROOT / "examples" / "terra-mystica" / "2p-basic.json")
    assert "Ann halflings " in text
    sheet = tmp_path / "aliases.tmgame"
    sheet.write_text(text.replace("Ann halflings ", 'Ann "chaos magicians" '), encoding="utf-8")
    converted = json.loads(_convert(orbis, sheet, "--to", "json"))
    assert converted["players"][0]["faction"] == "chaosmagicians"
    _valid("terra-mystica", converted)


def test_an_orbis_record_typed_with_other_names_converts_to_the_ids(orbis, tmp_path):
    doc = json.loads((ROOT / "examples" / "games" / "2p-first-game-new-box.json").read_text(encoding="utf-8"))
    rules = _rules("orbis")
    typed = json.loads(json.dumps(doc))
    for player in typed["players"]:
        if "god" in player:
            player["god"] = rules.gods[player["god"]].title.upper()
        for row in player["pyramid"]:
            for tile in row:
                if "kind" in tile:
                    tile["kind"] = tile["kind"].title()
                    tile["color"] = "Orange" if tile["color"] == "yellow" else tile["color"].upper()
    source = tmp_path / "typed.json"
    source.write_text(json.dumps(typed), encoding="utf-8")
    converted = json.loads(_convert(orbis, source, "--to", "json"))
    _valid("orbis", converted)
    assert converted == json.loads(_convert(orbis, ROOT / "examples" / "games" / "2p-first-game-new-box.json",
                                            "--to", "json"))
