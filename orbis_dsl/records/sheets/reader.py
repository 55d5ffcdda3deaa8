"""Reading score-sheet records (Terra Mystica's `tm-final/1`, Mondo's `mondo-rounds/1` …) against a rule set.

What a record may say comes from the rules: every declared fact (its type, range, and the set it is given per),
the family players hold, the options. A game without rounds lists `players`; a game of rounds lists `rounds`, each
with its `players` in the same order. Every problem is a diagnostic naming its JSON path; reading goes on to
collect several per run. A `refuse` rule the record breaks is an input error too.
"""

from __future__ import annotations

from orbis_dsl.common.diagnostics import Diagnostic, did_you_mean, unknown
from orbis_dsl.records.json_text import json_words, load_json
from orbis_dsl.records.names import find_god
from orbis_dsl.records.sheets.cells import CellReader, check_shared_cells
from orbis_dsl.records.sheets.lists import derive_board, list_fact
from orbis_dsl.records.sheets.refusals import tiles_at_fault, whole_table
from orbis_dsl.records.sheets.rounds import RoundsReading
from orbis_dsl.runtime.hexmap import board_of
from orbis_dsl.runtime.rules import Rules
from orbis_dsl.runtime.sheet import refusals
from orbis_dsl.runtime.sheet_types import SheetPlayerRecord, SheetRecord
from orbis_dsl.runtime.specs import RECORD_KEYS, FactSpec

_TOP_KEYS = RECORD_KEYS["game"] - {"players", "rounds"}  # and the one of them the record's body is


