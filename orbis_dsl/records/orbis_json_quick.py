"""The quick way to read a well-formed `orbis-game/1` record: one tight pass that builds the record or gives up.

The general reader (orbis_json.py) parses with a Python hook that looks for repeated keys in every object and
builds a JSON path for each value it might complain about; for a 4-player record that cost more than parsing
the JSON itself, in a batch where nearly every file is well formed. Here the C parser reads the text alone,
and one pass checks the document against the rule set, exactly (types by `type(...) is`, names as the general
reader takes them without a word). Whenever this reader is not sure (an escape, a long number, a null, a name
in capitals, an unknown key, a key given twice, a value of another type), it answers None and the general
reader reads the text again and says what is wrong: every message still comes from one place, and a record
read here is the record the general reader builds (tests/records/test_json_quick.py).

Repeated keys, without a hook: in JSON text, every member of an object is followed by exactly one ':' outside
strings, and ':' appears nowhere else outside strings. With no `\\u` escape in the text, every ':' inside a
decoded string is a ':' of the text. So the text's ':'s, less those in the strings read here, are at least the
keys the parsed objects hold, and exactly as many only when no key was given twice (a repeated key is parsed
away). Strings this pass does not count (a tile's free-text parameter) only make the count too high: then the
general reader decides.
"""

from __future__ import annotations

import json

from orbis_dsl.records.json_text import MAX_RECORD_BYTES, may_hold_long_numbers
from orbis_dsl.records.orbis_json_write import FORMAT
from orbis_dsl.records.tile_schema import TileSchema, schema_for
from orbis_dsl.runtime.game_record import GameRecord, PlayerRecord
from orbis_dsl.runtime.rules import Rules

_GAME_KEYS = frozenset({"format", "title", "variant", "options", "players"})  # "game": the general reader's
_PLAYER_KEYS = frozenset({"name", "god", "god_cancelled", "worshippers", "pyramid"})
_new_tuple = tuple.__new__  # PlayerRecord's own __new__ is a Python function


class _RecordShape:
    """What one rule set's records may hold, worked out once per rule set."""

    __slots__ = ("gods", "high", "low", "options", "rules", "tiles", "widths")

    def __init__(self, rules: Rules):
        self.rules = rules
        self.tiles: TileSchema = schema_for(rules)
        self.widths = tuple(rules.board.rows)
        counts = sorted({v.players for v in rules.variants.values()})
        self.low, self.high = (counts[0], counts[-1]) if counts else (1, 99)
        # A god as orbis_json.find_god finds it without changing the text: by id, or by its title in lower case
        # (ids win, as there).
        self.gods = {god.title.lower(): god.name for god in rules.gods.values()}
        self.gods.update({name: name for name in rules.gods})
        self.options = {name: spec for name, spec in rules.options.items() if spec.type in ("bool", "enum", "int")}


_OPTION_TYPES = {"bool": bool, "enum": str, "int": int}
_SHAPES: dict[int, _RecordShape] = {}


def _shape_for(rules: Rules) -> _RecordShape:
    shape = _SHAPES.get(id(rules))
    if shape is None or shape.rules is not rules:  # the shape holds its rules: their id cannot be reused
        if len(_SHAPES) >= 16:
            _SHAPES.clear()
        shape = _SHAPES[id(rules)] = _RecordShape(rules)
    return shape


def quick_record(text: str, rules: Rules) -> GameRecord | None:
    """The record, when `text` is a well-formed record this pass is sure of; else None (read it in full)."""
    if len(text) > MAX_RECORD_BYTES or "\\u" in text:  # \u: a surrogate, or a ':' the count would not see
        return None
    if not text.isascii():
        try:
            text.encode("utf-8")  # a lone surrogate in the text itself (not from a file: UTF-8 cannot hold one)
        except UnicodeEncodeError:
            return None
    if may_hold_long_numbers(text):
        return None
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if type(doc) is not dict or doc.get("format") != FORMAT or not doc.keys() <= _GAME_KEYS:
        return None
    return _game(doc, _shape_for(rules), text.count(":"))


def _game(doc: dict, shape: _RecordShape, colons: int) -> GameRecord | None:
    keys = len(doc)  # the keys of every object read, against the text's ':'s
    players = doc.get("players")
    if type(players) is not list or not shape.low <= len(players) <= shape.high:
        return None
    title = doc.get("title")
    if title is not None:
        if type(title) is not str:
            return None
        colons -= title.count(":")
    elif "title" in doc:
        return None
    variant = doc.get("variant")
    if variant is not None:
        spec = shape.rules.variants.get(variant) if type(variant) is str else None
        if spec is None or spec.players != len(players):
            return None
        colons -= variant.count(":")
    elif "variant" in doc:
        return None
    options = {}
    if "options" in doc:
        given = doc["options"]
        if type(given) is not dict:
            return None
        keys += len(given)
        for name, value in given.items():
            spec = shape.options.get(name)
            if spec is None or type(value) is not _OPTION_TYPES[spec.type]:
                return None
            if spec.type == "enum":
                if value not in spec.choices:
                    return None
                colons -= value.count(":")
            colons -= name.count(":")
            options[name] = value
    records = []
    for player in players:
        record = _player(player, shape)
        if record is None:
            return None
        records.append(record)
        keys += len(player) + sum([sum(map(len, row)) for row in player["pyramid"]])
        colons -= record.name.count(":") + (player["god"].count(":") if "god" in player else 0)
    if len({p.name for p in records}) != len(records) or colons != keys:
        return None
    return GameRecord(tuple(records), variant, options, title)


def _player(obj, shape: _RecordShape) -> PlayerRecord | None:
    if type(obj) is not dict or not obj.keys() <= _PLAYER_KEYS:
        return None
    name, worshippers, rows = obj.get("name"), obj.get("worshippers"), obj.get("pyramid")
    if type(name) is not str or type(worshippers) is not int or worshippers < 0 or type(rows) is not list:
        return None
    god = None
    if "god" in obj:
        given = obj["god"]
        god = shape.gods.get(given) if type(given) is str else None
        if god is None:
            return None
    cancelled = obj.get("god_cancelled", False)
    if type(cancelled) is not bool or (cancelled and god is None):
        return None
    widths = shape.widths
    if len(rows) != len(widths):
        return None
    read = shape.tiles.read
    pyramid = []
    for row, width in zip(rows, widths):
        if type(row) is not list or len(row) != width:
            return None
        tiles = tuple([read(t) if type(t) is dict else None for t in row])
        if None in tiles:
            return None
        pyramid.append(tiles)
    return _new_tuple(PlayerRecord, (name, god, worshippers, tuple(pyramid), cancelled))
