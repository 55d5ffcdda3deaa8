"""`tile` lines read without Lark: the syntax nodes Lark's parse would give them, at about a tenth of the cost.

A deck is written one `tile` line per tile, and a large rule file is mostly such lines: Lark's parse of a 256 kB
file of them costs most of a second (about 9 µs a token, 13 tokens a line). The line's grammar is flat
(`tile LEVEL COLOUR MARK [SQUARES] PIECE(NAME: LITERAL, …)`), so a regular expression and a few token tests read it.

This pass is sure of a line or leaves it to Lark: a line is taken only when it is one whole `tile` declaration,
on one line, with a blank between words, numbers within bounds and strings whose escapes decode; anything else,
including every mistake, is read by Lark as before. A keyword of the grammar where a word stands is read here
only where Lark reads it the same way: Lark's contextual lexer reads some as names in some places (`gain` as an
argument's name, `any` in a cost square) and refuses others (`tile 1 red is [] …`). Lark is asked once for each
keyword and place, with a line of its own (`_name_here`).

Taken lines are blanked in the text Lark parses, so that every other token keeps its line and column, and their
nodes are merged back by line. `parse.parse_rule_file` then makes sure no declaration Lark read spans a taken line
(a `tile` line in a block, or between the halves of an unfinished declaration); where one does, or Lark finds any
mistake, the file is parsed whole by Lark, so diagnostics are exactly Lark's.

tests/language/test_quick_tiles.py compares every node and span with Lark's on the bundled rule files and on
generated lines.
"""

from __future__ import annotations

import re
from functools import cache
from typing import NamedTuple

from orbis_dsl.common.diagnostics import Span
from orbis_dsl.common.resources import grammar_path
from orbis_dsl.language.syntax import ast_decl, ast_expr
from orbis_dsl.language.syntax.literals import BadToken, number, unquote

_NAME = r"[a-zA-Z_][a-zA-Z0-9_]*"
_WORD_KEYWORD = re.compile(rf'"({_NAME})"')


# Each place of a tile line where a word stands, `{}` for the word: how Lark reads a keyword there is asked of it
# with such a line.
_PROBES = {"color": "tile 1 {} b [] k()", "mark": "tile 1 r {} [] k()", "square": "tile 1 r b [{}] k()",
           "piece": "tile 1 r b [] {}()", "arg": "tile 1 r b [] k({}: 1)", "value": "tile 1 r b [] k(x: {})",
           "amount": "tile 1 r b [] k(x: 2 {})", "member": "tile 1 r b [] k(x: {{{}}})"}


@cache
def _name_here(place: str, word: str, lark_reads) -> bool:
    """Whether this pass reads `word` in this place of a tile line as Lark does: any word that is no keyword, and
    a keyword where Lark's parse of a line with it there (`lark_reads`: a line's syntax tree, or None) gives the
    node this pass gives (`gain` as an argument's name, `any` in a cost square, `true` as a value), asked once a
    keyword and place. Lark refuses some keywords where it takes names (`tile 1 red is [] …`), and its contextual
    lexer reads others as names. Without `lark_reads`, no keyword is read here."""
    if word not in _keywords():
        return True
    if lark_reads is None:
        return False
    probe = _PROBES[place].format(word)
    built = lark_reads(probe + "\n")
    reader = _LineReader("probe.orbis", None)
    reader.asking = False
    shape = reader._shape(probe)
    return built is not None and shape is not None and built.decls == (_tile_decl(shape, "probe.orbis", 1),)


@cache
def _keywords() -> frozenset[str]:
    """Every word the rules grammar writes as a string (its `//` comments aside): a keyword somewhere."""
    grammar = grammar_path("rules.lark").read_text(encoding="utf-8")
    return frozenset(word for line in grammar.splitlines() for word in _WORD_KEYWORD.findall(line.split("//")[0]))
