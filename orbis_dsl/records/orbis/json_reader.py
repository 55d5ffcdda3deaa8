"""Reading `orbis-game/1` JSON records (see docs/rules/orbis.md §10), checked against a rule set: the one reader of
the format. JSON files, the notation (notation.py builds the same document), the pad and `orbis enter` all come
through `RecordReader.game`, so a check added here holds for every record, whatever way it came in
(tests/records/orbis/test_one_reader.py).

Every problem becomes a diagnostic naming its JSON path; reading goes on to collect several per run. What a tile
may carry comes from the rule set (json_tiles.py): its kind's parameters, the attributes every tile has, and the
few keys every tile accepts. A parameter the scorer reads and that has no default is required.

Fast by construction, for a batch where nearly every file is well formed:
- the text is parsed by the C parser with no Python hook; a key given twice (which the parser would drop
  silently) is found by counting: in JSON text every member of an object is followed by exactly one ':' outside
  strings, so with no `\\u` escape the text's ':'s are the members plus the ':'s inside strings. The reader counts
  both as it reads; a count that does not match, or any mistake, has the text parsed again with the hook that
  names the repeated key (json_text.load_json);
- each rule set's tile shapes are worked out once, and tiles read without a word are remembered (json_tiles.py).
"""

from __future__ import annotations

import json
from operator import itemgetter

from orbis_dsl.common.diagnostics import Diagnostic, did_you_mean, unknown
from orbis_dsl.records.json_text import MAX_RECORD_BYTES, json_words, load_json, may_hold_long_numbers
from orbis_dsl.records.names import find_god
from orbis_dsl.records.orbis.json_skeleton import Marks, NotSkeleton, object_of, skeleton_of
from orbis_dsl.records.orbis.json_tiles import TileChecks
from orbis_dsl.records.orbis.json_write import FORMAT, game_to_json, tile_to_json
from orbis_dsl.runtime.game_record import GameRecord, PlayerRecord
from orbis_dsl.runtime.rules import Rules

# What other modules take from the reader of the format (the writer and the shared JSON helpers too).
__all__ = ["FORMAT", "MAX_RECORD_BYTES", "RecordReader", "find_god", "game_to_json", "json_words", "load_json",
           "option_problems", "read_json_text", "tile_to_json", "worshippers_problem"]
_new_tuple = tuple.__new__  # PlayerRecord's own __new__ is a Python function
_GAME_KEYS = {"format", "game", "title", "variant", "options", "players"}
_PLAYER_KEYS = {"name", "god", "god_cancelled", "worshippers", "pyramid"}
_PLAYER_NEEDS = {"name", "worshippers", "pyramid"}


def _strings_colons(*values) -> int:
    count = 0
    for value in values:  # (a loop: a generator cost more than the few strings it counts in)
        if type(value) is str and ":" in value:
            count += value.count(":")
    return count


