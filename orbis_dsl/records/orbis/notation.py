"""The game notation (docs/notation.md): a finished game typed at the table, and back.

Reading builds the same document a JSON record holds, remembering where each part was typed, then validates it
with the JSON record reader: one set of checks, and every message located at the line and column of the text.
The notation has one parser, the line reader of notation_read.py (grammar/game.lark is its reference, not its
parser: tests/records/orbis/test_notation_reader.py holds the reader to it).

Every text is read by that one parser, whole. Fast for a batch, where nearly every file is well formed: the parse
is built into the record with no place kept (`record_of`), each tile taken by its text as read (Row.texts). The
first time a run meets a tile's text, its node is built and checked by the record reader, and its verdict
remembered if it has no mistake; then it is one lookup (a batch spells the same few hundred printed tiles over
and over). The document is checked by the record reader as any other. A text with anything to say is built
again from the same parse with every part's place kept (`record_with_places`), so every message is located in
the text.
"""

from __future__ import annotations

import json
import re

from orbis_dsl.common.diagnostics import Diagnostic, Span
from orbis_dsl.language.syntax.literals import BadToken
from orbis_dsl.records.orbis.json_reader import FORMAT, MAX_RECORD_BYTES, RecordReader
from orbis_dsl.records.orbis.json_skeleton import NotSkeleton
from orbis_dsl.records.orbis.json_tiles import shapes_for
from orbis_dsl.records.orbis.notation_build import Builder, player_head, span_of
from orbis_dsl.records.orbis.notation_read import Node, NotationError, Row
from orbis_dsl.records.orbis.notation_read import read_game as _read_game
from orbis_dsl.records.orbis.notation_read import read_row as _read_row
from orbis_dsl.runtime.game_record import GameRecord, TileRecord
from orbis_dsl.runtime.rules import Rules


def _locate(diag: Diagnostic, spans: dict[str, Span]) -> Diagnostic:
    """A JSON-path diagnostic → the span of the longest path prefix the text filled."""
    path = diag.path or "$"
    while path:
        if path in spans:
            return Diagnostic(diag.message, span=spans[path], hint=diag.hint)
        cut = max(path.rfind("."), path.rfind("["))
        if cut <= 0:
            break
        path = path[:cut]
    first = next(iter(spans.values()), None)
    return Diagnostic(diag.message, span=first, hint=diag.hint, file=diag.file)


def read_text(text: str, file: str, rules: Rules) -> tuple[GameRecord | None, list[Diagnostic]]:
    if len(text) > MAX_RECORD_BYTES:
        return None, [Diagnostic(f"the file is too large ({len(text):,} characters; at most {MAX_RECORD_BYTES:,})",
                                 span=Span(file, 1, 1))]
    if not text.endswith("\n"):
        text += "\n"
    try:
        tree = _read_game(text, file)
    except NotationError as error:
        return None, [error.diagnostic]
    game = record_of(tree, file, rules)
    if game is not None:
        return game, []
    return record_with_places(tree, file, rules)


def record_with_places(tree: Node, file: str, rules: Rules) -> tuple[GameRecord | None, list[Diagnostic]]:
    """The text's nodes built into a document with each part's place kept, checked by the record reader: the
    record, or every message located in the text."""
    builder = Builder(rules, file)
    try:
        doc = builder.document(tree)
    except BadToken as error:
        return None, [Diagnostic(error.message, span=span_of(file, error.token))]
    reader = RecordReader(rules, file)
    game = reader.game(doc)
    diags = _in_file_order(builder, reader.diags)
    return (None if diags else game), diags


