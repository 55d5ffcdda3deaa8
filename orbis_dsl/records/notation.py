"""The game notation (grammar/game.lark): a finished game typed at the table, and back.

Reading builds the same document a JSON record holds, remembering where each part was typed, then validates it
with the JSON record reader: one set of checks, and every message located at the line and column of the text.
"""

from __future__ import annotations

import json
import re
import sys
from functools import cache
from typing import TYPE_CHECKING, NamedTuple

from orbis_dsl.common.diagnostics import Diagnostic, Span
from orbis_dsl.common.parser_cache import GAME_PARSER_OPTIONS
from orbis_dsl.common.resources import BASE_GAME, GAME_PARSER_MODULE, data_dir, grammar_path, source_hash
from orbis_dsl.language.lark_errors import GAME_WORDS, syntax_diagnostic
from orbis_dsl.language.literals import BadToken, number, unquote
from orbis_dsl.records.names import find_kind
from orbis_dsl.records.notation_quick import quick_document
from orbis_dsl.records.orbis_json import FORMAT, MAX_RECORD_BYTES, _Reader
from orbis_dsl.runtime.game_record import GameRecord, TileRecord
from orbis_dsl.runtime.rules import Rules, import_file

if TYPE_CHECKING:
    from lark import Token, Tree



class GameParser(NamedTuple):
    lark: object  # a Lark parser: the standalone module's when it is current, else Lark's own
    errors: type  # the UnexpectedInput class of that parser's Lark


@cache
def game_parser() -> GameParser:
    grammar = grammar_path("game.lark").read_text(encoding="utf-8")
    standalone = _standalone_parser(grammar)
    if standalone is not None:
        return standalone
    # No current standalone module (the grammar was edited since `orbis compile`, or the module is missing or
    # damaged): build the parser with Lark, its tables kept only in the user's private cache (never cache=True,
    # which would unpickle a file of the shared temporary folder that another user may have written).
    from lark import Lark
    from lark.exceptions import UnexpectedInput

    from orbis_dsl.common.parser_cache import keep_private, trusted_cache_file

    tables = trusted_cache_file("game")
    parser = Lark(grammar, cache=tables, **GAME_PARSER_OPTIONS)
    keep_private(tables)
    return GameParser(parser, UnexpectedInput)


def _standalone_parser(grammar: str) -> GameParser | None:
    """The generated parser, if its module was generated from this very grammar and loads; else None."""
    path = data_dir("generated") / BASE_GAME / GAME_PARSER_MODULE
    try:
        with path.open(encoding="utf-8") as file:
            header = file.read(400)
    except OSError:
        return None
    if f"# sha256: {source_hash(grammar)}\n" not in header:
        return None
    try:
        module = import_file(path, "orbis_game_parser")
        return GameParser(module.Lark_StandAlone(), module.UnexpectedInput)
    except Exception:  # a damaged module (edited by hand, cut short): Lark can still build the parser
        sys.modules.pop("orbis_game_parser", None)
        return None


def _span(file: str, item) -> Span:
    if isinstance(item, str):  # a Token (a str); a Tree has a `meta`
        return Span(file, item.line, item.column, item.end_line, item.end_column)
    meta = item.meta
    return Span(file, meta.line, meta.column, meta.end_line, meta.end_column)


def _unquote(token: Token) -> str:
    return unquote(token)  # the rules language's strings: same escapes, same refusals