class RecordReader(TileChecks):
    """One record's reading under a rule set: `game(doc)` gives the record or None, and `diags` every problem.
    `colons` counts the members and the ':'s in strings of what was read (the repeated-key test above). With
    `marks`, the document is a text's skeleton (json_skeleton.py), or a notation text's parse, whose tiles'
    texts are looked up in `verdicts` (notation.record_of)."""

    marks: Marks | None = None
    verdicts: dict | None = None  # where a mark's tile text is looked up: the skeleton's, shapes.texts

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
        title = self.title(doc["title"]) if doc.get("title") is not None else None
        self.colons += len(doc) + _strings_colons(doc.get("format"), doc.get("game"), title, doc.get("variant"))
        players = self.players(doc.get("players"), "$.players")
        variant = self.variant(doc.get("variant"), len(players or ()))
        options = doc.get("options", {})
        if self.marks is not None and "options" in doc:
            options = self.marks.options(options)
        options = self.options(options, "$.options")
        if players is None or self.diags:
            return None
        return GameRecord(tuple(players), variant, options, title)

    def title(self, title) -> str | None:
        return self.typed(title, "$.title", str, "a string")

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
        self.colons += len(obj) + _strings_colons(*obj, *obj.values())
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
        low, high = self.shapes.players
        if not low <= len(items) <= high:
            self.error(path, f"expected {low} to {high} players, got {len(items)}")
        players = [self.player(item, f"{path}[{i}]") for i, item in enumerate(items)]
        names = [p.name for p in players if p is not None]
        for i, name in enumerate(names):
            if name in names[:i]:
                self.error(f"{path}[{i}].name", f"two players are called '{name}'")
        return None if None in players else players

    def player(self, obj, path: str) -> PlayerRecord | None:
        if type(obj) is dict and obj.keys() <= _PLAYER_KEYS and obj.keys() >= _PLAYER_NEEDS \
                and None not in obj.values():
            # Nearly every player: each field as the checks below take it without a word, tested with no call per
            # field; anything else (or a god typed as not yet seen) is read field by field, with its messages.
            name, god, worshippers = obj["name"], obj.get("god"), obj["worshippers"]
            cancelled = obj.get("god_cancelled", False)
            gods = self.shapes.gods
            if type(name) is str and type(worshippers) is int and type(cancelled) is bool \
                    and ((type(god) is str and god in gods) or (god is None and not cancelled)) \
                    and worshippers_problem(worshippers) is None:
                self.colons += len(obj) + _strings_colons(name, god)
                pyramid = self.pyramid(obj["pyramid"], f"{path}.pyramid")
                if pyramid is None:
                    return None
                god = None if god is None else gods[god]
                return _new_tuple(PlayerRecord, (name, god, worshippers, pyramid, cancelled))
        return self.player_checked(obj, path)

    def player_checked(self, obj, path: str) -> PlayerRecord | None:
        if not isinstance(obj, dict):
            self.error(path, f"expected a player object, got {json_words(obj)}")
            return None
        self.keys(obj, path, _PLAYER_KEYS, _PLAYER_NEEDS)
        self.colons += len(obj) + _strings_colons(obj.get("name"), obj.get("god"))
        # (each value's path is written only for a message: most records have none)
        name = self.typed(obj.get("name", ""), path, str, "a string", "name")
        god = self.god(obj.get("god"), path)
        cancelled = self.typed(obj.get("god_cancelled", False), path, bool, "true or false", "god_cancelled")
        worshippers = self.typed(obj.get("worshippers", 0), path, int, "a whole number", "worshippers")
        problem = worshippers_problem(worshippers) if worshippers is not None else None
        if problem is not None:
            self.error(f"{path}.worshippers", problem)
        pyramid = self.pyramid(obj["pyramid"], f"{path}.pyramid") if "pyramid" in obj else None
        if cancelled and god is None and "god" not in obj:
            self.error(f"{path}.god_cancelled", "'god_cancelled' is true, but the player holds no god")
        if None in (name, pyramid, worshippers, cancelled):
            return None
        return _new_tuple(PlayerRecord, (name, god, worshippers, pyramid, cancelled))

    def god(self, value, player: str) -> str | None:
        if value is None:
            return None
        if not isinstance(value, str):
            self.error(f"{player}.god", f"expected a god id or name, got {json_words(value)}")
            return None
        gods = self.shapes.gods
        god = gods.get(value) or find_god(self.rules, value)
        if god is None:
            choices = list(self.rules.gods) + [g.title for g in self.rules.gods.values()]
            d = unknown("god", value, choices)
            self.error(f"{player}.god", d.message, d.hint)
        elif len(gods) < 1024:  # (as typed: a god is found the same way every time)
            gods[value] = god
        return god

    def pyramid(self, rows, path: str):
        if self.marks is not None and rows == self.shapes.marked_pyramid:
            whole = self.marked_pyramid()
            if whole is not None:
                return whole
        widths = self.rules.board.rows
        if not isinstance(rows, list):
            self.error(path, f"expected {len(widths)} rows of tiles, bottom first, got {json_words(rows)}")
            return None
        if len(rows) != len(widths):
            self.error(path, f"expected {len(widths)} rows ({', '.join(map(str, widths))} tiles, bottom first), "
                             f"got {len(rows)}")
            return None
        result = []
        for r, (row, width) in enumerate(zip(rows, widths)):
            if isinstance(row, list) and len(row) == width:
                result.append(self.row(row, path, r))
                continue
            got = f"{len(row)} tile{'s' if len(row) != 1 else ''}" if isinstance(row, list) else json_words(row)
            self.error(f"{path}[{r}]", f"row {r + 1} needs exactly {width} tiles, got {got}")
            result.append(None)
        if any(row is None or None in row for row in result):
            return None
        return tuple(result)

    def row(self, row: list, path: str, r: int) -> tuple:
        """A row's tiles (tile i at `path[r][i]`, a path written only for a tile read now): most of a batch's
        were read before without a word (json_tiles.py), and are found by C loops."""
        if self.marks is not None:
            return self.marked_row(row, path, r)
        found = self.shapes.recall_row(row)
        if found is not None:
            self.colons += sum(map(itemgetter(1), found))
            return tuple(map(itemgetter(0), found))
        return tuple(self.tile(obj, f"{path}[{r}][{i}]") for i, obj in enumerate(row))

    def tile_verdicts(self) -> dict:
        return self.shapes.texts if self.verdicts is None else self.verdicts

    def marked_pyramid(self) -> tuple | None:
        """A pyramid of marks whose every tile's text was read before without a word: all rows in one lookup."""
        texts = self.marks.take(self.shapes.tiles)
        found = list(map(self.tile_verdicts().get, texts))
        if None in found:
            self.marks.next -= len(texts)  # (read row by row, each tile checked that was not read before)
            return None
        tiles = tuple(map(itemgetter(0), found))  # (their ':'s were matched against their texts when remembered)
        return tuple(tiles[start:end] for start, end in self.shapes.row_slices)

    def marked_row(self, row: list, path: str, r: int) -> tuple:
        """A row of the skeleton's marks (json_skeleton.py): each tile's verdict by its text, or checked now."""
        texts = self.marks.row(row)
        shapes = self.shapes
        found = list(map(self.tile_verdicts().get, texts))
        if None in found:
            for i, inside in enumerate(texts):
                if found[i] is None:
                    before, colons = len(self.diags), self.colons
                    tile = self.tile(object_of(inside), f"{path}[{r}][{i}]")
                    # A tile's text is remembered only when its ':'s are its members and the ':'s in its strings:
                    # then no key in it was given twice, and the skeleton's ':'s alone are left to count per record
                    # (_skeleton_record). A text with a repeated key is read whole, where the hook names the key.
                    if tile is None or len(self.diags) > before or self.colons - colons != inside.count(":"):
                        raise NotSkeleton  # (its messages are written from the text parsed whole)
                    found[i] = (tile, self.colons - colons)
                    shapes.remember_text(inside, found[i])
                    self.colons = colons
        return tuple(map(itemgetter(0), found))