def record_of(tree: Node, file: str, rules: Rules) -> GameRecord | None:
    """The record of a text that reads without a word, built with no place kept and each tile taken by its text
    (Row.texts) from what the record reader said of that text before; None for any other (read_text then builds
    it with every place kept, to say what is wrong where)."""
    shapes = shapes_for(rules)
    builder = Builder(rules, file)
    doc: dict[str, object] = {"format": FORMAT}
    players, texts, read = [], [], []
    top_first = shapes.widths_top_first
    verdicts = shapes.notation
    try:
        for child in tree.children:
            if child.data != "player":
                builder.header(child, doc)
                continue
            name, god, mark, worshippers, *rows = child.children
            if [len(row.spans) for row in rows] != top_first:  # (the placed building says which row is amiss)
                return None
            player = player_head(name.children[0], None if god is None else god.children[0], mark, worshippers)
            player["pyramid"] = shapes.marked_pyramid
            players.append(player)
            for row in reversed(rows):  # stored bottom row first
                texts += row.texts
            read += rows
        # Each tile's text met for the first time this run is read now (a set's test at C speed: most are not).
        if not verdicts.keys() >= set(texts) and not _remember_tiles(read, verdicts, file, rules):
            return None
    except BadToken:
        return None
    doc["players"] = players
    if builder.diags:
        return None
    reader = RecordReader(rules, file)
    reader.marks, reader.verdicts = _TileTexts(texts), verdicts
    try:
        game = reader.game(doc)
    except NotSkeleton:  # (a verdict forgotten since: the memo starts again when full)
        return None
    return None if reader.diags else game


def _remember_tiles(rows: list[Row], verdicts: dict, file: str, rules: Rules) -> bool:
    """Whether every tile of the rows not remembered yet reads as one tile without a word (each then remembered)."""
    return all(tile in verdicts or _remember_tile(row, i, tile, file, rules)
               for row in rows for i, tile in enumerate(row.texts))


def _remember_tile(row: Row, i: int, text: str, file: str, rules: Rules) -> bool:
    """Whether tile `i` of the row, of text `text`, is one tile without a word: then its verdict is remembered
    for the run, by its text (read the same wherever it stands: Row says why)."""
    builder, reader = Builder(rules, file), RecordReader(rules, file)
    parts = builder.parts(row.tile(i))
    if len(parts) != 1:  # (a `|` left out: said by the placed building)
        return False
    anchor, children = parts[0]
    tile = reader.tile(builder.tile(anchor, "$[0]", children), "$[0]")
    if tile is None or builder.diags or reader.diags:
        return False
    shapes = shapes_for(rules)
    shapes.remember_text(text, (tile, 0), shapes.notation)
    return True


class _TileTexts:
    """A notation text's tiles as the record reader takes a skeleton's marks (json_skeleton.Marks): each tile
    stands as its text, in the order the reader reads them (player by player, bottom row first)."""

    __slots__ = ("next", "texts")

    def __init__(self, texts: list[str]):
        self.texts, self.next = texts, 0

    def take(self, count: int) -> list[str]:
        start = self.next
        self.next = start + count
        return self.texts[start:self.next]

    @staticmethod
    def options(options):
        return options  # (a real object here, not a mark)

    @staticmethod
    def row(row):
        raise NotSkeleton  # (every pyramid here has its rows' widths: the reader takes it whole)


def _in_file_order(builder: Builder, found: list[Diagnostic]) -> list[Diagnostic]:
    """The builder's messages and the record reader's, each placed in the text, in the order of the text (the
    reader reads the rows bottom first); the reader's message about what the builder has already said (in the
    notation's words) is left out."""
    said = builder.said
    located = [_locate(d, builder.spans) for d in found if not _within(d.path, said)]
    return sorted(builder.diags + located, key=lambda d: (d.span.line, d.span.column) if d.span else (1 << 30, 0))


def _within(path: str | None, paths: set[str]) -> bool:
    while path:
        if path in paths:
            return True
        cut = max(path.rfind("."), path.rfind("["))
        if cut <= 0:
            return False
        path = path[:cut]
    return False


