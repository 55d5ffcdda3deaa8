"""The quick tile reader (tile_schema.py) against the general one (records.py `_Reader.checked_tile`): whenever
the quick one builds a tile, it must be the very tile the general one builds, and it must build the tiles of
ordinary records (else it would buy nothing)."""

from __future__ import annotations

import json
import random

from hypothesis import given
from hypothesis import strategies as st
from robustness.fuzzing import FUZZ

from orbis_dsl.language.ruleset import base_rules
from orbis_dsl.records.orbis_json import _Reader, game_to_json, read_json_text, tile_to_json
from orbis_dsl.records.sample import random_game, random_tile
from orbis_dsl.records.tile_schema import schema_for

RULES = base_rules()
SCHEMA = schema_for(RULES)


def general(obj):
    reader = _Reader(RULES, "t.json")
    return reader.checked_tile(obj, "$"), reader.diags


def test_the_quick_reader_builds_every_tile_of_the_tile_list_as_the_general_one_does():
    rng = random.Random(7)
    for _ in range(2_000):
        obj = tile_to_json(random_tile(RULES, rng), RULES)
        quick = SCHEMA.read(obj)
        assert quick is not None, obj
        assert quick == general(obj)[0]
        assert list(quick.params) == list(general(obj)[0].params)  # the order tiles are written back in


def test_a_record_read_quickly_is_the_record_read_field_by_field(monkeypatch):
    rng = random.Random(8)
    texts = [json.dumps(game_to_json(random_game(RULES, rng), RULES)) for _ in range(50)]
    quick = [read_json_text(text, "g.json", RULES) for text in texts]
    monkeypatch.setattr("orbis_dsl.records.tile_schema.TileSchema.read", lambda self, obj: None)
    slow = [read_json_text(text, "g.json", RULES) for text in texts]
    assert quick == slow
    assert all(game is not None and not diags for game, diags in quick)


_VALUES = st.one_of(st.none(), st.booleans(), st.integers(-3, 12), st.sampled_from(
    ["red", "Red", "orange", "ORANGE", "blue", "purple", "black", "white", "1 red", "2 any", "1 Blue", "x any",
     "1  red", "\u0663 red", "stone", "Forest", "desert", ""]),
    st.lists(st.sampled_from(["red", "blue", "Green", "orange", "yellow", 3]), max_size=3))
_EXTRA_KEYS = st.sampled_from(["cp", "mystic", "level", "stars", "cancelled", "needs", "colors", "icons", "gain",
                               "desert", "Color", "sp"])


@FUZZ
@given(seed=st.integers(0, 10**6), data=st.data())
def test_a_changed_tile_is_either_left_to_the_general_reader_or_read_the_same(seed, data):
    """One of the tile's own fields changed, dropped or joined by another: the mistakes a person makes."""
    obj = tile_to_json(random_tile(RULES, random.Random(seed), desert_rate=0.02), RULES)
    key = data.draw(st.sampled_from(sorted(obj)) | _EXTRA_KEYS)
    if data.draw(st.booleans()):
        obj[key] = data.draw(_VALUES)
    else:
        obj.pop(key, None)
    quick = SCHEMA.read(obj)
    if quick is not None:
        tile, diags = general(obj)
        assert not diags, (obj, diags)
        assert quick == tile


def test_a_remembered_tile_is_not_given_for_a_value_that_only_compares_equal():
    """1 == True == 1.0 in Python; in a record only the first is a number and only the second a token."""
    schema = schema_for(RULES)
    village = {"kind": "village", "color": "yellow", "need": 2, "cp": 3, "cancelled": True}
    assert schema.read(village) is not None
    assert schema.read({**village, "cancelled": 1}) is None
    assert schema.read({**village, "cp": 3.0}) is None
    assert schema.read({**village, "cp": True, "cancelled": False}) is None
    assert schema.read({**village, "cancelled": False}).cancelled is False
