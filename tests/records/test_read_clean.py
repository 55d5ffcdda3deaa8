"""`inputs.read_clean`, the batch's first try at a file: the record `read_record` gives for a clean JSON record of
any game, and None (so that `read_record` reads it and says why) for everything else."""

from __future__ import annotations

from pathlib import Path

import pytest

from orbis_dsl.records.inputs import read_clean, read_record

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted(p for p in (ROOT / "examples").rglob("*") if p.suffix in (".json", ".orbisgame", ".tmgame"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_clean_json_record_is_the_careful_readers_and_anything_else_is_left_to_it(path):
    record, rules, diags, _ = read_record(path)
    clean = read_clean(path)
    if path.suffix == ".json" and record is not None and not diags:
        assert clean is not None
        assert clean[0] == record and clean[1] is rules
    else:
        assert clean is None


def test_what_would_draw_a_message_is_left_to_the_careful_reader(tmp_path):
    cases = {
        "broken.json": '{"format": "orbis-game/1", "players": [',
        "repeated.json": '{"format": "orbis-game/1", "format": "orbis-game/1", "players": []}',
        "unknown_game.json": '{"format": "orbis-game/1", "game": "chess", "players": []}',
        "long_number.json": '{"format": "orbis-game/1", "players": [{"name": "A", "worshippers": 12345678901}]}',
        "not_utf8.json": b'{"title": "\xff"}',
    }
    for name, text in cases.items():
        path = tmp_path / name
        path.write_bytes(text if isinstance(text, bytes) else text.encode())
        assert read_clean(path) is None, name
        assert read_record(path)[2], name  # (and the careful reader has words for it)
    assert read_clean(tmp_path / "missing.json") is None
    assert read_clean(tmp_path) is None  # a folder


def test_a_record_names_its_game_by_its_own_key_only(tmp_path):
    import json
    import random

    from orbis_dsl.language.ruleset import base_rules
    from orbis_dsl.records.orbis.json_reader import game_to_json
    from orbis_dsl.records.sample import random_game

    rules = base_rules()
    doc = game_to_json(random_game(rules, random.Random(3), 3), rules)
    doc["title"] = 'the "game" of the year'
    named = {**doc, "game": "orbis"}
    for name, record in {"titled.json": doc, "named.json": named}.items():
        path = tmp_path / name
        path.write_text(json.dumps(record), encoding="utf-8")
        careful, rules_read, diags, _ = read_record(path)
        assert careful is not None and not diags
        assert read_clean(path) == (careful, rules_read)
    elsewhere = tmp_path / "named.txt"  # JSON under another name: left to read_record, which reads it
    elsewhere.write_text(json.dumps(doc), encoding="utf-8")
    assert read_clean(elsewhere) is None and read_record(elsewhere)[0] is not None
    other = tmp_path / "other.json"
    other.write_text(json.dumps({**doc, "game": "terra-mystica"}), encoding="utf-8")
    assert read_clean(other) is None and read_record(other)[2]  # read as Terra Mystica: its reader has words


def test_a_number_too_long_anywhere_is_left_to_the_careful_reader(tmp_path):
    """The batch looks for a run of digits too long for a number outside the tiles, and in a tile's text only when
    it first reads it (a text read before is looked up): wherever the run stands, the record is the careful
    reader's, which refuses the number, and a tile's text that holds one is never remembered."""
    import json
    import random

    from orbis_dsl.language.ruleset import base_rules
    from orbis_dsl.records.orbis.json_reader import game_to_json
    from orbis_dsl.records.sample import random_game

    rules = base_rules()
    doc = game_to_json(random_game(rules, random.Random(7), 4), rules)
    clean = tmp_path / "clean.json"
    clean.write_text(json.dumps(doc), encoding="utf-8")
    assert read_clean(clean) == read_record(clean)[:2]  # (its tiles' texts are now remembered)
    long = 123456789012

    def variant(name, change):
        changed = json.loads(json.dumps(doc))
        change(changed)
        path = tmp_path / name
        path.write_text(json.dumps(changed), encoding="utf-8")
        return path

    refused = {
        "worshippers.json": lambda d: d["players"][1].__setitem__("worshippers", long),
        "tile.json": lambda d: d["players"][2]["pyramid"][1][0].__setitem__("cp", long),
        "mystic.json": lambda d: d["players"][0]["pyramid"][3][1].__setitem__("mystic", -long),
        "option.json": lambda d: d.setdefault("options", {}).__setitem__("temple_count", long),
    }
    for name, change in refused.items():
        path = variant(name, change)
        for _ in range(2):  # (the second time too: the first did not remember the tile)
            assert read_clean(path) is None, name
            assert any("too large" in d.message for d in read_record(path)[2]), name
    # In a string, the same digits are no number: the careful reader reads the record; the batch may leave it to it.
    named = variant("name.json", lambda d: d["players"][0].__setitem__("name", str(long)))
    careful = read_record(named)
    assert careful[0] is not None and not careful[2]
    assert read_clean(named) in (None, careful[:2])
