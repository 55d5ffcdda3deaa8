"""The tiles of an `orbis-game/1` record, read by the one record reader (json_reader.py): what each kind's tiles
may carry, worked out once per rule set, and every check of a tile with its message at the tile's JSON path.

There is one way to read a tile, so a check added here holds for every record whatever way it came in (a JSON
file, the notation, the pad, a batch). It is fast by construction, as a validator generated per schema is:

- `TileShapes` works out, once per rule set, each kind's parameters, the keys its tiles may and must carry, and
  the colours as a record may type them, where the reader once worked them out per tile;
- a tile read without a word is remembered with its verdict (the record a tile builds never changes, and a batch
  of records spells the same few hundred printed tiles over and over), so most tiles of a batch cost one dict
  lookup. Only a tile read with no problem is remembered: a tile with a mistake is read, and its messages
  written at its path, every time. The memo holds this reader's own answers: it is no second reader.
"""

from __future__ import annotations

from orbis_dsl.common.diagnostics import Diagnostic, did_you_mean, unknown
from orbis_dsl.records.json_text import json_words
from orbis_dsl.records.names import find_kind
from orbis_dsl.records.orbis.json_skeleton import MARK
from orbis_dsl.runtime.game_record import TileRecord
from orbis_dsl.runtime.rules import Rules

TILE_KEYS = frozenset({"kind", "color", "level", "stars", "cancelled"})
_MEMO_LIMIT = 4096  # tiles remembered per rule set; a batch of many odd files starts again
_DESERT = TileRecord(desert=True)


class KindShape:
    """What a tile of one kind may carry, for one rule set."""

    __slots__ = ("allowed", "kind", "params", "required")

    def __init__(self, kind, attributes: dict):
        self.kind = kind
        self.params = {**attributes, **{p.name: p for p in kind.params}}  # the order tiles print in
        self.required = tuple(sorted(n for n in kind.scoring_params if self.params[n].required))
        self.allowed = TILE_KEYS | set(self.params)


class TileShapes:
    """One rule set's tile shapes, and the tiles read under it so far without a word (`memo`: the tile object's
    `repr`, which tells 1 from True from 1.0 and holds lists, → (the tile, its ':'s))."""

    def __init__(self, rules: Rules):
        self.rules = rules
        attributes = {p.name: p for p in rules.settings.attributes}
        self.kinds = {name: KindShape(kind, attributes) for name, kind in rules.kinds.items()}
        self.memo: dict[str, tuple[TileRecord, int]] = {}
        self.texts: dict[str, tuple[TileRecord, int]] = {}  # the same, by the tile's text (json_skeleton.py)
        # The same, by the tile's text in the notation (notation.py): a table of its own, so that no JSON text
        # is ever looked up among the notation's (the skeleton would take `{green stone}` for a tile).
        self.notation: dict[str, tuple[TileRecord, int]] = {}
        self.gods: dict[str, str] = {}  # a god as typed → its id, as names.find_god found it
        counts = sorted({v.players for v in rules.variants.values()})
        self.players = (counts[0], counts[-1]) if counts else (1, 99)  # how many players a record may have
        # A pyramid as the skeleton of a well-formed record has it (json_skeleton.MARK a tile), and its rows' places
        widths = tuple(rules.board.rows)
        self.widths_top_first = list(widths[::-1])  # a pyramid's rows as the notation writes them
        self.marked_pyramid = [[MARK] * width for width in widths]
        self.tiles = sum(widths)
        ends = [sum(widths[:i + 1]) for i in range(len(widths))]
        self.row_slices = tuple(zip([0, *ends[:-1]], ends))

    def remember(self, key: str, tile: TileRecord, colons: int) -> None:
        if len(self.memo) >= _MEMO_LIMIT:
            self.memo.clear()
        self.memo[key] = (tile, colons)

    def remember_text(self, inside: str, found: tuple[TileRecord, int], table: dict | None = None) -> None:
        table = self.texts if table is None else table
        if len(table) >= _MEMO_LIMIT:
            table.clear()
        table[inside] = found

    def recall_row(self, row: list) -> list[tuple[TileRecord, int]] | None:
        """Each tile of a row as read before without a word, or None unless every one was. Found by C loops
        (`map`), with no Python step per tile: a batch reads most rows this way."""
        found = list(map(self.memo.get, map(repr, row)))
        return None if None in found else found

    def recall(self, obj) -> tuple[TileRecord, int] | None:
        return self.memo.get(repr(obj))


_SHAPES: dict[int, TileShapes] = {}


