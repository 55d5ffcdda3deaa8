"""A quick reader for game notation that is written the ordinary way (grammar/game.lark).

The notation's parser (a standalone Lark LALR parser in generated/) builds a token and a tree node with its
position for every word, and then the document is built from the tree: reading a text game took eight times as
long as reading the same game in JSON, and loading the parser a good part of a cold start. Most files are
written plainly, and this reads those line by line straight into the `orbis-game/1` document that
notation_build.Builder would build.

It decides nothing it is not sure of. Whenever a line is not plainly one of the notation's lines (a word that
the grammar's lexer could split or read otherwise: one starting with `x`, `ok`, `desert`, `-` or a digit where a
word is expected, a keyword used as a name, a quoted string where one is unusual, a lone `\\r`), or whenever the
builder would say something (a value given twice, a row too many, a `|` left out), it answers None, and read_text
reads the file with the parser, which reports every mistake with its line and column. A document it does build that the
record reader then finds fault with is also read again by the parser, for the located messages. So it never
needs positions. tests/records/test_notation_quick.py holds it to the parser's reading, on written games and on
mangled ones.
"""

from __future__ import annotations

import re
from itertools import pairwise

from orbis_dsl.language.syntax.literals import BadToken, number, unquote
from orbis_dsl.records.orbis_json import FORMAT
from orbis_dsl.runtime.rules import Rules

# What a line splits into: quoted strings (which may hold anything), the two punctuation marks, a comment (the
# rest of the line), and runs of anything else. Only spaces and tabs fall between tokens, as in the grammar (any
# other space stays inside a run, which then reads as no word).
_TOKEN = re.compile(r'"[^"\\\n]*(?:\\.[^"\\\n]*)*"|[|=]|#.*|[^ \t|="#]+|"')
_WORD = re.compile(r"[a-zA-Z_][a-zA-Z0-9_]*")  # a word no higher-priority terminal could take a piece of
_LABEL = re.compile(r"[a-zA-Z0-9_]+")
_INT = re.compile(r"[0-9]+")
_SIGNED = re.compile(r"-[0-9]+")
_AMOUNT = re.compile(r"([0-9]+)([a-zA-Z]+)")
_WORDS = re.compile(r"[a-zA-Z][a-zA-Z0-9_]*(?:/[a-zA-Z][a-zA-Z0-9_]*)+")
_KEYWORDS = frozenset({"game", "variant", "option", "player", "god", "worshippers"})
# Prefixes of terminals with a higher priority than WORD (MARK, DESERT, in any letter case): where the lexer could
# cut a word, or take it whole for the mark, the parser decides.
_CUT = ("x", "ok", "desert")
_MARKS = ("x", "ok")


class _Unsure(Exception):
    """The line is not plainly what it seems: leave the file to the parser."""


def quick_document(text: str, rules: Rules) -> dict | None:
    """The document notation_build.Builder would build from `text`, or None when the parser must read it."""
    if "\r" in text:
        text = text.replace("\r\n", "\n")  # a file saved on Windows; a lone \r the parser refuses
        if "\r" in text:
            return None
    if '"' in text and "\\" in text:  # escapes in a quoted string: the parser says which are wrong
        return None
    try:
        return _Document(rules).read(text)
    except (_Unsure, BadToken):
        return None


