"""The game notation's one parser: a hand-written line reader, text → the nodes notation_build turns into a document.

A notation file is read line by line (docs/notation.md; grammar/game.lark is its reference, held to this reader by
tests/records/orbis/test_notation_reader.py). Each word is lexed as the grammar's tokens are, with only the tokens that
may stand at that place: a mark (`x`, `ok`) or `desert` (`-`) in any letter case but never the start of a longer
word, an amount `3blue`, colours `a/b`, a signed number, a number, a quoted string, a word; spaces, tabs and
`#` comments between them, blank lines and CRLF line ends anywhere. The first mistake stops the reading, with a
message at its line and column saying in plain words what was expected there (and "did you mean" where a word is
a near miss of the keyword that fits).

One difference from Lark reading game.lark: where only keywords may stand (the start of a line before the first
player, after a player's name), Lark's contextual lexer takes a keyword that only begins a longer word
(`playerAna`, `worshippers3`) and reads on; this reader refuses the word, with the keyword it was near.
"""

from __future__ import annotations

import re
from functools import cache
from typing import NamedTuple

from orbis_dsl.common.diagnostics import Diagnostic, Span, did_you_mean


class Tok(str):
    """A token: its text, its class (`WORD`, `INT`, … or the keyword itself) and where it was typed (1-based,
    end column exclusive)."""

    type: str
    line: int
    column: int
    end_line: int
    end_column: int

    @staticmethod
    def make(text: str, kind: str, line: int, column: int) -> Tok:
        tok = Tok(text)
        tok.type, tok.line, tok.column, tok.end_line, tok.end_column = kind, line, column, line, column + len(text)
        return tok


class Meta:
    __slots__ = ("column", "end_column", "end_line", "line")

    def __init__(self, first: Tok, last: Tok | Node):
        self.line, self.column = first.line, first.column
        end = last if isinstance(last, str) else last.meta
        self.end_line, self.end_column = end.end_line, end.end_column


class Node:
    """A part of the notation: `data` says which (`player`, `row`, `face_up`, `number`, …), as in grammar/game.lark."""

    __slots__ = ("children", "data", "meta")

    def __init__(self, data: str, children: list, first: Tok | None = None, last: Tok | Node | None = None):
        self.data, self.children = data, children
        self.meta = Meta(first, last or first) if first is not None else None


class NotationError(Exception):
    def __init__(self, diagnostic: Diagnostic):
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


_TERMINALS = {  # in Lark's order for game.lark: priority first; each class's pattern as the grammar has it
    "INT": r"[0-9]+(?![a-zA-Z_])",
    "DESERT": r"(?i:desert)(?![a-zA-Z0-9_/])|-",
    "MARK": r"(?i:x|ok)(?![a-zA-Z0-9_/])",
    "AMOUNT": r"[0-9]+[a-zA-Z]+",
    "WORDS": r"[a-zA-Z][a-zA-Z0-9_]*(?:/[a-zA-Z][a-zA-Z0-9_]*)+",
    "WORD": r"[a-zA-Z0-9_]+",
    "SIGNED": r"-[0-9]+",
    "STRING": r'"[^"\\\n]*(?:\\.[^"\\\n]*)*"',
    "|": r"\|",
    "=": r"=",
    "END": r"(?:#.*)?$",  # the end of the line, after a comment or none
}
_SPACE = re.compile(r"[\t ]*(?:#.*)?")
_VALUE = ("INT", "SIGNED", "WORD", "WORDS", "AMOUNT", "STRING")
_LABEL = ("WORD", "STRING")
_HEADERS = ("game", "variant", "option", "player")