def read_row(text: str, file: str, rules: Rules, width: int | None = None):
    """One pyramid row typed on its own (`orbis enter`): its tiles, or the diagnostics of the first mistakes."""
    try:
        tree = _read_row(text, file)
    except NotationError as error:
        return None, [error.diagnostic]
    builder = Builder(rules, file)
    reader = RecordReader(rules, file)
    tiles = []
    parts = [part for child in tree.children for part in builder.parts(child)]
    for i, (anchor, children) in enumerate(parts):
        try:
            doc = builder.tile(anchor, f"$[{i}]", children)
        except BadToken as error:
            return None, [Diagnostic(error.message, span=span_of(file, error.token))]
        tile = reader.tile(doc, f"$[{i}]")
        tiles.append(tile)
    diags = _in_file_order(builder, reader.diags)
    if width is not None and not diags and len(tiles) != width:
        diags.append(Diagnostic(f"this row needs exactly {width} tiles, got {len(tiles)}", span=Span(file, 1, 1)))
    return (None if diags else tuple(tiles)), diags


# ---- writing -----------------------------------------------------------------------------------------------

_WORD = re.compile(r"[A-Za-z0-9_]+")


_MARKS = {"desert", "x", "ok"}  # in any letter case
_KEYWORDS = {"desert", "x", "ok", "god", "worshippers", "player", "game", "variant", "option", "true", "false"}


def _label(text: str) -> str:
    """A word as it is, anything that would read back differently (a number, a keyword, spaces) quoted."""
    if _WORD.fullmatch(text) and text not in _KEYWORDS and not text[:1].isdigit():
        return text
    if re.fullmatch(r"[0-9]+p", text):  # variant names like 4p read back as words
        return text
    return json.dumps(text, ensure_ascii=False)


def _value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], int):
        return f"{value[0]}{value[1] or 'any'}"
    if isinstance(value, tuple):
        return "/".join(value) if len(value) > 1 else f"{value[0]}"
    text = str(value)
    if text.lower() in _MARKS and text not in _KEYWORDS:  # `X` would read back as a token mark
        return json.dumps(text, ensure_ascii=False)
    return _label(text)


def tile_text(tile: TileRecord, rules: Rules) -> str:
    if tile.desert:
        return "desert"
    parts = [tile.color, tile.kind]
    kind = rules.kinds.get(tile.kind)
    declared = list(kind.declared) if kind else []
    params = dict(tile.params)
    # Leading declared parameters go by position (as printed); the rest by name.
    for name in declared:
        if name not in params or params[name] is None or _single_colour_set(kind, name, params[name]):
            break
        parts.append(_value(params.pop(name)))
    for name, value in params.items():
        if value is not None:
            parts.append(f"{name}={_value(value)}")
    if tile.level is not None:
        parts.append(f"level={tile.level}")
    if tile.stars is not None:
        parts.append(f"stars={tile.stars}")
    if tile.cancelled is not None:
        parts.append("x" if tile.cancelled else "ok")
    return " ".join(parts)


def _single_colour_set(kind, name, value) -> bool:
    """A one-colour set would read as a single word; it is written by name to stay unambiguous."""
    spec = kind.param(name)
    return spec is not None and spec.type == "colors" and len(value) == 1


def write_text(game: GameRecord, rules: Rules) -> str:
    lines = []
    if game.title is not None:
        lines.append(f"game {json.dumps(game.title, ensure_ascii=False)}")
    if game.variant is not None:
        lines.append(f"variant {_label(game.variant)}")
    for name, value in game.options.items():
        lines.append(f"option {name} = {_value(value)}")
    for player in game.players:
        if lines:
            lines.append("")
        head = f"player {_label(player.name)}"
        if player.god is not None:
            head += f" god {player.god}" + (" x" if player.god_cancelled else "")
        lines.append(head + f" worshippers {player.worshippers}")
        widest = len(player.pyramid[0]) if player.pyramid else 0
        for row in reversed(player.pyramid):
            indent = "  " * (widest - len(row) + 1)
            lines.append(indent + " | ".join(tile_text(t, rules) for t in row))
    return "\n".join(lines) + "\n"