class _Document:
    def __init__(self, rules: Rules):
        self.rules = rules
        self.known = _known_tiles(rules)
        self.kind_words = {name.lower() for name in rules.kinds}
        self.height = len(rules.board.rows)
        self.doc: dict = {"format": FORMAT}
        self.players: list[dict] = []
        self.rows: list[list] | None = None  # the rows of the player being read, top row first

    def read(self, text: str) -> dict:
        for line in text.split("\n"):
            tokens = _TOKEN.findall(line)
            if tokens and tokens[-1][0] == "#":
                tokens.pop()
            if tokens:
                self.line(tokens)
        self.close_player()
        self.doc["players"] = self.players
        return self.doc

    def line(self, tokens: list[str]) -> None:
        first = tokens[0]
        if first == "player":
            self.close_player()
            self.player(tokens)
        elif self.rows is not None:
            if first in _KEYWORDS:
                raise _Unsure  # a header after a player, or a keyword where a tile should be
            self.rows.append(self.row(tokens))
        elif first == "game" and len(tokens) == 2 and "title" not in self.doc:
            self.doc["title"] = _text(tokens[1])
        elif first == "variant" and len(tokens) == 2 and "variant" not in self.doc:
            self.doc["variant"] = _label(tokens[1])
        elif first == "option" and len(tokens) == 4 and tokens[2] == "=":
            name, value = _word(tokens[1]), _option_value(tokens[3])
            options = self.doc.setdefault("options", {})
            if name in options:
                raise _Unsure
            options[name] = value
        else:
            raise _Unsure

    def player(self, tokens: list[str]) -> None:
        # player LABEL [god LABEL [x|ok]] worshippers INT
        player: dict = {"name": _label(tokens[1]) if len(tokens) > 1 else _fail()}
        rest = tokens[2:]
        if rest[:1] == ["god"] and len(rest) >= 2:
            player["god"] = _label(rest[1])
            rest = rest[2:]
            if rest[:1] and rest[0].lower() in _MARKS:
                if rest[0].lower() == "x":
                    player["god_cancelled"] = True
                rest = rest[1:]
        if len(rest) != 2 or rest[0] != "worshippers" or not _INT.fullmatch(rest[1]):
            raise _Unsure
        player["worshippers"] = number(rest[1])
        self.players.append(player)
        self.rows = []

    def close_player(self) -> None:
        if self.rows is None:
            return
        if len(self.rows) > self.height:
            raise _Unsure  # the builder says which line is one too many
        self.players[-1]["pyramid"] = list(reversed(self.rows))
        self.rows = None

    def row(self, tokens: list[str]) -> list[dict]:
        tiles, start = [], 0
        for i, token in enumerate([*tokens, "|"]):
            if token == "|":
                if i == start:
                    raise _Unsure  # an empty tile
                tiles.append(self.known_tile(tuple(tokens[start:i])))
                start = i + 1
        return tiles

    def known_tile(self, tokens: tuple[str, ...]) -> dict:
        """A game shows the same few dozen printed tiles over and over: each way of writing one is read once."""
        tile = self.known.get(tokens)
        if tile is None:
            tile = self.tile(tokens)
            if len(self.known) >= _KNOWN_LIMIT:
                self.known.clear()
            self.known[tokens] = tile
        return {**tile}  # a copy: the document is the caller's

    def tile(self, tokens: tuple[str, ...]) -> dict:
        if tokens[0] == "-" or tokens[0].lower() == "desert":
            if len(tokens) != 1:
                raise _Unsure
            return {"desert": True}
        if len(tokens) < 2:
            raise _Unsure
        colour, kind_name = _word(tokens[0]), _word(tokens[1])
        tile: dict = {"kind": kind_name, "color": colour}
        kind = self.rules.kinds.get(kind_name)
        if kind is None:
            raise _Unsure  # the record reader will refuse it: let the parser place the message
        positional = list(kind.declared)
        items, i = tokens[2:], 0
        if any(b.lower() in self.kind_words and self.rules.canonical_color(a.lower()) for a, b in pairwise(items)):
            raise _Unsure  # a colour and a kind: a `|` left out, which the builder says
        while i < len(items):
            item = items[i]
            if item.lower() in _MARKS:
                tile["cancelled"] = item.lower() == "x"
                i += 1
            elif i + 2 < len(items) and items[i + 1] == "=":
                name = _word(item)
                if name in tile:
                    raise _Unsure  # given twice: the builder says so
                tile[name] = _value(items[i + 2], kind.param(name))
                i += 3
            else:
                while positional and positional[0] in tile:
                    positional.pop(0)
                if not positional:
                    raise _Unsure  # one value too many: the builder says so
                name = positional.pop(0)
                tile[name] = _value(item, kind.param(name))
                i += 1
        return tile


# Tiles already read, by the tokens they were written with, per rule set (a kind decides how a value reads). Values
# are strings, numbers and lists nobody changes; the limit keeps a long batch of odd files from growing it.
_KNOWN_LIMIT = 4096
_KNOWN: dict[int, tuple[Rules, dict]] = {}


def _known_tiles(rules: Rules) -> dict:
    entry = _KNOWN.get(id(rules))
    if entry is None or entry[0] is not rules:
        if len(_KNOWN) >= 16:
            _KNOWN.clear()
        entry = _KNOWN[id(rules)] = (rules, {})
    return entry[1]


def _fail():
    raise _Unsure


def _word(token: str) -> str:
    if not _WORD.fullmatch(token) or token in _KEYWORDS or token.lower().startswith(_CUT):
        raise _Unsure
    return token


def _label(token: str) -> str:
    """A name: a word, or a quoted string. (Names like `4p` are words to the parser, which expects nothing
    else there; a keyword is not.)"""
    if token[0] == '"':
        return _text(token)
    if not _LABEL.fullmatch(token) or token in _KEYWORDS:
        raise _Unsure
    return token


def _text(token: str) -> str:
    if len(token) < 2 or token[0] != '"' or token[-1] != '"':
        raise _Unsure
    return unquote(token)


def _option_value(token: str):
    if _INT.fullmatch(token) or _SIGNED.fullmatch(token):
        return number(token)
    if token[0] == '"':
        return _text(token)
    word = _word(token)
    return word == "true" if word in ("true", "false") else word


def _value(token: str, spec):
    """notation_build.Builder.value, for the tokens this reader is sure of."""
    if _INT.fullmatch(token) or _SIGNED.fullmatch(token):
        return number(token)
    if token[0] == '"':
        return _text(token)
    amount = _AMOUNT.fullmatch(token)
    if amount:
        if spec is not None and spec.type != "amount":
            return token
        return f"{amount.group(1)} {amount.group(2)}"
    if _WORDS.fullmatch(token):
        if token.lower().startswith(_CUT):
            raise _Unsure
        return token.split("/")
    if token[0].isdigit():
        raise _Unsure  # digits then something the lexer would cut
    text = _word(token)
    if spec is not None and spec.type == "colors":
        return [text]
    if spec is not None and spec.type == "bool" and text in ("true", "false"):
        return text == "true"
    return text
