"""schemas/orbis-game-1.schema.json and schemas/orbis-score-1.schema.json against the examples and the reports.

The JSON Schema checks need the `jsonschema` package, which is not a dependency: they are skipped without it.
The structural checks below them need nothing and hold the same documents to docs/rules/orbis.md §10-§11
directly, including what a schema cannot say (total = regions + deserts + god + temple; places and winners agree).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from orbis_dsl.cli.app import app

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "schemas"
EXAMPLES = ROOT / "examples" / "games"
CORPUS = ROOT / "tests" / "corpus" / "games"
ALL_EXAMPLES = sorted(p.name for p in EXAMPLES.iterdir() if p.suffix in (".json", ".orbisgame"))
JSON_EXAMPLES = [name for name in ALL_EXAMPLES if name.endswith(".json")]
# Malformed records a schema cannot refuse: unique player names are beyond JSON Schema.
SCHEMA_CANNOT_TELL = {"json-duplicate-player-names.json"}


def _load(name: str) -> dict:
    return json.loads((SCHEMAS / name).read_text(encoding="utf-8"))


def _orbis(*args):
    return CliRunner().invoke(app, [str(a) for a in args])


def _report(path: Path) -> dict:
    result = _orbis("score", path, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _converted(path: Path) -> dict:
    result = _orbis("convert", path, "--to", "json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.fixture(scope="module")
def reports() -> dict[str, dict]:
    return {name: _report(EXAMPLES / name) for name in ALL_EXAMPLES}


# ---- the schema files themselves ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["orbis-game-1.schema.json", "orbis-score-1.schema.json"])
def test_schema_files_are_draft_2020_12(name):
    schema = _load(name)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["additionalProperties"] is False


def test_game_schema_knows_the_kinds_and_gods_of_the_base_rules():
    from orbis_dsl.language.ruleset import base_rules

    rules = base_rules()
    schema = _load("orbis-game-1.schema.json")
    assert set(schema["$defs"]["face_up"]["properties"]["kind"]["enum"]) == set(rules.kinds)
    assert set(schema["$defs"]["god"]["anyOf"][0]["enum"]) == set(rules.gods)
    for name, kind in rules.kinds.items():
        required = set(schema["$defs"][name]["required"]) - {"kind", "color"}
        assert required == {p for p in kind.scoring_params if kind.param(p).required}, name
        assert set(kind.declared) <= set(schema["$defs"][name]["properties"]), name


# ---- with jsonschema ------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def validators():
    jsonschema = pytest.importorskip("jsonschema")
    game, score = _load("orbis-game-1.schema.json"), _load("orbis-score-1.schema.json")
    for schema in (game, score):
        jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(game), jsonschema.Draft202012Validator(score)


def _errors(validator, doc) -> list[str]:
    return [f"{error.json_path}: {error.message}" for error in validator.iter_errors(doc)]


@pytest.mark.parametrize("name", JSON_EXAMPLES)
def test_json_examples_validate_against_the_game_schema(name, validators):
    doc = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    assert _errors(validators[0], doc) == []


@pytest.mark.parametrize("name", ALL_EXAMPLES)
def test_converted_records_validate_against_the_game_schema(name, validators):
    """What `orbis convert --to json` writes, from either format (a token on a Forest, white stars in 3p… included:
    those are warnings, not input errors)."""
    assert _errors(validators[0], _converted(EXAMPLES / name)) == []


@pytest.mark.parametrize("name", ALL_EXAMPLES)
def test_score_reports_validate_against_the_score_schema(name, validators, reports):
    assert _errors(validators[1], reports[name]) == []


@pytest.mark.parametrize("name", sorted(p.name for p in CORPUS.glob("*.json")))
def test_malformed_json_records_are_refused_by_the_game_schema_too(name, validators):
    try:
        doc = json.loads((CORPUS / name).read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError):
        pytest.skip("not JSON at all, or not UTF-8")
    errors = _errors(validators[0], doc)
    if name in SCHEMA_CANNOT_TELL:
        assert errors == []
    else:
        assert errors, "the schema accepts a record that `orbis score` refuses"


# ---- without jsonschema: the contract, checked by hand -----------------------------------------------------------

COLOURS = {"red", "yellow", "blue", "green", "white", "orange"}
TILE_COMMON = {"kind", "color", "level", "stars", "mystic", "cp", "cancelled"}
# docs/rules/orbis.md §10: required and optional keys per kind (volcano also carries `destroys`, see the schema).
TILE_KEYS = {
    "stone": (set(), set()),
    "village": ({"cp"}, {"need"}),
    "volcano": ({"cp"}, {"need", "destroys"}),
    "irrigation": ({"cp", "needs"}, set()),
    "forest": ({"cp", "threshold", "colors"}, set()),
    "temple": (set(), {"icons"}),
    "farm": (set(), {"reduces"}),
    "proselytism": (set(), {"gain"}),
}
GODS = {"love", "oceans", "fire", "nature", "harvests", "apprentice", "idleness", "technology", "balance", "death"}


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_tile(tile, where: str) -> None:
    assert isinstance(tile, dict), where
    if "desert" in tile:
        assert tile == {"desert": True}, where
        return
    required, optional = TILE_KEYS[tile["kind"]]
    assert {"kind", "color"} | required <= set(tile), where
    assert set(tile) <= TILE_COMMON | required | optional, where
    assert tile["color"] in COLOURS, where
    for key in ("cp", "mystic", "need", "threshold", "icons"):
        if key in tile:
            assert _is_int(tile[key]) and tile[key] >= 0, (where, key)
    if "level" in tile:
        assert tile["level"] in (1, 2, 3), where
    if "stars" in tile:
        assert tile["stars"] in ("black", "purple", "white"), where
    if "cancelled" in tile:
        assert isinstance(tile["cancelled"], bool), where
    if "colors" in tile:
        assert len(tile["colors"]) == 2 and set(tile["colors"]) <= COLOURS, where
    for key in ("needs", "reduces", "destroys"):
        if key in tile:
            assert tile[key] in COLOURS, (where, key)


def _check_game(doc: dict) -> None:
    assert set(doc) <= {"format", "title", "variant", "options", "players"}
    assert doc["format"] == "orbis-game/1"
    assert 2 <= len(doc["players"]) <= 4
    if "variant" in doc:
        assert doc["variant"] == f"{len(doc['players'])}p"
    assert set(doc.get("options", {})) <= {"majority_needs_one", "temple_count"}
    assert isinstance(doc.get("options", {}).get("majority_needs_one", False), bool)
    assert doc.get("options", {}).get("temple_count", "icons") in ("icons", "tiles")
    names = [p["name"] for p in doc["players"]]
    assert len(set(names)) == len(names)
    for i, player in enumerate(doc["players"]):
        assert {"name", "worshippers", "pyramid"} <= set(player) <= {"name", "god", "god_cancelled", "worshippers",
                                                                     "pyramid"}
        assert player.get("god", "love") in GODS  # the examples write ids
        assert _is_int(player["worshippers"]) and player["worshippers"] >= 0
        assert [len(row) for row in player["pyramid"]] == [5, 4, 3, 2]  # bottom first
        for r, row in enumerate(player["pyramid"]):
            for t, tile in enumerate(row):
                _check_tile(tile, f"$.players[{i}].pyramid[{r}][{t}]")


@pytest.mark.parametrize("name", ALL_EXAMPLES)
def test_records_follow_the_contract(name):
    if name.endswith(".json"):
        _check_game(json.loads((EXAMPLES / name).read_text(encoding="utf-8")))
    _check_game(_converted(EXAMPLES / name))


PLAYER_KEYS = {"name", "total", "regions", "deserts", "god", "temple", "worshippers", "place", "winner", "lines"}


@pytest.mark.parametrize("name", ALL_EXAMPLES)
def test_reports_follow_the_contract(name, reports):
    report = reports[name]
    record = _converted(EXAMPLES / name)
    assert set(report) == {"format", "variant", "players", "winners", "warnings"}
    assert report["format"] == "orbis-score/1"
    assert report["variant"] == record.get("variant", f"{len(record['players'])}p")
    players = report["players"]
    assert [p["name"] for p in players] == [p["name"] for p in record["players"]]  # the input's order
    for p in players:
        assert set(p) == PLAYER_KEYS
        assert all(_is_int(p[k]) for k in ("total", "regions", "deserts", "god", "temple", "worshippers", "place"))
        assert isinstance(p["winner"], bool)
        assert p["total"] == p["regions"] + p["deserts"] + p["god"] + p["temple"]
        assert p["deserts"] <= 0 <= p["temple"]
        for line in p["lines"]:
            assert set(line) == {"where", "what", "cp", "why"}
            assert isinstance(line["where"], str) and isinstance(line["what"], str) and isinstance(line["why"], str)
            assert _is_int(line["cp"])
        # "enough for a person to check the sum by hand": the lines add up to the total
        assert sum(line["cp"] for line in p["lines"]) == p["total"], p["name"]
    for p in players:
        better = sum(1 for q in players if (q["total"], q["worshippers"]) > (p["total"], p["worshippers"]))
        assert p["place"] == 1 + better, p["name"]
        assert p["winner"] == (p["place"] == 1)
    assert report["winners"] == [p["name"] for p in players if p["place"] == 1]
    for warning in report["warnings"]:
        assert set(warning) == {"where", "message"}
        assert isinstance(warning["where"], str) and isinstance(warning["message"], str)


# ---- generated per rule set (issue 14, item 5) -----------------------------------------------------------------


@pytest.mark.parametrize("which", ["game", "score"])
def test_the_shipped_schemas_are_what_orbis_rules_schema_writes_for_the_base_game(which):
    from orbis_dsl.language.ruleset import base_rules
    from orbis_dsl.records.orbis.schema import schema_for

    name = f"orbis-{which}-1.schema.json"
    assert _load(name) == schema_for(base_rules(), which), \
        f"regenerate with: orbis rules --schema {which} > schemas/{name}"


def test_a_record_written_under_a_pack_validates_against_the_packs_schema(validators, tmp_path, monkeypatch):
    jsonschema = pytest.importorskip("jsonschema")
    monkeypatch.setenv("ORBIS_CACHE_DIR", str(tmp_path / "cache"))
    pack = ROOT / "examples" / "custom" / "pack"
    result = _orbis("convert", ROOT / "examples" / "custom" / "duel.orbisgame", "--to", "json", "--rules", pack)
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)
    assert _errors(validators[0], record), "the base game's schema should not know the pack's kinds and gods"
    schema = _orbis("rules", "--schema", "game", "--rules", pack)
    assert schema.exit_code == 0, schema.output
    assert _errors(jsonschema.Draft202012Validator(json.loads(schema.stdout)), record) == []
    report = _orbis("score", "--json", "--rules", pack, ROOT / "examples" / "custom" / "duel.orbisgame")
    score_schema = json.loads(_orbis("rules", "--schema", "score", "--rules", pack).stdout)
    assert _errors(jsonschema.Draft202012Validator(score_schema), json.loads(report.stdout)) == []


def test_rules_schema_refuses_an_unknown_schema_name():
    result = _orbis("rules", "--schema", "gmae")
    assert result.exit_code == 2 and "--schema expects game or score" in result.stderr
