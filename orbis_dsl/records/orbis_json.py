"""Reading and writing `orbis-game/1` JSON records (see docs/rules/orbis.md §10), checked against a rule set.

Every problem becomes a diagnostic naming its JSON path; reading goes on to collect several per run.
What a tile may carry comes from the rule set: its kind's parameters, the attributes every tile has, and the
few keys every tile accepts. A parameter the scorer reads and that has no default is required.
"""

from __future__ import annotations

import json

from orbis_dsl.common.diagnostics import Diagnostic, did_you_mean, unknown
from orbis_dsl.records.json_text import MAX_RECORD_BYTES, json_words, load_json
from orbis_dsl.records.names import find_god, find_kind
from orbis_dsl.records.orbis_json_quick import quick_record
from orbis_dsl.records.orbis_json_write import FORMAT, game_to_json, tile_to_json
from orbis_dsl.records.tile_schema import schema_for
from orbis_dsl.runtime.game_record import GameRecord, PlayerRecord, TileRecord
from orbis_dsl.runtime.rules import Rules

# Imported from here by the other readers and writers, which came before the split (the sheet readers too).
__all__ = ["FORMAT", "MAX_RECORD_BYTES", "find_god", "game_to_json", "json_words", "load_json", "option_problems",
           "read_json_text", "tile_to_json", "worshippers_problem"]
_TILE_KEYS = {"kind", "color", "level", "stars", "cancelled"}
_GAME_KEYS = {"format", "game", "title", "variant", "options", "players"}
_PLAYER_KEYS = {"name", "god", "god_cancelled", "worshippers", "pyramid"}