# What each place takes, in words.
_SAY = {
    "head": "'game', 'variant', 'option' or 'player' (a header line, or the first player)",
    "label": "a name: a word, or a quoted string",
    "title": 'a quoted title ("Friday night") or the name of the game (orbis)',
    "option": "the option's name, a word",
    "=": "'=' between the option's name and its value",
    "value": "a value: a number, a word, colours like blue/green, an amount like 2red or a quoted string",
    "god": "'god' or 'worshippers'",
    "mark": "'worshippers' (or a token mark, x or ok, after the god)",
    "worshippers": "'worshippers'",
    "count": "a number (the player's worshippers)",
    "tile": "a tile: its colour and kind (green stone), or desert",
    "kind": "the tile's kind, a word (green stone)",
    "item": "a value, name=value, a token mark (x or ok), '|' or the end of the line",
    "named": "a value, name=value, a token mark (x or ok), '=', '|' or the end of the line",
    "after desert": "'|' or the end of the line",
    "end": "the end of the line",
}


@cache
def _lexer(names: tuple[str, ...]) -> re.Pattern:
    """One pattern of the token classes `names`, after the spaces before it, tried in the grammar's order (the
    first that matches wins)."""
    return re.compile("[\t ]*(?:" + "|".join(f"(?P<{_group(n)}>{_TERMINALS[n]})" for n in _TERMINALS if n in names)
                      + ")")


def _group(name: str) -> str:
    return {"|": "BAR", "=": "EQ"}.get(name, name)


_TYPE = {"BAR": "|", "EQ": "="}
_EVERY = tuple(n for n in _TERMINALS if n != "END")


class _Line:
    """One line being read: its text, number and where the reading is."""

    def __init__(self, text: str, number: int, file: str):
        self.text, self.number, self.file, self.pos = text, number, file, 0

    def at_end(self) -> bool:
        self.pos = _SPACE.match(self.text, self.pos).end()
        return self.pos >= len(self.text)

    def next(self, names: tuple[str, ...], say: str, keywords: tuple[str, ...] = ()) -> Tok | None:
        """The token here, of one of the classes `names` or one of `keywords` (None for the end of the line, where
        `names` has END); else a located error saying `say`."""
        match = _lexer((*names, "WORD") if keywords else names).match(self.text, self.pos)
        if match is None:
            if self.at_end():
                self.fail(f"the line ends too early; expected {_SAY[say]}", len(self.text) + 1, 1)
            self.unexpected(say, keywords)
        group = match.lastgroup
        self.pos = match.end()
        if group == "END":
            return None
        kind = _TYPE.get(group, group)
        text = match.group(group)
        if kind != "WORD":
            pass
        elif text in keywords:
            kind = text
        elif keywords and "WORD" not in names:
            self.pos = match.start(group)
            self.unexpected(say, keywords)
        return Tok.make(text, kind, self.number, match.start(group) + 1)

    def end(self, say: str = "end") -> None:
        if not self.at_end():
            self.unexpected(say)

    def unexpected(self, say: str, keywords: tuple[str, ...] = ()) -> None:
        """The word here, read as any token, is not one that fits: say what it is and what fits."""
        match = _lexer(_EVERY).match(self.text, self.pos)
        if match is None:
            char = self.text[self.pos]
            if char == '"':
                self.fail('this string is not closed: a string ends with " on the same line', self.pos + 1, 1)
            shown = f"'{char}'" if char.isprintable() else repr(char)
            self.fail(f"unexpected character {shown}; expected {_SAY[say]}", self.pos + 1, 1)
        text, kind = match.group(), match.lastgroup
        shown = f"number {text}" if kind in ("INT", "SIGNED") else f"string {text}" if kind == "STRING" else f"'{text}'"
        hint = next((f"did you mean '{k}' and then '{text[len(k):]}'? (a space between them)"
                     for k in keywords if kind == "WORD" and text.startswith(k)), None)
        if hint is None and keywords and text.isalpha():
            hint = did_you_mean(text, keywords)
        self.fail(f"unexpected {shown}; expected {_SAY[say]}", self.pos + 1, len(text), hint)

    def fail(self, message: str, column: int, width: int, hint: str | None = None) -> None:
        span = Span(self.file, self.number, column, self.number, column + width)
        raise NotationError(Diagnostic(message, span=span, hint=hint))


