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

Fast by construction, for a batch of files typed by the hundred, and still the one reader: every line of every
file is read here, and nothing else reads the notation. Each place in a line (`_Place`: the start of a tile, a
tile's kind, its items, …) has its pattern compiled once, of only the token classes that may stand there, in the
grammar's order. The two lines a file is mostly made of are each read in one match of those same places'
patterns, in the order the line has them, each token atomic (the first class that matches is the token's, as
the place reads it): a row a tile a match (`_TILE`), a player line in one (`_PLAYER_LINE`). A tile's tokens are
read one by one only where its nodes are asked for (`Row.children`: notation.py asks the first time a run meets
a tile's text, or to say what is wrong), and a line is read token by token from where its match fails, which
says why. `Row.texts` gives each tile's text as read, by which notation.py looks up what the record reader said
of that very tile before. tests/records/orbis/test_notation_reader.py holds the matches to the reading token by
token, and both to Lark.
"""

from __future__ import annotations

import re
from functools import cache

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
    "WORDS": r"[a-zA-Z][a-zA-Z0-9_]*+(?:/[a-zA-Z][a-zA-Z0-9_]*+)+",  # (`*+`: a word is not read twice to fail)
    "WORD": r"[a-zA-Z0-9_]+",
    "SIGNED": r"-[0-9]+",
    "STRING": r'"[^"\\\n]*(?:\\.[^"\\\n]*)*"',
    "|": r"\|",
    "=": r"=",
    "END": r"(?:#.*)?$",  # the end of the line, after a comment or none
}
_SPACE = re.compile(r"[\t ]*(?:#.*)?")
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
    first that matches wins). Each class is the pattern's group of its place in `_TERMINALS` among `names` (the
    classes' own patterns hold no group), so a match's `lastindex` says its class."""
    return re.compile("[\t ]*(?:" + "|".join(f"({_TERMINALS[n]})" for n in _TERMINALS if n in names) + ")")


class _Place:
    """A place in a line and what may stand there: the token classes `names` (with `keywords`, the words that
    are keywords here; a word that is none is taken only where `names` has WORD) and, in words, `say`."""

    __slots__ = ("keywords", "kinds", "pattern", "say", "words")

    def __init__(self, names: tuple[str, ...], say: str, keywords: tuple[str, ...] = ()):
        every = tuple(n for n in _TERMINALS if n in names or (keywords and n == "WORD"))  # (one pattern per set)
        self.pattern = _lexer(every)
        self.kinds = (None, *every)  # a match's lastindex → its class
        self.say, self.keywords, self.words = say, keywords, "WORD" in names


_VALUE = ("INT", "SIGNED", "WORD", "WORDS", "AMOUNT", "STRING")
_ITEM = ("MARK", *_VALUE, "|", "END")
HEAD = _Place((), "head", _HEADERS)
LINE_START = _Place(("DESERT", "WORD"), "tile", ("player",))  # a line after the first player's
# Where HEAD or LINE_START reads the keyword `player` (the word is `player` itself). After the first player, a line
# it does not start is a row, whose first tile is read at TILE, LINE_START's place but for the keyword.
_PLAYER = re.compile("player(?![a-zA-Z0-9_])")
LABEL = _Place(("WORD", "STRING"), "label")
TITLE = _Place(("STRING", "WORD"), "title")
OPTION = _Place(("WORD",), "option")
EQUALS = _Place(("=",), "=")
VALUE = _Place(_VALUE, "value")
GOD = _Place((), "god", ("god", "worshippers"))
MARK = _Place(("MARK",), "mark", ("worshippers",))
WORSHIPPERS = _Place((), "worshippers", ("worshippers",))
COUNT = _Place(("INT",), "count")
TILE = _Place(("DESERT", "WORD"), "tile")
KIND = _Place(("WORD",), "kind")
ITEM = _Place(_ITEM, "item")
NAMED = _Place((*_ITEM, "="), "named")  # after a value that is a word, which `=` makes a name
AFTER_DESERT = _Place(("|", "END"), "after desert")
_EVERY = tuple(n for n in _TERMINALS if n != "END")


class _Line:
    """One line being read: its text, number and where the reading is (`start`, `pos`: the last token's extent)."""

    __slots__ = ("file", "number", "pos", "start", "text")

    def __init__(self, text: str, number: int, file: str):
        self.text, self.number, self.file, self.pos, self.start = text, number, file, 0, 0

    def at_end(self) -> bool:
        self.pos = _SPACE.match(self.text, self.pos).end()
        return self.pos >= len(self.text)

    def take(self, place: _Place) -> str | None:
        """The class of the token here (the keyword itself for a keyword), one that may stand at `place`, its
        extent left in `start` and `pos`; None for the end of the line, where `place` takes it; else a located
        error saying what `place` takes."""
        match = place.pattern.match(self.text, self.pos)
        if match is None:
            if self.at_end():
                self.fail(f"the line ends too early; expected {_SAY[place.say]}", len(self.text) + 1, 1)
            self.unexpected(place.say, place.keywords)
        index = match.lastindex
        kind = place.kinds[index]
        self.start, self.pos = match.span(index)
        if kind == "END":
            self.pos = match.end()
            return None
        if place.keywords and kind == "WORD":
            text = self.text[self.start:self.pos]
            if text in place.keywords:
                return text
            if not place.words:
                self.pos = self.start
                self.unexpected(place.say, place.keywords)
        return kind

    def next(self, place: _Place) -> Tok | None:
        """The token here as a Tok (`take`)."""
        kind = self.take(place)
        return None if kind is None else self.tok(kind, self.start, self.pos)

    def tok(self, kind: str, start: int, end: int) -> Tok:
        return Tok.make(self.text[start:end], kind, self.number, start + 1)

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
        text, kind = match.group(match.lastindex), _EVERY[match.lastindex - 1]
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
    """Each line that holds more than spaces and a comment, as a _Line at its first word (a CRLF line end is a
    line end)."""
    for number, raw in enumerate(text.split("\n"), 1):
        if raw[-1:] == "\r":
            raw = raw[:-1]
        word = raw.lstrip(" \t")
        if word and word[0] != "#":  # (what `at_end` reads, without a match per line)
            line = _Line(raw, number, file)
            line.pos = len(raw) - len(word)
            yield line


def _value(tok: Tok) -> Node:
    return Node(_VALUE_NODE.get(tok.type, "text"), [tok], tok)


_VALUE_NODE = {"INT": "number", "SIGNED": "number", "WORD": "word", "WORDS": "words", "AMOUNT": "amount"}


def _label(line: _Line) -> Node:
    tok = line.next(LABEL)
    return Node("label", [tok], tok)


def read_game(text: str, file: str) -> Node:
    """The whole notation file → a `start` node of header nodes and `player` nodes (each holding its `Row`s)."""
    children: list[Node] = []
    player: Node | None = None
    for line in _lines(text, file):
        if _PLAYER.match(line.text, line.pos) is not None:
            player = _player(line)
            children.append(player)
        elif player is not None:  # a row: most lines
            line.start = line.pos
            row = Row(line)
            player.children.append(row)
            player.meta.end_line, player.meta.end_column = row.meta.end_line, row.meta.end_column  # as Lark's
        else:
            kind = line.take(HEAD)
            children.append(_header(line, line.tok(kind, line.start, line.pos)))
    return Node("start", children)


def read_row(text: str, file: str) -> Row:
    """One pyramid row typed on its own (`orbis enter`) → a `row` node; nothing but comments may follow it."""
    lines = _lines(text, file)
    line = next(lines, None)
    if line is None or line.number != 1:
        _Line(text.split("\n", 1)[0], 1, file).fail(f"the line ends too early; expected {_SAY['tile']}", 1, 1)
    line.take(TILE)
    row = Row(line)
    extra = next(lines, None)
    if extra is not None:
        extra.fail("a row is one line: this one is one too many", extra.pos + 1, 1)
    return row


def _header(line: _Line, first: Tok) -> Node:
    if first.type == "game":
        tok = line.next(TITLE)
        node = Node("title" if tok.type == "STRING" else "game_id", [tok], first, tok)
    elif first.type == "variant":
        label = _label(line)
        node = Node("variant", [label], first, label)
    else:  # option
        name = line.next(OPTION)
        line.next(EQUALS)
        value = _value(line.next(VALUE))
        node = Node("option", [name, value], first, value)
    line.end()
    return node


def _player(line: _Line) -> Node:
    """`player LABEL [god LABEL [x|ok]] worshippers INT`, from the line's first word: children name, god, mark,
    worshippers (None where not given), then the rows as they are read. A line of one match (`_PLAYER_LINE`);
    any other, token by token, which says what is wrong."""
    found = _PLAYER_LINE.match(line.text, line.pos)
    if found is None:
        return _player_by_tokens(line, line.next(LINE_START))
    start, tok = line.pos, line.tok

    def label(at: int, end: int) -> Node:
        word = tok("STRING" if line.text[at] == '"' else "WORD", at, end)  # (a word never starts with a quote)
        return Node("label", [word], word)

    god = None if found.start(2) < 0 else label(*found.span(2))
    mark = None if found.start(3) < 0 else tok("MARK", *found.span(3))
    count = tok("INT", *found.span(4))
    return Node("player", [label(*found.span(1)), god, mark, count], tok("player", start, start + 6), count)


def _player_by_tokens(line: _Line, first: Tok) -> Node:
    name, god, mark = _label(line), None, None
    word = line.next(GOD)
    if word.type == "god":
        god = _label(line)
        word = line.next(MARK)
        if word.type == "MARK":
            mark, word = word, line.next(WORSHIPPERS)
    count = line.next(COUNT)
    line.end()
    return Node("player", [name, god, mark, count], first, count)


def _alternatives(names: tuple[str, ...], after_word: str = "") -> str:
    """The token classes `names` as one atomic alternation, in the grammar's order: as a place's pattern, the
    first class that matches is the token's, and no later one is tried (`after_word` follows a word)."""
    return "(?>" + "|".join(f"(?:{_TERMINALS[n]})" + (after_word if n == "WORD" else "")
                            for n in _TERMINALS if n in names) + ")"


# A whole tile, in one match, from the same token classes at the same places as the reading token by token
# (`_face_up`): `desert` (or `-`), or a colour (a word that is not `desert`), a kind, then values, marks and
# `name=value`s (the name a word), then a `|` (group 2) or the end of the line. Group 1 is the tile's text.
# Each token is atomic and each repetition possessive, so no token is read otherwise than the place's own
# pattern reads it, and whatever this refuses, the reading token by token says why.
_SPACES = "[\t ]*+"
_DESERT = _alternatives(("DESERT",))
_NAMED_VALUE = f"(?:{_SPACES}={_SPACES}{_alternatives(_VALUE)})?+"
_TILE = re.compile(
    f"{_SPACES}({_DESERT}|(?!{_DESERT}){_alternatives(('WORD',))}{_SPACES}{_alternatives(('WORD',))}"
    f"(?:{_SPACES}{_alternatives(('MARK', *_VALUE), _NAMED_VALUE)})*+)"
    f"{_SPACES}(?:(\\|)|(?:#.*)?$)")


def _keyword(word: str) -> str:
    """A keyword where a place takes it: a word (WORD, the longest) that is the keyword itself."""
    return f"{_SPACES}{word}(?![a-zA-Z0-9_])"


# A whole player line, in one match, from the places `_player_by_tokens` reads at, in its order: the keyword
# `player` (at the line's first word), a name (group 1), then `god` and the god's name (group 2) and a mark
# (group 3), or not, then `worshippers` and their number (group 4) and the end of the line.
_LABEL_TOKEN = f"{_SPACES}({_alternatives(('WORD', 'STRING'))})"
_PLAYER_LINE = re.compile(
    f"player(?![a-zA-Z0-9_]){_LABEL_TOKEN}"
    f"(?:{_keyword('god')}{_LABEL_TOKEN}(?:{_SPACES}({_alternatives(('MARK',))}))?+)?+"
    f"{_keyword('worshippers')}{_SPACES}({_alternatives(('INT',))}){_SPACES}(?:#.*)?$")


class Row(Node):
    """`tile ("|" tile)*` to the end of the line: each tile `desert` or `-`, or a colour, a kind and its items.
    A row is read a tile a match (`_TILE`), to `spans`, each tile's extent from its first token to its last, and
    `texts`, its text as read there (which reads the same wherever it stands: no token's pattern looks past the
    spaces, `|` or `#` after it). A tile's tokens are read one by one (`tokens`) only where its nodes are asked
    for (`children`, `tile`), or where the match fails: there the rest of the row is read token by token, which
    says what is wrong (a match fails only where the reading token by token does)."""

    __slots__ = ("_children", "_tokens", "line", "matched", "spans")

    def __init__(self, line: _Line):
        """The row from the start of the line's first token (`line.start`)."""
        self.data, self.line, self._children, self._tokens = "row", line, None, {}
        text, pos, match = line.text, line.start, _TILE.match
        self.spans = spans = []
        while True:
            found = match(text, pos)
            if found is None:
                self.matched = len(spans)  # (the tiles read by the match)
                self._walk(pos)
                break
            spans.append(found.span(1))
            if found.lastindex != 2:  # (the end of the line, not a `|`)
                self.matched = len(spans)
                break
            pos = found.end()
        number = line.number
        self.meta = meta = Meta.__new__(Meta)
        meta.line, meta.column, meta.end_line, meta.end_column = number, spans[0][0] + 1, number, spans[-1][1] + 1

    def _walk(self, pos: int) -> None:
        """The tiles from `pos` to the end of the line, read token by token."""
        line = self.line
        line.pos = pos
        while True:
            tokens, more = _read_tile(line)
            self._tokens[len(self.spans)] = tokens
            self.spans.append((tokens[0][1], tokens[-1][2]))
            if not more:
                return

    @property
    def texts(self) -> list[str]:
        text = self.line.text
        return [text[start:end] for start, end in self.spans]

    def tokens(self, i: int) -> list[tuple[str, int, int]]:
        """Tile `i`'s tokens as (class, start, end) in the line, the word before a `=` as the class NAME (the `=`
        itself left out)."""
        tokens = self._tokens.get(i)
        if tokens is None:
            self.line.pos = self.spans[i][0]
            tokens = self._tokens[i] = _read_tile(self.line)[0]
        return tokens

    @property
    def children(self) -> list[Node]:
        if self._children is None:
            self._children = [self.tile(i) for i in range(len(self.spans))]
        return self._children

    def tile(self, i: int) -> Node:
        """Tile `i`'s node."""
        if self._children is not None:
            return self._children[i]
        return _tile_node(self.line, self.tokens(i))


def _read_tile(line: _Line) -> tuple[list, bool]:
    """The tile from `line.pos`, token by token: its tokens, and whether a `|` follows it."""
    kind = line.take(TILE)
    tokens = [(kind, line.start, line.pos)]
    if kind == "DESERT":
        return tokens, line.take(AFTER_DESERT) is not None
    return tokens, _face_up(line, tokens)


def _face_up(line: _Line, tokens: list) -> bool:
    """A tile's kind, then values, `name=value`s and marks, up to a `|` (True) or the end of the line (False),
    each token's extent put in `tokens` (after the colour's)."""
    take = line.take
    take(KIND)
    tokens.append(("WORD", line.start, line.pos))
    place = ITEM
    while True:
        kind = take(place)
        if kind is None or kind == "|":
            return kind is not None
        if kind == "=":
            tokens[-1] = ("NAME", *tokens[-1][1:])  # the word before it names the value after it
            kind, place = take(VALUE), ITEM
        else:
            place = NAMED if kind == "WORD" else ITEM  # a word may be the name of a `name=value`
        tokens.append((kind, line.start, line.pos))


def _tile_node(line: _Line, tokens: list) -> Node:
    """A tile's tokens (Row.tokens) → its node, as game.lark's tree has it: `desert`, or `face_up` of the colour
    and kind tokens, then a node per value (`number`, `word`, …), a `named` per name=value, a token per mark."""
    tok = line.tok
    colour = tok(*tokens[0])
    if colour.type == "DESERT":
        return Node("desert", [colour], colour)
    children: list = [colour, tok(*tokens[1])]
    name = None
    for kind, start, end in tokens[2:]:
        if kind == "NAME":
            name = tok("WORD", start, end)
            continue
        item = tok(kind, start, end)
        if kind != "MARK":
            item = _value(item)
        if name is not None:
            item, name = Node("named", [name, item], name, item), None
        children.append(item)
    return Node("face_up", children, colour, children[-1])