class _Reader:
    def __init__(self, rules: Rules, file: str):
        self.rules = rules
        self.file = file
        self.diags: list[Diagnostic] = []
        self.schema = schema_for(rules)

    def error(self, path: str, message: str, hint: str | None = None) -> None:
        self.diags.append(Diagnostic(message, path=path, file=self.file, hint=hint))

    def keys(self, obj: dict, path: str, allowed: set[str], required: set[str]) -> bool:
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

    def typed(self, value, path: str, kind: type, words: str):
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            self.error(path, f"expected {words}, got {json_words(value)}")
            return None
        if kind is not int and not isinstance(value, kind):
            self.error(path, f"expected {words}, got {json_words(value)}")
            return None
        return value

    def color(self, value, path: str) -> str | None:
        if not isinstance(value, str):
            self.error(path, f"expected a colour name, got {json_words(value)}")
            return None
        canonical = self.rules.canonical_color(value.lower())
        if canonical is None:
            d = unknown("colour", value, list(self.rules.settings.colors) + list(self.rules.settings.aliases))
            self.error(path, d.message, d.hint)
        return canonical

    # ---- document -------------------------------------------------------------------------------------

    def game(self, doc) -> GameRecord | None:
        if not isinstance(doc, dict):
            self.error("$", f"expected a JSON object with \"format\": \"{FORMAT}\", got {json_words(doc)}")
            return None
        self.keys(doc, "$", _GAME_KEYS, {"format", "players"})
        if "format" in doc and doc["format"] != FORMAT:
            self.error("$.format", f"expected \"{FORMAT}\", got {json.dumps(doc['format'])}")
        game = doc.get("game", "orbis")  # as records.inputs finds the game a record names: any case, `_` for `-`
        if not isinstance(game, str) or game.strip().lower().replace("_", "-") != "orbis":
            self.error("$.game", f"expected \"orbis\", got {json_words(game)}",
                       "a record of another game is read by that game's reader: orbis score FILE")
        title = doc.get("title")
        if "title" in doc and title is not None:
            title = self.typed(title, "$.title", str, "a string")
        players = self.players(doc.get("players"), "$.players")
        variant = self.variant(doc.get("variant"), len(players or ()))
        options = self.options(doc.get("options", {}), "$.options")
        if players is None or self.diags:
            return None
        return GameRecord(tuple(players), variant, options, title)

    def variant(self, name, n_players: int) -> str | None:
        if name is None:
            return None
        if not isinstance(name, str):
            self.error("$.variant", f"expected a variant name, got {json_words(name)}")
            return None
        variant = self.rules.variants.get(name)
        if variant is None:
            d = unknown("variant", name, self.rules.variants)
            self.error("$.variant", d.message, d.hint)
        elif n_players and variant.players != n_players:
            self.error("$.variant", f"variant '{name}' is for {variant.players} players, but the record has "
                                    f"{n_players}")
        return name

    def options(self, obj, path: str) -> dict:
        if not isinstance(obj, dict):
            self.error(path, f"expected an object of rule options, got {json_words(obj)}")
            return {}
        specs = self.rules.options
        result = {}
        for key, value in obj.items():
            spec = specs.get(key)
            if spec is None:
                d = unknown("rule option", key, specs)
                self.error(f"{path}.{key}", d.message, d.hint)
                continue
            if spec.type == "bool" and not isinstance(value, bool):
                self.error(f"{path}.{key}", f"expected true or false, got {json_words(value)}")
            elif spec.type == "enum" and value not in spec.choices:
                self.error(f"{path}.{key}", f"expected one of {', '.join(map(json.dumps, spec.choices))}, "
                                            f"got {json.dumps(value)}",
                           did_you_mean(str(value), spec.choices))
            elif spec.type == "int" and self.typed(value, f"{path}.{key}", int, "a whole number") is None:
                pass
            else:
                result[key] = value
        return result

    def players(self, items, path: str) -> list[PlayerRecord] | None:
        if items is None:
            return None
        if not isinstance(items, list):
            self.error(path, f"expected a list of players, got {json_words(items)}")
            return None
        counts = sorted({v.players for v in self.rules.variants.values()})
        low, high = (counts[0], counts[-1]) if counts else (1, 99)
        if not low <= len(items) <= high:
            self.error(path, f"expected {low} to {high} players, got {len(items)}")
        players = [self.player(item, f"{path}[{i}]") for i, item in enumerate(items)]
        names = [p.name for p in players if p is not None]
        for i, name in enumerate(names):
            if name in names[:i]:
                self.error(f"{path}[{i}].name", f"two players are called '{name}'")
        return None if None in players else players

    def player(self, obj, path: str) -> PlayerRecord | None:
        if not isinstance(obj, dict):
            self.error(path, f"expected a player object, got {json_words(obj)}")
            return None
        self.keys(obj, path, _PLAYER_KEYS, {"name", "worshippers", "pyramid"})
        name = self.typed(obj.get("name", ""), f"{path}.name", str, "a string")
        god = self.god(obj.get("god"), f"{path}.god")
        cancelled = self.typed(obj.get("god_cancelled", False), f"{path}.god_cancelled", bool, "true or false")
        worshippers = obj.get("worshippers", 0)
        worshippers = self.typed(worshippers, f"{path}.worshippers", int, "a whole number")
        problem = worshippers_problem(worshippers) if worshippers is not None else None
        if problem is not None:
            self.error(f"{path}.worshippers", problem)
        pyramid = self.pyramid(obj["pyramid"], f"{path}.pyramid") if "pyramid" in obj else None
        if cancelled and god is None and "god" not in obj:
            self.error(f"{path}.god_cancelled", "'god_cancelled' is true, but the player holds no god")
        if None in (name, pyramid, worshippers, cancelled):
            return None
        return PlayerRecord(name, god, worshippers, pyramid, cancelled)

    def god(self, value, path: str) -> str | None:
        if value is None:
            return None
        if not isinstance(value, str):
            self.error(path, f"expected a god id or name, got {json_words(value)}")
            return None
        god = find_god(self.rules, value)
        if god is None:
            choices = list(self.rules.gods) + [g.title for g in self.rules.gods.values()]
            d = unknown("god", value, choices)
            self.error(path, d.message, d.hint)
        return god

    def pyramid(self, rows, path: str):
        widths = self.rules.board.rows
        if not isinstance(rows, list):
            self.error(path, f"expected {len(widths)} rows of tiles, bottom first, got {json_words(rows)}")
            return None
        if len(rows) != len(widths):
            self.error(path, f"expected {len(widths)} rows ({', '.join(map(str, widths))} tiles, bottom first), "
                             f"got {len(rows)}")
            return None
        result = []
        quick = self.schema.read
        for r, (row, width) in enumerate(zip(rows, widths)):
            if type(row) is list and len(row) == width:
                # Tiles as their kinds look need no path to complain at: only a row with another is read again.
                tiles = tuple([quick(t) if type(t) is dict else None for t in row])
                if None not in tiles:
                    result.append(tiles)
                    continue
            row_path = f"{path}[{r}]"
            if not isinstance(row, list) or len(row) != width:
                got = f"{len(row)} tile{'s' if len(row) != 1 else ''}" if isinstance(row, list) else json_words(row)
                self.error(row_path, f"row {r + 1} needs exactly {width} tiles, got {got}")
                result.append(None)
                continue
            result.append(tuple(self.tile(t, f"{row_path}[{i}]") for i, t in enumerate(row)))
        if any(row is None or None in row for row in result):
            return None
        return tuple(result)

    def tile(self, obj, path: str) -> TileRecord | None:
        if type(obj) is dict:
            quick = self.schema.read(obj)  # a tile exactly as its kind looks; else read it field by field
            if quick is not None:
                return quick
        return self.checked_tile(obj, path)

    def checked_tile(self, obj, path: str) -> TileRecord | None:
        """A tile read field by field, each mistake reported at its path."""
        if not isinstance(obj, dict):
            self.error(path, f"expected a tile object, got {json_words(obj)}")
            return None
        if obj.get("desert") is True:
            self.keys(obj, path, {"desert"}, set())
            return TileRecord(desert=True)
        if "desert" in obj and obj["desert"] is not False:
            self.error(f"{path}.desert", f"expected true or false, got {json_words(obj['desert'])}")
            return None
        obj = {k: v for k, v in obj.items() if k != "desert"}
        kind_name = obj.get("kind")
        if kind_name is None:
            self.error(path, "missing key 'kind' (or \"desert\": true)")
            return None
        kind = self.rules.kinds.get(find_kind(self.rules, kind_name) or "") if isinstance(kind_name, str) else None
        if kind is None:
            d = unknown("tile kind", str(kind_name), self.rules.kinds)
            self.error(f"{path}.kind", d.message, d.hint)
            return None
        kind_name = kind.name
        params = {p.name: p for p in self.rules.settings.attributes}
        params.update({p.name: p for p in kind.params})
        required = sorted(n for n in kind.scoring_params if params[n].required)
        before = len(self.diags)
        self.keys(obj, path, _TILE_KEYS | set(params), {"color"})
        for name in required:
            if name not in obj:
                words = _PARAM_WORDS.get(params[name].type, params[name].type)
                self.error(path, f"{_article(kind.title)} {kind.title} tile needs '{name}' ({words})",
                           "its printed data in order: " + ", ".join(kind.declared))
        colour = self.color(obj["color"], f"{path}.color") if "color" in obj else None
        values = {}
        for name, spec in params.items():
            if name in obj:
                values[name] = self.param(obj[name], spec, f"{path}.{name}")
        level = obj.get("level")
        if level is not None and self.typed(level, f"{path}.level", int, "a level number") is not None \
                and not 1 <= level <= self.rules.settings.levels:
            self.error(f"{path}.level", f"expected a level from 1 to {self.rules.settings.levels}, got {level}")
        stars = obj.get("stars")
        if isinstance(stars, str):
            stars = stars.lower()
        if stars is not None and stars not in self.rules.settings.stars:
            d = unknown("star colour", str(stars), self.rules.settings.stars)
            self.error(f"{path}.stars", d.message, d.hint)
        cancelled = obj.get("cancelled")
        if cancelled is not None:
            self.typed(cancelled, f"{path}.cancelled", bool, "true or false")
        if len(self.diags) > before:
            return None
        return TileRecord(False, kind_name, colour, values, cancelled, level, stars)

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
        if spec.type == "amount":
            return self.amount(value, path)
        return value

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


def worshippers_problem(count: int) -> str | None:
    """Why a player cannot have `count` worshippers left, or None. Shared with `orbis enter`, so that it refuses
    what `orbis score` refuses."""
    if count < 0:
        return f"expected a non-negative number, got {count}"
    return None


def option_problems(rules: Rules, options: dict) -> list[Diagnostic]:
    """What `orbis score` would say of these rule options (`orbis enter` asks for them one at a time)."""
    reader = _Reader(rules, "")
    reader.options(options, "$.options")
    return reader.diags


def read_json_text(text: str, file: str, rules: Rules) -> tuple[GameRecord | None, list[Diagnostic]]:
    game = quick_record(text, rules)  # a well-formed record, in one pass; else read in full, with every message
    if game is not None:
        return game, []
    doc, diags = load_json(text, file)
    if diags:
        return None, diags
    reader = _Reader(rules, file)
    game = reader.game(doc)
    return game, reader.diags

