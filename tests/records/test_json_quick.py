"""The quick record reader (orbis_json_quick.py) against the general one (orbis_json.py `_Reader`): whenever the
quick one builds a record, it is the record the general one builds; it gives up on anything it is not sure of,
so the messages still come from the general reader; and it reads ordinary records (else it buys nothing)."""

from __future__ import annotations

import json
import random
import re

from hypothesis import given
from hypothesis import strategies as st
from robustness.fuzzing import FUZZ

from orbis_dsl.language.ruleset import base_rules
from orbis_dsl.records.json_text import load_json
from orbis_dsl.records.orbis_json import _Reader, game_to_json, read_json_text
from orbis_dsl.records.orbis_json_quick import quick_record
from orbis_dsl.records.sample import random_game

RULES = base_rules()


def general(text: str):
    doc, diags = load_json(text, "g.json")
    if diags:
        return None, diags
    reader = _Reader(RULES, "g.json")
    return reader.game(doc), reader.diags


def records(seed: int, count: int) -> list[dict]:
    rng = random.Random(seed)
    return [game_to_json(random_game(RULES, rng), RULES) for _ in range(count)]


def test_ordinary_records_are_read_quickly_and_as_the_general_reader_reads_them():
    for doc in records(16, 60):
        for text in (json.dumps(doc), json.dumps(doc, indent=2, ensure_ascii=False)):
            quick = quick_record(text, RULES)
            assert quick is not None
            assert (quick, []) == general(text)


def test_a_title_variant_and_names_with_colons_are_still_read_quickly():
    doc = records(3, 1)[0]
    doc["title"] = "Final: table 2"
    doc["players"][0]["name"] = "A: B"
    doc["variant"] = f"{len(doc['players'])}p"
    text = json.dumps(doc)
    assert quick_record(text, RULES) is not None
    assert (quick_record(text, RULES), []) == general(text)


def test_options_before_or_after_the_players_are_read_quickly():
    doc = records(4, 1)[0]
    given = {"options": {"temple_count": "tiles", "majority_needs_one": True}}
    for text in (json.dumps({**given, **doc}), json.dumps({**doc, **given})):
        assert quick_record(text, RULES) is not None
        assert (quick_record(text, RULES), []) == general(text)


def test_braces_in_names_are_read_as_the_general_reader_reads_them():
    """A brace in a string throws the skeleton out: the general reader reads such a record."""
    doc = records(4, 1)[0]
    doc["title"] = "Final {2}: }{"
    doc["players"][1]["name"] = "{P2}"
    text = json.dumps(doc)
    assert quick_record(text, RULES) is None
    assert read_json_text(text, "g.json", RULES) == general(text) and general(text)[0].title == "Final {2}: }{"


def test_a_tile_text_is_remembered_and_a_repeated_key_inside_it_is_left_to_the_general_reader():
    text = json.dumps(records(8, 1)[0])
    assert quick_record(text, RULES) == quick_record(text, RULES)  # the second time by the tiles' texts
    doubled = text.replace('{"desert": true}', '{"desert": true, "desert": true}', 1)
    assert quick_record(doubled, RULES) is None
    assert general(doubled)[0] is None


def _repeat_a_key(text: str, rng: random.Random) -> str:
    """The same key twice in one object: the C parser keeps the last value, the general reader refuses it."""
    member = rng.choice(list(_SIMPLE_MEMBER.finditer(text)))
    return text[:member.start(1)] + member.group(1) + ", " + text[member.start(1):]


_SIMPLE_MEMBER = re.compile(r'[{,] ?("[a-z_]+": (?:"[^"]*"|[0-9]+|true|false))')


def test_a_repeated_key_anywhere_is_left_to_the_general_reader():
    rng = random.Random(5)
    for doc in records(6, 40):
        text = _repeat_a_key(json.dumps(doc), rng)
        assert quick_record(text, RULES) is None
        game, diags = read_json_text(text, "g.json", RULES)
        assert game is None and "given twice" in diags[0].message
        assert (game, diags) == general(text)


_CHANGES = [
    ('"P1"', '"P2"'), ('"P1"', '"P\\u0031"'), ('"P1"', '"\\ud800"'), ('"P1"', 'null'), ('"P1"', '1'),
    ('"worshippers": ', '"worshippers": -'), ('"worshippers": ', '"worshippers": 1234567890'),
    ('"worshippers": ', '"worshippers": true, "x": '), ('"format": ', '"game": "orbis", "format": '),
    ('"red"', '"Red"'), ('"red"', '"orange"'), ('"kind": "stone"', '"kind": "Stone"'), ('"cp": ', '"cp": 1.5, "c": '),
    ('"cancelled": true', '"cancelled": 1'), ('"players": [', '"options": {}, "players": ['),
    ('"players": [', '"options": {"temple_count": "tiles"}, "players": ['),
    ('"players": [', '"options": {"temple_count": "TILES"}, "players": ['),
    ('"players": [', '"title": null, "players": ['), ('"players": [', '"variant": "2p", "players": ['),
    ('"level": ', '"level": 9, "l": '), ('"god": "', '"god": "Goddess of '), ('"god": "', '"god": "x'),
    ('"god": ', '"god_cancelled": true, "gods": '), ('"orbis-game/1"', '"orbis-game/2"'), ('}', '} '), ('[[', '[[[]'),
    # Against the skeleton and its marks (tiles looked up by their text):
    ('"P1"', '"P{1}"'), ('"P1"', '"P}"'), ('"P1"', '"{\\"kind\\": \\"stone\\"}"'),
    ('"worshippers": ', '"worshippers": {}, "w": '), ('"worshippers": ', '"worshippers": 1e12, "w": '),
    ('{"kind"', '1e12, {"kind"'), ('{"desert": true}', '1000000000000'),
    ('{"desert": true}', '{"desert": true, "desert": true}'),
    ('"players": [', '"options": {"temple_count": "icons"}, "players": ['),
    ('"players": [', '"title": "{", "players": ['), ('"players": [', '"title": "}{", "players": ['),
    ('"stars": "black"', '"stars": "black:"'), ('{"kind": "stone"', '{"kind": "stone", "colour": {}'),
]


@FUZZ
@given(seed=st.integers(0, 10**6), change=st.sampled_from(_CHANGES), which=st.integers(0, 50))
def test_a_changed_record_is_either_left_to_the_general_reader_or_read_the_same(seed, change, which):
    text = json.dumps(game_to_json(random_game(RULES, random.Random(seed)), RULES))
    old, new = change
    spots = [i for i in range(len(text)) if text.startswith(old, i)]
    if spots:
        at = spots[which % len(spots)]
        text = text[:at] + new + text[at + len(old):]
    quick = quick_record(text, RULES)
    full = general(text)
    if quick is not None:
        assert (quick, []) == full
    assert read_json_text(text, "g.json", RULES) == full
