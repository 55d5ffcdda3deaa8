"""`orbis-game/1` has one reader (records/orbis/json_reader.py with json_tiles.py): a rule added to it holds for a
record whatever way the record comes in, a well-formed JSON file (which a second "quick" reader once took without
asking the general one), the notation, a row typed at `orbis enter`, or a file read by `orbis score`; and its ways
of being fast (no parsing hook, tiles remembered) never change what it says."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st
from robustness.fuzzing import FUZZ

from orbis_dsl.language.ruleset import base_rules
from orbis_dsl.records.inputs import read_game
from orbis_dsl.records.json_text import load_json
from orbis_dsl.records.orbis import json_tiles
from orbis_dsl.records.orbis.json_reader import RecordReader, game_to_json, read_json_text
from orbis_dsl.records.orbis.notation import read_row, read_text, write_text
from orbis_dsl.records.sample import random_game

RULES = base_rules()
LONG_TITLE = "A title of sixty characters, which a new rule refuses: xxxxx"


def _records(seed: int, count: int) -> list[dict]:
    rng = random.Random(seed)
    return [game_to_json(random_game(RULES, rng), RULES) for _ in range(count)]


def _hooked(text: str):
    """The record as read from the document parsed with every hook (repeated keys, long numbers, surrogates)."""
    doc, diags = load_json(text, "g.json")
    if diags:
        return None, diags
    reader = RecordReader(RULES, "g.json")
    game = reader.game(doc)
    return (None if reader.diags else game), reader.diags


@pytest.fixture
def title_limit(monkeypatch):
    """The issue's example: a 40-character limit on titles, added to the reader in one place."""
    typed = RecordReader.title

    def title(self, value):
        value = typed(self, value)
        if value is not None and len(value) > 40:
            self.error("$.title", f"a title is at most 40 characters, not {len(value)}")
        return value

    monkeypatch.setattr(RecordReader, "title", title)


def test_a_rule_added_to_the_reader_holds_for_a_json_file_the_notation_and_orbis_score(title_limit, tmp_path):
    assert len(LONG_TITLE) == 60
    doc = _records(1, 1)[0]
    assert read_json_text(json.dumps(doc), "g.json", RULES)[1] == []  # a well-formed record: read without a word
    doc["title"] = LONG_TITLE
    text = json.dumps(doc)
    game, diags = read_json_text(text, "g.json", RULES)
    assert game is None and [(d.path, d.message) for d in diags] == [("$.title", "a title is at most 40 characters, "
                                                                                 "not 60")]
    notation = write_text(_hooked(json.dumps({**doc, "title": "short"}))[0], RULES).replace("short", LONG_TITLE)
    game, diags = read_text(notation, "g.orbisgame", RULES)
    assert game is None and [d.message for d in diags] == ["a title is at most 40 characters, not 60"]
    assert diags[0].span.line == next(i for i, line in enumerate(notation.splitlines(), 1) if LONG_TITLE in line)
    for name, body in (("g.json", text), ("g.orbisgame", notation)):
        path = tmp_path / name
        path.write_text(body, encoding="utf-8")
        game, diags, _ = read_game(path, RULES)
        assert game is None and "at most 40 characters" in diags[0].message


def test_a_tile_rule_added_to_the_reader_holds_on_the_first_and_every_later_read(monkeypatch):
    """Tiles read without a word are remembered: a rule added to the tile checks holds for tiles read before."""
    text = json.dumps(_records(2, 1)[0])
    assert read_json_text(text, "g.json", RULES)[1] == []  # its tiles are remembered now
    checked = json_tiles.TileChecks.checked_tile

    def no_level_3(self, obj, path):
        if type(obj) is dict and obj.get("level") == 3:
            self.error(f"{path}.level", "no level 3 today")
            return None
        return checked(self, obj, path)

    monkeypatch.setattr(json_tiles.TileChecks, "checked_tile", no_level_3)
    monkeypatch.setattr(json_tiles, "_SHAPES", {})  # a rule of the reader's is part of what it worked out
    for _ in range(2):
        game, diags = read_json_text(text, "g.json", RULES)
        assert game is None and diags and {d.message for d in diags} == {"no level 3 today"}
        assert all(re.fullmatch(r"\$\.players\[\d\]\.pyramid\[\d\]\[\d\]\.level", d.path) for d in diags)
    tiles, diags = read_row("red stone 3 level=3", "row", RULES)
    assert tiles is None and [d.message for d in diags] == ["no level 3 today"]