def _lines(text: str, file: str):
    """Each line that holds more than spaces and a comment, as a _Line (a CRLF line end is a line end)."""
    for number, raw in enumerate(text.split("\n"), 1):
        line = _Line(raw[:-1] if raw.endswith("\r") else raw, number, file)
        if not line.at_end():
            yield line


def _value(tok: Tok) -> Node:
    data = {"INT": "number", "SIGNED": "number", "WORD": "word", "WORDS": "words", "AMOUNT": "amount"}
    return Node(data.get(tok.type, "text"), [tok], tok)


def _label(line: _Line) -> Node:
    tok = line.next(_LABEL, "label")
    return Node("label", [tok], tok)


def read_game(text: str, file: str) -> Node:
    """The whole notation file → a `start` node of header nodes and `player` nodes (each holding its `row`s)."""
    children: list[Node] = []
    player: Node | None = None
    for line in _lines(text, file):
        if player is None:
            first = line.next((), "head", _HEADERS)
        else:
            first = line.next(("DESERT", "WORD"), "tile", ("player",))
        if first.type == "player":
            player = _player(line, first)
            children.append(player)
        elif player is not None:
            row = _row(line, first)
            player.children.append(row)
            player.meta.end_line, player.meta.end_column = row.meta.end_line, row.meta.end_column  # as Lark's
        else:
            children.append(_header(line, first))
    return Node("start", children)


def read_row(text: str, file: str) -> Node:
    """One pyramid row typed on its own (`orbis enter`) → a `row` node; nothing but comments may follow it."""
    lines = _lines(text, file)
    line = next(lines, None)
    if line is None or line.number != 1:
        _Line(text.split("\n", 1)[0], 1, file).fail(f"the line ends too early; expected {_SAY['tile']}", 1, 1)
    row = _row(line, line.next(("DESERT", "WORD"), "tile"))
    extra = next(lines, None)
    if extra is not None:
        extra.fail("a row is one line: this one is one too many", extra.pos + 1, 1)
    return row


def _header(line: _Line, first: Tok) -> Node:
    if first.type == "game":
        tok = line.next(("STRING", "WORD"), "title")
        node = Node("title" if tok.type == "STRING" else "game_id", [tok], first, tok)
    elif first.type == "variant":
        label = _label(line)
        node = Node("variant", [label], first, label)
    else:  # option
        name = line.next(("WORD",), "option")
        line.next(("=",), "=")
        value = _value(line.next(_VALUE, "value"))
        node = Node("option", [name, value], first, value)
    line.end()
    return node


def _player(line: _Line, first: Tok) -> Node:
    """`player LABEL [god LABEL [x|ok]] worshippers INT`: children name, god, mark, worshippers (None where not
    given), then the rows as they are read."""
    name, god, mark = _label(line), None, None
    word = line.next((), "god", ("god", "worshippers"))
    if word.type == "god":
        god = _label(line)
        word = line.next(("MARK",), "mark", ("worshippers",))
        if word.type == "MARK":
            mark, word = word, line.next((), "worshippers", ("worshippers",))
    count = line.next(("INT",), "count")
    line.end()
    return Node("player", [name, god, mark, count], first, count)


def _row(line: _Line, first: Tok) -> Node:
    """`tile ("|" tile)*` to the end of the line: `desert` or `-`, or a colour, a kind and the tile's items."""
    tiles, tile = [], first
    while True:
        if tile.type == "DESERT":
            node, more = Node("desert", [tile], tile), line.next(("|", "END"), "after desert") is not None
        else:
            node, more = _face_up(line, tile)
        tiles.append(node)
        if not more:
            return Node("row", tiles, first, node)
        tile = line.next(("DESERT", "WORD"), "tile")


_ITEM = ("MARK", "INT", "SIGNED", "WORD", "WORDS", "AMOUNT", "STRING", "|", "END")
_AFTER_WORD = (*_ITEM, "=")


