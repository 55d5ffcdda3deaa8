"""The text notation of score-sheet records of rounds with grid boards (docs/notation-mondo.md), both ways.

A line is a keyword and its words; `#` starts a comment. Before the first `round`: `game NAME`, `title "…"`, and
options by name (`level expert`). `round N` starts a round, `player NAME` a player in it; a fact's JSON key
followed by its value(s) gives a fact of the round (before its first player) or of the player. A board is given
row by row (`r3 . wffw/nw.es:panda@e wwwf:active . . .`), one word per space of the row: `.` empty, or the four
edge letters (north, east, south, west; each member of the edge set by its first letter), `/` and the patches
(direction letters, patches split by `.`), then `:MEMBER` per mark (`@` and a direction or patch number for a mark
standing in a patch) and `:FACE` for the face the tile shows, where the grid declares faces. `side NAME` and
`border CELL DIRECTION MEMBER` complete the board.

Reading builds the JSON record and reads it with the JSON reader; each JSON path is traced back to its line and
word, so every diagnostic points into the text.
"""

from __future__ import annotations

import json
import re

from orbis_dsl.common.diagnostics import Diagnostic, Span
from orbis_dsl.runtime.grid import DIRECTIONS, layout

_ROW = re.compile(r"^r(\d+)$")
_LETTERS = {d[0]: d for d in DIRECTIONS}
_PARENT = re.compile(r"(\.[^.\[]+|\[\d+\])$|^\$$")  # a JSON path's last step


def _words(line: str) -> list[tuple[int, str]]:
    """(column, word) of each word before a comment; a quoted string is one word."""
    return [(m.start() + 1, m.group(0)) for m in re.finditer(r'"[^"]*"|\S+', line.split("#", 1)[0])]