def shapes_for(rules: Rules) -> TileShapes:
    """The rule set's shapes, worked out on first use. Rules never change once built; the entry holds the rule set
    itself, so its id cannot be reused by another while it is cached."""
    shapes = _SHAPES.get(id(rules))
    if shapes is None or shapes.rules is not rules:
        if len(_SHAPES) >= 16:  # a long-lived process loading many packs
            _SHAPES.clear()
        shapes = _SHAPES[id(rules)] = TileShapes(rules)
    return shapes


def colons_of(obj: dict) -> int:
    """The ':'s a tile object's JSON text holds when no key is given twice: one per key, and those in its strings
    (json_reader's test for a repeated key without a parsing hook)."""
    count = len(obj)
    for key, value in obj.items():
        count += key.count(":")
        if type(value) is str:
            count += value.count(":")
        elif type(value) is list:
            count += sum(item.count(":") for item in value if type(item) is str)
    return count


class TileChecks:
    """Every check of a tile, each mistake reported at its JSON path (the record reader's base: json_reader.py)."""

    def __init__(self, rules: Rules, file: str):
        self.rules = rules
        self.file = file
        self.diags: list[Diagnostic] = []
        self.shapes = shapes_for(rules)
        self.colons = 0  # the members, and the ':'s in strings, of what was read (json_reader's repeated-key test)

    def error(self, path: str, message: str, hint: str | None = None) -> None:
        self.diags.append(Diagnostic(message, path=path, file=self.file, hint=hint))

    def keys(self, obj: dict, path: str, allowed, required: set[str]) -> bool:
        if obj.keys() <= allowed and required <= obj.keys() and None not in obj.values():
            return True  # (tested at C speed: the loops below say what is wrong)
        ok = True
        for key, value in obj.items():
            if key not in allowed:
                self.error(f"{path}.{key}", f"unknown key '{key}'",
                           did_you_mean(key, allowed) or "expected one of: " + ", ".join(sorted(allowed)))
                ok = False
            elif value is None:
                # A null would not survive a round trip through the notation: absent and null must be one thing.
                self.error(f"{path}.{key}", f"'{key}' is null; leave the key out instead")
                ok = False
        for key in sorted(required - set(obj)):
            self.error(path, f"missing key '{key}'")
            ok = False
        return ok

    def typed(self, value, path: str, kind: type, words: str, key: str = ""):
        """The value if it is of `kind`; else None and a message at `path` (`path.key` with a key)."""
        if type(value) is kind:
            return value
        if (kind is int and isinstance(value, bool)) or not isinstance(value, kind):
            self.error(f"{path}.{key}" if key else path, f"expected {words}, got {json_words(value)}")
            return None
        return value

    def tile(self, obj, path: str) -> TileRecord | None:
        """A tile read before without a word, or read now (and remembered if it has no mistake)."""
        found = self.shapes.recall(obj)
        if found is not None:
            self.colons += found[1]
            return found[0]
        before = len(self.diags)
        tile = self.checked_tile(obj, path)
        if type(obj) is dict:
            colons = colons_of(obj)
            self.colons += colons
            if tile is not None and len(self.diags) == before:
                self.shapes.remember(repr(obj), tile, colons)
        return tile

    def checked_tile(self, obj, path: str) -> TileRecord | None:
        """A tile read field by field, each mistake reported at its path."""
        if not isinstance(obj, dict):
            self.error(path, f"expected a tile object, got {json_words(obj)}")
            return None
        if obj.get("desert") is True:
            self.keys(obj, path, {"desert"}, set())
            return _DESERT
        if "desert" in obj and obj["desert"] is not False:
            self.error(f"{path}.desert", f"expected true or false, got {json_words(obj['desert'])}")
            return None
        obj = {k: v for k, v in obj.items() if k != "desert"}
        shape = self.kind_shape(obj.get("kind"), path)
        if shape is None:
            return None
        kind, params = shape.kind, shape.params
        before = len(self.diags)
        self.keys(obj, path, shape.allowed, {"color"})
        for name in shape.required:
            if name not in obj:
                words = _PARAM_WORDS.get(params[name].type, params[name].type)
                self.error(path, f"{_article(kind.title)} {kind.title} tile needs '{name}' ({words})",
                           "its printed data in order: " + ", ".join(kind.declared))
        colour = self.color(obj["color"], f"{path}.color") if "color" in obj else None
        values = {name: self.param(obj[name], spec, f"{path}.{name}") for name, spec in params.items() if name in obj}
        level = self.level(obj.get("level"), f"{path}.level")
        stars = self.stars(obj.get("stars"), f"{path}.stars")
        cancelled = obj.get("cancelled")
        if cancelled is not None:
            self.typed(cancelled, f"{path}.cancelled", bool, "true or false")
        if len(self.diags) > before:
            return None
        return TileRecord(False, kind.name, colour, values, cancelled, level, stars)

    def kind_shape(self, kind_name, path: str) -> KindShape | None:
        if kind_name is None:
            self.error(path, "missing key 'kind' (or \"desert\": true)")
            return None
        shapes = self.shapes.kinds
        shape = shapes.get(kind_name) if type(kind_name) is str else None
        if shape is None and isinstance(kind_name, str):
            shape = shapes.get(find_kind(self.rules, kind_name) or "")
        if shape is None:
            d = unknown("tile kind", str(kind_name), self.rules.kinds)
            self.error(f"{path}.kind", d.message, d.hint)
        return shape

    def level(self, level, path: str) -> int | None:
        levels = self.rules.settings.levels
        if level is not None and self.typed(level, path, int, "a level number") is not None \
                and not 1 <= level <= levels:
            self.error(path, f"expected a level from 1 to {levels}, got {level}")
        return level

    def stars(self, stars, path: str) -> str | None:
        if isinstance(stars, str):
            stars = stars.lower()
        if stars is not None and stars not in self.rules.settings.stars:
            d = unknown("star colour", str(stars), self.rules.settings.stars)
            self.error(path, d.message, d.hint)
        return stars

    def color(self, value, path: str) -> str | None:
        if not isinstance(value, str):
            self.error(path, f"expected a colour name, got {json_words(value)}")
            return None
        canonical = self.rules.canonical_color(value.lower())
        if canonical is None:
            d = unknown("colour", value, list(self.rules.settings.colors) + list(self.rules.settings.aliases))
            self.error(path, d.message, d.hint)
        return canonical

    def param(self, value, spec, path: str):
        """A parameter's JSON value → the rule set's value (colour sets sorted, amounts as (count, colour))."""
        if spec.type == "int":
            number = self.typed(value, path, int, "a whole number")
            if number is not None and number < 0:
                self.error(path, f"expected a non-negative number, got {number}")
            elif number is not None and spec.low is not None and not spec.low <= number <= spec.high:
                self.error(path, f"expected {_range_words(spec)}, got {number}")
            return number
        if spec.type == "bool":
            return self.typed(value, path, bool, "true or false")
        if spec.type in ("string", "enum"):
            return self.typed(value, path, str, "a string")
        if spec.type == "color":
            return self.color(value, path)
        if spec.type == "colors":
            return self.colour_set(value, spec, path)
        if spec.type == "amount":
            return self.amount(value, path)
        return value

    def colour_set(self, value, spec, path: str):
        if not isinstance(value, list):
            self.error(path, f"expected a list of colours, got {json_words(value)}")
            return None
        colours = [self.color(v, f"{path}[{i}]") for i, v in enumerate(value)]
        if spec.size is not None and len(colours) != spec.size:
            self.error(path, f"expected exactly {spec.size} colours, got {len(colours)}")
        elif len(set(colours)) != len(colours):
            self.error(path, "a colour is listed twice")
        order = self.rules.settings.colors
        return tuple(sorted((c for c in colours if c), key=order.index))

    def amount(self, value, path: str):
        from orbis_dsl.language.syntax.literals import (  # here: most records have no amount to read
            MAX_QUANTITY,
            plain_count,
        )

        count = plain_count(value.split()[0]) if isinstance(value, str) and len(value.split()) == 2 else None
        if count is None:  # '² red' or 5,000 digits: str.isdigit took them, int() did not
            self.error(path, f"expected an amount like \"1 blue\" or \"1 any\", got {json_words(value)}")
            return None
        if count > MAX_QUANTITY:
            self.error(path, f"an amount is at most {MAX_QUANTITY:,} worshippers, not {count:,}")
            return None
        if count == 0:  # a tile prints 1 or 2: a count of 0 is a slip (the pad once saved "0 blue")
            self.error(path, "an amount is at least 1 worshipper, not 0")
            return None
        colour = value.split()[1]
        if colour == "any":
            return (count, None)
        return (count, self.color(colour, path))


def _range_words(spec) -> str:
    """What the kind's `int LOW..HIGH` allows, as the message says it."""
    values = f"{spec.low} or {spec.high}" if spec.high == spec.low + 1 else f"{spec.low} to {spec.high}"
    return f"{spec.name} {values} (as the rules declare it)"


_PARAM_WORDS = {"int": "a number", "color": "a colour", "colors": "a set of colours like blue/green",
                "amount": "an amount like 1blue", "bool": "true or false", "string": "a word"}


def _article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"