def test_a_repeated_key_anywhere_is_named_though_the_parser_has_no_hook():
    member = re.compile(r'[{,] ?("[a-z_]+": (?:"[^"]*"|[0-9]+|true|false))')
    rng = random.Random(5)
    for doc in _records(6, 40):
        text = json.dumps(doc)
        found = rng.choice(list(member.finditer(text)))
        text = text[:found.start(1)] + found.group(1) + ", " + text[found.start(1):]
        for _ in range(2):  # (and again, once every tile without the repeat is remembered)
            game, diags = read_json_text(text, "g.json", RULES)
            assert game is None and len(diags) == 1 and "given twice" in diags[0].message


def test_colons_and_braces_in_strings_are_read():
    doc = _records(4, 1)[0]
    doc["title"] = "Final {2}: }{ a:b"
    doc["players"][1]["name"] = "{P2}: the second"
    game, diags = read_json_text(json.dumps(doc), "g.json", RULES)
    assert diags == [] and game.title == "Final {2}: }{ a:b" and game.players[1].name == "{P2}: the second"


def test_a_remembered_tile_is_not_given_for_a_value_that_only_compares_equal():
    """1 == True == 1.0 in Python; in a record only the first is a number and only the second a token."""
    village = {"kind": "village", "color": "yellow", "need": 2, "cp": 3, "cancelled": True}
    row = [{"desert": True}] * 3
    doc = _records(3, 1)[0]
    doc["players"][0]["pyramid"][1] = [village, *row]
    assert read_json_text(json.dumps(doc), "g.json", RULES)[1] == []
    for changed, path in (({"cancelled": 1}, "cancelled"), ({"cp": 3.0}, "cp"), ({"cp": True}, "cp")):
        doc["players"][0]["pyramid"][1] = [{**village, **changed}, *row]
        game, diags = read_json_text(json.dumps(doc), "g.json", RULES)
        assert game is None and [d.path for d in diags] == [f"$.players[0].pyramid[1][0].{path}"]


_CHANGES = [
    ('"P1"', '"P2"'), ('"P1"', '"P\\u0031"'), ('"P1"', '"\\ud800"'), ('"P1"', 'null'), ('"P1"', '1'),
    ('"P1"', '"P:1"'), ('"worshippers": ', '"worshippers": -'), ('"worshippers": ', '"worshippers": 1234567890'),
    ('"worshippers": ', '"worshippers": true, "x": '), ('"format": ', '"game": "orbis", "format": '),
    ('"red"', '"Red"'), ('"red"', '"orange"'), ('"kind": "stone"', '"kind": "Stone"'), ('"cp": ', '"cp": 1.5, "c": '),
    ('"cancelled": true', '"cancelled": 1'), ('"players": [', '"options": {}, "players": ['),
    ('"players": [', '"options": {"temple_count": "tiles"}, "players": ['),
    ('"players": [', '"options": {"temple_count": "TILES"}, "players": ['),
    ('"players": [', '"title": null, "players": ['), ('"players": [', '"variant": "2p", "players": ['),
    ('"level": ', '"level": 9, "l": '), ('"god": "', '"god": "Goddess of '), ('"god": "', '"god": "x'),
    ('"god": ', '"god_cancelled": true, "gods": '), ('"orbis-game/1"', '"orbis-game/2"'), ('}', '} '), ('[[', '[[[]'),
    ('{"desert": true}', '{"desert": true, "desert": true}'), ('"stars": "black"', '"stars": "black:"'),
    ('{"kind": "stone"', '{"kind": "stone", "colour": {}'), ('"color": "red"', '"color": "red", "color": "red"'),
    ('"players": [', '"title": "a:b", "title": "c", "players": ['),
    # Against the skeleton the reader parses (json_skeleton.py: tiles looked up by their text):
    ('"P1"', '"P{1}"'), ('"P1"', '"P}"'), ('"P1"', '"{\\"kind\\": \\"stone\\"}"'),
    ('"worshippers": ', '"worshippers": {}, "w": '), ('"worshippers": ', '"worshippers": 1e12, "w": '),
    ('{"kind"', '1e12, {"kind"'), ('{"desert": true}', '1000000000000'), ('{"desert": true}', '{}'),
    ('"players": [', '"options": {"temple_count": "icons"}, "players": ['),
    ('"players": [', '"title": "{", "players": ['), ('"players": [', '"title": "}{", "players": ['),
]


@FUZZ
@given(seed=st.integers(0, 10**6), change=st.sampled_from(_CHANGES), which=st.integers(0, 50))
def test_a_changed_record_reads_as_its_document_parsed_with_every_hook(seed, change, which):
    """The reader's parse without a hook, and its count of ':'s for repeated keys, against the hooked parse."""
    text = json.dumps(game_to_json(random_game(RULES, random.Random(seed)), RULES))
    old, new = change
    spots = [i for i in range(len(text)) if text.startswith(old, i)]
    if spots:
        at = spots[which % len(spots)]
        text = text[:at] + new + text[at + len(old):]
    assert read_json_text(text, "g.json", RULES) == _hooked(text)