class _Builder:
    def __init__(self, rules, file: str):
        self.rules = rules
        self.file = file
        self.grid = rules.settings.grid
        self.where: dict[str, Span] = {}  # JSON path -> the text's place
        self.diags: list[Diagnostic] = []
        self.doc: dict = {"format": rules.settings.record_format, "game": rules.settings.game, "rounds": []}
        self.letters = {m[0]: m for m in self.grid.edges} if self.grid else {}
        self.mark_of = {member: mark for mark in (self.grid.marks if self.grid else ()) for member in mark.members}

    def error(self, line: int, column: int, message: str, hint: str | None = None) -> None:
        self.diags.append(Diagnostic(message, span=Span(self.file, line, column), file=self.file, hint=hint))

    def place(self, path: str, line: int, column: int) -> None:
        self.where.setdefault(path, Span(self.file, line, column))

    def build(self, text: str) -> dict:
        round_ = player = None
        facts = {f.json_key: f for f in self.rules.facts.values()}
        options = {o.name for o in self.rules.settings.options}
        for n, raw in enumerate(text.splitlines(), 1):
            words = _words(raw)
            if not words:
                continue
            (col, key), rest = words[0], words[1:]
            values = [w for _, w in rest]
            if key == "round":
                round_, player = {"players": []}, None
                self.doc["rounds"].append(round_)
                self.place(f"$.rounds[{len(self.doc['rounds']) - 1}]", n, col)
            elif key == "player":
                if round_ is None:
                    self.error(n, col, "a player belongs to a round: write 'round 1' first")
                    continue
                player = {"name": " ".join(values)}
                round_["players"].append(player)
                self.place(self.player_path(), n, col)
            elif round_ is None and (key in ("game", "title") or key in options):
                self.doc[key] = self.scalar(values[0]) if key in options and values else " ".join(values).strip('"')
                self.place(f"$.{key}", n, rest[0][0] if rest else col)
            elif _ROW.match(key) and player is not None and self.grid:
                self.row(player, int(_ROW.match(key).group(1)), rest, n, col)
            elif key in ("side", "border") and player is not None and self.grid:
                self.board_word(player, key, rest, n, col)
            elif key in facts:
                target, path = (player, self.player_path()) if player is not None else (round_, self.round_path())
                if target is None:
                    self.error(n, col, f"'{key}' belongs to a round or a player: write 'round 1' first")
                    continue
                target[key] = self.fact(facts[key], values)
                self.place(f"{path}.{key}", n, rest[0][0] if rest else col)
            else:
                known = ["round", "player", *facts, *(options if round_ is None else ())]
                from orbis_dsl.common.diagnostics import did_you_mean

                self.error(n, col, f"unknown word '{key}'", did_you_mean(key, known) or "expected one of: "
                           + ", ".join(known))
        return self.doc

    def round_path(self) -> str:
        return f"$.rounds[{len(self.doc['rounds']) - 1}]"

    def player_path(self) -> str:
        return f"{self.round_path()}.players[{len(self.doc['rounds'][-1]['players']) - 1}]"

    @staticmethod
    def scalar(word: str):
        if word in ("-", "none", "null"):
            return None
        if re.fullmatch(r"-?\d+", word):
            return int(word)
        return {"true": True, "false": False}.get(word, word.strip('"'))

    def fact(self, fact, values: list[str]):
        if fact.type == "held":
            return [self.held(fact, v) for v in values]
        if fact.members:
            return dict(zip(fact.members, (self.scalar(v) for v in values))) if len(values) == len(
                fact.members) else [self.scalar(v) for v in values]
        return self.scalar(values[0]) if len(values) == 1 else [self.scalar(v) for v in values]

    @staticmethod
    def held(fact, word: str):
        """`T01`, `T01+` (done), `T01-` (not done), `T03+5` (done, the card printing 5 points)."""
        m = re.fullmatch(r"([^+\-]+)([+\-])?(\d+)?", word)
        if m is None or not fact.flag:
            return word
        item = {"id": m.group(1)}
        if m.group(2):
            item[fact.flag] = m.group(2) == "+"
        if m.group(3):
            item["points"] = int(m.group(3))
        return item

    def board(self, player: dict) -> dict:
        return player.setdefault(self.grid.name, {"side": next(iter(self.grid.borders)), "cells": {}})

    def board_word(self, player: dict, key: str, rest, n: int, col: int) -> None:
        board = self.board(player)
        path = f"{self.player_path()}.{self.grid.name}"
        if key == "side":
            board["side"] = rest[0][1] if rest else None
            self.place(f"{path}.side", n, rest[0][0] if rest else col)
        elif len(rest) != 3:
            self.error(n, col, "expected 'border CELL DIRECTION MEMBER', like 'border r1c3 north water'")
        else:
            edge = f"{rest[0][1]} {_LETTERS.get(rest[1][1], rest[1][1])}"
            board.setdefault("border", {})[edge] = rest[2][1]
            self.place(f"{path}.border.{edge}", n, rest[0][0])

    def row(self, player: dict, r: int, rest, n: int, col: int) -> None:
        cells = [cid for cid in layout(self.grid.shape) if cid.startswith(f"r{r}c")]
        if not cells:
            self.error(n, col, f"the board has rows r1 to r{len(self.grid.shape)}")
            return
        if len(rest) != len(cells):
            self.error(n, col, f"row r{r} has {len(cells)} spaces ({' '.join(cells)}); got {len(rest)} words",
                       hint="write '.' for an empty space")
            return
        board = self.board(player)
        for cid, (c, word) in zip(cells, rest):
            if word == ".":
                continue
            path = f"{self.player_path()}.{self.grid.name}.cells.{cid}"
            self.place(path, n, c)
            board["cells"][cid] = self.cell(word, path, n, c)

    def cell(self, word: str, path: str, n: int, c: int) -> dict:
        head, *marks = word.split(":")
        edges, _, patches = head.partition("/")
        for i, ch in enumerate(edges):
            if ch not in self.letters:
                self.error(n, c + i, f"unknown edge letter '{ch}'", "edges: " + ", ".join(
                    f"{letter} {member}" for letter, member in self.letters.items()))
        cell: dict = {"edges": [self.letters.get(ch, ch) for ch in edges]}
        for i in range(len(edges)):
            self.place(f"{path}.edges[{i}]", n, c + i)
        self.place(f"{path}.edges", n, c)
        if patches:
            cell["patches"] = [[_LETTERS.get(ch, ch) for ch in group] for group in patches.split(".")]
            self.place(f"{path}.patches", n, c + len(edges) + 1)
        offset = len(head) + 1
        for mark_word in marks:
            member, _, at = mark_word.partition("@")
            mark = self.mark_of.get(member)
            if mark is None and member in self.grid.faces:  # `:plain`: the face the tile shows
                cell["face"] = member
                self.place(f"{path}.face", n, c + offset)
                offset += len(mark_word) + 1
                continue
            if mark is None:
                from orbis_dsl.common.diagnostics import did_you_mean

                known = [*self.mark_of, *self.grid.faces]
                self.error(n, c + offset, f"unknown mark '{member}'", did_you_mean(member, known)
                           or "marks: " + ", ".join(known))
                offset += len(mark_word) + 1
                continue
            name = mark.name
            if mark is not None and mark.in_patch:
                value: dict = {mark.set: member}
                if at:
                    value["patch"] = int(at) if at.isdigit() else _LETTERS.get(at, at)
                cell[name] = value
            else:
                cell[name] = member
            self.place(f"{path}.{name}", n, c + offset)
            offset += len(mark_word) + 1
        return cell

    def locate(self, diags: list[Diagnostic]) -> list[Diagnostic]:
        """JSON paths traced back to the text: the longest known prefix of each path."""
        out = []
        for d in diags:
            path = d.path or ""
            while path and path not in self.where:
                path = _PARENT.sub("", path)
            span = self.where.get(path)
            out.append(Diagnostic(d.message, span=span, file=self.file, hint=d.hint) if span else d)
        return out


