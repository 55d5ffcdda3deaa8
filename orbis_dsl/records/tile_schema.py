"""The quick way to read a well-formed tile of an `orbis-game/1` record.

A 4-player record holds 56 tiles, and checking each field of each tile with the general reader (records.py),
which builds a path string for every field it might complain about, cost more than scoring the game. A rule
set's tiles have few shapes, one per kind: each is worked out once per rule set here (which keys a tile of the
kind may have, which it needs, how each value is read), and a tile that fits its shape exactly is built in one
pass, and remembered (records share their tiles, which nobody changes). Anything else (an unknown key, a
value of the wrong type, a colour typed in capitals, a null) is not judged here: `read` answers None and the
general reader reads the tile again and says what is wrong, so every message still comes from one place.

What `read` builds must equal what the general reader builds for the same tile (tests/records/test_tile_schema.py).
"""

from __future__ import annotations

import json

from orbis_dsl.runtime.game_record import TileRecord
from orbis_dsl.runtime.rules import Rules

_SEEN_LIMIT = 4096
_BAD = object()  # a value the quick reader does not take: the general reader will say why
_DESERT = TileRecord(desert=True)
_new_tile = tuple.__new__  # TileRecord's own __new__ is a Python function: this runs 56 times a game


class _KindShape:
    __slots__ = ("allowed", "params", "required")

    def __init__(self, allowed: frozenset, required: frozenset, params: tuple):
        self.allowed = allowed  # every key a tile of this kind may carry
        self.required = required  # keys without which the general reader complains
        self.params = params  # (name, reader) in the general reader's order, which is the order tiles print


