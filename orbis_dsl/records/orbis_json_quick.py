"""The quick way to read a well-formed `orbis-game/1` record: one tight pass that builds the record or gives up.

The general reader (orbis_json.py) parses with a Python hook that looks for repeated keys in every object and
builds a JSON path for each value it might complain about; for a 4-player record that cost more than parsing the
JSON itself, in a batch where nearly every file is well formed. Here the C parser reads the text (its skeleton,
below), and one pass checks the document against the rule set, exactly (types by `type(...) is`, names as the
general reader takes them without a word). Whenever this reader is not sure (an escape, a long number, a null, a
name in capitals, an unknown key, a key given twice, a value of another type), it answers None and the general
reader reads the text again and says what is wrong: every message still comes from one place, and a record read
here is the record the general reader builds (tests/records/test_json_quick.py).

Tiles by their text: the text is split at its braces into a skeleton, where each innermost object (a tile, the
options) stands as a mark, and those objects' insides (`_marked`). The C parser reads the skeleton, and each tile
is looked up by its text among those read before (tile_schema.TileSchema.read_text): a batch of records spells
the game's few hundred tiles the same way every time.

Repeated keys, without a hook: in JSON text, every member of an object is followed by exactly one ':' outside
strings, and ':' appears nowhere else outside strings. With no `\\u` escape in the text, every ':' inside a
decoded string is a ':' of the text. So the skeleton's ':'s, less those in the strings read here, are at least
the keys its parsed objects hold, and exactly as many only when no key was given twice (a repeated key is parsed
away); each tile's and the options' insides are counted the same way on their own. Strings this pass does not
count (a tile's free-text parameter) only make the count too high: then the general reader decides.
"""

from __future__ import annotations

import json

from orbis_dsl.records.json_text import MAX_RECORD_BYTES, may_hold_long_numbers
from orbis_dsl.records.names import find_god
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
        # A god as names.find_god finds it, for the ways of typing one that need no change of the text: its
        # id and its title, as declared or in lower case (each looked up there, so the two readers agree).
        typed = {spelling for god in rules.gods.values()
                 for spelling in (god.name, god.name.lower(), god.title, god.title.lower())}
        self.gods = {spelling: find_god(rules, spelling) for spelling in typed if spelling == spelling.strip()}
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
    if may_hold_long_numbers(text):  # (which also makes the marks below numbers the text cannot hold)
        return None
    skeleton, insides = _marked(text)
    try:
        doc = _decode_skeleton(skeleton)
    except (ValueError, RecursionError):
        return None
    if type(doc) is not dict or doc.get("format") != FORMAT or not doc.keys() <= _GAME_KEYS:
        return None
    return _Marks(insides, doc).game(doc, _shape_for(rules), skeleton.count(":"))


# The mark: a number of 13 digits, which no text read here holds (may_hold_long_numbers). Records hold no
# fractions, so the skeleton's parser refuses them: else 1e12 would equal the mark.
_MARK = 10**12
_MARK_TEXT = str(_MARK)


def _refuse_fraction(text: str):
    raise ValueError(f"not a whole number: {text}")


_decode_skeleton = json.JSONDecoder(parse_float=_refuse_fraction).decode


def _marked(text: str) -> tuple[str, list[str]]:
    """The text with each innermost object (one that holds no other: a tile, the options) replaced by the mark,
    and those objects' insides (the text between their braces), in order.

    Parsing the skeleton and looking each tile up by its text costs about half of what parsing the whole text
    and checking each tile costs. Splitting at braces is blind to strings, which is safe: the marks must be
    found exactly where tiles and the options belong, as many as there are insides, and each inside must be
    an object by itself (_Marks); a brace in a string leaves a skeleton that does not parse, or a mark in a
    string or in another place, so a count that does not match. Then the text is the skeleton with each mark
    (a whole number token, in a value's place) replaced by an object's text, in order: it parses to the
    skeleton's document with each mark read as its object."""
    skeleton, insides = [], []
    pieces = text.split("}")
    for piece in pieces[:-1]:
        before, brace, inside = piece.rpartition("{")
        if brace:
            skeleton.append(before)
            skeleton.append(_MARK_TEXT)
            insides.append(inside)
        else:  # the end of an object that holds others: keep its brace
            skeleton.append(piece)
            skeleton.append("}")
    skeleton.append(pieces[-1])
    return "".join(skeleton), insides


class _Marks:
    """The insides of one text's innermost objects, taken in the order their marks stand in the text: the options
    (before or after the players), then the tiles, player by player and row by row."""

    __slots__ = ("insides", "next", "options_at")

    def __init__(self, insides: list[str], doc: dict):
        self.insides = insides
        keys = list(doc)
        before = "options" in doc and "players" in doc and keys.index("options") < keys.index("players")
        self.options_at = 0 if before else len(insides) - 1
        self.next = 1 if before else 0  # the next tile's inside

    def done(self, options: bool) -> bool:
        """Every inside taken: no mark stood anywhere else."""
        return self.next + (options and self.options_at == self.next) == len(self.insides)

    def game(self, doc: dict, shape: _RecordShape, colons: int) -> GameRecord | None:
        keys = len(doc)  # the keys of every object of the skeleton, against its ':'s
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
        options = self.options(doc["options"], shape) if "options" in doc else {}
        if options is None:
            return None
        records = []
        for player in players:
            record = self.player(player, shape)
            if record is None:
                return None
            records.append(record)
            keys += len(player)
            colons -= record.name.count(":") + (player["god"].count(":") if "god" in player else 0)
        if len({p.name for p in records}) != len(records) or colons != keys or not self.done("options" in doc):
            return None
        return GameRecord(tuple(records), variant, options, title)

    def options(self, mark, shape: _RecordShape) -> dict | None:
        if type(mark) is not int or mark != _MARK or not 0 <= self.options_at < len(self.insides):
            return None
        inside = self.insides[self.options_at]
        try:
            given = json.loads("{" + inside + "}")
        except (ValueError, RecursionError):
            return None
        if type(given) is not dict:
            return None
        colons = inside.count(":") - len(given)  # those in its names and values; else a key given twice
        for name, value in given.items():
            spec = shape.options.get(name)
            if spec is None or type(value) is not _OPTION_TYPES[spec.type]:
                return None
            if spec.type == "enum":
                if value not in spec.choices:
                    return None
                colons -= value.count(":")
            colons -= name.count(":")
        return given if colons == 0 else None

    def player(self, obj, shape: _RecordShape) -> PlayerRecord | None:
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
        known, read, insides = shape.tiles.texts.get, shape.tiles.read_text, self.insides
        pyramid = []
        for row, width in zip(rows, widths):
            # A row of marks, and no fractions in the skeleton: no other value equals the mark.
            if type(row) is not list or row != [_MARK] * width:
                return None
            start = self.next
            self.next = start + width
            texts = insides[start:self.next]
            tiles = tuple(map(known, texts))  # most tiles: a lookup at C speed
            if None in tiles:
                tiles = tuple(map(read, texts))
                if None in tiles:
                    return None
            if len(tiles) != width:
                return None
            pyramid.append(tiles)
        return _new_tuple(PlayerRecord, (name, god, worshippers, tuple(pyramid), cancelled))