class _Builder:
    """Parse tree → an `orbis-game/1` document, plus the span of every JSON path it fills."""

    def __init__(self, rules: Rules, file: str):
        self.rules = rules
        self.file = file
        self.spans: dict[str, Span] = {}
        self.diags: list[Diagnostic] = []

    def at(self, path: str, item) -> None:
        self.spans[path] = _span(self.file, item)

    def once(self, path: str, item) -> None:
        """A second value for the same thing would silently win over the first: say so instead."""
        if path in self.spans:
            first = self.spans[path]
            self.diags.append(Diagnostic(f"given twice (first on line {first.line})", span=_span(self.file, item)))

    def document(self, tree: Tree) -> dict:
        doc: dict[str, object] = {"format": FORMAT}
        players = []
        for child in tree.children:
            if child.data == "game_id":
                # Only an Orbis record reaches this reader (a file naming another game goes to that game's).
                self.once("$.game", child)
                doc["game"] = str(child.children[0])
                self.at("$.game", child)
            elif child.data == "title":
                self.once("$.title", child)
                doc["title"] = _unquote(child.children[0])
                self.at("$.title", child)
            elif child.data == "variant":
                self.once("$.variant", child)
                doc["variant"] = self.label(child.children[0])
                self.at("$.variant", child.children[0])
            elif child.data == "option":
                name, value = child.children
                self.once(f"$.options.{name}", child)
                doc.setdefault("options", {})[str(name)] = self.option_value(value)
                self.at(f"$.options.{name}", value)
            elif child.data == "player":
                if not players:
                    self.at("$.players", child)
                players.append(self.player(child, f"$.players[{len(players)}]"))
        doc["players"] = players
        if not players:
            self.spans["$.players"] = Span(self.file, 1, 1)
        return doc

    @staticmethod
    def option_value(value: Tree):
        token = value.children[0]
        if value.data == "word" and str(token) in ("true", "false"):
            return str(token) == "true"
        if value.data == "number":
            return number(token)
        if value.data == "text":
            return _unquote(token)
        return str(token)

    def player(self, tree: Tree, path: str) -> dict:
        label, god, mark, worshippers, *rows = tree.children
        self.at(path, tree)
        player: dict[str, object] = {"name": self.label(label)}
        self.at(f"{path}.name", label)
        if god is not None:
            player["god"] = self.label(god)
            self.at(f"{path}.god", god)
            if mark is not None and str(mark).lower() == "x":
                player["god_cancelled"] = True
                self.at(f"{path}.god_cancelled", mark)
        player["worshippers"] = number(worshippers)
        self.at(f"{path}.worshippers", worshippers)
        player["pyramid"] = self.pyramid(rows, tree, f"{path}.pyramid")
        return player

    @staticmethod
    def label(tree: Tree) -> str:
        token = tree.children[0]
        return _unquote(token) if token.type == "STRING" else str(token)

    def pyramid(self, rows: list[Tree], player: Tree, path: str) -> list:
        self.at(path, rows[0] if rows else player)
        height = len(self.rules.board.rows)
        if len(rows) > height:
            extra = rows[height]
            first = extra.children[0].children[0] if extra.children[0].children else None
            hint = None
            if first is not None and str(first) in ("game", "variant", "option"):
                hint = "header lines (game, variant, option) come before the first player"
            self.diags.append(Diagnostic(f"a pyramid has {height} rows; this line is one too many",
                                         span=_span(self.file, extra), hint=hint))
            rows = rows[:height]
        # Written top row first, as the pyramid stands; stored bottom row first.
        result = []
        for r, row in enumerate(reversed(rows)):
            self.at(f"{path}[{r}]", row)
            result.append([self.tile(tile, f"{path}[{r}][{i}]") for i, tile in enumerate(row.children)])
        return result

    def tile(self, tree: Tree, path: str) -> dict:
        self.at(path, tree)
        if tree.data == "desert":
            return {"desert": True}
        colour, kind_name, *items = tree.children
        tile: dict[str, object] = {"kind": str(kind_name), "color": str(colour)}
        self.at(f"{path}.kind", kind_name)
        self.at(f"{path}.color", colour)
        kind = self.rules.kinds.get(find_kind(self.rules, str(kind_name)) or "")
        positional = list(kind.declared) if kind is not None else []
        for item in items:
            if isinstance(item, str):  # a Token: a mark
                tile["cancelled"] = str(item).lower() == "x"
                self.at(f"{path}.cancelled", item)
            elif item.data == "named":
                name, value = item.children
                if str(name) in tile:
                    self.diags.append(Diagnostic(f"'{name}' is given twice for this tile", span=_span(self.file, item)))
                tile[str(name)] = self.value(value, str(name), kind)
                self.at(f"{path}.{name}", item)
            else:
                while positional and positional[0] in tile:
                    positional.pop(0)
                if not positional:
                    if kind is not None:
                        self.diags.append(Diagnostic(
                            f"{kind.name} has no more parameters to fill; this value is one too many",
                            span=_span(self.file, item),
                            hint="its parameters in order: " + ", ".join(kind.declared) if kind.declared else None))
                    continue
                name = positional.pop(0)
                tile[name] = self.value(item, name, kind)
                self.at(f"{path}.{name}", item)
        return tile

    def value(self, value: Tree, name: str, kind):
        token = value.children[0]
        spec = kind.param(name) if kind is not None else None
        if value.data == "number":
            return number(token)
        if value.data == "text":
            return _unquote(token)
        if value.data == "amount":
            if spec is not None and spec.type != "amount":
                return str(token)  # `cp=2x`: shown as typed in the type error
            match = re.fullmatch(r"([0-9]+)([a-zA-Z]+)", str(token))
            return f"{match.group(1)} {match.group(2)}"
        if value.data == "words":
            return str(token).split("/")
        text = str(token)
        if spec is not None and spec.type == "colors":
            return [text]
        if spec is not None and spec.type == "bool" and text in ("true", "false"):
            return text == "true"
        return text


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
    doc = quick_document(text, rules)
    if doc is not None:
        reader = _Reader(rules, file)
        game = reader.game(doc)
        if not reader.diags:
            return game, []
    # Not plainly written, or not right: the parser reads it again, and places every message.
    return read_text_parsed(text, file, rules)


def read_text_parsed(text: str, file: str, rules: Rules) -> tuple[GameRecord | None, list[Diagnostic]]:
    """read_text by the notation's parser alone."""
    if not text.endswith("\n"):
        text += "\n"
    parser = game_parser()
    try:
        tree = parser.lark.parse(text, start="start")
    except parser.errors as error:
        return None, [syntax_diagnostic(parser.lark, error, file, GAME_WORDS)]
    builder = _Builder(rules, file)
    try:
        doc = builder.document(tree)
    except BadToken as error:
        return None, [Diagnostic(error.message, span=_span(file, error.token))]
    reader = _Reader(rules, file)
    game = reader.game(doc)
    diags = builder.diags + [_locate(d, builder.spans) for d in reader.diags]
    return (None if diags else game), diags


def read_row(text: str, file: str, rules: Rules, width: int | None = None):
    """One pyramid row typed on its own (`orbis enter`): its tiles, or the diagnostics of the first mistakes."""
    parser = game_parser()
    try:
        tree = parser.lark.parse(text.rstrip("\n") + "\n", start="row")
    except parser.errors as error:
        return None, [syntax_diagnostic(parser.lark, error, file, GAME_WORDS)]
    builder = _Builder(rules, file)
    reader = _Reader(rules, file)
    tiles = []
    for i, child in enumerate(tree.children):
        try:
            doc = builder.tile(child, f"$[{i}]")
        except BadToken as error:
            return None, [Diagnostic(error.message, span=_span(file, error.token))]
        tile = reader.tile(doc, f"$[{i}]")
        tiles.append(tile)
    diags = builder.diags + [_locate(d, builder.spans) for d in reader.diags]
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
