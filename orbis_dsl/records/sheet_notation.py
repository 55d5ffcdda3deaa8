"""The text notation of score-sheet games (docs/notation-terra-mystica.md): one line per player, typed at the
table, and back; `orbis convert` turns it into the JSON record and the JSON record into it, losing nothing.

    game terra-mystica
    title "Three factions"
    option tiebreak resources
    Ann witches vp 118 cults 3/7/2/10 network 14 coins 5 workers 2 priests 1 power 2/6/3
    Bo alchemists vp 110 cults 5/5/4/10 coins 8 workers 1 priests 0 power 0/5/7 structures D:E7,C5 TP:D7

A player line is the name, the piece held (a faction), then `FACT VALUE` pairs in any order, the facts being the
rule set's: a number; `a/b/c` for a fact per set (in the set's order); `yes`/`no`; a choice; `A,B` for a list of
set members or cells (`-` for none); `MEMBER:CELL,CELL …` for cells per set; `C5-D7,F4-G3` for crossings. Reading
builds the JSON document and checks it with the JSON reader, so every check is the same, each message placed at
the line and column where the value was typed.
"""

from __future__ import annotations

import re

from orbis_dsl.common.diagnostics import Diagnostic, Span, did_you_mean
from orbis_dsl.runtime.rules import Rules
from orbis_dsl.runtime.sheet import SheetRecord