class TileSchema:
    """The shapes of one rule set's tiles."""

    def __init__(self, rules: Rules):
        settings = rules.settings
        # Colours as the general reader accepts them without a word: canonical names and aliases, lower case.
        self.colours = {name: name for name in settings.colors if name == name.lower()}
        self.colours.update({alias: target for alias, target in settings.aliases.items()
                             if alias == alias.lower() and target in settings.colors})
        self.order = {name: i for i, name in enumerate(settings.colors)}
        self.levels = settings.levels
        self.seen: dict[tuple, TileRecord] = {}
        self.texts: dict[str, TileRecord] = {}
        self.stars = frozenset(s for s in settings.stars if s == s.lower())
        attributes = {p.name: p for p in settings.attributes}
        self.kinds: dict[str, _KindShape] = {}
        for name, kind in rules.kinds.items():
            params = {**attributes, **{p.name: p for p in kind.params}}
            readers = tuple((p.name, self._reader(p)) for p in params.values())
            if any(reader is None for _, reader in readers):
                continue  # a parameter type only the general reader knows: its tiles go the long way
            required = {"kind", "color"} | {n for n in kind.scoring_params if params[n].required}
            allowed = {"kind", "color", "level", "stars", "cancelled", *params}
            self.kinds[name] = _KindShape(frozenset(allowed), frozenset(required), readers)

    def _reader(self, spec):
        if spec.type == "int":
            if spec.low is not None:
                low, high = max(spec.low, 0), spec.high
                return lambda value: value if type(value) is int and low <= value <= high else _BAD
            return _natural
        if spec.type == "bool":
            return _boolean
        if spec.type in ("string", "enum"):
            return _string
        if spec.type == "color":
            return self._colour
        if spec.type == "colors":
            size = spec.size
            return lambda value: self._colour_set(value, size)
        if spec.type == "amount":
            return self._amount
        return None

    def read(self, obj: dict) -> TileRecord | None:
        """The tile, when `obj` is exactly what a tile of its kind looks like; else None."""
        # A game shows the same few dozen printed tiles over and over: each is read once. The key holds each
        # value's type, because 1 == True == 1.0 in Python and only the first is a number here. A colour set is
        # a list, which cannot be a key: those tiles are read each time.
        try:
            key = (tuple(obj.items()), tuple(map(type, obj.values())))
            tile = self.seen.get(key)
        except TypeError:
            return self.read_shape(obj)
        if tile is None:
            tile = self.read_shape(obj)
            if tile is not None:
                if len(self.seen) >= _SEEN_LIMIT:  # a batch of many odd files: start again
                    self.seen.clear()
                self.seen[key] = tile
        return tile

    def read_text(self, inside: str) -> TileRecord | None:
        """The tile whose JSON text is `{` + inside + `}`, when it is exactly what a tile of its kind looks like;
        else None. Remembered by its text: a batch of records printed by one program spells each of the few
        hundred tiles of the game the same way every time, so most tiles are one lookup (colour sets too)."""
        tile = self.texts.get(inside)
        if tile is None:
            tile = self._read_text(inside)
            if tile is not None:
                if len(self.texts) >= _SEEN_LIMIT:
                    self.texts.clear()
                self.texts[inside] = tile
        return tile

    def _read_text(self, inside: str) -> TileRecord | None:
        try:
            obj = json.loads("{" + inside + "}")
        except (ValueError, RecursionError):
            return None
        # One ':' per key when no string holds one (no name a tile reads here does): fewer keys than ':'s means a
        # key given twice (the C parser keeps the last), or a string the general reader should look at.
        if type(obj) is not dict or inside.count(":") != len(obj):
            return None
        return self.read_shape(obj)

    def read_shape(self, obj: dict) -> TileRecord | None:
        if "desert" in obj:
            return _DESERT if len(obj) == 1 and obj["desert"] is True else None
        kind = obj.get("kind")
        shape = self.kinds.get(kind) if type(kind) is str else None
        if shape is None or not obj.keys() <= shape.allowed or not shape.required <= obj.keys():
            return None
        if None in obj.values():  # a null is refused with its own message
            return None
        colour = self._colour(obj["color"])
        if colour is _BAD:
            return None
        values = {}
        for name, reader in shape.params:
            if name in obj:
                value = reader(obj[name])
                if value is _BAD:
                    return None
                values[name] = value
        level, stars, cancelled = obj.get("level"), obj.get("stars"), obj.get("cancelled")
        if level is not None and (type(level) is not int or not 1 <= level <= self.levels):
            return None
        if stars is not None and (type(stars) is not str or stars not in self.stars):
            return None
        if cancelled is not None and type(cancelled) is not bool:
            return None
        return _new_tile(TileRecord, (False, kind, colour, values, cancelled, level, stars))

    def _colour(self, value):
        return self.colours.get(value, _BAD) if type(value) is str else _BAD

    def _colour_set(self, value, size):
        if type(value) is not list or (size is not None and len(value) != size):
            return _BAD
        colours = [self._colour(v) for v in value]
        if _BAD in colours or len(set(colours)) != len(colours):
            return _BAD
        return tuple(sorted(colours, key=self.order.__getitem__))

    def _amount(self, value):
        if type(value) is not str:
            return _BAD
        parts = value.split()
        # At most 3 digits: an amount is at most literals.MAX_QUANTITY (1,000); the general reader says why
        # (and int() refuses 4,300 digits with an exception).
        if len(parts) != 2 or not (parts[0].isascii() and parts[0].isdigit()) or len(parts[0]) > 3 \
                or int(parts[0]) == 0:  # (0: the general reader refuses it, and says why)
            return _BAD
        count, colour = parts
        if colour == "any":
            return (int(count), None)
        colour = self._colour(colour)
        return _BAD if colour is _BAD else (int(count), colour)


def _natural(value):
    return value if type(value) is int and value >= 0 else _BAD


def _boolean(value):
    return value if type(value) is bool else _BAD


def _string(value):
    return value if type(value) is str else _BAD


_SCHEMAS: dict[int, tuple[Rules, TileSchema]] = {}


def schema_for(rules: Rules) -> TileSchema:
    """The rule set's schema, worked out on first use. Rules are never changed once built, so it stays right;
    the entry holds the rule set itself, so its id cannot be reused by another while it is cached."""
    entry = _SCHEMAS.get(id(rules))
    if entry is None or entry[0] is not rules:
        if len(_SCHEMAS) >= 16:  # a long-lived process loading many packs
            _SCHEMAS.clear()
        entry = _SCHEMAS[id(rules)] = (rules, TileSchema(rules))
    return entry[1]