class _SheetReader(RoundsReading):
    def __init__(self, rules: Rules, file: str):
        self.rules = rules
        self.file = file
        self.diags: list[Diagnostic] = []
        self.notes: list[tuple[str, str]] = []  # warnings: the record is scored anyway
        self.chosen: dict = {}
        self.cells = CellReader(self, board_of(rules.settings.hexmap))
        self.renamed: dict[str, str] = {}  # JSON path -> the id of what was typed by another name (`orbis convert`)

    def where(self, path: str) -> str:
        """A warning's place as the report names it: "Ann, round 2" for a path inside a round's player."""
        import re

        m = re.match(r"\$\.rounds\[(\d+)\]\.players\[(\d+)\]", path) or re.match(r"\$\.players\[(\d+)\]()", path)
        if m is None:
            return path
        doc = self.doc
        try:
            if m.group(2):
                name = doc["rounds"][int(m.group(1))]["players"][int(m.group(2))]["name"]
                return f"{name}, round {int(m.group(1)) + 1}"
            return str(doc["players"][int(m.group(1))]["name"])
        except (KeyError, IndexError, TypeError):
            return path

    def named(self, path: str, typed, name: str) -> None:
        """`typed` (a title, another letter case) was read as `name`: a conversion writes the id."""
        if typed != name:
            self.renamed[path] = name

    def error(self, path: str, message: str, hint: str | None = None) -> None:
        self.diags.append(Diagnostic(message, path=path, file=self.file, hint=hint))

    def unknown_keys(self, obj: dict, path: str, allowed: set[str]) -> None:
        for key in obj:
            if key not in allowed:
                self.error(f"{path}.{key}", f"unknown key '{key}'", fact_hint(self.rules, key, allowed)
                           or "expected one of: " + ", ".join(sorted(allowed)))

    # ---- the document ---------------------------------------------------------------------------------

    def record(self, doc) -> SheetRecord | None:
        settings = self.rules.settings
        self.doc = doc
        if not isinstance(doc, dict):
            self.error("$", f"expected a JSON object with \"format\": \"{settings.record_format}\", "
                            f"got {json_words(doc)}")
            return None
        body = "rounds" if settings.rounds else "players"
        options = {o.name for o in settings.options}
        whole = [f for f in self.rules.facts.values() if f.level == "game"]
        self.unknown_keys(doc, "$", _TOP_KEYS | {body} | options | {f.json_key for f in whole})
        if "format" in doc and doc["format"] != settings.record_format:
            self.error("$.format", f"expected \"{settings.record_format}\", got {json_words(doc['format'])}")
        if "game" in doc and doc["game"] != settings.game:
            self.error("$.game", f"expected \"{settings.game}\", got {json_words(doc['game'])}")
        title = doc.get("title")
        if title is not None and not isinstance(title, str):
            self.error("$.title", f"expected a string, got {json_words(title)}")
            title = None
        chosen = self.options(doc)
        self.chosen = chosen
        if body not in doc:
            self.error("$", f"missing key '{body}'")
            return None
        # Facts given once for the whole record: every player reads them as their own.
        shared = self.level_facts(doc, "$", whole)
        if settings.rounds:
            rounds = self.rounds(doc["rounds"], shared)
        else:
            players = self.players(doc["players"], "$.players", shared)
            rounds = [players] if players is not None else None
        if rounds is None or self.diags:
            return None
        return SheetRecord(rounds, chosen, title, notes=tuple(self.notes))

    def options(self, doc: dict) -> dict:
        """`options` as an object, and any option given by name at the top (Mondo's `level`)."""
        specs = {o.name: o for o in self.rules.settings.options}
        given = {k: (f"$.{k}", v) for k, v in doc.items() if k in specs}
        if "options" in doc:
            if not isinstance(doc["options"], dict):
                self.error("$.options", f"expected an object, got {json_words(doc['options'])}")
            else:
                self.unknown_keys(doc["options"], "$.options", set(specs))
                given.update({k: (f"$.options.{k}", v) for k, v in doc["options"].items() if k in specs})
        chosen = {}
        for name, (path, value) in given.items():
            spec = specs[name]
            if spec.type == "bool" and not isinstance(value, bool):
                self.error(path, f"expected true or false, got {json_words(value)}")
            elif spec.type == "enum" and value not in spec.choices:
                self.error(path, f"expected one of {', '.join(spec.choices)}, got {json_words(value)}",
                           did_you_mean(str(value), spec.choices))
            elif spec.type == "int" and (isinstance(value, bool) or not isinstance(value, int)):
                self.error(path, f"expected a whole number, got {json_words(value)}")
            else:
                chosen[name] = value
        return chosen

    def level_facts(self, obj: dict, path: str, facts: list[FactSpec]) -> dict:
        """Facts given once for the whole record or once per round, on that object under their JSON keys (every
        player reads them as their own)."""
        return {f.name: self.fact(f, obj.get(f.json_key), f"{path}.{f.json_key}", f.json_key in obj) for f in facts}

    # ---- players ------------------------------------------------------------------------------------------

    def players(self, items, path: str, shared: dict | None = None) -> list[SheetPlayerRecord] | None:
        if not isinstance(items, list):
            self.error(path, f"expected a list of players, got {json_words(items)}")
            return None
        if not items:
            self.error(path, "expected at least one player")
            return None
        players = [self.player(obj, f"{path}[{i}]", shared or {}) for i, obj in enumerate(items)]
        seen = set()
        for i, p in enumerate(players):
            if p is None:
                continue
            if p.name in seen:
                self.error(f"{path}[{i}].name", f"two players are called '{p.name}'")
            seen.add(p.name)
        self.distinct_pieces(players, path)
        check_shared_cells(self, players, self.rules.facts, path)
        return None if None in players else players

    def distinct_pieces(self, players, path: str) -> None:
        family = self.rules.settings.held_family
        held: dict[str, int] = {}
        for i, p in enumerate(players):
            if p is None or p.piece is None:
                continue
            if p.piece in held:
                self.error(f"{path}[{i}].{family}", f"{players[held[p.piece]].name} already plays {p.piece}: "
                                                    f"each {family} is played by one player")
            held.setdefault(p.piece, i)

    def player(self, obj, path: str, shared: dict) -> SheetPlayerRecord | None:
        if not isinstance(obj, dict):
            self.error(path, f"expected a player object, got {json_words(obj)}")
            return None
        facts = {f.json_key: f for f in self.rules.facts.values() if f.level is None}
        family = self.rules.settings.held_family
        grid = self.rules.settings.grid
        board_key = grid.name if grid is not None else None
        self.unknown_keys(obj, path, RECORD_KEYS[None] | set(facts) | ({family} if family else set())
                          | ({board_key} if board_key else set()))
        before = len(self.diags)
        name = obj.get("name")
        if not isinstance(name, str) or not name.strip():
            self.error(f"{path}.name", f"expected the player's name, got {json_words(name)}")
        piece = self.piece(obj.get(family), f"{path}.{family}", family in obj) if family else None
        values = dict(shared)
        has_board = board_key is not None and board_key in obj
        board = self.player_board(obj, path, shared, values, facts) if has_board else None
        self.player_facts(obj, path, facts, values, has_board)
        if len(self.diags) > before:
            return None
        return SheetPlayerRecord(name, piece, values, board)

    def player_board(self, obj: dict, path: str, shared: dict, values: dict, facts: dict):
        """The player's board, its derived facts put into `values`; a derived fact given too is refused."""
        board_key = self.rules.settings.grid.name
        board = derive_board(self, obj[board_key], f"{path}.{board_key}", shared, values)
        for key, fact in facts.items():
            if fact.derive is not None and key in obj:
                self.error(f"{path}.{key}", f"'{key}' is derived from the {board_key}: leave it out, or give "
                                            f"the counts without the {board_key}")
        return board

    def player_facts(self, obj: dict, path: str, facts: dict, values: dict, has_board: bool) -> None:
        """The player's facts given as values (not derived from a board) put into `values`."""
        grid = self.rules.settings.grid
        board_key = grid.name if grid is not None else None
        for key, fact in facts.items():
            if has_board and fact.derive is not None:
                continue  # derived from the board (or the board's own errors are reported)
            if fact.board_only:
                values[fact.name] = None  # no board: what only a board shows is not known, its checks not made
                if key in obj:
                    self.error(f"{path}.{key}", f"'{key}' is read only from the {board_key or 'board'}: leave it out")
                continue
            values[fact.name] = self.fact(fact, obj.get(key), f"{path}.{key}", key in obj)

    def piece(self, value, path: str, present: bool = True) -> str | None:
        family = self.rules.settings.held_family
        pieces = self.rules.gods
        if value is None:  # not chosen yet (a score pad sends no key)
            self.error(path, ("" if present else f"missing key '{family}': ") + f"choose a {family} for this player",
                       f"one of {', '.join(sorted(pieces))}")
            return None
        if not isinstance(value, str):
            self.error(path, f"expected a {family} (one of {', '.join(sorted(pieces))}), got {json_words(value)}")
            return None
        piece = find_god(self.rules, value)
        if piece is not None:
            self.named(path, value, piece)
            return piece
        d = unknown(family, value, sorted(pieces))
        self.error(path, d.message, d.hint)
        return None

    def fact(self, fact: FactSpec, value, path: str, present: bool):
        if fact.type in ("held", "list"):
            return list_fact(self, fact, value, path, present)
        if not present or value is None:
            if not fact.optional:
                self.error(path.rsplit(".", 1)[0], f"missing key '{fact.json_key}' ({fact.title})")
            return None
        if fact.type in ("cells", "crossings", "waters"):
            return self.cells.fact(fact, value, path)
        if not fact.members:
            return self.scalar(fact, value, path)
        if isinstance(value, list):
            if len(value) != len(fact.members):
                self.error(path, f"expected {len(fact.members)} values ({', '.join(fact.members)}), "
                                 f"got {len(value)}")
                return None
            value = dict(zip(fact.members, value))
            paths = {m: f"{path}[{i}]" for i, m in enumerate(fact.members)}
        elif isinstance(value, dict):
            self.unknown_keys(value, path, set(fact.members))
            for member in fact.members:
                if member not in value:
                    self.error(path, f"missing key '{member}'")
            paths = {m: f"{path}.{m}" for m in fact.members}
        else:
            self.error(path, f"expected an object with {', '.join(fact.members)} (or a list in that order), "
                             f"got {json_words(value)}")
            return None
        return {m: self.scalar(fact, value.get(m), paths[m]) for m in fact.members}

    def scalar(self, fact: FactSpec, value, path: str):
        if fact.type == "bool":
            if not isinstance(value, bool):
                self.error(path, f"expected true or false, got {json_words(value)}")
            return value
        if fact.type == "enum":
            if value not in fact.choices:
                self.error(path, f"expected one of {', '.join(fact.choices)}, got {json_words(value)}",
                           did_you_mean(str(value), fact.choices))
            return value
        if isinstance(value, bool) or not isinstance(value, int):
            self.error(path, f"expected a whole number, got {json_words(value)}")
            return None
        if (fact.low is not None and value < fact.low) or (fact.high is not None and value > fact.high):
            self.error(path, f"{fact.title}: {value} is out of range; expected {fact.low} to {fact.high}")
            return None
        return value