_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|[^\s"]+')


class _Line:
    def __init__(self, number: int, text: str):
        self.number = number
        self.tokens = [(m.group(0), m.start() + 1) for m in _TOKEN.finditer(_strip_comment(text))]


def _strip_comment(text: str) -> str:
    out, quoted = [], False
    for ch in text:
        if ch == '"':
            quoted = not quoted
        if ch == "#" and not quoted:
            break
        out.append(ch)
    return "".join(out)


def _unquote(token: str) -> str:
    return token[1:-1].replace('\\"', '"').replace("\\\\", "\\") if token.startswith('"') else token


def read_sheet_text(text: str, file: str, rules: Rules) -> tuple[SheetRecord | None, list[Diagnostic]]:
    from orbis_dsl.records.sheets import read_sheet_doc

    reader = _TextReader(rules, file)
    doc = reader.document(text)
    if reader.diags:
        return None, reader.diags
    record, diags = read_sheet_doc(doc, file, rules)
    return record, [reader.placed(d) for d in diags]


class _TextReader:
    def __init__(self, rules: Rules, file: str):
        self.rules = rules
        self.file = file
        self.diags: list[Diagnostic] = []
        self.spans: dict[str, Span] = {}  # JSON path -> where its value was typed

    def error(self, line: int, column: int, message: str, hint: str | None = None) -> None:
        self.diags.append(Diagnostic(message, span=Span(self.file, line, column), hint=hint))

    def placed(self, d: Diagnostic) -> Diagnostic:
        """A diagnostic of the JSON reader, placed at the text that holds its path (or the nearest enclosing)."""
        path = d.path or "$"
        while path not in self.spans and path not in ("$", ""):
            path = re.sub(r"(\.[^.\[]*|\[\d+\])$", "", path)
        span = self.spans.get(path)
        return d._replace(span=span, path=None if span else d.path, file=None if span else d.file)

    def document(self, text: str) -> dict:
        s = self.rules.settings
        doc: dict = {"format": s.record_format, "game": s.game, "players": []}
        for number, raw in enumerate(text.splitlines(), 1):
            line = _Line(number, raw)
            if not line.tokens:
                continue
            word, column = line.tokens[0]
            if word == "game":
                continue  # the header names the game; `read_record` chose the rules by it
            if word == "title":
                doc["title"] = " ".join(_unquote(t) for t, _ in line.tokens[1:])
                self.spans["$.title"] = Span(self.file, number, column)
            elif word == "option":
                self.option(doc, line)
            elif word in self.rules.facts and self.rules.facts[word].whole:
                self.whole_fact(doc, line)
            else:
                self.player(doc, line)
        self.spans["$.players"] = Span(self.file, 1, 1)
        return doc

    def whole_fact(self, doc: dict, line: _Line) -> None:
        """`scoring_tiles SCORE4,SCORE2,…`: a fact the record gives once, on a line of its own."""
        (name, column), values = line.tokens[0], line.tokens[1:]
        if not values:
            self.error(line.number, column, f"expected a value after '{name}'")
            return
        fact = self.rules.facts[name]  # typed by its name, kept under its JSON key
        self.spans[f"$.{fact.json_key}"] = Span(self.file, line.number, column)
        doc[fact.json_key] = self.value(fact, values[:1], f"$.{fact.json_key}", line.number)

    def option(self, doc: dict, line: _Line) -> None:
        if len(line.tokens) != 3:
            self.error(line.number, line.tokens[0][1], "expected `option NAME VALUE`")
            return
        (name, column), (value, _) = line.tokens[1], line.tokens[2]
        spec = next((o for o in self.rules.settings.options if o.name == name), None)
        typed: object = _unquote(value)
        if spec is not None and spec.type == "bool":
            typed = {"yes": True, "true": True, "no": False, "false": False}.get(value, value)
        elif spec is not None and spec.type == "int" and value.isdigit():
            typed = int(value)
        doc.setdefault("options", {})[name] = typed
        self.spans[f"$.options.{name}"] = Span(self.file, line.number, column)

    def player(self, doc: dict, line: _Line) -> None:
        index = len(doc["players"])
        path = f"$.players[{index}]"
        family = self.rules.settings.held_family
        player: dict = {"name": _unquote(line.tokens[0][0])}
        self.spans[path] = self.spans[f"{path}.name"] = Span(self.file, line.number, line.tokens[0][1])
        rest = line.tokens[1:]
        if family:
            if not rest:
                self.error(line.number, line.tokens[0][1], f"expected the {family} after the player's name")
                return
            player[family] = _unquote(rest[0][0])
            self.spans[f"{path}.{family}"] = Span(self.file, line.number, rest[0][1])
            rest = rest[1:]
        facts = {name: fact for name, fact in self.rules.facts.items() if fact.level is None}
        i = 0
        while i < len(rest):
            key, column = rest[i]
            fact = facts.get(key)
            if fact is None:
                self.error(line.number, column, f"unknown fact '{key}'",
                           did_you_mean(key, facts) or "expected one of: " + ", ".join(facts))
                return
            self.spans[f"{path}.{fact.json_key}"] = Span(self.file, line.number, column)
            values = []
            i += 1
            # Cells per set take every following MEMBER:… token; every other fact takes one.
            while i < len(rest) and (not values or (fact.type == "cells" and fact.members and ":" in rest[i][0])):
                values.append(rest[i])
                i += 1
            if not values:
                self.error(line.number, column, f"expected a value after '{key}'")
                return
            player[fact.json_key] = self.value(fact, values, f"{path}.{fact.json_key}", line.number)
        doc["players"].append(player)

    def value(self, fact, values, path: str, number: int):
        token, column = values[0]
        self.spans[path] = Span(self.file, number, column)
        if fact.type == "cells" and fact.members:
            out: dict = {}
            for token, column in values:
                member, _, cells = token.partition(":")
                out[member] = _items(cells)
                self.spans[f"{path}.{member}"] = Span(self.file, number, column)
            return out
        if fact.type in ("cells", "waters", "list"):
            return _items(token)
        if fact.type == "crossings":
            return [pair.split("-") for pair in _items(token)]
        if fact.members:
            parts = token.split("/")
            return [_scalar(fact, part) for part in parts]
        return _scalar(fact, _unquote(token))


def _items(token: str) -> list[str]:
    return [] if token in ("-", "") else token.split(",")


def _scalar(fact, token: str):
    if fact.type == "bool":
        return {"yes": True, "no": False}.get(token, token)
    if fact.type == "enum":
        return token
    return int(token) if re.fullmatch(r"-?\d{1,9}", token) else token


# ---- writing ------------------------------------------------------------------------------------------------


def write_sheet_text(record: SheetRecord, rules: Rules) -> str:
    s = rules.settings
    out = [f"game {s.game}"]
    if record.title:
        out.append(f"title {_quoted(record.title)}")
    for name, value in record.options.items():
        out.append(f"option {name} {_shown_option(value)}")
    first = record.rounds[0][0].facts if record.rounds and record.rounds[0] else {}
    for fact in rules.facts.values():
        if fact.whole and first.get(fact.name) is not None:
            out.append(" ".join([fact.name, *_shown(fact, first[fact.name])]))
    for sheet in record.rounds[0]:
        words = [_quoted(sheet.name)] + ([sheet.piece] if sheet.piece else [])
        for fact in rules.facts.values():
            value = sheet.facts.get(fact.name) if not fact.whole else None
            if value is not None:
                words += [fact.name, *_shown(fact, value)]
        out.append(" ".join(words))
    return "\n".join(out) + "\n"


def _quoted(text: str) -> str:
    if re.fullmatch(r"[^\s\"#]+", text):
        return text
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _shown_option(value) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _shown(fact, value) -> list[str]:
    if fact.type == "cells" and fact.members:
        parts = [f"{m}:{','.join(value[m])}" for m in fact.members if value.get(m)]
        return parts or [f"{fact.members[0]}:-"]
    if fact.type in ("cells", "waters", "list"):
        return [",".join(value) or "-"]
    if fact.type == "crossings":
        return [",".join("-".join(pair) for pair in value) or "-"]
    if fact.members:
        return ["/".join(_one(fact, value[m]) for m in fact.members)]
    return [_one(fact, value)]


def _one(fact, value) -> str:
    if fact.type == "bool":
        return "yes" if value else "no"
    return _quoted(str(value)) if fact.type == "enum" else str(value)


def sheet_to_json(record: SheetRecord, rules: Rules) -> dict:
    """The JSON record of a score sheet (`tm-final/1` for Terra Mystica): every fact the record gives."""
    s = rules.settings
    doc: dict = {"format": s.record_format, "game": s.game}
    if record.title:
        doc["title"] = record.title
    if record.options:
        doc["options"] = dict(record.options)
    first = record.rounds[0][0].facts if record.rounds and record.rounds[0] else {}
    for fact in rules.facts.values():
        if fact.whole and first.get(fact.name) is not None:
            doc[fact.json_key] = first[fact.name]
    players = []
    for sheet in record.rounds[0]:
        entry: dict = {"name": sheet.name}
        if s.held_family and sheet.piece:
            entry[s.held_family] = sheet.piece
        for fact in rules.facts.values():
            value = sheet.facts.get(fact.name) if not fact.whole else None
            if value is None:
                continue
            if fact.type == "cells" and fact.members:
                value = {m: list(cells) for m, cells in value.items() if cells}
            elif fact.type == "crossings":
                value = [list(pair) for pair in value]
            entry[fact.json_key] = value
        players.append(entry)
    doc["players"] = players
    return doc