def _face_up(line: _Line, colour: Tok) -> tuple[Node, bool]:
    """A colour, a kind, then values, `name=value`s and marks, up to a `|` (True) or the end of the line (False)."""
    kind = line.next(("WORD",), "kind")
    children: list = [colour, kind]
    last: Tok | Node = kind
    while True:
        after_word = last.__class__ is Node and last.data == "word"
        tok = line.next(_AFTER_WORD if after_word else _ITEM, "named" if after_word else "item")
        if tok is None or tok.type == "|":
            return Node("face_up", children, colour, last), tok is not None
        if tok.type == "=":
            name = children.pop().children[0]
            value = _value(line.next(_VALUE, "value"))
            last = Node("named", [name, value], name, value)
        else:
            last = tok if tok.type == "MARK" else _value(tok)
        children.append(last)


# ---- the common lines, read whole ---------------------------------------------------------------------------
# A batch's files are nearly all well formed, and most of their lines have one of two forms: a player line with
# its words apart, and a row of tiles. `scan_game` reads such a text with one pattern per player line and a split
# of each row at its `|`s, and makes no token: it gives each tile as its text, which notation.py reads (by
# `read_row` above, once per distinct text in a run) and remembers. Anything else in the text (a header line is
# read by `_header` above) has it give up, None, and the text is read line by line above, which says what is
# wrong where. The forms accepted here are a part of what the careful reading accepts, read to the same parts:
# tests/records/orbis/test_notation_reader.py holds both paths to the grammar. Why a row may be split at its `|`s: a
# tile's tokens never hold one but in a string, and a piece cut inside a string has an unclosed quote, which no
# tile read alone accepts; a `#` ends the line (a comment) unless in a string, so a row with both is not taken,
# nor one with a carriage return left in it (a piece ending in one would read alone as a CRLF line end).

_LABEL_TEXT = f"({_TERMINALS['WORD']}|{_TERMINALS['STRING']})"
_PLAYER_LINE = re.compile(
    rf"[\t ]*player[\t ]+{_LABEL_TEXT}(?:[\t ]+god[\t ]+{_LABEL_TEXT}(?:[\t ]+({_TERMINALS['MARK']}))?)?"
    rf"[\t ]+worshippers[\t ]+([0-9]+)[\t ]*(?:#.*)?")
_PLAYER_WORD = re.compile(r"[\t ]*player(?![a-zA-Z0-9_])")  # the line's first word is the keyword


class Scanned(NamedTuple):
    """A text of common lines: its header lines as the careful reading reads them, and each player as the parts
    of its line as typed (name, god or None, mark or None, worshippers) and its rows, top row first, each a list
    of its tiles' texts (spaces around them left out)."""

    headers: list[Node]
    players: list[tuple[str, str | None, str | None, str, list[list[str]]]]


def scan_game(text: str, file: str) -> Scanned | None:
    """The text read by its common lines, or None where a line is of another form (or a mistake)."""
    headers: list[Node] = []
    players: list = []
    rows: list | None = None  # the rows of the player being read
    for number, raw in enumerate(text.split("\n"), 1):
        line = raw[:-1] if raw[-1:] == "\r" else raw
        bare = line.strip(" \t")
        if not bare or bare[0] == "#":
            continue
        if _PLAYER_WORD.match(line):
            found = _PLAYER_LINE.fullmatch(line)
            if found is None:
                return None
            rows = []
            players.append((*found.groups(), rows))
        elif rows is not None:
            tiles = _row_texts(line)
            if tiles is None:
                return None
            rows.append(tiles)
        else:
            header = _header_line(line, number, file)
            if header is None:
                return None
            headers.append(header)
    return Scanned(headers, players)


def _row_texts(line: str) -> list[str] | None:
    if "\r" in line:  # (a piece ending in one would read alone as a line's CRLF end)
        return None
    if "#" in line:
        if '"' in line:
            return None
        line = line[:line.index("#")]
    return [piece.strip(" \t") for piece in line.split("|")]


def _header_line(text: str, number: int, file: str) -> Node | None:
    line = _Line(text, number, file)
    try:
        first = line.next((), "head", _HEADERS)
        return None if first.type == "player" else _header(line, first)
    except NotationError:
        return None