_WS = r"[ \t\f\r]"
# The whole line: leading blanks, the declaration, trailing blanks and a comment. Groups hold the parts' text and,
# through their positions, their columns.
_TILE_LINE = re.compile(
    rf"{_WS}*(?P<tile>tile){_WS}+(?P<level>[0-9]+){_WS}+(?P<color>{_NAME}){_WS}+(?P<mark>{_NAME}){_WS}*"
    rf"\[(?P<cost>[^\]\n#\"]*)\]{_WS}*(?P<piece>{_NAME}){_WS}*\((?P<args>[^)\n#]*)\)(?P<end>){_WS}*(?:#[^\n]*)?"
)
# The tokens inside the parentheses: a string, a whole number, a word, or punctuation; blanks between them.
_STRING = r'"[^"\\\n]*(?:\\.[^"\\\n]*)*"'  # the grammar's STRING
_ARG_TOKEN = re.compile(rf"{_WS}*(?:(?P<str>{_STRING})|(?P<int>[0-9]+)|(?P<name>{_NAME})|(?P<p>[-:,{{}}]))")
_SQUARE = re.compile(rf"{_WS}*(?P<name>{_NAME}){_WS}*")


class _Token(NamedTuple):
    kind: str  # "str", "int", "name" or the punctuation itself
    text: str
    start: int  # 0-based columns in the line, end exclusive
    end: int


class _Shape(NamedTuple):
    """What a `tile` line says, with 0-based columns (start, end exclusive) and no line number: a deck repeats its
    lines, and each distinct one is read once."""

    level: int
    color: str
    mark: str
    piece: str
    parts: dict[str, tuple[int, int]]  # TileDecl.parts' keys
    squares: tuple[str | None, ...]
    args: tuple  # (name, (start, end), (kind, value, start, end)) each
    start: int
    end: int


class QuickTiles(NamedTuple):
    """The text with each line read here left blank, and the lines' nodes by line number (1-based)."""

    text: str
    tiles: dict[int, ast_decl.TileDecl]


def read_tile_lines(text: str, file: str, lark_reads=None) -> QuickTiles | None:
    """Every line this pass is sure of, or None when it is sure of none. `lark_reads`: Lark's syntax tree of a
    one-line file, or None, for this pass to ask how Lark reads a keyword where a word stands (`_name_here`)."""
    if "tile" not in text:
        return None
    lines = text.split("\n")  # Lark counts lines by '\n' alone
    tiles: dict[int, ast_decl.TileDecl] = {}
    reader = _LineReader(file, lark_reads)
    for index, line in enumerate(lines):
        if "tile" in line and line.lstrip().startswith("tile"):
            decl = reader.read(line, index + 1)
            if decl is not None:
                tiles[index + 1] = decl
                lines[index] = ""
    if not tiles:
        return None
    return QuickTiles("\n".join(lines), tiles)


