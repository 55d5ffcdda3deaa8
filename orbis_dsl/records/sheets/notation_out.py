"""Writing a score-sheet record in its text notation (sheet_notation.py reads it), and `orbis convert` of any
score-sheet game: JSON to text, text to JSON, or a grid record's boards to the counts derived from them.

The record written is the JSON document itself, so a conversion keeps every key; the layout is the game's (a
line per player, or blocks of rounds and players), and text → JSON → text gives the same text.
"""

from __future__ import annotations

import json

from orbis_dsl.common.diagnostics import Diagnostic
from orbis_dsl.records.sheets.notation import blocks_layout, read_sheet_text, text_to_json
from orbis_dsl.records.sheets.words import quoted as _quoted
from orbis_dsl.runtime.grid import DIRECTIONS, layout

_HEAD = ("format", "game", "title", "options")


def write_sheet_text(doc: dict, rules) -> str:
    blocks = blocks_layout(rules)
    lines = _header_lines(doc, rules, blocks)
    if not blocks:
        lines += [_player_line(p, rules) for p in doc.get("players", [])]
    else:
        lines += _block_lines(doc, rules.settings)
    return "\n".join(lines) + "\n"


def _header_lines(doc: dict, rules, blocks: bool) -> list[str]:
    """`game NAME`, the title, the options given (at the top or under `options`), the facts of the whole record."""
    s = rules.settings
    lines = [f"game {doc.get('game', s.game)}"]
    if doc.get("title"):
        lines.append(f"title {_quoted(doc['title'])}")
    options = {**{k: v for k, v in doc.items() if k in {o.name for o in s.options}}, **doc.get("options", {})}
    for o in s.options:
        if o.name in options:
            lines.append(("" if blocks else "option ") + f"{o.name} {_option(options[o.name], blocks)}")
    for fact in rules.facts.values():
        if fact.whole and doc.get(fact.json_key) is not None:
            lines.append(f"{fact.name} {_compact(fact, doc[fact.json_key])}")
    return lines


def _block_lines(doc: dict, s) -> list[str]:
    """The blocks: each round (`round N` and its facts, a game of rounds) with its players' blocks."""
    lines: list[str] = []
    items = doc.get("rounds") if s.rounds else [{"players": doc.get("players", [])}]
    for r, item in enumerate(items or [], 1):
        if s.rounds:
            lines += ["", f"round {r}"]
            lines += [f"  {k} {_words(v)}" for k, v in item.items() if k not in ("players", "round")]
        for p in item.get("players", []):
            lines += _player_block(p, s)
    return lines


def _player_block(p: dict, s) -> list[str]:
    """`player NAME`, the player's facts a line each, and the board (a game with a grid)."""
    lines = [f"  player {_quoted(str(p['name']))}"]
    board_key = getattr(s.grid, "name", None)
    lines += [f"    {k} {_words(v)}" for k, v in p.items() if k not in ("name", board_key)]
    if s.grid is not None and board_key in p:
        lines += ["    " + line for line in _board_lines(p[board_key], s.grid)]
    return lines


def _player_line(p: dict, rules) -> str:
    """`Ann baker coins 7 sold 6/0/2 …`: the facts in the order the rule set declares them."""
    family = rules.settings.held_family
    # A name that is a word a line may start with is quoted, so that it reads back as a name.
    keywords = {"game", "title", "option", *(o.name for o in rules.settings.options),
                *(f.name for f in rules.facts.values() if f.whole)}
    words = [_quoted(str(p.get("name", "")), keywords)] + ([str(p[family])] if family and p.get(family) else [])
    for fact in rules.facts.values():
        if fact.level is None and p.get(fact.json_key) is not None:
            words += [fact.name, _compact(fact, p[fact.json_key])]
    return " ".join(words)


def _option(value, blocks: bool) -> str:
    if isinstance(value, bool):
        return ("true" if value else "false") if blocks else ("yes" if value else "no")
    return str(value)


def _compact(fact, value) -> str:
    """A value on a player's line, one word: `6/0/2`, `A,B`, `hut:A1,B2 hall:C3`, `A1-C3`, `yes`."""
    if fact.type == "cells" and fact.members:
        parts = [f"{m}:{','.join(value[m])}" for m in fact.members if value.get(m)]
        return " ".join(parts or [f"{fact.members[0]}:-"])
    if fact.type in ("cells", "waters", "list", "held"):
        items = [value] if isinstance(value, str) else value
        return ",".join(_held_word(i) for i in items) or "-"
    if fact.type == "crossings":
        return ",".join("-".join(pair) for pair in value) or "-"
    if fact.members:
        values = [value.get(m) for m in fact.members] if isinstance(value, dict) else value
        return "/".join(_one(fact, v) for v in values)
    return _one(fact, value)


def _one(fact, value) -> str:
    if value is None:
        return "-"
    if fact.type == "bool":
        return "yes" if value else "no"
    return _quoted(str(value)) if fact.type == "enum" else str(value)


def _words(value) -> str:
    """A value on a line of its own in a block: one word per item or member."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return " ".join(_words(v) for v in value.values())
    if isinstance(value, list):
        return " ".join(_held_word(v) for v in value) or "-"
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
    if cell.get("patches") is not None:  # the reader takes null for "not given", as it does a face's
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


def _ordered(doc: dict) -> dict:
    """The JSON record with its header keys first, as the examples are written."""
    return {**{k: doc[k] for k in _HEAD if k in doc}, **{k: v for k, v in doc.items() if k not in _HEAD}}


def convert_sheet(text: str, file: str, rules, as_json: bool, to: str) -> tuple[str | None, list[Diagnostic]]:
    """`orbis convert` of a score-sheet record: to `json`, `text`, or `counts` (boards replaced by counts)."""
    from orbis_dsl.records.sheets.convert import to_counts
    from orbis_dsl.records.sheets.reader import read_sheet_json

    if as_json:
        record, diags = read_sheet_json(text, file, rules)
        doc = json.loads(text) if record is not None else None
    else:
        doc, diags = text_to_json(text, file, rules)
        record, diags = read_sheet_text(text, file, rules) if doc is not None else (None, diags)
    if record is None or doc is None:
        return None, diags
    from orbis_dsl.records.sheets.reader import canonical_doc

    doc = canonical_doc(doc, file, rules)  # a faction's title, a card in lower case: written as their ids
    if to == "counts":
        doc = to_counts(doc, rules, record)
    if to == "text":
        return write_sheet_text(doc, rules), []
    return json.dumps(_ordered(doc), indent=2, ensure_ascii=False) + "\n", []