def worshippers_problem(count: int) -> str | None:
    """Why a player cannot have `count` worshippers left, or None. Shared with `orbis enter`, so that it refuses
    what `orbis score` refuses."""
    if count < 0:
        return f"expected a non-negative number, got {count}"
    return None


def option_problems(rules: Rules, options: dict) -> list[Diagnostic]:
    """What `orbis score` would say of these rule options (`orbis enter` asks for them one at a time)."""
    reader = RecordReader(rules, "")
    reader.options(options, "$.options")
    return reader.diags


def read_json_text(text: str, file: str, rules: Rules) -> tuple[GameRecord | None, list[Diagnostic]]:
    """A record from its JSON text: (the record, []) or (None, every problem, each at its path)."""
    if _needs_hooks(text):
        doc, diags = load_json(text, file)
        if diags:
            return None, diags
        return _read_document(doc, file, rules)
    game = _skeleton_record(text, rules)
    if game is not None:
        return game, []
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError):
        return load_json(text, file)  # (which says where the text is not JSON)
    reader = RecordReader(rules, file)
    game = reader.game(doc)
    if reader.diags or reader.colons != text.count(":"):
        # Perhaps a key given twice, which the parser dropped: the hook names it, before any other message.
        _, diags = load_json(text, file)
        if diags:
            return None, diags
    return (None if reader.diags else game), reader.diags


def _needs_hooks(text: str) -> bool:
    """Whether only json_text.load_json's hooks may parse the text: a long number, a `\\u` escape (which may be
    a lone surrogate, or a ':' the count of ':'s would not see), a lone surrogate, or text too large."""
    return _needs_text_hooks(text) or may_hold_long_numbers(text)


def _needs_text_hooks(text: str) -> bool:
    """`_needs_hooks` but for long numbers: a `\\u` escape, a lone surrogate, text too large."""
    # ('\\' first: a one-character search runs at memchr speed, a search for "\\u" took longer than the rest of
    # this check, and most records hold no backslash at all.)
    if len(text) > MAX_RECORD_BYTES or ("\\" in text and "\\u" in text):
        return True
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            return True
    return False


def _skeleton_record(text: str, rules: Rules) -> GameRecord | None:
    """The record read from the text's skeleton without a word, or None: read the text parsed whole."""
    found = skeleton_of(text)
    return None if found is None else skeleton_record(found, text, rules)


def clean_skeleton(text: str) -> tuple[dict, Marks] | None:
    """The text's skeleton (its document with each tile as a mark, json_skeleton.py) when the fast reading may take
    it, else None: what `read_json_text` reads first. Its document's keys are the record's own, at C speed: the
    batch asks it whether a record names its game.

    A run of digits too long for a number is looked for outside the innermost objects here, and in each of them
    as it is read (json_skeleton.object_of); a tile's text found among those read before was looked at when it
    was first read. So the whole text is not scanned for one (it took a tenth of reading a record)."""
    if _needs_text_hooks(text):
        return None
    found = skeleton_of(text)
    return None if found is None or may_hold_long_numbers(found[1].outside) else found


def skeleton_record(found: tuple[dict, Marks], text: str, rules: Rules) -> GameRecord | None:
    """The record read from a skeleton (`clean_skeleton`) without a word, or None (then `read_json_text` says what
    is wrong: it may find the same record, read whole)."""
    doc, marks = found
    reader = RecordReader(rules, "")
    reader.marks = marks
    try:
        game = reader.game(doc)
    except NotSkeleton:
        return None
    # The tiles' ':'s were matched against their texts when they were remembered (marked_row): what is left to
    # count is the skeleton's and the options', a fifth of the text.
    if reader.diags or not marks.done("options" in doc) or reader.colons != marks.colons():
        return None
    return game


def _read_document(doc, file: str, rules: Rules) -> tuple[GameRecord | None, list[Diagnostic]]:
    reader = RecordReader(rules, file)
    game = reader.game(doc)
    return (None if reader.diags else game), reader.diags