def fact_hint(rules: Rules, word: str, allowed) -> str | None:
    """"did you mean" for a word typed where a fact's key was expected: the fact given per the set it names (a
    Terra Mystica player's `buildings` are their `structures`, per the set `buildings`), else the nearest key."""
    members = rules.settings.sets.get(word)
    if members:
        for fact in rules.facts.values():
            if fact.members == tuple(members) and fact.json_key in allowed and fact.derive is None:
                return f"did you mean '{fact.json_key}'? ({fact.title}, given per {word})"
    return did_you_mean(word, allowed)


def read_sheet_json(text: str, file: str, rules: Rules) -> tuple[SheetRecord | None, list[Diagnostic]]:
    """A score-sheet record read and checked against the rules: the record, or None and every problem found."""
    doc, diags = load_json(text, file)
    if diags:
        return None, diags
    return read_sheet_doc(doc, file, rules)


def read_sheet_doc(doc, file: str, rules: Rules) -> tuple[SheetRecord | None, list[Diagnostic]]:
    """A record already parsed into JSON values (from a JSON file, or built from the text notation)."""
    reader = _SheetReader(rules, file)
    record = reader.record(doc)
    if record is None:
        return None, reader.diags
    broken = [Diagnostic(message, file=file, path=at)
              for message, path, failure in whole_table(rules, record, refusals(rules, record))
              for at in tiles_at_fault(rules, record, failure, path)]
    return (None, broken) if broken else (record, [])


def canonical_doc(doc: dict, file: str, rules: Rules) -> dict:
    """A record that reads, with every name typed otherwise (a faction's title, a card or a cell in another letter
    case) written as its id: what `orbis convert` writes, which the schemas hold to the ids."""
    import copy
    import re

    reader = _SheetReader(rules, file)
    reader.record(doc)
    out = copy.deepcopy(doc)
    for path, name in reader.renamed.items():
        steps = [int(index) if index else key for key, index in re.findall(r"\.([^.\[]+)|\[(\d+)\]", path[1:])]
        target = out
        for step in steps[:-1]:
            target = target[step]
        target[steps[-1]] = name
    return out