class _LineReader:
    """Reads lines of one file. A deck repeats its tiles: each distinct line's tokens are worked out once and its
    nodes made for each line number."""

    def __init__(self, file: str, lark_reads):
        self.file = file
        self.known: dict[str, _Shape | None] = {}
        self.lark_reads = lark_reads
        self.asking = True  # whether each keyword is checked (not in the probe line of `_name_here` itself)

    def read(self, line: str, number_: int) -> ast_decl.TileDecl | None:
        shape = self.known.get(line, _UNSEEN)
        if shape is _UNSEEN:
            shape = self.known[line] = self._shape(line)
        if shape is None:
            return None
        return _tile_decl(shape, self.file, number_)

    def _shape(self, line: str) -> _Shape | None:
        """What the line says, or None when it is not one this pass is sure of."""
        match = _TILE_LINE.fullmatch(line)
        if match is None:
            return None
        try:
            level = number(match["level"])
        except BadToken:
            return None
        if self.asking and not all(_name_here(place, match[place], self.lark_reads)
                                   for place in ("color", "mark", "piece")):
            return None
        parts = {key: (match.start(key), match.end(key)) for key in ("level", "color", "mark", "piece")}
        squares = self._squares(match["cost"], match.start("cost"), parts)
        args = self._args(match["args"], match.start("args"))
        if squares is None or args is None:
            return None
        return _Shape(level, match["color"], match["mark"], match["piece"], parts, squares, args,
                      match.start("tile"), match.end("end"))

    def _squares(self, inside: str, offset: int, parts: dict) -> tuple | None:
        if not inside.strip(_BLANKS):
            return ()
        squares, at = [], offset
        for piece in inside.split(","):
            match = _SQUARE.fullmatch(piece)
            if match is None:
                return None
            word = match["name"]
            if self.asking and not _name_here("square", word, self.lark_reads):
                return None
            parts[f"cost{len(squares)}"] = (at + match.start("name"), at + match.end("name"))
            squares.append(None if word == "any" else word)
            at += len(piece) + 1
        return tuple(squares)

    def _args(self, inside: str, offset: int) -> tuple | None:
        """((name, (start, end), literal), …), a literal being (kind, value, start, end); None when unsure."""
        tokens = self._tokens(inside, offset)
        if tokens is None:
            return None
        if not tokens:
            return ()
        args, i = [], 0
        while True:
            if i + 2 >= len(tokens) or tokens[i].kind != "name" or tokens[i + 1].kind != ":" or \
                    (self.asking and not _name_here("arg", tokens[i].text, self.lark_reads)):
                return None
            name = tokens[i]
            literal, i = self._literal(tokens, i + 2)
            if literal is None:
                return None
            args.append((name.text, (name.start, name.end), literal))
            if i == len(tokens):
                return tuple(args)
            if tokens[i].kind != ",":
                return None
            i += 1

    def _literal(self, tokens: list[_Token], i: int) -> tuple[tuple | None, int]:
        first = tokens[i]
        following = tokens[i + 1] if i + 1 < len(tokens) else None
        try:
            if first.kind == "-":
                if following is None or following.kind != "int":
                    return None, i
                return ("int", -number(following.text), first.start, following.end), i + 2
            if first.kind == "int":
                if following is not None and following.kind == "name":  # an amount: `2 red`, `1 any`
                    color = following.text
                    if self.asking and not _name_here("amount", color, self.lark_reads):
                        return None, i
                    return ("amount", (number(first.text), None if color == "any" else color),
                            first.start, following.end), i + 2
                return ("int", number(first.text), first.start, first.end), i + 1
            if first.kind == "str":
                return ("str", unquote(first.text), first.start, first.end), i + 1
        except BadToken:
            return None, i
        if first.kind == "name":
            if self.asking and not _name_here("value", first.text, self.lark_reads):
                return None, i
            if first.text in ("true", "false"):
                return ("bool", first.text == "true", first.start, first.end), i + 1
            return ("name", first.text, first.start, first.end), i + 1
        if first.kind == "{":
            return self._set(tokens, i)
        return None, i

    def _set(self, tokens: list[_Token], i: int) -> tuple[tuple | None, int]:
        names, j = [], i + 1
        while j < len(tokens):
            token = tokens[j]
            if token.kind == "}" and (not names or tokens[j - 1].kind == "name"):
                return ("set", tuple(names), tokens[i].start, token.end), j + 1
            expected = "name" if not names or tokens[j - 1].kind == "," else ","
            if token.kind != expected:
                return None, i
            if expected == "name":
                if self.asking and not _name_here("member", token.text, self.lark_reads):
                    return None, i
                names.append(token.text)
            j += 1
        return None, i

    @staticmethod
    def _tokens(inside: str, offset: int) -> list[_Token] | None:
        tokens, at = [], 0
        while at < len(inside):
            match = _ARG_TOKEN.match(inside, at)
            if match is None:
                return None if inside[at:].strip(_BLANKS) else tokens
            kind = match.lastgroup
            text = match[kind]
            tokens.append(_Token(text if kind == "p" else kind, text, offset + match.start(kind),
                                 offset + match.end(kind)))
            at = match.end()
        return tokens


_BLANKS = " \t\f\r"
_UNSEEN = object()
_LITERALS = {
    "int": ast_expr.IntLit,
    "str": ast_expr.StrLit,
    "bool": ast_expr.BoolLit,
    "name": ast_expr.NameLit,
    "set": ast_expr.SetLit,
}


def _tile_decl(shape: _Shape, file: str, line: int) -> ast_decl.TileDecl:
    def span(columns: tuple[int, int]) -> Span:
        return Span(file, line, columns[0] + 1, line, columns[1] + 1)

    built_args = []
    for name, columns, (kind, value, first, last) in shape.args:
        where = Span(file, line, first + 1, line, last + 1)
        if kind == "amount":
            literal = ast_expr.AmountLit(value[0], value[1], span=where)
        else:
            literal = _LITERALS[kind](value, span=where)
        built_args.append(ast_decl.Arg(name, literal, span=span(columns)))
    return ast_decl.TileDecl(shape.level, shape.color, shape.mark, shape.squares, shape.piece, tuple(built_args),
                             {key: span(columns) for key, columns in shape.parts.items()},
                             span=span((shape.start, shape.end)))