def read_sheet_text(text: str, file: str, rules):
    """A text record read against the rules: (record, diagnostics), each diagnostic at its line and word."""
    from orbis_dsl.records.sheets import read_sheet_json

    builder = _Builder(rules, file)
    doc = builder.build(text)
    if builder.diags:
        return None, builder.diags
    record, diags = read_sheet_json(json.dumps(doc), file, rules)
    return record, builder.locate(diags)


def text_to_json(text: str, file: str, rules) -> tuple[dict | None, list[Diagnostic]]:
    builder = _Builder(rules, file)
    doc = builder.build(text)
    return (None, builder.diags) if builder.diags else (doc, [])


def json_to_text(doc: dict, rules) -> str:
    """The notation of a JSON record (boards as rows, facts as words)."""
    grid = rules.settings.grid
    options = {o.name for o in rules.settings.options}
    lines = [f"game {doc.get('game', rules.settings.game)}"]
    if doc.get("title"):
        lines.append(f'title "{doc["title"]}"')
    for key in sorted(options):
        if key in doc:
            lines.append(f"{key} {doc[key]}")
        elif key in doc.get("options", {}):
            lines.append(f"{key} {doc['options'][key]}")
    for r, item in enumerate(doc.get("rounds", []), 1):
        lines += ["", f"round {r}"]
        lines += [f"  {k} {_value_words(v)}" for k, v in item.items() if k not in ("players", "round")]
        for p in item.get("players", []):
            lines.append(f"  player {p['name']}")
            board_key = getattr(grid, "name", None)
            lines += [f"    {k} {_value_words(v)}" for k, v in p.items() if k not in ("name", board_key)]
            if grid is not None and grid.name in p:
                lines += ["    " + line for line in _board_lines(p[grid.name], grid)]
    return "\n".join(lines) + "\n"


def _value_words(value) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return " ".join(_value_words(v) for v in value.values())
    if isinstance(value, list):
        return " ".join(_held_word(v) for v in value)
    return str(value)


def _held_word(item) -> str:
    if not isinstance(item, dict):
        return str(item)
    flag = next((v for k, v in item.items() if isinstance(v, bool)), None)
    word = str(item.get("id"))
    if flag is not None:
        word += "+" if flag else "-"
    if "points" in item:
        word += str(item["points"])
    return word


def _board_lines(board: dict, grid) -> list[str]:
    lines = [f"side {board.get('side', next(iter(grid.borders)))}"]
    cells = board.get("cells", {})
    for r in range(1, len(grid.shape) + 1):
        ids = [cid for cid in layout(grid.shape) if cid.startswith(f"r{r}c")]
        if any(cid in cells for cid in ids):
            lines.append(f"r{r} " + " ".join(_cell_word(cells[cid], grid) if cid in cells else "." for cid in ids))
    for edge, member in board.get("border", {}).items():
        lines.append(f"border {edge} {member}")
    return lines


def _cell_word(cell: dict, grid) -> str:
    word = "".join(str(e)[0] for e in cell["edges"])
    if "patches" in cell:
        word += "/" + ".".join("".join(DIRECTIONS[e][0] if isinstance(e, int) else str(e)[0] for e in group)
                               for group in cell["patches"])
    if cell.get("face") is not None:
        word += f":{cell['face']}"
    for mark in grid.marks:
        value = cell.get(mark.name)
        if value in (None, "none"):
            continue
        if isinstance(value, dict):
            word += f":{value.get(mark.set)}"
            patch = value.get("patch")
            if patch is not None:
                word += f"@{patch if isinstance(patch, int) else str(patch)[0]}"
        else:
            word += f":{value}"
    return word


def convert_sheet(text: str, file: str, rules, as_json: bool, to: str) -> tuple[str | None, list[Diagnostic]]:
    """`orbis convert` of a score-sheet record: to `json`, `text`, or `counts` (boards replaced by counts)."""
    from orbis_dsl.records.sheet_convert import to_counts
    from orbis_dsl.records.sheets import read_sheet_json

    if as_json:
        try:
            doc = json.loads(text)
        except ValueError:
            doc = None
        record, diags = read_sheet_json(text, file, rules)
    else:
        doc, diags = text_to_json(text, file, rules)
        record, diags = read_sheet_text(text, file, rules) if doc is not None else (None, diags)
    if record is None or doc is None:
        return None, diags
    if to == "counts":
        doc = to_counts(doc, rules, record)
    if to == "text":
        return json_to_text(doc, rules), []
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n", []
